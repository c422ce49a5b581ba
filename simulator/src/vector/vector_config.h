// Highway target selection shared by every vector-unit translation unit. Include it before any
// Highway header so that the dispatch tables and SupportedTargets() agree on one target set.
#pragma once

// SSSE3 adds a fourth x86 build of every kernel (compile time) while any CPU that has it also
// has SSE4 in practice; AVX3, AVX2, SSE4 and the scalar fallback remain.
// OPSIM_VECTOR_NO_AVX3 (CMake: OPSIM_VECTOR_AVX3=OFF, the sanitizer preset) leaves out AVX3 too.
#ifndef HWY_DISABLED_TARGETS
#ifdef OPSIM_VECTOR_NO_AVX3
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL | HWY_AVX3)
#else
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL)
#endif
#endif
