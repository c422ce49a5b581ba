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
#include "runtime/gm_atomic.h"
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

// NZ output's fractal width in dst: 8 results with the channel split, 32 for 8-bit results
// (channel merge), else 16.
uint32_t NzWidth(const AscendC::FixpipeParamsV220& p, DType dst_type) {
  if (p.isChannelSplit) return 8;
  return DTypeSize(dst_type) == 1 ? 32 : kCols;
}

// The channel split (the F32 Channel Split page): on Atlas A2/A3 only float -> float, NZ into GM,
// without NZ2ND or unitFlag, and nSize a multiple of 8.
void CheckChannelSplit(const AscendC::FixpipeParamsV220& p, DType dst_type, DType src_type,
                       bool nd_out, const FixpipeDst& dst, const char* instr) {
  if (!p.isChannelSplit) return;
  if (src_type != DType::kFloat32 || dst_type != DType::kFloat32 || nd_out || dst.is_local ||
      p.unitFlag != 0 || p.nSize % 8 != 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "isChannelSplit with " + std::string(DTypeName(src_type)) + " -> " +
                   std::string(DTypeName(dst_type)) + (nd_out ? ", ND" : ", NZ") +
                   (dst.is_local ? " into L1" : " into GM") + ", unitFlag = " +
                   std::to_string(p.unitFlag) + ", nSize = " + std::to_string(p.nSize) +
                   " (the page: only float -> float, NZ into GM, without NZ2ND or unitFlag, nSize "
                   "a multiple of 8)");
  }
}

void CheckLayout(const AscendC::FixpipeParamsV220& p, DType dst_type, DType src_type, bool nd_out,
                 const FixpipeDst& dst, const Core& core, const char* instr) {
  if (dst.is_local && nd_out) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "Fixpipe into L1 writes NZ on " + core.device->name +
                   " (Fixpipe<T, U, CFG_NZ>): ND into L1 is Ascend 950's");
  }
  CheckChannelSplit(p, dst_type, src_type, nd_out, dst, instr);
  const uint64_t nz_column = p.mSize * uint64_t{NzWidth(p, dst_type)} * DTypeSize(dst_type);
  const bool nz_overlap =
      !nd_out && p.nSize > NzWidth(p, dst_type) && p.dstStride * 32ull < nz_column;
  if (p.ndNum == 0 || (nd_out && p.mSize > 0 && p.dstStride < p.nSize) || nz_overlap) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "ndNum = " + std::to_string(p.ndNum) +
                   ", dstStride = " + std::to_string(p.dstStride) +
                   ", nSize = " + std::to_string(p.nSize) + ", mSize = " + std::to_string(p.mSize) +
                   " (expected ndNum >= 1; ND: dstStride >= nSize elements; NZ: dstStride x 32 B "
                   ">= mSize rows of a fractal column (" +
                   std::to_string(NzWidth(p, dst_type)) +
                   " results), the fractal columns must not overlap)");
  }
  CheckUnitFlag(core, p.unitFlag, instr);
  if (core.atomic_op != 0 && (dst.is_local || core.atomic_dtype != dst_type)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               dst.is_local ? std::string("Fixpipe into L1 under SetAtomicAdd/Max/Min is not "
                                          "modelled")
                            : "Fixpipe of " + std::string(DTypeName(dst_type)) +
                                  " results under the atomic mode of " +
                                  std::string(DTypeName(core.atomic_dtype)) +
                                  ": the atomic type must be the output's");
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
// fractal columns dstStride 32 B blocks apart, each holding its rows of `width` results back to
// back (the NZ2NZ page's loop; ndNum plays no part there). The width is 16, 8 with the channel
// split (its sample's golden: 16 x 8 fractals), and 32 for 8-bit results: the Int8 Channel Merge
// page merges each two 16-channel fractals into one 16 x 32, the last 16 channels of an odd count
// staying a 16 x 16 fractal.
struct OutLayout {
  bool nd = true;
  uint64_t db = 0;
  uint64_t nd_num = 1;
  const AscendC::FixpipeParamsV220* p = nullptr;
  uint32_t width = kCols;
  uint32_t cols = 0;  // results per written row (NZ: whole 16-result blocks, or 8 with the split)

