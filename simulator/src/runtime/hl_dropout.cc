// The high-level DropOut (lib/filter/dropout.h) as the 910B's implementation computes it. The
// factor is T(1.0f / keepProb). Byte modes: the mask byte cast to T times src, then times the
// factor, each product rounded in T (the chip multiplies by the byte: a 0 byte keeps the sign of
// src and turns an infinity into NaN). Bit modes: Select by bit e % 8 of byte e / 8 (least
// significant first, as Select reads it) between src and 0, then times the factor. The
// misaligned modes first pack each mask row's valid bytes (srcLastAxis bytes, or srcLastAxis / 8
// in bit mode) to the front of maskLocal, in place, as the chip's GatherMask does. Mode 0 infers
// the mode from DropOutShapeInfo as CANN's DropOutImpl. Documented rules are faults.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_dropout.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace dropout_impl {

constexpr uint32_t kMinTmp = 512;  // GetDropOutMinTmpSize: two 256-byte repeats
constexpr uint32_t kBlock = 32;

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "DropOut", message);
}

std::string U(uint64_t v) { return std::to_string(v); }

uint32_t ModeOf(const DropOutCall& c) {
  if (c.mode != 0) return c.mode;
  const AscendC::DropOutShapeInfo& i = c.info;
  if (i.srcLastAxis < i.maskLastAxis) return AscendC::DROPOUT_MODE_BYTE_MISALIGN;
  if (i.srcLastAxis == i.maskLastAxis) return AscendC::DROPOUT_MODE_BYTE_ALIGN;
  if (uint64_t{i.srcLastAxis} == uint64_t{i.maskLastAxis} * 8) {
    return AscendC::DROPOUT_MODE_BIT_ALIGN;
  }
  return AscendC::DROPOUT_MODE_BIT_MISALIGN;
}

// The rules CANN documents and checks, and the misaligned modes' GatherMask needs: each mask row
// whole 32-byte blocks (its repeat stride) with an even count of valid bytes.
void CheckArgs(const DropOutCall& c, uint32_t mode) {
  const AscendC::DropOutShapeInfo& i = c.info;
  if (!(c.keep_prob > 0.0f && c.keep_prob < 1.0f)) {
    Fail("keepProb " + std::to_string(c.keep_prob) + " must be in (0, 1)");
  }
  if (i.firstAxis == 0 || i.srcLastAxis == 0 || i.maskLastAxis == 0) {
    Fail("info.firstAxis " + U(i.firstAxis) + ", srcLastAxis " + U(i.srcLastAxis) +
         " and maskLastAxis " + U(i.maskLastAxis) + " must all be above 0");
  }
  if ((c.mode == 1 || c.mode == 4) && i.maskLastAxis % 2 != 0) {
    Fail("info.maskLastAxis " + U(i.maskLastAxis) + " must be even when dropOutMode is " +
         U(c.mode));
  }
  if (c.tmp != nullptr && c.tmp->bytes < kMinTmp) {
    Fail("sharedTmpBuffer holds " + U(c.tmp->bytes) + " bytes; DropOut needs at least " +
         U(kMinTmp) + " (the minimum GetDropOutMaxMinTmpSize gives)");
  }
  const bool bit =
      mode == AscendC::DROPOUT_MODE_BIT_ALIGN || mode == AscendC::DROPOUT_MODE_BIT_MISALIGN;
  const bool misaligned =
      mode == AscendC::DROPOUT_MODE_BYTE_MISALIGN || mode == AscendC::DROPOUT_MODE_BIT_MISALIGN;
  if (!misaligned) return;
  if (bit && i.srcLastAxis % 16 != 0) {
    Fail("bit mode with a padded mask: info.srcLastAxis " + U(i.srcLastAxis) +
         " must be a multiple of 16 (an even count of valid mask bytes)");
  }
  if (!bit && i.srcLastAxis % 2 != 0) {
    Fail("byte mode with a padded mask: info.srcLastAxis " + U(i.srcLastAxis) +
         " must be even (an even count of valid mask bytes)");
  }
  const uint32_t valid = bit ? i.srcLastAxis / 8 : i.srcLastAxis;
  if (i.maskLastAxis % kBlock != 0 || valid > i.maskLastAxis) {
    Fail("with a padded mask, info.maskLastAxis " + U(i.maskLastAxis) +
         " must be whole 32-byte blocks holding the row's " + U(valid) + " valid bytes");
  }
}

