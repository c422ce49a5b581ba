// The kernel API: Ascend C's vector subset (namespace AscendC), run on the simulated NPU.
// Kernels include only this header.
#pragma once

#include "opsim/sim/ascendc/atomic.h"
#include "opsim/sim/ascendc/atomic_config.h"
#include "opsim/sim/ascendc/axpy_mixed.h"
#include "opsim/sim/ascendc/block_sync.h"
#include "opsim/sim/ascendc/cache.h"
#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/ascendc/cce_scalar.h"
#include "opsim/sim/ascendc/ceil_utils.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/ascendc/cube_aipp.h"
#include "opsim/sim/ascendc/cube_config.h"
#include "opsim/sim/ascendc/cube_fixpipe.h"
#include "opsim/sim/ascendc/cube_group.h"
#include "opsim/sim/ascendc/cube_sparse.h"
#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/data_copy_pad_value.h"
#include "opsim/sim/ascendc/data_copy_slice.h"
#include "opsim/sim/ascendc/debug.h"
#include "opsim/sim/ascendc/float_names.h"
#include "opsim/sim/ascendc/hl_activation.h"
#include "opsim/sim/ascendc/hl_adjust_softmax.h"
#include "opsim/sim/ascendc/hl_antiquant.h"
#include "opsim/sim/ascendc/hl_confusion_transpose.h"
#include "opsim/sim/ascendc/hl_cumsum.h"
#include "opsim/sim/ascendc/hl_dequant.h"
#include "opsim/sim/ascendc/hl_dropout.h"
#include "opsim/sim/ascendc/hl_fastergeluv2.h"
#include "opsim/sim/ascendc/hl_index.h"
#include "opsim/sim/ascendc/hl_layernorm_grad.h"
#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/ascendc/hl_norm.h"
#include "opsim/sim/ascendc/hl_pad.h"
#include "opsim/sim/ascendc/hl_quant.h"
#include "opsim/sim/ascendc/hl_reduce.h"
#include "opsim/sim/ascendc/hl_select.h"
#include "opsim/sim/ascendc/hl_softmax.h"
#include "opsim/sim/ascendc/hl_softmax_ext.h"
#include "opsim/sim/ascendc/hl_softmax_v3.h"
#include "opsim/sim/ascendc/hl_sort.h"
#include "opsim/sim/ascendc/hl_topk.h"
#include "opsim/sim/ascendc/hl_transdata.h"
#include "opsim/sim/ascendc/hl_welford.h"
#include "opsim/sim/ascendc/kernel_log.h"
#include "opsim/sim/ascendc/layout.h"
#include "opsim/sim/ascendc/list_tensor.h"
#include "opsim/sim/ascendc/numeric_limits.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/ascendc/scalar_bits.h"
#include "opsim/sim/ascendc/scalar_convert.h"
#include "opsim/sim/ascendc/shape_info.h"
#include "opsim/sim/ascendc/stack_spm.h"
#include "opsim/sim/ascendc/std.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/sys_ctrl.h"
#include "opsim/sim/ascendc/sys_var.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/tensor_trait.h"
#include "opsim/sim/ascendc/tensor_trait_ops.h"
#include "opsim/sim/ascendc/tensor_trait_ops_ext.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_bilinear.h"
#include "opsim/sim/ascendc/vector_cast_deq.h"
#include "opsim/sim/ascendc/vector_cmpsel.h"
#include "opsim/sim/ascendc/vector_copy.h"
#include "opsim/sim/ascendc/vector_fused_cast.h"
#include "opsim/sim/ascendc/vector_gather.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_math.h"
#include "opsim/sim/ascendc/vector_max_min_spr.h"
#include "opsim/sim/ascendc/vector_operators.h"
#include "opsim/sim/ascendc/vector_proposal.h"
#include "opsim/sim/ascendc/vector_reduce_repeat.h"
#include "opsim/sim/ascendc/vector_reduce_type.h"
#include "opsim/sim/ascendc/vector_sort.h"
#include "opsim/sim/ascendc/vector_trans5hd.h"
#include "opsim/sim/ascendc/vector_transpose.h"
// The high-level library, as CANN's kernel_operator.h brings it.
#include "lib/pad/broadcast.h"

// Samples written for the 2023 toolkits name the kernel API `tik2`, the namespace's old name.
namespace tik2 = AscendC;

// Kernel code compiled with CANN's --cce-auto-sync=off (ccec turns it into OPSIM_CCE_AUTO_SYNC=0):
// ICPU_RUN_KF launches of this process then run with the compiler's syncs left out.
#if defined(OPSIM_CCE_AUTO_SYNC) && OPSIM_CCE_AUTO_SYNC == 0
namespace {
[[maybe_unused]] const bool opsim_cce_auto_sync_off =
    (::opsim::sim::DeclareKernelsBuiltWithoutAutoSync(), true);
}  // namespace
#endif

// CANN's kernel assert (its asc_assert.h, which kernel_operator.h brings): assert(expr) or
// assert(expr, "format", args...) faults the launch (assert_failed) with the expression, the
// file and line and the message; ASCENDC_DUMP=0 compiles it out as in CANN. Last, after every
// header that might include <cassert> (which defines the C one again).
#include <cassert>
#undef assert
#if !(defined(ASCENDC_DUMP) && ASCENDC_DUMP == 0)
#define assert(...) ascendc_assert(__VA_ARGS__)
#else
#define assert(...)
#endif

// Strict portability mode (OPSIM_STRICT_ASCENDC): the names a chip's build lacks made errors in
// what follows this header. Last, so that everything above still names them.
#if defined(OPSIM_STRICT_ASCENDC)
#include "opsim/sim/ascendc/strict_portability.h"
#endif
