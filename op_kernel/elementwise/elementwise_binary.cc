// Add, Sub, Mul, Div with numpy broadcasting: one kernel class per element type, the op chosen
// by the tiling. The output is walked as rows (its last coalesced dim); a tile is a piece of one
// row, and each operand's piece is either contiguous in GM (copied in) or one element repeated
// (the operand is broadcast along the row: read once, Duplicate'd over the tile). Short rows
// (with DataCopyPad) go several to a tile instead: each row at a 32 B boundary of the UB, moved
// by one strided DataCopyPad per operand, so that a [N, 3] + [1, 3] output does not run as N
// tiles of 3 elements. Tiles are double buffered as in the unary kernel.
#include "elementwise/elementwise_copy.h"
#include "elementwise/elementwise_dispatch.h"
#include "elementwise/elementwise_tiling_data.h"
#include "elementwise/entries/elementwise_entry.h"

namespace op_kernel::elementwise {
namespace {

constexpr int32_t kBufferNum = 2;

// Where output element p's row piece starts in each operand, and how long the piece is.
struct Piece {
  uint64_t a = 0;
  uint64_t b = 0;
  uint32_t n = 0;     // output elements
  uint32_t rows = 1;  // > 1: whole rows of `len` elements, `pitch` apart in the UB
  uint32_t len = 0;
  uint32_t pitch = 0;  // elements, a whole number of 32 B blocks
};

__aicore__ Piece PieceAt(const ElementwiseTiling& t, uint64_t p, uint64_t end) {
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
  piece.len = piece.n;
  return piece;
}

// Several whole rows in one tile: when DataCopyPad can frame each row at a 32 B boundary, the
// tile starts a row, and two or more rows of the same outer index fit (their operand offsets are
// then one stride apart: strides[rank - 2]).
template <typename T>
__aicore__ Piece RowsAt(const ElementwiseTiling& t, uint64_t p, uint64_t end) {
  Piece piece = PieceAt(t, p, end);
  if (t.has_pad == 0 || t.rank < 2) return piece;
  const uint64_t len = t.dims[t.rank - 1];
  const uint64_t per_block = 32 / sizeof(T);
  const uint64_t pitch = (len + per_block - 1) / per_block * per_block;
  if (p % len != 0 || 2 * pitch > t.tile) return piece;
  const uint64_t outer = t.dims[t.rank - 2];
  uint64_t rows = t.tile / pitch;
  rows = rows < (end - p) / len ? rows : (end - p) / len;
  const uint64_t left_in_outer = outer - (p / len) % outer;
  rows = rows < left_in_outer ? rows : left_in_outer;
  rows = rows < 4095 ? rows : 4095;  // DataCopyPad's blockCount
  if (rows < 2) return piece;
  piece.rows = static_cast<uint32_t>(rows);
  piece.len = static_cast<uint32_t>(len);
  piece.pitch = static_cast<uint32_t>(pitch);
  piece.n = static_cast<uint32_t>(rows * len);
  return piece;
}

template <typename T>
class BinaryKernel {
 public:
  __aicore__ void Init(GM_ADDR a, GM_ADDR b, GM_ADDR y, const ElementwiseTiling& t) {
    // The rank indexes the tiling's arrays: a tiling not made by ours (the kernel_launch fuzz
    // target flips its bytes) must stop here, not read past them.
    ascendc_assert(t.rank >= 1 && t.rank <= kElementwiseMaxRank,
                   "elementwise binary kernel: the tiling's rank %u is outside 1..%u", t.rank,
                   kElementwiseMaxRank);
    // Every element position is divided by the dims: they must multiply to the total (so none is
    // 0 when there is work), and a tile must hold an element.
    uint64_t elements = 1;
    bool fits = true;
    for (uint32_t d = 0; d < t.rank; ++d) {
      fits = fits && !__builtin_mul_overflow(elements, t.dims[d], &elements);
    }
    ascendc_assert(fits && elements == t.total && (t.total == 0 || t.tile > 0),
                   "elementwise binary kernel: the tiling's dims do not multiply to its total of "
                   "%llu elements, or its tile of %u elements is empty",
                   static_cast<unsigned long long>(t.total), t.tile);
    t_ = t;
    range_ = RangeOfBlock(t.total, t.per_core);
    a_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(a), Extent(t.a_strides));
    b_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(b), Extent(t.b_strides));
    y_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.total);
    pipe_.InitBuffer(in_a_, kBufferNum, t.tile * sizeof(T));
    pipe_.InitBuffer(in_b_, kBufferNum, t.tile * sizeof(T));
    pipe_.InitBuffer(out_, kBufferNum, t.tile * sizeof(T));
    if constexpr (kComputesInFloat<T>) pipe_.InitBuffer(work_, 2 * t.tile * sizeof(float));
  }

  __aicore__ void Process() {
    for (uint64_t p = range_.begin; p < range_.end;) {
      const Piece piece = RowsAt<T>(t_, p, range_.end);
      CopyInTile(piece);
      Compute(piece);
      CopyOutTile(p, piece);
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
                       const AscendC::GlobalTensor<T>& gm, uint64_t offset, const uint64_t* strides,
                       const Piece& piece) {
    AscendC::LocalTensor<T> x = queue.template AllocTensor<T>();
    const bool broadcast = strides[t_.rank - 1] == 0;
    if (piece.rows == 1) {
      if (broadcast) {
        AscendC::Duplicate(x, gm.GetValue(offset), static_cast<int32_t>(piece.n));
      } else {
        CopyIn(x, gm, offset, piece.n, t_.has_pad != 0);
      }
    } else {
      LoadRows(x, gm, offset, strides[t_.rank - 2], broadcast, piece);
    }
    queue.EnQue(x);
  }

  // `piece.rows` rows, row r at x[r * pitch] (padding to the pitch with zeros), from GM rows
  // `row_stride` apart.
  __aicore__ void LoadRows(const AscendC::LocalTensor<T>& x, const AscendC::GlobalTensor<T>& gm,
                           uint64_t offset, uint64_t row_stride, bool broadcast,
                           const Piece& piece) {
    const uint32_t total = piece.rows * piece.pitch;
    if (broadcast && row_stride == 0) {  // one value for the whole tile
      AscendC::Duplicate(x, gm.GetValue(offset), static_cast<int32_t>(total));
    } else if (broadcast) {  // one value per row
      for (uint32_t r = 0; r < piece.rows; ++r) {
        AscendC::Duplicate(x[r * piece.pitch], gm.GetValue(offset + r * row_stride),
                           static_cast<int32_t>(piece.pitch));
      }
    } else if (row_stride == 0) {  // the same row each time: load it once, then double it
      LoadRowBlock(x, gm, offset, 1, 0, piece);
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();
      for (uint32_t have = 1; have < piece.rows;) {
        const uint32_t more = have < piece.rows - have ? have : piece.rows - have;
        AscendC::DataCopy(x[have * piece.pitch], x, more * piece.pitch);
        AscendC::PipeBarrier<AscendC::PIPE_ALL>();
        have += more;
      }
    } else {
      LoadRowBlock(x, gm, offset, piece.rows, row_stride, piece);
    }
  }

  __aicore__ void LoadRowBlock(const AscendC::LocalTensor<T>& x, const AscendC::GlobalTensor<T>& gm,
                               uint64_t offset, uint32_t rows, uint64_t row_stride,
                               const Piece& piece) {
    const uint32_t bytes = piece.len * static_cast<uint32_t>(sizeof(T));
    const uint32_t gap = rows > 1 ? static_cast<uint32_t>((row_stride - piece.len) * sizeof(T)) : 0;
    AscendC::DataCopyPad(x, gm[offset],
                         AscendC::DataCopyExtParams{static_cast<uint16_t>(rows), bytes, gap, 0, 0},
                         AscendC::DataCopyPadExtParams<T>{
                             true, 0, static_cast<uint8_t>(piece.pitch - piece.len), T{}});
  }

  __aicore__ void CopyInTile(const Piece& piece) {
    Load(in_a_, a_gm_, piece.a, t_.a_strides, piece);
    Load(in_b_, b_gm_, piece.b, t_.b_strides, piece);
  }

  __aicore__ void Compute(const Piece& piece) {
    AscendC::LocalTensor<T> a = in_a_.template DeQue<T>();
    AscendC::LocalTensor<T> b = in_b_.template DeQue<T>();
    AscendC::LocalTensor<T> y = out_.template AllocTensor<T>();
    const int32_t count =
        static_cast<int32_t>(piece.rows == 1 ? piece.n : piece.rows * piece.pitch);
    if constexpr (kComputesInFloat<T>) {
      const AscendC::LocalTensor<float> wide_a = work_.template Get<float>();
      const AscendC::LocalTensor<float> wide_b = wide_a[t_.tile];
      AscendC::Cast(wide_a, a, AscendC::RoundMode::CAST_NONE, count);
      AscendC::Cast(wide_b, b, AscendC::RoundMode::CAST_NONE, count);
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      Apply(wide_a, wide_a, wide_b, count);
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      AscendC::Cast(y, wide_a, AscendC::RoundMode::CAST_RINT, count);
    } else {
      Apply(y, a, b, count);
    }
    out_.EnQue(y);
    in_a_.FreeTensor(a);
    in_b_.FreeTensor(b);
  }

  template <typename U>
  __aicore__ void Apply(const AscendC::LocalTensor<U>& y, const AscendC::LocalTensor<U>& a,
                        const AscendC::LocalTensor<U>& b, int32_t count) {
    switch (static_cast<ElementwiseOp>(t_.op)) {
      case ElementwiseOp::kAdd: AscendC::Add(y, a, b, count); break;
      case ElementwiseOp::kSub: AscendC::Sub(y, a, b, count); break;
      case ElementwiseOp::kMul: AscendC::Mul(y, a, b, count); break;
      case ElementwiseOp::kDiv:
        // The 910B's Div takes half and float only: integer Div runs on the AI CPU.
        if constexpr (kIsFloat<U>) {
          AscendC::Div(y, a, b, count);
          break;
        }
        [[fallthrough]];
      default: ascendc_assert(false, "elementwise binary kernel: op %u is not binary", t_.op);
    }
  }

  __aicore__ void CopyOutTile(uint64_t p, const Piece& piece) {
    AscendC::LocalTensor<T> y = out_.template DeQue<T>();
    if (piece.rows == 1) {
      CopyOut(y_gm_, p, y, piece.n, t_.has_pad != 0);
    } else {  // rows at 32 B boundaries in the UB, packed in GM
      AscendC::DataCopyPad(
          y_gm_[p], y,
          AscendC::DataCopyExtParams{static_cast<uint16_t>(piece.rows),
                                     piece.len * static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
    }
    out_.FreeTensor(y);
  }

  ElementwiseTiling t_;
  BlockRange range_;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_a_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_b_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> work_;  // kComputesInFloat: both operands widened
  AscendC::GlobalTensor<T> a_gm_;
  AscendC::GlobalTensor<T> b_gm_;
  AscendC::GlobalTensor<T> y_gm_;
};

}  // namespace
}  // namespace op_kernel::elementwise

extern "C" void opsim_elementwise_binary(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR tiling) {
  using namespace op_kernel;
  using namespace op_kernel::elementwise;
  GET_TILING_DATA_WITH_STRUCT(ElementwiseTiling, t, tiling);
  WithVectorDType(t.src_dtype, "elementwise binary kernel", [&](auto type) {
    using T = decltype(type);
    BinaryKernel<T> op;
    op.Init(a, b, y, t);
    op.Process();
  });
}
