// Compiled as a CPU-debug kernel library is (C++17, -O0, -Wall -Werror): every kernel-side name
// this package adds must build there. Nothing runs; the build is the test.
#include "ascendc/host_api/tiling/template_argument.h"
#include "kernel_operator.h"
#include "kernel_operator_intf.h"
#include "kernel_utils.h"
// The high-level library's older header names (CANN keeps them; ops-nn's kernels include them),
// under both of CANN's spellings of its root.
#include "adv_api/activation/kernel_operator_geglu_intf.h"
#include "adv_api/activation/kernel_operator_gelu_intf.h"
#include "adv_api/activation/kernel_operator_logsoftmax_intf.h"
#include "adv_api/activation/kernel_operator_reglu_intf.h"
#include "adv_api/activation/kernel_operator_sigmoid_intf.h"
#include "adv_api/activation/kernel_operator_silu_intf.h"
#include "adv_api/activation/kernel_operator_simple_softmax_intf.h"
#include "adv_api/activation/kernel_operator_softmax_flash_intf.h"
#include "adv_api/activation/kernel_operator_softmax_flashv2_intf.h"
#include "adv_api/activation/kernel_operator_softmax_grad_intf.h"
#include "adv_api/activation/kernel_operator_softmax_intf.h"
#include "adv_api/activation/kernel_operator_swiglu_intf.h"
#include "adv_api/activation/kernel_operator_swish_intf.h"
#include "adv_api/filter/kernel_operator_dropout_intf.h"
#include "adv_api/index/kernel_operator_arithprogression_intf.h"
#include "adv_api/math/kernel_operator_acos_intf.h"
#include "adv_api/math/kernel_operator_acosh_intf.h"
#include "adv_api/math/kernel_operator_asin_intf.h"
#include "adv_api/math/kernel_operator_asinh_intf.h"
#include "adv_api/math/kernel_operator_atan_intf.h"
#include "adv_api/math/kernel_operator_atanh_intf.h"
#include "adv_api/math/kernel_operator_axpy_intf.h"
#include "adv_api/math/kernel_operator_ceil_intf.h"
#include "adv_api/math/kernel_operator_clamp_intf.h"
#include "adv_api/math/kernel_operator_cos_intf.h"
#include "adv_api/math/kernel_operator_cosh_intf.h"
#include "adv_api/math/kernel_operator_digamma_intf.h"
#include "adv_api/math/kernel_operator_erf_intf.h"
#include "adv_api/math/kernel_operator_erfc_intf.h"
#include "adv_api/math/kernel_operator_exp_intf.h"
#include "adv_api/math/kernel_operator_floor_intf.h"
#include "adv_api/math/kernel_operator_frac_intf.h"
#include "adv_api/math/kernel_operator_lgamma_intf.h"
#include "adv_api/math/kernel_operator_log_intf.h"
#include "adv_api/math/kernel_operator_power_intf.h"
#include "adv_api/math/kernel_operator_round_intf.h"
#include "adv_api/math/kernel_operator_sign_intf.h"
#include "adv_api/math/kernel_operator_sin_intf.h"
#include "adv_api/math/kernel_operator_sinh_intf.h"
#include "adv_api/math/kernel_operator_tan_intf.h"
#include "adv_api/math/kernel_operator_tanh_intf.h"
#include "adv_api/math/kernel_operator_trunc_intf.h"
#include "adv_api/math/kernel_operator_xor_intf.h"
#include "adv_api/normalization/kernel_operator_batchnorm_intf.h"
#include "adv_api/normalization/kernel_operator_deepnorm_intf.h"
#include "adv_api/normalization/kernel_operator_layernorm_intf.h"
#include "adv_api/normalization/kernel_operator_layernormgrad_intf.h"
#include "adv_api/normalization/kernel_operator_layernormgradbeta_intf.h"
#include "adv_api/normalization/kernel_operator_rmsnorm_intf.h"
#include "adv_api/normalization/kernel_operator_welfordfinalize_intf.h"
#include "adv_api/pad/kernel_operator_pad_intf.h"
#include "adv_api/quantization/kernel_operator_ascend_antiquant_intf.h"
#include "adv_api/quantization/kernel_operator_ascend_dequant_intf.h"
#include "adv_api/quantization/kernel_operator_ascend_quant_intf.h"
#include "adv_api/reduce/kernel_operator_mean_intf.h"
#include "adv_api/reduce/kernel_operator_sum_intf.h"
#include "adv_api/select/kernel_operator_selectwithbytesmask_intf.h"
#include "adv_api/sort/kernel_operator_topk_intf.h"
#include "adv_api/transpose/kernel_operator_confusion_transpose_intf.h"
#include "lib/activation/kernel_operator_geglu_intf.h"
#include "lib/activation/kernel_operator_gelu_intf.h"
#include "lib/activation/kernel_operator_logsoftmax_intf.h"
#include "lib/activation/kernel_operator_reglu_intf.h"
#include "lib/activation/kernel_operator_sigmoid_intf.h"
#include "lib/activation/kernel_operator_silu_intf.h"
#include "lib/activation/kernel_operator_simple_softmax_intf.h"
#include "lib/activation/kernel_operator_softmax_flash_intf.h"
#include "lib/activation/kernel_operator_softmax_flashv2_intf.h"
#include "lib/activation/kernel_operator_softmax_grad_intf.h"
#include "lib/activation/kernel_operator_softmax_intf.h"
#include "lib/activation/kernel_operator_swiglu_intf.h"
#include "lib/activation/kernel_operator_swish_intf.h"
#include "lib/filter/kernel_operator_dropout_intf.h"
#include "lib/index/kernel_operator_arithprogression_intf.h"
#include "lib/math/kernel_operator_acos_intf.h"
#include "lib/math/kernel_operator_acosh_intf.h"
#include "lib/math/kernel_operator_asin_intf.h"
#include "lib/math/kernel_operator_asinh_intf.h"
#include "lib/math/kernel_operator_atan_intf.h"
#include "lib/math/kernel_operator_atanh_intf.h"
#include "lib/math/kernel_operator_axpy_intf.h"
#include "lib/math/kernel_operator_ceil_intf.h"
#include "lib/math/kernel_operator_clamp_intf.h"
#include "lib/math/kernel_operator_cos_intf.h"
#include "lib/math/kernel_operator_cosh_intf.h"
#include "lib/math/kernel_operator_digamma_intf.h"
#include "lib/math/kernel_operator_erf_intf.h"
#include "lib/math/kernel_operator_erfc_intf.h"
#include "lib/math/kernel_operator_exp_intf.h"
#include "lib/math/kernel_operator_floor_intf.h"
#include "lib/math/kernel_operator_frac_intf.h"
#include "lib/math/kernel_operator_lgamma_intf.h"
#include "lib/math/kernel_operator_log_intf.h"
#include "lib/math/kernel_operator_power_intf.h"
#include "lib/math/kernel_operator_round_intf.h"
#include "lib/math/kernel_operator_sign_intf.h"
#include "lib/math/kernel_operator_sin_intf.h"
#include "lib/math/kernel_operator_sinh_intf.h"
#include "lib/math/kernel_operator_tan_intf.h"
#include "lib/math/kernel_operator_tanh_intf.h"
#include "lib/math/kernel_operator_trunc_intf.h"
#include "lib/math/kernel_operator_xor_intf.h"
#include "lib/normalization/kernel_operator_batchnorm_intf.h"
#include "lib/normalization/kernel_operator_deepnorm_intf.h"
#include "lib/normalization/kernel_operator_layernorm_intf.h"
#include "lib/normalization/kernel_operator_layernormgrad_intf.h"
#include "lib/normalization/kernel_operator_layernormgradbeta_intf.h"
#include "lib/normalization/kernel_operator_rmsnorm_intf.h"
#include "lib/normalization/kernel_operator_welfordfinalize_intf.h"
#include "lib/pad/kernel_operator_pad_intf.h"
#include "lib/quantization/kernel_operator_ascend_antiquant_intf.h"
#include "lib/quantization/kernel_operator_ascend_dequant_intf.h"
#include "lib/quantization/kernel_operator_ascend_quant_intf.h"
#include "lib/reduce/kernel_operator_mean_intf.h"
#include "lib/reduce/kernel_operator_sum_intf.h"
#include "lib/select/kernel_operator_selectwithbytesmask_intf.h"
#include "lib/sigmoid/kernel_operator_sigmoid_intf.h"
#include "lib/sort/kernel_operator_topk_intf.h"
#include "lib/transpose/kernel_operator_confusion_transpose_intf.h"
// CANN's implementation path ops-nn's norm kernels include (empty in CPU-debug builds).
#include "impl/dav_c220/kernel_operator_reg_others_impl.h"

