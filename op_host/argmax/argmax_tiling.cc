#include "argmax/argmax_tiling.h"

#include <algorithm>
#include <string>

namespace opsim {
namespace {

// One input tile per buffer: small enough that two of them, the output tiles and the winners'
// row sit well inside every profile's UB, large enough that a copy moves whole bursts.
constexpr uint64_t kTileBytes = 32 * 1024;
// Below this much input per block, a block costs more in fixed overhead than it saves.
constexpr uint64_t kMinBytesPerBlock = 32 * 1024;
constexpr uint64_t kMaxCopyRows = 4095;    // DataCopy / DataCopyPad blockCount limit
constexpr uint64_t kMaxColumns = 2048;     // ARA: columns per chunk (the winners' row)
constexpr uint64_t kMaxOutputRows = 1024;  // AR: outputs per output tile
constexpr uint64_t kUbReserve = 256;
constexpr uint64_t kRepeatBytes = 256;  // one vector repeat: the kernel's compare unit

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t AlignUp(uint64_t n, uint64_t a) { return CeilDiv(n, a) * a; }

// AR (the reduced axis innermost): a unit is a row; too few long rows to fill the blocks split
// each row's scan into parts of whole repeats.
void SplitRows(uint64_t es, uint64_t wanted_blocks, ::op_kernel::ArgMaxTilingData* t) {
  t->units = t->outer;
  if (t->r * es > kTileBytes && t->outer < wanted_blocks) {
    // Too few long rows to fill the blocks: split each row's scan into parts of whole repeats.
    const uint64_t lanes = kRepeatBytes / es;
    t->r_per_split = AlignUp(CeilDiv(t->r, CeilDiv(wanted_blocks, t->outer)), lanes);
    t->r_split = static_cast<uint32_t>(CeilDiv(t->r, t->r_per_split));
    if (t->r_split > 1) {
      t->units = t->outer * t->r_split;
    } else {
      t->r_split = 1;
      t->r_per_split = 0;
    }
  }
}

// ARA: a unit is a chunk of columns of one outer index, with the tile's rows.
void ChunkColumns(uint64_t es, uint64_t wanted_blocks, ::op_kernel::ArgMaxTilingData* t) {
  const uint64_t per_block = 32 / es;
  // Chunks of whole 256 B repeats where the extent allows: the kernel compares those on the
  // vector unit, and only a narrower tail chunk on the scalar unit. With few outer indices the
  // chunks narrow (down to one repeat) until every wanted block has one, since the reduced
  // extent is not split over blocks.
  const uint64_t lanes = kRepeatBytes / es;
  if (t->inner >= lanes) {
    const uint64_t widest = std::min(t->inner / lanes * lanes, kMaxColumns);
    const uint64_t per_block_cols =
        AlignUp(CeilDiv(t->inner, CeilDiv(wanted_blocks, t->outer)), lanes);
    t->cols = static_cast<uint32_t>(std::clamp(per_block_cols, lanes, widest));
  } else {
    // An empty inner extent has no chunk to scan; one column keeps the tile shapes (and the
    // divisions below) defined while zero chunks leave the kernel nothing to do.
    t->cols = static_cast<uint32_t>(std::max<uint64_t>(t->inner, 1));
  }
  t->col_chunks = static_cast<uint32_t>(CeilDiv(t->inner, t->cols));
  t->units = t->outer * t->col_chunks;
  // Tile rows start on 32 B in the UB; a whole-width chunk of an aligned inner extent keeps
  // GM's row stride, and the kernel copies that tile in one piece.
  t->ub_row_stride = static_cast<uint32_t>(AlignUp(t->cols, per_block));
  // Rows whose GM stride does not fit DataCopyPad's 32-bit gap are copied one at a time.
  const bool narrow_gap = (t->inner - t->cols) * es < (uint64_t{1} << 31);
  const uint64_t fit = std::max<uint64_t>(1, kTileBytes / (uint64_t{t->ub_row_stride} * es));
  t->rows = static_cast<uint32_t>(narrow_gap ? std::min({t->r, fit, kMaxCopyRows}) : 1);
}

}  // namespace

uint64_t ArgMaxWorkspaceBytes(const ::op_kernel::ArgMaxTilingData& t) {
  return t.r_split > 1 ? 2 * ::op_kernel::ArgMaxPartialIndexOffset(t.units) : 0;
}

uint64_t ArgMaxUbBytes(const ::op_kernel::ArgMaxTilingData& t) {
  const uint64_t es = DTypeSize(static_cast<DType>(t.dtype));
  const uint64_t per_block = 32 / es;
  uint64_t in_elems = 0;
  uint64_t out_elems = 0;
  uint64_t bytes = 0;
  // The vector compare's lanes (kernel: InitLaneBuffers): four masks of a bit each, and 4 B
  // each for the index a lane would take, the Cast input or Max/Min and (AR) each lane's
  // winner, its index and iota. Lanes are 16 or 32 bits wide: at most 128 a repeat.
  uint64_t lanes = 0;
  if (t.inner == 1) {
    in_elems = t.cols >= t.r ? uint64_t{t.rows} * t.r : t.cols;
    out_elems = t.rows;
    lanes = kRepeatBytes / 2;
    bytes += 3 * lanes * sizeof(int32_t) + 2 * kRepeatBytes;
  } else {
    in_elems = uint64_t{t.rows} * t.ub_row_stride;
    out_elems = t.cols;
    lanes = t.cols;
    // The winners' values (the input's type, or float / half lanes) and indices, and the Cast
    // input or Max/Min.
    bytes += AlignUp(t.cols, 32) * std::max<uint64_t>(es, 4) + 2 * AlignUp(lanes, 8) * 4;
  }
  bytes += 4 * AlignUp(std::max<uint64_t>(lanes / 8, 1), 32) + AlignUp(lanes, 8) * sizeof(int32_t);
  bytes += 2 * AlignUp(in_elems, per_block) * es;
  bytes += 2 * AlignUp(out_elems, 4) * sizeof(int64_t);
  return bytes;
}

Status ComputeArgMaxTiling(const ArgMaxRequest& request, const sim::DeviceProfile& device,
                           ::op_kernel::ArgMaxTilingData* tiling, uint32_t* block_dim) {
  if (device.vector_cores == 0 || device.ub_bytes < 4 * kTileBytes) {
    return {ErrorCode::kInvalidParam,
            "ArgMaxTiling: device profile '" + device.name + "' has no usable cores or UB"};
  }
  const uint64_t es = DTypeSize(request.dtype);
  ::op_kernel::ArgMaxTilingData t;
  t.dtype = static_cast<uint32_t>(request.dtype);
  t.select_min = request.select_min ? 1 : 0;
  t.select_last = request.select_last ? 1 : 0;
  t.has_pad = device.has_data_copy_pad ? 1 : 0;
  t.outer = 1;
  t.inner = 1;
  for (int i = 0; i < request.axis; ++i) t.outer *= static_cast<uint64_t>(request.input[i]);
  for (int i = request.axis + 1; i < request.input.rank(); ++i) {
    t.inner *= static_cast<uint64_t>(request.input[i]);
  }
  t.r = static_cast<uint64_t>(request.input[request.axis]);
  // An empty output (a kept extent of 0) scans nothing, and an empty shape bounds none of its
  // other extents ([0, 2^62] over axis 1): it is tiled as [0, 1] over axis 1, so that no product
  // below overflows and no division meets a zero; zero units leave the kernel nothing to do.
  if (t.outer == 0 || t.inner == 0) t.outer = 0, t.inner = 1, t.r = 1;
  // The blocks the input's size asks for: no fewer bytes per block than kMinBytesPerBlock.
  const uint64_t in_bytes = t.outer * t.r * t.inner * es;
  const uint64_t wanted_blocks = std::clamp<uint64_t>(CeilDiv(in_bytes, kMinBytesPerBlock), 1,
                                                      std::max<uint32_t>(device.vector_cores, 1));
  if (t.inner == 1) {
    SplitRows(es, wanted_blocks, &t);
  } else {
    ChunkColumns(es, wanted_blocks, &t);
  }
  // Cores: contiguous runs of units.
  uint64_t blocks = std::clamp<uint64_t>(wanted_blocks, 1, std::max<uint64_t>(t.units, 1));
  t.units_per_block = t.units == 0 ? 0 : CeilDiv(t.units, blocks);
  blocks = t.units == 0 ? 1 : CeilDiv(t.units, t.units_per_block);
  if (t.inner == 1) {
    if (t.r * es <= kTileBytes) {
      t.cols = static_cast<uint32_t>(t.r);  // whole rows, several per copy
      t.rows = static_cast<uint32_t>(
          std::clamp<uint64_t>(kTileBytes / (t.r * es), 1,
                               std::min(kMaxOutputRows, std::max<uint64_t>(t.units_per_block, 1))));
    } else {
      t.cols = static_cast<uint32_t>(kTileBytes / es);  // chunks of a long row
      t.rows = static_cast<uint32_t>(
          std::min<uint64_t>(kMaxOutputRows, std::max<uint64_t>(t.units_per_block, 1)));
    }
  }
  if (ArgMaxUbBytes(t) > device.ub_bytes - kUbReserve) {
    return {ErrorCode::kInternalError, "ArgMaxTiling: the tiles need " +
                                           std::to_string(ArgMaxUbBytes(t)) +
                                           " B of UB, over the " + std::to_string(device.ub_bytes) +
                                           " B of '" + device.name + "'"};
  }
  *tiling = t;
  *block_dim = static_cast<uint32_t>(blocks);
  return Status::Ok();
}

}  // namespace opsim
