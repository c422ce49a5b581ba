// Runs a copy of an operator project's kernel (../shared/ascendc_samples/op_projects), compiled
// as opsim_add_op_library compiles it: the kernel prelude, the project's tiling header (kernel
// side), DTYPE_ macros of the float column. AddCustom: 8 blocks of 2048 floats, 8 tiles.
// LeakyReluCustom: 8 blocks of 65536 floats, 8 tiles (16 KiB per queue buffer), slope 0.1.
#pragma once

#define OPSIM_KERNEL_TILING 1
#define OPSIM_OP_PROJECT_BUILD 1
#include "opsim/op_api/op_kernel_prelude.h"
#include "seeded_support.h"

#if defined(OPSIM_SEEDED_ADD_CUSTOM)
#include OPSIM_SEEDED_ADD_CUSTOM_TILING_HEADER
#define OPSIM_KERNEL_TILING_TYPE ::optiling::OpsimTilingDataOf_AddCustom
#define DTYPE_X float
#define DTYPE_Y float
#define DTYPE_Z float
#else
#include OPSIM_SEEDED_LEAKY_RELU_TILING_HEADER
#define OPSIM_KERNEL_TILING_TYPE ::optiling::OpsimTilingDataOf_LeakyReluCustom
#endif

namespace opsim::seeded {

#if defined(OPSIM_SEEDED_ADD_CUSTOM)
inline sim::LaunchResult RunOpAddCustom(void (*kernel)(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR,
                                                       GM_ADDR)) {
  constexpr uint32_t kTotal = 8 * 2048;
  std::vector<GmTensor> t = {Tensor<float>("x", kTotal), Tensor<float>("y", kTotal),
                             Tensor<float>("z", kTotal, /*output=*/true)};
  OPSIM_KERNEL_TILING_TYPE tiling{kTotal, 8};
  return RunChecked(8, t, [&] {
    kernel(Gm(t[0]), Gm(t[1]), Gm(t[2]), nullptr, reinterpret_cast<GM_ADDR>(&tiling));
  });
}
#else
inline sim::LaunchResult RunOpLeakyRelu(void (*kernel)(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR)) {
  constexpr uint32_t kTotal = 8 * 65536;
  std::vector<GmTensor> t = {Tensor<float>("x", kTotal), Tensor<float>("y", kTotal, true)};
  OPSIM_KERNEL_TILING_TYPE tiling{kTotal, 8, 0.1f};
  return RunChecked(
      8, t, [&] { kernel(Gm(t[0]), Gm(t[1]), nullptr, reinterpret_cast<GM_ADDR>(&tiling)); });
}
#endif

}  // namespace opsim::seeded
