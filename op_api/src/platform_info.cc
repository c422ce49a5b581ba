// fe::PlatformInfoManager (platform/platform_info.h): CANN's lookups over the entries tests and
// host code set, with opsim's simulated devices answering for an SoC nobody set.
#include "platform/platform_info.h"

#include <cstdlib>

#include "op_common/log/log.h"
#include "opsim/op_api/platform_figures.h"

#define OPSIM_PIM_LOGE(...)                                                       \
  do {                                                                            \
    if (CheckLogLevel(OP_MODULE_ID, DLOG_ERROR) == 1) {                           \
      DlogRecord(OP_MODULE_ID, DLOG_ERROR, "[PlatformInfoManager] " __VA_ARGS__); \
    }                                                                             \
  } while (0)

namespace fe {
namespace {

constexpr uint32_t kPlatformSuccess = 0;
constexpr uint32_t kPlatformFailed = 0xFFFFFFFF;  // CANN's PLATFORM_FAILED

// CANN's one alias: the 910 family's first part.
std::string RealSoc(const std::string& soc) { return soc == "Ascend910" ? "Ascend910A" : soc; }

uint64_t Figure(const PlatFormInfos& table, const char* label, const char* key) {
  std::string text;
  if (!table.GetPlatformRes(label, key, text)) return 0;
  return std::strtoull(text.c_str(), nullptr, 10);
}

// The struct form of a device's table: what MakePlatformInfos puts in it, under CANN's fields.
PlatformInfo StructOf(const PlatFormInfos& table) {
  PlatformInfo info;
  (void)table.GetPlatformRes("version", "Short_SoC_version", info.str_info.short_soc_version);
  info.soc_info.ai_core_cnt = static_cast<uint32_t>(Figure(table, "SoCInfo", "ai_core_cnt"));
  info.soc_info.vector_core_cnt =
      static_cast<uint32_t>(Figure(table, "SoCInfo", "vector_core_cnt"));
  info.soc_info.l2_size = Figure(table, "SoCInfo", "l2_size");
  info.soc_info.memory_size = Figure(table, "SoCInfo", "memory_size");
  std::string core_types;
  (void)table.GetPlatformRes("SoCInfo", "core_type_list", core_types);
  info.ai_core_spec.cube_vector_split = core_types == "CubeCore,VectorCore" ? 1 : 0;
  info.ai_core_spec.ub_size = Figure(table, "AICoreSpec", "ub_size");
  info.ai_core_spec.l1_size = Figure(table, "AICoreSpec", "l1_size");
  info.ai_core_spec.l0_a_size = Figure(table, "AICoreSpec", "l0_a_size");
  info.ai_core_spec.l0_b_size = Figure(table, "AICoreSpec", "l0_b_size");
  info.ai_core_spec.l0_c_size = Figure(table, "AICoreSpec", "l0_c_size");
  info.ai_core_intrinsic_dtype_map = table.GetAICoreIntrinsicDtype();
  info.vector_core_intrinsic_dtype_map = table.GetVectorCoreIntrinsicDtype();
  return info;
}

// A table of its own (a PlatFormInfos copy shares its original's).
PlatFormInfos DeepCopy(PlatFormInfos& from) {
  PlatFormInfos copy;
  copy.Init();
  const std::string text = from.SaveToBuffer();
  (void)copy.LoadFromBuffer(text.data(), text.size());
  auto aicore = from.GetAICoreIntrinsicDtype();
  auto vector = from.GetVectorCoreIntrinsicDtype();
  copy.SetAICoreIntrinsicDtype(aicore);
  copy.SetVectorCoreIntrinsicDtype(vector);
  copy.SetFixPipeDtypeMap(from.GetFixPipeDtypeMap());
  return copy;
}

void LogNoEntry(const std::string& soc) {
  OPSIM_PIM_LOGE(
      "no platform entry for SoC \"%s\": neither platform_info_map_/platform_infos_map_ nor "
      "opsim's simulated devices have one (set the entry, or name an SoC with a device profile, "
      "e.g. Ascend910B1)",
      soc.c_str());
}

}  // namespace

PlatformInfoManager::PlatformInfoManager() { (void)opti_compilation_infos_.Init(); }
PlatformInfoManager::~PlatformInfoManager() = default;

PlatformInfoManager& PlatformInfoManager::Instance() {
  static PlatformInfoManager manager;
  return manager;
}

PlatformInfoManager& PlatformInfoManager::GeInstance() {
  static PlatformInfoManager manager;
  return manager;
}

uint32_t PlatformInfoManager::InitializePlatformInfo() {
  std::lock_guard<std::mutex> lock(pc_lock_);
  init_flag_ = true;
  return kPlatformSuccess;
}

uint32_t PlatformInfoManager::Finalize() {
  std::lock_guard<std::mutex> lock(pc_lock_);
  platform_info_map_.clear();
  platform_infos_map_.clear();
  device_platform_infos_map_.clear();
  runtime_device_platform_infos_map_.clear();
  init_flag_ = false;
  return kPlatformSuccess;
}

const PlatformInfo* PlatformInfoManager::FindInfo(const std::string& soc) {
  auto it = platform_info_map_.find(soc);
  if (it != platform_info_map_.end()) return &it->second;
  const PlatFormInfos* table = FindInfos(soc);
  if (table == nullptr) return nullptr;
  return &platform_info_map_.emplace(soc, StructOf(*table)).first->second;
}

const PlatFormInfos* PlatformInfoManager::FindInfos(const std::string& soc) {
  auto it = platform_infos_map_.find(soc);
  if (it != platform_infos_map_.end()) return &it->second;
  PlatFormInfos table;
  if (soc.empty() || !opsim::op_api::ResolveSocPlatform(soc, &table)) {
    LogNoEntry(soc);
    return nullptr;
  }
  return &platform_infos_map_.emplace(soc, table).first->second;
}

uint32_t PlatformInfoManager::GetPlatformInfo(const std::string SoCVersion,
                                              PlatformInfo& platform_info,
                                              OptionalInfo& opti_compilation_info) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  const PlatformInfo* found = FindInfo(RealSoc(SoCVersion));
  if (found == nullptr) return kPlatformFailed;
  platform_info = *found;
  opti_compilation_info = opti_compilation_info_;
  return kPlatformSuccess;
}

