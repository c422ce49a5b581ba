// A user library's ops through `opsim exec`. int4 (a DT_INT4 column): --dtype int4 says the |i1
// files hold int4 values, packed two a byte for the kernel; int4 outputs are written back as |i1.
// Lists (ops-nn's foreach form): a DYNAMIC output takes one --output file per tensor, in order,
// and a DYNAMIC input updated in place is written back the same way.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "tools/cli_fixture.h"

#if defined(OPSIM_ACLNN_KINDS_LIBRARY)
namespace exec_int4_cli_test {
namespace {

using opsim::testing::OpsimCli;
using opsim::testing::Result;

const std::string kLib = std::string(" --library ") + OPSIM_ACLNN_KINDS_LIBRARY + " ";

// The float16 bits of a small integer (exact in half).
uint16_t HalfBits(int8_t v) {
  if (v == 0) return 0;
  const uint16_t sign = v < 0 ? 0x8000 : 0;
  int m = v < 0 ? -v : v, e = 0;
  while ((m >> e) > 1) ++e;
  const int mantissa = (m - (1 << e)) << (10 - e);
  return static_cast<uint16_t>(sign | (e + 15) << 10 | mantissa);
}

class ExecInt4Cli : public OpsimCli {
 protected:
  std::string Values(std::vector<int8_t>* values) const {
    for (int i = 0; i < 64; ++i) values->push_back(static_cast<int8_t>(i % 16 - 8));
    return WriteArray("x.npy", "|i1", {8, 8}, *values);
  }
};

TEST_F(ExecInt4Cli, PackedForTheKernelAndWrittenBackOneAByte) {
  std::vector<int8_t> x;
  const std::string in = Values(&x);
  const Result r = Run("exec" + kLib + "--op AclnnKindsInt4 --checked --dtype int4 --input " + in +
                       " --output " + Path("y.npy") + " --output " + Path("z.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  opsim::npy::NpyArray y, z;
  const std::vector<uint16_t> halves = ReadArray<uint16_t>(Path("y.npy"), &y);
  EXPECT_EQ(y.descr, "<f2");
  ASSERT_EQ(halves.size(), 64u);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(halves[i], HalfBits(x[i])) << i;
  EXPECT_EQ(ReadArray<int8_t>(Path("z.npy"), &z), x);
  EXPECT_EQ(z.descr, "|i1");
  EXPECT_EQ(z.shape, (std::vector<int64_t>{8, 8}));
}

TEST_F(ExecInt4Cli, AValueOutsideInt4OrAMissingFlagIsRefused) {
  std::vector<int8_t> x(64, 0);
  x[5] = 9;
  const std::string in = WriteArray("x.npy", "|i1", {64}, x);
  const size_t files = FileCount();
  Result r = Run("exec" + kLib + "--op AclnnKindsInt4 --dtype int4 --input " + in + " --output " +
                 Path("y.npy") + " --output " + Path("z.npy"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("element 5 is 9, outside int4's [-8, 7]"), std::string::npos) << r.err;
  r = Run("exec" + kLib + "--op AclnnKindsInt4 --dtype int3 --input " + in + " --output " +
          Path("y.npy") + " --output " + Path("z.npy"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("--dtype 'int3' is not supported"), std::string::npos) << r.err;
  r = Run("exec" + kLib + "--op AclnnKindsInt4 --input " + in + " --output " + Path("y.npy") +
          " --output " + Path("z.npy"));  // int8 files for an int4 column
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("int8"), std::string::npos) << r.err;
  EXPECT_EQ(FileCount(), files);
}

// The suite door: a case's `dtypes: int4` reads its |i1 input and expected files as int4 values.
TEST_F(ExecInt4Cli, ASuiteCaseReadsAndComparesInt4Files) {
  std::vector<int8_t> x;
  Values(&x);
  std::vector<uint16_t> y;
  for (int8_t v : x) y.push_back(HalfBits(v));
  WriteArray("y.npy", "<f2", {8, 8}, y);
  WriteArray("z.npy", "|i1", {8, 8}, x);
  std::vector<int8_t> off = x;
  off[63] = 0;  // x[63] is 7
  WriteArray("z_off.npy", "|i1", {8, 8}, off);
  std::ofstream(Path("int4.yaml")) << "cases:\n"
                                      "  - {name: same, op: AclnnKindsInt4, dtypes: int4, "
                                      "devices: ascend910b, inputs: [{npy: x.npy}], "
                                      "expected: [y.npy, z.npy]}\n"
                                      "  - {name: off, op: AclnnKindsInt4, dtypes: int4, "
                                      "devices: ascend910b, inputs: [{npy: x.npy}], "
                                      "expected: [y.npy, z_off.npy]}\n";
  const Result r = Run("run" + kLib + Path("int4.yaml"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.out.find("1 passed"), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.out.find("output[63] = 0x7, expected 0x0 (exact)"), std::string::npos) << r.out;
}

// opsim has no scalar encoding of int4 and generates no int4 data: each refusal names the dtype.
TEST_F(ExecInt4Cli, ASuiteCaseWithInt4ValuesOrGeneratedDataIsRefused) {
  std::vector<int8_t> x;
  Values(&x);
  WriteArray("y.npy", "<f2", {8, 8}, std::vector<uint16_t>(64, 0));
  WriteArray("z.npy", "|i1", {8, 8}, x);
  std::string values = "0";
  for (int i = 1; i < 64; ++i) values += ", 0";
  for (const std::string& data : {"values: [" + values + "]", std::string("data: uniform")}) {
    std::ofstream(Path("int4.yaml")) << "cases:\n  - {name: c, op: AclnnKindsInt4, dtypes: int4, "
                                        "devices: ascend910b, expected: [y.npy, z.npy], "
                                        "inputs: [{shape: [8, 8], "
                                     << data << "}]}\n";
    const Result r = Run("run" + kLib + Path("int4.yaml"));
    EXPECT_NE(r.rc, 0);
    const std::string rule = data.find("values") != std::string::npos
                                 ? "dtype int4 has no value encoding"
                                 : "opsim generates no int4 data (give the tensor as an npy file)";
    EXPECT_NE((r.out + r.err).find(rule), std::string::npos) << r.out << r.err;
  }
}

}  // namespace
class ExecListCli : public OpsimCli {
 protected:
  // x<i>.npy holds 8 * (i + 1) floats of value i + 1; the list's files in order.
  std::string Inputs(int n) const {
    std::string flags;
    for (int i = 0; i < n; ++i) {
      const std::vector<float> v(8 * (i + 1), static_cast<float>(i + 1));
      flags += " --input x=" + WriteArray("x" + std::to_string(i) + ".npy", "<f4",
                                          {static_cast<int64_t>(v.size())}, v);
    }
    return flags;
  }
};

TEST_F(ExecListCli, EachTensorOfADynamicOutputGoesToItsFile) {
  const Result r = Run("exec" + kLib + "--op AclnnKindsForeach --checked" + Inputs(3) +
                       " --output y=" + Path("y0.npy") + " --output y=" + Path("y1.npy") +
                       " --output y=" + Path("y2.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  for (int i = 0; i < 3; ++i) {
    opsim::npy::NpyArray a;
    const std::vector<float> y = ReadArray<float>(Path("y" + std::to_string(i) + ".npy"), &a);
    EXPECT_EQ(a.shape, (std::vector<int64_t>{8 * (i + 1)}));
    EXPECT_EQ(y, std::vector<float>(8 * (i + 1), 2.0f * (i + 1))) << i;
  }
}

TEST_F(ExecListCli, ADynamicInputIsWrittenBackOneFileATensor) {
  const std::string inputs = Inputs(2);
  const Result r = Run("exec" + kLib + "--op AclnnKindsForeachZero --checked" + inputs +
                       " --output x=" + Path("z0.npy") + " --output x=" + Path("z1.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  opsim::npy::NpyArray a;
  EXPECT_EQ(ReadArray<float>(Path("z1.npy"), &a), std::vector<float>(16, 0.0f));
  // One file for a list of two tensors: refused, naming the input and both counts.
  const size_t files = FileCount();
  const Result one =
      Run("exec" + kLib + "--op AclnnKindsForeachZero" + inputs + " --output x=" + Path("w.npy"));
  EXPECT_NE(one.rc, 0);
  EXPECT_NE(one.err.find("1 files to write the DYNAMIC input 'x' back to, but it has 2 tensors"),
            std::string::npos)
      << one.err;
  EXPECT_EQ(FileCount(), files);
}

TEST_F(ExecListCli, AnOutputListOfAnotherLengthOrNoneIsRefused) {
  const std::string inputs = Inputs(2);
  const size_t files = FileCount();
  Result r = Run("exec" + kLib + "--op AclnnKindsForeach" + inputs + " --output y=" +
                 Path("y0.npy"));  // the op's InferShape wants as many outputs as inputs
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("AclnnKindsForeach: its InferShape function failed"), std::string::npos)
      << r.err;
  r = Run("exec" + kLib + "--op AclnnKindsForeach" + inputs);
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("--output is required"), std::string::npos) << r.err;
  EXPECT_EQ(FileCount(), files);
}

}  // namespace exec_int4_cli_test
#endif
