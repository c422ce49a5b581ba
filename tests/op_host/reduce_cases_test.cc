// Every expanded case of every configs/cases/*.yaml suite, run through its front door on the
// simulator in checked mode (any fault fails) and compared with the Eigen reference, with the
// case's explicit expected values and output shape where the suite gives them.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "op_host/reduce_case_runner.h"
#include "opsim/cases/case_data.h"
#include "opsim/cases/case_loader.h"
#include "opsim/cases/case_run.h"
#include "reduce/reduce_dtype_support.h"

namespace opsim::cases {
// gtest prints a parameter in failure messages; the default is a byte dump.
void PrintTo(const CaseEntry& e, std::ostream* os) { *os << e.suite << "/" << e.name; }
}  // namespace opsim::cases

namespace opsim {
namespace {

std::string CaseDir() { return std::string(OPSIM_SOURCE_DIR) + "/configs/cases"; }

struct Loaded {
  Status status;
  std::vector<cases::ReduceCase> cases;
};

const Loaded& Suites() {
  static const Loaded loaded = [] {
    Loaded l;
    l.status = cases::LoadCaseDir(CaseDir(), &l.cases);
    return l;
  }();
  return loaded;
}

std::vector<int64_t> Dims(const Shape& s) { return std::vector<int64_t>(s.begin(), s.end()); }

// Runs the operation once more to get its output bytes (RunReduceCase keeps only the verdict).
Status RunForOutput(const ReduceRequest& req, const std::string& device,
                    const std::vector<uint8_t>& input, std::vector<uint8_t>* y) {
  ReduceOperation op(req);
  uint64_t ws_bytes = 0;
  OPSIM_RETURN_IF_ERROR(op.Setup(testing::Device(device), &ws_bytes));
  y->assign(static_cast<size_t>(*req.output.NumElements()) * DTypeSize(req.dtype), 0xCD);
  std::vector<uint8_t> ws(ws_bytes);
  ReduceExecOptions opts;
  opts.host_threads = 2;
  opts.checked = true;
  return op.Execute(input.data(), input.size(), y->data(), y->size(), ws.data(), ws.size(), opts);
}

// One test per `cases:` entry of a suite, running every concrete case it expands to (each
// named in its failure messages). Not one test per concrete case: ctest starts a process per
// test, and ~5,000 processes would take minutes; a test's process loads only its own file.
// OPSIM_CASE_FILTER=<text> runs only the concrete cases whose full name contains <text>.
std::vector<cases::CaseEntry> Entries() {
  std::vector<cases::CaseEntry> entries;
  const Status st = cases::ListCaseEntries(CaseDir(), &entries);
  if (!st.ok()) ADD_FAILURE() << st.ToString();
  return entries;
}

const std::vector<cases::ReduceCase>& CasesOfFile(const std::string& file, Status* status) {
  static std::map<std::string, std::pair<Status, std::vector<cases::ReduceCase>>> loaded;
  auto it = loaded.find(file);
  if (it == loaded.end()) {
    std::vector<cases::ReduceCase> cases;
    const Status st = cases::LoadCaseFile(file, &cases);
    it = loaded.emplace(file, std::make_pair(st, std::move(cases))).first;
  }
  *status = it->second.first;
  return it->second.second;
}

void RunCase(const cases::ReduceCase& c) {
  SCOPED_TRACE(c.FullName());
  ReduceRequest req;
  const Status lowered = cases::LowerCase(c, &req);
  ASSERT_TRUE(lowered.ok()) << lowered.ToString();
  std::vector<uint8_t> input;
  const Status generated = cases::GenerateInput(c, &input);
  ASSERT_TRUE(generated.ok()) << generated.ToString();

  const std::span<const int64_t> axes(req.axes.begin(), req.axes.end());
  EXPECT_EQ(req.output, ref::ReducedShape(req.input, axes, req.keep_dims)) << ToString(req);
  if (c.expected_shape) {
    EXPECT_EQ(Dims(req.output), *c.expected_shape) << ToString(req);
  }

  const testing::CaseResult r = testing::RunReduceCase(req, c.device, input);
  ASSERT_TRUE(r.status.ok()) << ToString(req) << ": " << r.status.ToString();
  EXPECT_EQ(r.mismatch, "") << ToString(req) << "\n" << (r.plan ? DescribePlan(*r.plan) : "");

  if (c.expected) {
    std::vector<uint8_t> y;
    const Status run = RunForOutput(req, c.device, input, &y);
    ASSERT_TRUE(run.ok()) << run.ToString();
    std::vector<double> abs_sums;
    if (req.kind == ReduceKind::kSum) {
      abs_sums.resize(static_cast<size_t>(*req.output.NumElements()));
      ASSERT_TRUE(ref::AbsSum(req.dtype, req.input, axes, input.data(), abs_sums).ok());
    }
    EXPECT_EQ(cases::CheckExpected(c, req, y.data(), abs_sums), "") << ToString(req);
  }
}

class ReduceCaseTest : public ::testing::TestWithParam<cases::CaseEntry> {};

TEST_P(ReduceCaseTest, EveryExpansionMatchesReferenceAndExpected) {
  const cases::CaseEntry& e = GetParam();
  Status loaded;
  const std::vector<cases::ReduceCase>& all = CasesOfFile(e.file, &loaded);
  ASSERT_TRUE(loaded.ok()) << loaded.ToString();
  const char* filter = std::getenv("OPSIM_CASE_FILTER");
  int ran = 0;
  int matched = 0;
  std::string skip;
  for (const cases::ReduceCase& c : all) {
    if (c.base_name != e.name) continue;
    ++matched;
    if (filter != nullptr && c.FullName().find(filter) == std::string::npos) continue;
    if (!c.skip.empty()) {
      skip = c.skip;
      continue;
    }
    RunCase(c);
    ++ran;
  }
  ASSERT_GT(matched, 0) << e.mark.ToString() << ": no case expands from '" << e.name << "'";
  if (ran == 0 && !skip.empty()) GTEST_SKIP() << e.mark.ToString() << ": " << skip;
}

// gtest names allow [A-Za-z0-9_] only; a clash after sanitising gets the entry index appended.
std::string TestName(const ::testing::TestParamInfo<cases::CaseEntry>& info) {
  static std::set<std::string>* used = new std::set<std::string>();
  std::string name = info.param.suite;
  name.push_back('_');
  name.append(info.param.name);
  for (char& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  if (!used->insert(name).second) {
    name.push_back('_');
    name.append(std::to_string(info.index));
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Suites, ReduceCaseTest, ::testing::ValuesIn(Entries()), TestName);

// The suites load, and hold what they promise: the seeds' examples and the full sweep.
TEST(ReduceCaseSuites, LoadAndCoverTheSeedsAndEveryReducerDtype) {
  ASSERT_TRUE(Suites().status.ok()) << Suites().status.ToString();
  std::set<std::string> suites;
  std::set<std::string> seed_cases;
  std::set<std::pair<int, int>> pattern_pairs;
  std::set<std::string> devices;
  for (const cases::ReduceCase& c : Suites().cases) {
    suites.insert(c.suite);
    devices.insert(c.device);
    if (c.suite == "seeds") seed_cases.insert(c.base_name);
    if (c.suite == "patterns") {
      pattern_pairs.emplace(static_cast<int>(c.kind), static_cast<int>(c.dtype));
    }
  }
  EXPECT_EQ(suites, (std::set<std::string>{"large", "patterns", "seeds", "special_values"}));
  EXPECT_EQ(devices, (std::set<std::string>{"ascend910b", "ascend910a", "ascend310p"}));
  for (const char* name :
       {"atb_max_example1", "atb_max_example2", "atb_min_example1", "atb_min_example2",
        "atb_sum_example1_f16", "atb_sum_example2_bf16", "onnx_prod_do_not_keepdims_example",
        "onnx_prod_keepdims_example", "onnx_prod_default_axes_keepdims_example",
        "onnx_prod_negative_axes_keepdims_example", "onnx_prod_empty_set", "openvino_sum_axis0",
        "openvino_sum_axis1", "openvino_sum_axes01"}) {
    EXPECT_EQ(seed_cases.count(name), 1u) << name;
  }
  size_t supported = 0;
  for (const ReduceDTypeSupport& row : ReduceDTypeTable()) {
    for (ReduceKind k : {ReduceKind::kSum, ReduceKind::kMax, ReduceKind::kMin, ReduceKind::kProd}) {
      if (row.package & ReduceKindBit(k)) ++supported;
    }
  }
  EXPECT_EQ(pattern_pairs.size(), supported);
}

// large.yaml exists to reach the tiling's big-shape branches: make sure it still does.
TEST(ReduceCaseSuites, LargeSuiteSplitsTheReducedExtentAndChunksRowsAndColumns) {
  ASSERT_TRUE(Suites().status.ok()) << Suites().status.ToString();
  int r_split = 0;
  int long_rows = 0;
  int column_chunks = 0;
  for (const cases::ReduceCase& c : Suites().cases) {
    if (c.suite != "large") continue;
    ReduceRequest req;
    ASSERT_TRUE(cases::LowerCase(c, &req).ok());
    int64_t bytes = *req.input.NumElements() * static_cast<int64_t>(DTypeSize(req.dtype));
    EXPECT_LE(bytes, int64_t{4} << 20) << c.FullName();
    ReducePlan plan;
    ASSERT_TRUE(ComputeReducePlan(req, testing::Device(c.device), &plan).ok());
    for (const ReducePass& p : plan.passes) {
      const kernels::ReduceStageTiling& t = p.tiling.stage;
      if (t.r_split > 1) ++r_split;
      if (p.family == kernels::ReduceFamily::kAR && t.cols < t.r) ++long_rows;
      if (p.family == kernels::ReduceFamily::kARA && t.col_chunks > 1) ++column_chunks;
    }
  }
  EXPECT_GT(r_split, 0);
  EXPECT_GT(long_rows, 0);
  EXPECT_GT(column_chunks, 0);
}

}  // namespace
}  // namespace opsim
