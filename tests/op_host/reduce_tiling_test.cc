// Tiling as a table (shape, axes, device -> pattern, passes, key, blockDim, tiles, workspace),
// and invariants over many shapes: the Unified Buffer is never exceeded, blockDim never exceeds
// the cores, work covers every output exactly once.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "op_host/reduce_case_runner.h"
#include "reduce/reduce_stage.h"
#include "reduce/reduce_tiling.h"

namespace opsim {
namespace {

using ::op_kernel::ReduceFamily;

ReduceRequest Request(ReduceKind kind, DType dtype, Shape shape, std::vector<int64_t> axes) {
  ReduceRequest req;
  const Status st =
      LowerOnnx(kind, dtype, shape, std::span<const int64_t>(axes), false, false, &req);
  EXPECT_TRUE(st.ok()) << shape.ToString() << " " << DTypeName(dtype) << ": " << st.ToString();
  return req;
}

struct PassRow {
  ReduceFamily family;
  uint64_t key;
  uint32_t block_dim;
  uint32_t rows;
  uint32_t cols;
  uint32_t r_split;
  uint32_t tail_pieces = 0;  // units left over cut into column pieces of tail_cols
  uint32_t tail_cols = 0;
};

struct TilingRow {
  const char* device;
  ReduceKind kind;
  DType dtype;
  Shape shape;
  std::vector<int64_t> axes;
  const char* pattern;
  std::vector<PassRow> passes;
  uint64_t workspace;
};

TEST(ReduceTiling, Table) {
  using F = ReduceFamily;
  const ReduceKind kSum = ReduceKind::kSum;
  const std::vector<TilingRow> table = {
      // Reduce-all of 256 MiB: one row, reduced extent split over all 48 cores, combined after
      // SyncAll from 48 partials in the workspace.
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {67108864},
       {0},
       "R",
       {{F::kAR, 1300000, 48, 1, 24336, 48}},
       512},
      {"ascend310p",
       kSum,
       DType::kFloat32,
       {67108864},
       {0},
       "R",
       {{F::kAR, 1300000, 8, 1, 31448, 8}},
       512},
      // Innermost: whole rows per tile, rows split over cores.
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {8192, 8192},
       {1},
       "AR",
       {{F::kAR, 1300000, 48, 2, 8192, 1}},
       0},
      {"ascend910b",
       kSum,
       DType::kFloat16,
       {8192, 8192},
       {1},
       "AR",
       {{F::kAR, 1300101, 48, 4, 8192, 1}},  // 5 rows with a 16 KB piece
       0},
      // Outermost: whole 32 KiB rows (contiguous 64 KiB tiles, one output tile per block); one
      // unit of kept work, so the reduced extent splits over every core.
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {8192, 8192},
       {0},
       "RA",
       {{F::kARA, 2300000, 48, 2, 8192, 48}},
       1572864},
      // Only one whole 32 KiB row of float16 fits, too small a tile to beat the DMA setup: column
      // chunks, and the reduced extent splits to fill the cores.
      {"ascend910b",
       kSum,
       DType::kFloat16,
       {8192, 16384},
       {0},
       "RA",
       {{F::kARA, 2300101, 42, 17, 2352, 6}},
       393216},
      // Outermost on 8 cores: eight splits of whole rows; their 256 KB of partials are under 1/32
      // of the input, so no column pieces.
      {"ascend310p",
       kSum,
       DType::kFloat32,
       {8192, 8192},
       {0},
       "RA",
       {{F::kARA, 2300000, 8, 3, 8192, 8}},
       262144},
      // 64 MiB outermost: 48 splits of whole rows would write and read 1.5 MiB of partials, over
      // 1/32 of the input: 8 pieces of 1024 columns (4 KB rows) in 6 splits write 192 KB.
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {2048, 8192},
       {0},
       "RA",
       {{F::kARA, 2300000, 48, 23, 1024, 6}},
       196608},
      // 64 MiB outermost of 16 KB rows: 768 KB of partials, under 1/32 of the input: 48 splits
      // of whole rows.
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {4096, 4096},
       {0},
       "RA",
       {{F::kARA, 2300000, 48, 5, 4096, 48}},
       786432},
      // Middle: whole 256-wide rows, contiguous tiles. 256 units for 48 blocks: five whole
      // each, the 16 left cut into 32 B-aligned column pieces (88, 88 and 80), one per block.
      {"ascend910b",
       ReduceKind::kMax,
       DType::kFloat32,
       {256, 1024, 256},
       {1},
       "ARA",
       {{F::kARA, 2100000, 48, 94, 256, 1, 3, 88}},
       0},
      // 64 MiB middle: one whole unit per block, and a third of another (was two units on 32
      // blocks, 16 idle; then half of another on 32).
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {64, 1024, 256},
       {1},
       "ARA",
       {{F::kARA, 2300000, 48, 94, 256, 1, 3, 88}},
       0},
      // 64 units for 32 blocks divide evenly: no tail.
      {"ascend910a",
       kSum,
       DType::kFloat32,
       {64, 1024, 256},
       {1},
       "ARA",
       {{F::kARA, 2300000, 32, 122, 256, 1}},
       0},
      // 64 MiB outer + inner: the second pass's 256 KB leave each of the launch's 48 blocks under
      // 64 KB, too little for a split's SyncAll and combine: its 64 rows stay whole, in 8
      // pieces of 128 columns (512 B).
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {64, 1024, 256},
       {0, 2},
       "RAR",
       {{F::kAR, 1300000, 48, 95, 256, 1}, {F::kARA, 2300000, 8, 64, 128, 1}},
       262144},
      // Outer + inner: two passes through float32 scratch; the second (1 MiB) unsplit as above,
      // 191 of its 256 rows per tile.
      {"ascend910b",
       kSum,
       DType::kFloat32,
       {256, 1024, 256},
       {0, 2},
       "RAR",
       {{F::kAR, 1300000, 48, 95, 256, 1}, {F::kARA, 2300000, 8, 191, 128, 1}},
       1048576},
      // 16-bit input, two passes: float32 between them, rounded once at the end.
      {"ascend910a",
       ReduceKind::kProd,
       DType::kBFloat16,
       {6, 10, 7, 3},
       {0, 2},
       "RARA",
       {{F::kARA, 2402700, 1, 7, 3, 1}, {F::kARA, 2400027, 1, 6, 30, 1}},
       1024},
      // Small work stays on one core.
      {"ascend910b", kSum, DType::kFloat32, {2, 3}, {1}, "AR", {{F::kAR, 1300000, 1, 2, 3, 1}}, 0},
      // Empty reduced dim: one AR pass with r = 0 fills the identity.
      {"ascend910b",
       ReduceKind::kMin,
       DType::kFloat32,
       {3, 0, 4},
       {1},
       "AR",
       {{F::kAR, 1200000, 1, 12, 0, 1}},
       0},
      // Only size-1 dims reduced: a copy.
      {"ascend310p", kSum, DType::kFloat32, {5, 1}, {1}, "A", {{F::kAR, 1300000, 1, 5, 1, 1}}, 0},
      // Empty kept dim: nothing to launch.
      {"ascend910b", kSum, DType::kFloat32, {0, 7}, {1}, "A", {}, 0},
  };
  for (const TilingRow& row : table) {
    SCOPED_TRACE(std::string(row.device) + " " + row.shape.ToString());
    const ReduceRequest req = Request(row.kind, row.dtype, row.shape, row.axes);
    ReducePlan plan;
    ASSERT_TRUE(ComputeReducePlan(req, testing::Device(row.device), &plan).ok());
    EXPECT_EQ(plan.pattern.Name(), row.pattern);
    EXPECT_EQ(plan.workspace_bytes, row.workspace);
    ASSERT_EQ(plan.passes.size(), row.passes.size()) << DescribePlan(plan);
    for (size_t i = 0; i < row.passes.size(); ++i) {
      const ReducePass& p = plan.passes[i];
      const PassRow& want = row.passes[i];
      EXPECT_EQ(p.family, want.family) << DescribePlan(plan);
      EXPECT_EQ(p.tiling_key, want.key) << DescribePlan(plan);
      EXPECT_EQ(p.block_dim, want.block_dim) << DescribePlan(plan);
      EXPECT_EQ(p.tiling.stage.rows, want.rows) << DescribePlan(plan);
      EXPECT_EQ(p.tiling.stage.cols, want.cols) << DescribePlan(plan);
      EXPECT_EQ(p.tiling.stage.r_split, want.r_split) << DescribePlan(plan);
      EXPECT_EQ(p.tiling.stage.tail_pieces, want.tail_pieces) << DescribePlan(plan);
      EXPECT_EQ(p.tiling.stage.tail_cols, want.tail_cols) << DescribePlan(plan);
    }
  }
}

