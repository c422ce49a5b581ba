// The CLI doors for operators of a user library (the public sample projects, built in the tree):
// --library, OPSIM_OP_LIBRARIES, exec by name and position with typed --attr, graph, bench, and
// their errors (no output file is ever left behind).
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "opsim/core/float16.h"
#include "tools/cli_fixture.h"

#if defined(OPSIM_SAMPLE_ADD_LIBRARY)

namespace opsim {
namespace {

using testing::OpsimCli;
using testing::Result;

const std::string kAdd = std::string(" --library ") + OPSIM_SAMPLE_ADD_LIBRARY + " ";
const std::string kLeaky = std::string(" --library ") + OPSIM_SAMPLE_LEAKY_LIBRARY + " ";

class OpDefCli : public OpsimCli {
 protected:
  void SetUp() override {
    OpsimCli::SetUp();
    std::vector<uint16_t> x(8 * 2048), y(8 * 2048);
    for (size_t i = 0; i < x.size(); ++i) {
      x[i] = FloatToHalfBits(static_cast<float>(i % 17) - 8);
      y[i] = FloatToHalfBits(0.25f * static_cast<float>(i % 5));
    }
    x_ = WriteArray("x.npy", "<f2", {8, 2048}, x);
    y_ = WriteArray("y.npy", "<f2", {8, 2048}, y);
    std::vector<float> f(8 * 2048);
    for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<float>(i % 13) - 6;
    f_ = WriteArray("f.npy", "<f4", {8, 2048}, f);
  }
  std::string x_, y_, f_;
};

TEST_F(OpDefCli, ExecByNameAndByPosition) {
  Result r = Run("exec" + kAdd + "--op AddCustom --input y=" + y_ + " --input x=" + x_ +
                 " --output " + Path("z.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray z;
  const std::vector<uint16_t> zs = ReadArray<uint16_t>(Path("z.npy"), &z);
  EXPECT_EQ(z.descr, "<f2");
  for (size_t i = 0; i < zs.size(); ++i) {
    const float want = (static_cast<float>(i % 17) - 8) + 0.25f * static_cast<float>(i % 5);
    ASSERT_EQ(HalfBitsToFloat(zs[i]), want) << i;
  }
}

TEST_F(OpDefCli, ExecWritesBackAnInputNamedAsOutput) {
  // Ops that update an input in place (ScatterSub's var) have their result there.
  Result r = Run("exec" + kAdd + "--op AddCustom --input x=" + x_ + " --input y=" + y_ +
                 " --output z=" + Path("z.npy") + " --output x=" + Path("x_after.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray before, after;
  EXPECT_EQ(ReadArray<uint16_t>(x_, &before), ReadArray<uint16_t>(Path("x_after.npy"), &after));
  const size_t files = FileCount();
  r = Run("exec" + kAdd + "--op AddCustom --input x=" + x_ + " --input y=" + y_ +
          " --output z=" + Path("w.npy") + " --output x=" + Path("w.npy"));
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("the file is named twice"), std::string::npos) << r.err;
  EXPECT_EQ(FileCount(), files);
}

TEST_F(OpDefCli, ExecTakesTypedAttributesAndLibrariesFromTheEnvironment) {
  Result r = Run(std::string("exec --op LeakyReluCustom --attr negative_slope=0.5 --input ") + f_ +
                 " --output " + Path("g.npy") + kLeaky);
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray g;
  const std::vector<float> gs = ReadArray<float>(Path("g.npy"), &g);
  for (size_t i = 0; i < gs.size(); ++i) {
    const float v = static_cast<float>(i % 13) - 6;
    ASSERT_EQ(gs[i], v > 0 ? v : v * 0.5f) << i;
  }
  r = Run(std::string("exec --op AddCustom --input ") + x_ + " --input " + y_ + " --output " +
          Path("e.npy") + " 2>/dev/null; OPSIM_OP_LIBRARIES=" + OPSIM_SAMPLE_ADD_LIBRARY + " '" +
          OPSIM_BINARY + "' exec --op AddCustom --input " + x_ + " --input " + y_ + " --output " +
          Path("e.npy"));
  EXPECT_EQ(r.rc, 0) << r.err;
}

TEST_F(OpDefCli, ExecErrorsLeaveNoFile) {
  const size_t files = FileCount();
  struct Case {
    std::string args;
    int rc;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"--op AddCustom --input w=" + x_ + " --input " + y_ + " --output " + Path("z.npy"), 2,
       "the op has no input named 'w' (it has x, y)"},
      {"--op AddCustom --input " + x_ + " --output " + Path("z.npy"), 2, "no file for input 'y'"},
      {"--op AddCustom --input " + x_ + " --input " + y_ + " --input " + y_ + " --output " +
           Path("z.npy"),
       2, "more files than the op's 2 inputs"},
      {"--op AddCustom --input " + f_ + " --input " + f_ + " --output " + Path("z.npy"), 1,
       "input 0 (x) dtype float32 is not supported (the OpDef allows float16)"},
      {"--op AddCustom --input x=" + x_ + " --input x=" + y_ + " --output " + Path("z.npy"), 2,
       "'x' is given twice"},
  };
  for (const Case& c : cases) {
    const Result r = Run("exec" + kAdd + c.args);
    EXPECT_EQ(r.rc, c.rc) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
  const Result attr = Run("exec" + kLeaky + "--op LeakyReluCustom --attr negative_slope=steep " +
                          "--input " + f_ + " --output " + Path("g.npy"));
  EXPECT_EQ(attr.rc, 2);
  EXPECT_NE(attr.err.find("--attr negative_slope = 'steep': not a number"), std::string::npos)
      << attr.err;
  EXPECT_EQ(FileCount(), files);
}

// --output-shape: the caller's shape replaces InferShape's (z is x's [8, 2048] by its
// InferShape): the tensor is allocated and written at [16, 2048]; the kernel computes its first
// half (checked mode would report the rest as written by no block).
TEST_F(OpDefCli, ExecTakesTheCallersOutputShape) {
  Result r = Run("exec" + kAdd + "--op AddCustom --input " + x_ + " --input " + y_ +
                 " --output-shape z=16,2048 --output " + Path("z.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray z;
  const std::vector<uint16_t> zs = ReadArray<uint16_t>(Path("z.npy"), &z);
  EXPECT_EQ(z.shape, (std::vector<int64_t>{16, 2048}));
  for (size_t i = 0; i < 8 * 2048; ++i) {
    const float want = (static_cast<float>(i % 17) - 8) + 0.25f * static_cast<float>(i % 5);
    ASSERT_EQ(HalfBitsToFloat(zs[i]), want) << i;
  }
  r = Run("exec" + kAdd + "--checked --op AddCustom --input " + x_ + " --input " + y_ +
          " --output-shape z=16,2048 --output " + Path("c.npy"));
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("output 'z' bytes [32768, 65536) of 65536 B were written by no block"),
            std::string::npos)
      << r.err;
}

TEST_F(OpDefCli, ExecOutputShapeErrorsNameTheValueAndTheRule) {
  const size_t files = FileCount();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"q=8,2048", "--output-shape q=8,2048: AddCustom has no output named 'q' (its outputs: z)"},
      {"z", "--output-shape z: expected NAME=d0,d1,..."},
      {"=8", "--output-shape =8: expected NAME=d0,d1,..."},
      {"z=", "--output-shape z=: no dims after '='"},
      {"z=8,,2048", "--output-shape z=8,,2048: dim '' is not an integer"},
      {"z=8,x", "--output-shape z=8,x: dim 'x' is not an integer"},
      {"z=8,-2048", "--output-shape z=8,-2048: dim -2048 is negative"},
      {"z=1,1,1,1,1,1,1,1,1", "--output-shape z=1,1,1,1,1,1,1,1,1: 9 dims (at most 8)"},
      {"z=8,2048 --output-shape z=8,2048", "--output-shape z=8,2048: 'z' is given twice"},
  };
  for (const auto& [spec, message] : cases) {
    const Result r = Run("exec" + kAdd + "--op AddCustom --input " + x_ + " --input " + y_ +
                         " --output-shape " + spec + " --output " + Path("z.npy"));
    EXPECT_EQ(r.rc, 2) << spec << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
  EXPECT_EQ(FileCount(), files);
}

// --output-dtype: with the inputs' types it chooses the column (AddCustom has one: z float16;
// tests/op_api/caller_output_dtype_test.cc chooses among several), and a bad one is refused
// naming the value and the rule, with no file written.
TEST_F(OpDefCli, ExecOutputDTypeChoosesTheColumnOrNamesTheRule) {
  Result r = Run("exec" + kAdd + "--op AddCustom --input " + x_ + " --input " + y_ +
                 " --output-dtype z=float16 --output " + Path("z.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray z;
  (void)ReadArray<uint16_t>(Path("z.npy"), &z);
  EXPECT_EQ(z.descr, "<f2");
  const size_t files = FileCount();
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"q=float16", 2,
       "--output-dtype q=float16: AddCustom has no output named 'q' (its outputs: z)"},
      {"z=float65", 2, "--output-dtype z=float65: 'float65' is no dtype opsim can hold (one of "},
      {"z", 2, "--output-dtype z: expected NAME=DTYPE"},
      {"z=", 2, "--output-dtype z=: expected NAME=DTYPE"},
      {"=float16", 2, "--output-dtype =float16: expected NAME=DTYPE"},
      {"z=float16 --output-dtype z=float16", 2, "--output-dtype z=float16: 'z' is given twice"},
      {"z=float32", 1,
       "AddCustom: no dtype column fits the inputs (x=float16, y=float16) with the output types "
       "the caller gives (z=float32); with these inputs the OpDef allows z float16"},
  };
  for (const auto& [spec, rc, message] : cases) {
    r = Run("exec" + kAdd + "--op AddCustom --input " + x_ + " --input " + y_ + " --output-dtype " +
            spec + " --output " + Path("w.npy"));
    EXPECT_EQ(r.rc, rc) << spec << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
  EXPECT_EQ(FileCount(), files);
}

TEST_F(OpDefCli, LibraryErrorsAreClear) {
  Result r = Run("exec --library /nonexistent/libops.so --op AddCustom --input a --output b");
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("/nonexistent/libops.so cannot be loaded"), std::string::npos) << r.err;
  r = Run("exec --library " + f_ + " --op AddCustom --input a --output b");
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("cannot be loaded"), std::string::npos) << r.err;
  r = Run("exec" + kAdd + kAdd + "--op AddCustom --input a --output b");
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("defines no operator"), std::string::npos) << r.err;
}

TEST_F(OpDefCli, GraphOfTwoChainedNodes) {
  const Result r =
      Run("graph" + kAdd + "tests/op_api/testdata/add_custom_chain.yaml --input x=" + x_ +
          " --input y=" + y_ + " --output w=" + Path("w.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray w;
  const std::vector<uint16_t> ws = ReadArray<uint16_t>(Path("w.npy"), &w);
  for (size_t i = 0; i < ws.size(); ++i) {
    const float want = (static_cast<float>(i % 17) - 8) + 0.5f * static_cast<float>(i % 5);
    ASSERT_EQ(HalfBitsToFloat(ws[i]), want) << i;
  }
}

TEST_F(OpDefCli, BenchTakesOneShapePerInput) {
  Result r = Run("bench" + kAdd + "--op AddCustom --shape 8,2048 --shape 8,2048 --dtype float16 " +
                 "--repeat 2 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("\"op\":\"AddCustom\""), std::string::npos) << r.out;
  r = Run("bench" + kAdd + "--op AddCustom --shape 8,2048 --dtype float16");
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("AddCustom has 2 inputs (2 required); give one --shape per input, in "
                       "order (1 given)"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace opsim

#endif
