// fe::PlatformInfo and fe::OptionalInfo: the chip as plain structs, as CANN declares them
// (platform/platform_info_def.h): the same struct names, typedef names, field names and types, so
// that host code and unit tests that fill or read `platform_info.soc_info.ai_core_cnt`,
// `str_info.short_soc_version`, `ai_core_spec.l1_size` build unchanged. PlatformInfoManager
// (platform_info.h) keeps them by SoC name; fe::PlatFormInfos (platform_infos_def.h) is the
// key/value table of the same chip that tiling functions read.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

// CANN's header brings these names to global scope and code written against it (its own
// platform_info.h too) names them unqualified.
using std::map;
using std::string;
using std::vector;

namespace fe {

enum MemoryType { DDR = 0, HBM };

enum L2Type { Cache = 0, Buff };

enum JitCompileMode { REUSE_BINARY = 0, COMPILE_ONLINE, AUTO };

// Every number starts at 0 (CANN leaves most unset; a default-built struct here is all zeros,
// with CANN's own defaults where it has them: arch_type and chip_type -1, jit mode AUTO).
typedef struct tag_str_info {
  std::string aic_version;
  std::string ccec_aic_version;
  std::string ccec_aiv_version;
  std::string is_support_ai_cpu_compiler;
  std::string short_soc_version;
} StrInfo;

typedef struct tag_so_c_info {
  uint32_t ai_core_cnt = 0;
  uint32_t vector_core_cnt = 0;
  uint32_t ai_cpu_cnt = 0;
  MemoryType memory_type = DDR;
  uint64_t memory_size = 0;
  L2Type l2_type = Cache;
  uint64_t l2_size = 0;
  uint32_t l2PageNum = 0;
  uint32_t task_num = 0;
  int32_t arch_type = -1;
  int32_t chip_type = -1;
} SoCInfo;

typedef struct tag_ai_core_spec {
  double cube_freq = 0;
  uint64_t cube_m_size = 0;
  uint64_t cube_n_size = 0;
  uint64_t cube_k_size = 0;
  uint64_t vec_calc_size = 0;
  uint64_t l0_a_size = 0;
  uint64_t l0_b_size = 0;
  uint64_t l0_c_size = 0;
  uint64_t l1_size = 0;
  uint64_t smask_buffer = 0;
  uint64_t ub_size = 0;
  uint64_t ubblock_size = 0;
  uint64_t ubbank_size = 0;
  uint64_t ubbank_num = 0;
  uint64_t ubburst_in_one_block = 0;
  uint64_t ubbank_group_num = 0;
  uint32_t unzip_engines = 0;
  uint32_t unzip_max_ratios = 0;
  uint32_t unzip_channels = 0;
  uint8_t unzip_is_tight = 0;
  uint8_t cube_vector_split = 0;
  uint8_t sparsity = 0;
} AiCoreSpec;

typedef struct tag_ai_core_memory_rates {
  double ddr_rate = 0;
  double ddr_read_rate = 0;
  double ddr_write_rate = 0;
  double l2_rate = 0;
  double l2_read_rate = 0;
  double l2_write_rate = 0;
  double l1_to_l0_a_rate = 0;
  double l1_to_l0_b_rate = 0;
  double l1_to_ub_rate = 0;
  double l0_c_to_ub_rate = 0;
  double ub_to_l2_rate = 0;
  double ub_to_ddr_rate = 0;
  double ub_to_l1_rate = 0;
} AiCoreMemoryRates;

typedef struct tag_vector_core_spec {
  double vec_freq = 0;
  uint64_t vec_calc_size = 0;
  uint64_t smask_buffer = 0;
  uint64_t ub_size = 0;
  uint64_t ubblock_size = 0;
  uint64_t ubbank_size = 0;
  uint64_t ubbank_num = 0;
  uint64_t ubburst_in_one_block = 0;
  uint64_t ubbank_group_num = 0;
  uint64_t vector_reg_size = 0;
  uint64_t predicate_reg_size = 0;
  uint64_t address_reg_size = 0;
  uint64_t alignment_reg_size = 0;
} VectorCoreSpec;

typedef struct tag_vector_core_memory_rates {
  double ddr_rate = 0;
  double ddr_read_rate = 0;
  double ddr_write_rate = 0;
  double l2_rate = 0;
  double l2_read_rate = 0;
  double l2_write_rate = 0;
  double ub_to_l2_rate = 0;
  double ub_to_ddr_rate = 0;
} VectorCoreMemoryRates;

typedef struct tag_cpu_cache {
  uint32_t AICPUSyncBySW = 0;
  uint32_t TSCPUSyncBySW = 0;
} CPUCache;

typedef struct tag_software_spec {
  bool jit_compile_default_value = false;
  JitCompileMode jit_compile_mode = AUTO;
} SoftwareSpec;

typedef struct tag_platform_info {
  StrInfo str_info;
  SoCInfo soc_info;
  AiCoreSpec ai_core_spec;
  AiCoreMemoryRates ai_core_memory_rates;
  std::map<std::string, std::vector<std::string>> ai_core_intrinsic_dtype_map;
  VectorCoreSpec vector_core_spec;
  VectorCoreMemoryRates vector_core_memory_rates;
  CPUCache cpucache;
  std::map<std::string, std::vector<std::string>> vector_core_intrinsic_dtype_map;
  SoftwareSpec software_spec;
} PlatformInfo;

// The compile options beside the platform; soc_version names the PlatformInfoManager entry that
// GetPlatformInfoWithOutSocVersion answers.
typedef struct tag_optional_info {
  std::string soc_version;
  std::string core_type;
  uint32_t ai_core_num = 0;
  std::string l1_fusion_flag;
} OptionalInfo;

}  // namespace fe
