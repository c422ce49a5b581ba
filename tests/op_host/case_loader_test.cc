// The case-suite loader: every error names file, line:column and key (malformed fixtures in
// testdata/cases/), missing files, duplicate names, listing and selection
// (case_expand_test.cc holds what a loaded suite expands to and how it runs).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "opsim/cases/case_loader.h"

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

// gtest prints a parameter in failure messages; the default is a byte dump.
void PrintTo(const ErrorCase& e, std::ostream* os) { *os << e.file; }

class CaseLoaderErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(CaseLoaderErrorTest, NamesFileLineColumnAndKey) {
  const ErrorCase& e = GetParam();
  std::vector<Case> cases;
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
        ErrorCase{"unknown_key.yaml", "6:5", "attr", {"unknown key", "did you mean 'attrs'"}},
        ErrorCase{"unknown_top_key.yaml", "2:1", "case", {"did you mean 'cases'"}},
        ErrorCase{"wrong_type_shape.yaml", "6:16", "shape", {"expected a sequence", "'abc'"}},
        ErrorCase{"wrong_type_seed.yaml", "6:11", "seed", {"expected an integer"}},
        ErrorCase{"wrong_type_inputs.yaml", "5:13", "inputs", {"a mapping"}},
        ErrorCase{"unknown_dtype.yaml",
                  "4:23",
                  "dtypes",
                  {"unknown dtype 'float33'", "did you mean 'float32'"}},
        ErrorCase{"unknown_input_dtype.yaml", "5:16", "dtype", {"did you mean 'float16'"}},
        ErrorCase{"unknown_op.yaml",
                  "3:21",
                  "op",
                  {"unknown operator 'ReduceSumm'", "did you mean 'ReduceSum'", "--library"}},
        ErrorCase{"duplicate_op.yaml", "3:21", "op", {"listed twice"}},
        ErrorCase{"unknown_device.yaml",
                  "6:27",
                  "devices",
                  {"unknown device 'ascend910c'", "did you mean 'ascend910"}},
        ErrorCase{"unknown_data_kind.yaml", "7:22", "kind", {"did you mean 'uniform'"}},
        ErrorCase{"data_key_not_applicable.yaml", "7:31", "mean", {"does not apply", "uniform"}},
        ErrorCase{"values_and_data.yaml", "8:9", "values", {"either 'values' or 'data'"}},
        ErrorCase{"bits_for_float.yaml", "6:9", "data", {"'bits' is for integer dtypes"}},
        ErrorCase{"auto_for_axes_input.yaml", "7:9", "data", {"input 1", "no automatic data"}},
        ErrorCase{"npy_with_shape.yaml", "7:9", "shape", {"does not go with 'npy'"}},
        ErrorCase{"missing_input_npy.yaml", "6:9", "npy", {"no_such_input.npy"}},
        ErrorCase{"missing_shape.yaml", "6:9", "shape", {"missing required key in an input"}},
        ErrorCase{"missing_dtype.yaml", "5:9", "dtype", {"no dtype", "'dtypes'"}},
        ErrorCase{"missing_cases.yaml", "1:1", "cases", {"missing"}},
        ErrorCase{"missing_op.yaml", "2:5", "op", {"missing required key"}},
        ErrorCase{"unsupported_dtype.yaml",
                  "4:14",
                  "dtypes",
                  {"the reference of ReduceSum does not cover int8", "covers: float32"}},
        ErrorCase{"values_count.yaml", "7:18", "values", {"3 values for input shape [2,2]"}},
        ErrorCase{"expected_count.yaml", "9:15", "expected", {"3 values for output shape [2]"}},
        ErrorCase{"expected_shape_mismatch.yaml",
                  "7:21",
                  "expected_shape",
                  {"[2] for output 0", "gives [2,1]"}},
        ErrorCase{"expected_npy_missing.yaml", "7:15", "expected", {"missing.npy"}},
        ErrorCase{"expected_mixed.yaml", "7:15", "expected", {"mixes .npy files and values"}},
        ErrorCase{
            "expected_too_many_outputs.yaml", "7:23", "expected", {"2 expected outputs", "has 1"}},
        ErrorCase{
            "tolerance_without_expected.yaml", "6:5", "tolerance", {"applies to 'expected' only"}},
        ErrorCase{"defaults_expected.yaml", "2:3", "expected", {"belongs to each case"}},
        ErrorCase{"bad_value.yaml", "7:21", "", {"'abc' is not a number"}},
        ErrorCase{"value_out_of_range.yaml", "7:21", "", {"'300'", "uint8 range [0, 255]"}},
        ErrorCase{"special_for_integer.yaml", "7:21", "", {"'nan' has no int32 encoding"}},
        ErrorCase{"yaml_syntax.yaml", "", "", {"YAML syntax error"}},
        ErrorCase{"stray_comma.yaml", "2:1", "", {"YAML syntax error", "unexpected ','"}},
        ErrorCase{"duplicate_name.yaml", "6:5", "name", {"used twice", "first at"}},
        ErrorCase{"duplicate_key.yaml", "6:5", "inputs", {"appears twice"}},
        ErrorCase{"duplicate_attr.yaml", "5:24", "axes", {"appears twice"}},
        ErrorCase{"attr_fixed_and_varied.yaml", "6:12", "keepdims", {"both in 'attrs' and"}},
        ErrorCase{"vary_not_a_list.yaml", "5:22", "keepdims", {"non-empty list"}},
        ErrorCase{"vary_repeats_a_value.yaml", "5:26", "keepdims", {"listed twice"}},
        ErrorCase{"attr_wrong_type.yaml", "5:19", "axes", {"scalar or a list of numbers"}},
        ErrorCase{"attr_list_of_text.yaml", "5:23", "axes", {"numbers only", "'x'"}},
        ErrorCase{"attr_unknown_to_op.yaml", "3:9", "", {"is refused", "keep_dims"}},
        ErrorCase{"attr_quoted_number.yaml", "3:9", "", {"is refused", "keepdims"}},
        ErrorCase{"axes_out_of_range.yaml", "3:9", "", {"is refused", "5"}},
        ErrorCase{"npy_suite/expected_npy_dtype.yaml",
                  "7:15",
                  "expected",
                  {"int_sums.npy holds '<i4'", "output 0 is float32"}},
        ErrorCase{"npy_suite/expected_npy_shape.yaml",
                  "7:15",
                  "expected",
                  {"row_sums.npy has shape [2]", "output 0 is [2,1]"}}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) {
      std::string name = info.param.file;
      name = name.substr(0, name.find('.'));
      for (char& ch : name) {
        if (ch == '/') ch = '_';
      }
      return name;
    });