double LoadT(bool is_float, const uint8_t* p) {
  if (is_float) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  uint16_t bits;
  std::memcpy(&bits, p, 2);
  return static_cast<float>(opsim::Half::FromBits(bits));
}

// One product in T: float, or rounded to half.
float MulT(bool is_float, float a, float b) {
  const float p = a * b;
  return is_float ? p : static_cast<float>(opsim::Half(p));
}

void StoreT(bool is_float, uint8_t* p, float v) {
  if (is_float) {
    std::memcpy(p, &v, 4);
  } else {
    const uint16_t bits = opsim::Half(v).bits();
    std::memcpy(p, &bits, 2);
  }
}

void Run(const DropOutCall& c) {
  const uint32_t mode = ModeOf(c);
  CheckArgs(c, mode);
  const AscendC::DropOutShapeInfo& i = c.info;
  const bool bit =
      mode == AscendC::DROPOUT_MODE_BIT_ALIGN || mode == AscendC::DROPOUT_MODE_BIT_MISALIGN;
  const bool misaligned =
      mode == AscendC::DROPOUT_MODE_BYTE_MISALIGN || mode == AscendC::DROPOUT_MODE_BIT_MISALIGN;
  const uint64_t count = uint64_t{i.firstAxis} * i.srcLastAxis;
  const uint32_t tb = c.is_float ? 4 : 2;
  const uint64_t packed = bit ? (count + 7) / 8 : count;  // mask bytes the select/multiply read
  const uint64_t mask_bytes = misaligned ? uint64_t{i.firstAxis} * i.maskLastAxis : packed;
  const detail::UbRef srcs[2] = {*c.src, *c.mask};
  const uint64_t src_bytes[2] = {count * tb, mask_bytes};
  const float factor =
      c.is_float ? 1.0f / c.keep_prob : static_cast<float>(opsim::Half(1.0f / c.keep_prob));
  detail::VectorPasses passes;
  passes.passes = (bit ? 2 : (c.is_float ? 4 : 3)) + (misaligned ? 1 : 0);
  if (c.tmp != nullptr) {
    passes.work = c.tmp;
    passes.work_bytes = kMinTmp;
  }
  detail::VectorOpLanes(
      "DropOut", *c.dst, count * tb, srcs, src_bytes, 2, 0,
      [&] {
        if (misaligned) {  // pack the rows' valid bytes in place, front to back
          const uint32_t valid = bit ? i.srcLastAxis / 8 : i.srcLastAxis;
          for (uint32_t r = 1; r < i.firstAxis; ++r) {
            std::memmove(c.mask->ptr + uint64_t{r} * valid,
                         c.mask->ptr + uint64_t{r} * i.maskLastAxis, valid);
          }
        }
        for (uint64_t e = 0; e < count; ++e) {
          const float x = static_cast<float>(LoadT(c.is_float, c.src->ptr + e * tb));
          float v;
          if (bit) {
            v = ((c.mask->ptr[e / 8] >> (e % 8)) & 1u) ? x : 0.0f;
          } else {
            v = MulT(c.is_float, static_cast<float>(c.mask->ptr[e]), x);
          }
          StoreT(c.is_float, c.dst->ptr + e * tb, MulT(c.is_float, v, factor));
        }
      },
      passes);
}

}  // namespace dropout_impl

void RunDropOut(const DropOutCall& call) { dropout_impl::Run(call); }

}  // namespace opsim::sim::hl
