// The high-level Select with a byte mask (lib/select/selectwithbytesmask.h) as the 910B's
// implementation computes it: each mask element is cast to half (a 4-byte mask reinterpreted as
// float, so its sign bit alone still reads as 0) and compared with 0; a 0 takes the tensor (the
// scalar in the scalar-first form), anything else the other. Rows of a longer mask are first
// packed to the source's length, in place when isReuseMask (the chip's GatherMask), else into
// sharedTmpBuffer. Documented rules and CANN's minimum sharedTmpBuffer are faults.
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_select.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace select_bytes_mask_impl {

constexpr uint32_t kMinTmp = 1024;  // CANN's MIN_REQUIRED_BUFFER
constexpr uint32_t kBlock = 32;

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "Select", message);
}

std::string U(uint64_t v) { return std::to_string(v); }

uint64_t AlignBlock(uint64_t bytes) { return (bytes + kBlock - 1) / kBlock * kBlock; }

// The bytes of sharedTmpBuffer the call needs: CANN's kernel asserts these.
uint64_t NeededTmp(const SelectBytesMaskCall& c) {
  const bool packs_to_tmp = !c.reuse_mask && c.info.srcLastAxis != c.info.maskLastAxis;
  return kMinTmp + (packs_to_tmp ? AlignBlock(c.src_elements * c.mask_size) : 0);
}

void CheckArgs(const SelectBytesMaskCall& c) {
  const AscendC::SelectWithBytesMaskShapeInfo& i = c.info;
  const uint32_t tb = c.is_float ? 4 : 2;
  if (c.src_elements != uint64_t{i.firstAxis} * i.srcLastAxis) {
    Fail("info.firstAxis * info.srcLastAxis is " + U(uint64_t{i.firstAxis} * i.srcLastAxis) +
         "; it must equal the source tensor's size " + U(c.src_elements));
  }
  if (c.mask_elements != uint64_t{i.firstAxis} * i.maskLastAxis) {
    Fail("info.firstAxis * info.maskLastAxis is " + U(uint64_t{i.firstAxis} * i.maskLastAxis) +
         "; it must equal the mask tensor's size " + U(c.mask_elements));
  }
  if (i.maskLastAxis < i.srcLastAxis) {
    Fail("info.maskLastAxis " + U(i.maskLastAxis) + " must be at least info.srcLastAxis " +
         U(i.srcLastAxis));
  }
  if (uint64_t{i.maskLastAxis} * c.mask_size % kBlock != 0 || i.maskLastAxis % 16 != 0) {
    Fail("info.maskLastAxis " + U(i.maskLastAxis) + " (" + U(c.mask_size) +
         "-byte elements) must be a multiple of 16 elements and of 32 bytes");
  }
  if (uint64_t{i.srcLastAxis} * tb % kBlock != 0) {
    Fail("info.srcLastAxis " + U(i.srcLastAxis) + " (" + U(tb) +
         "-byte elements) must be a multiple of 32 bytes");
  }
  const uint64_t need = NeededTmp(c);
  if (c.tmp->bytes < need) {
    Fail("sharedTmpBuffer holds " + U(c.tmp->bytes) + " bytes; this call needs at least " +
         U(need) +
         (need > kMinTmp ? " (1024, and the packed mask: isReuseMask is false and the rows differ)"
                         : "") +
         " (the minimum GetSelectMaxMinTmpSize gives)");
  }
}

// Whether mask element e is 0 once cast to half.
bool MaskIsZero(const uint8_t* mask, uint32_t size, uint64_t e) {
  if (size == 1) return mask[e] == 0;
  if (size == 2) {
    uint16_t v;
    std::memcpy(&v, mask + e * 2, 2);
    return v == 0;
  }
  uint32_t v;
  std::memcpy(&v, mask + e * 4, 4);
  return (v & 0x7fffffffu) == 0;
}

void Run(const SelectBytesMaskCall& c) {
  CheckArgs(c);
  const AscendC::SelectWithBytesMaskShapeInfo& i = c.info;
  const uint32_t tb = c.is_float ? 4 : 2;
  const bool packs = i.srcLastAxis != i.maskLastAxis;
  const uint64_t count = c.src_elements;
  const detail::UbRef srcs[2] = {*c.src, *c.mask};
  const uint64_t src_bytes[2] = {count * tb, c.mask_elements * c.mask_size};
  detail::VectorPasses passes;
  passes.passes = 3 + (packs ? 1 : 0);  // [GatherMask,] Cast, Compare, Select
  passes.work = c.tmp;
  passes.work_bytes = NeededTmp(c);
  detail::VectorOpLanes(
      "Select", *c.dst, count * tb, srcs, src_bytes, 2, 0,
      [&] {
        const uint64_t row = uint64_t{i.srcLastAxis} * c.mask_size;
        if (packs && c.reuse_mask) {  // rows packed to the front of the mask, front to back
          for (uint32_t r = 1; r < i.firstAxis; ++r) {
            std::memmove(c.mask->ptr + r * row,
                         c.mask->ptr + uint64_t{r} * i.maskLastAxis * c.mask_size, row);
          }
        }
        const uint16_t scalar_half = opsim::Half(c.scalar).bits();
        for (uint64_t e = 0; e < count; ++e) {
          const uint64_t m =
              packs && !c.reuse_mask ? (e / i.srcLastAxis) * i.maskLastAxis + e % i.srcLastAxis : e;
          const bool take_scalar = MaskIsZero(c.mask->ptr, c.mask_size, m) == c.scalar_on_zero;
          uint8_t* out = c.dst->ptr + e * tb;
          if (!take_scalar) {
            std::memmove(out, c.src->ptr + e * tb, tb);
          } else if (c.is_float) {
            std::memcpy(out, &c.scalar, 4);
          } else {
            std::memcpy(out, &scalar_half, 2);
          }
        }
      },
      passes);
}

}  // namespace select_bytes_mask_impl

void RunSelectBytesMask(const SelectBytesMaskCall& call) { select_bytes_mask_impl::Run(call); }

}  // namespace opsim::sim::hl
