// The float32 work space of the normalisation APIs' vector passes (hl_norm.cc, hl_groupnorm.cc,
// hl_batchnorm.cc): pieces of one per-thread buffer, and the operands as float32.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "opsim/sim/vector_unit.h"
#include "runtime/hl_elements.h"

namespace opsim::sim::hl {

// `Take` hands out consecutive pieces of one per-thread buffer of `floats` floats (one
// thread_local for every API: the library's static TLS block must stay small, see
// simulator/CMakeLists.txt).
class NormWork {
 public:
  explicit NormWork(size_t floats) { Buffer().resize(floats); }
  float* Take(size_t count) {
    float* p = Buffer().data() + used_;
    used_ += count;
    return p;
  }

 private:
  static std::vector<float>& Buffer() {
    thread_local std::vector<float> tls;
    return tls;
  }
  size_t used_ = 0;
};

// n elements of an operand as float32: a float one in place, a half one widened into the work
// space (the chip's half path casts to float32 first).
inline const float* NormAsFloat(ElemType t, const uint8_t* p, size_t n, NormWork& work) {
  if (t == ElemType::kFloat) return reinterpret_cast<const float*>(p);
  float* const out = work.Take(n);
  vec::Cast(DType::kFloat32, out, DType::kFloat16, p, vec::Round::kNone, n);
  return out;
}

// Writes the float32 rows y (n elements) to dst of type t: in place for float (y is dst), one
// narrowing for half.
inline void NormStoreRows(ElemType t, uint8_t* dst, const float* y, size_t n) {
  if (t != ElemType::kFloat) {
    vec::Cast(DType::kFloat16, dst, DType::kFloat32, y, vec::Round::kNone, n);
  }
}

// Where the float32 output rows go: dst itself for float, the work space for half.
inline float* NormOutRows(ElemType t, uint8_t* dst, size_t n, NormWork& work) {
  return t == ElemType::kFloat ? reinterpret_cast<float*>(dst) : work.Take(n);
}

}  // namespace opsim::sim::hl
