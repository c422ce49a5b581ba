// Fixpipe on the FIX pipe: L0C (NZ) results to GM as a row-major (ND) or NZ matrix, or into L1
// as NZ, with the float32 -> float16/bfloat16 conversion, the scalar and per-column quantisation
// modes and ReLU on the way (docs/CUBE.md).
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "cube/fixpipe_quant.h"
#include "cube/unit_flag.h"
#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/ascendc/cube_fixpipe.h"
#include "opsim/sim/fault.h"
#include "runtime/dma_setup.h"
#include "runtime/gm_bounds.h"
#include "runtime/l2_cache.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kCols = 16;  // columns of an L0C fractal

std::string ModeName(AscendC::QuantMode_t q) { return std::to_string(static_cast<int>(q)); }

// What the checks settled: how each result is converted.
struct FixpipePlan {
  QuantKind kind = QuantKind::kNone;
  QuantWord scalar;  // kScalar: p.deqScalar decoded
};

FixpipePlan CheckQuant(const AscendC::FixpipeParamsV220& p, DType dst_type, DType src_type,
                       const UbRef* table, const char* instr) {
  FixpipePlan plan;
  DType in = src_type;
  DType out = src_type;
  if (!QuantModeOf(p.quantPre, src_type, &plan.kind, &in, &out)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "quantPre = " + ModeName(p.quantPre) +
                   " is not an Atlas A2 mode (NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, "
                   "QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8 are)");
  }
  const bool b8 = out == DType::kInt8 && (dst_type == DType::kInt8 || dst_type == DType::kUInt8);
  if (in != src_type || (out != dst_type && !b8)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "quantPre " + ModeName(p.quantPre) + " turns " + std::string(DTypeName(in)) +
                   " results into " + std::string(DTypeName(out)) + ", but dst holds " +
                   std::string(DTypeName(dst_type)) + " and src " +
                   std::string(DTypeName(src_type)));
  }
  if (plan.kind == QuantKind::kVector && table == nullptr) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "quantPre " + ModeName(p.quantPre) +
                   " takes one quantisation word per column: pass them as cbufWorkspace "
                   "(a LocalTensor<uint64_t> in L1)");
  }
  if (plan.kind == QuantKind::kScalar) {
    plan.scalar = DecodeQuantWord(p.deqScalar, p.reluEn, instr, "deqScalar");
  }
  return plan;
}

void CheckLayout(const AscendC::FixpipeParamsV220& p, DType dst_type, bool nd_out,
                 const FixpipeDst& dst, const Core& core, const char* instr) {
  if (dst.is_local && nd_out) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "Fixpipe into L1 writes NZ on " + core.device->name +
                   " (Fixpipe<T, U, CFG_NZ>): ND into L1 is Ascend 950's");
  }
  if (!nd_out && DTypeSize(dst_type) == 1) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "NZ output of 8-bit results (channel merge, 16 x 32 fractals) is not modelled");
  }
  const uint64_t nz_column = p.mSize * uint64_t{kCols} * DTypeSize(dst_type);
  const bool nz_overlap = !nd_out && p.nSize > kCols && p.dstStride * 32ull < nz_column;
  if (p.ndNum == 0 || (nd_out && p.mSize > 0 && p.dstStride < p.nSize) || nz_overlap ||
      p.isChannelSplit) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "ndNum = " + std::to_string(p.ndNum) +
                   ", dstStride = " + std::to_string(p.dstStride) +
                   ", nSize = " + std::to_string(p.nSize) + ", mSize = " + std::to_string(p.mSize) +
                   " (expected ndNum >= 1; ND: dstStride >= nSize elements; NZ: dstStride x 32 B "
                   ">= mSize x 16 results, the fractal columns must not overlap; isChannelSplit "
                   "is not modelled)");
  }
  CheckUnitFlag(core, p.unitFlag, instr);
  if (core.atomic_op != 0) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "Fixpipe under SetAtomicAdd/Max/Min is not modelled");
  }
}

