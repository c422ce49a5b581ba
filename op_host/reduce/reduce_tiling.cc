// One pass's tiling (reduce_tiling.h): the blocks an AR or ARA stage takes, its tiles inside the
// Unified Buffer, the split of its kept work or of its reduced extent over cores, and the combine
// stage of a split. The plan of passes is reduce_plan.cc's.
#include "reduce/reduce_tiling.h"

#include <algorithm>
#include <cstdio>

namespace opsim {
namespace {

using ::op_kernel::ReduceFamily;
using ::op_kernel::ReduceStageTiling;

// Below this much input a core spends more on fixed costs than on data: use fewer cores.
constexpr uint64_t kMinBytesPerBlock = 64 * 1024;
constexpr uint64_t kMaxRowsPerCopy = 4095;  // DataCopy / DataCopyPad blockCount limit
constexpr uint64_t kMaxOutRows = 8192;
constexpr uint64_t kUbReserve = 256;
constexpr uint32_t kBufferNum = 2;
// A tile of whole kept rows this large streams as well as any: take it over column chunks even
// when fewer than 16 rows fit, since a chunk turns one long GM burst into `rows` short ones
// (and on the host, one sequential read into `rows` page-hopping ones). Smaller whole-row
// tiles lose more to the per-copy DMA setup than the long burst gains. Only where the reduced
// extent may be split over cores: otherwise the column chunks are what spreads the work.
constexpr uint64_t kStreamTileBytes = 64 * 1024;
// GM reads in whole units of this, from addresses aligned to it, run at the full rate on Atlas A2
// parts (CANN best practice "Using 512-Byte Alignment for the GM Address": 32 B-aligned ones
// reach 70 % of it at worst).
constexpr uint64_t kGmBurstBytes = 512;
// A split's partials written and read back are worth cutting columns for from this share of the
// input on (1/32).
constexpr uint64_t kPartialShare = 32;
// A column piece's row, one burst of a strided copy, is at least this long.
constexpr uint64_t kMinPieceRowBytes = 4096;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t Align(uint64_t n, uint64_t a) { return CeilDiv(n, a) * a; }
uint64_t PerBlock(size_t es) { return 32 / es; }

struct Sizes {
  size_t in;
  size_t acc;
  size_t out;
  uint32_t map = 0;  // the stage's ReduceMap, when it takes UB of its own (kLogSumExp)
};

// Largest v in [1, hi] with fits(v), or 0 when even 1 does not fit.
template <typename Fits>
uint64_t LargestFitting(uint64_t hi, Fits fits) {
  if (hi == 0 || !fits(1)) return 0;
  uint64_t lo = 1;
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo + 1) / 2;
    if (fits(mid)) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

// The blocks a stage's kept work spreads over. A combine stage (no split of its reduced extent)
// runs on blocks the launch has anyway, idle at its SyncAll otherwise: it takes all of them, since
// each unit's DMA setup, not its bytes, is what it costs (64 MiB outermost on the 910B: 47 units on
// 12 blocks took 5.6 us, on 47 1.4 us).
uint64_t BlocksFor(uint64_t total_bytes, uint32_t max_cores, bool allow_split) {
  const uint64_t cores = std::max<uint32_t>(max_cores, 1);
  return allow_split ? std::clamp<uint64_t>(CeilDiv(total_bytes, kMinBytesPerBlock), 1, cores)
                     : cores;
}

// Splits `units` of kept work over cores; with too few units, splits the reduced extent too.
void SplitCores(ReduceStageTiling& t, uint64_t total_bytes, uint32_t max_cores, bool allow_split,
                uint64_t r_align) {
  const uint64_t blocks = BlocksFor(total_bytes, max_cores, allow_split);
  t.r_split = 1;
  t.r_per_split = t.r;
  if (allow_split && t.units < blocks && t.r > 1) {
    const uint64_t per = Align(CeilDiv(t.r, blocks / t.units), r_align);
    const uint64_t split = CeilDiv(t.r, per);
    if (split > 1) {
      t.r_split = static_cast<uint32_t>(split);
      t.r_per_split = per;
      t.units_per_group = 1;
      t.groups = static_cast<uint32_t>(t.units);
      return;
    }
  }
  t.units_per_group = CeilDiv(t.units, std::min(blocks, t.units));
  t.groups = static_cast<uint32_t>(CeilDiv(t.units, t.units_per_group));
}

// Whether cutting a stage's columns differently keeps every result's bits. Not claimed for
// ReduceLogSumExp: the batched form it ran on until issue 29 took the exp of a tile's last
// columns in scalar code; its instructions now (reduce_lse.h) are per column, but the recut has
// not been re-verified for it, so its tiles keep their columns.
bool ColumnsMayBeRecut(const ReduceStageTiling& t) {
  return static_cast<::op_kernel::ReduceMap>(t.map) != ::op_kernel::ReduceMap::kLogSumExp;
}

// ARA units that do not divide evenly over the blocks leave some blocks a whole unit more than
// the others (the 64 kept rows of [64,1024,256] on 48 cores: 16 blocks take two, 1.4x the
// roofline). Instead every block takes the same number of whole units and the units left over
// are cut into column pieces, one per block (there: one unit each, and a third of one more).
// A piece keeps the tile's rows, so each column folds the same rows in the same order: the same
// bits.
void SplitTail(ReduceStageTiling& t, uint64_t blocks, uint64_t per) {
  if (t.r_split != 1 || t.units <= blocks || !ColumnsMayBeRecut(t)) return;
  const uint64_t whole = t.units / blocks;
  const uint64_t left = t.units - whole * blocks;
  if (left == 0) return;
  const uint64_t pieces = std::min(blocks / left, CeilDiv(t.cols, per));
  if (pieces < 2) return;
  const uint64_t cols = Align(CeilDiv(t.cols, pieces), per);
  if (cols > t.ub_row_stride) return;  // a piece's tile must fit the unit's input buffer
  t.tail_cols = static_cast<uint32_t>(cols);
  t.tail_pieces = static_cast<uint32_t>(CeilDiv(t.cols, cols));
  t.units_per_group = whole;
  t.groups = static_cast<uint32_t>(blocks);
}

// A later pass of a launch whose reduced extent splits over few blocks (the bytes decide how
// many, and that fixes the order partials fold in) may still cut its columns finer over the
// blocks the launch has anyway: each block then copies a strided slice of its split's rows,
// fewer bytes behind the same DMA setup. Outer+inner [64,1024,256] on the 910B: the second
// pass's 4 blocks of 16 x 1024 floats become 48 of 16 x 88. The tiles keep their rows: same bits.
void SpreadSplitColumns(ReduceStageTiling& t, uint64_t launch_blocks, uint64_t per) {
  if (t.r_split <= 1 || launch_blocks <= uint64_t{t.groups} * t.r_split) return;
  if (!ColumnsMayBeRecut(t)) return;
  const uint64_t chunks_per_outer = launch_blocks / t.r_split / t.outer;
  if (chunks_per_outer <= t.col_chunks) return;
  const uint64_t cols = Align(CeilDiv(t.inner, chunks_per_outer), per);
  if (cols >= t.cols) return;
  t.cols = static_cast<uint32_t>(cols);
  t.ub_row_stride = t.cols;
  t.col_chunks = static_cast<uint32_t>(CeilDiv(t.inner, cols));
  t.units = t.outer * t.col_chunks;
  t.units_per_group = 1;
  t.groups = static_cast<uint32_t>(t.units);
}

ReduceStageTiling TileAR(uint64_t outer, uint64_t r, Sizes s, const sim::DeviceProfile& d,
                         uint32_t max_cores) {
  ReduceStageTiling t;
  t.map = s.map;
  t.outer = outer;
  t.r = r;
  t.inner = 1;
  t.units = outer;
  t.buffer_num = kBufferNum;
  SplitCores(t, outer * r * s.in, max_cores, true, PerBlock(s.in));
  const uint64_t budget = d.ub_bytes - kUbReserve;
  auto fits = [&](const ReduceStageTiling& c) {
    return StageUbBytes(ReduceFamily::kAR, c, s.in, s.acc, s.out) <= budget;
  };
  // A tile's cols is 32 bits: a row of 2^32 elements or more (no UB holds one) never is one tile,
  // and its chunks stay below 2^32 (casting either down made a zero-wide tile and a division by
  // zero: [5,5,5,5,5,2^40] over the last axis, from the opdef_setup fuzz target).
  if (t.r_split == 1 && r <= UINT32_MAX) {
    // Whole rows per tile, as many as fit.
    ReduceStageTiling c = t;
    c.cols = static_cast<uint32_t>(std::max<uint64_t>(r, 1));
    const uint64_t cap = std::min({t.units_per_group, kMaxOutRows, (uint64_t{1} << 31) / c.cols});
    const uint64_t rows = LargestFitting(cap, [&](uint64_t v) {
      c.rows = static_cast<uint32_t>(v);
      return fits(c);
    });
    if (rows > 0) {
      c.rows = static_cast<uint32_t>(rows);
      c.cols = static_cast<uint32_t>(r);
      return c;
    }
  }
  // Long rows: one row at a time in chunks of `cols`, results batched `rows` at a time.
  t.rows = static_cast<uint32_t>(std::min<uint64_t>(t.units_per_group, 256));
  const uint64_t per = PerBlock(std::max(s.in, s.acc));
  const uint64_t max_chunks = std::min<uint64_t>(Align(t.r_per_split, per) / per, UINT32_MAX / per);
  const uint64_t chunks = LargestFitting(max_chunks, [&](uint64_t v) {
    t.cols = static_cast<uint32_t>(v * per);
    return fits(t);
  });
  t.cols = static_cast<uint32_t>(std::max<uint64_t>(chunks, 1) * per);
  return t;
}

// The steps of TileARA over one [outer, r, inner] stage: tiles that fit the UB budget, column
// chunks, the split over cores, and the two recuts (for a combine stage's blocks, and for the
// partials of a split reduced extent).
class AraTiler {
 public:
  AraTiler(uint64_t outer, uint64_t r, uint64_t inner, Sizes s, const sim::DeviceProfile& d,
           uint32_t max_cores, bool allow_split, bool refill_rows)
      : outer_(outer),
        inner_(inner),
        s_(s),
        budget_(d.ub_bytes - kUbReserve),
        max_cores_(max_cores),
        allow_split_(allow_split),
        refill_rows_(refill_rows),
        row_cap_(std::min(r, kMaxRowsPerCopy)),
        want_rows_(std::min<uint64_t>(r, 16)),
        total_bytes_(outer * r * inner * s.in),
        per_(PerBlock(s.in)) {
    base_.map = s.map;
    base_.outer = outer;
    base_.r = r;
    base_.inner = inner;
    base_.buffer_num = kBufferNum;
  }

