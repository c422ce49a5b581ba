// DataCopy GM -> L1 with ND -> NZ (MTE2) and LoadData L1 -> L0A/L0B (MTE1).
#include <algorithm>
#include <cstring>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/fault.h"
#include "runtime/dma_setup.h"
#include "runtime/gm_bounds.h"
#include "runtime/l2_cache.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kC0Bytes = kCubeC0Bytes;
constexpr uint32_t kLoadFractalBytes = kCubeFractalBytes;

void RequireAtMost(uint64_t value, uint64_t max, const char* instr, const char* field) {
  if (value > max) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               std::string(field) + " = " + std::to_string(value) + " is out of range (at most " +
                   std::to_string(max) + ")");
  }
}

}  // namespace

void CubeNd2Nz(const UbRef& dst, const GmRef& src, uint32_t elem_bytes,
               const AscendC::Nd2NzParams& p) {
  const char* instr = "DataCopy(Nd2NzParams)";
  if (IsAicL1View(dst)) {  // CANN's ScmDataCopyND2NZMsg: an AIV's copy runs on its AIC
    const ScmCopyScope scm(dst, instr);
    return CubeNd2Nz(scm.dst(), src, elem_bytes, p);
  }
  Core& core = Cur();
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL1), -1, kC0Bytes, instr, "dst",
                     "L1 (A1, B1)");
  RequireAtMost(p.ndNum, 4095, instr, "ndNum");
  RequireAtMost(p.nValue, 16384, instr, "nValue");
  if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) {
    IssueDma(core, Pipe::kMte2, instr, 0, 0);
    return;
  }
  if (p.dstNzNStride == 0 || p.dstNzC0Stride == 0 || p.srcDValue < p.dValue) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "dstNzNStride = " + std::to_string(p.dstNzNStride) +
                   ", dstNzC0Stride = " + std::to_string(p.dstNzC0Stride) + ", srcDValue = " +
                   std::to_string(p.srcDValue) + " (expected strides >= 1 and srcDValue >= " +
                   "dValue = " + std::to_string(p.dValue) + ")");
  }
  const uint64_t eb = elem_bytes;
  const uint64_t row_bytes = p.dValue * eb;
  const uint64_t blocks = (row_bytes + kC0Bytes - 1) / kC0Bytes;
  const uint64_t src_span = (p.ndNum - 1ull) * p.srcNdMatrixStride * eb +
                            (p.nValue - 1ull) * p.srcDValue * eb + row_bytes;
  const uint64_t dst_span = (p.ndNum - 1ull) * p.dstNzMatrixStride * eb +
                            (p.nValue - 1ull) * p.dstNzNStride * kC0Bytes +
                            (blocks - 1) * p.dstNzC0Stride * kC0Bytes + kC0Bytes;
  CheckUb(core, dst, dst_span, instr, "dst");
  CheckGmAccess(core, src, 0, src_span, instr, "src");
  const uint64_t moved = p.ndNum * static_cast<uint64_t>(p.nValue) * row_bytes;
  const double not_before =
      core.auto_sync ? GmSyncStart(core, Pipe::kMte2, src.ptr, src.ptr + src_span, false) : 0;
  const double transfer = GmReadTransferNs(
      core, src, {p.nValue, row_bytes, p.srcDValue * eb, p.ndNum, p.srcNdMatrixStride * eb});
  const double cost = DmaLatencyNs(core, transfer);
  const double start = IssueDma(core, Pipe::kMte2, instr, transfer, moved, not_before);
  if (TracksPipes(core)) {
    TrackGm(core, Pipe::kMte2, src.ptr, src.ptr + src_span, false, start, start + cost, instr);
    TrackWrite(core, dst, Pipe::kMte2, start, start + cost, instr, 0);
  }
  for (uint64_t i = 0; i < p.ndNum; ++i) {
    for (uint64_t j = 0; j < p.nValue; ++j) {
      const uint8_t* row = src.ptr + i * p.srcNdMatrixStride * eb + j * p.srcDValue * eb;
      uint8_t* out = dst.ptr + i * p.dstNzMatrixStride * eb + j * p.dstNzNStride * kC0Bytes;
      if (core.checked) {
        core.launch->LogGm(core, row, row_bytes, GmUse::kRead, instr, Pipe::kMte2, start);
      }
      for (uint64_t k = 0; k < blocks; ++k) {
        uint8_t* block = out + k * p.dstNzC0Stride * kC0Bytes;
        const uint64_t take = std::min<uint64_t>(kC0Bytes, row_bytes - k * kC0Bytes);
        std::memmove(block, row + k * kC0Bytes, take);
        // The chip fills a row's last 32 B block with zeros past dValue.
        std::memset(block + take, 0, kC0Bytes - take);
        if (core.checked) MarkWritten(core, block, kC0Bytes);
      }
    }
  }
}

