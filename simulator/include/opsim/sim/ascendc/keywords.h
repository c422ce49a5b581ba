// Bisheng's keywords as CANN's CPU build defines them (its CPU-debug stub_def.h, which its
// kernel_operator.h includes under ASCENDC_CPU_DEBUG): every one empty. On the chip they place a
// function (host, AI Core, the cube or vector cores of a kernel, a SIMD/SIMT VF) or a pointer's
// memory (GM, UB, L1, L0A/B/C, FB, BT, SSBuffer); on the host a kernel is plain C++, and CANN's
// page on CPU debugging says the same ("系统框架将这些关键字定义为空"): so two declarations that
// differ only by these keywords are one function here, as there. `__schedmode__(mode)` is a
// documented kernel qualifier that file lacks; it is empty too. A kernel's core type is the
// launch's (KernelMode, KERNEL_TASK_TYPE_DEFAULT), not `__cube__`/`__vector__`/`__mix__`: CANN's
// CPU build reads those from the device compiler's records, which a host compiler does not make.
#pragma once

#ifndef __host__
#define __host__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __host_aicore__
#define __host_aicore__
#endif
#ifndef __cube__
#define __cube__
#endif
#ifndef __vector__
#define __vector__
#endif
#ifndef __WORKGROUP_LOCAL__
#define __WORKGROUP_LOCAL__
#endif
#ifndef __BLOCK_LOCAL__
#define __BLOCK_LOCAL__
#endif
#ifndef __VEC_SCOPE__
#define __VEC_SCOPE__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __biasbuf__
#define __biasbuf__
#endif
#ifndef __ssbuf__
#define __ssbuf__
#endif
#ifndef __sync_noalias__
#define __sync_noalias__
#endif
#ifndef __sync_alias__
#define __sync_alias__
#endif
#ifndef __check_sync_alias__
#define __check_sync_alias__
#endif
#ifndef __sync_in__
#define __sync_in__
#endif
#ifndef __sync_out__
#define __sync_out__
#endif
#ifndef __simd_vf__
#define __simd_vf__
#endif
#ifndef __simd_callee__
#define __simd_callee__
#endif
#ifndef __simt_vf__
#define __simt_vf__
#endif
#ifndef __simt_callee__
#define __simt_callee__
#endif
#ifndef __callee__
#define __callee__
#endif
#ifndef __no_simd_vf_fusion__
#define __no_simd_vf_fusion__
#endif
#ifndef __disable_kernel_type_autoinfer__
#define __disable_kernel_type_autoinfer__
#endif
#ifndef __kfc_workspace__
#define __kfc_workspace__
#endif
#ifndef ASCENDC_HOST_AICORE
#define ASCENDC_HOST_AICORE
#endif
#ifndef __mix__
#define __mix__(...)
#endif
#ifndef __schedmode__
#define __schedmode__(...)
#endif
#ifndef __in_pipe__
#define __in_pipe__(...)
#endif
#ifndef __out_pipe__
#define __out_pipe__(...)
#endif
#ifndef __inout_pipe__
#define __inout_pipe__(...)
#endif
#ifndef LAUNCH_BOUND
#define LAUNCH_BOUND(x)
#endif
