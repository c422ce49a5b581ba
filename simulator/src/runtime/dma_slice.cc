// DataCopy with SliceInfo: the slices' checks and the strided copies they come to. The copies
// are CANN's: one burst run per selected dimension-0 row, at the row's start in the source and
// the destination; the run's bursts are the source's dimension 0 (burstLen blocks each, `stride`
// elements between bursts), the destination's dimension-0 stride spaces them where they land.
#include <cstdint>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/data_copy_slice.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {
namespace {

constexpr const char* kInstr = "DataCopy with SliceInfo";
constexpr uint32_t kMaxDims = 8;  // CANN's K_MAX_SHAPE_DIM
constexpr uint32_t kBlockBytes = 32;

std::string Where(const char* side, uint32_t dim) {
  return std::string(side) + "SliceInfo[" + std::to_string(dim) + "]";
}

// Rules every dimension of one side's slices keeps. (An endIndex past shapeValue is no rule: the
// chip then reads on into the next row, which the GM and UB bounds checks judge.)
void CheckSide(const AscendC::SliceInfo* s, uint32_t dims, const char* side) {
  for (uint32_t i = 0; i < dims; ++i) {
    if (s[i].startIndex > s[i].endIndex) {
      RaiseFault(FaultKind::kInvalidArgument, kInstr,
                 Where(side, i) + ".startIndex " + std::to_string(s[i].startIndex) +
                     " is past its endIndex " + std::to_string(s[i].endIndex) +
                     ": a slice runs from startIndex to endIndex");
    }
    if (i > 0 && s[i].burstLen != 1) {
      RaiseFault(FaultKind::kInvalidArgument, kInstr,
                 Where(side, i) + ".burstLen is " + std::to_string(s[i].burstLen) +
                     ": above dimension 0 burstLen must be 1");
    }
  }
}

// Element offsets of the selected dimension-0 rows, from the slice's first element (CANN's
// DataCopyGetOffsetList), and that first element's offset (DataCopyGetPhyStartIndex).
std::vector<uint64_t> RowOffsets(const AscendC::SliceInfo* s, uint32_t dims, uint64_t* start) {
  std::vector<uint64_t> offsets{0};
  uint64_t plane = 1;
  *start = s[0].startIndex;
  for (uint32_t i = 1; i < dims; ++i) {
    plane *= s[i - 1].shapeValue;
    *start += plane * s[i].startIndex;
    const uint64_t step = 1ull + s[i].stride;
    const uint64_t count = (s[i].endIndex - s[i].startIndex + step) / step;
    const size_t lower = offsets.size();
    for (uint64_t k = 1; k < count; ++k) {
      for (size_t j = 0; j < lower; ++j) offsets.push_back(offsets[j] + k * step * plane);
    }
  }
  return offsets;
}

UbRef UbAt(const UbRef& ub, uint64_t elem, uint32_t elem_bytes, const char* side) {
  const uint64_t off = elem * elem_bytes;
  if (off >= ub.bytes) {
    RaiseFault(FaultKind::kOutOfBoundsUb, kInstr,
               std::string(side) + " slice row at element " + std::to_string(elem) + " (byte " +
                   std::to_string(off) + ") is past the LocalTensor's " + std::to_string(ub.bytes) +
                   " B");
  }
  UbRef sub = ub;
  sub.ptr += off;
  sub.bytes -= static_cast<uint32_t>(off);
  return sub;
}

GmRef GmAt(const GmRef& gm, uint64_t elem, uint32_t elem_bytes) {
  GmRef sub = gm;
  if (sub.ptr == nullptr) return sub;  // unbound: the copy faults on it
  const uint64_t off = elem * elem_bytes;
  sub.ptr += off;
  sub.bytes = off < gm.bytes ? gm.bytes - off : 0;
  sub.limit = off < gm.limit ? gm.limit - off : 0;
  return sub;
}

}  // namespace

