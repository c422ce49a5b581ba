// The configuration of the high-level Sort that host and kernel share (CANN's
// sort_utils_constants.h, sort_utils.h and sort_tiling_intf.h): CANN declares SortConfig in both
// its kernel and its host header under one guard, the host's with the two index fields; opsim
// declares the host's, whose first two fields are the kernel's, so either side's code compiles.
#pragma once

namespace AscendC {

enum class SortType { RADIX_SORT, MERGE_SORT };

#ifndef ASCC_STRUCT_SORTCONFIG
#define ASCC_STRUCT_SORTCONFIG
struct SortConfig {
  SortType type = SortType::RADIX_SORT;
  bool isDescend = false;
  bool hasSrcIndex = false;
  bool hasDstIndex = false;
};
#endif

inline constexpr SortConfig DEFAULT_SORT_CONFIG = {SortType::RADIX_SORT, false};

}  // namespace AscendC
