// Vector instructions (count form, plus the repeat form of WholeReduce*), on the V pipe.
// Element types: float, half, bfloat16_t, double, int8_t, uint8_t, int16_t, uint16_t, int32_t,
// uint32_t, int64_t, uint64_t (a superset of the chip's per-instruction lists).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector_reduce_repeat.h"
#include "opsim/sim/vector_tree_sum.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::detail {
[[noreturn]] void RaiseBadCount(const char* instr, int64_t count, const char* rule);
// SetDeqScale(half) wrote DEQSCALE (CastDequant's int16_t forms read it as another form writes).
void NoteDeqScaleHalf();
vec::Round ToRound(AscendC::RoundMode mode);
// Cast's count form between half and int4b_t (vector_cast_int4.cc): to_int4 half -> int4b_t.
void CastInt4(const UbRef& dst, const UbRef& src, bool to_int4, AscendC::RoundMode mode,
              uint32_t count);

template <typename T>
void StoreIndex(T* slot, uint32_t index) {
  // The chip returns the index as the bit pattern of an unsigned integer of T's width. Written
  // as bytes: half and bfloat16_t are classes, which memcpy into a T* would warn about
  // (-Wclass-memaccess) in every kernel that instantiates ReduceMax/ReduceMin on them.
  void* const bytes = slot;
  if constexpr (sizeof(T) == 2) {
    const uint16_t v = static_cast<uint16_t>(index);
    std::memcpy(bytes, &v, 2);
  } else if constexpr (sizeof(T) == 4) {
    std::memcpy(bytes, &index, 4);
  } else if constexpr (sizeof(T) == 8) {
    const uint64_t v = index;
    std::memcpy(bytes, &v, 8);
  } else {
    const uint8_t v = static_cast<uint8_t>(index);
    std::memcpy(bytes, &v, 1);
  }
}

template <typename T>
void Binary(vec::BinaryOp op, const char* name, const AscendC::LocalTensor<T>& dst,
            const AscendC::LocalTensor<T>& a, const AscendC::LocalTensor<T>& b, int32_t count) {
  if (count < 0) RaiseBadCount(name, count, "count must be >= 0");
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  const UbRef srcs[2] = {a.ref(), b.ref()};
  const uint64_t src_bytes[2] = {bytes, bytes};
  // Sources are read where they are: the halving folds of a tile just copied in (Add of its
  // upper rows into its lower ones) read GM, and only the half they write reaches the UB; those
  // of a widened piece not widened yet read its 16-bit source (BinaryWidened).
  VectorOpLanes<-1, kOperandsSettleCopies>(
      name, dst.ref(), bytes, srcs, src_bytes, 2, static_cast<uint64_t>(count), [&] {
        RunBinary(Cur(), op, AscendC::DTypeOf<T>(), sizeof(T), dst.ref(), srcs,
                  static_cast<uint64_t>(count));
      });
}

template <typename T>
void WithScalar(vec::ScalarOp op, const char* name, const AscendC::LocalTensor<T>& dst,
                const AscendC::LocalTensor<T>& src, T scalar, int32_t count) {
  if (count < 0) RaiseBadCount(name, count, "count must be >= 0");
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  const UbRef srcs[1] = {src.ref()};
  VectorOpLanes(name, dst.ref(), bytes, srcs, &bytes, 1, static_cast<uint64_t>(count), [&] {
    vec::Scalar(op, AscendC::DTypeOf<T>(), dst.data(), src.data(), &scalar,
                static_cast<size_t>(count));
  });
}

// MAX_MIN_CNT (vector_max_min_spr.cc): a WholeReduceMax/Min-family instruction in normal mode
// with an int mask, before it runs; a ReduceMax/ReduceMin's value (`after_repeats`: the high-
// dimension form's last round, after its first noted the repeats).
void NoteMaxMinWhole(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                     const UbRef& src, int32_t mask, int32_t repeat, int32_t blk, int32_t rep);
void NoteMaxMinValueOnly(const char* name, DType dtype, uint32_t elem_bytes, const void* value,
                         bool after_repeats);

// The count forms ReduceSum/ReduceMax/ReduceMin (vector_reduce_count.cc): the checks, the cost and
// the reduction, out of the kernel units (type-erased: its bookkeeping is compiled once, and
// inlined there).
void ReduceCountOf(vec::ReduceOp op, const char* name, DType dtype, uint32_t elem_bytes,
                   const UbRef& dst, const UbRef& src, const UbRef& work, int32_t count,
                   bool with_index);
