// opsim extensions: batched vector forms our kernels need that Ascend C's vector subset lacks.
// Kept out of namespace AscendC so a kernel's use of them is visible at a glance.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::detail {
[[noreturn]] void RaiseBadShape(const char* instr, uint32_t rows, uint32_t cols,
                                uint32_t row_stride);
}

namespace opsim::ext {

using ReduceOp = opsim::sim::vec::ReduceOp;

namespace internal {

// Whether a row form (ReduceRows, LogSumExpRows) on a source of S reduced in A reads a deferred
// copy in place. The plain widening ReduceRows (float16/bfloat16 into float32) does too, and says
// so itself: its leaf tree reads GM in ascending order and prefetches 4 KB ahead (vector_reduce),
// faster than the copy into the UB plus the read of it (opsim bench ReduceSum float16 [8192,16384]
// axes 1, 1 thread: 22.8-24.0 -> 30.3-31.7 GB/s; 1-D bfloat16 134217728: 22.3-23.0 -> 24.0-25.5).
// Not the mapped widening forms nor LogSumExpRows: their leaves do not prefetch, and GM read
// without it ran at half the speed of the copy (ReduceSum float16 innermost 8192x8192, 2 threads,
// 16-52 ms in place against 13-20 ms copied). The column folds (AccumulateRows) read strided
// copies in place whatever the source type, contiguous ones never (copy_elision.h says why).
template <typename S, typename A>
inline constexpr bool kReadsInPlace = std::is_same_v<S, A>;

// Where a row form's source rows are (copy_elision.h): a deferred copy's GM source, or the UB.
template <typename S>
struct SourceRows {
  const S* ptr;
  size_t stride;  // elements
};
template <typename S>
SourceRows<S> RowsOf(const AscendC::LocalTensor<S>& src, uint32_t rows, uint32_t cols,
                     uint32_t rowStride,
                     sim::detail::InPlaceCopies which = sim::detail::InPlaceCopies::kAny) {
  using namespace opsim::sim::detail;
  const RowsAt at = ReadRowsInPlace(Cur(), src.ref(), rows, uint64_t{cols} * sizeof(S),
                                    uint64_t{rowStride} * sizeof(S), sizeof(S), which);
  return {reinterpret_cast<const S*>(at.ptr), at.stride_bytes / sizeof(S)};
}

}  // namespace internal

// dst[r] = reduce(src[r * rowStride + 0 .. cols)) for r < rows. One V instruction.
template <typename T>
void ReduceRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, ReduceOp op,
                uint32_t rows, uint32_t cols, uint32_t rowStride) {
  using namespace opsim::sim;
  if (cols > rowStride && rows > 1) detail::RaiseBadShape("ext::ReduceRows", rows, cols, rowStride);
  const uint64_t src_bytes =
      rows == 0 ? 0 : (static_cast<uint64_t>(rows - 1) * rowStride + cols) * sizeof(T);
  detail::VectorOp<0, detail::kFirstSrcStridedRows>(
      "ext::ReduceRows", dst.ref(), static_cast<uint64_t>(rows) * sizeof(T), &src.ref(), &src_bytes,
      1, [&] {
        const auto in = internal::RowsOf(src, rows, cols, rowStride);
        vec::ReduceRows(op, AscendC::DTypeOf<T>(), dst.data(), in.ptr, rows, cols, in.stride);
      });
}

// acc[c] = combine(acc[c], reduce over r < rows of src[r * rowStride + c]) for c < cols.
// Floats fold the rows pairwise. T is float, double or an integer type (half/bfloat16 sources
// accumulate into float32 through the widening form below).
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
  detail::VectorOp<0, detail::kFirstSrcStridedRows>(
      "ext::AccumulateRows", acc.ref(), acc_bytes, srcs, sizes, 2, [&] {
        const auto in =
            internal::RowsOf(src, rows, cols, rowStride, detail::InPlaceCopies::kStridedCopies);
        vec::AccumulateRows(op, AscendC::DTypeOf<T>(), acc.data(), in.ptr, rows, cols, in.stride);
      });
}

