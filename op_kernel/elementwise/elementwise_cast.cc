// Cast and CastLike: one kernel class per source type, the destination type chosen by the
// tiling (so 11 classes, and one Cast instruction per (source, destination) pair). The vector
// unit's Cast does the conversion; two cases it does not cover as ONNX Runtime does are fixed
// up on the scalar unit (docs/OPERATORS.md, "Elementwise operators"):
//   - float -> integer: the chip saturates (NaN -> 0); ONNX leaves NaN, inf and out-of-range
//     values undefined, and ONNX Runtime's CPU Cast (a C++ static_cast on x86-64) gives the
//     "integer indefinite" of cvttss2si/cvttsd2si, wrapped to the destination width. Lanes
//     whose truncated value does not fit the destination are rewritten with that value; a tile
//     whose min and max (ReduceMin/ReduceMax, NaN propagating) fit needs no scalar pass.
//   - anything -> bool: x != 0 (NaN is true); the vector unit has no bool destination.
#include "elementwise/elementwise_copy.h"
#include "elementwise/elementwise_dispatch.h"
#include "elementwise/elementwise_tiling_data.h"
#include "elementwise/entries/elementwise_entry.h"
#include "elementwise/kernel_traits.h"

namespace op_kernel::elementwise {
namespace {

constexpr int32_t kBufferNum = 2;
constexpr double kTwo31 = 2147483648.0;
constexpr double kTwo63 = 9223372036854775808.0;

// x86-64 cvttsd2si, 32- and 64-bit: truncation, or the lowest value when it does not fit.
__aicore__ int32_t Truncate32(double v) {
  return v > -kTwo31 - 1.0 && v < kTwo31 ? static_cast<int32_t>(v) : INT32_MIN;
}
__aicore__ int64_t Truncate64(double v) {
  return v >= -kTwo63 && v < kTwo63 ? static_cast<int64_t>(v) : INT64_MIN;
}

// What static_cast<D>(v) compiles to on x86-64 (GCC and Clang): through a 32-bit conversion for
// destinations narrower than 32 bits and int32, a 64-bit one for uint32 and int64, and for
// uint64 the 64-bit conversion of v or of v - 2^63 with the top bit set back.
template <typename D>
__aicore__ D OrtFloatToInt(double v) {
  if constexpr (kIsSame<D, uint64_t>) {
    if (v >= kTwo63) return static_cast<uint64_t>(Truncate64(v - kTwo63)) ^ (1ull << 63);
    return static_cast<uint64_t>(Truncate64(v));
  } else if constexpr (sizeof(D) < 4 || kIsSame<D, int32_t>) {
    return static_cast<D>(static_cast<uint32_t>(Truncate32(v)));
  } else {
    return static_cast<D>(static_cast<uint64_t>(Truncate64(v)));
  }
}

// v rounded toward zero: through int64 when |v| < 2^52 (below it a double may have a fraction),
// v itself otherwise (an integer already, an infinity or NaN).
__aicore__ double Trunc(double v) {
  constexpr double kTwo52 = 4503599627370496.0;
  if (!(v > -kTwo52 && v < kTwo52)) return v;
  const double t = static_cast<double>(static_cast<int64_t>(v));
  return t == 0.0 && v < 0.0 ? -0.0 : t;
}

// True when trunc(v) is a value of D (the vector Cast's saturated result is then exact). The
// bounds are exact doubles: max() + 1 for types up to 32 bits, and for 64-bit types max() itself,
// which rounds to 2^63 / 2^64 as a double.
template <typename D>
__aicore__ bool FitsAfterTruncation(double v) {
  const double t = Trunc(v);
  const double lowest = static_cast<double>(LowestOf<D>());
  const double max = static_cast<double>(MaxOf<D>());
  return t >= lowest && t < (sizeof(D) == 8 ? max : max + 1.0);
}

template <typename S>
__aicore__ double AsDouble(S v) {
  if constexpr (kIsSixteenBitFloat<S>) {
    return static_cast<double>(static_cast<float>(v));
  } else {
    return static_cast<double>(v);
  }
}

template <typename S>
class CastKernel {
 public:
  __aicore__ void Init(GM_ADDR x, GM_ADDR y, const ElementwiseTiling& t, uint32_t dst_size) {
    t_ = t;
    range_ = RangeOfBlock(t.total, t.per_core);
    x_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ S*>(x), t.total);
    y_ = y;
    pipe_.InitBuffer(in_, kBufferNum, t.tile * sizeof(S));
    pipe_.InitBuffer(out_, kBufferNum, t.tile * dst_size);
    if constexpr (kIsFloat<S>) {
      // Two 32 B result slots, then ReduceMax/ReduceMin's work: one partial per 256 B repeat.
      const uint32_t work = (t.tile * sizeof(S) + 255) / 256 * sizeof(S);
      pipe_.InitBuffer(calc_, 64 + (work + 31) / 32 * 32);
    }
  }

