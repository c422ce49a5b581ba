// The cube's mode registers and its L1/L0 fill, as CANN declares them for Atlas A2/A3
// (kernel_operator_mm_intf.h): SetHF32Mode/SetHF32TransMode (CTRL[46]/CTRL[47]: Mmad rounds
// float32 L0A/L0B inputs to HF32), SetMMRowMajor/SetMMColumnMajor/SetMMLayoutTransform
// (CTRL[51]) and Fill/InitConstValue (docs/CUBE.md, "Mode registers and Fill").
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
// CTRL bits the cube reads (CANN's kernel_macros.h).
inline constexpr int kCtrlHf32ModeBit = 46;
inline constexpr int kCtrlHf32TransModeBit = 47;
inline constexpr int kCtrlMmLayoutModeBit = 51;
// Sets one of the bits above (an S instruction); faults on a chip without the register.
void SetCubeCtrlBit(const char* api, int bit, bool one);
// Fill: repeat_times x block_num blocks (32 B in L1, 512 B in L0A/L0B), dst_gap blocks apart.
// The element type is checked here, not at compile time: CANN's dav_c220 implementation asserts
// it at run time too, so a kernel that never reaches the call still compiles.
void CubeFill(const UbRef& dst, DType dtype, const void* value, uint16_t repeat_times,
              uint16_t block_num, uint16_t dst_gap, const char* api);
}  // namespace opsim::sim::detail

namespace AscendC {

enum class HF32Mode { ENABLE, DISABLE };
enum class HF32TransMode { NEAREST_ZERO, NEAREST_EVEN };

inline void SetHF32Mode(HF32Mode mode) {
  opsim::sim::detail::SetCubeCtrlBit("SetHF32Mode", opsim::sim::detail::kCtrlHf32ModeBit,
                                     mode == HF32Mode::ENABLE);
}
// CANN's older form, still what most kernels call (SetHF32Mode(1), SetHF32Mode(tiling.flag)).
inline void SetHF32Mode(bool hf32Mode) {
  opsim::sim::detail::SetCubeCtrlBit("SetHF32Mode", opsim::sim::detail::kCtrlHf32ModeBit, hf32Mode);
}
inline void SetHF32TransMode(HF32TransMode mode) {
  opsim::sim::detail::SetCubeCtrlBit("SetHF32TransMode", opsim::sim::detail::kCtrlHf32TransModeBit,
                                     mode == HF32TransMode::NEAREST_ZERO);
}
// true: NEAREST_ZERO, as CANN's SetHF32TransModeImpl.
inline void SetHF32TransMode(bool hf32TransMode) {
  opsim::sim::detail::SetCubeCtrlBit("SetHF32TransMode", opsim::sim::detail::kCtrlHf32TransModeBit,
                                     hf32TransMode);
}
inline void SetMMRowMajor() {
  opsim::sim::detail::SetCubeCtrlBit("SetMMRowMajor", opsim::sim::detail::kCtrlMmLayoutModeBit,
                                     true);
}
inline void SetMMColumnMajor() {
  opsim::sim::detail::SetCubeCtrlBit("SetMMColumnMajor", opsim::sim::detail::kCtrlMmLayoutModeBit,
                                     false);
}
// The older name: true is SetMMRowMajor.
inline void SetMMLayoutTransform(bool mmLayoutMode) {
  opsim::sim::detail::SetCubeCtrlBit("SetMMLayoutTransform",
                                     opsim::sim::detail::kCtrlMmLayoutModeBit, mmLayoutMode);
}

template <typename T>
struct InitConstValueParams {
  InitConstValueParams() {}
  InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn,
                       const uint16_t dstGapIn, const T initValueIn)
      : repeatTimes(repeatTimesIn),
        blockNum(blockNumIn),
        dstGap(dstGapIn),
        initValue(initValueIn) {}
  InitConstValueParams(const uint16_t repeatTimesIn, const T initValueIn)
      : repeatTimes(repeatTimesIn), initValue(initValueIn) {}
  // An integer value for a half/bfloat16_t (ops-nn's InitConstValue(tmpBuf, {1, blockNum, 0,
  // 0U})): a standard conversion on the chip, ambiguous for opsim's 16-bit float class.
  template <typename V,
            typename std::enable_if<std::is_integral<V>::value && !std::is_arithmetic<T>::value,
                                    int>::type = 0>
  InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn,
                       const uint16_t dstGapIn, const V initValueIn)
      : repeatTimes(repeatTimesIn),
        blockNum(blockNumIn),
        dstGap(dstGapIn),
        initValue(static_cast<float>(initValueIn)) {}
  uint16_t repeatTimes = 0;
  uint16_t blockNum = 0;
  uint16_t dstGap = 0;
  T initValue = 0;
};

// U must be PrimT<T> (CANN: "otherwise compilation fails"); a braced initialiser takes U =
// PrimT<T>.
template <typename T, typename U = PrimT<T>,
          typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams) {
  const PrimT<T> value = initConstValueParams.initValue;
  opsim::sim::detail::CubeFill(dst.ref(), DTypeOf<PrimT<T>>(), &value,
                               initConstValueParams.repeatTimes, initConstValueParams.blockNum,
                               initConstValueParams.dstGap, "Fill");
}
// The older name of Fill.
template <typename T, typename U = PrimT<T>,
          typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
void InitConstValue(const LocalTensor<T>& dst,
                    const InitConstValueParams<U>& initConstValueParams) {
  const PrimT<T> value = initConstValueParams.initValue;
  opsim::sim::detail::CubeFill(dst.ref(), DTypeOf<PrimT<T>>(), &value,
                               initConstValueParams.repeatTimes, initConstValueParams.blockNum,
                               initConstValueParams.dstGap, "InitConstValue");
}

}  // namespace AscendC