template <typename T>
void ReduceCount(vec::ReduceOp op, const char* name, const AscendC::LocalTensor<T>& dst,
                 const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& work,
                 int32_t count, bool with_index) {
  ReduceCountOf(op, name, AscendC::DTypeOf<T>(), sizeof(T), dst.ref(), src.ref(), work.ref(), count,
                with_index);
}

// WholeReduce*: per repeat r, reduce the first `mask` elements of a 256 B repeat whose 8 blocks
// are src_blk_stride blocks apart, repeats src_rep_stride blocks apart; the result goes to
// dst + r * dst_rep_stride results (a result is one element, or value then index).
// Checked mode: every lane a WholeReduce* with gaps between its lanes reads was written (the
// gaps themselves may hold anything: the chip does not read them).
inline void CheckReducedLanes(const char* name, const UbRef& src, size_t elem_bytes, int32_t mask,
                              int32_t repeat, int32_t src_blk_stride, int32_t src_rep_stride) {
  const int32_t per_block = static_cast<int32_t>(32 / elem_bytes);
  const int32_t blocks = (mask + per_block - 1) / per_block;
  for (int32_t r = 0; r < repeat; ++r) {
    for (int32_t b = 0; b < blocks; ++b) {
      const uint64_t at =
          (static_cast<uint64_t>(r) * src_rep_stride + static_cast<uint64_t>(b) * src_blk_stride) *
          32;
      const int32_t n = std::min(per_block, mask - b * per_block);
      CheckWritten(Cur(), src, at, static_cast<uint64_t>(n) * elem_bytes, name, "src");
    }
  }
}

template <typename T>
void WholeReduce(vec::ReduceOp op, const char* name, const AscendC::LocalTensor<T>& dst,
                 const AscendC::LocalTensor<T>& src, int32_t mask, int32_t repeat,
                 int32_t dst_rep_stride, int32_t src_blk_stride, int32_t src_rep_stride,
                 AscendC::ReduceOrder order, bool is_set_mask = true);
// WholeReduce* without an index whose repeats' enabled lanes are contiguous, as rows:
// dst[r * dst_stride] = op over src[r * row_stride + 0 .. mask) for r < rows (in elements), in
// batches; float sums in the chip's order (vector_whole_reduce.cc).
void WholeReduceRows(vec::ReduceOp op, DType dtype, uint32_t elem_bytes, void* dst,
                     uint32_t dst_stride, const void* src, uint32_t rows, uint32_t mask,
                     uint64_t row_stride);
}  // namespace opsim::sim::detail

namespace AscendC {

#define OPSIM_BINARY(Name, Op, Row)                                                       \
  template <typename T>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,  \
            const int32_t& count) {                                                       \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>>(dst, a, b, count)) {                               \
      OPSIM_A2_TAKES(Row, T, #Name);                                                      \
      opsim::sim::detail::Binary(opsim::sim::vec::BinaryOp::Op, #Name, dst, a, b, count); \
    }                                                                                     \
  }
OPSIM_BINARY(Add, kAdd, kArith)
OPSIM_BINARY(Sub, kSub, kArith)
OPSIM_BINARY(Mul, kMul, kArith)
OPSIM_BINARY(Div, kDiv, kFloatMath)
OPSIM_BINARY(Max, kMax, kArith)
OPSIM_BINARY(Min, kMin, kArith)
#undef OPSIM_BINARY

#define OPSIM_SCALAR(Name, Op)                                                       \
  template <typename T, typename U>                                                  \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalar,   \
            const int32_t& count) {                                                  \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>>(dst, src, scalar, count)) {                   \
      OPSIM_A2_TAKES(kArith, T, #Name);                                              \
      opsim::sim::detail::WithScalar(opsim::sim::vec::ScalarOp::Op, #Name, dst, src, \
                                     static_cast<T>(scalar), count);                 \
    }                                                                                \
  }
OPSIM_SCALAR(Adds, kAdd)
OPSIM_SCALAR(Muls, kMul)
OPSIM_SCALAR(Maxs, kMax)
OPSIM_SCALAR(Mins, kMin)
#undef OPSIM_SCALAR

