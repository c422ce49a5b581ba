// The 4:2 structured-sparse int8 Mmad of Atlas A2/A3 (docs/CUBE.md, "Sparse Mmad"). B arrives
// densified (K/2 x N, ZN in L0B) with a 2-bit index per dense element in the cube's index
// buffer; each pair of indices picks, from a group of four A elements, the two that meet the
// pair's B elements. opsim expands B back to K x N (a B element added at the A position its
// index picks) and runs the dense int8 product on it: int32 sums wrap, so the order of the two
// products of one group does not matter.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/cube_sparse.h"
#include "opsim/sim/fault.h"
#include "runtime/extra_registers.h"
#include "runtime/launch_state.h"
#include "vector/cube_products.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kSpFractal = kCubeFractalBytes;    // one B fractal (32 x 16 int8)
constexpr uint32_t kSpIndexFractal = kSpFractal / 4;  // its 512 2-bit indices
constexpr uint32_t kSpRows = 16;
constexpr uint32_t kSpK0 = 32;  // int8 elements of a fractal row

void RequireSparseChip(const Core& core, const char* instr) {
  if (IsA2GenerationCube(core)) return;
  RaiseFault(FaultKind::kUnsupported, instr,
             std::string(instr) + " does not exist on " + core.device->name + " (" +
                 core.device->architecture + "): its page lists Atlas A2/A3 only");
}

uint64_t SparseOffsetIn(const Core& core, const UbRef& ref, CubeMem mem) {
  return static_cast<uint64_t>(ref.ptr - core.ub) - core.cube_base[static_cast<size_t>(mem)];
}

// The index buffer, sized on first use: a quarter of L0B (the LoadDataWithSparse page).
ExtraRegisters& SparseIndexBuffer(const Core& core) {
  ExtraRegisters& regs = ExtraRegistersOf(core);
  const size_t bytes = core.cube_bytes[static_cast<size_t>(CubeMem::kL0B)] / 4;
  if (regs.sparse_index.size() != bytes) {
    regs.sparse_index.assign(bytes, 0);
    regs.sparse_loaded.assign(bytes, 0);
  }
  return regs;
}

struct SparseShape {
  uint32_t m, n, k, kd;     // kd = k / 2: B's dense rows
  uint32_t mb, nb, ka, kb;  // fractals: A's rows, B's columns, A's per row, B's dense rows
};

// Byte offset of dense B[r][j] in L0B (ZN), which is also its index's 2-bit slot (times 4).
uint64_t SparseDenseOffset(const SparseShape& s, uint32_t r, uint32_t j) {
  return (static_cast<uint64_t>(r / kSpK0) * s.nb + j / kSpRows) * kSpFractal +
         (j % kSpRows) * kSpK0 + r % kSpK0;
}

// The A positions (0..3 in the group) a pair of indices picks: the page's selection table.
// (2, 0) and (1, 0) pick one element twice ("X/X"); (2, 1) is not in the table, and 3 is not
// an index (the index page: 0, 1 or 2).
void SparsePicked(uint32_t i0, uint32_t i1, uint32_t r, uint32_t j, const char* instr, uint32_t* p0,
                  uint32_t* p1) {
  const std::string at = " (dense B row " + std::to_string(r) + ", column " + std::to_string(j) +
                         ": A columns " + std::to_string(r * 2) + ".." + std::to_string(r * 2 + 3) +
                         ")";
  if (i0 > 2 || i1 > 2) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "index pair (" + std::to_string(i0) + ", " + std::to_string(i1) + ")" + at +
                   ": an index is 0, 1 or 2 (the 4:2 index page); 3 (2'b11) selects nothing");
  }
  if (i0 == 2 && i1 == 1) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "index pair (2, 1)" + at +
                   " is not in the MmadWithSparse page's selection table (which A elements it "
                   "picks is not documented)");
  }
  *p0 = i0;
  *p1 = i1 + 1 > i0 ? i1 + 1 : i0;  // (1, 0) and (2, 0): the element i0 twice
}