// The ranges tile [0, end): sorted, each beginning where the one before ended, none empty
// ranges aside.
::testing::AssertionResult TileExactly(std::vector<std::pair<uint64_t, uint64_t>> ranges,
                                       uint64_t end, const char* what) {
  std::sort(ranges.begin(), ranges.end());
  uint64_t next = 0;
  for (const auto& [begin, stop] : ranges) {
    if (begin == stop) continue;
    if (begin != next) {
      return ::testing::AssertionFailure()
             << what << " " << std::min(begin, next) << (begin < next ? " twice" : " in no block");
    }
    next = stop;
  }
  if (next != end) {
    return ::testing::AssertionFailure() << what << "s end at " << next << ", not " << end;
  }
  return ::testing::AssertionSuccess();
}

// Every unit of work belongs to exactly one group (or, cut into tail pieces, each of its
// columns to exactly one block), every reduced index to exactly one split. Checked on the
// blocks' ranges, not unit by unit: a plan has up to millions of units.
void CheckCoverage(const ::op_kernel::ReduceStageTiling& t, uint32_t block_dim) {
  std::vector<std::pair<uint64_t, uint64_t>> units;  // whole units of split 0, and tail units
  std::map<uint64_t, std::vector<std::pair<uint64_t, uint64_t>>> tail_columns;
  uint64_t r_total = 0;
  for (uint32_t b = 0; b < block_dim; ++b) {
    const ::op_kernel::BlockShare s = ::op_kernel::ShareOf(t, b);
    if (s.split == 0) units.emplace_back(s.unit_begin, s.unit_end);
    if (s.HasTail()) {
      ASSERT_LT(s.tail_unit, t.units);
      tail_columns[s.tail_unit].emplace_back(s.tail_col_begin, s.tail_col_end);
    }
    if (s.unit_begin == 0 && s.unit_end > 0) r_total += s.r_end - s.r_begin;
  }
  for (const auto& [unit, columns] : tail_columns) {
    units.emplace_back(unit, unit + 1);
    const uint64_t c0 = (unit % t.col_chunks) * t.cols;
    const uint64_t width = std::min<uint64_t>(t.cols, t.inner - c0);
    EXPECT_TRUE(TileExactly(columns, width, "column")) << "unit " << unit;
  }
  EXPECT_TRUE(TileExactly(units, t.units, "unit"));
  EXPECT_EQ(r_total, t.r);
}

