// The 910B's special registers and system tools as CANN declares them for dav_c220: the CTRL
// register (SetCtrlSpr/GetCtrlSpr, Set/GetSaturationFlag), the ACC_VAL register the count form
// of ReduceSum leaves (GetReduceRepeatSumSpr, GetAccVal), Trap, GetSystemCycle,
// GetSubBlockNum, GetProgramCounter, DisableDmaAtomic, TQueSync, PrintTimeStamp and the
// SuperKernel calls (docs/ASCENDC.md, "Issue 27 (session 27)").
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/atomic.h"
#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {
// Bits [start, end] of CTRL: `value` must fit them (CANN: a wider value is an error).
void SetCtrlBits(const char* api, int start, int end, int64_t value);
int64_t GetCtrlBits(int start, int end);
[[noreturn]] void TrapImpl();
int64_t SystemCycle();
__attribute__((noinline)) int64_t ProgramCounter();
void PrintTimeStampImpl(uint32_t desc_id);
}  // namespace opsim::sim::detail

namespace AscendC {

enum class SaturationMode : uint8_t { FLOAT, FLOAT8, INT, CAST };

// dav_c220 takes only CTRL[48] (CANN's CheckCtrlSprBitRange: "startBit and endBit must be both
// 48 on current platform!"); ResetCtrlSpr is not declared for it.
template <int8_t startBit, int8_t endBit>
static inline void SetCtrlSpr(int64_t value) {
  static_assert(startBit == endBit && startBit == 48,
                "startBit and endBit must be both 48 on current platform!");
  opsim::sim::detail::SetCtrlBits("SetCtrlSpr", startBit, endBit, value);
}
template <int8_t startBit, int8_t endBit>
static inline int64_t GetCtrlSpr() {
  static_assert(startBit == endBit && startBit == 48,
                "startBit and endBit must be both 48 on current platform!");
  return opsim::sim::detail::GetCtrlBits(startBit, endBit);
}

// CANN's bits: FLOAT 48 (0 saturates), INT 53 (1 saturates), CAST 59 (0 saturates).
template <SaturationMode mode>
constexpr int8_t SaturationModeBit() {
  static_assert(
      mode == SaturationMode::FLOAT || mode == SaturationMode::INT || mode == SaturationMode::CAST,
      "SaturationMode is not supported on current platform!");
  return mode == SaturationMode::FLOAT ? 48 : mode == SaturationMode::INT ? 53 : 59;
}
template <SaturationMode mode>
inline void SetSaturationFlag(bool enableSat) {
  constexpr int8_t bit = SaturationModeBit<mode>();
  const bool one = mode == SaturationMode::INT ? enableSat : !enableSat;
  opsim::sim::detail::SetCtrlBits("SetSaturationFlag", bit, bit, one ? 1 : 0);
}
template <SaturationMode mode>
inline bool GetSaturationFlag() {
  constexpr int8_t bit = SaturationModeBit<mode>();
  const bool one = opsim::sim::detail::GetCtrlBits(bit, bit) != 0;
  return mode == SaturationMode::INT ? one : !one;
}

// The ACC_VAL register: the bits of the last count-form ReduceSum's result, zero-extended.
inline int64_t GetReduceRepeatSumSpr() {
  if (g_coreType == AIC) return 0;
  return static_cast<int64_t>(opsim::sim::detail::Cur().acc_val);
}
template <typename T>
inline T GetReduceRepeatSumSpr() {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "GetReduceRepeatSumSpr takes half or float");
  if (g_coreType == AIC) return T(0);
  const uint64_t bits = opsim::sim::detail::Cur().acc_val;
  T value;
  std::memcpy(static_cast<void*>(&value), &bits, sizeof(T));
  return value;
}
// CANN's older names of GetReduceRepeatSumSpr.
inline int64_t GetAccVal() { return GetReduceRepeatSumSpr(); }
template <typename T>
inline T GetAccVal() {
  return GetReduceRepeatSumSpr<T>();
}

// Stops the AI Core (an AI Core exception; CANN's CPU mode asserts): the launch faults.
inline void Trap() { opsim::sim::detail::TrapImpl(); }

// The system counter at the block's scalar-pipe time: 50 MHz on the A2/A3 (CANN: "按照50MHz的
// 频率"), so a cycle is 20 ns of simulated time.
inline int64_t GetSystemCycle() { return opsim::sim::detail::SystemCycle(); }

// An address in the calling code (the host's), masked to 48 bits as CANN's get_pc() result.
inline int64_t GetProgramCounter() { return opsim::sim::detail::ProgramCounter(); }

// AIV or AIC cores of the running kind per logical AI Core: 1 on an AIC; on an AIV, 2 in a
// KERNEL_TYPE_MIX_AIC_1_2 launch and 1 otherwise (CANN's table).
inline int64_t GetSubBlockNum() { return g_coreType == AIC ? 1 : GetTaskRation(); }

// SetAtomicNone's current name.
inline void DisableDmaAtomic() { SetAtomicNone(); }

