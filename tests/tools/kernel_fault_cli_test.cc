// Kernels that crash or spin, seen from the command line (issue 24): `opsim exec` exits non-zero
// with the AI Core exception naming the core and writes no output. `opsim run` over the
// kernel_faults suite (crashes and a spin): user_code_crash_cli_test.cc, with every other class.
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

}  // namespace
}  // namespace opsim
#endif