void WriteValue(DType out, float v, uint8_t* to) {
  if (out == DType::kFloat16) {
    const uint16_t b = Half(v).bits();
    std::memcpy(to, &b, 2);
  } else if (out == DType::kBFloat16) {
    const uint16_t b = BFloat16(v).bits();
    std::memcpy(to, &b, 2);
  } else {
    std::memcpy(to, &v, 4);
  }
}

// One L0C result converted on its way out.
void ConvertOne(const FixpipePlan& plan, const QuantWord& q, const AscendC::FixpipeParamsV220& p,
                DType src_type, DType dst_type, const uint8_t* from, uint8_t* to) {
  if (plan.kind == QuantKind::kScalar || plan.kind == QuantKind::kVector) {
    QuantizeValue(p.quantPre, src_type, from, q, to);
  } else if (src_type == DType::kInt32) {
    int32_t v;
    std::memcpy(&v, from, 4);
    if (p.reluEn && v < 0) v = 0;
    std::memcpy(to, &v, 4);
  } else {
    float v;
    std::memcpy(&v, from, 4);
    if (p.reluEn) v = v > 0.0f ? v : (v != v ? v : 0.0f);
    WriteValue(dst_type, v, to);
  }
}

// The Fixpipe's GM side: into the L2 at the profile's L2 write rate (write-back: the lines land
// there whether they were held or not; their later write-back to HBM is not the core's time), or
// at the DMA rate on a chip without an L2 or a rate (docs/CUBE.md, "The Fixpipe's GM writes").
double GmWriteNs(const Core& core, uint64_t bytes) {
  const DeviceProfile& d = *core.device;
  if (d.l2_bytes == 0 || d.l2_write_gbps_per_core <= 0 ||
      d.l2_write_gbps_per_core == d.dma_gbps_per_core) {
    return DmaTransferNs(core, bytes);
  }
  return static_cast<double>(bytes) / d.l2_write_gbps_per_core;  // GB/s = bytes per ns
}

// The L0C units a Fixpipe reads, in the order it reads them (an assumption: L0C address order,
// fractal column by fractal column of each matrix; CANN does not publish it).
std::vector<uint32_t> UnitsRead(const Core& core, const UbRef& src,
                                const AscendC::FixpipeParamsV220& p, uint64_t nd_num) {
  const uint64_t base =
      static_cast<uint64_t>(src.ptr - core.ub) - core.cube_base[static_cast<size_t>(CubeMem::kL0C)];
  std::vector<uint32_t> units;
  for (uint64_t nd = 0; nd < nd_num; ++nd) {
    for (uint32_t col = 0; col * kCols < p.nSize; ++col) {
      for (uint32_t row = 0; row * 16 < p.mSize; ++row) {
        const uint64_t at =
            base + nd * p.srcNdStride * 1024ull + col * p.srcStride * 64ull + row * 1024ull;
        units.push_back(static_cast<uint32_t>(at / kL0cUnitBytes));
      }
    }
  }
  return units;
}

// Where each result goes: ND rows dstStride elements apart, matrices dstNdStride apart; NZ
// fractal columns dstStride 32 B blocks apart, each holding its rows of 16 results back to back
// (the NZ2NZ page's loop; ndNum plays no part there).
struct OutLayout {
  bool nd = true;
  uint64_t db = 0;
  uint64_t nd_num = 1;
  const AscendC::FixpipeParamsV220* p = nullptr;
  uint64_t At(uint64_t nd, uint64_t i, uint64_t j) const {
    if (this->nd) return (nd * p->dstNdStride + i * p->dstStride + j) * db;
    return (j / kCols) * p->dstStride * 32ull + (i * kCols + j % kCols) * db;
  }
  uint64_t Span() const {
    if (nd)
      return ((nd_num - 1) * p->dstNdStride + (p->mSize - 1ull) * p->dstStride + p->nSize) * db;
    return ((p->nSize - 1ull) / kCols) * p->dstStride * 32ull + p->mSize * uint64_t{kCols} * db;
  }
  // Results per written row: NZ moves whole 16-result blocks (the NZ2NZ loop's ceil(nSize / 16)).
  uint32_t Cols() const { return nd ? p->nSize : (p->nSize + kCols - 1) / kCols * kCols; }
};

}  // namespace

