// Case suites of operators from operator libraries (the public sample projects): they have no
// registered reference, so the cases judge by expected .npy files; inputs come from .npy files;
// a Float attribute written as an integer reaches the OpDef as a float.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "op_api/sample_libraries.h"
#include "opsim/cases/case_loader.h"
#include "opsim/cases/case_run.h"

#if defined(OPSIM_SAMPLE_ADD_LIBRARY)
namespace opsim::cases {
namespace {

std::string Suite(const std::string& name) {
  return std::string(OPSIM_SOURCE_DIR) + "/tests/op_api/testdata/cases/" + name;
}

TEST(OpLibraryCases, AddCustomMatchesItsExpectedNpyOnEveryDevice) {
  testing::LoadSampleLibraries();
  std::vector<Case> cases;
  const Status st = LoadCaseFile(Suite("add_custom/suite.yaml"), &cases);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].FullName(), "add_custom/npy_in_npy_out/AddCustom/float16/ascend910b");
  EXPECT_EQ(cases[1].device, "ascend310p");
  ASSERT_EQ(cases[0].inputs.size(), 2u);
  EXPECT_EQ(cases[0].inputs[1].shape, (std::vector<int64_t>{1, 2048}));
  for (const Case& c : cases) {
    const CaseResult r = RunCase(c);
    EXPECT_EQ(r.verdict, Verdict::kPass) << c.FullName() << ": " << r.message;
    ASSERT_EQ(r.output_shapes.size(), 1u);
    EXPECT_EQ(r.output_shapes[0], (std::vector<int64_t>{1, 2048}));
    EXPECT_GT(r.device_ns, 0);
  }
}

TEST(OpLibraryCases, AWrongExpectedElementFailsNamingIt) {
  testing::LoadSampleLibraries();
  std::vector<Case> cases;
  ASSERT_TRUE(LoadCaseFile(Suite("add_custom/wrong_expected.yaml"), &cases).ok());
  ASSERT_EQ(cases.size(), 1u);
  const CaseResult r = RunCase(cases[0]);
  EXPECT_EQ(r.verdict, Verdict::kFail);
  EXPECT_NE(r.message.find("z_wrong.npy"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("output[5]"), std::string::npos) << r.message;
}

TEST(OpLibraryCases, WithoutAReferenceEveryOutputNeedsExpectedValues) {
  testing::LoadSampleLibraries();
  std::vector<Case> cases;
  Status st = LoadCaseFile(Suite("add_custom/no_expected.yaml"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("no_expected.yaml:2:5: 'expected'"), std::string::npos)
      << st.message();
  EXPECT_NE(st.message().find("AddCustom has no registered reference"), std::string::npos);
  st = LoadCaseFile(Suite("add_custom/all_dtypes.yaml"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("all_dtypes.yaml:4:13: 'dtypes'"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("has none: list the dtypes"), std::string::npos);
  EXPECT_TRUE(cases.empty());
}

TEST(OpLibraryCases, VariedFloatAttributeReachesTheOpAsAFloat) {
  testing::LoadSampleLibraries();
  std::vector<Case> cases;
  const Status st = LoadCaseFile(Suite("leaky_relu/suite.yaml"), &cases);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(cases.size(), 3u);
  EXPECT_EQ(cases[0].name,
            "identity_on_non_negative/LeakyReluCustom/negative_slope=0/float32/"
            "ascend910b");
  EXPECT_EQ(std::get<double>(cases[1].attrs.at("negative_slope")), 2.0);
  EXPECT_EQ(std::get<double>(cases[2].attrs.at("negative_slope")), 0.5);
  for (const Case& c : cases) {
    const CaseResult r = RunCase(c);
    EXPECT_EQ(r.verdict, Verdict::kPass) << c.FullName() << ": " << r.message;
  }
}

}  // namespace
}  // namespace opsim::cases
#endif
