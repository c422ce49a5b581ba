// fe::PlatFormInfos and fe::OptionalInfos: CANN's string tables, behaviour as CANN documents it.
#include "platform/platform_infos_def.h"

#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <sstream>

namespace fe {

class PlatFormInfosImpl {
 public:
  std::mutex mutex;
  std::map<std::string, std::map<std::string, std::string>> res;
  std::map<std::string, std::vector<std::string>> aicore_dtypes;
  std::map<std::string, std::vector<std::string>> vector_dtypes;
  std::map<std::string, std::vector<std::string>> fixpipe_dtypes;
};

class OptionalInfosImpl {
 public:
  std::string soc_version;
  std::string core_type;
  uint32_t ai_core_num = 0;
  std::string l1_fusion_flag;
  std::map<std::string, std::vector<std::string>> fixpipe_dtypes;
};

namespace {

// A decimal figure of the table; 0 when absent or not a whole number (CANN's readers do the same).
uint64_t Figure(const std::string& text) {
  if (text.empty()) return 0;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || end == nullptr || *end != '\0' || text[0] == '-') return 0;
  return v;
}

bool IsVectorCoreType(const std::string& core_type) {
  return core_type == "VectorCore" || core_type == "AIV" || core_type == "MIX_AIV" ||
         core_type == "MIX_VECTOR_CORE";
}

// Fields of SaveToBuffer's text: label, key and value per line, separated by a unit separator,
// which no figure contains.
constexpr char kSep = '\x1f';

}  // namespace

bool PlatFormInfos::Init() {
  if (platform_infos_impl_ == nullptr) platform_infos_impl_ = std::make_shared<PlatFormInfosImpl>();
  return true;
}

bool PlatFormInfos::GetPlatformRes(const std::string& label, const std::string& key,
                                   std::string& val) const {
  if (platform_infos_impl_ == nullptr) return false;
  const auto& res = platform_infos_impl_->res;
  const auto l = res.find(label);
  if (l == res.end()) return false;
  const auto k = l->second.find(key);
  if (k == l->second.end()) return false;
  val = k->second;
  return true;
}

bool PlatFormInfos::GetPlatformRes(const std::string& label, const std::string& key,
                                   std::string& val) {
  return static_cast<const PlatFormInfos*>(this)->GetPlatformRes(label, key, val);
}

bool PlatFormInfos::GetPlatformResWithLock(const std::string& label, const std::string& key,
                                           std::string& val) {
  if (platform_infos_impl_ == nullptr) return false;
  std::lock_guard<std::mutex> lock(platform_infos_impl_->mutex);
  return GetPlatformRes(label, key, val);
}

bool PlatFormInfos::GetPlatformRes(const std::string& label,
                                   std::map<std::string, std::string>& res) {
  if (platform_infos_impl_ == nullptr) return false;
  const auto l = platform_infos_impl_->res.find(label);
  if (l == platform_infos_impl_->res.end()) return false;
  res = l->second;
  return true;
}

bool PlatFormInfos::GetPlatformResWithLock(const std::string& label,
                                           std::map<std::string, std::string>& res) {
  if (platform_infos_impl_ == nullptr) return false;
  std::lock_guard<std::mutex> lock(platform_infos_impl_->mutex);
  return GetPlatformRes(label, res);
}

bool PlatFormInfos::GetPlatformResWithLock(
    std::map<std::string, std::map<std::string, std::string>>& res) {
  if (platform_infos_impl_ == nullptr) return false;
  std::lock_guard<std::mutex> lock(platform_infos_impl_->mutex);
  res = platform_infos_impl_->res;
  return true;
}

uint32_t PlatFormInfos::GetCoreNum() const { return core_num_; }
uint32_t PlatFormInfos::GetCoreNumWithLock() const { return core_num_; }

void PlatFormInfos::GetLocalMemSize(const LocalMemType& mem_type, uint64_t& size) {
  const char* label = "AICoreSpec";
  const char* key = nullptr;
  switch (mem_type) {
    case LocalMemType::L0_A: key = "l0_a_size"; break;
    case LocalMemType::L0_B: key = "l0_b_size"; break;
    case LocalMemType::L0_C: key = "l0_c_size"; break;
    case LocalMemType::L1: key = "l1_size"; break;
    case LocalMemType::UB: key = "ub_size"; break;
    case LocalMemType::L2: label = "SoCInfo", key = "l2_size"; break;
    case LocalMemType::HBM: label = "SoCInfo", key = "memory_size"; break;
    default: break;
  }
  std::string text;
  size = key != nullptr && GetPlatformResWithLock(label, key, text) ? Figure(text) : 0;
}

