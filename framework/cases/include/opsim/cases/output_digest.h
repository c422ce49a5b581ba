// A fingerprint of an output's bytes, so that two runs (checked and unchecked, with and without
// copy elision, before and after a change) can be compared bit for bit without keeping the
// outputs: FNV-1a 64 (http://www.isthe.com/chongo/tech/comp/fnv/), written as 16 hex digits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace opsim::cases {

// FNV-1a 64 over exactly `size` bytes (a tensor's dataSize, never its device padding).
uint64_t Fnv1a64(const uint8_t* data, size_t size);

// 16 lowercase hex digits, leading zeros kept: what the JSON report holds.
std::string DigestHex(uint64_t digest);

}  // namespace opsim::cases
