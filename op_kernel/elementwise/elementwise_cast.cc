// Cast and CastLike on the AI Core: one kernel class per source type, instantiated for the pairs
// the 910B's Cast row computes directly or through exact chains (cast_routes.h; the other pairs
// run on the AI CPU, op_kernel_aicpu/elementwise/elementwise_cast_aicpu.cc). The vector unit's
// Cast does the conversion; two cases it does not cover as ONNX Runtime does are fixed up on the
// scalar unit (docs/OPERATORS.md, "Elementwise operators"):
//   - float -> integer: the chip saturates (NaN -> 0); ONNX leaves NaN, inf and out-of-range
//     values undefined, and ONNX Runtime's CPU Cast (a C++ static_cast on x86-64) gives the
//     "integer indefinite" of cvttss2si/cvttsd2si, wrapped to the destination width. Lanes
//     whose truncated value does not fit the destination are rewritten with that value; a tile
//     whose min and max (ReduceMin/ReduceMax, NaN propagating) fit needs no scalar pass.
//   - anything -> bool: x != 0 (NaN is true); the vector unit has no bool destination.
#include "elementwise/cast_routes.h"
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

// The round mode of one conversion of a route: truncation from a float to an integer, none for
// the exact widenings, to nearest even otherwise (float narrowing, integer to float).
template <typename To, typename From>
constexpr AscendC::RoundMode kStepMode =
    kIsFloat<From> && !kIsFloat<To>                  ? AscendC::RoundMode::CAST_TRUNC
    : kIsSame<To, float> && kIsSixteenBitFloat<From> ? AscendC::RoundMode::CAST_NONE
    : kIsSame<To, half> && (kIsSame<From, int8_t> || kIsSame<From, uint8_t>)
        ? AscendC::RoundMode::CAST_NONE
        : AscendC::RoundMode::CAST_RINT;

template <typename To, typename From>
__aicore__ void Step(const AscendC::LocalTensor<To>& dst, const AscendC::LocalTensor<From>& src,
                     uint32_t n) {
  AscendC::Cast(dst, src, kStepMode<To, From>, n);
}

template <typename S>
class CastKernel {
 public:
  __aicore__ void Init(GM_ADDR x, GM_ADDR y, const ElementwiseTiling& t, uint32_t dst_size,
                       CastRoute route) {
    t_ = t;
    range_ = RangeOfBlock(t.total, t.per_core);
    x_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ S*>(x), t.total);
    y_ = y;
    pipe_.InitBuffer(in_, kBufferNum, t.tile * sizeof(S));
    pipe_.InitBuffer(out_, kBufferNum, t.tile * dst_size);
    if (const uint32_t bytes = CastHalfTempBytes(route, t.tile); bytes != 0) {
      pipe_.InitBuffer(half_tmp_, bytes);
    }
    if (const uint32_t bytes = CastFloatTempBytes(route, t.tile); bytes != 0) {
      pipe_.InitBuffer(float_tmp_, bytes);
    }
    if constexpr (kIsFloat<S>) pipe_.InitBuffer(calc_, CastRangeCheckBytes(t.tile));
  }

  template <typename D, CastRoute kRoute>
  __aicore__ void Process() {
    AscendC::GlobalTensor<D> y_gm;
    y_gm.SetGlobalBuffer(reinterpret_cast<__gm__ D*>(y_), t_.total);
    for (uint64_t p = range_.begin; p < range_.end; p += t_.tile) {
      const uint64_t left = range_.end - p;
      const uint32_t n = left < t_.tile ? static_cast<uint32_t>(left) : t_.tile;
      CopyInTile(p, n);
      Compute<D, kRoute>(n);
      CopyOutTile(y_gm, p, n);
    }
  }

 private:
  __aicore__ void CopyInTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<S> x = in_.template AllocTensor<S>();
    CopyIn(x, x_gm_, p, n, t_.has_pad != 0);
    in_.EnQue(x);
  }

  template <typename D, CastRoute kRoute>
  __aicore__ void Compute(uint32_t n) {
    AscendC::LocalTensor<S> x = in_.template DeQue<S>();
    AscendC::LocalTensor<uint8_t> raw = out_.template AllocTensor<uint8_t>();
    const AscendC::LocalTensor<D> y = raw.template ReinterpretCast<D>();
    const int32_t count = static_cast<int32_t>(n);
    if constexpr (kRoute == CastRoute::kToBool) {
      ToBool(y, x, n);
    } else if constexpr (kRoute == CastRoute::kCopy) {
      AscendC::Muls(y, x, static_cast<S>(1), count);  // a copy on the V pipe
    } else if constexpr (kRoute == CastRoute::kCopyBits16) {
      AscendC::Muls(y.template ReinterpretCast<int16_t>(), x.template ReinterpretCast<int16_t>(),
                    static_cast<int16_t>(1), count);
    } else if constexpr (kRoute == CastRoute::kDirect) {
      Step(y, x, n);
      if constexpr (kIsFloat<S> && !kIsFloat<D>) FixOutOfRange(y, x, n);
    } else if constexpr (kRoute == CastRoute::kViaHalf) {
      const AscendC::LocalTensor<half> h = half_tmp_.template Get<half>();
      Step(h, x, n);
      Step(y, h, n);
    } else if constexpr (kRoute == CastRoute::kViaFloat) {
      const AscendC::LocalTensor<float> f = float_tmp_.template Get<float>();
      Step(f, x, n);
      Step(y, f, n);
      // f holds x's values exactly (a float source widens to float without rounding).
      if constexpr (kIsFloat<S> && !kIsFloat<D>) FixOutOfRange(y, f, n);
    } else {
      static_assert(kRoute == CastRoute::kViaHalfFloat, "a route of cast_routes.h");
      const AscendC::LocalTensor<half> h = half_tmp_.template Get<half>();
      const AscendC::LocalTensor<float> f = float_tmp_.template Get<float>();
      Step(h, x, n);
      Step(f, h, n);
      Step(y, f, n);
    }
    out_.EnQue(raw);
    in_.FreeTensor(x);
  }

  template <typename D>
  __aicore__ void ToBool(const AscendC::LocalTensor<D>& y, const AscendC::LocalTensor<S>& x,
                         uint32_t n) {
    static_assert(kIsSame<D, uint8_t>, "a bool destination is held as uint8");
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    for (uint32_t i = 0; i < n; ++i) y.SetValue(i, AsDouble(x.GetValue(i)) != 0.0 ? 1 : 0);
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
  }

  // y's lanes whose source value (in src, x or its exact float copy) truncates outside D.
  template <typename D, typename T>
  __aicore__ void FixOutOfRange(const AscendC::LocalTensor<D>& y,
                                const AscendC::LocalTensor<T>& src, uint32_t n) {
    if (TileFits<D>(src, n)) return;
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    for (uint32_t i = 0; i < n; ++i) {
      const double v = AsDouble(src.GetValue(i));
      if (!FitsAfterTruncation<D>(v)) y.SetValue(i, OrtFloatToInt<D>(v));
    }
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
  }

  // True when every lane's truncation fits D: the tile's min and max do (NaN, which
  // ReduceMax/ReduceMin propagate, does not).
  template <typename D, typename T>
  __aicore__ bool TileFits(const AscendC::LocalTensor<T>& src, uint32_t n) {
    const AscendC::LocalTensor<T> buf = calc_.template Get<T>();
    constexpr uint32_t kSlot = 32 / sizeof(T);
    const AscendC::LocalTensor<T> max = buf[0];
    const AscendC::LocalTensor<T> min = buf[kSlot];
    const AscendC::LocalTensor<T> work = buf[2 * kSlot];
    AscendC::ReduceMax(max, src, work, static_cast<int32_t>(n));
    AscendC::ReduceMin(min, src, work, static_cast<int32_t>(n));
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
  AscendC::TBuf<AscendC::QuePosition::VECCALC> half_tmp_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> float_tmp_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> calc_;
  AscendC::GlobalTensor<S> x_gm_;
};

