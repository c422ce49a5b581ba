// Runs a copy of a kernel-launch sample's add_custom.cpp (../shared/ascendc_samples/
// kernel_launch): half, 8 blocks of 2048 elements, as the samples' main.cpp launch them.
// AddKernelInvocationTilingNeo takes its tiling by value (add_custom_tiling.h beside it).
#pragma once

#include "kernel_operator.h"
#include "seeded_support.h"
#ifdef OPSIM_SEEDED_WITH_TILING
#include "add_custom_tiling.h"
#endif

namespace opsim::seeded {

constexpr uint32_t kSampleBlocks = 8;
constexpr uint32_t kSampleTotal = 8 * 2048;

inline std::vector<GmTensor> SampleAddTensors() {
  return {Tensor<half>("x", kSampleTotal), Tensor<half>("y", kSampleTotal),
          Tensor<half>("z", kSampleTotal, /*output=*/true)};
}

inline sim::LaunchResult RunSampleAdd(void (*kernel)(GM_ADDR, GM_ADDR, GM_ADDR)) {
  std::vector<GmTensor> t = SampleAddTensors();
  return RunChecked(kSampleBlocks, t, [&] { kernel(Gm(t[0]), Gm(t[1]), Gm(t[2])); });
}

#ifdef OPSIM_SEEDED_WITH_TILING
inline sim::LaunchResult RunSampleAddTiling(void (*kernel)(GM_ADDR, GM_ADDR, GM_ADDR,
                                                           AddCustomTilingData)) {
  std::vector<GmTensor> t = SampleAddTensors();
  const AddCustomTilingData tiling{kSampleTotal, 8};
  return RunChecked(kSampleBlocks, t, [&] { kernel(Gm(t[0]), Gm(t[1]), Gm(t[2]), tiling); });
}
#endif

}  // namespace opsim::seeded