  ReduceStageTiling Tile(uint32_t launch_blocks) {
    // Whole rows, contiguous in GM: one plain copy per tile.
    ReduceStageTiling c = base_;
    c.cols = static_cast<uint32_t>(inner_);
    c.ub_row_stride = static_cast<uint32_t>(inner_);
    if (outer_ == 1) c.out_buffer_num = 1;  // one unit: nothing to overlap its copy-out with
    const uint64_t whole_rows = inner_ < (uint64_t{1} << 24) ? MostRows(c) : 0;
    const bool streams = allow_split_ && whole_rows * inner_ * s_.in >= kStreamTileBytes;
    const bool whole = whole_rows >= want_rows_ || (whole_rows > 0 && streams);
    ReduceStageTiling t = whole ? c : ColumnChunks(base_, inner_);
    if (!allow_split_ && outer_ * CeilDiv(inner_, t.cols) < max_cores_) {
      RecutForBlocks(whole, &t);
      // Narrower pieces hold more rows: a later pass's piece then takes its rows in fewer copies.
      if (refill_rows_) MostRows(t);
    }
    SplitOverCores(t);
    CutForPartials(&t);
    if (allow_split_) {
      // Tail pieces 32 B aligned, as even as that allows: the busiest block moves fewer bytes
      // (middle [64,1024,256] float32 on the 910B: three of 88, 88 and 80 columns, 1.146 ->
      // 1.120 of the roofline; two of 128 before; float16 [64,2048,256] 1.153 -> 1.120). On the
      // chip an 88-column row's masked last repeat costs what the 128-column row's second one
      // did; on the host a tail piece is a strided tile its column fold reads in place (middle
      // [256,1024,256], 1 and 2 threads: 1.00x).
      SplitTail(t, BlocksFor(total_bytes_, max_cores_, true), per_);
      SpreadSplitColumns(t, std::min(launch_blocks, max_cores_), per_);
    }
    return t;
  }

