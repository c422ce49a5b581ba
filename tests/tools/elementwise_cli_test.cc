// The elementwise operators through `opsim exec` (opsim's own ops, no --library): broadcasting
// by the OpDef's input names, Cast's `to` as a flag, and the errors (integer division by zero,
// a dtype Cast does not know) leaving no output file.
#include <gtest/gtest.h>

#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "tools/cli_fixture.h"

namespace opsim {
namespace {

using testing::OpsimCli;
using testing::Result;

class ElementwiseCli : public OpsimCli {};

TEST_F(ElementwiseCli, DivBroadcastsAndTruncatesTowardZero) {
  const std::string a =
      WriteArray("a.npy", "<i4", {2, 3}, std::vector<int32_t>{7, -7, 9, 10, 11, -12});
  const std::string b = WriteArray("b.npy", "<i4", {3}, std::vector<int32_t>{2, 2, -5});
  Result r = Run("exec --op Div --input A=" + a + " --input B=" + b +
                 " --output C=" + Path("c.npy") + " --checked");
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray c;
  EXPECT_EQ(ReadArray<int32_t>(Path("c.npy"), &c), (std::vector<int32_t>{3, -3, -1, 5, 5, 2}));
  EXPECT_EQ(c.shape, (std::vector<int64_t>{2, 3}));
}

TEST_F(ElementwiseCli, IntegerDivisionByZeroIsAnErrorAndWritesNothing) {
  const std::string a = WriteArray("a.npy", "<i4", {2, 3}, std::vector<int32_t>{1, 2, 3, 4, 5, 6});
  const std::string b = WriteArray("b.npy", "<i4", {3}, std::vector<int32_t>{1, 0, 1});
  Result r =
      Run("exec --op Div --input A=" + a + " --input B=" + b + " --output C=" + Path("c.npy"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("Div: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("integer division by zero"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(Path("c.npy")));
}

TEST_F(ElementwiseCli, CastTakesToAsAFlagAndRefusesAnUnknownDtype) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::string f =
      WriteArray("f.npy", "<f4", {4}, std::vector<float>{nan, -3e9f, 2.7f, -2.7f});
  Result r = Run("exec --op Cast --to 6 --input " + f + " --output " + Path("i.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray i;
  EXPECT_EQ(ReadArray<int32_t>(Path("i.npy"), &i),
            (std::vector<int32_t>{INT32_MIN, INT32_MIN, 2, -2}));
  r = Run("exec --op Cast --attr to=8 --input " + f + " --output " + Path("s.npy"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("Cast: attribute 'to' = 8 is not an ONNX dtype opsim holds"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(Path("s.npy")));
}

}  // namespace
}  // namespace opsim
