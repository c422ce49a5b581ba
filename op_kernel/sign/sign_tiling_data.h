// The plain tiling struct Sign's tiling function (op_host/sign/op_def) writes and its kernel
// reads (GET_TILING_DATA_WITH_STRUCT): the flat tensor split over the blocks, walked in tiles.
#pragma once

#include <cstdint>

namespace op_kernel {

struct SignTiling {
  uint64_t total = 0;     // elements of x (and y)
  uint64_t per_core = 0;  // elements per block (the last fewer): a multiple of 32, so no two
                          // blocks write one 32 B block of y
  uint32_t dtype = 0;     // DataType number (elementwise/kernel_traits.h) of x and y
  uint32_t tile = 0;      // elements per UB tile: a whole number of 32 B blocks
  uint32_t has_pad = 0;   // the device has DataCopyPad
  uint32_t reserved = 0;  // keeps the struct a multiple of its 8 B alignment, with no padding
};

}  // namespace op_kernel
