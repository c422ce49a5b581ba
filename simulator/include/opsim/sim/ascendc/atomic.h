// Atomic accumulation of UB -> GM copies (SetAtomicAdd/Max/Min ... SetAtomicNone) and
// InitGlobalMemory. While an atomic mode is set, every DataCopy / DataCopyPad from the UB to GM
// combines each element with the GM value (float16/bfloat16 in float32, rounded once; integers
// wrap) under one lock shared by all cores, and is exempt from the cross-core overlap check:
// accumulating into the same bytes from several cores is the point.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
// op: 0 none, 1 add, 2 max, 3 min.
void SetAtomicImpl(uint8_t op, DType dtype, const char* instr);
void FillGm(const GmRef& dst, uint64_t count, const void* value, uint32_t elem_bytes,
            const char* instr);
void InitOutputGm(const GmRef& dst, uint64_t count, const void* value, uint32_t elem_bytes);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void SetAtomicAdd() {
  opsim::sim::detail::SetAtomicImpl(1, DTypeOf<T>(), "SetAtomicAdd");
}
template <typename T>
void SetAtomicMax() {
  opsim::sim::detail::SetAtomicImpl(2, DTypeOf<T>(), "SetAtomicMax");
}
template <typename T>
void SetAtomicMin() {
  opsim::sim::detail::SetAtomicImpl(3, DTypeOf<T>(), "SetAtomicMin");
}
// Changes the element type of the atomic mode in force (Ascend C's SetAtomicType).
template <typename T>
void SetAtomicType() {
  opsim::sim::detail::SetAtomicImpl(255, DTypeOf<T>(), "SetAtomicType");
}
inline void SetAtomicNone() {
  opsim::sim::detail::SetAtomicImpl(0, opsim::DType::kFloat32, "SetAtomicNone");
}

// Sets the first `size` elements of `gmWorkspaceAddr` to `value` (through the MTE3 pipe, as the
// chip stages it in the UB).
template <typename T>
void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
  opsim::sim::detail::FillGm(gmWorkspaceAddr.ref(), size, &value, sizeof(T), "InitGlobalMemory");
}
// CANN's current name of InitGlobalMemory (lib/utils/init_global_memory.h): the same fill.
template <typename T>
void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
  opsim::sim::detail::FillGm(gmWorkspaceAddr.ref(), size, &value, sizeof(T), "Fill");
}

// CANN's InitOutput, which it keeps but calls deprecated ("use Fill instead"): the first `size`
// elements set to `value`, by the AIV of the A2/A3 generation; see InitOutputGm.
template <typename T>
void InitOutput(GlobalTensor<T> gmWorkspaceAddr, uint32_t size, T value = 0) {
  opsim::sim::detail::InitOutputGm(gmWorkspaceAddr.ref(), size, &value, sizeof(T));
}

}  // namespace AscendC