  OutLayout() = default;
  OutLayout(bool nd_in, DType dst, uint64_t nd_num_in, const AscendC::FixpipeParamsV220& params)
      : nd(nd_in), db(DTypeSize(dst)), nd_num(nd_num_in), p(&params) {
    width = NzWidth(params, dst);
    const uint32_t block = params.isChannelSplit ? 8 : kCols;
    cols = nd ? params.nSize : (params.nSize + block - 1) / block * block;
  }
  // The width of the fractal column holding result column j.
  uint32_t WidthAt(uint64_t j) const {
    if (nd) return cols;
    return (j / width + 1) * width <= cols ? width
                                           : cols - static_cast<uint32_t>(j / width * width);
  }
  uint64_t At(uint64_t nd, uint64_t i, uint64_t j) const {
    if (this->nd) return (nd * p->dstNdStride + i * p->dstStride + j) * db;
    return (j / width) * p->dstStride * 32ull + (i * WidthAt(j) + j % width) * db;
  }
  uint64_t Span() const {
    if (nd)
      return ((nd_num - 1) * p->dstNdStride + (p->mSize - 1ull) * p->dstStride + p->nSize) * db;
    return ((cols - 1ull) / width) * p->dstStride * 32ull +
           p->mSize * uint64_t{WidthAt(cols - 1)} * db;
  }
  uint32_t Cols() const { return cols; }
};

// One read-out, checked: its operands, how each result converts, where it lands and the spans.
struct FixpipeJob {
  FixpipeDst dst;
  UbRef src;
  const UbRef* table = nullptr;
  bool words_in_fb = false;  // the table is SetFixPipeConfig's tensor in FB, not L1
  DType dst_type = DType::kFloat32;
  DType src_type = DType::kFloat32;
  bool nd_out = true;
  const AscendC::FixpipeParamsV220* p = nullptr;
  const char* instr = "";
  FixpipePlan plan;
  OutLayout out;
  uint64_t nd_src = 0;   // L0C bytes between matrices (srcNdStride 1 KiB fractals)
  uint64_t src_col = 0;  // L0C bytes between fractal columns
  uint64_t dst_span = 0;
  uint64_t table_bytes = 0;  // the per-column words the vector modes read
};

// Checks the operands, parameters and bounds; false when there is nothing to move.
bool PlanFixpipe(Core& core, FixpipeJob& j) {
  const AscendC::FixpipeParamsV220& p = *j.p;
  RequireCubeOperand(core, j.src, static_cast<int>(CubeMem::kL0C), -1, 64, j.instr, "src",
                     "CO1 (L0C)");
  if (j.dst.is_local) {
    RequireCubeOperand(core, j.dst.local, static_cast<int>(CubeMem::kL1), -1, 32, j.instr, "dst",
                       "L1 (A1, B1, C1)");
  }
  if (j.table != nullptr && j.words_in_fb) {
    RequireCubeOperand(core, *j.table, static_cast<int>(CubeMem::kFB), -1, 128, j.instr,
                       "SetFixPipeConfig's quant tensor", "C2PIPE2GM (the Fixpipe buffer)");
  } else if (j.table != nullptr) {
    RequireCubeOperand(core, *j.table, static_cast<int>(CubeMem::kL1), -1, 32, j.instr,
                       "cbufWorkspace", "L1 (C1)");
  }
  j.plan = CheckQuant(p, j.dst_type, j.src_type, j.table, j.instr);
  CheckLayout(p, j.dst_type, j.src_type, j.nd_out, j.dst, core, j.instr);
  if (p.mSize == 0 || p.nSize == 0) return false;
  j.out = OutLayout(j.nd_out, j.dst_type, j.nd_out ? p.ndNum : 1u, p);
  j.nd_src = p.srcNdStride * 1024ull;
  j.src_col = p.srcStride * 16ull * 4;
  const uint64_t src_span =
      (j.out.nd_num - 1) * j.nd_src + ((p.nSize - 1ull) / kCols) * j.src_col + p.mSize * 64ull;
  j.dst_span = j.out.Span();
  j.table_bytes = j.plan.kind == QuantKind::kVector ? p.nSize * 8ull : 0;
  CheckUb(core, j.src, src_span, j.instr, "src");
  if (j.table_bytes > 0) {
    const char* words = j.words_in_fb ? "the Fixpipe buffer's words" : "cbufWorkspace";
    CheckUb(core, *j.table, j.table_bytes, j.instr, words);
    if (core.checked) CheckWritten(core, *j.table, 0, j.table_bytes, j.instr, words);
  }
  if (j.dst.is_local) {
    CheckUb(core, j.dst.local, j.dst_span, j.instr, "dst");
  } else {
    CheckGmAccess(core, j.dst.gm, 0, j.dst_span, j.instr, "dst");
  }
  return true;
}

