// LoadDataWithTranspose on MTE1: L1 -> L0A/L0B, each iteration transposing one square block
// (the LoadDataWithTranspose page): 8-bit elements: two consecutive 16 x 32 fractals stacked into
// a 32 x 32 square, transposed and split into two 16 x 32 fractals; 16-bit: one 16 x 16 fractal;
// int4b_t (L0B only on Atlas A2/A3): four 16 x 64 fractals into a 64 x 64 square, split into four;
// 32-bit: two 16 x 8 fractals side by side as a 16 x 16 square, its transpose split into its left
// and right 16 x 8 halves (the page's pseudocode, load_data_with_transpose.py's b32 form).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "opsim/sim/ascendc/cube_load_transpose.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kFractal = kCubeFractalBytes;

// The square one iteration transposes: `side` x `side` elements held in `fracs` fractals
// (16-bit: one 16 x 16 fractal; 32-bit: two 16 x 8 fractals side by side, the others stacked).
struct TransposeSquare {
  uint32_t bits, side, fracs;
  uint64_t frac_stride;  // bytes between the first fractals the iteration writes
};
TransposeSquare SquareOf(uint32_t bits, uint16_t dst_frac_gap) {
  const uint32_t side = bits >= 16 ? 16 : 256 / bits;  // 8-bit: 32, 4-bit: 64
  const uint32_t fracs = bits == 32 ? 2 : side / 16;
  return {bits, side, fracs, fracs > 1 ? (1ull + dst_frac_gap) * kFractal : 0};
}
// Where element `e` of the square lands after the transposition, in elements from the
// iteration's first output fractal: S[r][c] -> T[c][r]. Stacked squares: S row-major, T's rows
// 16f..16f+15 the f-th fractal. 32-bit: S = [F0 | F1] (each 16 x 8, row-major), T = [G0 | G1].
uint64_t TransposedElement(const TransposeSquare& q, uint32_t e) {
  const uint64_t frac_elems = q.frac_stride * 8 / q.bits;
  if (q.bits == 32) {
    const uint32_t r = (e % 128) / 8, c = (e / 128) * 8 + e % 8;
    return (r / 8) * frac_elems + c * 8 + r % 8;
  }
  const uint32_t r = e / q.side, c = e % q.side;
  return (c / 16) * frac_elems + (c % 16) * q.side + r;
}

// The page: "the developer must make sure the transposed fractals do not overlap". Fractal f of
// iteration r lands at r * (1 + dstGap) + f * (1 + dstFracGap) fractals.
void RequireNoOverlap(const TransposeSquare& q, const AscendC::LoadData2dTransposeParams& p,
                      const char* instr) {
  if (q.fracs < 2 || p.repeatTimes < 2) return;
  const uint64_t step = 1ull + p.dstGap, frac_step = 1ull + p.dstFracGap;
  std::vector<uint64_t> at;
  for (uint64_t r = 0; r < p.repeatTimes; ++r) {
    for (uint64_t f = 0; f < q.fracs; ++f) at.push_back(r * step + f * frac_step);
  }
  std::sort(at.begin(), at.end());
  const auto dup = std::adjacent_find(at.begin(), at.end());
  if (dup == at.end()) return;
  RaiseFault(FaultKind::kInvalidArgument, instr,
             "two transposed fractals land on dst fractal " + std::to_string(*dup) +
                 " (repeatTimes = " + std::to_string(p.repeatTimes) +
                 ", dstGap = " + std::to_string(p.dstGap) +
                 ", dstFracGap = " + std::to_string(p.dstFracGap) + ", " + std::to_string(q.fracs) +
                 " fractals an iteration); the page requires that they do not overlap");
}

// Moves one iteration's square from `from` to `to` (whole bytes, or nibbles for int4b_t) and,
// in checked mode, the written state with it (a byte of nibbles counts as written when a nibble
// written lands in it: no false alarm on a half-filled byte).
void TransposeOne(Core& core, const TransposeSquare& q, const uint8_t* from, uint8_t* to) {
  const uint32_t n = q.side * q.side;
  const uint64_t square = uint64_t{n} * q.bits / 8;
  std::vector<uint8_t> tile(from, from + square);
  std::vector<uint8_t> written;
  if (core.checked) {
    written.resize(n);
    for (uint32_t e = 0; e < n; ++e) {
      written[e] = LocalWritten(core, from + uint64_t{e} * q.bits / 8, (q.bits + 7) / 8) ? 1 : 0;
    }
  }
  for (uint32_t e = 0; e < n; ++e) {
    const uint64_t at = TransposedElement(q, e);
    if (q.bits == 4) {
      to[at / 2] = Int4WithNibble(to[at / 2], at, Int4Nibble(tile[e / 2], e));
    } else {
      std::memcpy(to + at * (q.bits / 8), tile.data() + uint64_t{e} * (q.bits / 8), q.bits / 8);
    }
    if (!written.empty() && written[e] != 0) {
      MarkWritten(core, to + at * q.bits / 8, (q.bits + 7) / 8);
    }
  }
}

void RequireChipHasIt(const Core& core, const char* instr) {
  if (!IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               core.device->name + " (" + core.device->architecture +
                   ") has no transposing 2-D load (Atlas A2/A3 and 200I/500 A2 only)");
  }
}

// int4b_t: the page's 910B list takes it into L0B only (CANN's dav_c220 L0A load has no s4 form
// and issues nothing).
void RequireInt4IntoL0B(const Core& core, const UbRef& dst, const char* instr) {
  if (LocalMemoryAt(core, static_cast<uint64_t>(dst.ptr - core.ub)) ==
      static_cast<int>(CubeMem::kL0B)) {
    return;
  }
  RaiseFault(FaultKind::kUnsupported, instr,
             "int4b_t into L0A (A2): " + core.device->name + " (" + core.device->architecture +
                 ") transposes int4b_t only into L0B (B2) (the LoadDataWithTranspose page: b4 "
                 "only when the destination is L0B)");
}

}  // namespace

void CubeLoad2DTranspose(const UbRef& dst, const UbRef& src, uint32_t elem_bits,
                         const AscendC::LoadData2dTransposeParams& p) {
  Core& core = Cur();
  const char* instr = "LoadDataWithTranspose";
  RequireChipHasIt(core, instr);
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL1), -1, kCubeC0Bytes, instr, "src",
                     "L1 (A1, B1)");
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0A), static_cast<int>(CubeMem::kL0B),
                     kFractal, instr, "dst", "L0A (A2) or L0B (B2)");
  if (elem_bits == 4) RequireInt4IntoL0B(core, dst, instr);
  // The page: repeatTimes 0 moves nothing, the call is a NOP.
  if (p.repeatTimes == 0) return;
  // 16-bit squares are one fractal: dstFracGap has no second fractal to place (ignored).
  const TransposeSquare q = SquareOf(elem_bits, p.dstFracGap);
  RequireNoOverlap(q, p, instr);
  const uint64_t square = uint64_t{q.fracs} * kFractal;
  const uint64_t reps = p.repeatTimes;
  const uint64_t src_bytes = (p.startIndex + (reps - 1) * p.srcStride + 1) * square;
  const uint64_t dst_bytes =
      (reps - 1) * (1ull + p.dstGap) * kFractal + (q.fracs - 1) * q.frac_stride + kFractal;
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
  for (uint64_t r = 0; r < reps; ++r) {
    TransposeOne(core, q, src.ptr + (p.startIndex + r * p.srcStride) * square,
                 dst.ptr + r * (1ull + p.dstGap) * kFractal);
  }
}

}  // namespace opsim::sim::detail