void CopySlices(CopyDir dir, const UbRef& ub, const GmRef& gm, const AscendC::SliceInfo* dst,
                const AscendC::SliceInfo* src, uint32_t dim_value, uint32_t elem_bytes) {
  if (dim_value < 1 || dim_value > kMaxDims) {
    RaiseFault(FaultKind::kInvalidArgument, kInstr,
               "dimValue " + std::to_string(dim_value) + " is not 1 to " +
                   std::to_string(kMaxDims) + " (the slices' dimension count)");
  }
  // CANN takes the shapes from shapeValue when srcSliceInfo[0].shapeValue is set, else from the
  // tensors' ShapeInfo, which opsim's tensors do not carry: above one dimension they are needed.
  const bool shaped = src[0].shapeValue != 0;
  if (!shaped && dim_value > 1) {
    RaiseFault(FaultKind::kUnsupported, kInstr,
               "srcSliceInfo[0].shapeValue is 0, which takes the shapes from the tensors' "
               "ShapeInfo; opsim's tensors carry none: give every dimension's shapeValue");
  }
  CheckSide(src, dim_value, "src");
  CheckSide(dst, dim_value, "dst");
  const uint64_t burst_elems = static_cast<uint64_t>(src[0].burstLen) * kBlockBytes / elem_bytes;
  const uint64_t bursts = src[0].burstLen == 0
                              ? 0
                              : (src[0].endIndex - src[0].startIndex + 1ull + src[0].stride) /
                                    (burst_elems + src[0].stride);
  if (src[0].burstLen == 0 || bursts == 0 || bursts > UINT16_MAX) {
    RaiseFault(FaultKind::kInvalidArgument, kInstr,
               "srcSliceInfo[0] (startIndex " + std::to_string(src[0].startIndex) + ", endIndex " +
                   std::to_string(src[0].endIndex) + ", stride " + std::to_string(src[0].stride) +
                   ", burstLen " + std::to_string(src[0].burstLen) + ") makes " +
                   std::to_string(bursts) + " bursts: a slice needs 1 to 65535 bursts of " +
                   "burstLen (at least 1) 32 B blocks");
  }
  // The UB side's gap is counted in 32 B blocks: the chip drops the remainder.
  const bool to_ub = dir == CopyDir::kGmToUb;
  const AscendC::SliceInfo& ub_side = to_ub ? dst[0] : src[0];
  const uint64_t src_gap = static_cast<uint64_t>(src[0].stride) * elem_bytes;
  const uint64_t dst_gap = static_cast<uint64_t>(dst[0].stride) * elem_bytes;
  if ((to_ub ? dst_gap : src_gap) % kBlockBytes != 0) {
    RaiseFault(FaultKind::kMisalignedCopy, kInstr,
               std::string(to_ub ? "dst" : "src") + "SliceInfo[0].stride " +
                   std::to_string(ub_side.stride) + " elements is not a whole number of 32 B " +
                   "blocks in the UB (the chip would drop the remainder)");
  }
  uint64_t src_start = 0;
  uint64_t dst_start = 0;
  const std::vector<uint64_t> src_rows = RowOffsets(src, dim_value, &src_start);
  const std::vector<uint64_t> dst_rows = RowOffsets(dst, dim_value, &dst_start);
  if (dst_rows.size() < src_rows.size()) {
    RaiseFault(FaultKind::kInvalidArgument, kInstr,
               "the source slices select " + std::to_string(src_rows.size()) +
                   " rows, the destination's only " + std::to_string(dst_rows.size()) +
                   ": the destination needs a row for each source row");
  }
  const uint64_t burst_bytes = static_cast<uint64_t>(src[0].burstLen) * kBlockBytes;
  for (size_t r = 0; r < src_rows.size(); ++r) {
    const uint64_t s = src_start + src_rows[r];
    const uint64_t d = dst_start + dst_rows[r];
    if (to_ub) {
      const UbRef u = UbAt(ub, d, elem_bytes, "dst");
      const GmRef g = GmAt(gm, s, elem_bytes);
      CopyBlocks(dir, &u, nullptr, &g, static_cast<uint32_t>(bursts), burst_bytes, src_gap, dst_gap,
                 "DataCopy");
    } else {
      const UbRef u = UbAt(ub, s, elem_bytes, "src");
      const GmRef g = GmAt(gm, d, elem_bytes);
      CopyBlocks(dir, nullptr, &u, &g, static_cast<uint32_t>(bursts), burst_bytes, src_gap, dst_gap,
                 "DataCopy");
    }
  }
}

}  // namespace opsim::sim::detail
