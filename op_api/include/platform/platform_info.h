// fe::PlatformInfoManager: the process's platform entries by SoC name, as CANN declares it
// (platform/platform_info.h). Host code asks it which chip it compiles for
// (GetPlatformInfoWithOutSocVersion: the entry of the optional info's soc_version); operator
// repositories' unit tests fill it first:
//   platform_info_map_["Ascend950"] = info; SetOptionalCompilationInfo(optional);
// Behaviour, CANN's: every getter answers 0 (success) and copies the entry and the optional info
// out, or answers a non-zero code (CANN's PLATFORM_FAILED, 0xFFFFFFFF) with an error log naming
// the SoC; "Ascend910" means "Ascend910A". opsim's difference: an SoC with no entry is looked up
// once among opsim's simulated devices (the runtime that holds the device profiles answers, as
// PlatformAscendCManager::GetInstance(soc) does), so GetPlatformInfo("Ascend910B1", ...) works
// without an InitializePlatformInfo and its .ini files. A test's own entry always wins.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "platform_info_def.h"
#include "platform_infos_def.h"

namespace fe {

class PlatformInfoManager {
 public:
  PlatformInfoManager(const PlatformInfoManager&) = delete;
  PlatformInfoManager& operator=(const PlatformInfoManager&) = delete;

  // Two managers, as CANN has: the operators' (Instance) and the graph engine's (GeInstance).
  static PlatformInfoManager& Instance();
  static PlatformInfoManager& GeInstance();
  // CANN loads every SoC's .ini here; opsim has nothing to load (entries come on first ask).
  uint32_t InitializePlatformInfo();
  // Forgets every entry, the tests' and the devices' (CANN: only after InitializePlatformInfo).
  uint32_t Finalize();

  uint32_t GetPlatformInfo(const std::string SoCVersion, PlatformInfo& platform_info,
                           OptionalInfo& opti_compilation_info);
  // The entry of opti_compilation_info_.soc_version; fails while that is empty.
  uint32_t GetPlatformInfoWithOutSocVersion(PlatformInfo& platform_info,
                                            OptionalInfo& opti_compilation_info);
  void SetOptionalCompilationInfo(OptionalInfo& opti_compilation_info);

  // The same over the key/value tables (platform_infos_map_, opti_compilation_infos_).
  uint32_t GetPlatformInfos(const std::string SoCVersion, PlatFormInfos& platform_info,
                            OptionalInfos& opti_compilation_info);
  uint32_t GetPlatformInfoWithOutSocVersion(PlatFormInfos& platform_info,
                                            OptionalInfos& opti_compilation_info);
  void SetOptionalCompilationInfo(OptionalInfos& opti_compilation_info);
  // Replaces the table of the optional infos' SoC (or of soc_version, which then becomes the
  // optional infos' SoC); fails when that SoC has no table yet.
  uint32_t UpdatePlatformInfos(PlatFormInfos& platform_infos);
  uint32_t UpdatePlatformInfos(const string& soc_version, PlatFormInfos& platform_infos);

  // Per device: the optional infos' SoC's table, kept from the first ask on.
  uint32_t GetPlatformInstanceByDevice(const uint32_t& device_id, PlatFormInfos& platform_infos);
  // The runtime's table (InitRuntimePlatformInfos' SoC) per device, shared with the caller
  // unless need_deep_copy.
  uint32_t GetRuntimePlatformInfosByDevice(const uint32_t& device_id, PlatFormInfos& platform_infos,
                                           bool need_deep_copy = false);
  uint32_t UpdateRuntimePlatformInfosByDevice(const uint32_t& device_id,
                                              PlatFormInfos& platform_infos);
  uint32_t InitRuntimePlatformInfos(const std::string& SoCVersion);

  // CANN declares the members below private; its repositories' unit tests reach them with
  // -fno-access-control. opsim makes them public so that those tests build without that flag.
  bool init_flag_ = false;
  bool runtime_init_flag_ = false;
  std::map<std::string, PlatformInfo> platform_info_map_;
  OptionalInfo opti_compilation_info_;
  std::map<std::string, PlatFormInfos> platform_infos_map_;
  OptionalInfos opti_compilation_infos_;
  std::map<uint32_t, PlatFormInfos> device_platform_infos_map_;
  PlatFormInfos runtime_platform_infos_;
  std::map<uint32_t, PlatFormInfos> runtime_device_platform_infos_map_;

 private:
  PlatformInfoManager();
  ~PlatformInfoManager();

  // The entry of `soc` in platform_info_map_ / platform_infos_map_, filled from opsim's device
  // for it when absent; null (with the error logged) when there is neither.
  const PlatformInfo* FindInfo(const std::string& soc);
  const PlatFormInfos* FindInfos(const std::string& soc);

  std::mutex pc_lock_;
};

}  // namespace fe