// B expanded to k x n int32 (row-major): each dense element added at the A column its index
// picks. Faults on an index outside the table; in checked mode on an index never loaded.
void SparseExpandB(const Core& core, const SparseShape& s, const uint8_t* filter,
                   uint64_t filter_at, const ExtraRegisters& regs, const char* instr,
                   std::vector<int32_t>* out, std::vector<uint8_t>* used_cols) {
  out->assign(static_cast<size_t>(s.k) * s.n, 0);
  used_cols->assign(s.k, 0);
  for (uint32_t j = 0; j < s.n; ++j) {
    for (uint32_t r = 0; r < s.kd; r += 2) {
      const uint64_t o = SparseDenseOffset(s, r, j);
      const uint64_t at = (filter_at + o) / 4;  // both indices share a byte: o is even
      if (core.checked && regs.sparse_loaded[at] == 0) {
        RaiseFault(FaultKind::kUninitializedRead, instr,
                   "the index of dense B row " + std::to_string(r) + ", column " +
                       std::to_string(j) + " (index buffer byte " + std::to_string(at) +
                       ") was never loaded by LoadDataWithSparse from written L1 bytes");
      }
      const uint32_t shift = static_cast<uint32_t>((filter_at + o) % 4) * 2;
      const uint32_t bits = regs.sparse_index[at] >> shift;
      uint32_t p0 = 0, p1 = 0;
      SparsePicked(bits & 3u, (bits >> 2) & 3u, r, j, instr, &p0, &p1);
      const uint32_t base = r * 2;
      (*out)[static_cast<size_t>(base + p0) * s.n + j] += static_cast<int8_t>(filter[o]);
      (*out)[static_cast<size_t>(base + p1) * s.n + j] += static_cast<int8_t>(filter[o + 1]);
      (*used_cols)[base + p0] = (*used_cols)[base + p1] = 1;
    }
  }
}

void CheckSparseParams(const Core& core, const AscendC::MmadParams& p, const char* instr) {
  CheckUnitFlag(core, p.unitFlag, instr);
  if (p.kDirectionAlign) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "kDirectionAlign = true (the MmadWithSparse page: false only)");
  }
  if (p.m > 4095 || p.n > 4095 || p.k > 4095) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "m = " + std::to_string(p.m) + ", n = " + std::to_string(p.n) +
                   ", k = " + std::to_string(p.k) + " (each must be in [0, 4095])");
  }
  if (!p.cmatrixInitVal && p.cmatrixSource) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "cmatrixSource = true: MmadWithSparse has no bias operand and its page does not "
               "say where in the bias table the initial C would come from");
  }
  if (p.m != 0 && p.n != 0 && p.k % 4 != 0) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "k = " + std::to_string(p.k) +
                   " is not a whole number of 4-element groups: the page does not say how a "
                   "partial group is selected");
  }
}

// Checked mode: the A columns some index picks (rows < m), the dense B elements and, when
// accumulating, the C elements were written.
void CheckSparseInputsWritten(const Core& core, const SparseShape& s, const UbRef& fm,
                              const UbRef& filter, const UbRef& dst, bool from_c,
                              const std::vector<uint8_t>& used_cols, const char* instr) {
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t c = 0; c < s.k; ++c) {
      if (used_cols[c] == 0) continue;
      const uint64_t o = (static_cast<uint64_t>(i / kSpRows) * s.ka + c / kSpK0) * kSpFractal +
                         (i % kSpRows) * kSpK0 + c % kSpK0;
      CheckWritten(core, fm, o, 1, instr, "fm");
    }
  }
  for (uint32_t q = 0; q < s.kb; ++q) {
    const uint64_t used = std::min(kSpK0, s.kd - q * kSpK0);
    for (uint32_t j = 0; j < s.n; ++j) {
      CheckWritten(core, filter, SparseDenseOffset(s, q * kSpK0, j), used, instr, "filter");
    }
  }
  if (!from_c) return;
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t j = 0; j < s.n; j += kSpRows) {
      const uint64_t at =
          (static_cast<uint64_t>(j / kSpRows) * s.mb + i / kSpRows) * 256 + (i % kSpRows) * kSpRows;
      CheckWritten(core, dst, at * 4, std::min(kSpRows, s.n - j) * 4ull, instr, "dst");
    }
  }
}

