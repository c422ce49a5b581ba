// Strict portability mode: what a kernel may name when it is to compile for the chip. The ctest
// op_kernel_strict_portability (tests/op_kernel/strict_portability.cmake) compiles every
// op_kernel/ source with OPSIM_STRICT_ASCENDC defined, -fno-exceptions -fno-rtti -fsyntax-only.
// kernel_operator.h includes this header last: by then every documented Ascend C declaration
// and every simulator template that implements one has been read, so poisoning a name here makes
// only the kernel's own uses of it an error ("attempt to use poisoned ..."). Macros defined
// before (ascendc_assert, GET_TILING_DATA_WITH_STRUCT, TILING_KEY_VAR) still expand to the
// simulator's names, as GCC and Clang document for poison.
//   opsim     the simulator's namespace: its internals and RaiseFault, which no chip has
//   std       the host C++ library: a device build has no libstdc++ (Ascend C's own type traits
//             and the kernel's are what a kernel uses)
//   DTypeOf   AscendC::DTypeOf, the simulator's dtype-number helper, not Ascend C API
//   malloc calloc realloc free   the heap: a kernel's memory is the TPipe's UB and the GM it is
//             given
#pragma once

#pragma GCC poison opsim std DTypeOf malloc calloc realloc free
