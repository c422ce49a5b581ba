// Highway target selection shared by every vector-unit translation unit. Include it before any
// Highway header so that the dispatch tables and SupportedTargets() agree on one target set.
#pragma once

// SSSE3 adds a fourth x86 build of every kernel (compile time) while any CPU that has it also
// has SSE4 in practice; AVX3, AVX2, SSE4 and the scalar fallback remain.
// OPSIM_VECTOR_NO_AVX3 and OPSIM_VECTOR_NO_SSE4 (CMake: OPSIM_VECTOR_AVX3=OFF,
// OPSIM_VECTOR_SSE4=OFF, the sanitizer preset) leave out AVX3 and SSE4 too.
#ifndef HWY_DISABLED_TARGETS
#ifdef OPSIM_VECTOR_NO_AVX3
#define OPSIM_VECTOR_DISABLED_AVX3 HWY_AVX3
#else
#define OPSIM_VECTOR_DISABLED_AVX3 0
#endif
#ifdef OPSIM_VECTOR_NO_SSE4
#define OPSIM_VECTOR_DISABLED_SSE4 HWY_SSE4
#else
#define OPSIM_VECTOR_DISABLED_SSE4 0
#endif
#define HWY_DISABLED_TARGETS \
  (HWY_SSSE3 | HWY_AVX3_DL | OPSIM_VECTOR_DISABLED_AVX3 | OPSIM_VECTOR_DISABLED_SSE4)
#endif
