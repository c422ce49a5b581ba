#include "opsim/op_api/platform_figures.h"

#include <cctype>
#include <cstdlib>
#include <map>
#include <string>

namespace opsim::op_api {
namespace {

constexpr const char* kOpsimLabel = "opsim";

uint64_t Number(const fe::PlatFormInfos& platform, const char* key) {
  std::string text;
  if (!platform.GetPlatformRes(kOpsimLabel, key, text)) return 0;
  return std::strtoull(text.c_str(), nullptr, 10);
}

}  // namespace

void MakePlatformInfos(const PlatformDescription& d, fe::PlatFormInfos* out) {
  out->Init();
  std::map<std::string, std::string> version{{"Short_SoC_version", d.short_soc_version},
                                             {"SoC_version", d.soc_version}};
  if (d.npu_arch != 0) version["NpuArch"] = std::to_string(d.npu_arch);
  out->SetPlatformRes("version", version);

  const uint32_t ai_cores = d.split_vector_cube ? d.vector_cores / 2 : d.vector_cores;
  std::map<std::string, std::string> soc{{"ai_core_cnt", std::to_string(ai_cores)}};
  if (d.split_vector_cube) {
    soc["cube_core_cnt"] = std::to_string(ai_cores);
    soc["vector_core_cnt"] = std::to_string(d.vector_cores);
    soc["core_type_list"] = "CubeCore,VectorCore";
  } else {
    soc["core_type_list"] = "AICore";
  }
  out->SetPlatformRes("SoCInfo", soc);

  std::map<std::string, std::string> spec{{"ub_size", std::to_string(d.ub_bytes)}};
  const std::pair<const char*, uint64_t> memories[] = {{"l1_size", d.l1_bytes},
                                                       {"l0_a_size", d.l0_a_bytes},
                                                       {"l0_b_size", d.l0_b_bytes},
                                                       {"l0_c_size", d.l0_c_bytes}};
  for (const auto& [key, bytes] : memories) {
    if (bytes != 0) spec[key] = std::to_string(bytes);
  }
  out->SetPlatformRes("AICoreSpec", spec);

  std::map<std::string, std::string> own{{"profile", d.profile},
                                         {"vector_cores", std::to_string(d.vector_cores)},
                                         {"ub_bytes", std::to_string(d.ub_bytes)},
                                         {"has_data_copy_pad", d.has_data_copy_pad ? "1" : "0"}};
  out->SetPlatformRes(kOpsimLabel, own);
  out->SetCoreNumByCoreType(d.split_vector_cube ? "VectorCore" : "AiCore");
}

OpsimFigures OpsimFiguresOf(const fe::PlatFormInfos& platform) {
  OpsimFigures figures;
  (void)platform.GetPlatformRes(kOpsimLabel, "profile", figures.profile);
  figures.vector_cores = static_cast<uint32_t>(Number(platform, "vector_cores"));
  figures.ub_bytes = Number(platform, "ub_bytes");
  figures.has_data_copy_pad = Number(platform, "has_data_copy_pad") != 0;
  return figures;
}

}  // namespace opsim::op_api

namespace opsim::op_api {

std::string CannSocName(const std::string& profile) {
  // "ascend910b3" -> "Ascend910B3", "ascend910a" -> "Ascend910A".
  std::string soc = profile;
  for (char& c : soc) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (soc.rfind("ASCEND", 0) == 0) soc.replace(0, 6, "Ascend");
  return soc;
}

std::string SocConfigName(const std::string& profile) {
  if (profile == "ascend910a") return "ascend910";
  for (const char* family : {"ascend910b", "ascend310p", "ascend310b"}) {
    if (profile.rfind(family, 0) == 0) return family;
  }
  return profile;
}

PlatformDescription DescribePlatform(const DeviceFigures& f) {
  PlatformDescription d;
  d.profile = f.profile;
  d.soc_version = CannSocName(f.profile);
  // CANN's SoC families (Short_SoC_version): "ascend910" -> Ascend910, "ascend910b" -> Ascend910B.
  const std::string family = SocConfigName(f.profile);
  d.short_soc_version = family == "ascend910" ? "Ascend910" : CannSocName(family);
  // The profile's architecture "dav-2201" is CANN's NpuArch 2201.
  if (f.architecture.rfind("dav-", 0) == 0) {
    d.npu_arch = static_cast<uint32_t>(std::strtoul(f.architecture.c_str() + 4, nullptr, 10));
  }
  // 910B-class parts pair one cube core with two vector cores; the others have one AI core kind.
  d.split_vector_cube = family == "ascend910b";
  d.vector_cores = f.vector_cores;
  d.ub_bytes = f.ub_bytes;
  d.has_data_copy_pad = f.has_data_copy_pad;
  // The profile's cube memories (every shipped profile sources them), so a tiling function's
  // GetCoreMemSize sees the chip's L1/L0 on the 910A and 310P as on the 910B.
  d.l1_bytes = f.l1_bytes;
  d.l0_a_bytes = f.l0_a_bytes;
  d.l0_b_bytes = f.l0_b_bytes;
  d.l0_c_bytes = f.l0_c_bytes;
  return d;
}

}  // namespace opsim::op_api