template <typename T>
void Abs(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
  OPSIM_TRAIT_AS_PRIM(Abs<PrimT<T>>(dst, src, count)) {
    OPSIM_A2_TAKES(kFloatMath, T, "Abs");
    using namespace opsim::sim;
    if (count < 0) detail::RaiseBadCount("Abs", count, "count must be >= 0");
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    detail::VectorOpLanes("Abs", dst.ref(), bytes, &src.ref(), &bytes, 1,
                          static_cast<uint64_t>(count), [&] {
                            vec::Unary(vec::UnaryOp::kAbs, DTypeOf<T>(), dst.data(), src.data(),
                                       static_cast<size_t>(count));
                          });
  }
}

template <typename T, typename U>
void Duplicate(const LocalTensor<T>& dst, const U& value, const int32_t& count) {
  OPSIM_A2_TAKES(kDuplicate, T, "Duplicate");
  using namespace opsim::sim;
  if (count < 0) detail::RaiseBadCount("Duplicate", count, "count must be >= 0");
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  const T v = static_cast<T>(value);
  detail::VectorOp("Duplicate", dst.ref(), bytes, nullptr, nullptr, 0,
                   [&] { vec::Fill(DTypeOf<T>(), dst.data(), &v, static_cast<size_t>(count)); });
}

template <typename D, typename S>
void OpsimCastCount(const LocalTensor<D>& dst, const LocalTensor<S>& src, const RoundMode mode,
                    const uint32_t count) {
  OPSIM_A2_TAKES_PAIR(kCast, S, D, "Cast");
  using namespace opsim::sim;
  const uint64_t src_bytes = static_cast<uint64_t>(count) * sizeof(S);
  const uint64_t dst_bytes = static_cast<uint64_t>(count) * sizeof(D);
  // The source is read where it is (copy_elision.h): a 16-bit tile just copied in and widened
  // piece by piece for a float32 reduction is never copied into the UB on the host, and when
  // the next ReduceSum reads the float32 piece it sums the 16-bit values there, the piece never
  // written (DeferWidening).
  detail::VectorOpLanes<0, detail::kOperandsSettleCopies>(
      "Cast", dst.ref(), dst_bytes, &src.ref(), &src_bytes, 1, count, [&] {
        detail::Core& core = detail::Cur();
        constexpr bool kWidens =
            std::is_same_v<D, float> && (std::is_same_v<S, half> || std::is_same_v<S, bfloat16_t>);
        constexpr auto kFrom =
            std::is_same_v<S, half> ? detail::Widening::kFromHalf : detail::Widening::kFromBFloat16;
        if (kWidens && detail::DeferWideningOfBlocks(core, dst.ref(), src.ref(), count, kFrom))
          return;
        const detail::RowsAt at =
            detail::ReadRowsInPlace(core, src.ref(), 1, src_bytes, src_bytes, sizeof(S));
        detail::SettleOverwritten(core, dst.ref().ptr, dst.ref().ptr + dst_bytes);
        if (kWidens && at.ptr != src.ref().ptr &&
            detail::DeferWidening(core, dst.ref(), at.ptr, count, kFrom))
          return;
        const auto* in = reinterpret_cast<const S*>(at.ptr);
        if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int32_t>) {
          // The chip's s322f16 conversion dequantises: dst = half(src * DEQSCALE) (SetDeqScale).
          if (mode == RoundMode::CAST_NONE) {
            vec::DeqInt32ToHalf(reinterpret_cast<uint16_t*>(dst.data()), in,
                                detail::Cur().deq_scale, count);
            return;
          }
        }
        vec::Cast(DTypeOf<D>(), dst.data(), DTypeOf<S>(), in, detail::ToRound(mode), count);
      });
}

template <typename D, typename S>
void Cast(const LocalTensor<D>& dst, const LocalTensor<S>& src, const RoundMode mode,
          const uint32_t count) {
  OPSIM_TRAITS_AS_PRIM(D, S, Cast<PrimT<D>, PrimT<S>>(dst, src, mode, count))
  if constexpr (IsHalfByteDataType<D>() || IsHalfByteDataType<S>()) {
    static_assert((IsHalfByteDataType<D>() && std::is_same_v<S, half>) ||
                      (std::is_same_v<D, half> && IsHalfByteDataType<S>()),
                  "Cast takes int4b_t only from and to half (CANN's dav_c220 list)");
    opsim::sim::detail::CastInt4(dst.ref(), src.ref(), IsHalfByteDataType<D>(), mode, count);
  } else {
    OpsimCastCount(dst, src, mode, count);
  }
}

