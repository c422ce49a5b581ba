// The cube instructions: DataCopy GM -> L1 with ND -> NZ, LoadData L1 -> L0A/L0B, Mmad and
// Fixpipe L0C -> GM (docs/CUBE.md). Each checks its operands' memories, bounds, alignment and
// parameter ranges, runs on its pipe (MTE2, MTE1, M, FIX) and takes part in the missing-sync
// check like the vector instructions.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/dtype.h"
#include "opsim/sim/ascendc/cube_load3d.h"
#include "opsim/sim/ascendc/cube_load_transpose.h"
#include "opsim/sim/ascendc/cube_types.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
void CubeNd2Nz(const UbRef& dst, const GmRef& src, uint32_t elem_bytes,
               const AscendC::Nd2NzParams& p);
void CubeLoad2D(const UbRef& dst, const UbRef& src, uint32_t elem_bytes,
                const AscendC::LoadData2DParams& p);
// bias: null, or the bias table operand of Mmad's bias form. gemv: a kernel's Mmad, whose m = 1
// reads A as one ND row of k elements (the Mmad page's GEMV); the Matmul engine's tiles keep ZZ.
void CubeMmad(const UbRef& dst, const UbRef& fm, const UbRef& filter, const UbRef* bias,
              DType c_type, DType a_type, DType bias_type, const AscendC::MmadParams& p,
              bool gemv = false);
// Mmad with int4b_t A and B (CANN's mad_s4): int32 C, 16 x 64 fractals, k even. bias: the
// Matmul's bias table buffer, which CANN's Matmul reaches with cmatrixSource (no bias operand).
void CubeMmadS4(const UbRef& dst, const UbRef& fm, const UbRef& filter,
                const AscendC::MmadParams& p, const UbRef* bias = nullptr, bool gemv = false);
void CubeFixpipe(const GmRef& dst, const UbRef& src, DType dst_type, DType src_type, bool nd_out,
                 const AscendC::FixpipeParamsV220& p);

template <typename C, typename A, typename B>
constexpr bool kMmadTypes =
    (std::is_same_v<C, float> && std::is_same_v<A, half> && std::is_same_v<B, half>) ||
    (std::is_same_v<C, float> && std::is_same_v<A, bfloat16_t> && std::is_same_v<B, bfloat16_t>) ||
    (std::is_same_v<C, float> && std::is_same_v<A, float> && std::is_same_v<B, float>) ||
    (std::is_same_v<C, int32_t> && std::is_same_v<A, int8_t> && std::is_same_v<B, int8_t>) ||
    (std::is_same_v<C, int32_t> && std::is_same_v<A, AscendC::int4b_t> &&
     std::is_same_v<B, AscendC::int4b_t>);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& params) {
  static_assert(sizeof(PrimT<T>) == 1 || sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4,
                "DataCopy with Nd2NzParams takes 8-, 16- or 32-bit elements");
  opsim::sim::detail::CubeNd2Nz(dst.ref(), src.ref(), sizeof(PrimT<T>), params);
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LoadData2DParams& params) {
  static_assert(sizeof(PrimT<T>) == 1 || sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4,
                "LoadData takes 8-, 16- or 32-bit elements");
  if constexpr (IsHalfByteDataType<PrimT<T>>()) {  // whole 512 B fractals, as int8's
    if (params.ifTranspose) {
      opsim::sim::detail::RaiseInt4Unmodelled("LoadData",
                                              "with ifTranspose (CANN's s4 load passes 0)");
    }
  }
  opsim::sim::detail::CubeLoad2D(dst.ref(), src.ref(), sizeof(PrimT<T>), params);
}

// CANN implements these for the Ascend 950 only (its 910 forms report "not support"; the 910B
// has none): a kernel that reaches one does not build for the simulated chips.
template <typename T>
void LoadData(const LocalTensor<T>&, const LocalTensor<T>&, const LoadData2DParamsV2&) {
  static_assert(sizeof(T) == 0,
                "LoadData with LoadData2DParamsV2 is the Ascend 950's (dav-3510) form: not on "
                "the 910B, 910A or 310P (use LoadData2DParams)");
}
template <typename T>
void LoadData(const LocalTensor<T>&, const GlobalTensor<T>&, const LoadData2DParamsV2&) {
  static_assert(sizeof(T) == 0,
                "LoadData with LoadData2DParamsV2 is the Ascend 950's (dav-3510) form: not on "
                "the 910B, 910A or 310P (use LoadData2DParams)");
}

template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const MmadParams& params) {
  static_assert(opsim::sim::detail::kMmadTypes<PrimT<T>, PrimT<U>, PrimT<S>>,
                "Mmad takes (float; half, half), (float; bfloat16_t, bfloat16_t), "
                "(float; float, float), (int32_t; int8_t, int8_t) or (int32_t; int4b_t, int4b_t)");
  static_assert(kOpsimOneTensorKind<T, U, S>, "Mmad mixes TensorTrait and plain tensors");
  if constexpr (IsHalfByteDataType<PrimT<U>>()) {
    opsim::sim::detail::CubeMmadS4(dst.ref(), fm.ref(), filter.ref(), params, nullptr, true);
  } else {
    opsim::sim::detail::CubeMmad(dst.ref(), fm.ref(), filter.ref(), nullptr, DTypeOf<PrimT<T>>(),
                                 DTypeOf<PrimT<U>>(), DTypeOf<PrimT<T>>(), params, true);
  }
}

template <typename T, typename U, typename S, typename V>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const LocalTensor<V>& bias, const MmadParams& params) {
  static_assert(opsim::sim::detail::kMmadTypes<PrimT<T>, PrimT<U>, PrimT<S>>,
                "Mmad takes (float; half, half), (float; bfloat16_t, bfloat16_t), "
                "(float; float, float) or (int32_t; int8_t, int8_t)");
  static_assert(std::is_same_v<PrimT<V>, PrimT<T>>,
                "Mmad's bias has the result's type (float or int32_t)");
  static_assert(!IsHalfByteDataType<PrimT<U>>(),
                "Mmad's bias form takes no int4b_t (CANN's dav_c220 check lists int8_t, half, "
                "float and bfloat16_t inputs)");
  static_assert(kOpsimOneTensorKind<T, U, S, V>, "Mmad mixes TensorTrait and plain tensors");
  const opsim::sim::detail::UbRef b = bias.ref();
  opsim::sim::detail::CubeMmad(dst.ref(), fm.ref(), filter.ref(), &b, DTypeOf<PrimT<T>>(),
                               DTypeOf<PrimT<U>>(), DTypeOf<PrimT<V>>(), params, true);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
             const FixpipeParamsV220& params) {
  static_assert(std::is_same_v<PrimT<U>, float> || std::is_same_v<PrimT<U>, int32_t>,
                "Fixpipe reads float or int32_t results from CO1");
  static_assert(kOpsimOneTensorKind<T, U>, "Fixpipe mixes TensorTrait and plain tensors");
  opsim::sim::detail::CubeFixpipe(dst.ref(), src.ref(), DTypeOf<PrimT<T>>(), DTypeOf<PrimT<U>>(),
                                  config.format == CO2Layout::ROW_MAJOR, params);
}

}  // namespace AscendC
