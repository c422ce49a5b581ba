// fe::PlatFormInfos: what a tiling function may learn about the chip it tiles for. opsim fills it
// from the context's device profile.
#pragma once

#include <cstdint>
#include <string>

namespace fe {

struct PlatFormInfos {
  std::string soc_version;  // the profile's CANN SoC name, e.g. "Ascend910B"
  std::string profile;      // the opsim profile name, e.g. "ascend910b"
  uint32_t vector_cores = 0;
  uint32_t cube_cores = 0;
  uint64_t ub_bytes = 0;
  uint64_t l1_bytes = 0;
  uint64_t l2_bytes = 0;
  uint64_t hbm_bytes = 0;
  bool split_vector_cube = true;   // separate AIV and AIC cores (910B); false: one AI core kind
  bool has_data_copy_pad = false;  // DataCopyPad exists (CANN code asks __CCE_AICORE__ instead)
};

}  // namespace fe