TEST(CaseLoader, MissingFileAndDirectory) {
  std::vector<Case> cases;
  Status st = LoadCaseFile(Fixture("no_such_file.yaml"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("no_such_file.yaml"), std::string::npos);
  st = LoadCaseDir(Fixture("no_such_dir"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_EQ(LoadCaseFile(Fixture("valid_suite.yaml"), nullptr).code(), ErrorCode::kInvalidParam);
  // Not a regular file: refused by what it is, never read (/dev/zero would never end).
  st = LoadCaseFile("/dev/zero", &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("/dev/zero is a character device"), std::string::npos)
      << st.message();
}

TEST(CaseLoader, DirectoryRejectsTheSameCaseNameInTwoFiles) {
  std::vector<Case> cases;
  const Status st = LoadCaseDir(Fixture("dup_suite"), &cases);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("b.yaml:3:5"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("same/a/ReduceSum/float32/ascend910b"), std::string::npos)
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
  // The scan checks what it reads and the YAML rules every loader shares: the first fixture that
  // breaks one (a key given twice, before any fixture without 'cases:') stops it.
  const Status st = ListCaseEntries(Fixture(""), &entries);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("duplicate_attr.yaml:5:24: 'axes': the key appears twice"),
            std::string::npos)
      << st.message();
  EXPECT_EQ(entries.size(), 2u);
  std::vector<CaseEntry> shipped;
  ASSERT_TRUE(ListCaseEntries(DefaultCaseDir(), &shipped).ok());
  EXPECT_GT(shipped.size(), 50u);
}

TEST(CaseLoader, ExplicitKnownDevicesReplaceTheProfiles) {
  std::vector<Case> cases;
  CaseLoadOptions options;
  options.known_devices = {"ascend910a"};
  const Status st = LoadCaseFile(Fixture("valid_suite.yaml"), &cases, options);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("unknown device 'ascend910b'"), std::string::npos) << st.message();
}

TEST(CaseLoader, ASelectionExpandsOnlyTheCasesItAccepts) {
  std::vector<Case> all;
  ASSERT_TRUE(LoadCaseFile(Fixture("valid_suite.yaml"), &all).ok());
  CaseLoadOptions options;
  std::vector<std::string> asked;
  options.select = [&](const std::string& full_name) {
    asked.push_back(full_name);
    return full_name.starts_with("fixture/pattern/") && full_name.ends_with("/ascend310p");
  };
  std::vector<Case> selected;
  ASSERT_TRUE(LoadCaseFile(Fixture("valid_suite.yaml"), &selected, options).ok());
  // Every name the whole load makes was offered to the selection.
  EXPECT_EQ(asked.size(), all.size());
  // The same cases as the whole load's, in its order, with the same names and seeds.
  std::vector<const Case*> expected;
  for (const Case& c : all) {
    if (options.select(c.FullName())) expected.push_back(&c);
  }
  ASSERT_EQ(selected.size(), 8u);
  ASSERT_EQ(selected.size(), expected.size());
  for (size_t i = 0; i < selected.size(); ++i) {
    EXPECT_EQ(selected[i].FullName(), expected[i]->FullName());
    ASSERT_EQ(selected[i].inputs.size(), expected[i]->inputs.size());
    EXPECT_EQ(selected[i].inputs[0].seed, expected[i]->inputs[0].seed);
    EXPECT_EQ(selected[i].expected.size(), expected[i]->expected.size());
  }

  // A case the operator refuses is an error only in a load that selects it.
  std::vector<Case> none;
  options.select = [](const std::string&) { return false; };
  EXPECT_TRUE(LoadCaseFile(Fixture("axes_out_of_range.yaml"), &none, options).ok());
  EXPECT_TRUE(none.empty());
  options.select = [](const std::string& name) { return name.ends_with("/ascend910b"); };
  const Status st = LoadCaseFile(Fixture("axes_out_of_range.yaml"), &none, options);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("is refused"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace opsim::cases