 private:
  bool Fits(const ReduceStageTiling& c) const {
    return StageUbBytes(ReduceFamily::kARA, c, s_.in, s_.acc, s_.out) <= budget_;
  }

  uint64_t MostRows(ReduceStageTiling& c) const {
    const uint64_t rows = LargestFitting(row_cap_, [&](uint64_t v) {
      c.rows = static_cast<uint32_t>(v);
      return Fits(c);
    });
    c.rows = static_cast<uint32_t>(rows);
    return rows;
  }

  // `from` cut into column chunks, each tile row 32 B aligned in the UB, at most `max_cols` wide.
  ReduceStageTiling ColumnChunks(const ReduceStageTiling& from, uint64_t max_cols) const {
    ReduceStageTiling c = from;
    c.rows = static_cast<uint32_t>(want_rows_);
    const uint64_t chunks = LargestFitting(Align(inner_, per_) / per_, [&](uint64_t v) {
      c.cols = static_cast<uint32_t>(v * per_);
      c.ub_row_stride = c.cols;
      return Fits(c);
    });
    c.cols = static_cast<uint32_t>(std::max<uint64_t>(chunks, 1) * per_);
    // As many chunks, as even as the alignment allows: a short last chunk would leave the cores
    // that own full ones doing more than their share (8192 columns in chunks of 2576 are three
    // of 2576 and one of 464; of 2048, four).
    c.cols = static_cast<uint32_t>(
        std::min<uint64_t>(c.cols, Align(CeilDiv(inner_, CeilDiv(inner_, c.cols)), per_)));
    c.cols = static_cast<uint32_t>(std::min<uint64_t>(c.cols, max_cols));
    c.ub_row_stride = c.cols;
    MostRows(c);
    c.cols = static_cast<uint32_t>(std::min<uint64_t>(c.cols, inner_));
    return c;
  }