// ---- Widening forms: float16 / bfloat16 rows reduced in float32 ----
// S is half or bfloat16_t. Every source element widens exactly to float32 and the rows reduce
// in float32: the result bits are those of AscendC::Cast(float32 scratch, src, CAST_NONE) over
// the source span followed by the float32 form above on the scratch (same summation order, NaN
// rule and signed zeros). On the host the source is read once and no scratch tile exists; the
// device is charged the two instructions the chip runs (the Cast, then the float32 reduce).
template <typename S>
inline constexpr bool kWidensToFloat = std::is_same_v<S, half> || std::is_same_v<S, bfloat16_t>;

namespace internal {

// Checks the operands and charges what the chip runs for a batched form on a source of S reduced
// in A: a Cast of `span` source elements to A when they differ, the `maps` instructions
// (e.g. {"Mul"}, {"Sub", "Exp"}; none for a plain widening reduce), then the instruction `name`;
// tracks the source as read by the first of them and the other operands (the accumulators, a
// shift) as read by the last (checked mode), then runs `body`, which reads the source through
// RowsOf when kSrcInPlace (the caller's choice: kReadsInPlace for a row form).
template <typename S, typename A, bool kSrcInPlace = false, typename Body>
void MappedOp(const char* name, std::initializer_list<const char*> maps,
              const sim::detail::UbRef& dst, uint64_t dst_bytes, const sim::detail::UbRef* srcs,
              const uint64_t* src_bytes, int nsrc, uint64_t span, Body&& body) {
  using namespace opsim::sim::detail;
  Core& core = Cur();
  CheckUb(core, dst, dst_bytes, name, "dst");
  const uint64_t mapped_bytes = span * sizeof(A);
  uint64_t max_bytes = dst_bytes > mapped_bytes ? dst_bytes : mapped_bytes;
  for (int i = 0; i < nsrc; ++i) {
    if (i == 0 && kSrcInPlace) {
      CheckUbInPlace(core, srcs[i], src_bytes[i], name, "src");
    } else {
      CheckUb(core, srcs[i], src_bytes[i], name, "src");
    }
    if (i > 0 && src_bytes[i] > max_bytes) max_bytes = src_bytes[i];
  }
  const double step_cost = core.VectorCost(mapped_bytes);
  // The first instruction waits for what S wrote or reads (auto-sync).
  const double not_before = VectorAutoSyncStart(core, &dst, srcs, nsrc);
  double first_start = -1;
  if constexpr (!std::is_same_v<S, A>)
    first_start = core.Issue(sim::Pipe::kV, "Cast", step_cost, 0, not_before);
  for (const char* map : maps) {
    const double start = core.Issue(sim::Pipe::kV, map, step_cost, 0, not_before);
    if (first_start < 0) first_start = start;
  }
  const double cost = core.VectorCost(max_bytes);
  const double start = core.Issue(sim::Pipe::kV, name, cost, 0, not_before);
  if (TracksPipes(core)) {
    TrackRead(core, srcs[0], sim::Pipe::kV, first_start, first_start + step_cost, name);
    for (int i = 1; i < nsrc; ++i)
      TrackRead(core, srcs[i], sim::Pipe::kV, start, start + cost, name);
    TrackWrite(core, dst, sim::Pipe::kV, start, start + cost, name);
  }
  body();
}

inline uint64_t SpanOf(uint32_t rows, uint32_t cols, uint32_t rowStride) {
  return rows == 0 ? 0 : static_cast<uint64_t>(rows - 1) * rowStride + cols;
}

}  // namespace internal

// dst[r] = reduce(float32(src[r * rowStride + 0 .. cols))) for r < rows.
// enable_if rather than `requires`: kernels may be compiled as C++17.
template <typename S, std::enable_if_t<kWidensToFloat<S>, int> = 0>
void ReduceRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<S>& src,
                ReduceOp op, uint32_t rows, uint32_t cols, uint32_t rowStride) {
  using namespace opsim::sim;
  if (cols > rowStride && rows > 1) detail::RaiseBadShape("ext::ReduceRows", rows, cols, rowStride);
  const uint64_t span = internal::SpanOf(rows, cols, rowStride);
  const uint64_t src_bytes = span * sizeof(S);
  internal::MappedOp<S, float, true>(
      "ext::ReduceRows", {}, dst.ref(), static_cast<uint64_t>(rows) * sizeof(float), &src.ref(),
      &src_bytes, 1, span, [&] {
        const auto in = internal::RowsOf(src, rows, cols, rowStride);
        vec::ReduceRowsWiden(op, AscendC::DTypeOf<S>(), dst.data(), in.ptr, rows, cols, in.stride);
      });
}

