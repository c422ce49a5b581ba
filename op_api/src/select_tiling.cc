// The host helpers of the high-level Select with a byte mask
// (lib/select/selectwithbytesmask_tiling.h): CANN's figures. The kernel side
// (simulator/src/runtime/hl_select.cc) faults below the kernel's own minimum, which these never
// go under.
#include <algorithm>
#include <cstdio>

#include "tiling/tiling_api.h"

namespace AscendC {
// Named, not anonymous: op_api builds as unity files.
namespace select_tiling_impl {

constexpr uint32_t kPadTo = 32;
constexpr uint32_t kOnePass = 4096;  // elements one pass takes: the minimum's cap
constexpr uint32_t kFloor = 1024;
constexpr uint32_t kReserved = 512;

uint32_t PadTo32(uint64_t n) { return static_cast<uint32_t>((n + kPadTo - 1) / kPadTo * kPadTo); }

bool IsScalar(const ge::Shape& s) { return s.GetDimNum() == 0 || s.GetShapeSize() == 1; }

int64_t LastDim(const ge::Shape& s) { return s.GetDimNum() == 0 ? 0 : s.GetDim(s.GetDimNum() - 1); }

uint32_t Bytes(const ge::Shape& src0, const ge::Shape& src1, const ge::Shape& mask,
               uint32_t mask_type_size, bool reuse_mask, bool minimum) {
  const bool scalar_first = IsScalar(src0);
  const ge::Shape& tensor = scalar_first ? src1 : src0;
  const uint64_t n = static_cast<uint64_t>(std::max<int64_t>(tensor.GetShapeSize(), 0));
  const int64_t mask_row = LastDim(mask);
  const uint64_t pass = minimum ? std::min<uint64_t>(n, kOnePass) : n;
  uint32_t need = std::max(kFloor, PadTo32(pass) * 2 + kReserved);
  if (mask_row != LastDim(tensor) && !reuse_mask && mask_row > 1) {
    need += PadTo32(n * mask_type_size);
  }
  return need;
}

void Check(const ge::Shape& src0, const ge::Shape& src1, uint32_t src_type_size,
           const ge::Shape& mask, uint32_t mask_type_size, const char* fn) {
  if (src_type_size != 2 && src_type_size != 4) {
    std::fprintf(stderr,
                 "[WARNING] [Select][%s] srcTypeSize %u is not used; it should be 2 (half) or 4 "
                 "(float)\n",
                 fn, src_type_size);
  }
  if (mask_type_size != 1 && mask_type_size != 2 && mask_type_size != 4) {
    std::fprintf(stderr, "[ERROR] [Select][%s] maskTypeSize %u is not 1, 2 or 4\n", fn,
                 mask_type_size);
  }
  if (src0.GetDimNum() != 2 && src1.GetDimNum() != 2) {
    std::fprintf(stderr,
                 "[ERROR] [Select][%s] src0Shape has %zu dims and src1Shape %zu; one of them "
                 "must have 2\n",
                 fn, src0.GetDimNum(), src1.GetDimNum());
  }
  if (mask.GetDimNum() != 2) {
    std::fprintf(stderr, "[ERROR] [Select][%s] maskShape has %zu dims; it must have 2\n", fn,
                 mask.GetDimNum());
  }
}

}  // namespace select_tiling_impl

uint32_t GetSelectMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                             const uint32_t srcTypeSize, const ge::Shape& maskShape,
                             const uint32_t maskTypeSize, const bool isReuseMask) {
  select_tiling_impl::Check(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                            "GetSelectMinTmpSize");
  return select_tiling_impl::Bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask,
                                   true);
}

uint32_t GetSelectMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                             const uint32_t srcTypeSize, const ge::Shape& maskShape,
                             const uint32_t maskTypeSize, const bool isReuseMask) {
  select_tiling_impl::Check(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                            "GetSelectMaxTmpSize");
  return select_tiling_impl::Bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask,
                                   false);
}

void GetSelectMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                            const uint32_t srcTypeSize, const ge::Shape& maskShape,
                            const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                            uint32_t& minValue) {
  maxValue =
      GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
  minValue =
      GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}

uint32_t GetSelectWithBytesMaskMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                          const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask) {
  return GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                             isReuseMask);
}

uint32_t GetSelectWithBytesMaskMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                          const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask) {
  return GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                             isReuseMask);
}

void GetSelectWithBytesMaskMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                         const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                         const uint32_t maskTypeSize, const bool isReuseMask,
                                         uint32_t& maxValue, uint32_t& minValue) {
  GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask,
                         maxValue, minValue);
}

}  // namespace AscendC
