// Ascend C's cache maintenance (CANN's kernel_operator_cache_intf.h): DataCacheCleanAndInvalid,
// DataCachePreload, ICachePreLoad and GetICachePreloadStatus, with the CacheLine and DcciDst
// enums they take. The simulator has no data or instruction cache: a scalar
// GlobalTensor::SetValue reaches GM at once and GetValue reads it, so cleaning, invalidating and
// preloading have nothing to do, and an instruction-cache preload is always finished (0: idle).
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"

namespace AscendC {

enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& /*dst*/) {}
template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const LocalTensor<T>& /*dst*/) {}
template <typename T, CacheLine entireType>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& /*dst*/) {}

template <typename T>
inline void DataCachePreload(const GlobalTensor<uint64_t>& /*src*/, const T /*cacheOffset*/) {}

inline void ICachePreLoad(const int64_t /*preFetchLen*/) {}
inline int64_t GetICachePreloadStatus() { return 0; }

}  // namespace AscendC