// acc[c] = combine(acc[c], reduce over r < rows of float32(src[r * rowStride + c])), c < cols.
template <typename S, std::enable_if_t<kWidensToFloat<S>, int> = 0>
void AccumulateRows(const AscendC::LocalTensor<float>& acc, const AscendC::LocalTensor<S>& src,
                    ReduceOp op, uint32_t rows, uint32_t cols, uint32_t rowStride) {
  using namespace opsim::sim;
  if (cols > rowStride && rows > 1) {
    detail::RaiseBadShape("ext::AccumulateRows", rows, cols, rowStride);
  }
  const uint64_t span = internal::SpanOf(rows, cols, rowStride);
  const uint64_t acc_bytes = static_cast<uint64_t>(cols) * sizeof(float);
  const detail::UbRef srcs[2] = {src.ref(), acc.ref()};
  const uint64_t sizes[2] = {span * sizeof(S), acc_bytes};
  internal::MappedOp<S, float, true>(
      "ext::AccumulateRows", {}, acc.ref(), acc_bytes, srcs, sizes, 2, span, [&] {
        const auto in =
            internal::RowsOf(src, rows, cols, rowStride, detail::InPlaceCopies::kStridedCopies);
        vec::AccumulateRowsWiden(op, AscendC::DTypeOf<S>(), acc.data(), in.ptr, rows, cols,
                                 in.stride);
      });
}

// ---- Mapped forms: square or absolute value before the reduction ----
// ReduceRows / AccumulateRows of map(src) in the accumulator type A: S is A, or half/bfloat16_t
// with A float. The device is charged what the chip runs: the Cast of a 16-bit source to float32,
// the map (Mul of the tile by itself, or Abs) and the reduce.
using RowMap = opsim::sim::vec::RowMap;

namespace internal {

template <typename S, typename A>
constexpr bool kMapsInto = std::is_same_v<S, A> || (kWidensToFloat<S> && std::is_same_v<A, float>);

inline std::initializer_list<const char*> MapInstructions(RowMap map) {
  static constexpr std::initializer_list<const char*> kSquare = {"Mul"};
  static constexpr std::initializer_list<const char*> kAbs = {"Abs"};
  return map == RowMap::kSquare ? kSquare : kAbs;
}

}  // namespace internal

// dst[r] = reduce(map(A(src[r * rowStride + 0 .. cols)))) for r < rows.
template <typename S, typename A, std::enable_if_t<internal::kMapsInto<S, A>, int> = 0>
void ReduceRows(const AscendC::LocalTensor<A>& dst, const AscendC::LocalTensor<S>& src, RowMap map,
                ReduceOp op, uint32_t rows, uint32_t cols, uint32_t rowStride) {
  using namespace opsim::sim;
  if (cols > rowStride && rows > 1) detail::RaiseBadShape("ext::ReduceRows", rows, cols, rowStride);
  const uint64_t span = internal::SpanOf(rows, cols, rowStride);
  const uint64_t src_bytes = span * sizeof(S);
  internal::MappedOp<S, A, internal::kReadsInPlace<S, A>>(
      "ext::ReduceRows", internal::MapInstructions(map), dst.ref(),
      static_cast<uint64_t>(rows) * sizeof(A), &src.ref(), &src_bytes, 1, span, [&] {
        const auto in = internal::RowsOf(src, rows, cols, rowStride);
        vec::ReduceRowsMapped(map, op, AscendC::DTypeOf<S>(), AscendC::DTypeOf<A>(), dst.data(),
                              in.ptr, rows, cols, in.stride);
      });
}

