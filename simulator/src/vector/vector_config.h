// Highway target selection shared by every vector-unit translation unit. Include it before any
// Highway header so that the dispatch tables and SupportedTargets() agree on one target set.
#pragma once

// SSSE3 adds a fourth x86 build of every kernel (compile time) while any CPU that has it also
// has SSE4 in practice; AVX3, AVX2, SSE4 and the scalar fallback remain.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL)
#endif
