// CANN's umbrella header of the high-level APIs' host tilings. opsim has the Matmul tiling
// (lib/matmul/matmul_tiling.h), the Conv3D API's (lib/conv/conv3d/conv3d_tiling.h), the math
// and activation APIs' (lib/math, lib/activation: the SoftMax family's in softmax_tiling.h),
// LayerNorm's, RmsNorm's, DeepNorm's, GroupNorm's, BatchNorm's, Normalize's, LayerNormGrad's,
// LayerNormGradBeta's and the Welford pair's (lib/normalization),
// Broadcast's, Pad's and UnPad's (lib/pad), the reductions' (lib/reduce), TopK's (lib/sort),
// TransData's and the high-level Transpose's (lib/transpose);
// the other APIs' tilings are not yet here. Their helpers take ge::Shape, so CANN's brings
// graph/tensor.h, and so does this one.
#pragma once

#if defined(OPSIM_KERNEL_TILING)
// A kernel unit of an operator library includes its project's tiling header, and with it this
// one: the kernel sees only the tiling structs (optiling::TCubeTiling is the kernel's
// TCubeTiling there), as CANN's generated kernel tiling does, not the host's classes.
#include "lib/activation/logsoftmax_tilingdata.h"
#include "lib/activation/softmax_tilingdata.h"
#include "lib/conv/conv3d/conv3d_tilingdata.h"
#include "lib/matmul/matmul_tilingdata.h"
#include "lib/normalization/batchnorm_tilingdata.h"
#include "lib/normalization/deepnorm_tilingdata.h"
#include "lib/normalization/groupnorm_tilingdata.h"
#include "lib/normalization/layernorm_grad_beta_tilingdata.h"
#include "lib/normalization/layernorm_grad_tilingdata.h"
#include "lib/normalization/layernorm_tilingdata.h"
#include "lib/normalization/rmsnorm_tilingdata.h"
#include "lib/pad/pad_tilingdata.h"
#include "lib/sort/topk_tilingdata.h"
#include "lib/transpose/confusion_transpose_tilingdata.h"
#else
// CANN's brings <iostream> too (through conv3d_tiling_util.h, under conv/conv3d/conv3d_tiling.h),
// and asc-devkit's Matmul samples print with std::cout relying on it.
#include <iostream>

#include "graph/tensor.h"
#include "lib/activation/geglu_tiling.h"
#include "lib/activation/gelu_tiling.h"
#include "lib/activation/logsoftmax_tiling.h"
#include "lib/activation/reglu_tiling.h"
#include "lib/activation/sigmoid_tiling.h"
#include "lib/activation/silu_tiling.h"
#include "lib/activation/softmax_tiling.h"
#include "lib/activation/swiglu_tiling.h"
#include "lib/activation/swish_tiling.h"
#include "lib/conv/conv3d/conv3d_tiling.h"
#include "lib/filter/dropout_tiling.h"
#include "lib/index/arithprogression_tiling.h"
#include "lib/math/acos_tiling.h"
#include "lib/math/acosh_tiling.h"
#include "lib/math/asin_tiling.h"
#include "lib/math/asinh_tiling.h"
#include "lib/math/atan_tiling.h"
#include "lib/math/atanh_tiling.h"
#include "lib/math/axpy_tiling.h"
#include "lib/math/ceil_tiling.h"
#include "lib/math/clamp_tiling.h"
#include "lib/math/cos_tiling.h"
#include "lib/math/cosh_tiling.h"
#include "lib/math/cumsum_tiling.h"
#include "lib/math/digamma_tiling.h"
#include "lib/math/erf_tiling.h"
#include "lib/math/erfc_tiling.h"
#include "lib/math/exp_tiling.h"
#include "lib/math/floor_tiling.h"
#include "lib/math/fmod_tiling.h"
#include "lib/math/frac_tiling.h"
#include "lib/math/lgamma_tiling.h"
#include "lib/math/log_tiling.h"
#include "lib/math/power_tiling.h"
#include "lib/math/round_tiling.h"
#include "lib/math/sign_tiling.h"
#include "lib/math/sin_tiling.h"
#include "lib/math/sinh_tiling.h"
#include "lib/math/tan_tiling.h"
#include "lib/math/tanh_tiling.h"
#include "lib/math/trunc_tiling.h"
#include "lib/math/xor_tiling.h"
#include "lib/matmul/matmul_tiling.h"
#include "lib/normalization/batchnorm_tiling.h"
#include "lib/normalization/deepnorm_tiling.h"
#include "lib/normalization/groupnorm_tiling.h"
#include "lib/normalization/layernorm_grad_beta_tiling.h"
#include "lib/normalization/layernorm_grad_tiling.h"
#include "lib/normalization/layernorm_tiling.h"
#include "lib/normalization/normalize_tiling.h"
#include "lib/normalization/rmsnorm_tiling.h"
#include "lib/normalization/welfordfinalize_tiling.h"
#include "lib/pad/broadcast_tiling.h"
#include "lib/pad/pad_tiling.h"
#include "lib/quantization/ascend_antiquant_tiling.h"
#include "lib/quantization/ascend_dequant_tiling.h"
#include "lib/quantization/ascend_quant_tiling.h"
#include "lib/reduce/mean_tiling.h"
#include "lib/reduce/reduce_tiling.h"
#include "lib/reduce/reduce_xor_sum_tiling.h"
#include "lib/reduce/sum_tiling.h"
#include "lib/select/selectwithbytesmask_tiling.h"
#include "lib/sort/sort_tiling_intf.h"
#include "lib/sort/topk_tiling.h"
#include "lib/transpose/confusion_transpose_tiling.h"
#include "lib/transpose/transdata_tiling.h"
#include "tiling/platform/platform_ascendc.h"
#endif