// Charges the read-out to FIX; returns its start and sets `cost`.
double IssueFixpipe(Core& core, const FixpipeJob& j, const std::vector<uint32_t>& units,
                    double* cost) {
  const AscendC::FixpipeParamsV220& p = *j.p;
  const uint64_t results = j.out.nd_num * p.mSize * uint64_t{j.out.Cols()};
  const uint64_t out_bytes = results * j.out.db;
  // cbufWorkspace's words go L1 -> FB through the FIX pipe before the results (an assumption:
  // at the L0C read rate); SetFixPipeConfig's are in FB already.
  const uint64_t word_bytes = j.words_in_fb ? 0 : j.table_bytes;
  const double read_ns = CubeNs(
      core, static_cast<double>(results * 4 + word_bytes) / core.device->fixpipe_bytes_per_cycle);
  // Into L1 is on-chip: an issue and the L0C read; into GM a DMA (docs/CUBE.md, "DMA set-up").
  const double setup =
      j.dst.is_local ? CubeNs(core, core.device->instr_issue_cycles) : core.dma_setup_ns;
  const double transfer = j.dst.is_local ? read_ns : std::max(GmWriteNs(core, out_bytes), read_ns);
  *cost = setup + transfer;
  // unitFlag: the descriptor is set up while the Mmad works; the transfer reads each L0C unit once
  // the Mmad marked it (unit_flag.h).
  const double not_before =
      p.unitFlag != 0 ? FixpipeUnitStart(core, units, transfer, j.instr) - setup : 0;
  double start = 0;
  if (j.dst.is_local) {
    start = core.Issue(Pipe::kFix, j.instr, *cost, out_bytes, not_before);
  } else {
    const uint64_t db = j.out.db;
    const double hold = core.dma_issue_ns + transfer;  // FIX's clock, which orders a shared L2
    if (j.nd_out) {
      GmWriteLines(
          core, j.dst.gm,
          GmRows{p.mSize, p.nSize * db, p.dstStride * db, j.out.nd_num, p.dstNdStride * db},
          Pipe::kFix, hold);
    } else {
      // Whole fractal columns; an odd 16-channel tail of 8-bit results is narrower.
      const uint32_t w = j.out.width;
      const uint64_t whole = j.out.Cols() / w;
      if (whole > 0) {
        GmWriteLines(core, j.dst.gm, GmRows{1, p.mSize * w * db, 0, whole, p.dstStride * 32ull},
                     Pipe::kFix, hold);
      }
      if (j.out.Cols() % w != 0) {
        GmRef tail = j.dst.gm;
        const uint64_t skip = whole * p.dstStride * 32ull;
        tail.ptr += skip;
        tail.bytes -= std::min(tail.bytes, skip);
        tail.limit -= std::min(tail.limit, skip);
        GmWriteLines(core, tail, GmRows{1, p.mSize * uint64_t{j.out.Cols() % w} * db, 0},
                     Pipe::kFix, hold);
      }
    }
    start = IssueDma(core, Pipe::kFix, j.instr, transfer, out_bytes, not_before);
    MaterializeGm(core, j.dst.gm.ptr, j.dst.gm.ptr + j.dst_span);
  }
  if (p.unitFlag != 0) FixpipeUnitsDone(core, units, start + setup, transfer, p.unitFlag);
  return start;
}

