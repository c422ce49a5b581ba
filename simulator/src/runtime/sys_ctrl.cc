// The CTRL register, Trap, the system counter, the program counter and PrintTimeStamp
// (opsim/sim/ascendc/sys_ctrl.h); DataSyncBarrier (sync.h) and the rounding helpers' faults
// (ceil_utils.h, matmul_utils.h); the scalar Cast (scalar_convert.h).
#include "opsim/sim/ascendc/sys_ctrl.h"
#include "opsim/sim/ascendc/ceil_utils.h"
#include "opsim/sim/ascendc/matmul_utils.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/sys_var.h"

#include <cinttypes>
#include <cstdio>
#include <mutex>
#include <string>

#include "opsim/sim/ascendc/debug.h"
#include "opsim/sim/ascendc/scalar_convert.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/fault.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

namespace {

// The A2/A3 system counter runs at 50 MHz (GetSystemCycle's page): 20 ns a cycle.
constexpr double kSystemCounterNsPerCycle = 20.0;

uint64_t BitsMask(int start, int end) {
  const int width = end - start + 1;
  return (width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1) << start;
}

std::string BitsName(int start, int end) {
  return start == end ? "CTRL[" + std::to_string(start) + "]"
                      : "CTRL[" + std::to_string(end) + ":" + std::to_string(start) + "]";
}

int64_t CycleAt(double ns) { return static_cast<int64_t>(ns / kSystemCounterNsPerCycle); }

const char* const kRoundModeNames[] = {"CAST_NONE",  "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                       "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};

// The scalar Cast's instruction: CANN's CastImpl runs on the 910B (dav-2201) and the 310P
// (dav-2002), and asserts "Cast is not supported on current device" elsewhere (the 910A); each
// destination has its conv_f322* instructions' modes only (CANN asserts "illegal input cast
// mode" for the rest, and the chip's build returns 0).
vec::Round ScalarCastMode(const char* api, AscendC::RoundMode mode, bool to_half) {
  Core& core = Cur();
  core.Issue(Pipe::kS, api, core.scalar_ns, 0);
  const std::string& arch = core.device->architecture;
  if (arch != "dav-2201" && arch != "dav-2002") {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string(api) + " (scalar) is not on " + core.device->name + " (" + arch +
                   "): CANN's implementation has it on the A2/A3 and the 310P");
  }
  const auto m = static_cast<size_t>(mode);
  const bool ok =
      to_half ? mode == AscendC::RoundMode::CAST_ODD
              : (mode == AscendC::RoundMode::CAST_ROUND || mode == AscendC::RoundMode::CAST_CEIL ||
                 mode == AscendC::RoundMode::CAST_FLOOR || mode == AscendC::RoundMode::CAST_RINT);
  if (!ok) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(api) + ": float -> " + (to_half ? "half" : "int32_t") + " with " +
                   (m < 7 ? kRoundModeNames[m] : std::to_string(m)) +
                   ": illegal cast mode; its page allows " +
                   (to_half ? "CAST_ODD" : "CAST_ROUND, CAST_CEIL, CAST_FLOOR and CAST_RINT"));
  }
  return ToRound(mode);
}

}  // namespace

uint16_t ScalarCastToHalfBits(float value, AscendC::RoundMode mode, const char* api) {
  const vec::Round round = ScalarCastMode(api, mode, true);
  uint16_t out = 0;
  vec::Cast(DType::kFloat16, &out, DType::kFloat32, &value, round, 1);
  return out;
}

int32_t ScalarCastToInt32(float value, AscendC::RoundMode mode, const char* api) {
  const vec::Round round = ScalarCastMode(api, mode, false);
  int32_t out = 0;
  vec::Cast(DType::kInt32, &out, DType::kFloat32, &value, round, 1);
  return out;
}

void ScalarCastUnsupportedType(const char* api, const char* what) {
  RaiseFault(FaultKind::kInvalidArgument, api,
             std::string(api) + ": " + what +
                 " that is neither half nor int32_t; its page converts a float to those two only");
}

void SetCtrlBits(const char* api, int start, int end, int64_t value) {
  Core& core = Cur();
  const uint64_t mask = BitsMask(start, end);
  const uint64_t shifted = static_cast<uint64_t>(value) << start;
  if (value < 0 || (shifted & ~mask) != 0 || (shifted >> start) != static_cast<uint64_t>(value)) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(api) + ": value " + std::to_string(value) + " does not fit " +
                   BitsName(start, end) + " (" + std::to_string(end - start + 1) +
                   " bit(s)); CANN writes value << startBit, so the excess would change other "
                   "bits of CTRL");
  }
  core.Issue(Pipe::kS, api, core.scalar_ns, 0);
  core.ctrl = static_cast<int64_t>((static_cast<uint64_t>(core.ctrl) & ~mask) | shifted);
  // The vector unit does not read the saturation switches: say so once when one leaves its
  // default, so that a result that depends on them is not taken for the chip's.
  constexpr uint64_t kSaturationBits =
      (uint64_t{1} << 48) | (uint64_t{1} << 53) | (uint64_t{1} << 59);
  if ((static_cast<uint64_t>(core.ctrl) & kSaturationBits) != 0) {
    core.launch->Warn(core, "saturation_mode_not_modelled", api, -1, [&] {
      return std::string(api) + " set " + BitsName(start, end) + " = " + std::to_string(value) +
             ": opsim records the CTRL register (GetCtrlSpr, GetSaturationFlag read it back) "
             "but its vector instructions do not change their overflow results with it";
    });
  }
}

