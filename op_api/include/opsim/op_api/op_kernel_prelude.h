// Included first by every kernel unit opsim_add_op_library generates: what CANN's operator
// build puts in front of a kernel file. The standard headers come in here, at global scope,
// because the kernel file itself is then included inside a namespace of its own per dtype
// column (a header first included there would land in that namespace).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>  // kernels that print on the CPU build include it first (a public NMS kernel)
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ascendc/host_api/tiling/template_argument.h"
#include "graph/c_types.h"
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"
// lib/matmul_intf.h's declarations: the kernel source (and the headers it includes first) is
// compiled inside a namespace per dtype column, where they could not be declared.
#include "opsim/op_api/kernel_entry.h"
#include "opsim/sim/ascendc/cube_matmul.h"
#include "opsim/sim/ascendc/cube_mix.h"
#include "opsim/sim/ascendc/matmul_utils.h"

// CANN's data-type numbers as the operator build defines them for kernels
// (`#if ORIG_DTYPE_X == DT_FLOAT16`).
#define DT_FLOAT 0
#define DT_FLOAT16 1
#define DT_INT8 2
#define DT_INT32 3
#define DT_UINT8 4
#define DT_INT16 6
#define DT_UINT16 7
#define DT_UINT32 8
#define DT_INT64 9
#define DT_UINT64 10
#define DT_DOUBLE 11
#define DT_BOOL 12
#define DT_COMPLEX64 16
#define DT_COMPLEX128 17
#define DT_BF16 27
#define DT_INT4 29

namespace optiling {}  // namespace optiling

// The op's tiling struct: the class its host header registers for this op, or the one the
// kernel names with REGISTER_TILING_DEFAULT.
#ifndef GET_TILING_DATA
#define GET_TILING_DATA(var, tiling) \
  OPSIM_KERNEL_TILING_TYPE var;      \
  std::memcpy(&var, (tiling), sizeof(var))
#endif
