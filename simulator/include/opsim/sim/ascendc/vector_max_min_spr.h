// GetReduceRepeatMaxMinSpr and its older name GetReduceMaxMinCount (CANN's
// kernel_operator_vec_reduce_intf.h; dav_c220's GetReduceMaxMinCountImpl): the MAX_MIN_CNT
// register ReduceRepeat<MAX/MIN> (WholeReduceMax/Min) and ReduceMax/ReduceMin leave, value in its
// low bits and index in its high 32, each read back as T's bits. The value-only forms are not on
// the 910B. The register is kept by simulator/src/runtime/vector_max_min_spr.cc.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
// The register's value and index bits for a reader of `dtype`; false on an AIC (CANN returns).
// Faults when the last reduction's result is not readable (counter mode, strided source) or was
// of another type.
bool ReadMaxMinCnt(const char* api, DType dtype, uint32_t* value, uint32_t* index);
[[noreturn]] void RaiseMaxMinValueOnlyForm(const char* api);

// Keeping MAX_MIN_CNT costs the max/min reductions a second pass over their source, and CANN's
// own operator repositories never read it: the register is kept only in a process that can
// read it. Any reader below, once instantiated, turns it on as its code is loaded (a static
// initialiser, so before any launch of a kernel that calls it).
bool KeepMaxMinCnt();
template <typename T>
struct MaxMinCntReader {
  static inline const bool kOn = KeepMaxMinCnt();
};

template <typename T>
constexpr bool kMaxMinSprType = std::is_same_v<T, half> || std::is_same_v<T, float>;

template <typename T>
void MaxMinSprAs(const char* api, T& value, T& index) {
  static_assert(kMaxMinSprType<T>, "GetReduceRepeatMaxMinSpr reads half or float results");
  (void)MaxMinCntReader<T>::kOn;
  uint32_t v = 0, i = 0;
  if (!ReadMaxMinCnt(api, AscendC::DTypeOf<T>(), &v, &i)) return;
  std::memcpy(static_cast<void*>(&value), &v, sizeof(T));
  std::memcpy(static_cast<void*>(&index), &i, sizeof(T));
}
template <typename T>
void MaxMinSprBits(const char* api, uint32_t& value, uint32_t& index) {
  static_assert(kMaxMinSprType<T>, "GetReduceRepeatMaxMinSpr reads half or float results");
  (void)MaxMinCntReader<T>::kOn;
  uint32_t v = 0, i = 0;
  if (!ReadMaxMinCnt(api, AscendC::DTypeOf<T>(), &v, &i)) return;
  value = v;
  index = i;
}
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void GetReduceRepeatMaxMinSpr(T& maxMinValue, T& maxMinIndex) {
  opsim::sim::detail::MaxMinSprAs("GetReduceRepeatMaxMinSpr", maxMinValue, maxMinIndex);
}
template <typename T>
void GetReduceRepeatMaxMinSpr(T& /*maxMinValue*/) {
  opsim::sim::detail::RaiseMaxMinValueOnlyForm("GetReduceRepeatMaxMinSpr");
}
template <typename T>
void GetReduceRepeatMaxMinSpr(uint32_t& maxMinValue, uint32_t& maxMinIndex) {
  opsim::sim::detail::MaxMinSprBits<T>("GetReduceRepeatMaxMinSpr", maxMinValue, maxMinIndex);
}
template <typename T>
void GetReduceRepeatMaxMinSpr(uint32_t& /*maxMinValue*/) {
  opsim::sim::detail::RaiseMaxMinValueOnlyForm("GetReduceRepeatMaxMinSpr");
}
// CANN: "GetReduceMaxMinCount has been updated, please use GetReduceRepeatMaxMinSpr instead."
template <typename T>
void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex) {
  opsim::sim::detail::MaxMinSprAs("GetReduceMaxMinCount", maxMinValue, maxMinIndex);
}
template <typename T>
void GetReduceMaxMinCount(T& /*maxMinValue*/) {
  opsim::sim::detail::RaiseMaxMinValueOnlyForm("GetReduceMaxMinCount");
}
template <typename T>
void GetReduceMaxMinCount(uint32_t& maxMinValue, uint32_t& maxMinIndex) {
  opsim::sim::detail::MaxMinSprBits<T>("GetReduceMaxMinCount", maxMinValue, maxMinIndex);
}
template <typename T>
void GetReduceMaxMinCount(uint32_t& /*maxMinValue*/) {
  opsim::sim::detail::RaiseMaxMinValueOnlyForm("GetReduceMaxMinCount");
}

}  // namespace AscendC
