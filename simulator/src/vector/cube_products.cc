// The cube's products on the host (Mmad, simulator/src/cube/cube_mmad.cc): acc (m x n) += A
// (m x k) x B (k x n), row-major, on the best Highway target. Each element's products are added
// in increasing k, one multiply and one add (no fused multiply-add: -ffp-contract=off), so the
// result is the scalar loop's, bit for bit. The accumulators of a strip of columns stay in
// registers for the whole k loop: B's rows stream through once per strip.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/cube_products.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/cube_products.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// One row of acc: strips of four vectors, then single vectors, then scalar columns; T is float
// or uint32_t (int32 data in unsigned lanes: adds and multiplies wrap, as the chip's int32
// accumulator does, without signed overflow).
template <typename T>
void AccumulateRow(const T* HWY_RESTRICT a_row, const T* HWY_RESTRICT b, T* HWY_RESTRICT row,
                   size_t k, size_t n) {
  const hn::ScalableTag<T> d;
  const size_t lanes = hn::Lanes(d);
  size_t j = 0;
  for (; j + 4 * lanes <= n; j += 4 * lanes) {
    auto c0 = hn::LoadU(d, row + j), c1 = hn::LoadU(d, row + j + lanes);
    auto c2 = hn::LoadU(d, row + j + 2 * lanes), c3 = hn::LoadU(d, row + j + 3 * lanes);
    for (size_t kk = 0; kk < k; ++kk) {
      const auto x = hn::Set(d, a_row[kk]);
      const T* brow = b + kk * n + j;
      c0 = hn::Add(c0, hn::Mul(x, hn::LoadU(d, brow)));
      c1 = hn::Add(c1, hn::Mul(x, hn::LoadU(d, brow + lanes)));
      c2 = hn::Add(c2, hn::Mul(x, hn::LoadU(d, brow + 2 * lanes)));
      c3 = hn::Add(c3, hn::Mul(x, hn::LoadU(d, brow + 3 * lanes)));
    }
    hn::StoreU(c0, d, row + j);
    hn::StoreU(c1, d, row + j + lanes);
    hn::StoreU(c2, d, row + j + 2 * lanes);
    hn::StoreU(c3, d, row + j + 3 * lanes);
  }
  for (; j + lanes <= n; j += lanes) {
    auto c = hn::LoadU(d, row + j);
    for (size_t kk = 0; kk < k; ++kk) {
      c = hn::Add(c, hn::Mul(hn::Set(d, a_row[kk]), hn::LoadU(d, b + kk * n + j)));
    }
    hn::StoreU(c, d, row + j);
  }
  for (; j < n; ++j) {
    T c = row[j];
    for (size_t kk = 0; kk < k; ++kk) c += a_row[kk] * b[kk * n + j];
    row[j] = c;
  }
}

void CubeMatAccF32Impl(const float* a, const float* b, float* acc, size_t m, size_t k, size_t n) {
  for (size_t i = 0; i < m; ++i) AccumulateRow(a + i * k, b, acc + i * n, k, n);
}

void CubeMatAccI32Impl(const int32_t* a, const int32_t* b, int32_t* acc, size_t m, size_t k,
                       size_t n) {
  // int32 and uint32 may alias: the same bits, added and multiplied modulo 2^32.
  const auto* ua = reinterpret_cast<const uint32_t*>(a);
  const auto* ub = reinterpret_cast<const uint32_t*>(b);
  auto* uc = reinterpret_cast<uint32_t*>(acc);
  for (size_t i = 0; i < m; ++i) AccumulateRow(ua + i * k, ub, uc + i * n, k, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace opsim::sim::vec
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace opsim::sim::vec {

HWY_EXPORT(CubeMatAccF32Impl);
HWY_EXPORT(CubeMatAccI32Impl);

void CubeMatAccF32(const float* a, const float* b, float* acc, size_t m, size_t k, size_t n) {
  HWY_DYNAMIC_DISPATCH(CubeMatAccF32Impl)(a, b, acc, m, k, n);
}

void CubeMatAccI32(const int32_t* a, const int32_t* b, int32_t* acc, size_t m, size_t k, size_t n) {
  HWY_DYNAMIC_DISPATCH(CubeMatAccI32Impl)(a, b, acc, m, k, n);
}

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