// acc[c] = combine(acc[c], reduce over r < rows of map(A(src[r * rowStride + c]))), c < cols.
template <typename S, typename A, std::enable_if_t<internal::kMapsInto<S, A>, int> = 0>
void AccumulateRows(const AscendC::LocalTensor<A>& acc, const AscendC::LocalTensor<S>& src,
                    RowMap map, ReduceOp op, uint32_t rows, uint32_t cols, uint32_t rowStride) {
  using namespace opsim::sim;
  if (cols > rowStride && rows > 1) {
    detail::RaiseBadShape("ext::AccumulateRows", rows, cols, rowStride);
  }
  const uint64_t span = internal::SpanOf(rows, cols, rowStride);
  const uint64_t acc_bytes = static_cast<uint64_t>(cols) * sizeof(A);
  const detail::UbRef srcs[2] = {src.ref(), acc.ref()};
  const uint64_t sizes[2] = {span * sizeof(S), acc_bytes};
  internal::MappedOp<S, A, true>(
      "ext::AccumulateRows", internal::MapInstructions(map), acc.ref(), acc_bytes, srcs, sizes, 2,
      span, [&] {
        const auto in =
            internal::RowsOf(src, rows, cols, rowStride, detail::InPlaceCopies::kStridedCopies);
        vec::AccumulateRowsMapped(map, op, AscendC::DTypeOf<S>(), AscendC::DTypeOf<A>(), acc.data(),
                                  in.ptr, rows, cols, in.stride);
      });
}

// ---- ReduceLogSumExp in one pass: running (max, sum) pairs, then log(sum) + max ----
// A is float or double; S is A, or half/bfloat16_t with A float. vec::LogSumExpRows gives the
// update and its rules for NaN and infinities; the pairs start at (-inf, 0).

namespace internal {

// Checks the operands and charges what the chip runs for one update: a Cast of a 16-bit source,
// the instructions over the whole tile (`span_ops`), then those over the pairs (`pair_ops`: the
// new max, the rescale of the sum and the add); tracks the source as read by the first
// instruction and the pairs as read and written by all of them (checked mode); runs `body`,
// which reads the source through RowsOf when kSrcInPlace (the caller's choice: kReadsInPlace for
// the row form).
template <typename S, typename A, bool kSrcInPlace, typename Body>
void LogSumExpOp(const char* name, std::initializer_list<const char*> span_ops,
                 std::initializer_list<const char*> pair_ops, const AscendC::LocalTensor<A>& max,
                 const AscendC::LocalTensor<A>& sum, uint64_t pairs,
                 const AscendC::LocalTensor<S>& src, uint64_t span, Body&& body) {
  using namespace opsim::sim::detail;
  Core& core = Cur();
  const uint64_t pair_bytes = pairs * sizeof(A);
  CheckUb(core, max.ref(), pair_bytes, name, "max");
  CheckUb(core, sum.ref(), pair_bytes, name, "sum");
  if constexpr (kSrcInPlace) {
    CheckUbInPlace(core, src.ref(), span * sizeof(S), name, "src");
  } else {
    CheckUb(core, src.ref(), span * sizeof(S), name, "src");
  }
  const double span_cost = core.VectorCost(span * sizeof(A));
  const double pair_cost = core.VectorCost(pair_bytes);
  // The first instruction waits for what S wrote or reads (auto-sync); it writes both pairs.
  const double not_before = std::max(VectorAutoSyncStart(core, &max.ref(), &src.ref(), 1),
                                     VectorAutoSyncStart(core, &sum.ref(), nullptr, 0));
  double first = -1;
  double end = 0;
  auto issue = [&](const char* op, double cost) {
    const double start = core.Issue(sim::Pipe::kV, op, cost, 0, not_before);
    if (first < 0) first = start;
    end = start + cost;
  };
  if constexpr (!std::is_same_v<S, A>) issue("Cast", span_cost);
  for (const char* op : span_ops) issue(op, span_cost);
  for (const char* op : pair_ops) issue(op, pair_cost);
  if (TracksPipes(core)) {
    TrackRead(core, src.ref(), sim::Pipe::kV, first, first + span_cost, name);
    for (const UbRef* pair : {&max.ref(), &sum.ref()}) {
      TrackRead(core, *pair, sim::Pipe::kV, first, end, name);
      TrackWrite(core, *pair, sim::Pipe::kV, first, end, name);
    }
  }
  body();
}

}  // namespace internal

