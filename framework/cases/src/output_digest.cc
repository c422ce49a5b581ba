#include "opsim/cases/output_digest.h"

#include <cstdio>

namespace opsim::cases {

uint64_t Fnv1a64(const uint8_t* data, size_t size) {
  constexpr uint64_t kOffsetBasis = 0xcbf29ce484222325ull;
  constexpr uint64_t kPrime = 0x100000001b3ull;
  uint64_t h = kOffsetBasis;
  for (size_t i = 0; i < size; ++i) {
    h ^= data[i];
    h *= kPrime;
  }
  return h;
}

std::string DigestHex(uint64_t digest) {
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(digest));
  return buf;
}

}  // namespace opsim::cases
