// A user's host code that crashes is that op's error, not the process's end (issue 24): a null
// pointer or an integer division by zero in the tiling function, abort() or unbounded recursion
// in InferShape, a trap in InferDataType and a store through null in the OpDef constructor each
// name the op, the stage, the signal and the library, and the next call runs; so does exit() or
// quick_exit() there, and exit() in a kernel is a kernel fault. exit() from a thread the user's
// code started ends the process with status 70 and says so (a death test: a child process).
// The user code is tests/op_api/testdata/host_crashes, loaded from a fresh copy per test.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "op_api/library_copy.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"
#include "opsim/op_api/user_call.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#ifdef OPSIM_HOST_CRASH_LIBRARY
namespace opsim::host_crash_test {
namespace {

namespace fs = std::filesystem;
using testing::Desc;
using testing::HostTensor;

std::string FreshCopy(const std::string& tag) {
  return testing::FreshLibraryCopy(OPSIM_HOST_CRASH_LIBRARY, "host_crashes", tag);
}

const std::string& LoadedLibrary() {
  static const std::string path = [] {
    const std::string p = FreshCopy("ok");
    const Status st = op_api::LoadOpLibrary(p);
    EXPECT_TRUE(st.ok()) << st.ToString();
    return p;
  }();
  return path;
}

// InferShape, then Setup (tiling) and Execute of HostCrash with `where`.
Status RunStages(const std::string& where) {
  LoadedLibrary();
  return testing::RunStagesOnEightFloats("HostCrash", {{"where", where}});
}

// The crash's error names the op, the stage and the signal, and the process goes on: the same op
// then runs clean.
void ExpectCrash(const std::string& where, ErrorCode code, const std::string& stage_and_signal,
                 const std::string& site) {
  const Status st = RunStages(where);
  EXPECT_EQ(st.code(), code) << st.ToString();
  EXPECT_TRUE(op_api::IsUserCodeFailure(st)) << st.ToString();
  for (const std::string& part : {"HostCrash: user code crashed at stage " + stage_and_signal,
                                  "(library " + LoadedLibrary(), site}) {
    EXPECT_NE(st.message().find(part), std::string::npos)
        << "no '" << part << "' in " << st.ToString();
  }
  const Status next = RunStages("nowhere");
  EXPECT_TRUE(next.ok()) << next.ToString();
}

TEST(UserCodeCrash, ANullPointerInTheTilingFunctionIsTheOpsError) {
  ExpectCrash("tiling-null", ErrorCode::kInvalidParam,
              "tiling: SIGSEGV: an access to 0x10, where nothing is mapped",
              ", function HostCrashStoreThroughNull())");
}

TEST(UserCodeCrash, AnIntegerDivisionByZeroInTheTilingFunctionIsTheOpsError) {
  ExpectCrash("tiling-divide", ErrorCode::kInvalidParam, "tiling: SIGFPE: integer division by zero",
              ", function HostCrashDivide(long)");
}

TEST(UserCodeCrash, AbortInInferShapeIsTheOpsError) {
  // The faulting instruction is libc's (raise), so the message names both objects.
  ExpectCrash("shape-abort", ErrorCode::kGraphInferShapeFuncFail,
              "InferShape: SIGABRT: user code called abort() (or a failed assert, or terminate)",
              ", in ");
}

TEST(UserCodeCrash, UnboundedRecursionInInferShapeIsTheOpsError) {
  ExpectCrash("shape-recurse", ErrorCode::kGraphInferShapeFuncFail,
              "InferShape: SIGSEGV: an access to 0x",
              "the stack overflowed (unbounded recursion?)");
}

TEST(UserCodeCrash, ATrapInInferDataTypeIsTheOpsError) {
  ExpectCrash("dtype-trap", ErrorCode::kGraphInferShapeFuncFail,
              "InferDataType: SIGILL: an illegal instruction", "");
}

TEST(UserCodeCrash, AStoreThroughNullInTheOpDefConstructorRefusesTheLibrary) {
  const auto* before = op_api::FindOpDef("HostCrash");  // another test may have loaded it
  setenv("OPSIM_TEST_HOST_CRASH", "ctor-segv", 1);
  const std::string path = FreshCopy("ctor");
#if defined(__SANITIZE_ADDRESS__)
  // The half-built OpDef (and what it allocated) leaks: its frames were abandoned, a documented
  // limit. Not a leak of opsim's for LeakSanitizer to report.
  __lsan_disable();
#endif
  const Status st = op_api::LoadOpLibrary(path);
#if defined(__SANITIZE_ADDRESS__)
  __lsan_enable();
#endif
  unsetenv("OPSIM_TEST_HOST_CRASH");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(), "operator library " + path +
                              ": HostCrash: user code crashed at stage load (OpDef constructor): "
                              "SIGSEGV: an access to 0x10, where nothing is mapped (library " +
                              path + ", function HostCrashStoreThroughNull())");
  EXPECT_EQ(op_api::FindOpDef("HostCrash"), before);
  // The process goes on: the library loads from another copy and runs.
  const Status next = RunStages("nowhere");
  EXPECT_TRUE(next.ok()) << next.ToString();
}

// exit() or quick_exit() in user code would end the process as if opsim had finished: it is
// that code's error instead, and the process goes on.
TEST(UserCodeCrash, ExitInTheTilingFunctionIsTheOpsError) {
  ExpectCrash("tiling-exit", ErrorCode::kInvalidParam,
              "tiling: user code called exit(0), which would have ended the process", "(library ");
  ExpectCrash("tiling-qexit", ErrorCode::kInvalidParam,
              "tiling: user code called quick_exit(3), which would have ended the process",
              "(library ");
}

TEST(UserCodeCrash, ExitInAKernelIsAKernelFault) {
  const Status st = RunStages("kernel-exit");
  EXPECT_EQ(st.code(), ErrorCode::kKernelFault) << st.ToString();
  EXPECT_NE(st.message().find("aicore_exception"), std::string::npos) << st.ToString();
  EXPECT_NE(st.message().find("AI Core exception on core 0 (block 0): the kernel called exit(0), "
                              "which would have ended the process at " +
                              LoadedLibrary()),
            std::string::npos)
      << st.ToString();
  EXPECT_NE(st.message().find("(host_crash)"), std::string::npos) << st.ToString();
  const Status next = RunStages("nowhere");
  EXPECT_TRUE(next.ok()) << next.ToString();
}

// A thread of the user's own has no guard to go back to: the exit cannot be taken back, and it
// must not look like success.
TEST(UserCodeCrash, ExitFromAThreadOfTheUsersEndsTheProcessAsAFailure) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT((void)RunStages("tiling-thread"), ::testing::ExitedWithCode(70),
              "opsim: exit\\(5\\) called while user code was running on another thread: "
              "treated as a failure");
}

}  // namespace
}  // namespace opsim::host_crash_test
#endif  // OPSIM_HOST_CRASH_LIBRARY