// Pair r takes row r: src[r * rowStride + 0 .. cols), r < rows. The chip: ReduceMax of the rows,
// Sub of each row's new max, Exp, ReduceSum of the rows; Max, Sub, Exp, Mul, Add over the pairs.
template <typename S, typename A, std::enable_if_t<internal::kMapsInto<S, A>, int> = 0>
void LogSumExpRows(const AscendC::LocalTensor<A>& max, const AscendC::LocalTensor<A>& sum,
                   const AscendC::LocalTensor<S>& src, uint32_t rows, uint32_t cols,
                   uint32_t rowStride) {
  using namespace opsim::sim;
  static_assert(std::is_floating_point_v<A>, "exp sums are floating");
  if (cols > rowStride && rows > 1) {
    detail::RaiseBadShape("ext::LogSumExpRows", rows, cols, rowStride);
  }
  internal::LogSumExpOp<S, A, internal::kReadsInPlace<S, A>>(
      "ext::LogSumExpRows", {"ext::ReduceRows", "Sub", "Exp", "ext::ReduceRows"},
      {"Max", "Sub", "Exp", "Mul", "Add"}, max, sum, rows, src,
      internal::SpanOf(rows, cols, rowStride), [&] {
        const auto in = internal::RowsOf(src, rows, cols, rowStride);
        vec::LogSumExpRows(AscendC::DTypeOf<S>(), AscendC::DTypeOf<A>(), max.data(), sum.data(),
                           in.ptr, rows, cols, in.stride);
      });
}

// Pair c takes column c: src[r * rowStride + c] for r < rows, c < cols. The chip: Max folding
// the rows into a copy of the maxes, Sub of the new maxes from each row, Exp, and Add folding the
// rows into the sums, after the rescale of the sums over the pairs (Sub, Exp, Mul).
template <typename S, typename A, std::enable_if_t<internal::kMapsInto<S, A>, int> = 0>
void LogSumExpColumns(const AscendC::LocalTensor<A>& max, const AscendC::LocalTensor<A>& sum,
                      const AscendC::LocalTensor<S>& src, uint32_t rows, uint32_t cols,
                      uint32_t rowStride) {
  using namespace opsim::sim;
  static_assert(std::is_floating_point_v<A>, "exp sums are floating");
  if (cols > rowStride && rows > 1) {
    detail::RaiseBadShape("ext::LogSumExpColumns", rows, cols, rowStride);
  }
  internal::LogSumExpOp<S, A, false>(
      "ext::LogSumExpColumns", {"Max", "Sub", "Exp", "Add"}, {"Sub", "Exp", "Mul"}, max, sum, cols,
      src, internal::SpanOf(rows, cols, rowStride), [&] {
        vec::LogSumExpColumns(AscendC::DTypeOf<S>(), AscendC::DTypeOf<A>(), max.data(), sum.data(),
                              src.data(), rows, cols, rowStride);
      });
}

// The finish: acc[i] = log(acc[i]) + shift[i], i < n (a shift that is not finite counts as 0):
// the chip's Ln then Add.
template <typename A>
void LogAddShift(const AscendC::LocalTensor<A>& acc, const AscendC::LocalTensor<A>& shift,
                 uint32_t n) {
  using namespace opsim::sim;
  static_assert(std::is_floating_point_v<A>, "LogAddShift takes float tensors");
  const uint64_t bytes = static_cast<uint64_t>(n) * sizeof(A);
  const detail::UbRef srcs[2] = {acc.ref(), shift.ref()};
  const uint64_t sizes[2] = {bytes, bytes};
  internal::MappedOp<A, A>("Add", {"Ln"}, acc.ref(), bytes, srcs, sizes, 2, n, [&] {
    vec::LogAddShift(AscendC::DTypeOf<A>(), acc.data(), shift.data(), n);
  });
}

// dst[0] = product of src[0 .. count) (ReduceSum's shape, for PROD).
template <typename T>
void ReduceProd(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                uint32_t count) {
  using namespace opsim::sim;
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  detail::VectorOp<0>("ext::ReduceProd", dst.ref(), sizeof(T), &src.ref(), &bytes, 1, [&] {
    const auto in = internal::RowsOf(src, 1, count, count);
    vec::Reduce(vec::ReduceOp::kProd, AscendC::DTypeOf<T>(), dst.data(), in.ptr, count, nullptr);
  });
}

}  // namespace opsim::ext
