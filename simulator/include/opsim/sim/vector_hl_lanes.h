// The high-level math and activation APIs (hl_math.h) of float and half on Highway lanes: the
// runtime's per-element model (double, rounded to float32, then to the element type) computed on
// double lanes, bit for bit the model's result. Where Highway's double functions are only near
// the C library's (a few double ulps), a lane whose float32 rounding a band 2^-36 wide around the
// value could change is handed back to the caller, which computes it with the model; so are lanes
// with a NaN or infinite operand and arguments outside a function's range. Exp, Log, Log2, Log10,
// Tanh, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh, Power, Erf, Erfc and the
// activations with an exp (Sigmoid, Silu, Swish, FasterGelu, Gelu, SwiGLU, GeGLU) of float compute
// in float32 (some steps in double) instead, within a stated bound of the exact value
// (docs/ASCENDC.md), the same bits on every target. Also the normalisations' row pass
// (HlRowAffine). Internal to the simulator (simulator/src/runtime/hl_math.cc, hl_norm.cc,
// hl_groupnorm.cc, hl_batchnorm.cc).
#pragma once

#include <cstddef>
#include <cstdint>

namespace opsim::sim::vec {

struct HlLanesCall {
  uint8_t api;       // an opsim::sim::hl::MathApi
  bool half;         // the element type of dst and the sources: half, else float
  bool src_half;     // Axpy's src: half into a float dst
  bool scalar_left;  // the scalar is the left operand (Power's scalar-tensor form)
  void* dst;         // Axpy also reads it
  const void* a;     // src0
  const void* b;     // the second tensor, or null (then the scalar is the second operand)
  double scalar;     // the scalar operand, or a parameter (Swish's and SwiGLU's beta)
};

// Lanes the caller finishes with the model: element index, its operand x (src0) and y (the
// second operand; Axpy: dst's old value), saved before dst was written (dst may be src).
struct HlLeftLanes {
  uint32_t* index;
  double* x;
  double* y;
};

// Whether HlMathLanes computes `api` (the others stay with the caller's per-element loop).
bool HlLanesSupport(uint8_t api);

// Computes elements [0, n) of the call; returns how many lanes it left in `left` (at most n).
size_t HlMathLanes(const HlLanesCall& call, size_t n, const HlLeftLanes& left);

// One pass of the normalisation APIs over `rows` rows of `h` float32 columns (stride h):
// dst[r, j] = ((x[r, j] - sub) op scale) * gamma + beta, op Mul (or Div when `divide`), each
// step a float32 rounding in that order. Each operand is one value per row (p[r]) or per column
// (p[j]); a null pointer skips its step. dst may be x.
struct HlRowOperand {
  const float* p;
  bool per_column;
};
struct HlRowAffineCall {
  float* dst;
  const float* x;
  size_t rows, h;
  HlRowOperand sub, scale, gamma, beta;
  bool divide;
};
void HlRowAffine(const HlRowAffineCall& call);

}  // namespace opsim::sim::vec