// The DEQSCALE register for Cast int32_t -> half with CAST_NONE (1.0 until set); its other
// forms, for CastDequant, are in vector_cast_deq.h.
inline void SetDeqScale(half scale) {
  opsim::sim::detail::NoteDeqScaleHalf();
  opsim::sim::detail::Cur().deq_scale = static_cast<float>(scale);
}

template <typename T>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,
               const int32_t count) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "ReduceSum");
  opsim::sim::detail::ReduceCount<PrimT<T>>(opsim::sim::vec::ReduceOp::kSum, "ReduceSum", dst, src,
                                            work, count, false);
}
template <typename T>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,
               const int32_t count, bool calIndex = false) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "ReduceMax");
  opsim::sim::detail::ReduceCount<PrimT<T>>(opsim::sim::vec::ReduceOp::kMax, "ReduceMax", dst, src,
                                            work, count, calIndex);
}
template <typename T>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,
               const int32_t count, bool calIndex = false) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "ReduceMin");
  opsim::sim::detail::ReduceCount<PrimT<T>>(opsim::sim::vec::ReduceOp::kMin, "ReduceMin", dst, src,
                                            work, count, calIndex);
}

template <typename T, bool isSetMask = true>
void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                    const int32_t repeatTimes, const int32_t dstRepStride,
                    const int32_t srcBlkStride, const int32_t srcRepStride) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "WholeReduceSum");
  opsim::sim::detail::WholeReduce<PrimT<T>>(opsim::sim::vec::ReduceOp::kSum, "WholeReduceSum", dst,
                                            src, mask, repeatTimes, dstRepStride, srcBlkStride,
                                            srcRepStride, ReduceOrder::ORDER_ONLY_VALUE, isSetMask);
}
template <typename T, bool isSetMask = true>
void WholeReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                    const int32_t repeatTimes, const int32_t dstRepStride,
                    const int32_t srcBlkStride, const int32_t srcRepStride,
                    ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "WholeReduceMax");
  opsim::sim::detail::WholeReduce<PrimT<T>>(opsim::sim::vec::ReduceOp::kMax, "WholeReduceMax", dst,
                                            src, mask, repeatTimes, dstRepStride, srcBlkStride,
                                            srcRepStride, order, isSetMask);
}
template <typename T, bool isSetMask = true>
void WholeReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                    const int32_t repeatTimes, const int32_t dstRepStride,
                    const int32_t srcBlkStride, const int32_t srcRepStride,
                    ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "WholeReduceMin");
  opsim::sim::detail::WholeReduce<PrimT<T>>(opsim::sim::vec::ReduceOp::kMin, "WholeReduceMin", dst,
                                            src, mask, repeatTimes, dstRepStride, srcBlkStride,
                                            srcRepStride, order, isSetMask);
}

// WholeReduceSum's older form: contiguous mask only; dstBlkStride has no effect (CANN: "此参数无效,
// 可配置任意值"), dstRepStride counts one repeat's result.
template <typename T, bool isSetMask = true>
void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                     const int32_t dstRepStride, const int32_t srcRepStride) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "RepeatReduceSum");
  (void)dstBlkStride;
  opsim::sim::detail::WholeReduce<PrimT<T>>(opsim::sim::vec::ReduceOp::kSum, "RepeatReduceSum", dst,
                                            src, mask, repeatTime, dstRepStride, srcBlkStride,
                                            srcRepStride, ReduceOrder::ORDER_ONLY_VALUE, isSetMask);
}

}  // namespace AscendC

