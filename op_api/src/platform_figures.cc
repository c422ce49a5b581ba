#include "opsim/op_api/platform_figures.h"

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
