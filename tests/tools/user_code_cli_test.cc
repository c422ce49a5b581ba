// User code that goes wrong, seen from the command line (issue 24): `opsim exec` exits non-zero
// with the op's message and writes no output; an attribute flag matching two attributes is
// refused as ambiguous; `opsim run` fails the bad cases of a suite with their messages, runs the
// rest and prints the whole table and closing line. Five opsim processes, about 0.3 s.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tools/cli_fixture.h"

#if defined(OPSIM_USER_FAULTS_LIBRARY)
namespace opsim {
namespace {

using testing::LastLine;
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

TEST_F(UserCodeCli, RunFailsTheBadCasesAndRunsTheRest) {
  const Result r =
      Run("run --unchecked" + kLib +
          "tests/op_api/testdata/cases/user_faults/suite.yaml --report " + Path("r.json"));
  EXPECT_EQ(r.rc, 1) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "2 passed, 3 failed") << r.out;
  for (const char* message :
       {"stage InferShape: std::runtime_error: UserFault's InferShape gave up",
        "stage tiling: std::out_of_range: tile index 7 out of range", "UserFault's kernel threw"}) {
    EXPECT_NE(r.out.find(message), std::string::npos) << message << "\n" << r.out;
  }
  EXPECT_NE(r.out.find("user_faults/passes_after_the_others/UserFault/float32/ascend910b"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace opsim
#endif