// A (m x k, ZZ) unpacked to int32, row-major.
void SparseUnpackA(const SparseShape& s, const uint8_t* a, std::vector<int32_t>* out) {
  out->resize(static_cast<size_t>(s.m) * s.k);
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t c = 0; c < s.k; ++c) {
      const uint64_t o = (static_cast<uint64_t>(i / kSpRows) * s.ka + c / kSpK0) * kSpFractal +
                         (i % kSpRows) * kSpK0 + c % kSpK0;
      (*out)[static_cast<size_t>(i) * s.k + c] = static_cast<int8_t>(a[o]);
    }
  }
}

// C (L0C, NZ) from/to the row-major m x n accumulator.
template <bool kToL0c>
void SparseMoveC(const SparseShape& s, uint8_t* c, std::vector<int32_t>* acc) {
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t j = 0; j < s.n; j += kSpRows) {
      const uint64_t at =
          (static_cast<uint64_t>(j / kSpRows) * s.mb + i / kSpRows) * 256 + (i % kSpRows) * kSpRows;
      int32_t* v = acc->data() + static_cast<size_t>(i) * s.n + j;
      const size_t bytes = std::min(kSpRows, s.n - j) * 4;
      if (kToL0c) {
        std::memcpy(c + at * 4, v, bytes);
      } else {
        std::memcpy(v, c + at * 4, bytes);
      }
    }
  }
}

}  // namespace

void CubeLoadSparse(const UbRef& dst, const UbRef& src, const UbRef& idx,
                    const AscendC::LoadData2DParams& p) {
  Core& core = Cur();
  const char* instr = "LoadDataWithSparse";
  RequireSparseChip(core, instr);
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0B), -1, kSpFractal, instr, "dst",
                     "B2 (L0B)");
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL1), -1, kCubeC0Bytes, instr, "src",
                     "B1 (L1)");
  RequireCubeOperand(core, idx, static_cast<int>(CubeMem::kL1), -1, kCubeC0Bytes, instr, "idx",
                     "B1 (L1)");
  const double issue = CubeNs(core, core.device->instr_issue_cycles);
  if (p.repeatTimes == 0) {  // a NOP (the page); srcStride, dstGap, ifTranspose are unused
    core.Issue(Pipe::kMte1, instr, issue, 0);
    return;
  }
  const uint64_t reps = p.repeatTimes;
  CheckUb(core, src, (p.startIndex + reps) * kSpFractal, instr, "src");
  CheckUb(core, idx, (p.startIndex + reps) * kSpIndexFractal, instr, "idx");
  CheckUb(core, dst, reps * kSpFractal, instr, "dst");
  const uint64_t moved = reps * (kSpFractal + kSpIndexFractal);
  // Cost (an assumption): the B fractals and their index fractals at MTE1's rate.
  const double cost =
      issue + CubeNs(core, static_cast<double>(moved) / core.device->mte1_bytes_per_cycle);
  const double start = core.Issue(Pipe::kMte1, instr, cost, moved);
  const uint8_t* from = src.ptr + uint64_t{p.startIndex} * kSpFractal;
  const uint8_t* idx_from = idx.ptr + uint64_t{p.startIndex} * kSpIndexFractal;
  if (TracksPipes(core)) {
    TrackRead(core, src, Pipe::kMte1, start, start + cost, instr);
    TrackRead(core, idx, Pipe::kMte1, start, start + cost, instr);
    // The index buffer follows dst's L0B bytes, so dst's hand-offs order it too.
    TrackWrite(core, dst, Pipe::kMte1, start, start + cost, instr, 0);
  }
  ExtraRegisters& regs = SparseIndexBuffer(core);
  const uint64_t at = SparseOffsetIn(core, dst, CubeMem::kL0B) / 4;
  std::memmove(dst.ptr, from, reps * kSpFractal);
  std::memcpy(regs.sparse_index.data() + at, idx_from, reps * kSpIndexFractal);
  if (!core.checked) return;
  for (uint64_t b = 0; b < reps * kSpFractal; b += kCubeC0Bytes) {
    if (LocalWritten(core, from + b, kCubeC0Bytes)) MarkWritten(core, dst.ptr + b, kCubeC0Bytes);
  }
  for (uint64_t b = 0; b < reps * kSpIndexFractal; ++b) {
    regs.sparse_loaded[at + b] = LocalWritten(core, idx_from + b, 1) ? 1 : 0;
  }
}