using namespace tik2;  // the 2023 samples' namespace name

extern "C" __global__ __aicore__ void cxx17_check_kernel(GM_ADDR x, uint32_t n) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  InitSocState();
  GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)x, n);
  __ubuf__ float* unused_ub = nullptr;
  (void)unused_ub;
  ASSERT(n > 0);
  if (unlikely(n == 0) || !likely(n < 4096)) return;
  ascendc_assert(n < 1024, "n = %u", n);
  AscendC::printf("n = %u\n", n);
  PRINTF("block %lld\n", static_cast<long long>(GetBlockIdx()));
  DumpTensor(g, 1, 4);
  PipeBarrier<PIPE_ALL>();
  AscendC::PipeBarrier<AscendC::PIPE_V>();
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  // CANN's constructor, as ops-nn's gru_grad calls it: (bool, int, int, int) for a half tile.
  const DataCopyPadExtParams<half> ext(false, 0, 0, 0);
  const DataCopyPadExtParams<float> none;
  const DataCopyPadExtParams deduced(false, 0, 0, 0.0f);  // ada_layer_norm_grad's: T from the pad
  static_assert(std::is_same_v<decltype(deduced.paddingValue), float>, "T deduced");
  static_assert(sizeof(ext.leftPadding) == 1, "CANN's uint8_t padding counts");
  (void)none;
  // ops-nn's foreach kernels: `T(scalarGM.GetValue(i))` of an int64_t scalar list, T half.
  const half from_int64 = half(static_cast<int64_t>(n));
  const bfloat16_t from_uint8 = static_cast<uint8_t>(n);
  (void)from_int64;
  (void)from_uint8;
  event_t e = EVENT_ID1;
  pipe_t p = PIPE_MTE2;
  (void)e;
  (void)p;
  // CANN's CCE intrinsics and the guards of its headers, as older kernels write them.
  pipe_barrier(PIPE_ALL);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  if ASCEND_IS_AIV {
    TPipe pipe;
    const auto id = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(id);
    WaitFlag<HardEvent::V_S>(id);
    const TEventID held = AscendC::GetTPipePtr()->AllocEventID<HardEvent::MTE3_MTE2>();
    GetTPipePtr()->ReleaseEventID<HardEvent::MTE3_MTE2>(held);
  }
  if ASCEND_IS_AIC {
    return;
  }
  SetSysWorkspace(x);
  DataCopyPadParams pad{false, 0, 0, 0};
  (void)pad;
  (void)(ONE_BLK_SIZE + ONE_REPEAT_BYTE_SIZE + DEFAULT_REPEAT_STRIDE + MAX_REPEAT_TIMES);
}
// Bisheng's keywords, empty in CANN's CPU build (its stub_def.h) as here.
__simd_callee__ inline float Cxx17Twice(float v) { return 2 * v; }
__simd_vf__ inline void Cxx17Vf(__ubuf__ float* p) { *p = Cxx17Twice(*p); }
extern "C" __global__ __vector__ void cxx17_vector_kernel(__gm__ float* x) {
  __cbuf__ uint8_t* l1 = nullptr;
  __ca__ half* l0a = nullptr;
  __cb__ half* l0b = nullptr;
  __cc__ float* l0c = nullptr;
  __fbuf__ uint64_t* fb = nullptr;
  __biasbuf__ float* bt = nullptr;
  __ssbuf__ uint32_t* ss = nullptr;
  (void)l1, (void)l0a, (void)l0b, (void)l0c, (void)fb, (void)bt, (void)ss, (void)x;
}
extern "C" __global__ __cube__ void cxx17_cube_kernel(GM_ADDR x) { (void)x; }
__schedmode__(1) __global__ __mix__(1, 2) void cxx17_mix_kernel(GM_ADDR x) { (void)x; }
__host__ __host_aicore__ int Cxx17Host() { return 0; }
#if !defined(__CCE_KT_TEST__) || !defined(__DAV_C220_VEC__) || defined(__DAV_C220_CUBE__)
#error "CANN's CPU build of a 910B vector kernel defines __CCE_KT_TEST__ and __DAV_C220_VEC__"
#endif
#if __CCE_AICORE__ != 220
#error "a 910B kernel is compiled for the DAV C220: __CCE_AICORE__ is 220"
#endif

