// platform_ascendc::PlatformAscendC: the chip's core counts and memory sizes for a tiling
// function, read from the device profile the operation is set up on.
#pragma once

#include <cstdint>
#include <string>

#include "platform/platform_infos_def.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

enum class SocVersion {
  ASCEND910 = 0,
  ASCEND910B,
  ASCEND910_93,
  ASCEND310P,
  ASCEND310B,
  ASCEND610,
  ASCEND310,
  ASCEND610LITE,
  RESERVED_VERSION = 99999
};

class PlatformAscendC {
 public:
  PlatformAscendC() = delete;
  explicit PlatformAscendC(fe::PlatFormInfos* platform_info) : info_(platform_info) {}

  // On chips with separate vector and cube cores (910B) the vector (AIV) count, as CANN's
  // GetCoreNum returns there; elsewhere the AI core count.
  uint32_t GetCoreNum() const {
    if (info_ == nullptr) return 0;
    return info_->split_vector_cube ? info_->vector_cores : info_->cube_cores;
  }
  uint32_t GetCoreNumAic() const { return info_ == nullptr ? 0 : info_->cube_cores; }
  uint32_t GetCoreNumAiv() const { return info_ == nullptr ? 0 : info_->vector_cores; }
  uint32_t GetCoreNumVector() const {
    if (info_ == nullptr || info_->split_vector_cube) return 0;
    return info_->vector_cores > info_->cube_cores ? info_->vector_cores - info_->cube_cores : 0;
  }
  void GetCoreMemSize(const CoreMemType& mem_type, uint64_t& size) const {
    size = 0;
    if (info_ == nullptr) return;
    switch (mem_type) {
      case CoreMemType::UB: size = info_->ub_bytes; break;
      case CoreMemType::L1: size = info_->l1_bytes; break;
      case CoreMemType::L2: size = info_->l2_bytes; break;
      case CoreMemType::HBM: size = info_->hbm_bytes; break;
      default: break;
    }
  }
  SocVersion GetSocVersion() const {
    if (info_ == nullptr) return SocVersion::RESERVED_VERSION;
    const std::string& soc = info_->soc_version;
    if (soc.rfind("Ascend910B", 0) == 0) return SocVersion::ASCEND910B;
    if (soc.rfind("Ascend910_93", 0) == 0) return SocVersion::ASCEND910_93;
    if (soc.rfind("Ascend910", 0) == 0) return SocVersion::ASCEND910;
    if (soc.rfind("Ascend310P", 0) == 0) return SocVersion::ASCEND310P;
    if (soc.rfind("Ascend310B", 0) == 0) return SocVersion::ASCEND310B;
    if (soc.rfind("Ascend310", 0) == 0) return SocVersion::ASCEND310;
    return SocVersion::RESERVED_VERSION;
  }
  // Bytes of workspace Ascend C's library APIs reserve for themselves (CANN: 16 MiB on 910B-class
  // parts, 2 MiB elsewhere); a tiling function adds it to its own workspace.
  uint32_t GetLibApiWorkSpaceSize() const {
    return info_ != nullptr && info_->split_vector_cube ? 16u * 1024 * 1024 : 2u * 1024 * 1024;
  }
  // blockDim for a launch of `slice_num` pieces: the pieces themselves, as CANN does for vector
  // kernels (a MIX kernel's pairing of AIC and AIV is not modelled).
  uint32_t CalcTschBlockDim(uint32_t slice_num, uint32_t aic_core_num,
                            uint32_t aiv_core_num) const {
    (void)aic_core_num;
    (void)aiv_core_num;
    return slice_num;
  }

 private:
  fe::PlatFormInfos* info_;
};

}  // namespace platform_ascendc
