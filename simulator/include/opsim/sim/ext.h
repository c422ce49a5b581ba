// opsim extensions: batched vector forms our kernels need that Ascend C's vector subset lacks.
// Kept out of namespace AscendC so a kernel's use of them is visible at a glance.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::detail {
[[noreturn]] void RaiseBadShape(const char* instr, uint32_t rows, uint32_t cols,
                                uint32_t row_stride);
}

namespace opsim::ext {

using ReduceOp = opsim::sim::vec::ReduceOp;

// dst[r] = reduce(src[r * rowStride + 0 .. cols)) for r < rows. One V instruction.
template <typename T>
void ReduceRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, ReduceOp op,
                uint32_t rows, uint32_t cols, uint32_t rowStride) {
  using namespace opsim::sim;
  if (cols > rowStride && rows > 1) detail::RaiseBadShape("ext::ReduceRows", rows, cols, rowStride);
  const uint64_t src_bytes =
      rows == 0 ? 0 : (static_cast<uint64_t>(rows - 1) * rowStride + cols) * sizeof(T);
  detail::VectorOp("ext::ReduceRows", dst.ref(), static_cast<uint64_t>(rows) * sizeof(T),
                   &src.ref(), &src_bytes, 1, [&] {
                     vec::ReduceRows(op, AscendC::DTypeOf<T>(), dst.data(), src.data(), rows, cols,
                                     rowStride);
                   });
}

// acc[c] = combine(acc[c], reduce over r < rows of src[r * rowStride + c]) for c < cols.
// Floats fold the rows pairwise. T is float, double or an integer type (not half/bfloat16).
template <typename T>
void AccumulateRows(const AscendC::LocalTensor<T>& acc, const AscendC::LocalTensor<T>& src,
                    ReduceOp op, uint32_t rows, uint32_t cols, uint32_t rowStride) {
  using namespace opsim::sim;
  static_assert(!std::is_same_v<T, half> && !std::is_same_v<T, bfloat16_t>,
                "accumulate 16-bit floats as float");
  if (cols > rowStride && rows > 1) {
    detail::RaiseBadShape("ext::AccumulateRows", rows, cols, rowStride);
  }
  const uint64_t src_bytes =
      rows == 0 ? 0 : (static_cast<uint64_t>(rows - 1) * rowStride + cols) * sizeof(T);
  const uint64_t acc_bytes = static_cast<uint64_t>(cols) * sizeof(T);
  const detail::UbRef srcs[2] = {src.ref(), acc.ref()};
  const uint64_t sizes[2] = {src_bytes, acc_bytes};
  detail::VectorOp("ext::AccumulateRows", acc.ref(), acc_bytes, srcs, sizes, 2, [&] {
    vec::AccumulateRows(op, AscendC::DTypeOf<T>(), acc.data(), src.data(), rows, cols, rowStride);
  });
}

// dst[0] = product of src[0 .. count) (ReduceSum's shape, for PROD).
template <typename T>
void ReduceProd(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                uint32_t count) {
  using namespace opsim::sim;
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  detail::VectorOp("ext::ReduceProd", dst.ref(), sizeof(T), &src.ref(), &bytes, 1, [&] {
    vec::Reduce(vec::ReduceOp::kProd, AscendC::DTypeOf<T>(), dst.data(), src.data(), count,
                nullptr);
  });
}

}  // namespace opsim::ext
