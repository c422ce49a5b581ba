// nnopbase's platform query for op-API layers (opdev/platform.h): the SoC of the simulated
// device the process runs on (its profile: configs/devices), and its core counts.
#pragma once

#include <cstdint>
#include <string>

#include "aclnn/aclnn_base.h"
#include "graph/ascend_string.h"
#include "platform/soc_spec.h"

namespace op {

enum class SocVersion {
  ASCEND910 = 0,
  ASCEND910B,
  ASCEND910_93,
  ASCEND910_95,
  ASCEND950 = ASCEND910_95,
  ASCEND910E,
  ASCEND310,
  ASCEND310P,
  ASCEND310B,
  ASCEND310C,
  ASCEND610LITE,
  KIRINX90,
  KIRIN9030,
  ASCEND350,
  RESERVED_VERSION = 99999
};

class PlatformInfo {
 public:
  SocVersion GetSocVersion() const;
  const std::string& GetSocLongVersion() const;  // the profile's name, e.g. "Ascend910B1"
  int32_t GetDeviceId() const;
  int64_t GetBlockSize() const;  // bytes of one UB block (32)
  uint32_t GetCubeCoreNum() const;
  uint32_t GetVectorCoreNum() const;
  NpuArch GetCurNpuArch() const;  // the profile's architecture ("dav-2201": DAV_2201)
  bool Valid() const;

 private:
  friend const PlatformInfo& GetCurrentPlatformInfo();
  SocVersion soc_ = SocVersion::RESERVED_VERSION;
  std::string long_version_;
  uint32_t cube_cores_ = 0;
  uint32_t vector_cores_ = 0;
  NpuArch arch_ = NpuArch::DAV_RESV;
};

// The current device's (read anew on each call, so that a changed device is seen).
const PlatformInfo& GetCurrentPlatformInfo();

ge::AscendString ToString(SocVersion socVersion);

}  // namespace op