namespace opsim::sim::detail {

// WholeReduceSum of floats in the chip's order (vector_tree_sum.h): each repeat's `mask` lanes,
// the others -0, as one tree of a repeat's lanes. Contiguous whole repeats are summed in one call;
// others are packed first, a chunk of repeats at a time.
template <typename T>
void WholeTreeSums(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                   int32_t mask, int32_t repeat, int32_t dst_rep_stride, int32_t src_blk_stride,
                   int32_t src_rep_stride) {
  constexpr int32_t kPerRepeat = static_cast<int32_t>(256 / sizeof(T));
  constexpr int32_t kPerBlock = static_cast<int32_t>(32 / sizeof(T));
  constexpr int32_t kChunk = 64;
  const opsim::DType dtype = AscendC::DTypeOf<T>();
  const bool packed = mask == kPerRepeat && src_blk_stride == 1 && src_rep_stride == 8;
  if (packed && dst_rep_stride == 1) {
    vec::TreeSums(dtype, dst.data(), src.data(), static_cast<size_t>(repeat), kPerRepeat);
    return;
  }
  T lanes[kChunk * kPerRepeat];  // 16 KB: a fiber's stack has 1 MB
  T sums[kChunk];
  const int32_t blocks = (mask + kPerBlock - 1) / kPerBlock;
  for (int32_t r0 = 0; r0 < repeat; r0 += kChunk) {
    const int32_t here = std::min(kChunk, repeat - r0);
    const T* in = src.data() + static_cast<size_t>(r0) * src_rep_stride * kPerBlock;
    if (!packed) {
      for (int32_t r = 0; r < here; ++r) {
        T* lane = lanes + static_cast<size_t>(r) * kPerRepeat;
        const T* base = src.data() + static_cast<size_t>(r0 + r) * src_rep_stride * kPerBlock;
        for (int32_t b = 0; b < blocks; ++b) {
          const int32_t n = std::min(kPerBlock, mask - b * kPerBlock);
          std::memcpy(static_cast<void*>(lane + b * kPerBlock),
                      base + static_cast<size_t>(b) * src_blk_stride * kPerBlock, n * sizeof(T));
        }
        const T negative_zero = static_cast<T>(-0.0f);
        for (int32_t k = mask; k < kPerRepeat; ++k) lane[k] = negative_zero;
      }
      in = lanes;
    }
    vec::TreeSums(dtype, sums, in, static_cast<size_t>(here), kPerRepeat);
    for (int32_t r = 0; r < here; ++r) {
      dst.data()[static_cast<size_t>(r0 + r) * dst_rep_stride] = sums[r];
    }
  }
}

// Whether a WholeReduce*'s results land in the bytes it reads: then it runs repeat by repeat.
inline bool WholeReduceOverlaps(const UbRef& dst, uint64_t dst_span, const UbRef& src,
                                uint64_t src_span) {
  return dst.ptr < src.ptr + src_span && src.ptr < dst.ptr + dst_span;
}

// WholeReduce* as rows (WholeReduceRows): the source is read where it is, a tile just copied in
// from GM in GM (copy_elision.h), as the count-form reductions read theirs.
template <typename T>
void WholeReduceAsRows(vec::ReduceOp op, const char* name, const AscendC::LocalTensor<T>& dst,
                       const AscendC::LocalTensor<T>& src, int32_t mask, int32_t repeat,
                       int32_t dst_rep_stride, int32_t src_rep_stride, uint64_t dst_span,
                       uint64_t src_span, bool gaps) {
  const uint64_t stride_bytes = static_cast<uint64_t>(src_rep_stride) * 32;
  auto body = [&] {
    const RowsAt at =
        ReadRowsInPlace(Cur(), src.ref(), static_cast<uint64_t>(repeat),
                        static_cast<uint64_t>(mask) * sizeof(T), stride_bytes, sizeof(T));
    WholeReduceRows(op, AscendC::DTypeOf<T>(), sizeof(T), dst.data(),
                    static_cast<uint32_t>(dst_rep_stride), at.ptr, static_cast<uint32_t>(repeat),
                    static_cast<uint32_t>(mask), at.stride_bytes / sizeof(T));
  };
  if (gaps) {
    VectorOp<0, kFirstSrcStridedRows>(name, dst.ref(), dst_span, &src.ref(), &src_span, 1, body);
  } else {
    VectorOp<0>(name, dst.ref(), dst_span, &src.ref(), &src_span, 1, body);
  }
}

template <typename T>
void WholeReduce(vec::ReduceOp op, const char* name, const AscendC::LocalTensor<T>& dst,
                 const AscendC::LocalTensor<T>& src, int32_t mask, int32_t repeat,
                 int32_t dst_rep_stride, int32_t src_blk_stride, int32_t src_rep_stride,
                 AscendC::ReduceOrder order, bool is_set_mask) {
  if (!is_set_mask || Cur().mask_counter) {
    // The mask register (isSetMask = false) or counter mode: the general masked path.
    GroupReduce(name, op, AscendC::DTypeOf<T>(), sizeof(T), GroupKind::kWhole,
                static_cast<uint8_t>(order),
                is_set_mask ? ReduceMaskOf<true>(mask) : ReduceMaskOf<false>(0), repeat, dst.ref(),
                dst_rep_stride, ReduceSrc(name, src.ref(), src_blk_stride, src_rep_stride));
    return;
  }
  constexpr int32_t kPerRepeat = static_cast<int32_t>(256 / sizeof(T));
  constexpr int32_t kPerBlock = static_cast<int32_t>(32 / sizeof(T));
  if (mask < 1 || mask > kPerRepeat)
    RaiseBadCount(name, mask, "mask must be in [1, 256 B / sizeof(T)]");
  if (repeat < 0 || repeat > 255) RaiseBadCount(name, repeat, "repeatTimes must be in [0, 255]");
  if (dst_rep_stride < 0 || src_blk_stride < 0 || src_rep_stride < 0) {
    RaiseBadCount(name, -1, "strides must be >= 0");
  }
  const bool with_index = order != AscendC::ReduceOrder::ORDER_ONLY_VALUE;
  const int32_t result_elems = with_index ? 2 : 1;
  if (repeat == 0) return;
  if (op != vec::ReduceOp::kSum) {
    NoteMaxMinWhole(name, op, AscendC::DTypeOf<T>(), sizeof(T), src.ref(), mask, repeat,
                    src_blk_stride, src_rep_stride);
  }
  const int32_t blocks = (mask + kPerBlock - 1) / kPerBlock;
  const uint64_t src_span = (static_cast<uint64_t>(repeat - 1) * src_rep_stride +
                             static_cast<uint64_t>(blocks - 1) * src_blk_stride) *
                                32 +
                            static_cast<uint64_t>(mask - (blocks - 1) * kPerBlock) * sizeof(T);
  const uint64_t dst_span =
      (static_cast<uint64_t>(repeat - 1) * dst_rep_stride + 1) * result_elems * sizeof(T);
  // Repeats with gaps between their lanes (a partial mask, strided blocks or repeats: rows of a
  // tile reduced a row per repeat) read only the lanes: check those, not the span (checked mode).
  const bool gaps = mask != kPerRepeat || src_blk_stride != 1 || src_rep_stride != 8;
  if (gaps && Cur().checked) {
    CheckReducedLanes(name, src.ref(), sizeof(T), mask, repeat, src_blk_stride, src_rep_stride);
  }
  if (!with_index && (src_blk_stride == 1 || blocks == 1) &&
      !WholeReduceOverlaps(dst.ref(), dst_span, src.ref(), src_span)) {
    WholeReduceAsRows(op, name, dst, src, mask, repeat, dst_rep_stride, src_rep_stride, dst_span,
                      src_span, gaps);
    return;
  }
  auto body = [&] {
    if (op == vec::ReduceOp::kSum && vec::TreeSumsTake(AscendC::DTypeOf<T>())) {
      WholeTreeSums(dst, src, mask, repeat, dst_rep_stride, src_blk_stride, src_rep_stride);
      return;
    }
    T lane[kPerRepeat];
    for (int32_t r = 0; r < repeat; ++r) {
      const T* base = src.data() + static_cast<size_t>(r) * src_rep_stride * kPerBlock;
      const T* in = base;
      if (src_blk_stride != 1) {
        for (int32_t b = 0; b < blocks; ++b) {
          const int32_t n = std::min(kPerBlock, mask - b * kPerBlock);
          std::memcpy(lane + b * kPerBlock,
                      base + static_cast<size_t>(b) * src_blk_stride * kPerBlock, n * sizeof(T));
        }
        in = lane;
      }
      uint32_t index = 0;
      T* out = dst.data() + static_cast<size_t>(r) * dst_rep_stride * result_elems;
      T value;
      vec::Reduce(op, AscendC::DTypeOf<T>(), &value, in, static_cast<size_t>(mask),
                  with_index ? &index : nullptr);
      if (order == AscendC::ReduceOrder::ORDER_INDEX_VALUE) {
        StoreIndex(out, index);
        out[1] = value;
      } else if (order == AscendC::ReduceOrder::ORDER_ONLY_INDEX) {
        StoreIndex(out, index);
      } else {
        out[0] = value;
        if (with_index) StoreIndex(out + 1, index);
      }
    }
  };
  if (gaps) {
    VectorOp<-1, kFirstSrcStridedRows>(name, dst.ref(), dst_span, &src.ref(), &src_span, 1, body);
  } else {
    VectorOp(name, dst.ref(), dst_span, &src.ref(), &src_span, 1, body);
  }
}

}  // namespace opsim::sim::detail
