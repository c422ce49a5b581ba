// Runs a copy of op_kernel/add/add_custom.cc (float): 4 blocks, 2 tiles of 256 floats each.
#pragma once

#include "add/add_custom.h"
#include "seeded_support.h"

// The copy opens op_kernel inside its own namespace: let it see the real one.
#undef OPSIM_SEEDED_NAMESPACE_PRELUDE
#define OPSIM_SEEDED_NAMESPACE_PRELUDE \
  namespace op_kernel {                \
  using namespace ::op_kernel;         \
  }

namespace opsim::seeded {

using AddCustomKernel = void (*)(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR);

inline sim::LaunchResult RunOursAdd(AddCustomKernel kernel) {
  constexpr uint32_t kBlocks = 4;
  constexpr uint32_t kTile = 256;
  constexpr uint32_t kTotal = kBlocks * 2 * kTile;
  std::vector<GmTensor> t = {Tensor<float>("x", kTotal), Tensor<float>("y", kTotal),
                             Tensor<float>("z", kTotal, /*output=*/true)};
  ::op_kernel::AddTilingData tiling{kTotal, kTile};
  return RunChecked(kBlocks, t, [&] {
    kernel(Gm(t[0]), Gm(t[1]), Gm(t[2]), nullptr, reinterpret_cast<GM_ADDR>(&tiling));
  });
}

}  // namespace opsim::seeded