TEST(ReduceTiling, InvariantsOverRandomShapes) {
  std::mt19937_64 rng(12345);
  const DType dtypes[] = {DType::kFloat32, DType::kFloat16, DType::kBFloat16};
  bool saw_tail = false;    // units left over cut into column pieces
  bool saw_spread = false;  // a later pass's split columns spread over the launch's blocks
  auto check = [&](const Shape& shape, const std::vector<int64_t>& axes, DType dtype) {
    const ReduceRequest req = Request(ReduceKind::kMax, dtype, shape, axes);
    for (const std::string& name : testing::DeviceNames()) {
      const sim::DeviceProfile& device = testing::Device(name);
      ReducePlan plan;
      ASSERT_TRUE(ComputeReducePlan(req, device, &plan).ok());
      for (const ReducePass& p : plan.passes) {
        SCOPED_TRACE(name + " " + shape.ToString() + "\n" + DescribePlan(plan));
        const size_t acc = DTypeSize(
            dtype == DType::kFloat16 || dtype == DType::kBFloat16 ? DType::kFloat32 : dtype);
        EXPECT_LE(p.block_dim, device.vector_cores);
        EXPECT_GE(p.block_dim, 1u);
        EXPECT_LE(StageUbBytes(p.family, p.tiling.stage, DTypeSize(p.in_dtype), acc,
                               DTypeSize(p.out_dtype)),
                  device.ub_bytes);
        CheckCoverage(p.tiling.stage, p.block_dim);
        saw_tail |= p.tiling.stage.tail_pieces > 1;
        saw_spread |= &p != &plan.passes[0] && p.tiling.stage.r_split > 1 &&
                      p.tiling.stage.col_chunks > 1 && p.family == ReduceFamily::kARA;
        if (p.tiling.stage.r_split > 1) {
          EXPECT_LE(
              StageUbBytes(ReduceFamily::kARA, p.tiling.combine, acc, acc, DTypeSize(p.out_dtype)),
              device.ub_bytes);
          EXPECT_EQ(p.tiling.combine.r_split, 1u);
          CheckCoverage(p.tiling.combine, p.block_dim);
          EXPECT_GE(plan.workspace_bytes, p.partial_bytes);
        }
        if (p.family == ReduceFamily::kARA) {
          EXPECT_LE(p.tiling.stage.rows, 4095u);
        }
      }
    }
  };
  for (int i = 0; i < 400; ++i) {
    const int rank = static_cast<int>(rng() % 5) + 1;
    Shape shape;
    std::vector<int64_t> axes;
    for (int d = 0; d < rank; ++d) {
      static const int64_t kDims[] = {1, 2, 3, 7, 64, 129, 1000, 4097, 70000};
      shape.PushBack(kDims[rng() % 9]);
      if (rng() % 2) axes.push_back(d);
    }
    const std::optional<int64_t> elems = shape.NumElements();
    if (!elems || *elems > (int64_t{1} << 24)) continue;
    if (axes.empty()) axes.push_back(rank - 1);
    check(shape, axes, dtypes[rng() % std::size(dtypes)]);
  }
  // No random shape above makes a spread: a later pass of 4 MiB, over 64 KB per block.
  check(Shape({64, 16384, 8}), {0, 2}, DType::kFloat32);
  EXPECT_TRUE(saw_tail);
  EXPECT_TRUE(saw_spread);
}

