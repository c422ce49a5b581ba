// The kernel side of CANN's tiling macros (kernel_utils_macros.h): how a kernel reads the tiling
// struct the host filled and the key it chose. Each is #ifndef-guarded because kernel unit tests
// force-include their own <op>_tiling.h, which may define GET_TILING_DATA_WITH_STRUCT and the
// like before kernel_operator.h is seen (CANN's headers give way to them the same way).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "opsim/sim/detail/core.h"

// The tiling key of this launch: LaunchOptions::tiling_key, or ICPU_SET_TILING_KEY's in CPU
// debug (CANN's g_tilingKey).
#ifndef TILING_KEY_VAR
#define TILING_KEY_VAR (::opsim::sim::detail::Cur().tiling_key)
#endif
#ifndef TILING_KEY_IS
#define TILING_KEY_IS(key) (TILING_KEY_VAR == static_cast<uint64_t>(key))
#endif
#ifndef TILING_KEY_LIST
#define TILING_KEY_LIST(key1, key2) (TILING_KEY_IS(key1) || TILING_KEY_IS(key2))
#endif

// Copies the tiling struct out of GM byte for byte (CANN's InitTilingData: no constructor runs,
// so a struct with default member initialisers still arrives as the host wrote it).
#ifndef GET_TILING_DATA_WITH_STRUCT
#define GET_TILING_DATA_WITH_STRUCT(Type, var, tiling) \
  Type var;                                            \
  std::memcpy(static_cast<void*>(&var), (tiling), sizeof(Type))
#endif
// Only `member` of the struct, from its offset in GM.
#ifndef GET_TILING_DATA_MEMBER
#define GET_TILING_DATA_MEMBER(Type, member, var, tiling) \
  decltype(Type::member) var;                             \
  std::memcpy(static_cast<void*>(&var), (tiling) + offsetof(Type, member), sizeof(var))
#endif
// A pointer to the struct: CANN's points at GM for dynamic shapes, as here.
#ifndef GET_TILING_DATA_PTR_WITH_STRUCT
#define GET_TILING_DATA_PTR_WITH_STRUCT(Type, ptr, tiling) \
  const Type* ptr = reinterpret_cast<const Type*>(tiling)
#endif

// A copy on the kernel's stack of the struct (a nested one) or the array `src_ptr` points at,
// and a const pointer to it: for GET_TILING_DATA_PTR_WITH_STRUCT's pointer (CANN's generated
// tiling header). The array form's pointer is to the whole array: (*dst_ptr)[i].
#ifndef COPY_TILING_WITH_STRUCT
#define COPY_TILING_WITH_STRUCT(Type, src_ptr, dst_ptr)                                            \
  Type opsim_tiling_copy_##dst_ptr;                                                                \
  std::memcpy(static_cast<void*>(&opsim_tiling_copy_##dst_ptr), static_cast<const void*>(src_ptr), \
              sizeof(Type));                                                                       \
  const Type* dst_ptr = &opsim_tiling_copy_##dst_ptr
#endif
#ifndef COPY_TILING_WITH_ARRAY
#define COPY_TILING_WITH_ARRAY(ElemType, count, src_ptr, dst_ptr)                                  \
  ElemType opsim_tiling_array_##dst_ptr[count];                                                    \
  std::memcpy(static_cast<void*>(opsim_tiling_array_##dst_ptr), static_cast<const void*>(src_ptr), \
              sizeof(opsim_tiling_array_##dst_ptr));                                               \
  const ElemType(*dst_ptr)[count] = &opsim_tiling_array_##dst_ptr
#endif

// The default tiling struct of the kernel: GET_TILING_DATA (the operator build's) reads it.
#ifndef REGISTER_TILING_DEFAULT
#define REGISTER_TILING_DEFAULT(Type) using OpsimDefaultTilingType [[maybe_unused]] = Type
#endif
// The struct of the keys an expression over TILING_KEY_VAR selects: it sizes the device
// build's tiling section; nothing happens at run time, on the chip either.
#ifndef REGISTER_TILING_FOR_TILINGKEY
#define REGISTER_TILING_FOR_TILINGKEY(expression, Type) \
  static_assert(sizeof(expression) > 0 && sizeof(Type) > 0, "")
#endif
#ifndef REGISTER_NONE_TILING
#define REGISTER_NONE_TILING
#endif
// The kernel's type for one tiling key (KERNEL_TASK_TYPE_DEFAULT is in types.h, both act in
// cross_core.h).
#ifndef KERNEL_TASK_TYPE
#define KERNEL_TASK_TYPE(key, type)                                             \
  ::opsim::sim::detail::DeclareKernelTaskTypeForKey(static_cast<uint64_t>(key), \
                                                    static_cast<int>(type))
#endif