uint32_t PlatformInfoManager::GetPlatformInfoWithOutSocVersion(
    PlatformInfo& platform_info, OptionalInfo& opti_compilation_info) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  if (opti_compilation_info_.soc_version.empty()) {
    OPSIM_PIM_LOGE(
        "GetPlatformInfoWithOutSocVersion: no SoC chosen (SetOptionalCompilationInfo with a "
        "soc_version first)");
    return kPlatformFailed;
  }
  const PlatformInfo* found = FindInfo(opti_compilation_info_.soc_version);
  if (found == nullptr) return kPlatformFailed;
  platform_info = *found;
  opti_compilation_info = opti_compilation_info_;
  return kPlatformSuccess;
}

void PlatformInfoManager::SetOptionalCompilationInfo(OptionalInfo& opti_compilation_info) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  opti_compilation_info_ = opti_compilation_info;
  opti_compilation_info_.soc_version = RealSoc(opti_compilation_info.soc_version);
}

uint32_t PlatformInfoManager::GetPlatformInfos(const std::string SoCVersion,
                                               PlatFormInfos& platform_info,
                                               OptionalInfos& opti_compilation_info) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  const PlatFormInfos* found = FindInfos(RealSoc(SoCVersion));
  if (found == nullptr) return kPlatformFailed;
  platform_info = *found;
  opti_compilation_info = opti_compilation_infos_;
  opti_compilation_info.SetFixPipeDtypeMap(platform_info.GetFixPipeDtypeMap());
  return kPlatformSuccess;
}

uint32_t PlatformInfoManager::GetPlatformInfoWithOutSocVersion(
    PlatFormInfos& platform_info, OptionalInfos& opti_compilation_info) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  const std::string soc = opti_compilation_infos_.GetSocVersion();
  if (soc.empty()) {
    OPSIM_PIM_LOGE(
        "GetPlatformInfoWithOutSocVersion: no SoC chosen (SetOptionalCompilationInfo with an "
        "OptionalInfos of a soc_version first)");
    return kPlatformFailed;
  }
  const PlatFormInfos* found = FindInfos(soc);
  if (found == nullptr) return kPlatformFailed;
  platform_info = *found;
  if (!platform_info.GetFixPipeDtypeMap().empty()) {
    opti_compilation_infos_.SetFixPipeDtypeMap(platform_info.GetFixPipeDtypeMap());
  }
  opti_compilation_info = opti_compilation_infos_;
  return kPlatformSuccess;
}

