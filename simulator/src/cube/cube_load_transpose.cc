// LoadDataWithTranspose on MTE1: L1 -> L0A/L0B, each iteration transposing one square block
// (the LoadDataWithTranspose page): 8-bit elements: two consecutive 16 x 32 fractals stacked into
// a 32 x 32 square, transposed and split into two 16 x 32 fractals; 16-bit: one 16 x 16 fractal.
#include <cstring>
#include <string>

#include "cube/cube_buffers.h"
#include "opsim/sim/ascendc/cube_load_transpose.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kFractal = kCubeFractalBytes;

// Where byte `e` (element index x element size) of a square lands after the transposition, as
// an offset into the iteration's output: the first fractal at 0, the second at `second`.
// 8-bit: S[r][c] (r = fractal * 16 + row, 32 columns) -> T[c][r], T's rows 0-15 the first
// fractal and 16-31 the second. 16-bit: the 16 x 16 fractal turns over.
uint64_t TransposedOffset(uint32_t elem_bytes, uint32_t e, uint64_t second) {
  if (elem_bytes == 1) {
    const uint32_t r = e / 32, c = e % 32;
    return (c / 16) * second + (c % 16) * 32 + r;
  }
  const uint32_t r = e / 16, c = e % 16;
  return (uint64_t{c} * 16 + r) * 2;
}

void RequireChipHasIt(const Core& core, const char* instr) {
  if (!IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               core.device->name + " (" + core.device->architecture +
                   ") has no transposing 2-D load (Atlas A2/A3 and 200I/500 A2 only)");
  }
}

}  // namespace

void CubeLoad2DTranspose(const UbRef& dst, const UbRef& src, uint32_t elem_bytes,
                         const AscendC::LoadData2dTransposeParams& p) {
  Core& core = Cur();
  const char* instr = "LoadDataWithTranspose";
  RequireChipHasIt(core, instr);
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL1), -1, kCubeC0Bytes, instr, "src",
                     "L1 (A1, B1)");
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0A), static_cast<int>(CubeMem::kL0B),
                     kFractal, instr, "dst", "L0A (A2) or L0B (B2)");
  if (elem_bytes == 4) {
    // The 32-bit square (two 16 x 8 fractals side by side) has its element order given only in
    // the page's figures; opsim does not guess it.
    RaiseFault(FaultKind::kUnsupported, instr,
               "32-bit elements (two 16 x 8 fractals per square) are not modelled; 8- and 16-bit "
               "elements are");
  }
  if (p.repeatTimes == 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "repeatTimes = 0 loads nothing (expected 1 <= repeatTimes <= 255)");
  }
  const uint64_t square = elem_bytes == 1 ? 2 * kFractal : kFractal;
  const uint64_t reps = p.repeatTimes;
  // 16-bit squares are one fractal: dstFracGap has no second fractal to place (ignored).
  const uint64_t second = elem_bytes == 1 ? (1ull + p.dstFracGap) * kFractal : 0;
  const uint64_t src_bytes = (p.startIndex + (reps - 1) * p.srcStride + 1) * square;
  const uint64_t dst_bytes = (reps - 1) * (1ull + p.dstGap) * kFractal + second + kFractal;
  CheckUb(core, src, src_bytes, instr, "src");
  CheckUb(core, dst, dst_bytes, instr, "dst");
  const uint64_t moved = reps * square;
  const double cost =
      CubeNs(core, core.device->instr_issue_cycles +
                       static_cast<double>(moved) / core.device->mte1_bytes_per_cycle);
  const double start = core.Issue(Pipe::kMte1, instr, cost, moved);
  if (TracksPipes(core)) {
    TrackRead(core, src, Pipe::kMte1, start, start + cost, instr);
    TrackWrite(core, dst, Pipe::kMte1, start, start + cost, instr, 0);
  }
  uint8_t tile[2 * kFractal];
  uint8_t written[2 * kFractal];
  for (uint64_t r = 0; r < reps; ++r) {
    const uint8_t* from = src.ptr + (p.startIndex + r * p.srcStride) * square;
    uint8_t* to = dst.ptr + r * (1ull + p.dstGap) * kFractal;
    std::memcpy(tile, from, square);
    for (uint32_t e = 0; e < square / elem_bytes; ++e) {
      const uint64_t at = TransposedOffset(elem_bytes, e, second);
      std::memcpy(to + at, tile + e * elem_bytes, elem_bytes);
    }
    if (!core.checked) continue;
    // Written state travels element by element, so Mmad's check sees what the kernel filled.
    for (uint32_t e = 0; e < square / elem_bytes; ++e) {
      written[e] = LocalWritten(core, from + e * elem_bytes, elem_bytes) ? 1 : 0;
    }
    for (uint32_t e = 0; e < square / elem_bytes; ++e) {
      if (written[e] != 0) {
        MarkWritten(core, to + TransposedOffset(elem_bytes, e, second), elem_bytes);
      }
    }
  }
}

}  // namespace opsim::sim::detail
