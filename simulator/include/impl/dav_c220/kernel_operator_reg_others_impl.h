// CANN's impl/dav_c220/kernel_operator_reg_others_impl.h: an implementation header of the 910B's
// (dav-c220) register intrinsics (HsetFlag, GetRsvdCnt, the AIPP registers, ...), which ops-nn's
// norm and pooling kernels include (deep_norm, add_layer_norm, rms_norm_grad, ...) while calling
// only the public API. CANN's CPU-debug build compiles its body out (`#ifndef ASCENDC_CPU_DEBUG`),
// so there it declares nothing, and so it does here.
#pragma once