void PlatformInfoManager::SetOptionalCompilationInfo(OptionalInfos& opti_compilation_info) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  opti_compilation_infos_ = opti_compilation_info;
  if (opti_compilation_infos_.GetSocVersion() == "Ascend910") {
    opti_compilation_infos_.SetSocVersion(RealSoc("Ascend910"));
  }
}

uint32_t PlatformInfoManager::UpdatePlatformInfos(PlatFormInfos& platform_infos) {
  return UpdatePlatformInfos(opti_compilation_infos_.GetSocVersion(), platform_infos);
}

uint32_t PlatformInfoManager::UpdatePlatformInfos(const string& soc_version,
                                                  PlatFormInfos& platform_infos) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  const std::string soc = RealSoc(soc_version);
  if (soc.empty() || platform_infos_map_.count(soc) == 0) {
    OPSIM_PIM_LOGE(
        "UpdatePlatformInfos: SoC \"%s\" has no table to update (only an existing entry of "
        "platform_infos_map_ is replaced)",
        soc.c_str());
    return kPlatformFailed;
  }
  opti_compilation_infos_.SetSocVersion(soc);
  platform_infos_map_[soc] = platform_infos;
  return kPlatformSuccess;
}

uint32_t PlatformInfoManager::GetPlatformInstanceByDevice(const uint32_t& device_id,
                                                          PlatFormInfos& platform_infos) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  auto it = device_platform_infos_map_.find(device_id);
  if (it == device_platform_infos_map_.end()) {
    if (opti_compilation_infos_.GetSocVersion().empty()) {
      OPSIM_PIM_LOGE(
          "GetPlatformInstanceByDevice(%u): no SoC chosen (SetOptionalCompilationInfo "
          "with an OptionalInfos of a soc_version first)",
          device_id);
      return kPlatformFailed;
    }
    const PlatFormInfos* found = FindInfos(opti_compilation_infos_.GetSocVersion());
    if (found == nullptr) return kPlatformFailed;
    it = device_platform_infos_map_.emplace(device_id, *found).first;
  }
  platform_infos = it->second;
  return kPlatformSuccess;
}

uint32_t PlatformInfoManager::InitRuntimePlatformInfos(const std::string& SoCVersion) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  if (runtime_init_flag_) return kPlatformSuccess;
  const PlatFormInfos* found = FindInfos(RealSoc(SoCVersion));
  if (found == nullptr) return kPlatformFailed;
  PlatFormInfos table = *found;
  runtime_platform_infos_ = DeepCopy(table);
  runtime_init_flag_ = true;
  return kPlatformSuccess;
}

uint32_t PlatformInfoManager::GetRuntimePlatformInfosByDevice(const uint32_t& device_id,
                                                              PlatFormInfos& platform_infos,
                                                              bool need_deep_copy) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  if (!runtime_init_flag_) {
    OPSIM_PIM_LOGE(
        "GetRuntimePlatformInfosByDevice(%u): no runtime platform (InitRuntimePlatformInfos "
        "first)",
        device_id);
    return kPlatformFailed;
  }
  auto it = runtime_device_platform_infos_map_.find(device_id);
  if (it == runtime_device_platform_infos_map_.end()) {
    it = runtime_device_platform_infos_map_.emplace(device_id, DeepCopy(runtime_platform_infos_))
             .first;
  }
  platform_infos = need_deep_copy ? DeepCopy(it->second) : it->second;
  return kPlatformSuccess;
}

uint32_t PlatformInfoManager::UpdateRuntimePlatformInfosByDevice(const uint32_t& device_id,
                                                                 PlatFormInfos& platform_infos) {
  std::lock_guard<std::mutex> lock(pc_lock_);
  runtime_device_platform_infos_map_[device_id] = DeepCopy(platform_infos);
  return kPlatformSuccess;
}

}  // namespace fe
