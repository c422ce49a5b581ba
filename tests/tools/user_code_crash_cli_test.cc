// A user's host code that crashes or exits, seen from the command line (issue 24): `opsim exec`
// exits non-zero with the op's message and writes no output, for exit(0) in a tiling function or a
// kernel too; `opsim run` fails each bad case of every class with its message, runs the rest and
// prints the whole table and closing line. exit() from a thread of the user's own ends opsim with
// status 70 and a message, never with the status the user code chose. Seven opsim processes,
// about 3.5 s (the spinning case waits for its watchdog).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tools/cli_fixture.h"

#if defined(OPSIM_HOST_CRASH_LIBRARY) && defined(OPSIM_USER_FAULTS_LIBRARY)
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

// One run meets every way user code goes wrong (issue 24): exceptions and lies in host code and
// kernels (user_faults), kernels that crash or spin (kernel_faults), host code that crashes or
// exits and a kernel that exits (host_crashes). Each bad case fails with its message, every
// other case passes, and the table, report and closing line are whole. One case waits for a 3 s
// watchdog: every launch of the run has that limit, and a passing one must not meet it on a
// loaded machine.
TEST_F(UserCodeCrashCli, OneRunSurvivesEveryClassOfUserCodeFailure) {
  const std::string suites = "tests/op_api/testdata/cases/";
  const Result r = Run("run --unchecked --launch-timeout 3" + kCrashLib + "--library " +
                       OPSIM_USER_FAULTS_LIBRARY + " " + suites + "user_faults/suite.yaml " +
                       suites + "kernel_faults/suite.yaml " + suites +
                       "host_crashes/suite.yaml --report " + Path("r.json"));
  EXPECT_EQ(r.rc, 1) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "6 passed, 14 failed") << r.out;
  for (const char* message : {
           "stage InferShape: std::runtime_error: UserFault's InferShape gave up",
           "stage tiling: std::out_of_range: tile index 7 out of range",
           "UserFault's kernel threw",
           "AI Core exception on core 0 (block 0): SIGFPE: integer division by zero",
           "SIGSEGV: an access to 0x10, where nothing is mapped",
           "SIGABRT: the kernel called abort()",
           "the launch ran past its host wall-clock limit of 3 s",
           "user code crashed at stage tiling: SIGSEGV: an access to 0x10",
           "user code crashed at stage tiling: SIGFPE: integer division by zero",
           "user code crashed at stage InferShape: SIGABRT: user code called abort()",
           "the stack overflowed",
           "user code crashed at stage InferDataType: SIGILL",
           "user code crashed at stage tiling: user code called exit(0)",
           "the kernel called exit(0), which would have ended the process",
       }) {
    EXPECT_NE(r.out.find(message), std::string::npos) << message << "\n" << r.out;
  }
  for (const char* suite : {"user_faults", "kernel_faults", "host_crashes"}) {
    const std::string last = std::string(suite) + "/passes_after_the_others/";
    EXPECT_NE(r.out.find(last), std::string::npos) << last << "\n" << r.out;
  }
  const nlohmann::json report = nlohmann::json::parse(testing::ReadText(Path("r.json")));
  EXPECT_EQ(report["passed"], 6);
  EXPECT_EQ(report["failed"], 14);
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