int64_t GetCtrlBits(int start, int end) {
  Core& core = Cur();
  core.Issue(Pipe::kS, "GetCtrlSpr", core.scalar_ns, 0);
  return static_cast<int64_t>((static_cast<uint64_t>(core.ctrl) & BitsMask(start, end)) >> start);
}

void NoteL2CacheHint(int mode, int rw_mode) {
  const char* api = "GlobalTensor::SetL2CacheHint";
  if (mode != 0 && mode != 1 && mode != 2 && mode != 4) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(api) + ": mode " + std::to_string(mode) +
                   " is not a CacheMode (CACHE_MODE_DISABLE 0, NORMAL 1, LAST 2, PERSISTENT 4)");
  }
  if (rw_mode < 1 || rw_mode > 3) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(api) + ": rwMode " + std::to_string(rw_mode) +
                   " is not a CacheRwMode (READ 1, WRITE 2, RW 3)");
  }
  if (mode == 1) return;
  Core& core = Cur();
  core.launch->Warn(core, "l2_cache_hint_not_modelled", api, -1, [&] {
    return std::string(api) + "(CacheMode " + std::to_string(mode) +
           "): the results are the same under every L2 policy, but the cost model's L2 cache "
           "keeps its own policy, so the simulated time does not reflect the hint";
  });
}

void TrapImpl() {
  RaiseFault(FaultKind::kAicoreException, "Trap",
             "the kernel called Trap(): the chip stops the AI Core with an exception (CANN's CPU "
             "mode: an assert)");
}

int64_t SystemCycle() {
  Core& core = Cur();
  const double start = core.Issue(Pipe::kS, "GetSystemCycle", core.scalar_ns, 0);
  return CycleAt(start);
}

// GetArchVersion's page: "架构版本号 200: Atlas 推理系列产品AI Core; 220: Atlas A2/A3", hex digits
// (the sample prints it with %x). The 910A (dav-1001) does not have it; opsim's 310P profile is
// its AI Core (the separate Vector Core product, which lacks it, is not modelled).
uint32_t ArchVersion() {
  Core& core = Cur();
  core.Issue(Pipe::kS, "GetArchVersion", core.scalar_ns, 0);
  const std::string& arch = core.device->architecture;
  if (arch == "dav-2201") return 0x220;
  if (arch == "dav-2002") return 0x200;
  RaiseFault(FaultKind::kUnsupported, "GetArchVersion",
             "not on " + core.device->name + " (" + arch +
                 "): its page lists the A2/A3 (0x220) and the 310P's AI Core (0x200)");
}

// DataSyncBarrier's page lists the A2/A3 and the 310B (and the 950), not the 910A or the 310P.
void DataSyncBarrierImpl(AscendC::MemDsbT mem) {
  Core& core = Cur();
  const std::string& arch = core.device->architecture;
  if (arch != "dav-2201" && arch != "dav-3002") {
    RaiseFault(FaultKind::kUnsupported, "DataSyncBarrier",
               "not on " + core.device->name + " (" + arch +
                   "): its page lists the A2/A3 and the Atlas 200I/500 A2 (310B)");
  }
  if (mem > AscendC::MemDsbT::SEQ) {
    RaiseFault(FaultKind::kInvalidArgument, "DataSyncBarrier",
               "MemDsbT " + std::to_string(static_cast<int>(mem)) +
                   " is not ALL (0), DDR (1), UB (2) or SEQ (3)");
  }
  if (mem == AscendC::MemDsbT::UB && core.core_type == CoreType::kAic) return;  // AIC: no UB
  core.Issue(Pipe::kS, "DataSyncBarrier", core.scalar_ns, 0);
}

// The rounding helpers' zero divisor: the chip's scalar division raises an AI Core exception.
void RaiseCeilByZero(const char* api, uint64_t dividend) {
  RaiseFault(FaultKind::kAicoreException, api,
             std::string(api) + "(" + std::to_string(dividend) +
                 ", 0): integer division by zero (the divisor must not be 0)");
}

// CANN's Matmul utilities assert num2 > 0 ("num2 is %d , which should be larger than 0").
void RaiseCeilDivisor(const char* api, long long divisor) {
  RaiseFault(FaultKind::kInvalidArgument, api,
             "num2 is " + std::to_string(divisor) + ", which should be larger than 0");
}

int64_t ProgramCounter() {
  const auto pc = reinterpret_cast<uintptr_t>(__builtin_return_address(0));
  return static_cast<int64_t>(static_cast<uint64_t>(pc) & 0xFFFFFFFFFFFFull);
}

void PrintTimeStampImpl(uint32_t desc_id) {
  Core& core = Cur();
  const double start = core.Issue(Pipe::kS, "PrintTimeStamp", core.scalar_ns, 0);
  const int64_t pc = ProgramCounter();
  std::lock_guard<std::mutex> lock(KernelPrintMutex());
  std::printf("descId is %" PRIu32 ", rsv is 0, timeStamp is %" PRId64 ", pcPtr is %" PRId64
              ", entry is %" PRId64 ".\n",
              desc_id, CycleAt(start), pc, CycleAt(core.block_start_ns));
}

}  // namespace opsim::sim::detail
