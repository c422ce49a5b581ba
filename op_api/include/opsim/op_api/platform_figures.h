// The chip a tiling function sees, as opsim builds it: CANN's resource table (fe::PlatFormInfos)
// from a device's figures, and opsim's own figures read back from it. opsim's operators budget
// with the profile's figures (OpsimFiguresOf), not with PlatformAscendC's CANN rules (which take
// 256 B of UB off on 910B-class chips), so their plans do not depend on how CANN reserves memory.
#pragma once

#include <cstdint>
#include <string>

#include "platform/platform_infos_def.h"

namespace opsim::op_api {

// What opsim knows of a device, in the terms of CANN's platform tables.
struct PlatformDescription {
  std::string profile;            // opsim's profile name, "ascend910b"
  std::string soc_version;        // CANN's full SoC name, "Ascend910B"
  std::string short_soc_version;  // CANN's SoC family, "Ascend910B" (Ascend910_93 parts too)
  uint32_t npu_arch = 0;          // "dav-2201" -> 2201; 0: unknown
  // true: separate cube (AIC) and vector (AIV) cores, two AIV per AIC (910B-class parts);
  // false: one AI core kind.
  bool split_vector_cube = false;
  uint32_t vector_cores = 0;  // the profile's figure: the cores a vector kernel runs on
  uint64_t ub_bytes = 0;      // the profile's Unified Buffer per core
  bool has_data_copy_pad = false;
  // Figures opsim does not model but CANN's table has; 0 leaves the key out.
  uint64_t l1_bytes = 0;
  uint64_t l0_a_bytes = 0;
  uint64_t l0_b_bytes = 0;
  uint64_t l0_c_bytes = 0;
};

// Fills `out` (Init first) as CANN's runtime fills it for that chip:
//  version    Short_SoC_version, SoC_version, NpuArch;
//  SoCInfo    ai_core_cnt, cube_core_cnt, vector_core_cnt, core_type_list ("CubeCore,VectorCore"
//             on split parts, else "AICore" with no vector_core_cnt: opsim has no separate
//             vector cores of 310P-class parts);
//  AICoreSpec ub_size and the given L1/L0 sizes;
// and GetCoreNum() := the vector cores on split parts, the AI cores elsewhere (what CANN's
// runtime sets for a vector kernel). opsim's own figures go under the label "opsim".
void MakePlatformInfos(const PlatformDescription& description, fe::PlatFormInfos* out);

// CANN's names of an opsim profile: its SoC ("ascend910b3" -> "Ascend910B3") and the AddConfig
// family it answers to ("ascend910a" -> "ascend910", "ascend910b3" -> "ascend910b").
std::string CannSocName(const std::string& profile);
std::string SocConfigName(const std::string& profile);
// A device's figures as CANN's platform table describes the chip: the profile's name and
// architecture ("dav-2201"), vector cores, Unified Buffer, DataCopyPad, and its L1/L0A/L0B/L0C.
struct DeviceFigures {
  std::string profile;
  std::string architecture;
  uint32_t vector_cores = 0;
  uint64_t ub_bytes = 0;
  bool has_data_copy_pad = false;
  uint64_t l1_bytes = 0, l0_a_bytes = 0, l0_b_bytes = 0, l0_c_bytes = 0;
};
PlatformDescription DescribePlatform(const DeviceFigures& figures);
// The figures of a device profile (a sim::DeviceProfile: a template, so that op_api includes no
// simulator header); the framework and the CPU-debug runtime describe their devices with it.
template <typename Profile>
DeviceFigures FiguresOf(const Profile& device) {
  DeviceFigures f;
  f.profile = device.name;
  f.architecture = device.architecture;
  f.vector_cores = device.vector_cores;
  f.ub_bytes = device.ub_bytes;
  f.has_data_copy_pad = device.has_data_copy_pad;
  f.l1_bytes = device.l1_bytes;
  f.l0_a_bytes = device.l0a_bytes;
  f.l0_b_bytes = device.l0b_bytes;
  f.l0_c_bytes = device.l0c_bytes;
  return f;
}

// PlatformAscendCManager::GetInstance(soc) outside an operator call (a CPU-debug program's
// tiling code) asks this resolver, which the CPU-debug runtime sets: true with `out` filled for
// the SoC name, false when it has no simulated device for it.
using SocPlatformResolver = bool (*)(const char* soc, fe::PlatFormInfos* out);
void SetSocPlatformResolver(SocPlatformResolver resolver);
// Asks the resolver set above: false when none is set or it has no device for `soc`.
bool ResolveSocPlatform(const std::string& soc, fe::PlatFormInfos* out);

// opsim's own figures of the platform, as the profile gives them.
struct OpsimFigures {
  std::string profile;
  uint32_t vector_cores = 0;
  uint64_t ub_bytes = 0;
  bool has_data_copy_pad = false;
};
// Zeros (and an empty profile) for a table opsim did not fill.
OpsimFigures OpsimFiguresOf(const fe::PlatFormInfos& platform);

// While it lives, PlatformAscendCManager::GetInstance() on this thread answers `platform` (the
// operation sets it around an operator's TilingParse and tiling calls).
class ScopedCurrentPlatform {
 public:
  explicit ScopedCurrentPlatform(fe::PlatFormInfos* platform);
  ~ScopedCurrentPlatform();
  ScopedCurrentPlatform(const ScopedCurrentPlatform&) = delete;
  ScopedCurrentPlatform& operator=(const ScopedCurrentPlatform&) = delete;

 private:
  fe::PlatFormInfos* previous_;
};

}  // namespace opsim::op_api
