// PlatformAscendC by CANN's documented rules (the header lists them), reading only the table.
#include "tiling/platform/platform_ascendc.h"

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "op_common/log/log.h"
#include "opsim/op_api/platform_figures.h"

namespace platform_ascendc {
namespace {

constexpr uint64_t kKfcReservedBytes = 256;  // UB and L1 CANN keeps on ASCEND910B
constexpr uint32_t kLibApiWorkspaceBig = 16u * 1024 * 1024;
constexpr uint32_t kLibApiWorkspace = 2u * 1024 * 1024;
constexpr uint32_t kGroupWorkspace910B = 1u * 1024 * 1024;
constexpr uint32_t kMixRatio910B = 2;  // AIV per AIC on 910B-class parts

// CANN's platform errors are log lines, not operator errors: the caller sees a 0 or a
// RESERVED answer and decides.
#define OPSIM_PF_LOGE(...)                                                    \
  do {                                                                        \
    if (CheckLogLevel(OP_MODULE_ID, DLOG_ERROR) == 1) {                       \
      DlogRecord(OP_MODULE_ID, DLOG_ERROR, "[PlatformAscendC] " __VA_ARGS__); \
    }                                                                         \
  } while (0)

std::string Res(fe::PlatFormInfos* info, const char* label, const char* key) {
  std::string text;
  (void)info->GetPlatformResWithLock(label, key, text);
  return text;
}

bool IsDecimal(const std::string& text) {
  if (text.empty()) return false;
  for (const char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) return false;
  }
  return true;
}

uint32_t CoreCount(fe::PlatFormInfos* info, bool vector) {
  const char* key = Res(info, "SoCInfo", "core_type_list") != "CubeCore,VectorCore" ? "ai_core_cnt"
                    : vector ? "vector_core_cnt"
                             : "cube_core_cnt";
  const std::string text = Res(info, "SoCInfo", key);
  return IsDecimal(text) ? static_cast<uint32_t>(std::strtoul(text.c_str(), nullptr, 10)) : 0;
}

thread_local fe::PlatFormInfos* g_current_platform = nullptr;
std::atomic<opsim::op_api::SocPlatformResolver> g_soc_resolver{nullptr};
std::atomic<const char*> g_program_soc{nullptr};  // the SoC the program was built for

// CANN's singleton outside an operator call: the first call that finds a platform makes it, and
// every later call answers it, whatever SoC it names.
struct ProgramPlatform {
  std::mutex mu;
  fe::PlatFormInfos table;
  std::unique_ptr<PlatformAscendC> platform;
};
ProgramPlatform& Program() {
  static ProgramPlatform p;
  return p;
}

PlatformAscendC* ProgramInstance(const char* soc) {
  ProgramPlatform& p = Program();
  const std::lock_guard<std::mutex> lock(p.mu);
  if (p.platform != nullptr) return p.platform.get();
  if (soc == nullptr) {
    OPSIM_PF_LOGE(
        "PlatformAscendCManager::GetInstance: no operator call is running and the program names "
        "no SoC (a CPU-debug program linked to tikicpulib::<SoC>, or built by opsim-asc, runs on "
        "that SoC's simulated device; elsewhere call GetInstance(customSocVersion))");
    return nullptr;
  }
  const opsim::op_api::SocPlatformResolver resolver = g_soc_resolver;
  if (resolver == nullptr || !resolver(soc, &p.table)) {
    OPSIM_PF_LOGE("PlatformAscendCManager::GetInstance(\"%s\"): no simulated device for that SoC",
                  soc);
    return nullptr;
  }
  p.platform = std::make_unique<PlatformAscendC>(&p.table);
  return p.platform.get();
}

}  // namespace

fe::PlatFormInfos* PlatformAscendC::GetPlatFormInfo() const {
  ASCENDC_ASSERT(platformInfo_ != nullptr,
                 OPSIM_PF_LOGE("PlatformAscendC was constructed with a null fe::PlatFormInfos"));
  return platformInfo_;
}

uint32_t PlatformAscendC::GetCoreNum() const { return GetPlatFormInfo()->GetCoreNum(); }
uint32_t PlatformAscendC::GetCoreNumAic() const { return CoreCount(GetPlatFormInfo(), false); }
uint32_t PlatformAscendC::GetCoreNumAiv() const { return CoreCount(GetPlatFormInfo(), true); }

uint32_t PlatformAscendC::GetCoreNumVector() const {
  if (GetSocVersion() != SocVersion::ASCEND310P) return 0;
  const std::string text = Res(GetPlatFormInfo(), "SoCInfo", "vector_core_cnt");
  return IsDecimal(text) ? static_cast<uint32_t>(std::strtoul(text.c_str(), nullptr, 10)) : 0;
}

