// The cube's L0C read-outs besides Fixpipe L0C -> GM (cube.h): Fixpipe into L1, Fixpipe with
// per-column quantisation words (cbufWorkspace), DataCopy CO1 -> GM/L1 with the registers
// SetFixpipeNz2ndFlag and SetFixpipePreQuantFlag set, and DataCopy GM -> L1 with Dn2NzParams
// (docs/CUBE.md). Declarations as CANN's kernel_operator_fixpipe_intf.h and
// kernel_operator_data_copy_intf.h give them for Atlas A2.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/dtype.h"
#include "opsim/sim/ascendc/cube_types.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {

// Where a Fixpipe writes: Global Memory, or (is_local) a tensor in L1.
struct FixpipeDst {
  GmRef gm;
  UbRef local;
  bool is_local = false;
};

// quant_table: null, or the L1 tensor of per-column quantisation words (VDEQF16, VQF322B8_PRE,
// VREQ8).
void CubeFixpipeTo(const FixpipeDst& dst, const UbRef& src, const UbRef* quant_table,
                   DType dst_type, DType src_type, bool nd_out, const AscendC::FixpipeParamsV220& p,
                   const char* instr);
void CubeCopyCo1(const FixpipeDst& dst, const UbRef& src, DType dst_type, DType src_type,
                 const AscendC::DataCopyCO12DstParams& p);
void CubeSetFixpipeNz2nd(uint16_t nd_num, uint16_t src_nd_stride, uint16_t dst_nd_stride);
void CubeSetFixpipePreQuant(uint64_t config);
// SetFixPipeConfig: `relu` null for the one-tensor form (`quant` is preData there).
void CubeSetFixPipeConfig(const UbRef* relu, const UbRef& quant, uint32_t elem_bytes, bool set_relu,
                          bool unit_flag);
void CubeDn2Nz(const UbRef& dst, const GmRef& src, uint32_t elem_bytes,
               const AscendC::Dn2NzParams& p);

inline FixpipeDst FixpipeToGm(const GmRef& gm) {
  FixpipeDst d;
  d.gm = gm;
  return d;
}
inline FixpipeDst FixpipeToLocal(const UbRef& local) {
  FixpipeDst d;
  d.local = local;
  d.is_local = true;
  return d;
}

template <typename U>
constexpr bool kL0cResult = std::is_same_v<U, float> || std::is_same_v<U, int32_t>;

}  // namespace opsim::sim::detail

namespace AscendC {

// Fixpipe L0C -> L1 (A1/B1/C1): NZ out (CFG_NZ); Atlas A2 writes no ND into L1.
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
             const FixpipeParamsV220& params) {
  static_assert(opsim::sim::detail::kL0cResult<PrimT<U>>,
                "Fixpipe reads float or int32_t results from CO1");
  static_assert(kOpsimOneTensorKind<T, U>, "Fixpipe mixes TensorTrait and plain tensors");
  opsim::sim::detail::CubeFixpipeTo(opsim::sim::detail::FixpipeToLocal(dst.ref()), src.ref(),
                                    nullptr, DTypeOf<PrimT<T>>(), DTypeOf<PrimT<U>>(),
                                    config.format == CO2Layout::ROW_MAJOR, params, "Fixpipe");
}

