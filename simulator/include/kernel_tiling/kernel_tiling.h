// kernel_tiling/kernel_tiling.h: in CANN, the generated header that declares the tiling structs
// of the high-level kernel APIs (TCubeTiling, SoftMaxTiling, ...) for kernels and their CPU-debug
// unit tests; most of today's operator kernels include it whether or not they use one. opsim
// declares here the structs of the high-level APIs it implements (each in a header of its own,
// included below) and what kernels reach through this header on CANN: the fixed-width integer
// types and memcpy the generated code is written with.
#ifndef OPSIM_KERNEL_TILING_KERNEL_TILING_H_
#define OPSIM_KERNEL_TILING_KERNEL_TILING_H_

#include <cstdint>
#include <cstring>

// ConfusionTransposeTiling (the high-level Transpose's):
#include "opsim/core/confusion_transpose_tiling.h"
#include "opsim/core/layernorm_grad_tiling.h"  // LayerNormGradTiling, LayerNormGradBetaTiling
#include "opsim/core/norm_tiling.h"            // LayerNormTiling, RmsNormTiling
#include "opsim/core/pad_tiling.h"             // PadTiling, UnPadTiling
#include "opsim/core/softmax_ext_tiling.h"     // LogSoftMaxTiling
#include "opsim/core/softmax_tiling.h"         // SoftMaxTiling (the SoftMax family's)
#include "opsim/core/tcube_tiling.h"           // TCubeTiling (the Matmul API's)
#include "opsim/core/topk_tiling.h"            // TopkTiling

#endif  // OPSIM_KERNEL_TILING_KERNEL_TILING_H_