  void SplitOverCores(ReduceStageTiling& c) const {
    c.col_chunks = static_cast<uint32_t>(CeilDiv(inner_, c.cols));
    c.units = outer_ * c.col_chunks;
    SplitCores(c, total_bytes_, max_cores_, allow_split_, 1);
  }

  // A combine stage (the reduced extent may not split): narrower columns keep every block busy,
  // columns narrow enough that every block gets a unit, in whole `unit`s of elements.
  void RecutForBlocks(bool whole, ReduceStageTiling* t) const {
    auto cols_for_blocks = [&](uint64_t unit) {
      return Align(CeilDiv(inner_, CeilDiv(max_cores_, outer_)), unit);
    };
    if (!whole) {
      *t = ColumnChunks(*t, cols_for_blocks(per_));
    } else if (ColumnsMayBeRecut(*t)) {
      // Whole rows are cut into pieces of whole 512 B units that keep the rows, so the same bits:
      // each block moves a share of the partials instead of one block all of them (outer+inner
      // [128,1024,256] float16 on the 910B: the 8 x 1024 partials on one block took 1.8 us;
      // 1.153 -> 1.137 of the roofline). Rows narrower than a unit stay whole: each piece would
      // pay a DMA setup for a few bytes.
      t->cols = static_cast<uint32_t>(
          std::min(inner_, cols_for_blocks(std::max<uint64_t>(kGmBurstBytes / s_.in, 1))));
      t->ub_row_stride = t->cols;
    }
  }