// A dtype number as a type: its C++ element type and the number itself, which the route needs
// (bool and uint8 share uint8_t but not their routes).
template <DataType kNumber, typename T>
struct DTypeTag {
  static constexpr DataType kCode = kNumber;
  using Type = T;
};

template <typename Fn>
__aicore__ void WithDTypeTag(uint32_t dtype, Fn&& fn) {
  using D = DataType;
  switch (static_cast<D>(dtype)) {
    case D::kFloat32: fn(DTypeTag<D::kFloat32, float>{}); return;
    case D::kFloat16: fn(DTypeTag<D::kFloat16, half>{}); return;
    case D::kBFloat16: fn(DTypeTag<D::kBFloat16, bfloat16_t>{}); return;
    case D::kFloat64: fn(DTypeTag<D::kFloat64, double>{}); return;
    case D::kInt8: fn(DTypeTag<D::kInt8, int8_t>{}); return;
    case D::kUInt8: fn(DTypeTag<D::kUInt8, uint8_t>{}); return;
    case D::kBool: fn(DTypeTag<D::kBool, uint8_t>{}); return;
    case D::kInt32: fn(DTypeTag<D::kInt32, int32_t>{}); return;
    case D::kUInt32: fn(DTypeTag<D::kUInt32, uint32_t>{}); return;
    case D::kInt64: fn(DTypeTag<D::kInt64, int64_t>{}); return;
    case D::kUInt64: fn(DTypeTag<D::kUInt64, uint64_t>{}); return;
  }
  ascendc_assert(false, "Cast kernel: the tiling names dtype %u, which no kernel build takes",
                 dtype);
}

}  // namespace
}  // namespace op_kernel::elementwise

extern "C" void opsim_elementwise_cast(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  using namespace op_kernel;
  using namespace op_kernel::elementwise;
  GET_TILING_DATA_WITH_STRUCT(ElementwiseTiling, t, tiling);
  WithDTypeTag(t.src_dtype, [&](auto source) {
    WithDTypeTag(t.dst_dtype, [&](auto destination) {
      constexpr CastRoute kRoute =
          CastRouteOf(decltype(source)::kCode, decltype(destination)::kCode);
      if constexpr (kRoute == CastRoute::kAiCpu) {
        ascendc_assert(false, "Cast kernel: dtype %u -> %u runs on the AI CPU, not here",
                       t.src_dtype, t.dst_dtype);
      } else {
        using S = typename decltype(source)::Type;
        using D = typename decltype(destination)::Type;
        CastKernel<S> op;
        op.Init(x, y, t, sizeof(D), kRoute);
        op.template Process<D, kRoute>();
      }
    });
  });
}
