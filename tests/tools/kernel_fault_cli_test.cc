// Kernels that crash or spin, seen from the command line (issue 24): `opsim exec` exits non-zero
// with the AI Core exception naming the core and writes no output; `opsim run` fails each bad
// case of a suite with its message, runs the rest and prints the whole table and closing line.
// Three opsim processes, about 3.5 s (one case waits for a 3 s watchdog: every launch of the run
// has that limit, and a passing one must not meet it on a loaded machine).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

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

class KernelFaultCli : public OpsimCli {};

TEST_F(KernelFaultCli, ExecReportsTheExceptionAndWritesNothing) {
  const std::string x = WriteArray("x.npy", "<f4", {4}, std::vector<float>{1, 2, 3, 4});
  const size_t files = FileCount();
  const Result r = Run("exec" + kLib + "--op UserFault --input " + x + " --output " +
                       Path("y.npy") + " --attr where=kernel-fpe");
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("AI Core exception on core 0 (block 0): SIGFPE: integer division by zero"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[aicore_exception]"), std::string::npos) << r.err;
  EXPECT_EQ(FileCount(), files);
}

TEST_F(KernelFaultCli, RunFailsTheCrashingAndSpinningCasesAndRunsTheRest) {
  const Result r =
      Run("run --unchecked --launch-timeout 3" + kLib +
          "tests/op_api/testdata/cases/kernel_faults/suite.yaml --report " + Path("r.json"));
  EXPECT_EQ(r.rc, 1) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "2 passed, 4 failed") << r.out;
  for (const char* message :
       {"SIGFPE: integer division by zero", "SIGSEGV: an access to 0x10, where nothing is mapped",
        "SIGABRT: the kernel called abort()",
        "the launch ran past its host wall-clock limit of 3 s",
        "kernel_faults/passes_after_the_others/UserFault/float32/ascend910b"}) {
    EXPECT_NE(r.out.find(message), std::string::npos) << message << "\n" << r.out;
  }
  const nlohmann::json report = nlohmann::json::parse(testing::ReadText(Path("r.json")));
  EXPECT_EQ(report["passed"], 2);
  EXPECT_EQ(report["failed"], 4);
}

}  // namespace
}  // namespace opsim
#endif
