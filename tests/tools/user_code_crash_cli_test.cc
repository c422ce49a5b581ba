// A user's host code that crashes or exits, seen from the command line (issue 24): `opsim exec`
// exits non-zero with the op's message and writes no output; `opsim run` fails each crashing case
// of a suite with its message, runs the rest and prints the whole table and closing line; so for
// exit(0) in a tiling function or a kernel. exit() from a thread of the user's own ends opsim with
// status 70 and a message, never with the status the user code chose. Seven opsim processes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tools/cli_fixture.h"

#if defined(OPSIM_HOST_CRASH_LIBRARY)
namespace opsim {
namespace {

using testing::LastLine;
using testing::OpsimCli;
using testing::Result;

const std::string kCrashLib = std::string(" --library ") + OPSIM_HOST_CRASH_LIBRARY + " ";

class UserCodeCrashCli : public OpsimCli {
 protected:
  void SetUp() override {
    OpsimCli::SetUp();
    x_ = WriteArray("x.npy", "<f4", {4}, std::vector<float>{1, 2, 3, 4});
  }
  std::string Exec(const std::string& where) const {
    return "exec" + kCrashLib + "--op HostCrash --input " + x_ + " --output " + Path("y.npy") +
           " --attr where=" + where;
  }
  std::string x_;
};

TEST_F(UserCodeCrashCli, ExecReportsTheCrashAndWritesNothing) {
  const size_t files = FileCount();
  const Result r = Run(Exec("tiling-null"));
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(
      r.err.find("HostCrash: user code crashed at stage tiling: SIGSEGV: an access to 0x10, "
                 "where nothing is mapped (library " +
                 std::string(OPSIM_HOST_CRASH_LIBRARY) + ", function HostCrashStoreThroughNull())"),
      std::string::npos)
      << r.err;
  EXPECT_EQ(FileCount(), files);
}

TEST_F(UserCodeCrashCli, RunFailsTheCrashingCasesAndRunsTheRest) {
  const Result r =
      Run("run --unchecked" + kCrashLib +
          "tests/op_api/testdata/cases/host_crashes/suite.yaml --report " + Path("r.json"));
  EXPECT_EQ(r.rc, 1) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "2 passed, 7 failed") << r.out;
  for (const char* message :
       {"user code crashed at stage tiling: SIGSEGV: an access to 0x10",
        "user code crashed at stage tiling: SIGFPE: integer division by zero",
        "user code crashed at stage InferShape: SIGABRT: user code called abort()",
        "user code crashed at stage InferShape: SIGSEGV", "the stack overflowed",
        "user code crashed at stage InferDataType: SIGILL",
        "user code crashed at stage tiling: user code called exit(0)",
        "the kernel called exit(0), which would have ended the process",
        "host_crashes/passes_after_the_others/HostCrash/float32/ascend910b"}) {
    EXPECT_NE(r.out.find(message), std::string::npos) << message << "\n" << r.out;
  }
  const nlohmann::json report = nlohmann::json::parse(testing::ReadText(Path("r.json")));
  EXPECT_EQ(report["passed"], 2);
  EXPECT_EQ(report["failed"], 7);
}

TEST_F(UserCodeCrashCli, ExitInUserCodeIsTheOpsFailureNotTheProcesss) {
  const size_t files = FileCount();
  Result r = Run(Exec("tiling-exit"));
  EXPECT_EQ(r.rc, 1) << r.err;
  EXPECT_NE(r.err.find("HostCrash: user code crashed at stage tiling: user code called exit(0), "
                       "which would have ended the process"),
            std::string::npos)
      << r.err;
  r = Run(Exec("kernel-exit"));
  EXPECT_EQ(r.rc, 1) << r.err;
  EXPECT_NE(r.err.find("AI Core exception on core 0 (block 0): the kernel called exit(0)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(FileCount(), files);
  r = Run(Exec("tiling-thread"));  // a thread of the user's own: nothing to go back to
  EXPECT_EQ(r.rc, 70) << r.err;
  EXPECT_NE(r.err.find("opsim: exit(5) called while user code was running on another thread: "
                       "treated as a failure"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(FileCount(), files);
  r = Run(Exec("nowhere"));  // the same op, well behaved
  EXPECT_EQ(r.rc, 0) << r.err;
}

}  // namespace
}  // namespace opsim
#endif