void CubeLoad2D(const UbRef& dst, const UbRef& src, uint32_t elem_bytes,
                const AscendC::LoadData2DParams& p) {
  Core& core = Cur();
  const char* instr = "LoadData";
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL1), -1, kC0Bytes, instr, "src",
                     "L1 (A1, B1)");
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0A), static_cast<int>(CubeMem::kL0B),
                     kLoadFractalBytes, instr, "dst", "L0A (A2) or L0B (B2)");
  if (p.repeatTimes == 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "repeatTimes = 0 loads nothing (expected 1 <= repeatTimes <= 255)");
  }
  if (p.ifTranspose && elem_bytes != 2) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "ifTranspose transposes 16 x 16 fractals of 16-bit elements; " +
                   std::to_string(elem_bytes * 8) + "-bit fractals are not modelled");
  }
  const uint64_t reps = p.repeatTimes;
  const uint64_t src_bytes = (p.startIndex + (reps - 1) * p.srcStride + 1) * kLoadFractalBytes;
  const uint64_t dst_bytes = ((reps - 1) * (1ull + p.dstGap) + 1) * kLoadFractalBytes;
  CheckUb(core, src, src_bytes, instr, "src");
  CheckUb(core, dst, dst_bytes, instr, "dst");
  const uint64_t moved = reps * kLoadFractalBytes;
  const double cost =
      CubeNs(core, core.device->instr_issue_cycles +
                       static_cast<double>(moved) / core.device->mte1_bytes_per_cycle);
  const double start = core.Issue(Pipe::kMte1, instr, cost, moved);
  if (TracksPipes(core)) {
    TrackRead(core, src, Pipe::kMte1, start, start + cost, instr);
    TrackWrite(core, dst, Pipe::kMte1, start, start + cost, instr, 0);
  }
  for (uint64_t r = 0; r < reps; ++r) {
    const uint8_t* from = src.ptr + (p.startIndex + r * p.srcStride) * kLoadFractalBytes;
    uint8_t* to = dst.ptr + r * (1ull + p.dstGap) * kLoadFractalBytes;
    if (!p.ifTranspose) {
      std::memmove(to, from, kLoadFractalBytes);
    } else {
      uint16_t tile[256];
      std::memcpy(tile, from, kLoadFractalBytes);
      uint16_t out[256];
      for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) out[j * 16 + i] = tile[i * 16 + j];
      }
      std::memcpy(to, out, kLoadFractalBytes);
    }
    if (!core.checked) continue;
    // Written state travels with the data, element by element through a transposition, so
    // Mmad's check sees exactly what the kernel filled (padding rows stay unwritten).
    if (!p.ifTranspose) {
      for (uint32_t b = 0; b < kLoadFractalBytes; b += kC0Bytes) {
        if (LocalWritten(core, from + b, kC0Bytes)) MarkWritten(core, to + b, kC0Bytes);
      }
      continue;
    }
    for (int i = 0; i < 16; ++i) {
      for (int j = 0; j < 16; ++j) {
        if (LocalWritten(core, from + (i * 16 + j) * 2, 2))
          MarkWritten(core, to + (j * 16 + i) * 2, 2);
      }
    }
  }
}

}  // namespace opsim::sim::detail