void CubeMmadSparse(const UbRef& dst, const UbRef& fm, const UbRef& filter,
                    const AscendC::MmadParams& p) {
  Core& core = Cur();
  const char* instr = "MmadWithSparse";
  const DeviceProfile& d = *core.device;
  RequireSparseChip(core, instr);
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0C), -1, 1024, instr, "dst",
                     "CO1 (L0C), 256 elements aligned");
  RequireCubeOperand(core, fm, static_cast<int>(CubeMem::kL0A), -1, kSpFractal, instr, "fm",
                     "A2 (L0A)");
  RequireCubeOperand(core, filter, static_cast<int>(CubeMem::kL0B), -1, kSpFractal, instr, "filter",
                     "B2 (L0B)");
  // fmOffset, enSsparse and enWinogradA/B: "unused" on Atlas A2 and later (the page).
  CheckSparseParams(core, p, instr);
  if (p.m == 0 || p.n == 0 || p.k == 0) return;  // a NOP (the page)
  SparseShape s{p.m, p.n, p.k, p.k / 2u, 0, 0, 0, 0};
  s.mb = (s.m + kSpRows - 1) / kSpRows;
  s.nb = (s.n + kSpRows - 1) / kSpRows;
  s.ka = (s.k + kSpK0 - 1) / kSpK0;
  s.kb = (s.kd + kSpK0 - 1) / kSpK0;
  CheckUb(core, fm, uint64_t{s.mb} * s.ka * kSpFractal, instr, "fm");
  CheckUb(core, filter, uint64_t{s.kb} * s.nb * kSpFractal, instr, "filter");
  CheckUb(core, dst, uint64_t{s.mb} * s.nb * 256 * 4, instr, "dst");
  const bool from_c = !p.cmatrixInitVal;
  const ExtraRegisters& regs = SparseIndexBuffer(core);
  std::vector<int32_t> a, b, acc;
  std::vector<uint8_t> used_cols;
  SparseExpandB(core, s, filter.ptr, SparseOffsetIn(core, filter, CubeMem::kL0B), regs, instr, &b,
                &used_cols);
  // Cost (an assumption): the dense K/2 product at the int8 rate, the selection in line.
  const double macs = static_cast<double>(s.mb) * kSpRows * s.nb * kSpRows * s.kb * kSpK0;
  const double cost = CubeNs(core, d.instr_issue_cycles + macs / d.cube_int8_macs_per_cycle);
  const uint64_t l0c_offset = SparseOffsetIn(core, dst, CubeMem::kL0C);
  const uint32_t units = s.mb * s.nb * 256 * 4 / kL0cUnitBytes;
  const MmadIssue issued = IssueMmad(core, dst, l0c_offset, units, cost, p.unitFlag, instr);
  const double start = issued.start;
  if (TracksPipes(core)) {
    const double ordered = issued.dst_start;
    if (core.checked) {
      CheckSparseInputsWritten(core, s, fm, filter, dst, from_c, used_cols, instr);
    }
    TrackRead(core, fm, Pipe::kM, start, start + cost, instr);
    TrackRead(core, filter, Pipe::kM, start, start + cost, instr);
    if (from_c) TrackRead(core, dst, Pipe::kM, ordered, start + cost, instr);
    TrackWrite(core, dst, Pipe::kM, ordered, start + cost, instr, 0);
  }
  SparseUnpackA(s, fm.ptr, &a);
  acc.assign(static_cast<size_t>(s.m) * s.n, 0);
  if (from_c) SparseMoveC<false>(s, dst.ptr, &acc);
  vec::CubeMatAccI32(a.data(), b.data(), acc.data(), s.m, s.k, s.n);
  SparseMoveC<true>(s, dst.ptr, &acc);
  if (core.checked) {
    for (uint32_t i = 0; i < s.m; ++i) {
      for (uint32_t j = 0; j < s.n; j += kSpRows) {
        const uint64_t at = (static_cast<uint64_t>(j / kSpRows) * s.mb + i / kSpRows) * 256 +
                            (i % kSpRows) * kSpRows;
        MarkWritten(core, dst.ptr + at * 4, std::min(kSpRows, s.n - j) * 4ull);
      }
    }
  }
  if (p.unitFlag == 3) ReleaseHeldFixpipes(core);
}

}  // namespace opsim::sim::detail