// ReduceLogSumExp runs in one pass per axis group: every stage (a split's combine included) keeps
// a running max beside its sums and finishes with log(sum) + max, and that max counts in its UB.
TEST(ReduceTiling, LogSumExpStagesAllCarryTheOnlineMapAndFitTheUb) {
  using ::op_kernel::ReduceFinish;
  using ::op_kernel::ReduceMap;
  std::mt19937_64 rng(777);
  bool saw_groups = false, saw_chunks = false, saw_split = false;
  for (int i = 0; i < 300; ++i) {
    const int rank = static_cast<int>(rng() % 4) + 1;
    Shape shape;
    std::vector<int64_t> axes;
    for (int d = 0; d < rank; ++d) {
      static const int64_t kDims[] = {1, 3, 64, 129, 1000, 4097, 70000, 3000000};
      shape.PushBack(kDims[rng() % 8]);
      if (rng() % 2) axes.push_back(d);
    }
    const std::optional<int64_t> elems = shape.NumElements();
    if (!elems || *elems > (int64_t{1} << 24)) continue;
    if (axes.empty()) axes.push_back(rank - 1);
    const DType dtype = rng() % 2 ? DType::kFloat32 : DType::kFloat16;
    ReduceRequest req;
    ASSERT_TRUE(LowerOnnx(ReduceKind::kSum, dtype, shape, std::span<const int64_t>(axes), false,
                          false, &req, ReduceVariant::kLogSumExp)
                    .ok());
    for (const std::string& name : testing::DeviceNames()) {
      const sim::DeviceProfile& device = testing::Device(name);
      ReducePlan plan;
      ASSERT_TRUE(ComputeReducePlan(req, device, &plan).ok());
      saw_groups |= plan.passes.size() > 1;
      for (const ReducePass& p : plan.passes) {
        SCOPED_TRACE(name + " " + shape.ToString() + "\n" + DescribePlan(plan));
        std::vector<const ::op_kernel::ReduceStageTiling*> stages = {&p.tiling.stage};
        if (p.tiling.stage.r_split > 1) stages.push_back(&p.tiling.combine);
        saw_split |= p.tiling.stage.r_split > 1;
        saw_chunks |=
            p.family == ReduceFamily::kAR && p.tiling.stage.cols < p.tiling.stage.r_per_split;
        for (const ::op_kernel::ReduceStageTiling* t : stages) {
          EXPECT_EQ(static_cast<ReduceMap>(t->map), ReduceMap::kLogSumExp);
          EXPECT_EQ(static_cast<ReduceFinish>(t->finish), ReduceFinish::kLogSumExp);
          const bool combine = t != stages[0];
          EXPECT_LE(StageUbBytes(combine ? ReduceFamily::kARA : p.family, *t,
                                 combine ? 4 : DTypeSize(p.in_dtype), 4, DTypeSize(p.out_dtype)),
                    device.ub_bytes);
          CheckCoverage(*t, p.block_dim);
        }
      }
    }
  }
  EXPECT_TRUE(saw_groups);
  EXPECT_TRUE(saw_chunks);
  EXPECT_TRUE(saw_split);
}

