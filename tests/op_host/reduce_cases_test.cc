// Every expanded case of every configs/cases/*.yaml suite, run through the registry on the
// simulator in checked mode (any fault fails) by the case library's runner (cases::RunCase, what
// `opsim run` runs), judged against the op's registered reference and the case's expected values
// and output shapes. Also: the suites hold what they promise.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "op_host/reduce_case_runner.h"
#include "opsim/cases/case_loader.h"
#include "opsim/cases/case_run.h"
#include "opsim/op_api/op_registry.h"
#include "opsim/reference/op_reference.h"
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
  std::vector<cases::Case> cases;
};

const Loaded& Suites() {
  static const Loaded loaded = [] {
    Loaded l;
    l.status = cases::LoadCaseDir(CaseDir(), &l.cases);
    return l;
  }();
  return loaded;
}

// One test per `cases:` entry of a suite, running every concrete case it expands to (each
// named in its failure messages). Not one test per concrete case: ctest starts a process per
// test, and ~5,000 processes would take minutes; a test's process loads only its own file.
// OPSIM_CASE_FILTER=<text> runs only the concrete cases whose full name contains <text>. Under
// the sanitizers the cases of one device are left out (OPSIM_CASE_DEVICE_RUN_ELSEWHERE, a name
// suffix): the ctest run_unchecked_matches_checked runs them checked there, and fails on any
// failing case (tests/CMakeLists.txt).
std::vector<cases::CaseEntry> Entries() {
  std::vector<cases::CaseEntry> entries;
  const Status st = cases::ListCaseEntries(CaseDir(), &entries);
  if (!st.ok()) ADD_FAILURE() << st.ToString();
  return entries;
}

// The cases of one entry: the rest of its file is parsed and checked, not expanded (ctest runs
// each entry in its own process, and expanding a whole file per entry cost about 0.5 s a test
// under ASan).
Status CasesOfEntry(const cases::CaseEntry& e, std::vector<cases::Case>* out) {
  cases::CaseLoadOptions options;
  const std::string prefix = e.suite + "/" + e.name + "/";
  options.select = [&prefix](const std::string& full_name) {
    return full_name.compare(0, prefix.size(), prefix) == 0;
  };
  return cases::LoadCaseFile(e.file, out, options);
}

void RunAndJudge(const cases::Case& c) {
  SCOPED_TRACE(c.FullName());
  cases::CaseRunOptions options;
  options.host_threads = 2;
  const cases::CaseResult r = cases::RunCase(c, options);
  EXPECT_EQ(r.verdict, cases::Verdict::kPass) << r.message;
}

// The request an ONNX-reading case (ReduceSum, ...) runs: for the plan checks below.
Status OnnxRequest(const cases::Case& c, ReduceRequest* req) {
  const std::map<std::string, ReduceKind> kinds = {{"ReduceSum", ReduceKind::kSum},
                                                   {"ReduceMax", ReduceKind::kMax},
                                                   {"ReduceMin", ReduceKind::kMin},
                                                   {"ReduceProd", ReduceKind::kProd}};
  const auto kind = kinds.find(c.op);
  if (kind == kinds.end()) return {ErrorCode::kInvalidParam, c.op + " is not an ONNX reading"};
  std::optional<std::vector<int64_t>> axes;
  if (const auto a = c.attrs.find("axes"); a != c.attrs.end()) {
    axes = std::get<std::vector<int64_t>>(a->second);
  }
  bool keep = true;
  if (const auto k = c.attrs.find("keepdims"); k != c.attrs.end()) {
    keep = std::get<int64_t>(k->second) == 1;
  }
  Shape shape;
  OPSIM_RETURN_IF_ERROR(MakeReduceInputShape(c.op, c.inputs.at(0).shape, &shape));
  std::optional<std::span<const int64_t>> span;
  if (axes) span = std::span<const int64_t>(*axes);
  return LowerOnnx(kind->second, c.inputs[0].dtype, shape, span, keep, false, req);
}

class ReduceCaseTest : public ::testing::TestWithParam<cases::CaseEntry> {};

