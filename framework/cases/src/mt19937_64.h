// std::mt19937_64's sequence, which the standard fixes ([rand.predef]: the 10000th output of a
// default-seeded engine is 9981545732273789042), so case data keeps its bytes. libstdc++
// regenerates its state with a loop GCC does not vectorise; the suites draw tens of millions
// of numbers, and that loop was a tenth of a suite's CPU (docs/PERFORMANCE.md, session 29).
// Here each half of the regeneration is a loop of independent steps, which vectorises.
#pragma once

#include <cstddef>
#include <cstdint>

namespace opsim::cases {

class Mt19937_64 {
 public:
  explicit Mt19937_64(uint64_t seed) {
    state_[0] = seed;
    for (size_t i = 1; i < kN; ++i) {
      state_[i] = 6364136223846793005ull * (state_[i - 1] ^ (state_[i - 1] >> 62)) + i;
    }
  }

  uint64_t operator()() {
    if (next_ == kN) Regenerate();
    uint64_t y = state_[next_++];
    y ^= (y >> 29) & 0x5555555555555555ull;
    y ^= (y << 17) & 0x71D67FFFEDA60000ull;
    y ^= (y << 37) & 0xFFF7EEE000000000ull;
    return y ^ (y >> 43);
  }

 private:
  static constexpr size_t kN = 312;
  static constexpr size_t kM = 156;
  static constexpr uint64_t kUpper = ~0ull << 31;
  static constexpr uint64_t kMatrixA = 0xB5026F5AA96619E9ull;

  static uint64_t Step(uint64_t word, uint64_t next_word, uint64_t far_word) {
    const uint64_t y = (word & kUpper) | (next_word & ~kUpper);
    return far_word ^ (y >> 1) ^ ((0 - (y & 1)) & kMatrixA);
  }

  // The first loop reads only words it has not written yet; the second reads the first's.
  void Regenerate() {
    for (size_t k = 0; k < kN - kM; ++k) state_[k] = Step(state_[k], state_[k + 1], state_[k + kM]);
    for (size_t k = kN - kM; k < kN - 1; ++k) {
      state_[k] = Step(state_[k], state_[k + 1], state_[k + kM - kN]);
    }
    state_[kN - 1] = Step(state_[kN - 1], state_[0], state_[kM - 1]);
    next_ = 0;
  }

  uint64_t state_[kN];
  size_t next_ = kN;
};

}  // namespace opsim::cases
