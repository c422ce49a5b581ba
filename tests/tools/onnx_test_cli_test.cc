// `opsim onnx-test` end to end on copies of the shared ONNX conformance folders: a pass, a skip
// naming the op, a failure naming the first mismatch, a truncated model, and --require-pass.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace opsim {
namespace {

namespace fs = std::filesystem;

const fs::path kConformance = fs::path(OPSIM_SOURCE_DIR) / ".." / "shared" / "conformance" / "onnx";

struct OnnxCliResult {
  int rc = -1;
  std::string out;
};

class OnnxTestCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kConformance / "test_reduce_sum_keepdims_example")) {
      GTEST_SKIP() << kConformance << " is not here";
    }
    char tmpl[] = "/tmp/opsim_onnx_cli_test_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // The folder with its ReduceMean renamed ReduceMeen (same length: the protobuf stays valid),
  // an op no OpDef defines.
  fs::path CopyWithUnknownOp(const std::string& name) const {
    const fs::path folder = Copy(name);
    std::ifstream in(folder / "model.onnx", std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    const size_t at = bytes.find("ReduceMean");
    if (at != std::string::npos) bytes.replace(at, 10, "ReduceMeen");
    std::ofstream(folder / "model.onnx", std::ios::binary | std::ios::trunc) << bytes;
    return folder;
  }

  fs::path Copy(const std::string& name) const {
    fs::copy(kConformance / name, dir_ / name, fs::copy_options::recursive);
    return dir_ / name;
  }

  OnnxCliResult Run(const std::string& args) const {
    const fs::path out = dir_ / "stdout.txt";
    const std::string cmd = std::string("OPSIM_CONFIG_DIR='") + OPSIM_SOURCE_DIR + "/configs' '" +
                            OPSIM_BINARY + "' onnx-test " + args + " >'" + out.string() + "' 2>&1";
    const int status = std::system(cmd.c_str());
    OnnxCliResult r;
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream f(out);
    std::stringstream s;
    s << f.rdbuf();
    r.out = s.str();
    fs::remove(out);
    return r;
  }

  fs::path dir_;
};

TEST_F(OnnxTestCli, PassingFolder) {
  const OnnxCliResult r = Run((kConformance / "test_reduce_sum_keepdims_example").string());
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_NE(r.out.find("PASS test_reduce_sum_keepdims_example\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 passed, 0 failed, 0 skipped"), std::string::npos) << r.out;
}

TEST_F(OnnxTestCli, SkippedFolderNamesTheOp) {
  CopyWithUnknownOp("test_reduce_mean_keepdims_example");
  Copy("test_reduce_max_bool_inputs");
  const OnnxCliResult r = Run(dir_.string());
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_NE(r.out.find("SKIP test_reduce_mean_keepdims_example: unsupported op ReduceMeen"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("PASS test_reduce_max_bool_inputs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 passed, 0 failed, 1 skipped"), std::string::npos) << r.out;
}

// The product's expected output in the sum's folder (same shape and dtype): a value mismatch.
TEST_F(OnnxTestCli, MismatchNamesOutputElementAndValues) {
  const fs::path sum = Copy("test_reduce_sum_keepdims_example");
  fs::copy_file(
      kConformance / "test_reduce_prod_keepdims_example" / "test_data_set_0" / "output_0.pb",
      sum / "test_data_set_0" / "output_0.pb", fs::copy_options::overwrite_existing);
  const OnnxCliResult r = Run(sum.string());
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL test_reduce_sum_keepdims_example: test_data_set_0: output 0 "
                       "(reduced) element 0: got 4, expected 3"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0 passed, 1 failed, 0 skipped"), std::string::npos) << r.out;
}

TEST_F(OnnxTestCli, ShapeMismatchIsReported) {
  const fs::path sum = Copy("test_reduce_sum_keepdims_example");
  fs::copy_file(
      kConformance / "test_reduce_sum_do_not_keepdims_example" / "test_data_set_0" / "output_0.pb",
      sum / "test_data_set_0" / "output_0.pb", fs::copy_options::overwrite_existing);
  const OnnxCliResult r = Run(sum.string());
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_NE(r.out.find("shape [3,1,2], expected [3,2]"), std::string::npos) << r.out;
}

TEST_F(OnnxTestCli, TruncatedModelFailsCleanly) {
  const fs::path sum = Copy("test_reduce_sum_keepdims_example");
  fs::resize_file(sum / "model.onnx", fs::file_size(sum / "model.onnx") / 2);
  const OnnxCliResult r = Run(sum.string());
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL test_reduce_sum_keepdims_example: OPSIM_IO_ERROR"), std::string::npos)
      << r.out;
}

TEST_F(OnnxTestCli, RequirePass) {
  CopyWithUnknownOp("test_reduce_mean_keepdims_example");
  Copy("test_reduce_min_keepdims_example");
  // A required folder that is skipped fails the run; so does a regex that matches nothing.
  OnnxCliResult r = Run(dir_.string() + " --require-pass '^test_reduce_(min|mean)_'");
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_NE(r.out.find("1 of 2 matching folders passed"), std::string::npos) << r.out;
  r = Run(dir_.string() + " --require-pass '^nothing'");
  EXPECT_EQ(r.rc, 1) << r.out;
  r = Run(dir_.string() + " --require-pass '^test_reduce_min_'");
  EXPECT_EQ(r.rc, 0) << r.out;
  r = Run(dir_.string() + " --require-pass '^test_reduce_min_' --require-pass-count 2");
  EXPECT_EQ(r.rc, 1) << r.out;
}

TEST_F(OnnxTestCli, FolderWithoutModelsIsAUsageError) {
  fs::create_directories(dir_ / "empty");
  const OnnxCliResult r = Run((dir_ / "empty").string());
  EXPECT_EQ(r.rc, 2) << r.out;
  EXPECT_NE(r.out.find("holds no model.onnx"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace opsim
