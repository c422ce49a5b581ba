// The high-level math APIs' per-element models and their table: the temporary buffer CANN's
// host helper asks for and the vector passes charged (hl_math.cc).
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/hl_math.h"

namespace opsim::sim::hl {

struct MathSpec {
  const char* name;
  // Minimum sharedTmpBuffer, in units of `tmp_unit` bytes, per element type (CANN's
  // Get<Api>MaxMinTmpSize minimum on the 910B); float_reuse applies with isReuseSource.
  uint16_t tmp_half, tmp_float, tmp_float_reuse, tmp_int;
  uint16_t tmp_unit;
  // Vector passes of the chip's implementation over the data for float (half adds its two
  // casts): an estimate, docs/ASCENDC.md.
  uint16_t passes;
};

const MathSpec& SpecOf(MathApi api);

// The minimum sharedTmpBuffer in bytes for a call (Power's depends on its form).
uint32_t MinTmpBytes(MathApi api, ElemType type, bool reuse, ScalarAt at);

// One element in double: x (and y, the second operand or the scalar; s, a parameter such as
// SwiGLU's beta) -> result.
double Model(MathApi api, double x, double y, double s);
// The activation APIs' part of Model (hl_activation_model.cc).
double ActivationModel(MathApi api, double x, double y, double s);
// Xor, Power on int32: integer results.
int64_t IntModel(MathApi api, int64_t x, int64_t y);

}  // namespace opsim::sim::hl