// The count forms of the vector API have CANN's exact types: ops-nn's foreach kernels pass them
// as template arguments of function-pointer type (NoScalarBinaryOp, OneScalarBinaryOp, ...).
template <typename T>
using Cxx17Binary = void(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&,
                         const int32_t&);
template <typename T>
using Cxx17Unary = void(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);
template <typename T>
using Cxx17Scalar = void(const LocalTensor<T>&, const LocalTensor<T>&, const T&, const int32_t&);
[[maybe_unused]] constexpr Cxx17Binary<float>* kCxx17Binary[] = {&Add,
                                                                 &Sub,
                                                                 &Mul,
                                                                 &Div,
                                                                 &Max,
                                                                 &Min,
                                                                 &AddRelu,
                                                                 &SubRelu,
                                                                 &FusedMulAdd,
                                                                 &MulAddRelu,
                                                                 &FusedMulAddRelu};
[[maybe_unused]] constexpr Cxx17Binary<uint16_t>* kCxx17Bits[] = {&And, &Or};
[[maybe_unused]] constexpr Cxx17Unary<float>* kCxx17Unary[] = {&Exp,        &Ln,  &Sqrt, &Rsqrt,
                                                               &Reciprocal, &Abs, &Relu};
[[maybe_unused]] constexpr Cxx17Unary<uint16_t>* kCxx17Not = &Not;
[[maybe_unused]] constexpr Cxx17Scalar<float>* kCxx17Scalar[] = {&Adds, &Muls,      &Maxs,
                                                                 &Mins, &LeakyRelu, &Axpy};
[[maybe_unused]] constexpr Cxx17Scalar<int32_t>* kCxx17Shift[] = {&ShiftLeft, &ShiftRight};
[[maybe_unused]] constexpr void (*kCxx17Duplicate)(const LocalTensor<float>&, const float&,
                                                   const int32_t&) = &Duplicate;

// A template-tiling declaration as a kernel's *_tiling_key.h writes it.
ASCENDC_TPL_ARGS_DECL(Cxx17Check, ASCENDC_TPL_DTYPE_DECL(D_T, 0, 1),
                      ASCENDC_TPL_UINT_DECL(TILE, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_LIST, 1, 2),
                      ASCENDC_TPL_BOOL_DECL(SPLIT, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, 0),
                                     ASCENDC_TPL_UINT_SEL(TILE, ASCENDC_TPL_UI_LIST, 1)));
