// The host helpers of the high-level Sort (lib/sort/sort_tiling_intf.h): CANN's figures and
// errors. The SortConfig Sort is the Ascend 950's, so its helper answers only on that NpuArch.
#include <cstdio>
#include <string>

#include "tiling/tiling_api.h"

namespace AscendC {

// Named, not anonymous: op_api builds as unity files.
namespace sort_tiling_impl {

constexpr uint32_t kBlock = 32;

void CheckSortHostCommon(const char* fn, const platform_ascendc::PlatformAscendC& platform,
                         uint32_t elem_count, uint32_t type_size) {
  if (elem_count == 0) {
    std::fprintf(stderr, "[ERROR] [Sort][%s] The elemCount must be greater than 0.\n", fn);
    return;
  }
  if (type_size != 2 && type_size != 4) {
    std::fprintf(stderr, "[ERROR] [Sort][%s] dataTypeSize %u is not 2 (half) or 4 (float).\n", fn,
                 type_size);
    return;
  }
  uint64_t ub = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  const uint64_t bytes = uint64_t{elem_count} * type_size;
  if (bytes >= ub) {
    std::fprintf(
        stderr,
        "[ERROR] [Sort][%s] The source is %llu bytes; it must be less than the UB's %llu.\n", fn,
        static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(ub));
  }
}

// NpuArch 2201 and the 3510 family keep 8-byte proposals; the others 8-element region proposals.
bool ProposalArch(NpuArch a) {
  return a == NpuArch::DAV_2201 || a == NpuArch::DAV_3510 || a == NpuArch::DAV_3003;
}

uint32_t SizeOf(ge::DataType t) {
  switch (t) {
    case ge::DT_INT8:
    case ge::DT_UINT8: return 1;
    case ge::DT_INT16:
    case ge::DT_UINT16:
    case ge::DT_FLOAT16:
    case ge::DT_BF16: return 2;
    case ge::DT_INT32:
    case ge::DT_UINT32:
    case ge::DT_FLOAT: return 4;
    case ge::DT_INT64:
    case ge::DT_UINT64: return 8;
    default: return 0;
  }
}

bool IndexTypeOk(ge::DataType t) {
  return t == ge::DT_INT32 || t == ge::DT_UINT32 || t == ge::DT_INT64 || t == ge::DT_UINT64;
}

// Why the SortConfig helper gives no figures, or empty when it does.
std::string SortConfigRefusal(ge::DataType value_type, ge::DataType index_type,
                              const SortConfig& config) {
  platform_ascendc::PlatformAscendC* platform =
      platform_ascendc::PlatformAscendCManager::GetInstance();
  if (platform == nullptr) return "Failed to get PlatformAscendC";
  const NpuArch arch = platform->GetCurNpuArch();
  if (arch != NpuArch::DAV_3510 && arch != NpuArch::DAV_5102) {
    return "Unsupported NpuArch " + std::to_string(static_cast<int>(arch)) +
           " for Sort API: the SortConfig Sort is the Ascend 950's (NpuArch 3510 or 5102)";
  }
  if (config.hasSrcIndex && !config.hasDstIndex) {
    return "Sort API cannot only have source input index (hasSrcIndex without hasDstIndex)";
  }
  if (SizeOf(value_type) == 0) return "Unsupported valueType for Sort API";
  if (config.hasSrcIndex && !IndexTypeOk(index_type)) return "Unsupported indexType for Sort API";
  if (!config.hasSrcIndex && config.hasDstIndex && index_type != ge::DT_UINT32) {
    return "Unsupported indexType for Sort API: a generated dstIndex is uint32";
  }
  return "";
}

}  // namespace sort_tiling_impl

uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                          const uint32_t elemCount, const uint32_t dataTypeSize) {
  sort_tiling_impl::CheckSortHostCommon("GetConcatTmpSize", ascendcPlatform, elemCount,
                                        dataTypeSize);
  if (sort_tiling_impl::ProposalArch(ascendcPlatform.GetCurNpuArch())) return 0;
  return elemCount * REGION_PROPOSAL_DATA_SIZE_V200 * dataTypeSize;
}

uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                        const uint32_t elemCount, const uint32_t dataTypeSize) {
  sort_tiling_impl::CheckSortHostCommon("GetSortTmpSize", ascendcPlatform, elemCount, dataTypeSize);
  if (!sort_tiling_impl::ProposalArch(ascendcPlatform.GetCurNpuArch())) {
    return elemCount * REGION_PROPOSAL_DATA_SIZE_V200 * dataTypeSize;
  }
  const uint32_t per = dataTypeSize == sizeof(float) ? REGION_PROPOSAL_DATA_SIZE_FLOAT_V220
                                                     : REGION_PROPOSAL_DATA_SIZE_HALF_V220;
  return elemCount * per * dataTypeSize;
}

void GetSortMaxMinTmpSize(const ge::Shape& srcShape, ge::DataType valueType, ge::DataType indexType,
                          bool isReuseSource, const SortConfig& config, uint32_t& maxValue,
                          uint32_t& minValue) {
  const std::string refusal = sort_tiling_impl::SortConfigRefusal(valueType, indexType, config);
  if (!refusal.empty()) {
    std::fprintf(stderr, "[ERROR] [Sort][GetSortMaxMinTmpSize] %s.\n", refusal.c_str());
    return;
  }
  uint32_t n = 1;
  for (const int64_t d : srcShape.GetDims()) n *= static_cast<uint32_t>(d);
  if (config.type == SortType::MERGE_SORT) {  // one 8-byte proposal per element
    maxValue = minValue = 8 * n;
    return;
  }
  // Radix sort: 7 bytes an element (the u32 keys of this round and the next, u16 indices, the u8
  // digits) and 512 bytes of buckets, plus a copy of the values and indices unless they may be
  // overwritten.
  n = (n + sort_tiling_impl::kBlock - 1) / sort_tiling_impl::kBlock * sort_tiling_impl::kBlock;
  const uint32_t value_size = sort_tiling_impl::SizeOf(valueType);
  const uint32_t extra_value = isReuseSource ? 0 : value_size;
  const uint32_t extra_index = isReuseSource ? 0 : sort_tiling_impl::SizeOf(indexType);
  uint32_t need = n * 7 + 512;
  if (value_size != 1) {
    if (!config.hasSrcIndex && !config.hasDstIndex) {
      need += n * extra_value;
    } else if (!config.hasSrcIndex) {
      need += n * (4 + extra_value);
    } else {
      need += n * (extra_value + extra_index);
    }
  } else if (!config.hasSrcIndex && config.hasDstIndex) {
    need -= 2 * n;  // 8-bit values with generated indices need no u16 index copy
  }
  maxValue = minValue = need;
}

}  // namespace AscendC
