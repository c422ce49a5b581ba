// Randomised properties of Reduce over every front door: random rank (0..8), dims (0 and 1
// included), axis subsets (ONNX negative, OpenVINO duplicated), reducers, dtypes, keep-dims,
// devices and data. For each case: the simulator (checked mode) matches the reference, the
// output shape is the reference's, host_threads 1 and 2 give the same bytes, every pass fits
// the device's UB, and the plan cache returns the plan a fresh tiling computes.
//
// The base seed is printed; OPSIM_PROPERTY_SEED=<n> replays a run, OPSIM_PROPERTY_SEED=random
// draws a new one; OPSIM_PROPERTY_CASES=<n> changes the case count.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "op_host/reduce_case_runner.h"
#include "opsim/cases/case_data.h"
#include "reduce/reduce_dtype_support.h"

namespace opsim {
namespace {

constexpr uint64_t kDefaultSeed = 20261129;
constexpr int kDefaultCases = 600;
constexpr int64_t kMaxElements = 1 << 16;

uint64_t BaseSeed() {
  const char* env = std::getenv("OPSIM_PROPERTY_SEED");
  if (env == nullptr || *env == '\0') return kDefaultSeed;
  if (std::string(env) == "random")
    return std::random_device{}() * 0x100000001ull ^ std::random_device{}();
  return std::strtoull(env, nullptr, 0);
}

int CaseCount() {
  const char* env = std::getenv("OPSIM_PROPERTY_CASES");
  const int n = env != nullptr ? std::atoi(env) : 0;
  return n > 0 ? n : kDefaultCases;
}

// One random case, drawn from its own stream so case i is the same whatever came before.
testing::ReduceCase RandomCase(uint64_t base_seed, int index) {
  std::mt19937_64 rng(base_seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(index));
  auto pick = [&rng](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  testing::ReduceCase c;
  c.suite = "property";
  c.name = "case" + std::to_string(index);
  const int rank = pick(9);
  for (int d = 0; d < rank; ++d) {
    const int roll = pick(100);
    c.shape.push_back(roll < 4 ? 0 : roll < 25 ? 1 : 2 + pick(roll < 85 ? 7 : 300));
  }
  // Halve the largest dim until the element count is small enough.
  for (;;) {
    int64_t n = 1;
    for (int64_t d : c.shape) n *= d;
    if (n < kMaxElements) break;
    auto largest = std::max_element(c.shape.begin(), c.shape.end());
    *largest = (*largest + 1) / 2;
  }
  std::vector<int64_t> axes;
  for (int d = 0; d < rank; ++d) {
    if (pick(2) == 0) axes.push_back(d);
  }
  const ReduceKind kinds[] = {ReduceKind::kSum, ReduceKind::kMax, ReduceKind::kMin,
                              ReduceKind::kProd};
  c.kind = kinds[pick(4)];
  std::vector<DType> dtypes;
  for (const ReduceDTypeSupport& row : ReduceDTypeTable()) {
    // The AI Core's types: the others run on the AI CPU kernel (reduce_opdefs_aicpu_test.cc).
    if ((row.package & ReduceKindBit(c.kind)) && ReduceRunsOnAiCore(row.dtype)) {
      dtypes.push_back(row.dtype);
    }
  }
  c.dtype = dtypes[static_cast<size_t>(pick(static_cast<int>(dtypes.size())))];
  const int door = pick(100);
  if (door < 25 && rank > 0) {
    c.front_door = testing::FrontDoor::kAtb;
    if (axes.empty()) axes.push_back(pick(rank));
    c.axes = axes;
    c.keep_dims = false;
  } else if (door < 65) {
    c.front_door = testing::FrontDoor::kOnnx;
    c.keep_dims = pick(2) == 0;
    for (int64_t& a : axes) {
      if (pick(2) == 0) a -= rank;
    }
    std::shuffle(axes.begin(), axes.end(), rng);
    if (!axes.empty() || pick(2) == 0) c.axes = axes;  // else: absent, reduce all
    if (axes.empty()) c.noop_with_empty_axes = pick(4) == 0;
  } else {
    c.front_door = testing::FrontDoor::kOpenVino;
    c.keep_dims = pick(2) == 0;
    std::vector<int64_t> written;
    for (int64_t a : axes) {
      written.push_back(pick(2) == 0 ? a - rank : a);
      if (pick(4) == 0) written.push_back(pick(2) == 0 ? a - rank : a);  // a duplicate
    }
    std::shuffle(written.begin(), written.end(), rng);
    c.axes = written;
  }
  const std::vector<std::string> devices = testing::DeviceNames();
  c.device = devices[static_cast<size_t>(pick(static_cast<int>(devices.size())))];
  // Data: the default generator mostly; integer-valued and normal data too. PROD on floats
  // stays within [0.99, 1.01] so no partial product over- or underflows on a long slice.
  const int data = pick(100);
  if (c.kind == ReduceKind::kProd && IsFloating(c.dtype)) {
    c.data.kind = cases::DataKind::kUniform;
    c.data.low = 0.99;
    c.data.high = 1.01;
  } else if (data < 15) {
    c.data.kind = cases::DataKind::kIntRange;
    c.data.int_low = -4;
    c.data.int_high = 4;
  } else if (data < 30 && c.kind != ReduceKind::kProd) {
    c.data.kind = cases::DataKind::kNormal;
    c.data.mean = 0.5;
    c.data.stddev = 3;
  }
  c.seed = rng();
  return c;
}

std::string Describe(const testing::ReduceCase& c, const ReduceRequest& req) {
  std::string axes = "absent";
  if (c.axes) {
    axes = "[";
    for (size_t i = 0; i < c.axes->size(); ++i) {
      axes += (i ? "," : "") + std::to_string((*c.axes)[i]);
    }
    axes += "]";
  }
  return std::string(testing::FrontDoorName(c.front_door)) + " axes " + axes +
         (c.noop_with_empty_axes ? " noop" : "") + " data " +
         std::string(cases::DataKindName(c.data.kind)) + " on " + c.device + ": " + ToString(req);
}

Status RunOutput(const ReduceRequest& req, const sim::DeviceProfile& device,
                 const std::vector<uint8_t>& input, int threads, std::vector<uint8_t>* y) {
  ReduceOperation op(req);
  uint64_t ws_bytes = 0;
  OPSIM_RETURN_IF_ERROR(op.Setup(device, &ws_bytes));
  y->assign(static_cast<size_t>(*req.output.NumElements()) * DTypeSize(req.dtype), 0x5A);
  std::vector<uint8_t> ws(ws_bytes);
  ReduceExecOptions opts;
  opts.host_threads = threads;
  return op.Execute(input.data(), input.size(), y->data(), y->size(), ws.data(), ws.size(), opts);
}

size_t AccBytes(DType dtype) {
  return DTypeSize(dtype == DType::kFloat16 || dtype == DType::kBFloat16 ? DType::kFloat32 : dtype);
}

TEST(ReduceProperty, RandomCasesHoldEveryProperty) {
  const uint64_t base = BaseSeed();
  const int count = CaseCount();
  std::cout << "[ property ] base seed " << base << ", " << count
            << " cases (replay: OPSIM_PROPERTY_SEED=" << base << ")\n";
  RecordProperty("base_seed", std::to_string(base));
  int failures = 0;
  int reduced_to_empty = 0;
  int split = 0;
  for (int i = 0; i < count && failures < 5; ++i) {
    const testing::ReduceCase c = RandomCase(base, i);
    ReduceRequest req;
    const Status lowered = testing::LowerCase(c, &req);
    ASSERT_TRUE(lowered.ok()) << "case " << i << ": " << lowered.ToString();
    SCOPED_TRACE("OPSIM_PROPERTY_SEED=" + std::to_string(base) + " case " + std::to_string(i) +
                 ": " + Describe(c, req));
    const ::testing::TestResult* result =
        ::testing::UnitTest::GetInstance()->current_test_info()->result();
    const int parts_before = result->total_part_count();
    std::vector<uint8_t> input;
    ASSERT_TRUE(testing::GenerateInput(c, &input).ok());
    const sim::DeviceProfile& device = testing::Device(c.device);

    const std::span<const int64_t> axes(req.axes.begin(), req.axes.end());
    EXPECT_EQ(req.output, ref::ReducedShape(req.input, axes, req.keep_dims));

    const testing::CaseResult r = testing::RunReduceCase(req, c.device, input, 2, true);
    EXPECT_TRUE(r.status.ok()) << r.status.ToString();
    EXPECT_EQ(r.mismatch, "") << (r.plan ? DescribePlan(*r.plan) : "");
    if (*req.output.NumElements() == 0) ++reduced_to_empty;

    std::vector<uint8_t> y1, y2;
    const Status s1 = RunOutput(req, device, input, 1, &y1);
    const Status s2 = RunOutput(req, device, input, 2, &y2);
    EXPECT_TRUE(s1.ok() && s2.ok()) << s1.ToString() << " / " << s2.ToString();
    EXPECT_TRUE(y1 == y2) << "host_threads 1 and 2 differ";

    std::shared_ptr<const ReducePlan> cached, again;
    ReducePlan fresh;
    ASSERT_TRUE(CachedReducePlan(req, device, &cached).ok());
    ASSERT_TRUE(CachedReducePlan(req, device, &again).ok());
    ASSERT_TRUE(ComputeReducePlan(req, device, &fresh).ok());
    EXPECT_EQ(cached.get(), again.get());
    EXPECT_EQ(DescribePlan(*cached), DescribePlan(fresh));
    EXPECT_EQ(cached->workspace_bytes, fresh.workspace_bytes);
    for (const ReducePass& p : fresh.passes) {
      const size_t acc = AccBytes(req.dtype);
      EXPECT_LE(StageUbBytes(p.family, p.tiling.stage, DTypeSize(p.in_dtype), acc,
                             DTypeSize(p.out_dtype)),
                device.ub_bytes)
          << DescribePlan(fresh);
      if (p.tiling.stage.r_split > 1) {
        ++split;
        EXPECT_LE(StageUbBytes(::op_kernel::ReduceFamily::kARA, p.tiling.combine, acc, acc,
                               DTypeSize(p.out_dtype)),
                  device.ub_bytes)
            << DescribePlan(fresh);
      }
      EXPECT_GE(p.block_dim, 1u);
      EXPECT_LE(p.block_dim, device.vector_cores);
    }
    for (int k = parts_before; k < result->total_part_count(); ++k) {
      if (result->GetTestPartResult(k).failed()) {
        ++failures;  // stop after a few failing cases: one seed and index reproduce each
        break;
      }
    }
  }
  // The generator reaches the corners it promises (at the default count).
  if (count >= kDefaultCases) {
    EXPECT_GT(reduced_to_empty, 0);
    EXPECT_GT(split, 0);
  }
}

}  // namespace
}  // namespace opsim
