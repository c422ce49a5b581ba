// The Conv3D API tests' shared case description: conv3d_api_tiling_test.cc (the host, which
// includes lib/conv/conv3d/conv3d_tiling.h) makes the tiling that conv3d_api_test.cc's kernel
// (lib/conv/conv3d/conv3d_api.h) runs with, as an operator's host and kernel code share its
// tiling struct.
#pragma once

#include <cstdint>
#include <string>

#include "opsim/core/conv3d_api_tiling.h"

namespace conv3d_test {

struct Spec {
  int64_t n, ci, di, hi, wi, co, kd, kh, kw;
  int64_t stride[3] = {1, 1, 1};    // D, H, W
  int64_t dilation[3] = {1, 1, 1};  // D, H, W
  int64_t pad[6] = {};              // head, tail, up, down, left, right
  bool bias = false;
  bool bf16 = false;
  // The per-core block (SetSingleOutputShape); 0: the whole extent.
  int64_t single_co = 0, single_do = 0, single_m = 0;
  uint8_t order = 0;  // the tiling's iterateMNOrder
  // Changes to the host's tiling the kernel must take: the weight loaded per step instead of
  // kept in L1 (bl1FullLoad 0), a smaller nL0 (0: the host's).
  bool stream_weights = false;
  uint32_t n_l0 = 0;
};

// GetTiling of Conv3dTilingApi::Conv3dTiling for `s` on an Atlas A2 core; "" or its error.
std::string MakeTiling(const Spec& s, AscendC::tiling::TConv3DApiTiling* t);

}  // namespace conv3d_test
