// The plain tiling structs the host computes and the Reduce kernel reads (GET_TILING_DATA).
// One pass runs one stage, optionally followed (after SyncAll) by a combine stage that folds
// the partials of a reduced extent split across cores; one launch runs every pass.
#pragma once

#include <cstdint>

namespace op_kernel {

// A stage reduces x viewed as [outer, r, inner] to y viewed as [outer, inner]. AR kernels have
// inner == 1 (rows of length r, contiguous); ARA kernels have inner >= 1.
struct ReduceStageTiling {
  uint64_t outer = 1;
  uint64_t r = 1;
  uint64_t inner = 1;
  // Work units: AR, one output row each; ARA, one (outer index, column chunk) pair each.
  uint64_t units = 0;
  uint64_t units_per_group = 0;  // consecutive units one group of blocks handles
  uint32_t groups = 0;           // blocks [0, groups * r_split) have work
  uint32_t r_split = 1;          // > 1: the reduced extent is split over cores, partials to GM
  uint64_t r_per_split = 0;      // reduced elements per split
  // UB tiles.
  uint32_t rows = 0;            // AR: output rows per tile; ARA: reduced rows per tile
  uint32_t cols = 0;            // AR: reduced elements per tile; ARA: columns per chunk
  uint32_t col_chunks = 1;      // ARA: ceil(inner / cols)
  uint32_t ub_row_stride = 0;   // ARA: elements between tile rows in the UB
  uint32_t buffer_num = 2;      // input tiles in flight: 2 = double buffering
  uint32_t out_buffer_num = 2;  // output tiles: 1 when each block writes a single one
  // The reduce family (docs/SPEC.md section 6), SUM only: a map of the input elements (the first
  // pass's stage) and a finish of the results (the last pass's last stage).
  uint32_t map = 0;     // a ReduceMap
  uint32_t finish = 0;  // a ReduceFinish
  uint64_t count = 1;   // elements reduced into each output: ReduceMean's divisor
  // ARA with r_split == 1, tail_pieces > 1: the blocks [0, groups) own units_per_group whole
  // units each, and the units left after them are cut into tail_pieces column pieces of
  // tail_cols columns (32 B aligned), piece i owned by block i, so no block does a whole unit
  // more than another. Pieces keep `rows`, so each column folds its rows in the same order.
  uint32_t tail_pieces = 0;
  uint32_t tail_cols = 0;
};

// kLogSumExp (ReduceLogSumExp, one pass): the stage keeps a running max beside each sum and adds
// exp(x - max), rescaling the sum when the max grows; its finish is log(sum) + max. Every stage of
// a LogSumExp plan has both, so what one stage writes (a split's partials, a pass's results) is
// the LogSumExp of its share, which the next stage folds in as it folds inputs.
enum class ReduceMap : uint32_t { kNone, kSquare, kAbs, kLogSumExp };
enum class ReduceFinish : uint32_t { kNone, kMean, kSqrt, kLog, kLogSumExp };

struct ReduceTilingData {
  ReduceStageTiling stage;
  ReduceStageTiling combine;  // used when stage.r_split > 1: [1, r_split, outputs] in Acc
  uint32_t has_pad = 0;       // DataCopyPad exists on the device
  uint32_t reserved = 0;
};

enum class ReduceFamily : uint32_t { kAR = 1, kARA = 2 };

// Whether an ARA stage's tiles are whole rows, contiguous in GM and in the UB (a middle axis
// reduced): a tile is then one block of one copy, however many rows a piece holds.
constexpr bool ReduceRowsContiguous(const ReduceStageTiling& t) {
  return t.cols == t.inner && t.ub_row_stride == t.inner;
}

// float16/bfloat16 tiles are cast to float32 this many elements at a time
// (op_kernel/reduce/reduce_wide.h), in a buffer beside the input tiles. A row reduction (AR)
// takes 32 KB: its pieces cost 3 instructions each, and twice the piece took 6-13 % off the
// simulator's host time and made no simulated row slower (docs/PERFORMANCE.md, "Issue 29
// (session 41, branch wide42)"). A column fold (ARA) of strided rows keeps 16 KB: the larger
// buffer shrinks its tiles' columns until a piece holds several rows, which the simulator's copy
// elision does not take in place (the outermost rows' host time +26 %). Contiguous ARA tiles
// (ReduceRowsContiguous) take 64 KB: a piece of four times the rows folds in two more halvings
// instead of four times the pieces (the float16 and bfloat16 middle rows' host time -11 %,
// the simulated time unchanged: docs/PERFORMANCE.md, "Session 45").
constexpr uint32_t ReduceWideElems(ReduceFamily family, bool contiguous_rows = false) {
  if (family == ReduceFamily::kAR) return 8192;
  return contiguous_rows ? 16384 : 4096;
}

// Where a pass reads or writes: the operator's input or output, or a scratch area of the
// workspace (accumulators kept between passes).
enum class ReduceBuffer : uint32_t { kInput, kOutput, kScratchA, kScratchB };

// A reduction runs as passes, one per reduced group of its merged pattern; rank <= 8 merges to
// at most four groups.
constexpr uint32_t kMaxReducePasses = 4;

struct ReducePassTiling {
  ReduceTilingData data;
  uint64_t key = 0;  // MakeReduceTilingKey: family, reducer, input and output dtype
  ReduceBuffer src = ReduceBuffer::kInput;
  ReduceBuffer dst = ReduceBuffer::kOutput;
};

// The tiling of one Reduce operator launch (every Reduce op type's kernel reads it): the passes
// in order, separated by SyncAll, each on the blocks its stage tiling gives work.
struct ReduceLaunchTiling {
  uint32_t pass_count = 0;
  uint32_t reserved = 0;
  uint64_t scratch_a_offset = 0;  // in the workspace
  uint64_t scratch_b_offset = 0;
  ReducePassTiling passes[kMaxReducePasses];
};

// Tiling key: family * 1000000 + reducer * 100000 + input ACL dtype * 100 + output ACL dtype.
// Reducer numbers follow ReduceParam (MAX 1, MIN 2, SUM 3, PROD 4).
constexpr uint64_t MakeReduceTilingKey(ReduceFamily family, uint32_t reducer, int32_t in_dtype,
                                       int32_t out_dtype) {
  return static_cast<uint64_t>(family) * 1000000u + reducer * 100000u +
         static_cast<uint64_t>(in_dtype) * 100u + static_cast<uint64_t>(out_dtype);
}

}  // namespace op_kernel