// LogSumExp's column results depend on where a column sits in its tile (the simulator's exp
// differs between whole vectors and the last columns), so its plans never re-cut columns: no
// tail pieces where ReduceSum's plan of the same shape has them.
TEST(ReduceTiling, LogSumExpKeepsItsColumnCuts) {
  const Shape shape = {7, 33, 77};
  const std::vector<int64_t> axes = {1};
  ReducePlan sum;
  ASSERT_TRUE(ComputeReducePlan(Request(ReduceKind::kSum, DType::kFloat32, shape, axes),
                                testing::Device("ascend910b"), &sum)
                  .ok());
  ASSERT_EQ(sum.passes.size(), 1u);
  EXPECT_EQ(sum.passes[0].tiling.stage.tail_pieces, 2u) << DescribePlan(sum);
  ReduceRequest req;
  ASSERT_TRUE(LowerOnnx(ReduceKind::kSum, DType::kFloat32, shape, std::span<const int64_t>(axes),
                        false, false, &req, ReduceVariant::kLogSumExp)
                  .ok());
  ReducePlan lse;
  ASSERT_TRUE(ComputeReducePlan(req, testing::Device("ascend910b"), &lse).ok());
  ASSERT_EQ(lse.passes.size(), 1u);
  EXPECT_EQ(lse.passes[0].tiling.stage.tail_pieces, 0u) << DescribePlan(lse);
  EXPECT_EQ(lse.passes[0].tiling.stage.cols, 77u);
}

