// The cube's products on the host (cube_products.cc): acc (m x n) += A (m x k) x B (k x n), all
// row-major, each element's products added in increasing k without fused multiply-add; int32
// wraps modulo 2^32. Used by Mmad (simulator/src/cube/cube_mmad.cc).
#pragma once

#include <cstddef>
#include <cstdint>

namespace opsim::sim::vec {

void CubeMatAccF32(const float* a, const float* b, float* acc, size_t m, size_t k, size_t n);
void CubeMatAccI32(const int32_t* a, const int32_t* b, int32_t* acc, size_t m, size_t k, size_t n);

}  // namespace opsim::sim::vec