TEST_P(ReduceCaseTest, EveryExpansionMatchesReferenceAndExpected) {
  const cases::CaseEntry& e = GetParam();
  std::vector<cases::Case> all;
  const Status loaded = CasesOfEntry(e, &all);
  ASSERT_TRUE(loaded.ok()) << loaded.ToString();
  const char* filter = std::getenv("OPSIM_CASE_FILTER");
  int ran = 0;
  int matched = 0;
  std::string skip;
  for (const cases::Case& c : all) {
    if (c.base_name != e.name) continue;
    ++matched;
    if (filter != nullptr && c.FullName().find(filter) == std::string::npos) continue;
#ifdef OPSIM_CASE_DEVICE_RUN_ELSEWHERE
    if (c.FullName().ends_with(OPSIM_CASE_DEVICE_RUN_ELSEWHERE)) continue;
#endif
    if (!c.skip.empty()) {
      skip = c.skip;
      continue;
    }
    RunAndJudge(c);
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

// The suites are found, not listed: every configs/cases/*.yaml holds cases of the directory's
// load, and every operator opsim defines (the OpDefs of OPSIM_OPERATORS, in opsim_ops) has a
// registered reference and at least one case, so a listed operator cannot arrive without them.
TEST(CaseSuites, EveryFileHoldsCasesAndEveryOperatorHasAReferenceAndACase) {
  ASSERT_TRUE(Suites().status.ok()) << Suites().status.ToString();
  std::map<std::string, int> cases_per_file;
  for (const auto& entry : std::filesystem::directory_iterator(CaseDir())) {
    if (entry.path().extension() == ".yaml") cases_per_file[entry.path().filename().string()] = 0;
  }
  std::set<std::string> ops;
  for (const cases::Case& c : Suites().cases) {
    ++cases_per_file[std::filesystem::path(c.mark.file).filename().string()];
    ops.insert(c.op);
  }
  ASSERT_FALSE(cases_per_file.empty()) << CaseDir() << " holds no suite";
  for (const auto& [file, count] : cases_per_file) {
    EXPECT_GT(count, 0) << CaseDir() << "/" << file << " gives no case";
  }
  const std::vector<std::string> defined = op_api::OpDefNames();
  ASSERT_FALSE(defined.empty()) << "no OpDef is registered: opsim_ops was not loaded";
  for (const std::string& op : defined) {
    EXPECT_NE(ref::ReferenceRegistry::Global().Find(op), nullptr) << op << " has no reference";
    EXPECT_EQ(ops.count(op), 1u) << op << " has no case in " << CaseDir();
  }
  // And no reference without its operator (both lists are sorted).
  EXPECT_EQ(ref::ReferenceRegistry::Global().Names(), defined);
}

// The Reduce suites hold what they promise: the seeds' examples and the full sweep.
TEST(ReduceCaseSuites, LoadAndCoverTheSeedsAndEveryReducerDtype) {
  ASSERT_TRUE(Suites().status.ok()) << Suites().status.ToString();
  std::set<std::string> seed_cases;
  std::set<std::pair<std::string, DType>> pattern_pairs;
  std::set<std::string> devices;
  for (const cases::Case& c : Suites().cases) {
    devices.insert(c.device);
    if (c.suite == "seeds") seed_cases.insert(c.base_name);
    if (c.suite == "patterns") pattern_pairs.emplace(c.op, c.inputs.at(0).dtype);
  }
  EXPECT_EQ(devices, (std::set<std::string>{"ascend910b", "ascend910a", "ascend310p"}));
  for (const char* name :
       {"atb_max_example1", "atb_max_example2", "atb_min_example1", "atb_min_example2",
        "atb_sum_example1_f16", "atb_sum_example2_bf16", "onnx_prod_do_not_keepdims_example",
        "onnx_prod_keepdims_example", "onnx_prod_default_axes_keepdims_example",
        "onnx_prod_negative_axes_keepdims_example", "onnx_prod_empty_set", "openvino_sum_axis0",
        "openvino_sum_axis1", "openvino_sum_axes01"}) {
    EXPECT_EQ(seed_cases.count(name), 1u) << name;
  }
  // Every (reducer, dtype) the package runs, through the ONNX readings.
  const std::map<ReduceKind, std::string> ops = {{ReduceKind::kSum, "ReduceSum"},
                                                 {ReduceKind::kMax, "ReduceMax"},
                                                 {ReduceKind::kMin, "ReduceMin"},
                                                 {ReduceKind::kProd, "ReduceProd"}};
  for (const ReduceDTypeSupport& row : ReduceDTypeTable()) {
    for (const auto& [kind, op] : ops) {
      if (row.package & ReduceKindBit(kind)) {
        EXPECT_EQ(pattern_pairs.count({op, row.dtype}), 1u) << op << " " << DTypeName(row.dtype);
      }
    }
  }
}

// large.yaml exists to reach the tiling's big-shape branches: make sure it still does.
TEST(ReduceCaseSuites, LargeSuiteSplitsTheReducedExtentAndChunksRowsAndColumns) {
  ASSERT_TRUE(Suites().status.ok()) << Suites().status.ToString();
  int r_split = 0;
  int long_rows = 0;
  int column_chunks = 0;
  for (const cases::Case& c : Suites().cases) {
    if (c.suite != "large") continue;
    ReduceRequest req;
    ASSERT_TRUE(OnnxRequest(c, &req).ok()) << c.FullName();
    int64_t bytes = *req.input.NumElements() * static_cast<int64_t>(DTypeSize(req.dtype));
    EXPECT_LE(bytes, int64_t{4} << 20) << c.FullName();
    if (!ReduceRunsOnAiCore(req.dtype)) continue;  // its AI CPU kernel has no tiling
    ReducePlan plan;
    ASSERT_TRUE(ComputeReducePlan(req, testing::Device(c.device), &plan).ok());
    for (const ReducePass& p : plan.passes) {
      const ::op_kernel::ReduceStageTiling& t = p.tiling.stage;
      if (t.r_split > 1) ++r_split;
      if (p.family == ::op_kernel::ReduceFamily::kAR && t.cols < t.r) ++long_rows;
      if (p.family == ::op_kernel::ReduceFamily::kARA && t.col_chunks > 1) ++column_chunks;
    }
  }
  EXPECT_GT(r_split, 0);
  EXPECT_GT(long_rows, 0);
  EXPECT_GT(column_chunks, 0);
}

}  // namespace
}  // namespace opsim
