// The 4:2 structured-sparse int8 Mmad of Atlas A2/A3 (docs/CUBE.md, "Sparse Mmad"):
// LoadDataWithSparse moves the densified B (K/2 x N, ZN) from L1 into L0B and its 2-bit index
// fractals into the cube's built-in index buffer; MmadWithSparse multiplies the full A (M x K,
// ZZ in L0A) with it, choosing two of each four A elements by the index. CANN's declarations
// (kernel_operator_mm_intf.h).
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/cube_types.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
void CubeLoadSparse(const UbRef& dst, const UbRef& src, const UbRef& idx,
                    const AscendC::LoadData2DParams& p);
void CubeMmadSparse(const UbRef& dst, const UbRef& fm, const UbRef& filter,
                    const AscendC::MmadParams& p);
}  // namespace opsim::sim::detail

namespace AscendC {

using LoadData2dParams = LoadData2DParams;  // CANN's kernel_struct_mm.h spells it both ways

template <typename T = int32_t, typename U = int8_t,
          typename std::enable_if<std::is_same<PrimT<T>, int32_t>::value, bool>::type = true,
          typename std::enable_if<std::is_same<PrimT<U>, int8_t>::value, bool>::type = true>
void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm,
                    const LocalTensor<U>& filter, const MmadParams& mmadParams) {
  opsim::sim::detail::CubeMmadSparse(dst.ref(), fm.ref(), filter.ref(), mmadParams);
}

template <typename T = int8_t, typename U = uint8_t,
          typename std::enable_if<std::is_same<PrimT<T>, int8_t>::value, bool>::type = true,
          typename std::enable_if<std::is_same<PrimT<U>, uint8_t>::value, bool>::type = true>
void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                        const LocalTensor<U>& idx, const LoadData2dParams& loadDataParam) {
  opsim::sim::detail::CubeLoadSparse(dst.ref(), src.ref(), idx.ref(), loadDataParam);
}

}  // namespace AscendC