  // A split of the reduced extent writes its partials to GM and reads them back: where that
  // round trip is a noticeable share of the input, cut the columns into more pieces first,
  // which leaves fewer splits, so fewer partials, while a piece's row stays a long GM burst in
  // whole 512 B units (CANN's guide for A2 parts: 512 B-aligned GM reads). Below that share
  // whole rows stream better (one burst per tile; on the host too). 64 MiB outermost
  // [2048,8192] float32 on the 910B: 48 splits of whole rows wrote 1.5 MiB of partials (1.172x
  // the HBM roofline); 8 pieces of 1024 columns in 6 splits write 192 KB (1.126x).
  void CutForPartials(ReduceStageTiling* t) const {
    const uint64_t partial_bytes = uint64_t{t->r_split} * outer_ * inner_ * s_.acc;
    if (t->r_split <= 1 || 2 * partial_bytes * kPartialShare < total_bytes_) return;
    const uint64_t want = std::min(CeilDiv(BlocksFor(total_bytes_, max_cores_, true), outer_),
                                   inner_ * s_.in / kMinPieceRowBytes);
    if (want <= t->col_chunks) return;
    ReduceStageTiling pieces = ColumnChunks(
        *t, Align(CeilDiv(inner_, want), std::max<uint64_t>(kGmBurstBytes / s_.in, 1)));
    if (pieces.rows == 0) return;
    SplitOverCores(pieces);
    if (pieces.r_split < t->r_split) *t = pieces;
  }

  uint64_t outer_, inner_;
  Sizes s_;
  uint64_t budget_;
  uint32_t max_cores_;
  bool allow_split_;
  bool refill_rows_;
  uint64_t row_cap_, want_rows_, total_bytes_, per_;
  ReduceStageTiling base_;
};

ReduceStageTiling TileARA(uint64_t outer, uint64_t r, uint64_t inner, Sizes s,
                          const sim::DeviceProfile& d, uint32_t max_cores, bool allow_split,
                          uint32_t launch_blocks = 0, bool refill_rows = false) {
  return AraTiler(outer, r, inner, s, d, max_cores, allow_split, refill_rows).Tile(launch_blocks);
}

// Whether a later pass of a launch (its blocks already running: launch_blocks) keeps its reduced
// extent whole. A split costs a SyncAll and a combine stage that reads the partials back: fixed
// costs, which a pass whose input leaves each launch block less than kMinBytesPerBlock does not
// earn back, so the launch's blocks take the pass's columns whole instead (outer+inner
// [128,1024,256] float16 on the 910B: the second pass's 512 KB in 8 splits, a SyncAll and a
// combine, 1.173x the roofline). ReduceLogSumExp keeps its column cuts (ColumnsMayBeRecut), so
// its blocks could not share the columns: it keeps the split.
bool KeepsLaterPassWhole(uint64_t in_bytes, ::op_kernel::ReduceMap map, uint32_t launch_blocks) {
  if (launch_blocks == 0 || map == ::op_kernel::ReduceMap::kLogSumExp) return false;
  return in_bytes < uint64_t{launch_blocks} * kMinBytesPerBlock;
}

uint32_t ReducerType(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kMax: return 1;
    case ReduceKind::kMin: return 2;
    case ReduceKind::kSum: return 3;
    case ReduceKind::kProd: return 4;
  }
  return 0;
}

}  // namespace

uint64_t Align512(uint64_t n) { return Align(n, 512); }

