// Seeded test data at the sanitizer preset's -O0: test bodies there pay for every call.
#pragma once

#include <cstdint>

namespace opsim::testing {

// SplitMix64: one call a draw, where std::mt19937_64 and its distributions make about ten at
// the sanitizer preset's -O0 (half of a sweep's time there).
inline uint64_t NextRandom(uint64_t* state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace opsim::testing