void PlatformAscendC::GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
  if (memType == CoreMemType::FB || memType == CoreMemType::BT) {
    const char* key = memType == CoreMemType::FB ? "fb0_size" : "bt_size";
    const std::string text = Res(GetPlatFormInfo(), "AICoreSpec", key);
    if (!IsDecimal(text)) {
      OPSIM_PF_LOGE("GetCoreMemSize: the platform has no AICoreSpec.%s", key);
      return;  // CANN leaves `size` as it was
    }
    size = std::strtoull(text.c_str(), nullptr, 10);
    return;
  }
  GetPlatFormInfo()->GetLocalMemSize(static_cast<fe::LocalMemType>(memType), size);
  // CANN subtracts unconditionally; opsim stops at 0 rather than wrap a missing size to 2^64.
  auto take = [&size](uint64_t bytes) { size = size > bytes ? size - bytes : 0; };
  const bool reserved_kind = memType == CoreMemType::UB || memType == CoreMemType::L1;
  if (reserved_kind && GetSocVersion() == SocVersion::ASCEND910B) take(kKfcReservedBytes);
  if (memType == CoreMemType::UB) take(reservedMemSize_);
}

void PlatformAscendC::GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const {
  GetPlatFormInfo()->GetLocalMemBw(static_cast<fe::LocalMemType>(memType), bwSize);
}

void PlatformAscendC::ReserveLocalMemory(ReservedSize size) {
  switch (size) {
    case ReservedSize::RESERVED_SIZE_8K: reservedMemSize_ = 8 * 1024; break;
    case ReservedSize::RESERVED_SIZE_16K: reservedMemSize_ = 16 * 1024; break;
    case ReservedSize::RESERVED_SIZE_32K: reservedMemSize_ = 32 * 1024; break;
    default:
      OPSIM_PF_LOGE("ReserveLocalMemory: ReservedSize %d is none of 8K, 16K, 32K",
                    static_cast<int>(size));
  }
}

SocVersion PlatformAscendC::GetSocVersion() const {
  static const std::map<std::string, SocVersion> kByName{
      {"Ascend310P", SocVersion::ASCEND310P},
      {"Ascend910", SocVersion::ASCEND910},
      {"Ascend910B", SocVersion::ASCEND910B},
      {"Ascend910_93", SocVersion::ASCEND910B},
      {"Ascend310B", SocVersion::ASCEND310B},
      {"Ascend950", SocVersion::ASCEND950},
      {"Ascend350", SocVersion::ASCEND350},
      {"AS31XM1", SocVersion::AS31XM1},
      {"Ascend031", SocVersion::ASCEND031},
      {"Ascend035", SocVersion::ASCEND035},
      {"Ascend310", SocVersion::ASCEND310},
      {"Ascend610", SocVersion::ASCEND610},
      {"Ascend610Lite", SocVersion::ASCEND610Lite},
      {"BS9SX1A", SocVersion::BS9SX1A},
      {"BS9SX2A", SocVersion::BS9SX2A},
      {"Hi3796CV300CS", SocVersion::HI3796CV300CS},
      {"Hi3796CV300ES", SocVersion::HI3796CV300ES},
      {"MC61AM21A", SocVersion::MC61AM21A},
      {"MC62", SocVersion::MC62},
      {"SD3403", SocVersion::SD3403},
      {"KirinX90", SocVersion::KIRINX90},
      {"Kirin9030", SocVersion::KIRIN9030},
      {"MC32DM11A", SocVersion::MC32DM11A}};
  std::string name;
  if (!GetPlatFormInfo()->GetPlatformResWithLock("version", "Short_SoC_version", name)) {
    OPSIM_PF_LOGE("GetSocVersion: the platform has no version.Short_SoC_version");
    return SocVersion::RESERVED_VERSION;
  }
  const auto it = kByName.find(name);
  if (it != kByName.end()) return it->second;
  OPSIM_PF_LOGE("GetSocVersion: Short_SoC_version '%s' is not a SoC CANN knows", name.c_str());
  return SocVersion::RESERVED_VERSION;
}

