// CANN's host tiling of the Conv3D API (lib/conv/conv3d/conv3d_tiling.h): Conv3dTilingApi::
// Conv3dTiling takes the shapes, padding, stride, dilation, groups and the operands' positions,
// formats and types, and GetTiling writes the TConv3DApiTiling the kernel's Conv3D::Init reads
// (docs/CUBE.md "The Conv3D API"). GetTiling returns -1 when the call is refused, the reason on
// stderr and in GetLastError() (opsim's), prefixed "invalid_argument: " (a value outside the
// pages' rules) or "unsupported: " (an option the API or opsim does not model).
#pragma once

#include <cstdint>
#include <string>

#include "lib/conv/conv3d/conv3d_tilingdata.h"
#include "opsim/core/conv3d_api_tiling.h"
#include "opsim/core/conv_common_types.h"
#include "tiling/platform/platform_ascendc.h"

namespace ConvCommonApi {

// The host's positions (CANN's host TPosition order).
enum class TPosition : uint8_t {
  GM = 0,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  MAX,
};

}  // namespace ConvCommonApi

namespace Conv3dTilingApi {

using ConvCommonApi::ConvDtype;
using ConvCommonApi::ConvFormat;
using ConvCommonApi::TPosition;

struct PlatformInfo {
  platform_ascendc::SocVersion socVersion = platform_ascendc::SocVersion::RESERVED_VERSION;
  uint64_t l1Size = 0;
  uint64_t l0CSize = 0;
  uint64_t ubSize = 0;
  uint64_t l0ASize = 0;
  uint64_t l0BSize = 0;
  uint64_t btSize = 0;
  uint64_t fbSize = 0;
};

struct ConvOperandType {
  TPosition pos;
  ConvFormat format;
  ConvDtype dtype;
};

class Conv3dTilingBase {
 public:
  explicit Conv3dTilingBase(const platform_ascendc::PlatformAscendC& ascendcPlatform);
  explicit Conv3dTilingBase(const PlatformInfo& platform);
  virtual ~Conv3dTilingBase() = default;
  virtual int64_t GetTiling(optiling::TConv3DApiTiling& tiling) = 0;
  virtual int64_t GetTiling(AscendC::tiling::TConv3DApiTiling& tiling) = 0;

  void SetOrgWeightShape(int64_t orgCo, int64_t orgKd, int64_t orgKh, int64_t orgKw);
  void SetOrgInputShape(int64_t orgCi, int64_t orgDi, int64_t orgHi, int64_t orgWi);
  void SetSingleWeightShape(int64_t singleCi, int64_t singleKd, int64_t singleKh, int64_t singleKw);
  void SetSingleOutputShape(int64_t singleCo, int64_t singleDo, int64_t singleM);
  void SetInputType(const TPosition pos, const ConvFormat format, const ConvDtype dtype);
  void SetWeightType(const TPosition pos, const ConvFormat format, const ConvDtype dtype);
  void SetBiasType(const TPosition pos, const ConvFormat format, const ConvDtype dtype);
  void SetOutputType(const TPosition pos, const ConvFormat format, const ConvDtype dtype);
  void SetPadding(int64_t padHead, int64_t padTail, int64_t padUp, int64_t padDown, int64_t padLeft,
                  int64_t padRight);
  void SetDilation(int64_t dilationD, int64_t dilationH, int64_t dilationW);
  void SetStride(int64_t strideD, int64_t strideH, int64_t strideW);
  void SetGroups(int64_t groups);

  const std::string& GetLastError() const { return error_; }

 protected:
  // The kernel tiling, or -1 with error_ set.
  int64_t Compute(AscendC::tiling::TConv3DApiTiling& t);
  bool Fail(const char* kind, const std::string& why);
  bool CheckCalls();
  bool CheckTypes();
  bool CheckShapes();
  bool CheckAttrs();
  bool ChooseBlocks(AscendC::tiling::TConv3DApiTiling& t);

  PlatformInfo platform_;
  int64_t org_[8] = {};     // Co, Kd, Kh, Kw, Ci, Di, Hi, Wi
  int64_t single_[7] = {};  // Ci, Kd, Kh, Kw, Co, Do, M
  int64_t pad_[6] = {};     // head, tail, up, down, left, right
  int64_t stride_[3] = {1, 1, 1};
  int64_t dilation_[3] = {1, 1, 1};
  int64_t groups_ = 1;
  bool set_[4] = {};  // org weight, org input, single weight, single output
  bool has_bias_ = false;
  ConvOperandType input_{TPosition::GM, ConvFormat::NDC1HWC0, ConvDtype::FLOAT16};
  ConvOperandType weight_{TPosition::GM, ConvFormat::FRACTAL_Z_3D, ConvDtype::FLOAT16};
  ConvOperandType bias_{TPosition::GM, ConvFormat::ND, ConvDtype::FLOAT16};
  ConvOperandType output_{TPosition::CO1, ConvFormat::NDC1HWC0, ConvDtype::FLOAT16};
  std::string error_;
};

class Conv3dTiling : public Conv3dTilingBase {
 public:
  explicit Conv3dTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
      : Conv3dTilingBase(ascendcPlatform) {}
  explicit Conv3dTiling(const PlatformInfo& platform) : Conv3dTilingBase(platform) {}
  ~Conv3dTiling() override = default;
  int64_t GetTiling(optiling::TConv3DApiTiling& tiling) override;
  int64_t GetTiling(AscendC::tiling::TConv3DApiTiling& tiling) override;
};

}  // namespace Conv3dTilingApi
