// User code that goes wrong, seen from the command line (issue 24): `opsim exec` exits non-zero
// with the op's message and writes no output; an attribute flag matching two attributes is
// refused as ambiguous. `opsim run` over these cases: user_code_crash_cli_test.cc, which runs
// every class of failure in one process.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tools/cli_fixture.h"

#if defined(OPSIM_USER_FAULTS_LIBRARY)
namespace opsim {
namespace {

using testing::OpsimCli;
using testing::Result;

const std::string kLib = std::string(" --library ") + OPSIM_USER_FAULTS_LIBRARY + " ";

class UserCodeCli : public OpsimCli {
 protected:
  void SetUp() override {
    OpsimCli::SetUp();
    x_ = WriteArray("x.npy", "<f4", {4}, std::vector<float>{1, 2, 3, 4});
  }
  std::string Exec(const std::string& extra) const {
    return "exec" + kLib + "--op UserFault --input " + x_ + " --output " + Path("y.npy") + " " +
           extra;
  }
  std::string x_;
};

TEST_F(UserCodeCli, ExecReportsUserCodeThatThrewAndWritesNothing) {
  const size_t files = FileCount();
  Result r = Run(Exec("--attr where=tiling"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("UserFault: user code threw at stage tiling: std::out_of_range: tile "
                       "index 7 out of range (library "),
            std::string::npos)
      << r.err;
  r = Run(Exec("--attr where=infershape"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("stage InferShape: std::runtime_error: UserFault's InferShape gave up"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(FileCount(), files);
  r = Run(Exec(""));  // the same op, well behaved
  EXPECT_EQ(r.rc, 0) << r.err;
}

TEST_F(UserCodeCli, AFlagMatchingTwoAttributesIsAmbiguous) {
  const size_t files = FileCount();
  const Result r = Run(Exec("--level 1"));
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("--level is ambiguous: it matches the attributes 'level' and 'Level' of "
                       "UserFault (flags ignore case, '-' and '_'); use --attr Level=1 or --attr "
                       "level=1"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(FileCount(), files);
}

}  // namespace
}  // namespace opsim
#endif