void PlatFormInfos::GetLocalMemBw(const LocalMemType& mem_type, uint64_t& bw_size) {
  const char* key = mem_type == LocalMemType::L2    ? "l2_rate"
                    : mem_type == LocalMemType::HBM ? "ddr_rate"
                                                    : nullptr;
  std::string text;
  bw_size =
      key != nullptr && GetPlatformResWithLock("AICoreMemoryRates", key, text) ? Figure(text) : 0;
}

std::map<std::string, std::vector<std::string>> PlatFormInfos::GetAICoreIntrinsicDtype() const {
  return platform_infos_impl_ == nullptr ? decltype(platform_infos_impl_->aicore_dtypes){}
                                         : platform_infos_impl_->aicore_dtypes;
}
std::map<std::string, std::vector<std::string>> PlatFormInfos::GetAICoreIntrinsicDtype() {
  return static_cast<const PlatFormInfos*>(this)->GetAICoreIntrinsicDtype();
}
std::map<std::string, std::vector<std::string>> PlatFormInfos::GetVectorCoreIntrinsicDtype() const {
  return platform_infos_impl_ == nullptr ? decltype(platform_infos_impl_->vector_dtypes){}
                                         : platform_infos_impl_->vector_dtypes;
}
std::map<std::string, std::vector<std::string>> PlatFormInfos::GetVectorCoreIntrinsicDtype() {
  return static_cast<const PlatFormInfos*>(this)->GetVectorCoreIntrinsicDtype();
}
void PlatFormInfos::SetAICoreIntrinsicDtype(
    std::map<std::string, std::vector<std::string>>& intrinsic_dtypes) {
  if (platform_infos_impl_ != nullptr) platform_infos_impl_->aicore_dtypes = intrinsic_dtypes;
}
void PlatFormInfos::SetVectorCoreIntrinsicDtype(
    std::map<std::string, std::vector<std::string>>& intrinsic_dtypes) {
  if (platform_infos_impl_ != nullptr) platform_infos_impl_->vector_dtypes = intrinsic_dtypes;
}

void PlatFormInfos::SetPlatformRes(const std::string& label,
                                   std::map<std::string, std::string>& res) {
  if (platform_infos_impl_ != nullptr) platform_infos_impl_->res[label] = res;
}

void PlatFormInfos::SetPlatformResWithLock(const std::string& label,
                                           std::map<std::string, std::string>& res) {
  if (platform_infos_impl_ == nullptr) return;
  std::lock_guard<std::mutex> lock(platform_infos_impl_->mutex);
  SetPlatformRes(label, res);
}

std::map<std::string, std::vector<std::string>> PlatFormInfos::GetFixPipeDtypeMap() {
  return platform_infos_impl_ == nullptr ? decltype(platform_infos_impl_->fixpipe_dtypes){}
                                         : platform_infos_impl_->fixpipe_dtypes;
}
void PlatFormInfos::SetFixPipeDtypeMap(
    const std::map<std::string, std::vector<std::string>>& fixpipe_dtype_map) {
  if (platform_infos_impl_ != nullptr) platform_infos_impl_->fixpipe_dtypes = fixpipe_dtype_map;
}

// CANN's two readers differ: GetCoreNumByType counts vector cores for "VectorCore" and "AIV"
// only, SetCoreNumByCoreType also for the MIX kinds that run on vector cores.
uint32_t PlatFormInfos::GetCoreNumByType(const std::string& core_type) {
  const bool vector = core_type == "VectorCore" || core_type == "AIV";
  std::string text;
  if (!GetPlatformResWithLock("SoCInfo", vector ? "vector_core_cnt" : "ai_core_cnt", text))
    return 0;
  return static_cast<uint32_t>(Figure(text));
}