NpuArch PlatformAscendC::GetCurNpuArch() const {
  std::string text;
  if (!GetPlatFormInfo()->GetPlatformResWithLock("version", "NpuArch", text)) {
    OPSIM_PF_LOGE("GetCurNpuArch: the platform has no version.NpuArch");
    return NpuArch::DAV_RESV;
  }
  const long arch = std::strtol(text.c_str(), nullptr, 10);
  if (arch <= 0) {
    OPSIM_PF_LOGE("GetCurNpuArch: version.NpuArch '%s' is not a positive number", text.c_str());
    return NpuArch::DAV_RESV;
  }
  return static_cast<NpuArch>(arch);
}

uint32_t PlatformAscendC::GetVecRegLen() const {
  const std::string text = Res(GetPlatFormInfo(), "AICoreSpec", "vector_reg_width");
  if (!IsDecimal(text) || std::strtoull(text.c_str(), nullptr, 10) > UINT32_MAX) {
    OPSIM_PF_LOGE("GetVecRegLen: AICoreSpec.vector_reg_width '%s' is not a 32-bit number",
                  text.c_str());
    return 0;
  }
  return static_cast<uint32_t>(std::strtoul(text.c_str(), nullptr, 10));
}

uint32_t PlatformAscendC::CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum,
                                            uint32_t aivCoreNum) const {
  if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
  const uint32_t ratio = aivCoreNum / aicCoreNum;
  const uint32_t blocks = (sliceNum + ratio - 1) / ratio;
  if (ratio == kMixRatio910B && blocks > aicCoreNum) {
    OPSIM_PF_LOGE("CalcTschNumBlocks: %u blocks for %u slices exceed the %u cube cores", blocks,
                  sliceNum, aicCoreNum);
    return 0;
  }
  return blocks;
}

uint32_t PlatformAscendC::CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum,
                                           uint32_t aivCoreNum) const {
  return CalcTschNumBlocks(sliceNum, aicCoreNum, aivCoreNum);
}

uint32_t PlatformAscendC::GetLibApiWorkSpaceSize() const {
  const NpuArch arch = GetCurNpuArch();
  if (arch == NpuArch::DAV_RESV) return UINT32_MAX;  // CANN's -1; GetCurNpuArch said why
  if (arch == NpuArch::DAV_2201 || arch == NpuArch::DAV_3510) return kLibApiWorkspaceBig;
  return kLibApiWorkspace;
}

uint32_t PlatformAscendC::GetResCubeGroupWorkSpaceSize() const {
  if (GetSocVersion() == SocVersion::ASCEND910B) return kGroupWorkspace910B;
  OPSIM_PF_LOGE("GetResCubeGroupWorkSpaceSize: only ASCEND910B has cube groups");
  return UINT32_MAX;
}

uint32_t PlatformAscendC::GetResGroupBarrierWorkSpaceSize() const {
  if (GetSocVersion() == SocVersion::ASCEND910B) return kGroupWorkspace910B;
  OPSIM_PF_LOGE("GetResGroupBarrierWorkSpaceSize: only ASCEND910B has group barriers");
  return UINT32_MAX;
}

// Inside an operator call: that call's platform. Outside one: the program's (see
// ProgramInstance), first asked for the SoC the program was built for.
PlatformAscendC* PlatformAscendCManager::GetInstance() {
  if (g_current_platform == nullptr) return ProgramInstance(g_program_soc.load());
  thread_local std::unique_ptr<PlatformAscendC> instance;
  instance = std::make_unique<PlatformAscendC>(g_current_platform);
  return instance.get();
}

// customSocVersion is for a program without a device (a CPU-debug program's tiling code): only
// the first call's takes effect, as CANN documents.
PlatformAscendC* PlatformAscendCManager::GetInstance(const char* customSocVersion) {
  if (g_current_platform != nullptr || customSocVersion == nullptr) return GetInstance();
  return ProgramInstance(customSocVersion);
}

}  // namespace platform_ascendc

namespace opsim::op_api {

void NoteProgramSoc(const char* soc) { platform_ascendc::g_program_soc = soc; }

void SetSocPlatformResolver(SocPlatformResolver resolver) {
  platform_ascendc::g_soc_resolver = resolver;
}

bool ResolveSocPlatform(const std::string& soc, fe::PlatFormInfos* out) {
  const SocPlatformResolver resolver = platform_ascendc::g_soc_resolver;
  return resolver != nullptr && resolver(soc.c_str(), out);
}

ScopedCurrentPlatform::ScopedCurrentPlatform(fe::PlatFormInfos* platform)
    : previous_(platform_ascendc::g_current_platform) {
  platform_ascendc::g_current_platform = platform;
}

ScopedCurrentPlatform::~ScopedCurrentPlatform() {
  platform_ascendc::g_current_platform = previous_;
}

}  // namespace opsim::op_api
