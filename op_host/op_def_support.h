// What every opsim operator's host functions (op_host/<op>/op_def) do the same way: report an
// error through op_api::ReportOpError, read a shape as dims, the device figures a tiling needs,
// and a tiling struct written whole into the raw tiling buffer (CANN's plain-struct tiling, read
// by the kernel with GET_TILING_DATA_WITH_STRUCT).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"
#include "opsim/core/status.h"
#include "opsim/op_api/op_error.h"
#include "opsim/op_api/platform_figures.h"
#include "opsim/sim/device_profile.h"
#include "platform/platform_infos_def.h"

namespace opsim::op_def {

inline ge::graphStatus Fail(Status status) {
  op_api::ReportOpError(std::move(status));
  return ge::GRAPH_FAILED;
}

inline std::vector<int64_t> DimsOf(const gert::Shape& shape) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
  return dims;
}

// The figures of the context's device a tiling uses: the profile's own (its whole UB, not
// PlatformAscendC's figure less CANN's 910B reservation), so plans follow the profile alone.
inline sim::DeviceProfile DeviceOf(const fe::PlatFormInfos& platform) {
  const op_api::OpsimFigures figures = op_api::OpsimFiguresOf(platform);
  sim::DeviceProfile device;
  device.name = figures.profile;
  device.vector_cores = figures.vector_cores;
  device.ub_bytes = static_cast<uint32_t>(figures.ub_bytes);
  device.has_data_copy_pad = figures.has_data_copy_pad;
  return device;
}

// Copies `tiling` into the raw tiling buffer and sets blockDim; a struct over the buffer's
// capacity is an error naming `op`.
template <typename Tiling>
ge::graphStatus SetTiling(gert::TilingContext* context, const std::string& op, const Tiling& tiling,
                          uint32_t block_dim) {
  static_assert(std::is_trivially_copyable_v<Tiling>, "a tiling is a plain struct");
  gert::TilingData* raw = context->GetRawTilingData();
  if (raw->GetCapacity() < sizeof(tiling)) {
    return Fail({ErrorCode::kInvalidParam, op + ": the tiling needs " +
                                               std::to_string(sizeof(tiling)) + " B, over the " +
                                               std::to_string(raw->GetCapacity()) + " B buffer"});
  }
  std::memcpy(raw->GetData(), &tiling, sizeof(tiling));
  raw->SetDataSize(sizeof(tiling));
  context->SetBlockDim(block_dim);
  return ge::GRAPH_SUCCESS;
}

}  // namespace opsim::op_def
