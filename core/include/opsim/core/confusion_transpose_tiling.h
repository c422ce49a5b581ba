// The high-level Transpose's (ConfusionTranspose's) tiling as the kernel reads it (CANN's
// kernel_tiling.h ConfusionTransposeTiling: param0..param17, the same bytes
// optiling::ConfusionTransposeTiling writes on the host) and the rules both sides use: CANN's
// fields per scenario (asc-devkit confusion_transpose_tiling_impl.cpp), the temporary bytes
// GetConfusionTransposeMaxMinTmpSize reports, and the shape a tiling describes. One header for the
// host helpers (op_api/src/confusion_transpose_tiling.cc) and the kernel's checks
// (simulator/src/runtime/hl_confusion_transpose.cc), so they cannot drift. No dependencies.
#pragma once

#include <cstdint>

namespace AscendC::tiling {

struct ConfusionTransposeTiling {
  uint32_t param0 = 0;
  uint32_t param1 = 0;
  uint32_t param2 = 0;
  uint32_t param3 = 0;
  uint32_t param4 = 0;
  uint32_t param5 = 0;
  uint32_t param6 = 0;
  uint32_t param7 = 0;
  uint32_t param8 = 0;
  uint32_t param9 = 0;
  uint32_t param10 = 0;
  uint32_t param11 = 0;
  uint32_t param12 = 0;
  uint32_t param13 = 0;
  uint32_t param14 = 0;
  uint32_t param15 = 0;
  uint32_t param16 = 0;
  uint32_t param17 = 0;
};

}  // namespace AscendC::tiling

using AscendC::tiling::ConfusionTransposeTiling;

