// The kernel's tiling structure, shared by the kernel and the host program.
#pragma once
#include <cstdint>

struct ScaleTiling {
  int32_t count;
};