// A combine stage's whole rows spread over the blocks in pieces of whole 512 B units, each keeping
// every row (the same bits); ReduceLogSumExp's, and rows narrower than one unit, stay whole.
TEST(ReduceTiling, ACombineSpreadsItsWholeRowsInPiecesOf512Bytes) {
  const sim::DeviceProfile& device = testing::Device("ascend910b");
  auto combine = [&](DType dtype, Shape shape, std::vector<int64_t> axes, ReduceVariant variant) {
    ReduceRequest req;
    EXPECT_TRUE(LowerOnnx(ReduceKind::kSum, dtype, shape, std::span<const int64_t>(axes), false,
                          false, &req, variant)
                    .ok());
    ReducePlan plan;
    EXPECT_TRUE(ComputeReducePlan(req, device, &plan).ok());
    const ReducePass& last = plan.passes.back();
    EXPECT_GT(last.tiling.stage.r_split, 1u) << DescribePlan(plan);
    return last.tiling.combine;
  };
  // 512 KB over axis 0: 8 splits of 32 rows, whose 8 x 1024 partials the combine spreads.
  const ::op_kernel::ReduceStageTiling sum =
      combine(DType::kFloat16, {256, 1024}, {0}, ReduceVariant::kPlain);
  EXPECT_EQ(sum.cols, 128u);
  EXPECT_EQ(sum.col_chunks, 8u);
  EXPECT_EQ(sum.rows, sum.r);
  const ::op_kernel::ReduceStageTiling lse =
      combine(DType::kFloat16, {256, 1024}, {0}, ReduceVariant::kLogSumExp);
  EXPECT_EQ(lse.cols, 1024u);
  // A later pass keeps its columns whole too (ReduceLogSumExp's splits, below).
  const ::op_kernel::ReduceStageTiling later =
      combine(DType::kFloat16, {128, 1024, 256}, {0, 2}, ReduceVariant::kLogSumExp);
  EXPECT_EQ(later.cols, 1024u);
  const ::op_kernel::ReduceStageTiling narrow =
      combine(DType::kFloat32, {6, 160000}, {1}, ReduceVariant::kPlain);
  EXPECT_EQ(narrow.cols, 6u);
  EXPECT_EQ(narrow.col_chunks, 1u);
}

// A later pass of a launch whose input, shared by the launch's blocks, moves in less time than a
// SyncAll does not split its reduced extent (a split adds a SyncAll and a combine stage): the
// blocks take its whole rows in pieces of 512 B units, each piece every row at once.
TEST(ReduceTiling, ASmallLaterPassKeepsItsReducedExtentWhole) {
  const sim::DeviceProfile& device = testing::Device("ascend910b");
  ReducePlan plan;
  ASSERT_TRUE(
      ComputeReducePlan(Request(ReduceKind::kSum, DType::kFloat16, {128, 1024, 256}, {0, 2}),
                        device, &plan)
          .ok());
  ASSERT_EQ(plan.passes.size(), 2u) << DescribePlan(plan);
  const ::op_kernel::ReduceStageTiling& t = plan.passes[1].tiling.stage;
  EXPECT_EQ(t.r_split, 1u) << DescribePlan(plan);
  EXPECT_EQ(t.cols, 128u);
  EXPECT_EQ(t.col_chunks, 8u);
  EXPECT_EQ(t.rows, 128u);
  EXPECT_EQ(plan.passes[1].partial_bytes, 0u);
  // 4 MiB in its second pass (64 x 16384 floats): over 64 KB per block, so it splits as before.
  ReducePlan big;
  ASSERT_TRUE(ComputeReducePlan(Request(ReduceKind::kSum, DType::kFloat32, {64, 16384, 8}, {0, 2}),
                                device, &big)
                  .ok());
  ASSERT_EQ(big.passes.size(), 2u) << DescribePlan(big);
  EXPECT_GT(big.passes[1].tiling.stage.r_split, 1u) << DescribePlan(big);
}

