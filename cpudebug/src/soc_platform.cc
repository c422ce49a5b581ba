// PlatformAscendCManager::GetInstance(soc) in a CPU-debug program: the kernel-launch samples'
// tiling code asks for the platform of the SoC they were built for (SOC_VERSION) before any
// kernel runs. The answer is the table an operator's tiling function would see on that SoC's
// simulated device.
#include <string>

#include "opsim/op_api/platform_figures.h"
#include "profile_location.h"
#include "soc_profiles.h"

namespace opsim::cpudebug {
namespace {

bool ResolveSoc(const char* soc, fe::PlatFormInfos* out) {
  std::string profile;
  sim::DeviceProfile device;
  if (!ProfileForSoc(soc, &profile).ok() || !LoadProfile(profile, &device).ok()) return false;
  op_api::MakePlatformInfos(op_api::DescribePlatform(op_api::FiguresOf(device)), out);
  return true;
}

// Set when libtikicpulib loads, as every CPU-debug program links it.
const bool g_resolver_set = (op_api::SetSocPlatformResolver(&ResolveSoc), true);

}  // namespace
}  // namespace opsim::cpudebug