void CubeFixpipeTo(const FixpipeDst& dst, const UbRef& src, const UbRef* table, DType dst_type,
                   DType src_type, bool nd_out, const AscendC::FixpipeParamsV220& p,
                   const char* instr) {
  Core& core = Cur();
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL0C), -1, 64, instr, "src", "CO1 (L0C)");
  if (dst.is_local) {
    RequireCubeOperand(core, dst.local, static_cast<int>(CubeMem::kL1), -1, 32, instr, "dst",
                       "L1 (A1, B1, C1)");
  }
  if (table != nullptr) {
    RequireCubeOperand(core, *table, static_cast<int>(CubeMem::kL1), -1, 32, instr, "cbufWorkspace",
                       "L1 (C1)");
  }
  const FixpipePlan plan = CheckQuant(p, dst_type, src_type, table, instr);
  CheckLayout(p, dst_type, nd_out, dst, core, instr);
  if (p.mSize == 0 || p.nSize == 0) return;
  const OutLayout out{nd_out, DTypeSize(dst_type), nd_out ? p.ndNum : 1u, &p};
  const uint64_t nd_src = p.srcNdStride * 1024ull;   // unit: one 16 x 16 float fractal
  const uint64_t src_col = p.srcStride * 16ull * 4;  // bytes between fractal columns
  const uint64_t src_span =
      (out.nd_num - 1) * nd_src + ((p.nSize - 1ull) / kCols) * src_col + p.mSize * 16ull * 4;
  const uint64_t dst_span = out.Span();
  const uint64_t table_bytes = plan.kind == QuantKind::kVector ? p.nSize * 8ull : 0;
  CheckUb(core, src, src_span, instr, "src");
  if (table_bytes > 0) {
    CheckUb(core, *table, table_bytes, instr, "cbufWorkspace");
    if (core.checked) CheckWritten(core, *table, 0, table_bytes, instr, "cbufWorkspace");
  }
  if (dst.is_local) {
    CheckUb(core, dst.local, dst_span, instr, "dst");
  } else {
    CheckGmAccess(core, dst.gm, 0, dst_span, instr, "dst");
  }
  std::vector<uint32_t> units;
  if (p.unitFlag != 0) units = UnitsRead(core, src, p, out.nd_num);
  // The FIX pipe waits for units no Mmad marked yet (the Mmad may come later in program order),
  // and read-outs behind it wait too: they run when a Mmad marks the units (unit_flag.h).
  if (FixpipeMustWait(core, units)) {
    const std::optional<UbRef> words =
        table != nullptr ? std::optional<UbRef>(*table) : std::nullopt;
    HoldFixpipe(
        core, units,
        [=] {
          CubeFixpipeTo(dst, src, words ? &*words : nullptr, dst_type, src_type, nd_out, p, instr);
        },
        instr);
    return;
  }
  const uint64_t results = out.nd_num * p.mSize * uint64_t{out.Cols()};
  const uint64_t out_bytes = results * out.db;
  // The per-column words go L1 -> FB through the FIX pipe before the results (an assumption:
  // at the L0C read rate).
  const double read_ns = CubeNs(
      core, static_cast<double>(results * 4 + table_bytes) / core.device->fixpipe_bytes_per_cycle);
  // Into L1 is on-chip: an issue and the L0C read; into GM a DMA (docs/CUBE.md, "DMA set-up").
  const double setup =
      dst.is_local ? CubeNs(core, core.device->instr_issue_cycles) : DmaSetupNs(core, Pipe::kFix);
  const double transfer = dst.is_local ? read_ns : std::max(GmWriteNs(core, out_bytes), read_ns);
  const double cost = setup + transfer;
  // unitFlag: the descriptor is set up while the Mmad works; the transfer reads each L0C unit once
  // the Mmad marked it (unit_flag.h).
  double not_before = 0;
  if (p.unitFlag != 0) {
    not_before = FixpipeUnitStart(core, units, transfer, instr) - setup;
  }
  double start = 0;
  if (dst.is_local) {
    start = core.Issue(Pipe::kFix, instr, cost, out_bytes, not_before);
  } else {
    GmWriteLines(core, dst.gm,
                 nd_out ? GmRows{p.mSize, p.nSize * out.db, p.dstStride * out.db, out.nd_num,
                                 p.dstNdStride * out.db}
                        : GmRows{1, p.mSize * kCols * out.db, 0, (p.nSize + kCols - 1) / kCols,
                                 p.dstStride * 32ull},
                 Pipe::kFix, cost);
    start = IssueDma(core, Pipe::kFix, instr, setup, transfer, out_bytes, not_before);
    MaterializeGm(core, dst.gm.ptr, dst.gm.ptr + dst_span);
  }
  if (p.unitFlag != 0) FixpipeUnitsDone(core, units, start + setup, transfer, p.unitFlag);
  uint8_t* const base = dst.is_local ? dst.local.ptr : dst.gm.ptr;
  const uint32_t cols = out.Cols();
  QuantWord q = plan.scalar;
  for (uint64_t nd = 0; nd < out.nd_num; ++nd) {
    const uint8_t* from = src.ptr + nd * nd_src;
    for (uint32_t i = 0; i < p.mSize; ++i) {
      for (uint32_t j = 0; j < cols; ++j) {
        const uint64_t at =
            (j / kCols) * src_col + (static_cast<uint64_t>(i) * kCols + j % kCols) * 4;
        if (core.checked && j % kCols == 0 && j < p.nSize) {
          const uint32_t n = std::min<uint32_t>(kCols, p.nSize - j);
          CheckWritten(core, src, nd * nd_src + at, n * 4ull, instr, "src");
        }
        if (plan.kind == QuantKind::kVector) {
          uint64_t word = 0;  // columns past nSize in an NZ block take the last column's word
          std::memcpy(&word, table->ptr + std::min<uint32_t>(j, p.nSize - 1u) * 8ull, 8);
          q = DecodeQuantWord(word, p.reluEn, instr, "cbufWorkspace");
        }
        ConvertOne(plan, q, p, src_type, dst_type, from + at, base + out.At(nd, i, j));
      }
      if (!core.checked) continue;
      for (uint32_t j = 0; j < cols; j += nd_out ? cols : kCols) {
        const uint64_t run = (nd_out ? cols : kCols) * out.db;
        if (dst.is_local) {
          MarkWritten(core, base + out.At(nd, i, j), run);
        } else {
          core.launch->LogGm(core, base + out.At(nd, i, j), run, GmUse::kWrite, instr, Pipe::kFix,
                             start);
        }
      }
    }
  }
  if (TracksPipes(core)) {
    const double ordered = p.unitFlag != 0 ? UnitOrderedStart(core, src, Pipe::kFix, start) : start;
    TrackRead(core, src, Pipe::kFix, ordered, start + cost, instr);
    if (table_bytes > 0) TrackRead(core, *table, Pipe::kFix, start, start + cost, instr);
    if (dst.is_local) TrackWrite(core, dst.local, Pipe::kFix, start, start + cost, instr, 0);
  }
}

void CubeFixpipe(const GmRef& dst, const UbRef& src, DType dst_type, DType src_type, bool nd_out,
                 const AscendC::FixpipeParamsV220& p) {
  CubeFixpipeTo(FixpipeToGm(dst), src, nullptr, dst_type, src_type, nd_out, p, "Fixpipe");
}

}  // namespace opsim::sim::detail