uint64_t StageUbBytes(ReduceFamily family, const ReduceStageTiling& t, size_t in_bytes,
                      size_t acc_bytes, size_t out_bytes) {
  auto buf = [](uint64_t bytes) { return Align(std::max<uint64_t>(bytes, 1), 32); };
  const bool narrow = acc_bytes != out_bytes;
  uint64_t in_elems = 0;
  uint64_t out_elems = 0;
  bool part = false;
  uint64_t work_elems = 0;
  if (family == ReduceFamily::kAR) {
    const bool whole = t.r_split == 1 && t.cols >= t.r;
    // Whole rows sit 32 B aligned in the UB, as the reduce instructions' repeats need.
    in_elems =
        whole ? std::max<uint64_t>(1, uint64_t{t.rows} * Align(t.r, PerBlock(in_bytes))) : t.cols;
    out_elems = Align(t.rows, PerBlock(acc_bytes));
    part = !whole;
    // The level-2 reduction's work tensor: one partial per 256 B repeat of a row.
    const uint64_t row = whole ? t.r : t.cols;
    work_elems = std::max<uint64_t>(1, CeilDiv(row * acc_bytes, 256));
  } else {
    in_elems = std::max<uint64_t>(1, uint64_t{t.rows} * t.ub_row_stride);
    out_elems = Align(t.cols, PerBlock(acc_bytes));
  }
  uint64_t bytes = t.buffer_num * buf(Align(in_elems, PerBlock(in_bytes)) * in_bytes);
  if (work_elems > 0) bytes += buf(work_elems * acc_bytes);
  // A 16-bit input is cast to the accumulator type a piece at a time (reduce_wide.h), and a
  // piece's result takes a block.
  if (in_bytes != acc_bytes) {
    const uint64_t wide = std::min<uint64_t>(
        Align(in_elems, PerBlock(acc_bytes)),
        ::op_kernel::ReduceWideElems(family, ::op_kernel::ReduceRowsContiguous(t)));
    bytes += buf(wide * acc_bytes) + 32;
  }
  if (narrow) bytes += buf(out_elems * acc_bytes);
  bytes += t.out_buffer_num * buf(out_elems * out_bytes);
  if (part) bytes += 32;
  // ReduceLogSumExp's running max, one per accumulator, and an update's three rows of scratch
  // (op_kernel/reduce/reduce_lse.h).
  if (static_cast<::op_kernel::ReduceMap>(t.map) == ::op_kernel::ReduceMap::kLogSumExp) {
    bytes += 4 * buf(out_elems * acc_bytes);
  }
  return bytes;
}

void TilePass(ReduceKind kind, uint64_t before, uint64_t r, uint64_t after, DType acc,
              ::op_kernel::ReduceMap map, const sim::DeviceProfile& device, uint32_t launch_blocks,
              ReducePass* pass) {
  pass->in_elems = before * r * after;
  pass->out_elems = before * after;
  const uint32_t map_id = static_cast<uint32_t>(map);
  const Sizes sizes{DTypeSize(pass->in_dtype), DTypeSize(acc), DTypeSize(pass->out_dtype), map_id};
  ::op_kernel::ReduceTilingData& td = pass->tiling;
  td.has_pad = device.has_data_copy_pad ? 1 : 0;
  pass->family = after == 1 ? ReduceFamily::kAR : ReduceFamily::kARA;
  td.stage =
      pass->family == ReduceFamily::kAR ? TileAR(before, r, sizes, device, device.vector_cores)
      : KeepsLaterPassWhole(pass->in_elems * sizes.in, map, launch_blocks)
          ? TileARA(before, r, after, sizes, device, device.vector_cores, false, launch_blocks,
                    true)
          : TileARA(before, r, after, sizes, device, device.vector_cores, true, launch_blocks);
  pass->block_dim = td.stage.groups * td.stage.r_split;
  td.combine = ::op_kernel::ReduceStageTiling{};
  pass->partial_bytes = 0;
  if (td.stage.r_split > 1) {
    const Sizes combine{DTypeSize(acc), DTypeSize(acc), DTypeSize(pass->out_dtype), map_id};
    td.combine =
        TileARA(1, td.stage.r_split, pass->out_elems, combine, device, pass->block_dim, false);
    pass->partial_bytes = Align512(td.stage.r_split * pass->out_elems * DTypeSize(acc));
  }
  pass->tiling_key = ::op_kernel::MakeReduceTilingKey(pass->family, ReducerType(kind),
                                                      static_cast<int32_t>(pass->in_dtype),
                                                      static_cast<int32_t>(pass->out_dtype));
}

}  // namespace opsim