// The running max is one more accumulator tile in the UB.
TEST(ReduceTiling, LogSumExpCountsItsRunningMaxInTheUb) {
  ::op_kernel::ReduceStageTiling t;
  t.rows = 64;
  t.cols = 100;
  t.r = 100;
  const uint64_t plain = StageUbBytes(ReduceFamily::kAR, t, 4, 4, 4);
  t.map = static_cast<uint32_t>(::op_kernel::ReduceMap::kLogSumExp);
  // And an update's scratch: three more (op_kernel/reduce/reduce_lse.h).
  EXPECT_EQ(StageUbBytes(ReduceFamily::kAR, t, 4, 4, 4), plain + 4 * 64 * 4);
}

// double, the integers and bool (as uint8) run on the AI CPU kernel: the AI Core's tiling refuses
// them, naming the dtype, so nothing can reach an AI Core kernel that has no instantiation for it.
TEST(ReduceTiling, AiCpuTypesAreRefused) {
  for (DType dtype : {DType::kFloat64, DType::kInt8, DType::kUInt8, DType::kInt32, DType::kUInt32,
                      DType::kInt64, DType::kUInt64}) {
    const ReduceKind kind =
        dtype == DType::kInt8 || dtype == DType::kUInt8 ? ReduceKind::kMax : ReduceKind::kSum;
    ReducePlan plan;
    const Status st =
        ComputeReducePlan(Request(kind, dtype, {4, 8}, {1}), testing::Device("ascend910b"), &plan);
    EXPECT_EQ(st.code(), ErrorCode::kUnsupported) << DTypeName(dtype);
    EXPECT_EQ(st.message(), "ReduceTiling: dtype " + std::string(DTypeName(dtype)) +
                                " runs on the AI CPU kernel (op_kernel_aicpu/reduce), not the AI "
                                "Core: the 910B's vector unit reduces float32, float16 and "
                                "bfloat16 only");
  }
}

TEST(ReduceTiling, CacheReturnsTheSamePlanPerShapeAndDevice) {
  ClearReducePlanCache();
  const ReduceRequest a = Request(ReduceKind::kSum, DType::kFloat32, {64, 32}, {1});
  const ReduceRequest b = Request(ReduceKind::kSum, DType::kFloat32, {64, 32}, {0});
  std::shared_ptr<const ReducePlan> p1, p2, p3, p4;
  ASSERT_TRUE(CachedReducePlan(a, testing::Device("ascend910b"), &p1).ok());
  ASSERT_TRUE(CachedReducePlan(a, testing::Device("ascend910b"), &p2).ok());
  ASSERT_TRUE(CachedReducePlan(b, testing::Device("ascend910b"), &p3).ok());
  ASSERT_TRUE(CachedReducePlan(a, testing::Device("ascend310p"), &p4).ok());
  EXPECT_EQ(p1.get(), p2.get());
  EXPECT_NE(p1.get(), p3.get());
  EXPECT_NE(p1.get(), p4.get());
  EXPECT_EQ(ReducePlanCacheSize(), 3u);
}

// Rows of 2^32 elements or more: the whole-row tile's 32-bit cols was cast down to 0 and divided
// by (the opdef_setup fuzz target: [5,5,5,5,5,2^40] over the last axis). Every pass now has
// chunks at least one element wide, on every device.
TEST(ReduceTiling, RowsOfTwoToTheFortyElementsTileInChunks) {
  const ReduceRequest req =
      Request(ReduceKind::kSum, DType::kFloat32, {5, 5, 5, 5, 5, int64_t{1} << 40}, {5});
  for (const std::string& device : testing::DeviceNames()) {
    SCOPED_TRACE(device);
    ReducePlan plan;
    ASSERT_TRUE(ComputeReducePlan(req, testing::Device(device), &plan).ok());
    ASSERT_FALSE(plan.passes.empty());
    for (const ReducePass& pass : plan.passes) EXPECT_GT(pass.tiling.stage.cols, 0u);
  }
}

}  // namespace
}  // namespace opsim