void PlatFormInfos::SetCoreNumByCoreType(const std::string& core_type) {
  std::string text;
  const char* key = IsVectorCoreType(core_type) ? "vector_core_cnt" : "ai_core_cnt";
  core_num_ =
      GetPlatformResWithLock("SoCInfo", key, text) ? static_cast<uint32_t>(Figure(text)) : 0;
}

void PlatFormInfos::SetCoreNum(const uint32_t& core_num) { core_num_ = core_num; }

std::string PlatFormInfos::SaveToBuffer() {
  std::ostringstream out;
  out << "core_num" << kSep << core_num_ << '\n';
  std::map<std::string, std::map<std::string, std::string>> res;
  if (GetPlatformResWithLock(res)) {
    for (const auto& [label, keys] : res) {
      for (const auto& [key, value] : keys) out << label << kSep << key << kSep << value << '\n';
    }
  }
  return out.str();
}

bool PlatFormInfos::LoadFromBuffer(const char* buf_ptr, const size_t buf_len) {
  if (buf_ptr == nullptr) return false;
  std::istringstream in(std::string(buf_ptr, buf_len));
  std::string line;
  std::map<std::string, std::map<std::string, std::string>> res;
  uint32_t core_num = 0;
  while (std::getline(in, line)) {
    const size_t a = line.find(kSep);
    if (a == std::string::npos) return false;
    const size_t b = line.find(kSep, a + 1);
    if (b == std::string::npos) {
      if (line.compare(0, a, "core_num") != 0) return false;
      core_num = static_cast<uint32_t>(Figure(line.substr(a + 1)));
      continue;
    }
    res[line.substr(0, a)][line.substr(a + 1, b - a - 1)] = line.substr(b + 1);
  }
  Init();
  std::lock_guard<std::mutex> lock(platform_infos_impl_->mutex);
  platform_infos_impl_->res = std::move(res);
  core_num_ = core_num;
  return true;
}

bool OptionalInfos::Init() {
  if (optional_infos_impl_ == nullptr) optional_infos_impl_ = std::make_shared<OptionalInfosImpl>();
  return true;
}

#define OPSIM_OPTIONAL_GETTER(type, name, field)                                   \
  type OptionalInfos::name() const {                                               \
    return optional_infos_impl_ == nullptr ? type{} : optional_infos_impl_->field; \
  }                                                                                \
  type OptionalInfos::name() { return static_cast<const OptionalInfos*>(this)->name(); }
OPSIM_OPTIONAL_GETTER(std::string, GetSocVersion, soc_version)
OPSIM_OPTIONAL_GETTER(std::string, GetCoreType, core_type)
OPSIM_OPTIONAL_GETTER(uint32_t, GetAICoreNum, ai_core_num)
OPSIM_OPTIONAL_GETTER(std::string, GetL1FusionFlag, l1_fusion_flag)
using DtypeMap = std::map<std::string, std::vector<std::string>>;
OPSIM_OPTIONAL_GETTER(DtypeMap, GetFixPipeDtypeMap, fixpipe_dtypes)
#undef OPSIM_OPTIONAL_GETTER

void OptionalInfos::SetFixPipeDtypeMap(const DtypeMap& fixpipe_dtype_map) {
  if (optional_infos_impl_ != nullptr) optional_infos_impl_->fixpipe_dtypes = fixpipe_dtype_map;
}
void OptionalInfos::SetSocVersion(std::string soc_version) {
  if (optional_infos_impl_ != nullptr) optional_infos_impl_->soc_version = std::move(soc_version);
}
void OptionalInfos::SetSocVersionWithLock(std::string soc_version) {
  SetSocVersion(std::move(soc_version));
}
void OptionalInfos::SetCoreType(std::string core_type) {
  if (optional_infos_impl_ != nullptr) optional_infos_impl_->core_type = std::move(core_type);
}
void OptionalInfos::SetAICoreNum(uint32_t ai_core_num) {
  if (optional_infos_impl_ != nullptr) optional_infos_impl_->ai_core_num = ai_core_num;
}
void OptionalInfos::SetL1FusionFlag(std::string l1_fusion_flag) {
  if (optional_infos_impl_ != nullptr) {
    optional_infos_impl_->l1_fusion_flag = std::move(l1_fusion_flag);
  }
}

}  // namespace fe