// Under SetAtomicAdd/Max/Min (GM only): row i's converted results, `row` (cols x the output's
// bytes), combined into GM run by run.
void AccumulateRow(Core& core, const FixpipeJob& j, uint64_t nd, uint32_t i,
                   const std::vector<uint8_t>& row, double start) {
  for (uint32_t c = 0, run = 0; c < j.out.Cols(); c += run) {
    run = j.out.WidthAt(c);
    AtomicCombine(core, j.dst.gm.ptr + j.out.At(nd, i, c), row.data() + c * uint64_t{j.out.db},
                  run * uint64_t{j.out.db}, j.instr, Pipe::kFix, start);
  }
}

// Converts and writes every result; in checked mode checks what it reads from L0C and records
// what it writes (L1 bytes written, GM writes for the race check).
void WriteResults(Core& core, const FixpipeJob& j, double start) {
  const AscendC::FixpipeParamsV220& p = *j.p;
  uint8_t* const base = j.dst.is_local ? j.dst.local.ptr : j.dst.gm.ptr;
  const uint32_t cols = j.out.Cols();
  QuantWord q = j.plan.scalar;
  const bool atomic = core.atomic_op != 0;  // GM only (CheckLayout)
  std::vector<uint8_t> row(atomic ? cols * uint64_t{j.out.db} : 0);
  const auto src_at = [&j](uint32_t i, uint32_t c) {
    return (c / kCols) * j.src_col + (static_cast<uint64_t>(i) * kCols + c % kCols) * 4;
  };
  for (uint64_t nd = 0; nd < j.out.nd_num; ++nd) {
    const uint8_t* from = j.src.ptr + nd * j.nd_src;
    for (uint32_t i = 0; i < p.mSize; ++i) {
      for (uint32_t c = 0; c < cols; ++c) {
        const uint64_t at = src_at(i, c);
        // Into L1 the results' written state travels instead (below).
        if (core.checked && c % kCols == 0 && c < p.nSize && !j.dst.is_local) {
          const uint32_t n = std::min<uint32_t>(kCols, p.nSize - c);
          CheckWritten(core, j.src, nd * j.nd_src + at, n * 4ull, j.instr, "src");
        }
        if (j.plan.kind == QuantKind::kVector) {
          uint64_t word = 0;  // columns past nSize in an NZ block take the last column's word
          std::memcpy(&word, j.table->ptr + std::min<uint32_t>(c, p.nSize - 1u) * 8ull, 8);
          q = DecodeQuantWord(word, p.reluEn, j.instr,
                              j.words_in_fb ? "the Fixpipe buffer's word" : "cbufWorkspace");
        }
        ConvertOne(j.plan, q, p, j.src_type, j.dst_type, from + at,
                   atomic ? row.data() + c * uint64_t{j.out.db} : base + j.out.At(nd, i, c));
      }
      if (atomic) {
        AccumulateRow(core, j, nd, i, row, start);
        continue;
      }
      if (!core.checked) continue;
      for (uint32_t c = 0, run = 0; c < cols; c += run) {
        run = j.out.WidthAt(c);  // results written back to back
        uint8_t* to = base + j.out.At(nd, i, c);
        if (j.dst.is_local) {
          // A result in L1 is as written as the L0C one it converts: NZ into L1 takes nSize
          // aligned to 16 (CANN's rule), past the columns an Mmad of n % 16 != 0 computed, and
          // the chip copies that padding as it is (asc-devkit's batch_matmul); reading it later
          // is the fault.
          for (uint32_t e = 0; e < run; ++e) {
            if (LocalWritten(core, from + src_at(i, c + e), 4)) {
              MarkWritten(core, to + e * j.out.db, j.out.db);
            }
          }
        } else {
          // The values are read back from GM just after the conversion: another core's write
          // of other values landing in between would be taken for this one's (a window of a
          // row's conversion, with several host threads only).
          core.launch->LogGm(core, to, run * j.out.db, GmUse::kWrite, j.instr, Pipe::kFix, start,
                             {to});
        }
      }
    }
  }
}

}  // namespace