// SetFlag/WaitFlag between two pipes of the core, as the HardEvent joining them.
template <pipe_t src, pipe_t dst>
class TQueSync {
 public:
  void SetFlag(int32_t id) {
    opsim::sim::detail::SetFlagImpl(opsim::sim::detail::EventOfPipes("TQueSync::SetFlag", src, dst),
                                    id);
  }
  void WaitFlag(int32_t id) {
    opsim::sim::detail::WaitFlagImpl(
        opsim::sim::detail::EventOfPipes("TQueSync::WaitFlag", src, dst), id);
  }
};

// SuperKernel early start: on the A2 CANN "仅保证编译兼容，实际功能不生效" (compiles, no effect),
// and a launch here is one kernel.
template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX, bool FORCE = false>
inline void SetNextTaskStart() {}
template <bool FORCE = false>
inline void WaitPreTaskEnd() {}

// A time stamp line (descId, the system cycle, the PC, the block's start), printed when the
// kernel is built with ASCENDC_TIME_STAMP_ON, as CANN; nothing otherwise.
inline void PrintTimeStamp(uint32_t descId) {
#if defined(ASCENDC_TIME_STAMP_ON)
  opsim::sim::detail::PrintTimeStampImpl(descId);
#else
  (void)descId;
#endif
}

// A delay of `count` cycles on the Ascend 950; CANN's header compiles it to nothing on the 910B
// (its page lists the 950 only), and so does opsim.
template <int count = 1>
inline void Nop() {}

// Runs funPtr(args...) only on the engine named (CANN's wrapper of the ASCEND_IS_AIV/AIC
// branches for MIX kernels).
enum class EngineType : int32_t { AIC = 1, AIV = 2 };
template <EngineType engine, auto funPtr, class... Args>
void Async(Args... args) {
  if constexpr (engine == EngineType::AIV) {
    if ASCEND_IS_AIV {
      funPtr(args...);
    }
  } else if constexpr (engine == EngineType::AIC) {
    if ASCEND_IS_AIC {
      funPtr(args...);
    }
  }
}

// Scalar GM access around the data cache. The simulator has no data cache (scalar GM accesses
// are coherent), so they are GlobalTensor's GetValue/SetValue of the element, with its checks.
template <typename T>
inline T ReadGmByPassDCache(__gm__ T* addr) {
  static_assert(std::is_integral_v<T> && sizeof(T) <= 8 && !std::is_same_v<T, bool>,
                "ReadGmByPassDCache takes int8_t ... uint64_t");
  GlobalTensor<T> element;
  element.SetGlobalBuffer(addr, 1);
  return element.GetValue(0);
}
template <typename T>
inline void WriteGmByPassDCache(__gm__ T* addr, T value) {
  static_assert(std::is_integral_v<T> && sizeof(T) <= 8 && !std::is_same_v<T, bool>,
                "WriteGmByPassDCache takes int8_t ... uint64_t");
  GlobalTensor<T> element;
  element.SetGlobalBuffer(addr, 1);
  element.SetValue(0, value);
}

// The range msOpProf measures on the chip: nothing reads it in a simulated launch (its
// simulated time is in LaunchResult::stats and the trace).
inline void MetricsProfStart() {}
inline void MetricsProfStop() {}

// CANN's AscendCUtils (kernel_utils_base.h), the members a kernel calls on the 910B: block and
// C0 figures, the mask register and the float overflow mode.
class AscendCUtils {
 public:
  static inline int32_t GetBitSize(int32_t byteSize) { return byteSize * 8; }
  static inline int32_t GetC0Size() { return 32; }
  static inline int32_t GetC0Count(const int32_t dtypeSize) {
    if (dtypeSize == 0) {
      opsim::sim::RaiseFault(opsim::sim::FaultKind::kInvalidArgument, "GetC0Count",
                             "dtypeSize can not be 0");
    }
    return GetC0Size() / dtypeSize;
  }
  static inline int32_t GetDefaultBlockNum() { return 8; }
  template <typename T, bool isSetMask = true>
  static inline void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow) {
    if constexpr (isSetMask) opsim::sim::detail::SetMaskRegister(false, maskHigh, maskLow);
  }
  // CANN's lanes for `len`: 64 is the low half; a whole 32-byte block's elements or 128 and
  // above are every lane; else the first len lanes.
  template <typename T, bool isSetMask = true>
  static inline void SetMask(int32_t len) {
    if constexpr (isSetMask) {
      if (len == 64) return SetMask<T>(0, ~0ull);
      if (len == static_cast<int32_t>(32 / sizeof(T)) || len >= 128)
        return SetMask<T>(~0ull, ~0ull);
      SetVectorMask<T>(len);
    }
  }
  template <typename T>
  static inline void SetMaskCount() {
    AscendC::SetMaskCount();
  }
  template <typename T>
  static inline void SetMaskNorm() {
    AscendC::SetMaskNorm();
  }
  // CTRL[48]: 1 is the inf/nan mode, 0 saturates.
  static inline void SetOverflow(uint64_t ctrlValue) {
    opsim::sim::detail::SetCtrlBits("SetOverflow", 48, 48, ctrlValue == 1 ? 1 : 0);
  }
  template <bool isSetMask = true>
  static inline void ResetMask() {
    if constexpr (isSetMask) AscendC::ResetMask();
  }
};

}  // namespace AscendC
