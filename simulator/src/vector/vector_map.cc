// The mapped row reductions (vector_unit.h): map into a contiguous per-thread buffer of the
// accumulator type, then the plain row reductions on it, so the order and rules are theirs.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {

// The maps fused into the Highway reductions (false: not taken, use the staged path):
// vector_reduce.cc for long float rows, vector_accumulate.cc for float accumulations.
bool ReduceRowsFused(RowMap map, DType src_type, DType acc_type, void* dst, const void* src,
                     size_t rows, size_t cols, size_t row_stride);
bool AccumulateRowsFused(RowMap map, DType src_type, DType acc_type, void* acc, const void* src,
                         size_t rows, size_t cols, size_t row_stride);

namespace {

template <typename A>
A Mapped(RowMap map, A v) {
  if constexpr (std::is_floating_point_v<A>) {
    return map == RowMap::kSquare ? v * v : std::fabs(v);
  } else {
    // Two's complement wrap-around, as ONNX Runtime's integer kernels: in the unsigned type.
    using U = std::make_unsigned_t<A>;
    const U u = static_cast<U>(v);
    if (map == RowMap::kSquare) return static_cast<A>(static_cast<U>(u * u));
    return v < 0 ? static_cast<A>(static_cast<U>(U{0} - u)) : v;
  }
}

template <typename S, typename A, typename Convert>
void MapInto(RowMap map, A* out, const void* src, size_t rows, size_t cols, size_t stride,
             Convert convert) {
  const auto* in = static_cast<const S*>(src);
  // One loop per map, each branch-free, so the compiler vectorises it.
  for (size_t r = 0; r < rows; ++r) {
    const S* row = in + r * stride;
    A* o = out + r * cols;
    if (map == RowMap::kSquare) {
      for (size_t c = 0; c < cols; ++c) o[c] = Mapped<A>(RowMap::kSquare, convert(row[c]));
    } else {
      for (size_t c = 0; c < cols; ++c) o[c] = Mapped<A>(RowMap::kAbs, convert(row[c]));
    }
  }
}

// The mapped rows, contiguous (row stride = cols); false for a type pair no kernel uses.
bool MapRows(RowMap map, DType src_type, DType acc_type, std::vector<uint8_t>* buffer,
             const void* src, size_t rows, size_t cols, size_t stride) {
  if (src_type != acc_type && acc_type != DType::kFloat32) return false;
  buffer->resize(rows * cols * DTypeSize(acc_type));
  void* out = buffer->data();
  auto same = [](auto v) { return v; };
  switch (acc_type) {
    case DType::kFloat32:
      if (src_type == DType::kFloat32) {
        MapInto<float, float>(map, static_cast<float*>(out), src, rows, cols, stride, same);
      } else if (src_type == DType::kFloat16) {
        MapInto<uint16_t, float>(map, static_cast<float*>(out), src, rows, cols, stride,
                                 [](uint16_t b) { return HalfBitsToFloat(b); });
      } else if (src_type == DType::kBFloat16) {
        MapInto<uint16_t, float>(map, static_cast<float*>(out), src, rows, cols, stride,
                                 [](uint16_t b) { return BFloat16BitsToFloat(b); });
      } else {
        return false;
      }
      return true;
    case DType::kFloat64:
      MapInto<double, double>(map, static_cast<double*>(out), src, rows, cols, stride, same);
      return true;
    case DType::kInt32:
      MapInto<int32_t, int32_t>(map, static_cast<int32_t*>(out), src, rows, cols, stride, same);
      return true;
    case DType::kInt64:
      MapInto<int64_t, int64_t>(map, static_cast<int64_t*>(out), src, rows, cols, stride, same);
      return true;
    case DType::kUInt32:
      MapInto<uint32_t, uint32_t>(map, static_cast<uint32_t*>(out), src, rows, cols, stride, same);
      return true;
    case DType::kUInt64:
      MapInto<uint64_t, uint64_t>(map, static_cast<uint64_t*>(out), src, rows, cols, stride, same);
      return true;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return false;
  }
}

std::vector<uint8_t>& Scratch() {
  thread_local std::vector<uint8_t> buffer;
  return buffer;
}

}  // namespace

void ReduceRowsMapped(RowMap map, ReduceOp op, DType src_type, DType acc_type, void* dst,
                      const void* src, size_t rows, size_t cols, size_t row_stride) {
  if (op == ReduceOp::kSum &&
      ReduceRowsFused(map, src_type, acc_type, dst, src, rows, cols, row_stride)) {
    return;
  }
  std::vector<uint8_t>& buffer = Scratch();
  if (!MapRows(map, src_type, acc_type, &buffer, src, rows, cols, row_stride)) return;
  ReduceRows(op, acc_type, dst, buffer.data(), rows, cols, cols);
}

void AccumulateRowsMapped(RowMap map, ReduceOp op, DType src_type, DType acc_type, void* acc,
                          const void* src, size_t rows, size_t cols, size_t row_stride) {
  if (op == ReduceOp::kSum &&
      AccumulateRowsFused(map, src_type, acc_type, acc, src, rows, cols, row_stride)) {
    return;
  }
  std::vector<uint8_t>& buffer = Scratch();
  if (!MapRows(map, src_type, acc_type, &buffer, src, rows, cols, row_stride)) return;
  AccumulateRows(op, acc_type, acc, buffer.data(), rows, cols, cols);
}

}  // namespace opsim::sim::vec
