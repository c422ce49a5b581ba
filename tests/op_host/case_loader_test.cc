// The case-suite loader: every error names file, line:column and key (malformed fixtures in
// testdata/cases/), expansion order and names, data generation and value encoding.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/cases/case_data.h"
#include "opsim/cases/case_loader.h"
#include "opsim/cases/case_run.h"
#include "opsim/core/float16.h"

namespace opsim::cases {
namespace {

std::string Fixture(const std::string& name) {
  return std::string(OPSIM_SOURCE_DIR) + "/tests/op_host/testdata/cases/" + name;
}

struct ErrorCase {
  const char* file;
  const char* where;  // "line:column", empty: not checked
  const char* key;    // quoted in the message, empty: not checked
  std::vector<const char*> says;
};

class CaseLoaderErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(CaseLoaderErrorTest, NamesFileLineColumnAndKey) {
  const ErrorCase& e = GetParam();
  std::vector<ReduceCase> cases;
  const Status st = LoadCaseFile(Fixture(e.file), &cases);
  ASSERT_FALSE(st.ok()) << e.file;
  EXPECT_EQ(st.code(), ErrorCode::kConfigError) << st.ToString();
  EXPECT_TRUE(cases.empty());
  const std::string prefix = Fixture(e.file) + ":" + e.where;
  EXPECT_EQ(st.message().rfind(prefix, 0), 0u) << st.message() << "\nexpected prefix " << prefix;
  if (*e.key != '\0') {
    std::string quoted(1, '\'');
    quoted.append(e.key);
    quoted.push_back('\'');
    EXPECT_NE(st.message().find(quoted), std::string::npos) << st.message();
  }
  for (const char* s : e.says) EXPECT_NE(st.message().find(s), std::string::npos) << st.message();
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, CaseLoaderErrorTest,
    ::testing::Values(
        ErrorCase{"unknown_key.yaml", "6:5", "axis", {"unknown key", "did you mean 'axes'"}},
        ErrorCase{"unknown_top_key.yaml", "2:1", "case", {"did you mean 'cases'"}},
        ErrorCase{"wrong_type_shape.yaml", "5:12", "shape", {"expected a sequence", "'abc'"}},
        ErrorCase{"wrong_type_keep_dims.yaml",
                  "6:16",
                  "keep_dims",
                  {"expected true or false", "'maybe'"}},
        ErrorCase{"wrong_type_seed.yaml", "6:11", "seed", {"expected an integer"}},
        ErrorCase{"unknown_dtype.yaml",
                  "4:23",
                  "dtypes",
                  {"unknown dtype 'float33'", "did you mean 'float32'"}},
        ErrorCase{"unknown_reducer.yaml",
                  "3:21",
                  "reducers",
                  {"unknown reducer 'summ'", "did you mean 'sum'"}},
        ErrorCase{"unknown_device.yaml",
                  "6:27",
                  "devices",
                  {"unknown device 'ascend910c'", "did you mean 'ascend910"}},
        ErrorCase{"unknown_front_door.yaml", "3:17", "front_door", {"did you mean 'onnx'"}},
        ErrorCase{"unknown_data_kind.yaml", "6:18", "kind", {"did you mean 'uniform'"}},
        ErrorCase{"data_key_not_applicable.yaml", "6:27", "mean", {"does not apply", "uniform"}},
        ErrorCase{"missing_shape.yaml", "2:5", "shape", {"missing required key"}},
        ErrorCase{"missing_cases.yaml", "1:1", "cases", {"missing"}},
        ErrorCase{"missing_axes_openvino.yaml", "2:5", "axes", {"openvino", "needs axes"}},
        ErrorCase{"unsupported_dtype.yaml", "4:14", "dtypes", {"SUM does not support int8"}},
        ErrorCase{"values_count.yaml", "6:14", "values", {"3 values for input shape [2,2]"}},
        ErrorCase{"expected_count.yaml", "9:15", "expected", {"3 values for output shape [2]"}},
        ErrorCase{"bad_value.yaml", "6:17", "", {"'abc' is not a number"}},
        ErrorCase{"value_out_of_range.yaml", "6:17", "", {"'300'", "uint8 range [0, 255]"}},
        ErrorCase{"special_for_integer.yaml", "6:17", "", {"'nan' has no int32 encoding"}},
        ErrorCase{"yaml_syntax.yaml", "", "", {"YAML syntax error"}},
        ErrorCase{"duplicate_name.yaml", "6:5", "name", {"used twice", "first at"}},
        ErrorCase{"duplicate_key.yaml", "6:5", "shape", {"appears twice"}},
        ErrorCase{"atb_keep_dims.yaml", "8:16", "keep_dims", {"never keeps"}},
        ErrorCase{"noop_not_onnx.yaml", "8:5", "noop_with_empty_axes", {"onnx front door only"}},
        ErrorCase{"axes_out_of_range.yaml", "2:5", "", {"does not lower", "axes", "5"}}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) {
      std::string name = info.param.file;
      name = name.substr(0, name.find('.'));
      return name;
    });

TEST(CaseLoader, MissingFileAndDirectory) {
  std::vector<ReduceCase> cases;
  Status st = LoadCaseFile(Fixture("no_such_file.yaml"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("no_such_file.yaml"), std::string::npos);
  st = LoadCaseDir(Fixture("no_such_dir"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_EQ(LoadCaseFile(Fixture("valid_suite.yaml"), nullptr).code(), ErrorCode::kInvalidParam);
}

TEST(CaseLoader, DirectoryRejectsTheSameCaseNameInTwoFiles) {
  std::vector<ReduceCase> cases;
  const Status st = LoadCaseDir(Fixture("dup_suite"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("b.yaml:3:5"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("same/a/sum/float32/keep/ascend910b"), std::string::npos)
      << st.message();
  EXPECT_NE(st.message().find("also defined at"), std::string::npos);
  EXPECT_TRUE(cases.empty());
}

TEST(CaseLoader, ListsEntriesWithoutExpanding) {
  std::vector<CaseEntry> entries;
  ASSERT_TRUE(ListCaseEntries(Fixture("dup_suite"), &entries).ok());
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].suite, "same");
  EXPECT_EQ(entries[0].name, "a");
  EXPECT_EQ(entries[1].file, Fixture("dup_suite/b.yaml"));
  EXPECT_EQ(entries[1].mark.line, 3);
  // The scan checks only what it reads: the first fixture without 'cases:' stops it.
  const Status st = ListCaseEntries(Fixture(""), &entries);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("missing_cases.yaml:1:1: 'cases'"), std::string::npos)
      << st.message();
  EXPECT_EQ(entries.size(), 2u);
  std::vector<CaseEntry> shipped;
  ASSERT_TRUE(ListCaseEntries(DefaultCaseDir(), &shipped).ok());
  EXPECT_GT(shipped.size(), 50u);
}

TEST(CaseLoader, ExplicitKnownDevicesReplaceTheProfiles) {
  std::vector<ReduceCase> cases;
  CaseLoadOptions options;
  options.known_devices = {"ascend910a"};
  const Status st = LoadCaseFile(Fixture("valid_suite.yaml"), &cases, options);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("unknown device 'ascend910b'"), std::string::npos) << st.message();
}

class ValidSuite : public ::testing::Test {
 protected:
  void SetUp() override {
    const Status st = LoadCaseFile(Fixture("valid_suite.yaml"), &cases_);
    ASSERT_TRUE(st.ok()) << st.ToString();
  }
  const ReduceCase& Named(const std::string& name) {
    for (const ReduceCase& c : cases_) {
      if (c.name == name) return c;
    }
    ADD_FAILURE() << "no case " << name;
    return cases_.front();
  }
  std::vector<ReduceCase> cases_;
};

TEST_F(ValidSuite, ExpandsReducersDtypesKeepsDevicesInOrder) {
  ASSERT_EQ(cases_.size(), 16u + 2u + 2u);
  std::vector<std::string> first;
  for (size_t i = 0; i < 4; ++i) first.push_back(cases_[i].name);
  EXPECT_EQ(first,
            (std::vector<std::string>{
                "pattern/sum/float32/drop/ascend910b", "pattern/sum/float32/drop/ascend310p",
                "pattern/sum/float32/keep/ascend910b", "pattern/sum/float32/keep/ascend310p"}));
  EXPECT_EQ(cases_[4].name, "pattern/sum/int32/drop/ascend910b");
  EXPECT_EQ(cases_[8].name, "pattern/max/float32/drop/ascend910b");
  const ReduceCase& p = cases_[0];
  EXPECT_EQ(p.suite, "fixture");
  EXPECT_EQ(p.FullName(), "fixture/pattern/sum/float32/drop/ascend910b");
  EXPECT_EQ(p.base_name, "pattern");
  EXPECT_EQ(p.skip, "not run: only expanded");
  EXPECT_EQ(p.front_door, FrontDoor::kOnnx);
  EXPECT_EQ(p.mark.line, 6);
  EXPECT_EQ(p.data.kind, DataKind::kAuto);
  // ATB strict `all` is what real ATB ships for MIN: bfloat16 and int32 (SPEC §2 order).
  EXPECT_EQ(cases_[16].name, "atb_case/min/bfloat16/drop/ascend910a");
  EXPECT_EQ(cases_[17].name, "atb_case/min/int32/drop/ascend910a");
  EXPECT_TRUE(cases_[16].atb_strict);
  EXPECT_EQ(Named("specials/sum/float16/drop/ascend310p").front_door, FrontDoor::kOpenVino);
}

TEST_F(ValidSuite, SeedsDependOnNameReducerDtypeButNotDevice) {
  const ReduceCase& a = Named("pattern/sum/float32/drop/ascend910b");
  EXPECT_EQ(a.seed, Named("pattern/sum/float32/drop/ascend310p").seed);
  EXPECT_EQ(a.seed, Named("pattern/sum/float32/keep/ascend310p").seed);
  EXPECT_NE(a.seed, Named("pattern/sum/int32/drop/ascend910b").seed);
  EXPECT_NE(a.seed, Named("pattern/max/float32/drop/ascend910b").seed);
  std::vector<uint8_t> x, y;
  ASSERT_TRUE(GenerateInput(a, &x).ok());
  ASSERT_TRUE(GenerateInput(Named("pattern/sum/float32/keep/ascend310p"), &y).ok());
  EXPECT_EQ(x, y);
  ASSERT_EQ(x.size(), 6 * sizeof(float));
  for (size_t i = 0; i < 6; ++i) {
    float v;
    std::memcpy(&v, x.data() + i * 4, 4);
    EXPECT_GE(v, -1.0f);
    EXPECT_LT(v, 1.0f);
  }
}

TEST_F(ValidSuite, LowersThroughTheNamedFrontDoor) {
  ReduceRequest req;
  ASSERT_TRUE(LowerCase(Named("specials/sum/float16/drop/ascend910b"), &req).ok());
  EXPECT_EQ(req.output, Shape({4}));  // OpenVINO: [1, -1] is the set {1}, keep_dims false
  ASSERT_EQ(req.axes.size(), 1u);
  EXPECT_EQ(req.axes[0], 1);
  ASSERT_TRUE(LowerCase(Named("pattern/max/int32/keep/ascend910b"), &req).ok());
  EXPECT_EQ(req.output, Shape({2, 1}));
  ASSERT_TRUE(LowerCase(Named("atb_case/min/bfloat16/drop/ascend910a"), &req).ok());
  EXPECT_EQ(req.kind, ReduceKind::kMin);
  EXPECT_EQ(req.output, Shape({3}));
}

TEST_F(ValidSuite, ExplicitValuesAndExpectedAreEncodedInTheDtype) {
  const ReduceCase& c = Named("atb_case/min/int32/drop/ascend910a");
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(GenerateInput(c, &bytes).ok());
  std::vector<int32_t> values(6);
  ASSERT_EQ(bytes.size(), 24u);
  std::memcpy(values.data(), bytes.data(), 24);
  EXPECT_EQ(values, (std::vector<int32_t>{1, 2, 3, 4, -5, 6}));
  ReduceRequest req;
  ASSERT_TRUE(LowerCase(c, &req).ok());
  const int32_t good[] = {1, -5, 3};
  const int32_t bad[] = {1, -5, 4};
  EXPECT_EQ(CheckExpected(c, req, good, {}), "");
  EXPECT_NE(CheckExpected(c, req, bad, {}), "");
}

TEST_F(ValidSuite, SpecialDataMixesTheListedSpecialsIntoUniformData) {
  const ReduceCase& c = Named("specials/sum/float16/drop/ascend910b");
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(GenerateInput(c, &bytes).ok());
  ASSERT_EQ(bytes.size(), 200u * 2);
  int specials = 0;
  int ordinary = 0;
  for (size_t i = 0; i < 200; ++i) {
    uint16_t h;
    std::memcpy(&h, bytes.data() + 2 * i, 2);
    const float v = HalfBitsToFloat(h);
    if (std::isnan(v) || h == 0x8000 || h == 0x0001) {
      ++specials;
    } else {
      EXPECT_GE(v, 2.0f) << i;
      EXPECT_LE(v, 3.0f) << i;
      ++ordinary;
    }
  }
  EXPECT_GT(specials, 50);
  EXPECT_GT(ordinary, 50);
}

TEST(CaseValues, EncodesSpecialsFromBitPatterns) {
  auto enc = [](const char* text, DType dtype) {
    std::vector<uint8_t> b;
    const Status st = EncodeValue(CaseValue{text, {}}, dtype, &b);
    EXPECT_TRUE(st.ok()) << st.ToString();
    uint64_t bits = 0;
    std::memcpy(&bits, b.data(), std::min<size_t>(b.size(), 8));
    return bits;
  };
  EXPECT_EQ(enc("subnormal", DType::kFloat16), 0x0001u);
  EXPECT_EQ(enc("-subnormal", DType::kBFloat16), 0x8001u);
  EXPECT_EQ(enc("max", DType::kFloat16), 0x7BFFu);
  EXPECT_EQ(enc("lowest", DType::kBFloat16), 0xFF7Fu);
  EXPECT_EQ(enc("min_normal", DType::kFloat16), 0x0400u);
  EXPECT_EQ(enc("-inf", DType::kFloat16), 0xFC00u);
  EXPECT_EQ(enc(".inf", DType::kFloat32), 0x7F800000u);
  EXPECT_EQ(enc("-0.0", DType::kFloat32), 0x80000000u);
  EXPECT_EQ(enc("subnormal", DType::kFloat64), 1u);
  EXPECT_EQ(enc("1.5", DType::kBFloat16), 0x3FC0u);
  EXPECT_EQ(enc("lowest", DType::kInt64), 0x8000000000000000u);
  EXPECT_EQ(enc("18446744073709551615", DType::kUInt64), ~uint64_t{0});
  EXPECT_EQ(enc("-128", DType::kInt8), 0x80u);
  EXPECT_EQ(enc("max", DType::kUInt32), 0xFFFFFFFFu);
  std::vector<uint8_t> b;
  EXPECT_EQ(EncodeValue(CaseValue{"1e5", {}}, DType::kFloat16, &b).code(),
            ErrorCode::kConfigError);  // overflows float16: write inf if meant
  EXPECT_EQ(EncodeValue(CaseValue{"-1", {}}, DType::kUInt8, &b).code(), ErrorCode::kConfigError);
  EXPECT_EQ(EncodeValue(CaseValue{"1.5", {}}, DType::kInt32, &b).code(), ErrorCode::kConfigError);
  EXPECT_EQ(EncodeValue(CaseValue{"128", {}}, DType::kInt8, &b).code(), ErrorCode::kConfigError);
  EXPECT_TRUE(b.empty());
}

TEST(CaseExpected, FloatingSumUsesCompareRulesOrTheOverride) {
  ReduceCase c;
  c.front_door = FrontDoor::kOnnx;
  c.kind = ReduceKind::kSum;
  c.dtype = DType::kFloat32;
  c.shape = {2, 2};
  c.axes = std::vector<int64_t>{0};
  c.keep_dims = false;
  c.expected = std::vector<CaseValue>{{"1.0", {}}, {"nan", {}}};
  ReduceRequest req;
  ASSERT_TRUE(LowerCase(c, &req).ok());
  const float close[] = {1.0f + 1e-7f, NAN};
  const float far[] = {1.01f, NAN};
  const float not_nan[] = {1.0f, 0.0f};
  EXPECT_EQ(CheckExpected(c, req, close, {}), "");
  EXPECT_NE(CheckExpected(c, req, far, {}), "");
  EXPECT_NE(CheckExpected(c, req, not_nan, {}), "");
  c.tolerance = ToleranceOverride{0.02, 0};
  EXPECT_EQ(CheckExpected(c, req, far, {}), "");
  EXPECT_NE(CheckExpected(c, req, not_nan, {}), "");
  c.expected->pop_back();
  EXPECT_NE(CheckExpected(c, req, close, {}).find("expected holds 1 values"), std::string::npos);
}

}  // namespace
}  // namespace opsim::cases