namespace {

void RunFixpipe(const FixpipeDst& dst, const UbRef& src, const UbRef* table, bool words_in_fb,
                DType dst_type, DType src_type, bool nd_out, const AscendC::FixpipeParamsV220& p,
                const char* instr) {
  Core& core = Cur();
  FixpipeJob j;
  j.dst = dst;
  j.src = src;
  j.table = table;
  j.words_in_fb = words_in_fb;
  j.dst_type = dst_type;
  j.src_type = src_type;
  j.nd_out = nd_out;
  j.p = &p;
  j.instr = instr;
  if (!PlanFixpipe(core, j)) return;
  std::vector<uint32_t> units;
  if (p.unitFlag != 0) units = UnitsRead(core, src, p, j.out.nd_num);
  // The FIX pipe waits for units no Mmad marked yet (the Mmad may come later in program order),
  // and read-outs behind it wait too: they run when a Mmad marks the units (unit_flag.h).
  if (FixpipeMustWait(core, units)) {
    const std::optional<UbRef> words =
        table != nullptr ? std::optional<UbRef>(*table) : std::nullopt;
    HoldFixpipe(
        core, units,
        [=] {
          RunFixpipe(dst, src, words ? &*words : nullptr, words_in_fb, dst_type, src_type, nd_out,
                     p, instr);
        },
        instr);
    return;
  }
  double cost = 0;
  const double start = IssueFixpipe(core, j, units, &cost);
  WriteResults(core, j, start);
  if (TracksPipes(core)) {
    const double ordered = p.unitFlag != 0 ? UnitOrderedStart(core, src, Pipe::kFix, start) : start;
    TrackRead(core, src, Pipe::kFix, ordered, start + cost, instr);
    if (j.table_bytes > 0) TrackRead(core, *table, Pipe::kFix, start, start + cost, instr);
    if (dst.is_local) TrackWrite(core, dst.local, Pipe::kFix, start, start + cost, instr, 0);
  }
}

}  // namespace

void CubeFixpipeTo(const FixpipeDst& dst, const UbRef& src, const UbRef* table, DType dst_type,
                   DType src_type, bool nd_out, const AscendC::FixpipeParamsV220& p,
                   const char* instr) {
  RunFixpipe(dst, src, table, false, dst_type, src_type, nd_out, p, instr);
}

void CubeFixpipeFromFb(const FixpipeDst& dst, const UbRef& src, const UbRef& words, DType dst_type,
                       DType src_type, bool nd_out, const AscendC::FixpipeParamsV220& p,
                       const char* instr) {
  RunFixpipe(dst, src, &words, true, dst_type, src_type, nd_out, p, instr);
}

void CubeFixpipe(const GmRef& dst, const UbRef& src, DType dst_type, DType src_type, bool nd_out,
                 const AscendC::FixpipeParamsV220& p) {
  CubeFixpipeTo(FixpipeToGm(dst), src, nullptr, dst_type, src_type, nd_out, p, "Fixpipe");
}

}  // namespace opsim::sim::detail