// The vector-quantised forms: cbufWorkspace holds one uint64_t quantisation word per column.
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR,
          typename S = uint64_t,
          typename std::enable_if_t<std::is_same_v<PrimT<S>, uint64_t>, bool> = true>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
             const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& params) {
  static_assert(opsim::sim::detail::kL0cResult<PrimT<U>>,
                "Fixpipe reads float or int32_t results from CO1");
  static_assert(kOpsimOneTensorKind<T, U, S>, "Fixpipe mixes TensorTrait and plain tensors");
  const opsim::sim::detail::UbRef table = cbufWorkspace.ref();
  opsim::sim::detail::CubeFixpipeTo(opsim::sim::detail::FixpipeToGm(dst.ref()), src.ref(), &table,
                                    DTypeOf<PrimT<T>>(), DTypeOf<PrimT<U>>(),
                                    config.format == CO2Layout::ROW_MAJOR, params, "Fixpipe");
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR,
          typename S = uint64_t,
          typename std::enable_if_t<std::is_same_v<PrimT<S>, uint64_t>, bool> = true>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
             const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& params) {
  static_assert(opsim::sim::detail::kL0cResult<PrimT<U>>,
                "Fixpipe reads float or int32_t results from CO1");
  static_assert(kOpsimOneTensorKind<T, U, S>, "Fixpipe mixes TensorTrait and plain tensors");
  const opsim::sim::detail::UbRef table = cbufWorkspace.ref();
  opsim::sim::detail::CubeFixpipeTo(opsim::sim::detail::FixpipeToLocal(dst.ref()), src.ref(),
                                    &table, DTypeOf<PrimT<T>>(), DTypeOf<PrimT<U>>(),
                                    config.format == CO2Layout::ROW_MAJOR, params, "Fixpipe");
}

template <typename T, typename U>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
              const DataCopyCO12DstParams& intriParams) {
  static_assert(opsim::sim::detail::kL0cResult<PrimT<U>>,
                "DataCopy CO1 -> GM reads float or int32_t results");
  static_assert(kOpsimOneTensorKind<T, U>, "DataCopy mixes TensorTrait and plain tensors");
  opsim::sim::detail::CubeCopyCo1(opsim::sim::detail::FixpipeToGm(dst.ref()), src.ref(),
                                  DTypeOf<PrimT<T>>(), DTypeOf<PrimT<U>>(), intriParams);
}

template <typename T, typename U>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
              const DataCopyCO12DstParams& intriParams) {
  static_assert(opsim::sim::detail::kL0cResult<PrimT<U>>,
                "DataCopy CO1 -> L1 reads float or int32_t results");
  static_assert(kOpsimOneTensorKind<T, U>, "DataCopy mixes TensorTrait and plain tensors");
  opsim::sim::detail::CubeCopyCo1(opsim::sim::detail::FixpipeToLocal(dst.ref()), src.ref(),
                                  DTypeOf<PrimT<T>>(), DTypeOf<PrimT<U>>(), intriParams);
}

inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride) {
  opsim::sim::detail::CubeSetFixpipeNz2nd(ndNum, srcNdStride, dstNdStride);
}

inline void SetFixpipePreQuantFlag(uint64_t config) {
  opsim::sim::detail::CubeSetFixpipePreQuant(config);
}

// The Fixpipe buffer's quantisation words (C2PIPE2GM) for DataCopy CO1 -> GM/L1's vector modes;
// reluPre is reserved (pass an empty tensor). With isUnitFlag every L0C unit flag goes to 0.
template <typename T>
void SetFixPipeConfig(const LocalTensor<T>& reluPre, const LocalTensor<T>& quantPre,
                      bool isUnitFlag = false) {
  const opsim::sim::detail::UbRef relu = reluPre.ref();
  opsim::sim::detail::CubeSetFixPipeConfig(&relu, quantPre.ref(), sizeof(PrimT<T>), false,
                                           isUnitFlag);
}

template <typename T, bool setRelu = false>
void SetFixPipeConfig(const LocalTensor<T>& preData, bool isUnitFlag = false) {
  opsim::sim::detail::CubeSetFixPipeConfig(nullptr, preData.ref(), sizeof(PrimT<T>), setRelu,
                                           isUnitFlag);
}

template <typename T, bool enableSmallC0 = false>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
              const Dn2NzParams& intriParams) {
  static_assert(sizeof(PrimT<T>) == 1 || sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4,
                "DataCopy with Dn2NzParams takes 8-, 16- or 32-bit elements");
  opsim::sim::detail::CubeDn2Nz(dst.ref(), src.ref(), sizeof(PrimT<T>), intriParams);
}

}  // namespace AscendC
