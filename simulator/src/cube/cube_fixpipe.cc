// Fixpipe on the FIX pipe: L0C (NZ) results to GM as a row-major (ND) matrix, with the
// float32 -> float16/bfloat16 conversion and ReLU on the way (docs/CUBE.md).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "cube/unit_flag.h"
#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/fault.h"
#include "runtime/dma_setup.h"
#include "runtime/gm_bounds.h"
#include "runtime/l2_cache.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kCols = 16;  // columns of an L0C fractal

// The output type each modelled quantisation mode writes from float32 (or int32) results;
// false for the modes not modelled.
bool QuantOutput(AscendC::QuantMode_t q, DType src, DType* out) {
  using AscendC::QuantMode_t;
  switch (q) {
    case QuantMode_t::NoQuant: *out = src; return true;
    case QuantMode_t::F322F16: *out = DType::kFloat16; return true;
    case QuantMode_t::F322BF16: *out = DType::kBFloat16; return true;
    default: return false;
  }
}

void CheckFixpipeParams(const AscendC::FixpipeParamsV220& p, DType dst_type, DType src_type,
                        bool nd_out, const Core& core, const char* instr) {
  if (!nd_out) {
    RaiseFault(FaultKind::kUnsupported, instr, "Fixpipe with CFG_NZ (NZ output) is not modelled");
  }
  DType out = src_type;
  if (!QuantOutput(p.quantPre, src_type, &out)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "quantPre = " + std::to_string(static_cast<int>(p.quantPre)) +
                   " is not modelled (NoQuant, F322F16 and F322BF16 are)");
  }
  if ((p.quantPre != AscendC::QuantMode_t::NoQuant && src_type != DType::kFloat32) ||
      out != dst_type) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "quantPre " + std::to_string(static_cast<int>(p.quantPre)) + " turns " +
                   std::string(DTypeName(src_type)) + " results into " +
                   std::string(DTypeName(out)) + ", but dst holds " +
                   std::string(DTypeName(dst_type)));
  }
  if (p.ndNum == 0 || (p.mSize > 0 && p.dstStride < p.nSize) || p.isChannelSplit) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "ndNum = " + std::to_string(p.ndNum) + ", dstStride = " +
                   std::to_string(p.dstStride) + ", nSize = " + std::to_string(p.nSize) +
                   " (expected ndNum >= 1, dstStride >= nSize; isChannelSplit is not modelled)");
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
                                const AscendC::FixpipeParamsV220& p) {
  const uint64_t base =
      static_cast<uint64_t>(src.ptr - core.ub) - core.cube_base[static_cast<size_t>(CubeMem::kL0C)];
  std::vector<uint32_t> units;
  for (uint64_t nd = 0; nd < p.ndNum; ++nd) {
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

}  // namespace

void CubeFixpipe(const GmRef& dst, const UbRef& src, DType dst_type, DType src_type, bool nd_out,
                 const AscendC::FixpipeParamsV220& p) {
  Core& core = Cur();
  const char* instr = "Fixpipe";
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL0C), -1, 64, instr, "src", "CO1 (L0C)");
  CheckFixpipeParams(p, dst_type, src_type, nd_out, core, instr);
  if (p.mSize == 0 || p.nSize == 0) return;
  const uint64_t db = DTypeSize(dst_type);
  const uint64_t nd_src = p.srcNdStride * 1024ull;   // unit: one 16 x 16 float fractal
  const uint64_t src_col = p.srcStride * 16ull * 4;  // bytes between fractal columns
  const uint64_t src_span =
      (p.ndNum - 1ull) * nd_src + ((p.nSize - 1ull) / kCols) * src_col + p.mSize * 16ull * 4;
  const uint64_t dst_span =
      ((p.ndNum - 1ull) * p.dstNdStride + (p.mSize - 1ull) * p.dstStride + p.nSize) * db;
  CheckUb(core, src, src_span, instr, "src");
  CheckGmAccess(core, dst, 0, dst_span, instr, "dst");
  const uint64_t out_bytes = p.ndNum * static_cast<uint64_t>(p.mSize) * p.nSize * db;
  const uint64_t in_bytes = p.ndNum * static_cast<uint64_t>(p.mSize) * p.nSize * 4;
  const double setup = DmaSetupNs(core, Pipe::kFix);
  const double transfer =
      std::max(GmWriteNs(core, out_bytes),
               CubeNs(core, static_cast<double>(in_bytes) / core.device->fixpipe_bytes_per_cycle));
  const double cost = setup + transfer;
  // unitFlag: the descriptor is set up while the Mmad works; the transfer reads each L0C unit once
  // the Mmad marked it (unit_flag.h).
  std::vector<uint32_t> units;
  double not_before = 0;
  if (p.unitFlag != 0) {
    units = UnitsRead(core, src, p);
    not_before = FixpipeUnitStart(core, units, transfer, instr) - setup;
  }
  GmWriteLines(core, dst, {p.mSize, p.nSize * db, p.dstStride * db, p.ndNum, p.dstNdStride * db},
               Pipe::kFix, cost);
  const double start = IssueDma(core, Pipe::kFix, instr, setup, transfer, out_bytes, not_before);
  if (p.unitFlag != 0) FixpipeUnitsDone(core, units, start + setup, transfer, p.unitFlag);
  MaterializeGm(core, dst.ptr, dst.ptr + dst_span);
  for (uint64_t nd = 0; nd < p.ndNum; ++nd) {
    const uint8_t* from = src.ptr + nd * nd_src;
    uint8_t* to = dst.ptr + nd * p.dstNdStride * db;
    for (uint32_t i = 0; i < p.mSize; ++i) {
      uint8_t* row = to + static_cast<uint64_t>(i) * p.dstStride * db;
      for (uint32_t j = 0; j < p.nSize; ++j) {
        const uint64_t at =
            (j / kCols) * src_col + (static_cast<uint64_t>(i) * kCols + j % kCols) * 4;
        if (core.checked && j % kCols == 0) {
          const uint32_t cols = std::min<uint32_t>(kCols, p.nSize - j);
          CheckWritten(core, src, nd * nd_src + at, cols * 4ull, instr, "src");
        }
        if (src_type == DType::kInt32) {
          int32_t v;
          std::memcpy(&v, from + at, 4);
          if (p.reluEn && v < 0) v = 0;
          std::memcpy(row + j * db, &v, 4);
          continue;
        }
        float v;
        std::memcpy(&v, from + at, 4);
        if (p.reluEn) v = v > 0.0f ? v : (v != v ? v : 0.0f);
        WriteValue(dst_type, v, row + j * db);
      }
      if (core.checked) {
        core.launch->LogGm(core, row, p.nSize * db, GmUse::kWrite, instr, Pipe::kFix, start);
      }
    }
  }
  if (TracksPipes(core)) {
    const double ordered = p.unitFlag != 0 ? UnitOrderedStart(core, src, Pipe::kFix, start) : start;
    TrackRead(core, src, Pipe::kFix, ordered, start + cost, instr);
  }
}

}  // namespace opsim::sim::detail
