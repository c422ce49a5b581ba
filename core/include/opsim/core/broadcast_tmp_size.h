// The temporary buffer Ascend C's high-level Broadcast needs on the vector unit, as CANN's host
// helper GetBroadCastMaxMinTmpSize reports it: one formula, used by opsim's helper
// (op_api/src/broadcast_tiling.cc) and by the kernel API's check of a sharedTmpBuffer
// (simulator/include/lib/pad/broadcast.h), so that the two cannot drift. Header-only, no
// dependencies: kernels and host code both include it.
//
// The figures follow how the chip's Broadcast works (per CANN's public implementation): int8 and
// uint8 are widened to 16 bits first (a cast buffer for source and destination, each rounded up
// to 16 elements); a broadcast along axis 0 of a 2-D shape needs one 32-byte block; one along
// axis 1 on the 910B (arch 2201) fills 8 rows per Brcb into blocks of its element, plus a copy
// buffer when a row is not a whole number of 32-byte blocks; on the 310P (2002) it works per row.
#pragma once

#include <cstddef>
#include <cstdint>

namespace opsim::broadcast {

struct TmpSize {
  bool ok = false;        // false: the arguments break a rule (`rule` says which)
  bool figures = false;   // min_bytes and max_bytes are set (ok, and an arch CANN sizes)
  const char* rule = "";  // why not, for the caller's message
  uint32_t min_bytes = 0;
  uint32_t max_bytes = 0;
};

// `npu_arch` is CANN's NpuArch number (2201 for the 910B, 2002 for the 310P); shapes have `rank`
// dims (1 or 2 on those), src broadcasting to dst (each src dim equal to dst's or 1). On other
// arches CANN's helper sizes only a copy or a fill: `figures` is false for the rest.
struct TmpQuery {
  uint32_t npu_arch = 0;
  size_t rank = 0;
  const int64_t* src = nullptr;
  const int64_t* dst = nullptr;
  uint32_t type_size = 0;
};

inline uint32_t RoundUp(uint64_t v, uint64_t to) {
  return static_cast<uint32_t>((v + to - 1) / to * to);
}

inline TmpSize BroadcastTmpSize(const TmpQuery& q) {
  TmpSize out;
  const bool sized_arch = q.npu_arch == 2201 || q.npu_arch == 2002;
  if (sized_arch) {
    if (q.type_size != 1 && q.type_size != 2 && q.type_size != 4) {
      out.rule = "typeSize must be 1, 2 or 4";
      return out;
    }
    if (q.rank != 1 && q.rank != 2) {
      out.rule = "only 1-D and 2-D shapes are supported";
      return out;
    }
  }
  if (q.type_size == 0) {
    out.rule = "typeSize must be greater than 0";
    return out;
  }
  uint64_t src_size = 1;
  uint64_t dst_size = 1;
  for (size_t i = 0; i < q.rank; ++i) {
    if (q.src[i] != q.dst[i] && q.src[i] != 1) {
      out.rule = "srcShape cannot broadcast to dstShape (each src dim must equal dst's or be 1)";
      return out;
    }
    src_size *= static_cast<uint64_t>(q.src[i] < 0 ? 0 : q.src[i]);
    dst_size *= static_cast<uint64_t>(q.dst[i] < 0 ? 0 : q.dst[i]);
  }
  if (src_size == 0) {
    out.rule = "the source must hold at least one element";
    return out;
  }
  // 8-bit types run as 16-bit: a widened copy of source and destination.
  const bool narrow = q.type_size == 1;
  const uint32_t ts = narrow ? 2 : q.type_size;
  const uint32_t cast = narrow ? (RoundUp(src_size, 16) + RoundUp(dst_size, 16)) * ts : 0;
  out.ok = true;
  if (src_size == dst_size || src_size == 1) {  // a copy or a fill
    out.figures = true;
    out.min_bytes = out.max_bytes = narrow ? cast + 32 : 0;
    return out;
  }
  if (!sized_arch) return out;
  out.figures = true;
  const uint32_t per_block = 32 / ts;
  const uint64_t rows = static_cast<uint64_t>(q.dst[0]);
  const uint64_t cols = static_cast<uint64_t>(q.dst[1]);
  if (q.src[1] != 1) {  // along axis 0: whole rows repeated
    if (cols % per_block != 0) {
      out.ok = out.figures = false;
      out.rule = "dstShape[1] must fill whole 32-byte blocks for a broadcast along axis 0";
      return out;
    }
    out.min_bytes = out.max_bytes = 32 + cast;
    return out;
  }
  if (q.npu_arch == 2002) {
    if (rows % per_block != 0) {
      out.ok = out.figures = false;
      out.rule = "dstShape[0] must fill whole 32-byte blocks on this NPU";
      return out;
    }
    out.min_bytes = static_cast<uint32_t>(32 + cast + per_block * ((cols + 7) / 8) * ts);
    out.max_bytes = static_cast<uint32_t>(32 + cast + rows * cols * ts);
    return out;
  }
  const uint32_t brcb_min = per_block * per_block * ts;
  const uint32_t brcb_max = RoundUp(rows, 8) * per_block * ts;
  if (cols % per_block == 0) {
    out.min_bytes = brcb_min + cast;
    out.max_bytes = brcb_max + cast;
    return out;
  }
  const uint64_t cols_aligned = RoundUp(cols, per_block);
  out.min_bytes = static_cast<uint32_t>(brcb_min + per_block * cols_aligned * ts + cast);
  out.max_bytes = static_cast<uint32_t>(brcb_max + rows * cols_aligned * ts + cast);
  return out;
}

}  // namespace opsim::broadcast
