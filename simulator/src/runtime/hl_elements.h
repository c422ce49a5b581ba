// Elements of the high-level APIs' operands as the per-element models read and write them: one
// definition for the math, SoftMax, norm and CumSum families.
#pragma once

#include <cstdint>
#include <cstring>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_math.h"

namespace opsim::sim::hl {

inline uint32_t ElemBytes(ElemType t) {
  return (t == ElemType::kFloat || t == ElemType::kInt32) ? 4u : 2u;
}

inline double Load(ElemType t, const uint8_t* p) {
  switch (t) {
    case ElemType::kHalf: {
      uint16_t bits;
      std::memcpy(&bits, p, 2);
      return static_cast<float>(opsim::Half::FromBits(bits));
    }
    case ElemType::kFloat: {
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ElemType::kInt32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ElemType::kInt16: {
      int16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case ElemType::kUInt16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
  }
  return 0;
}

// A float result: rounded to float32 (the chip's datapath), then to half.
inline void Store(ElemType t, uint8_t* p, double v) {
  const float f = static_cast<float>(v);
  if (t == ElemType::kHalf) {
    const uint16_t bits = opsim::Half(f).bits();
    std::memcpy(p, &bits, 2);
  } else if (t == ElemType::kFloat) {
    std::memcpy(p, &f, 4);
  }
}

}  // namespace opsim::sim::hl
