// The cube's CTRL bits (SetHF32Mode, SetHF32TransMode, SetMMRowMajor/ColumnMajor) and
// Fill/InitConstValue into L1, L0A or L0B (docs/CUBE.md, "Mode registers and Fill").
#include <cstring>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/hf32.h"
#include "opsim/core/dtype.h"
#include "opsim/sim/ascendc/cube_config.h"
#include "opsim/sim/ascendc/cube_matmul_engine.h"
#include "opsim/sim/fault.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

bool CtrlBit(const Core& core, int bit) {
  return ((static_cast<uint64_t>(core.ctrl) >> bit) & 1u) != 0;
}

// The element types Fill takes on the running chip (its page's data-type list).
bool FillTypeOk(const Core& core, DType t, const char** list) {
  const std::string& arch = core.device->architecture;
  if (arch == "dav-1001") {  // Atlas training (910A)
    *list = "half";
    return t == DType::kFloat16;
  }
  if (arch == "dav-2002") {  // Atlas inference AI Core (310P)
    *list = "int16_t, uint16_t, half";
    return t == DType::kInt16 || t == DType::kUInt16 || t == DType::kFloat16;
  }
  *list = "int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float";
  return t == DType::kInt16 || t == DType::kUInt16 || t == DType::kFloat16 ||
         t == DType::kBFloat16 || t == DType::kInt32 || t == DType::kUInt32 || t == DType::kFloat32;
}

void CheckFillRange(const char* api, const char* field, uint16_t v) {
  if (v > 32767) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(field) + " = " + std::to_string(v) + " (must be in [0, 32767])");
  }
}

}  // namespace

void SetCubeCtrlBit(const char* api, int bit, bool one) {
  Core& core = Cur();
  if (!IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string(api) + " does not exist on " + core.device->name + " (" +
                   core.device->architecture +
                   "): its page lists Atlas A2/A3 and the 200I/500 A2, not the Atlas "
                   "training or inference (AI Core) series");
  }
  core.Issue(Pipe::kS, api, core.scalar_ns, 0);
  const uint64_t mask = uint64_t{1} << bit;
  const auto ctrl = static_cast<uint64_t>(core.ctrl);
  core.ctrl = static_cast<int64_t>(one ? ctrl | mask : ctrl & ~mask);
}

void MatmulSetHF32(bool enable, int32_t trans_mode) {
  const char* api = "Matmul::SetHF32";
  if (trans_mode != 0 && trans_mode != 1) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               "transMode = " + std::to_string(trans_mode) +
                   " (CANN's MatmulImplBase::SetHF32: it should only be 0 / 1)");
  }
  const CubeScope scope(api);
  SetCubeCtrlBit(api, kCtrlHf32ModeBit, enable);
  SetCubeCtrlBit(api, kCtrlHf32TransModeBit, trans_mode == 1);
}

bool Hf32Enabled(const Core& core) { return CtrlBit(core, kCtrlHf32ModeBit); }
bool Hf32NearestZero(const Core& core) { return CtrlBit(core, kCtrlHf32TransModeBit); }

void RoundToHf32(float* v, size_t n, bool ties_toward_zero) {
  constexpr int kDrop = 23 - kHf32MantissaBits;
  constexpr uint32_t kUlp = uint32_t{1} << kDrop;
  constexpr uint32_t kHalf = kUlp >> 1;
  for (size_t i = 0; i < n; ++i) {
    uint32_t u;
    std::memcpy(&u, &v[i], 4);
    if ((u & 0x7F800000u) == 0x7F800000u) continue;  // Inf, NaN
    const uint32_t low = u & (kUlp - 1);
    uint32_t base = u - low;
    // Sign and magnitude: adding an ulp to the magnitude bits rounds away from zero for either
    // sign, and a carry out of the mantissa moves the exponent up (to Inf past the largest).
    const bool up = low > kHalf || (low == kHalf && !ties_toward_zero && (base & kUlp) != 0);
    if (up) base += kUlp;
    std::memcpy(&v[i], &base, 4);
  }
}

void CubeFill(const UbRef& dst, DType dtype, const void* value, uint16_t repeat_times,
              uint16_t block_num, uint16_t dst_gap, const char* api) {
  Core& core = Cur();
  const char* where = "L1 (A1, B1), L0A (A2) or L0B (B2)";
  CheckUbInPlace(core, dst, 0, api, "dst");
  const int mem = LocalMemoryAt(core, static_cast<uint64_t>(dst.ptr - core.ub));
  const bool l0 = mem == static_cast<int>(CubeMem::kL0A) || mem == static_cast<int>(CubeMem::kL0B);
  if (l0) {
    RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0A), static_cast<int>(CubeMem::kL0B),
                       kCubeFractalBytes, api, "dst", where);
  } else {
    RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL1), -1, kCubeC0Bytes, api, "dst",
                       where);
  }
  const char* types = "";
  if (!FillTypeOk(core, dtype, &types)) {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string(api) + " with " + std::string(DTypeName(dtype)) + " on " +
                   core.device->name + ": dst takes " + types);
  }
  CheckFillRange(api, "repeatTimes", repeat_times);
  CheckFillRange(api, "blockNum", block_num);
  CheckFillRange(api, "dstGap", dst_gap);
  // Atlas training and inference (AI Core) take only repeatTimes and the value: 512 B a repeat,
  // no gap (the page's constraints).
  const bool all_fields = IsA2GenerationCube(core);
  const uint64_t block = all_fields ? (l0 ? kCubeFractalBytes : kCubeC0Bytes) : 512;
  const uint64_t blocks = all_fields ? block_num : 1;
  const uint64_t gap = all_fields ? dst_gap : 0;
  const Pipe pipe = l0 ? Pipe::kMte1 : Pipe::kMte2;
  const double issue = CubeNs(core, core.device->instr_issue_cycles);
  if (repeat_times == 0 || blocks == 0) {  // a NOP on the chip (the page)
    core.Issue(pipe, api, issue, 0);
    core.launch->Warn(core, "empty_fill", api, -1, [&] {
      std::string m = std::string(api) + " with repeatTimes = " + std::to_string(repeat_times) +
                      " and blockNum = " + std::to_string(block_num) +
                      " writes nothing (0 in either is a NOP)";
      if (repeat_times != 0) {
        m += "; InitConstValueParams(repeatTimes, value) leaves blockNum 0: that form fills "
             "only on the Atlas training and inference series";
      }
      return m;
    });
    return;
  }
  const uint64_t reps = repeat_times;
  const uint64_t span = ((reps - 1) * (blocks + gap) + blocks) * block;
  CheckUb(core, dst, span, api, "dst");
  const uint64_t written = reps * blocks * block;
  const double cost =
      issue + CubeNs(core, static_cast<double>(written) / core.device->mte1_bytes_per_cycle);
  const double start = core.Issue(pipe, api, cost, written);
  if (TracksPipes(core)) TrackWrite(core, dst, pipe, start, start + cost, api, 0);
  const size_t eb = DTypeSize(dtype);
  for (uint64_t r = 0; r < reps; ++r) {
    uint8_t* to = dst.ptr + r * (blocks + gap) * block;
    vec::Fill(dtype, to, value, blocks * block / eb);
    if (core.checked) MarkWritten(core, to, blocks * block);
  }
}

}  // namespace opsim::sim::detail
