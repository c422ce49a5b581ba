// The store-atomic configuration register as Ascend C sets and reads it (910B generation):
// SetStoreAtomicConfig<type, op>() is the SetAtomicAdd family's mode by enum (ATOMIC_NONE
// switches it off), GetStoreAtomicConfig reads the mode in force back: the register's value,
// type in bits 0-2 and operation in bits 4-5 (CANN's field layout), or both fields.
#pragma once

#include <cstdint>

namespace AscendC {

enum class AtomicDtype {
  ATOMIC_NONE = 0,
  ATOMIC_F32,
  ATOMIC_F16,
  ATOMIC_S16,
  ATOMIC_S32,
  ATOMIC_S8,
  ATOMIC_BF16
};
enum class AtomicOp { ATOMIC_SUM = 0 };

}  // namespace AscendC

namespace opsim::sim::detail {
// type: AtomicDtype's value; op: AtomicOp's (0, sum).
void SetStoreAtomicConfigImpl(int type, int op);
// The register: the mode's AtomicDtype value | operation << 4 (0 sum, 1 max, 2 min).
int64_t GetStoreAtomicConfigImpl();
}  // namespace opsim::sim::detail

namespace AscendC {

template <AtomicDtype type, AtomicOp op>
void SetStoreAtomicConfig() {
  opsim::sim::detail::SetStoreAtomicConfigImpl(static_cast<int>(type), static_cast<int>(op));
}
inline int64_t GetStoreAtomicConfig() { return opsim::sim::detail::GetStoreAtomicConfigImpl(); }
inline void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp) {
  const uint64_t reg = static_cast<uint64_t>(opsim::sim::detail::GetStoreAtomicConfigImpl());
  atomicType = static_cast<uint16_t>(reg & 0x7);
  atomicOp = static_cast<uint16_t>((reg >> 4) & 0x3);
}

}  // namespace AscendC