namespace opsim::ctranspose {

constexpr int kParams = 18;
constexpr uint32_t kCube = 16;      // BLOCK_CUBE
constexpr uint32_t kFractal = 256;  // CUBE_MAX_SIZE

// CANN's TransposeType numbers of the scenarios the 910B implements (the page's 1 to 7).
enum Scenario : uint32_t {
  kNz2Nd0213 = 1,
  kNz2Nz0213 = 2,
  kNz2Nz012WithN = 3,
  kNz2Nd012WithN = 4,
  kNz2Nd012WithoutN = 5,
  kNz2Nz012WithoutN = 6,
  kNd2NdOnly = 7,
};

inline bool Known(uint32_t type) { return type >= kNz2Nd0213 && type <= kNd2NdOnly; }
inline uint32_t Align16(uint64_t v) {
  return static_cast<uint32_t>((v + kCube - 1) / kCube * kCube);
}

// Why srcShape (dims[0..ndims)) cannot take scenario `type` in elements of typeSize bytes, or
// null. Scenarios 1-6 take [B, N, S, H/N], 7 takes [H, W] (both multiples of 16, the page's).
inline const char* ShapeRule(uint32_t type, const int64_t* dims, int ndims, uint32_t typeSize) {
  if (!Known(type)) return "transposeTypeIn must be 1 to 7 (the page's range on Atlas A2/A3)";
  if (typeSize != 2 && typeSize != 4) return "typeSize must be 2 or 4 (the page's data types)";
  const int want = type == kNd2NdOnly ? 2 : 4;
  if (ndims != want) {
    return type == kNd2NdOnly ? "scenario 7 takes srcShape [H, W]"
                              : "scenarios 1 to 6 take srcShape [B, N, S, H/N]";
  }
  for (int i = 0; i < ndims; ++i) {
    if (dims[i] <= 0 || dims[i] > 0xFFFFFF) return "every dim must be in [1, 16777215]";
  }
  if (type == kNd2NdOnly) {
    if (dims[0] % kCube != 0 || dims[1] % kCube != 0) {
      return "scenario 7's H and W must be multiples of 16 (the page)";
    }
    if (dims[1] / (32 / typeSize) > 255) {
      return "scenario 7's W / (32 / typeSize) is TransDataTo5HD's repeatTimes: at most 255";
    }
  }
  return nullptr;
}

// CANN's fields, in CANN's uint32 arithmetic; the shape must pass ShapeRule. Scenarios 1 and 2
// need stackBufferSize >= 256 elements (CANN's divides by zero below that: StackRule).
inline void Fill(uint32_t type, const int64_t* d, uint32_t stack, uint32_t ts, uint32_t* p) {
  for (int i = 0; i < kParams; ++i) p[i] = 0;
  const uint32_t blk = 32 / ts;
  p[0] = blk;
  if (type == kNd2NdOnly) {
    const auto h = static_cast<uint32_t>(d[0]), w = static_cast<uint32_t>(d[1]);
    p[1] = h, p[2] = w, p[3] = h / kCube, p[4] = h * blk * ts / 32, p[5] = w / blk;
    return;
  }
  const auto b = static_cast<uint32_t>(d[0]), n = static_cast<uint32_t>(d[1]);
  const auto s = static_cast<uint32_t>(d[2]), hn = static_cast<uint32_t>(d[3]);
  p[1] = b, p[2] = n;
  if (type == kNz2Nd0213 || type == kNz2Nz0213) {  // srcShape [B, A1, A2, A3]
    const uint32_t a2 = Align16(s), wt = Align16(hn) / kCube, a3 = wt * kCube;
    const uint32_t pop = stack / ts / kFractal * kFractal, pop_h = pop / kCube, need = a2 * kCube;
    const uint32_t main = pop == 0 ? 0 : need / pop, tail = pop == 0 ? 0 : need % pop;
    p[3] = a3, p[4] = a2, p[5] = wt, p[6] = pop, p[7] = pop_h, p[8] = need, p[9] = main;
    p[10] = tail, p[11] = a2 * a3, p[12] = n * a2 * a3, p[13] = n * a3, p[14] = n * kCube;
    p[15] = pop_h * main * n * a3;
    return;
  }
  const uint32_t h = n * hn, h_blocks = (h + kCube - 1) / kCube, s_blocks = (s + kCube - 1) / kCube;
  const uint32_t hn_blocks = (hn + kCube - 1) / kCube, align_hn = hn_blocks * kCube;
  p[3] = hn;
  if (type == kNz2Nz012WithN) {
    p[4] = kCube / blk, p[5] = h, p[6] = h_blocks, p[7] = s_blocks, p[8] = h_blocks * kCube;
    p[9] = s_blocks * kCube, p[10] = hn_blocks, p[11] = align_hn, p[12] = align_hn - hn;
    p[13] = s_blocks * kCube * kCube, p[14] = n * hn_blocks, p[15] = n * align_hn * p[9];
    p[16] = p[8] * p[9];
  } else if (type == kNz2Nd012WithN) {
    p[4] = h, p[5] = h_blocks, p[6] = s_blocks, p[7] = hn_blocks, p[8] = align_hn;
    p[9] = align_hn - hn, p[10] = s_blocks * kFractal, p[11] = n * hn_blocks;
    p[12] = s_blocks * kCube * align_hn, p[13] = align_hn * kCube, p[14] = align_hn * blk;
    p[15] = n * align_hn * s_blocks * kCube, p[16] = h_blocks * s_blocks * kFractal;
    p[17] = kCube / blk;
  } else {  // 5 and 6
    const uint32_t align_h = h_blocks * kCube;
    p[4] = h, p[5] = h_blocks, p[6] = s_blocks, p[7] = hn_blocks, p[8] = align_h;
    p[9] = s_blocks * kFractal, p[10] = align_h * kCube, p[11] = blk * align_h;
    p[12] = n * hn_blocks * kCube * s_blocks * kCube, p[13] = align_h * s_blocks * kCube;
    p[14] = kCube / blk;
  }
}

// Scenarios 1 and 2 cut S into pieces the buffer holds, whole 16 x 16 fractals: fewer than 256
// elements of stackBufferSize leave none (CANN's helper then divides by zero).
inline bool StackTooSmall(uint32_t type, uint32_t stack, uint32_t ts) {
  return (type == kNz2Nd0213 || type == kNz2Nz0213) && stack / ts < kFractal;
}

// GetConfusionTransposeMaxMinTmpSize's bytes: 1/2 one fractal (min) to a column of S / 16 of
// them (max), 3-6 two fractals (tmp1 and tmp2), 7 none.
inline void MaxMin(uint32_t type, const int64_t* d, uint32_t ts, uint32_t& max, uint32_t& min) {
  if (type == kNz2Nd0213 || type == kNz2Nz0213) {
    max = Align16(static_cast<uint64_t>(d[2])) * kCube * ts, min = kFractal * ts;
  } else if (type == kNd2NdOnly) {
    max = 0, min = 0;
  } else {
    max = min = 2 * kFractal * ts;
  }
}

// The shape a tiling describes, read back from its fields (scenarios 1-6: S aligned to 16; the
// padding rows move with the data), so that the kernel can recompute every field and compare.
inline void ShapeOf(uint32_t type, const uint32_t* p, int64_t* d, uint32_t& stack, uint32_t ts) {
  stack = 0;
  if (type == kNd2NdOnly) {
    d[0] = p[1], d[1] = p[2];
    return;
  }
  d[0] = p[1], d[1] = p[2];
  if (type == kNz2Nd0213 || type == kNz2Nz0213) {
    d[2] = p[4], d[3] = p[3], stack = p[6] * ts;
  } else {
    d[2] = int64_t{type == kNz2Nz012WithN ? p[7] : p[6]} * kCube, d[3] = p[3];
  }
}

}  // namespace opsim::ctranspose
