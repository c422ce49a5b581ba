// Add, Sub, Mul, Div with numpy broadcasting: one kernel class per element type, the op chosen
// by the tiling. The output is walked as rows (its last coalesced dim); a tile is a piece of one
// row, and each operand's piece is either contiguous in GM (copied in) or one element repeated
// (the operand is broadcast along the row: read once, Duplicate'd over the tile). Tiles are
// double buffered as in the unary kernel.
#include "elementwise/elementwise_copy.h"
#include "elementwise/elementwise_dispatch.h"
#include "elementwise/elementwise_tiling_data.h"
#include "elementwise/entries/elementwise_entry.h"

namespace opsim::kernels::elementwise {
namespace {

constexpr int32_t kBufferNum = 2;

// Where output element p's row piece starts in each operand, and how long the piece is.
struct Piece {
  uint64_t a = 0;
  uint64_t b = 0;
  uint32_t n = 0;
};

Piece PieceAt(const ElementwiseTiling& t, uint64_t p, uint64_t end) {
  const uint32_t last = t.rank - 1;
  const uint64_t row_len = t.dims[last];
  uint64_t row = p / row_len;
  const uint64_t col = p % row_len;
  Piece piece;
  piece.a = col * t.a_strides[last];
  piece.b = col * t.b_strides[last];
  for (uint32_t d = last; d-- > 0;) {
    const uint64_t i = row % t.dims[d];
    row /= t.dims[d];
    piece.a += i * t.a_strides[d];
    piece.b += i * t.b_strides[d];
  }
  uint64_t n = row_len - col;
  if (n > end - p) n = end - p;
  if (n > t.tile) n = t.tile;
  piece.n = static_cast<uint32_t>(n);
  return piece;
}

template <typename T>
class BinaryKernel {
 public:
  __aicore__ void Init(GM_ADDR a, GM_ADDR b, GM_ADDR y, const ElementwiseTiling& t) {
    t_ = t;
    range_ = RangeOfBlock(t.total, t.per_core);
    a_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(a), Extent(t.a_strides));
    b_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(b), Extent(t.b_strides));
    y_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.total);
    pipe_.InitBuffer(in_a_, kBufferNum, t.tile * sizeof(T));
    pipe_.InitBuffer(in_b_, kBufferNum, t.tile * sizeof(T));
    pipe_.InitBuffer(out_, kBufferNum, t.tile * sizeof(T));
  }

  __aicore__ void Process() {
    for (uint64_t p = range_.begin; p < range_.end;) {
      const Piece piece = PieceAt(t_, p, range_.end);
      CopyInTile(piece);
      Compute(piece.n);
      CopyOutTile(p, piece.n);
      p += piece.n;
    }
  }

 private:
  // Elements an operand spans: 1 + the offset of its last element.
  uint64_t Extent(const uint64_t* strides) const {
    if (t_.total == 0) return 0;
    uint64_t last = 0;
    for (uint32_t d = 0; d < t_.rank; ++d) last += (t_.dims[d] - 1) * strides[d];
    return last + 1;
  }

  __aicore__ void Load(AscendC::TQue<AscendC::QuePosition::VECIN, 1>& queue,
                       const AscendC::GlobalTensor<T>& gm, uint64_t offset, bool broadcast,
                       uint32_t n) {
    AscendC::LocalTensor<T> x = queue.template AllocTensor<T>();
    if (broadcast) {
      AscendC::Duplicate(x, gm.GetValue(offset), static_cast<int32_t>(n));
    } else {
      CopyIn(x, gm, offset, n, t_.has_pad != 0);
    }
    queue.EnQue(x);
  }

  __aicore__ void CopyInTile(const Piece& piece) {
    const uint32_t last = t_.rank - 1;
    Load(in_a_, a_gm_, piece.a, t_.a_strides[last] == 0, piece.n);
    Load(in_b_, b_gm_, piece.b, t_.b_strides[last] == 0, piece.n);
  }

  __aicore__ void Compute(uint32_t n) {
    AscendC::LocalTensor<T> a = in_a_.template DeQue<T>();
    AscendC::LocalTensor<T> b = in_b_.template DeQue<T>();
    AscendC::LocalTensor<T> y = out_.template AllocTensor<T>();
    const int32_t count = static_cast<int32_t>(n);
    switch (static_cast<ElementwiseOp>(t_.op)) {
      case ElementwiseOp::kAdd: AscendC::Add(y, a, b, count); break;
      case ElementwiseOp::kSub: AscendC::Sub(y, a, b, count); break;
      case ElementwiseOp::kMul: AscendC::Mul(y, a, b, count); break;
      case ElementwiseOp::kDiv:
        if constexpr (!kIsFloat<T>) CheckNoZero(b, n);
        AscendC::Div(y, a, b, count);
        break;
      default: ascendc_assert(false, "elementwise binary kernel: op %u is not binary", t_.op);
    }
    out_.EnQue(y);
    in_a_.FreeTensor(a);
    in_b_.FreeTensor(b);
  }

  // Integer division by zero has no value (ONNX leaves it undefined; ONNX Runtime's CPU kernel
  // traps with SIGFPE): the kernel stops with an assertion naming the element instead. The
  // divisor is data, known only here, so this is the one place the rule can be checked.
  __aicore__ void CheckNoZero(const AscendC::LocalTensor<T>& b, uint32_t n) {
    // The scalar unit reads what MTE2 / V wrote: order the pipes first.
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    for (uint32_t i = 0; i < n; ++i) {
      ascendc_assert(b.GetValue(i) != T{0},
                     "Div: integer division by zero (a divisor element of B is 0; ONNX leaves "
                     "it undefined, opsim refuses it)");
    }
  }

  __aicore__ void CopyOutTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<T> y = out_.template DeQue<T>();
    CopyOut(y_gm_, p, y, n, t_.has_pad != 0);
    out_.FreeTensor(y);
  }

  ElementwiseTiling t_;
  BlockRange range_;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_a_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_b_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_;
  AscendC::GlobalTensor<T> a_gm_;
  AscendC::GlobalTensor<T> b_gm_;
  AscendC::GlobalTensor<T> y_gm_;
};

}  // namespace
}  // namespace opsim::kernels::elementwise

extern "C" void opsim_elementwise_binary(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR tiling) {
  using namespace opsim::kernels;
  using namespace opsim::kernels::elementwise;
  GET_TILING_DATA_WITH_STRUCT(ElementwiseTiling, t, tiling);
  WithDType(t.src_dtype, "elementwise binary kernel", [&](auto type) {
    using T = decltype(type);
    BinaryKernel<T> op;
    op.Init(a, b, y, t);
    op.Process();
  });
}
