// nnopbase's platform query (opdev/platform.h) on the device the single-operator API runs on:
// the default profile (opsim::kDefaultDevice), as HostRun's contexts for aclnn load it.
#include <cstdlib>
#include <memory>
#include <string>

#include "opdev/platform.h"
#include "opsim/framework/context.h"

namespace {

// "ascend910b3" -> Ascend910B3, as CANN spells a SoC.
std::string CannName(const std::string& profile) {
  std::string soc = profile;
  for (char& c : soc) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (soc.rfind("ASCEND", 0) == 0) soc.replace(0, 6, "Ascend");
  return soc;
}

op::SocVersion Family(const std::string& profile) {
  if (profile.rfind("ascend910b", 0) == 0) return op::SocVersion::ASCEND910B;
  if (profile.rfind("ascend910", 0) == 0) return op::SocVersion::ASCEND910;
  if (profile.rfind("ascend310p", 0) == 0) return op::SocVersion::ASCEND310P;
  if (profile.rfind("ascend310b", 0) == 0) return op::SocVersion::ASCEND310B;
  return op::SocVersion::RESERVED_VERSION;
}

}  // namespace

namespace op {

SocVersion PlatformInfo::GetSocVersion() const { return soc_; }
const std::string& PlatformInfo::GetSocLongVersion() const { return long_version_; }
int32_t PlatformInfo::GetDeviceId() const { return 0; }
int64_t PlatformInfo::GetBlockSize() const { return 32; }
uint32_t PlatformInfo::GetCubeCoreNum() const { return cube_cores_; }
uint32_t PlatformInfo::GetVectorCoreNum() const { return vector_cores_; }
NpuArch PlatformInfo::GetCurNpuArch() const { return arch_; }
bool PlatformInfo::Valid() const { return soc_ != SocVersion::RESERVED_VERSION; }

const PlatformInfo& GetCurrentPlatformInfo() {
  thread_local PlatformInfo info;
  std::unique_ptr<opsim::Context> context;
  if (!opsim::Context::Create(opsim::ContextOptions{}, &context).ok()) {
    info = PlatformInfo();
    return info;
  }
  const auto& device = context->device();
  info.soc_ = Family(device.name);
  info.long_version_ = CannName(device.name);
  info.vector_cores_ = device.vector_cores;
  info.arch_ =
      device.architecture.rfind("dav-", 0) == 0
          ? static_cast<NpuArch>(std::strtoul(device.architecture.c_str() + 4, nullptr, 10))
          : NpuArch::DAV_RESV;
  // 910B-class parts pair one cube core with two vector cores; the others have one AI core kind.
  info.cube_cores_ =
      info.soc_ == SocVersion::ASCEND910B ? device.vector_cores / 2 : device.vector_cores;
  return info;
}

ge::AscendString ToString(SocVersion socVersion) {
  switch (socVersion) {
    case SocVersion::ASCEND910: return "Ascend910";
    case SocVersion::ASCEND910B: return "Ascend910B";
    case SocVersion::ASCEND910_93: return "Ascend910_93";
    case SocVersion::ASCEND310P: return "Ascend310P";
    case SocVersion::ASCEND310B: return "Ascend310B";
    default: return "unknown SoC";
  }
}

}  // namespace op
