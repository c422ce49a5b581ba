// fe::PlatFormInfos: what a tiling function may learn about the chip it tiles for, as CANN
// declares it (platform/platform_infos_def.h): a table of string resources by label and key
// ("SoCInfo"/"ai_core_cnt", "AICoreSpec"/"ub_size", "version"/"Short_SoC_version", ...), read by
// PlatformAscendC and by operators' host code. opsim fills it from the context's device profile
// (op_api::MakePlatformInfos); its own figures sit under the label "opsim" and are read through
// opsim/op_api/platform_figures.h, never by CANN's rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

// As CANN's: its global `using std::map/string/vector` reach every operator host file that includes
// this header (ops-nn's gemm_v2, dynamic_rnn and dynamic_quant tilings name them unqualified).
#include "platform_info_def.h"

namespace fe {

enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

class PlatFormInfosImpl;
using PlatFormInfosImplPtr = std::shared_ptr<PlatFormInfosImpl>;

// As CANN's: nothing is stored before Init() (the getters then answer false or 0), and a copy
// shares the table with its original.
class PlatFormInfos {
 public:
  bool Init();
  std::map<std::string, std::vector<std::string>> GetAICoreIntrinsicDtype();
  std::map<std::string, std::vector<std::string>> GetVectorCoreIntrinsicDtype();
  bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val);
  bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val);
  bool GetPlatformRes(const std::string& label, std::map<std::string, std::string>& res);
  bool GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res);
  bool GetPlatformResWithLock(std::map<std::string, std::map<std::string, std::string>>& res);
  // The count SetCoreNumByCoreType or SetCoreNum chose (0 before either).
  uint32_t GetCoreNum() const;
  uint32_t GetCoreNumWithLock() const;
  // UB, L1, L0_A/B/C from "AICoreSpec" (ub_size, l1_size, l0_a_size, ...), L2 and HBM from
  // "SoCInfo" (l2_size, memory_size); 0 when absent or not a number.
  void GetLocalMemSize(const LocalMemType& mem_type, uint64_t& size);
  // L2 and HBM from "AICoreMemoryRates" (l2_rate, ddr_rate); 0 otherwise.
  void GetLocalMemBw(const LocalMemType& mem_type, uint64_t& bw_size);

  std::map<std::string, std::vector<std::string>> GetAICoreIntrinsicDtype() const;
  std::map<std::string, std::vector<std::string>> GetVectorCoreIntrinsicDtype() const;
  bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val) const;

  void SetAICoreIntrinsicDtype(std::map<std::string, std::vector<std::string>>& intrinsic_dtypes);
  void SetVectorCoreIntrinsicDtype(
      std::map<std::string, std::vector<std::string>>& intrinsic_dtypes);
  // Replaces the label's keys.
  void SetPlatformRes(const std::string& label, std::map<std::string, std::string>& res);
  void SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res);
  std::map<std::string, std::vector<std::string>> GetFixPipeDtypeMap();
  void SetFixPipeDtypeMap(const std::map<std::string, std::vector<std::string>>& fixpipe_dtype_map);
  // GetCoreNum() := the core count of a kind: "VectorCore", "AIV", "MIX_AIV" and
  // "MIX_VECTOR_CORE" count SoCInfo.vector_core_cnt, any other kind SoCInfo.ai_core_cnt.
  void SetCoreNumByCoreType(const std::string& core_type);
  void SetCoreNum(const uint32_t& core_num);

  // The whole table as text (opsim's own format; LoadFromBuffer reads it back).
  std::string SaveToBuffer();
  bool LoadFromBuffer(const char* buf_ptr, const size_t buf_len);
  // SoCInfo.vector_core_cnt for "VectorCore" and "AIV", else SoCInfo.ai_core_cnt.
  uint32_t GetCoreNumByType(const std::string& core_type);

 private:
  uint32_t core_num_{0};
  PlatFormInfosImplPtr platform_infos_impl_{nullptr};
};

class OptionalInfosImpl;
using OptionalInfosImplPtr = std::shared_ptr<OptionalInfosImpl>;

// The compile options CANN keeps beside the platform (SoC, core type, AI core count, L1 fusion).
class OptionalInfos {
 public:
  bool Init();
  std::string GetSocVersion();
  std::string GetCoreType();
  uint32_t GetAICoreNum();
  std::string GetL1FusionFlag();
  std::map<std::string, std::vector<std::string>> GetFixPipeDtypeMap();

  std::string GetSocVersion() const;
  std::string GetCoreType() const;
  uint32_t GetAICoreNum() const;
  std::string GetL1FusionFlag() const;
  std::map<std::string, std::vector<std::string>> GetFixPipeDtypeMap() const;
  void SetFixPipeDtypeMap(const std::map<std::string, std::vector<std::string>>& fixpipe_dtype_map);
  void SetSocVersion(std::string soc_version);
  void SetSocVersionWithLock(std::string soc_version);
  void SetCoreType(std::string core_type);
  void SetAICoreNum(uint32_t ai_core_num);
  void SetL1FusionFlag(std::string l1_fusion_flag);

 private:
  OptionalInfosImplPtr optional_infos_impl_{nullptr};
};

}  // namespace fe