  template <typename D>
  __aicore__ void Process() {
    AscendC::GlobalTensor<D> y_gm;
    y_gm.SetGlobalBuffer(reinterpret_cast<__gm__ D*>(y_), t_.total);
    for (uint64_t p = range_.begin; p < range_.end; p += t_.tile) {
      const uint64_t left = range_.end - p;
      const uint32_t n = left < t_.tile ? static_cast<uint32_t>(left) : t_.tile;
      CopyInTile(p, n);
      Compute<D>(n);
      CopyOutTile(y_gm, p, n);
    }
  }

 private:
  __aicore__ void CopyInTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<S> x = in_.template AllocTensor<S>();
    CopyIn(x, x_gm_, p, n, t_.has_pad != 0);
    in_.EnQue(x);
  }

  template <typename D>
  __aicore__ void Compute(uint32_t n) {
    AscendC::LocalTensor<S> x = in_.template DeQue<S>();
    AscendC::LocalTensor<uint8_t> raw = out_.template AllocTensor<uint8_t>();
    const AscendC::LocalTensor<D> y = raw.template ReinterpretCast<D>();
    const bool to_bool = static_cast<DataType>(t_.dst_dtype) == DataType::kBool;
    if (to_bool) {
      ToBool(y, x, n);
    } else if constexpr (kIsSame<S, D>) {
      AscendC::Muls(y, x, static_cast<S>(1), static_cast<int32_t>(n));  // a copy on the V pipe
    } else if constexpr (kIsFloat<S> && !kIsFloat<D>) {
      AscendC::Cast(y, x, AscendC::RoundMode::CAST_TRUNC, n);
      FixOutOfRange(y, x, n);
    } else {
      AscendC::Cast(y, x, AscendC::RoundMode::CAST_RINT, n);
    }
    out_.EnQue(raw);
    in_.FreeTensor(x);
  }

  template <typename D>
  __aicore__ void ToBool(const AscendC::LocalTensor<D>& y, const AscendC::LocalTensor<S>& x,
                         uint32_t n) {
    if constexpr (kIsSame<D, uint8_t>) {
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();
      for (uint32_t i = 0; i < n; ++i) y.SetValue(i, AsDouble(x.GetValue(i)) != 0.0 ? 1 : 0);
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    } else {
      ascendc_assert(false, "Cast kernel: a bool destination is held as uint8");
    }
  }

  template <typename D>
  __aicore__ void FixOutOfRange(const AscendC::LocalTensor<D>& y, const AscendC::LocalTensor<S>& x,
                                uint32_t n) {
    if (TileFits<D>(x, n)) return;
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    for (uint32_t i = 0; i < n; ++i) {
      const double v = AsDouble(x.GetValue(i));
      if (!FitsAfterTruncation<D>(v)) y.SetValue(i, OrtFloatToInt<D>(v));
    }
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
  }

  // True when every lane's truncation fits D: the tile's min and max do (NaN, which
  // ReduceMax/ReduceMin propagate, does not).
  template <typename D>
  __aicore__ bool TileFits(const AscendC::LocalTensor<S>& x, uint32_t n) {
    const AscendC::LocalTensor<S> buf = calc_.template Get<S>();
    constexpr uint32_t kSlot = 32 / sizeof(S);
    const AscendC::LocalTensor<S> max = buf[0];
    const AscendC::LocalTensor<S> min = buf[kSlot];
    const AscendC::LocalTensor<S> work = buf[2 * kSlot];
    AscendC::ReduceMax(max, x, work, static_cast<int32_t>(n));
    AscendC::ReduceMin(min, x, work, static_cast<int32_t>(n));
    // The scalar unit reads what the vector unit wrote.
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    return FitsAfterTruncation<D>(AsDouble(max.GetValue(0))) &&
           FitsAfterTruncation<D>(AsDouble(min.GetValue(0)));
  }

  template <typename D>
  __aicore__ void CopyOutTile(const AscendC::GlobalTensor<D>& y_gm, uint64_t p, uint32_t n) {
    AscendC::LocalTensor<uint8_t> raw = out_.template DeQue<uint8_t>();
    CopyOut(y_gm, p, raw.template ReinterpretCast<D>(), n, t_.has_pad != 0);
    out_.FreeTensor(raw);
  }

  ElementwiseTiling t_;
  BlockRange range_;
  GM_ADDR y_ = nullptr;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> calc_;
  AscendC::GlobalTensor<S> x_gm_;
};

}  // namespace
}  // namespace op_kernel::elementwise

extern "C" void opsim_elementwise_cast(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  using namespace op_kernel;
  using namespace op_kernel::elementwise;
  GET_TILING_DATA_WITH_STRUCT(ElementwiseTiling, t, tiling);
  WithDType(t.src_dtype, "Cast kernel", [&](auto source) {
    using S = decltype(source);
    WithDType(t.dst_dtype, "Cast kernel", [&](auto destination) {
      using D = decltype(destination);
      CastKernel<S> op;
      op.Init(x, y, t, sizeof(D));
      op.template Process<D>();
    });
  });
}
