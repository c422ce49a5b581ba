// The host helper of the high-level TransData (lib/transpose/transdata_tiling.h): CANN's checks and
// figures, from the rules the kernel's check uses too (opsim/core/transdata_shape.h).
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "opsim/core/transdata_shape.h"
#include "tiling/tiling_api.h"

namespace AscendC {

namespace {

bool TransDataFail(const std::string& what) {
  std::fprintf(stderr, "[ERROR] [TransData][GetTransDataMaxMinTmpSize] %s\n", what.c_str());
  return false;
}

std::string TransDataShapes(const std::vector<int64_t>& src, const std::vector<int64_t>& dst) {
  return "srcShape " + opsim::transdata::ShapeText(src.data(), src.size()) + ", dstShape " +
         opsim::transdata::ShapeText(dst.data(), dst.size()) + ": ";
}

}  // namespace

bool GetTransDataMaxMinTmpSize(const platform_ascendc::PlatformAscendC& platform,
                               const AscendC::TensorShape& srcShape,
                               const AscendC::TensorShape& dstShape,
                               const AscendC::TensorDataType dataType,
                               const TransDataConfig& config, uint32_t& maxValue,
                               uint32_t& minValue) {
  if (dataType != ge::DT_FLOAT16 && dataType != ge::DT_BF16 && dataType != ge::DT_UINT16 &&
      dataType != ge::DT_INT16) {
    return TransDataFail("dataType " + std::to_string(static_cast<int>(dataType)) +
                         " must be DT_FLOAT16, DT_BF16, DT_UINT16 or DT_INT16");
  }
  const NpuArch arch = platform.GetCurNpuArch();
  if (arch != NpuArch::DAV_2201 && arch != NpuArch::DAV_3510 && arch != NpuArch::DAV_5102) {
    return TransDataFail("the platform's NpuArch " + std::to_string(static_cast<uint32_t>(arch)) +
                         " has no TransData (2201, 3510 and 5102 do)");
  }
  const std::vector<int64_t> src = srcShape.GetDims(), dst = dstShape.GetDims();
  const auto from = static_cast<opsim::transdata::Format>(config.srcFormat);
  const auto to = static_cast<opsim::transdata::Format>(config.dstFormat);
  const opsim::transdata::Parsed p = opsim::transdata::Parse(
      from, to, src.data(), static_cast<int>(src.size()), dst.data(), static_cast<int>(dst.size()));
  if (!p.ok) return TransDataFail(TransDataShapes(src, dst) + p.rule);
  const int64_t bytes = opsim::transdata::TmpBytes(from, to, p.dims);
  if (bytes > std::numeric_limits<uint32_t>::max()) {
    return TransDataFail(TransDataShapes(src, dst) + "they need " + std::to_string(bytes) +
                         " temporary bytes, more than a uint32_t holds");
  }
  maxValue = minValue = static_cast<uint32_t>(bytes);
  return true;
}

}  // namespace AscendC
