// Kernel code that crashes or spins stops its launch with a fault, never the process (issue 24):
// integer division by zero, a store where nothing is mapped, abort() and unbounded recursion are
// AI Core exceptions naming the core and the faulting code; a block spinning in scalar code
// meets the host wall-clock watchdog. Each launch here is followed by one that runs clean.
#include <gtest/gtest.h>

#include <stdlib.h>
#include <cstdint>

#include <cstdlib>
#include <optional>
#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;
using testing::TestDevice;

// Every launch here reads OPSIM_LAUNCH_TIMEOUT; each test leaves it as it found it.
class KernelGuard : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* v = std::getenv("OPSIM_LAUNCH_TIMEOUT");
    saved_ = v != nullptr ? std::optional<std::string>(v) : std::nullopt;
  }
  void TearDown() override {
    if (saved_) {
      setenv("OPSIM_LAUNCH_TIMEOUT", saved_->c_str(), 1);
    } else {
      unsetenv("OPSIM_LAUNCH_TIMEOUT");
    }
  }

 private:
  std::optional<std::string> saved_;
};

// When block 2 misbehaves: kAfterSync on a fiber's own stack (every block waited in SyncAll
// first, on one host thread), kBeforeSync while the other blocks wait for it there.
enum class Sync { kNone, kAfterSync, kBeforeSync };

// Block 2 of 4, on one host thread, misbehaves after one Ascend C instruction of its own.
LaunchResult RunWithBadBlock(void (*bad)(), Sync sync = Sync::kNone, double wall_seconds = 0) {
  // The watchdog's limit is read at each launch.
  setenv("OPSIM_LAUNCH_TIMEOUT", std::to_string(wall_seconds).c_str(), 1);
  LaunchOptions options;
  options.host_threads = 1;
  return Launch(TestDevice(4), 4, options, [bad, sync] {
    if (sync == Sync::kAfterSync) SyncAll();
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 256);
    Duplicate(buf.Get<float>(), 1.0f, 64);
    if (GetBlockIdx() == 2) bad();
    if (sync == Sync::kBeforeSync) SyncAll();
  });
}

void ExpectCleanLaunchAfterwards() {
  const LaunchResult r = RunWithBadBlock([] {});
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

void ExpectException(const LaunchResult& r, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << r.status.ToString();
  EXPECT_EQ(r.fault->kind, FaultKind::kAicoreException) << r.fault->ToString();
  EXPECT_EQ(r.fault->block, 2) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "kernel") << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("AI Core exception on core 2 (block 2): " + text),
            std::string::npos)
      << r.fault->message;
  // The Ascend C call before the bad code, where a developer starts looking.
  EXPECT_NE(r.fault->message.find("; the block's last instruction: Duplicate"), std::string::npos)
      << r.fault->message;
  ExpectCleanLaunchAfterwards();
}

volatile int64_t g_zero = 0;
volatile uintptr_t g_wild = 16;  // no page is ever mapped there

// UBSan checks a division before it happens and would end the process with its own report; here
// the CPU's exception is under test, so the check is left out of this one function.
__attribute__((no_sanitize("integer-divide-by-zero"), noinline)) void DivideByZero() {
  g_zero = 7 / g_zero;
}

TEST_F(KernelGuard, IntegerDivisionByZeroIsAnAiCoreException) {
  ExpectException(RunWithBadBlock(&DivideByZero), "SIGFPE: integer division by zero");
}

// Under AddressSanitizer too: the store's shadow check passes (low memory has a shadow, all
// zero), the store itself faults, and the guard's handler is the one installed last (ASan's
// default allow_user_segv_handler=1); ASan's own handler runs for faults outside kernels.
TEST_F(KernelGuard, AStoreWhereNothingIsMappedIsAnAiCoreException) {
  ExpectException(RunWithBadBlock([] { *reinterpret_cast<volatile int*>(g_wild) = 1; }),
                  "SIGSEGV: an access to 0x10, where nothing is mapped");
}

TEST_F(KernelGuard, AbortIsAnAiCoreException) {
  ExpectException(RunWithBadBlock([] { std::abort(); }), "SIGABRT: the kernel called abort()");
}

volatile int g_depth_limit = 1 << 30;  // never reached: the stack ends first

int Recurse(int depth) {
  volatile char frame[256];  // a frame per call, and no loop the compiler could make of it
  frame[0] = static_cast<char>(depth);
  if (depth >= g_depth_limit) return depth;
  return Recurse(depth + 1) + frame[0];
}

TEST_F(KernelGuard, UnboundedRecursionOnAFiberIsAnAiCoreException) {
  // After SyncAll, block 2 runs on a fiber's own stack, whose guard page stops it.
  ExpectException(RunWithBadBlock([] { g_zero = Recurse(0); }, Sync::kAfterSync), "SIGSEGV");
}

// Counts in a variable of its own: g_zero must stay zero for the division test, whatever ran
// before it in this process.
volatile int64_t g_spins = 0;

void Spin() {
  for (;;) g_spins = g_spins + 1;
}

TEST_F(KernelGuard, ASpinInScalarCodeMeetsTheWallClockWatchdog) {
  const LaunchResult r = RunWithBadBlock(&Spin, Sync::kNone, 1);
  ASSERT_TRUE(r.fault.has_value()) << r.status.ToString();
  EXPECT_EQ(r.fault->kind, FaultKind::kTimeout) << r.fault->ToString();
  EXPECT_EQ(r.fault->block, 2) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("host wall-clock limit of 1 s"), std::string::npos)
      << r.fault->message;
  EXPECT_NE(r.fault->message.find("cores still running: core 2 (block 2)"), std::string::npos)
      << r.fault->message;
  ExpectCleanLaunchAfterwards();
}

TEST_F(KernelGuard, ASpinWhileOthersWaitInSyncAllStopsThemAll) {
  const LaunchResult r = RunWithBadBlock(&Spin, Sync::kBeforeSync, 1);
  ASSERT_TRUE(r.fault.has_value()) << r.status.ToString();
  EXPECT_EQ(r.fault->kind, FaultKind::kTimeout) << r.fault->ToString();
  EXPECT_EQ(r.fault->block, 2) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("cores still running: core 2 (block 2); waiting in SyncAll: "
                                  "core 0 (block 0), core 1 (block 1)"),
            std::string::npos)
      << r.fault->message;
  ExpectCleanLaunchAfterwards();
}

TEST_F(KernelGuard, AnInvalidWallClockLimitIsRefusedByName) {
  for (const char* bad : {"soon", "-1", "nan", "inf", "2e6", "5s"}) {
    setenv("OPSIM_LAUNCH_TIMEOUT", bad, 1);
    const LaunchResult r = RunOne([] {});
    EXPECT_EQ(r.status.code(), ErrorCode::kInvalidParam) << bad;
    EXPECT_NE(r.status.message().find(std::string("OPSIM_LAUNCH_TIMEOUT = '") + bad +
                                      "' is not a number of seconds in [0, 1e6]"),
              std::string::npos)
        << r.status.message();
  }
}

TEST_F(KernelGuard, TheLaunchsOwnLimitWinsOverTheEnvironment) {
  setenv("OPSIM_LAUNCH_TIMEOUT", "soon", 1);  // not read when the launch gives its own limit
  LaunchOptions options;
  options.host_threads = 1;
  options.wall_timeout_s = 1;
  LaunchResult r = Launch(TestDevice(1), 1, options, [] { Spin(); });
  ASSERT_TRUE(r.fault.has_value()) << r.status.ToString();
  EXPECT_EQ(r.fault->kind, FaultKind::kTimeout) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("host wall-clock limit of 1 s"), std::string::npos)
      << r.fault->message;
  options.wall_timeout_s = 2e6;
  r = Launch(TestDevice(1), 1, options, [] {});
  EXPECT_EQ(r.status.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(r.status.message().find("wall_timeout_s = 2000000"), std::string::npos)
      << r.status.message();
}

#if defined(__SANITIZE_ADDRESS__)
volatile int g_past_end = 8;

// AddressSanitizer's report inside a kernel is a bug it found, not the kernel's exception: it
// ends the process as without the guard (its abort is passed on, core/src/signal_guard.cc).
TEST_F(KernelGuard, AnAddressSanitizerReportInAKernelStillEndsTheProcess) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // The child's report unsymbolised: 0.5 s instead of 10 (the text matched is the same).
  const char* options = std::getenv("ASAN_OPTIONS");
  const bool had_options = options != nullptr;
  const std::string saved = had_options ? options : "";
  setenv("ASAN_OPTIONS", (saved + ":symbolize=0").c_str(), 1);
  EXPECT_DEATH(RunWithBadBlock([] {
                 char* p = new char[8];
                 p[g_past_end] = 1;
                 delete[] p;
               }),
               "heap-buffer-overflow");
  if (had_options) {
    setenv("ASAN_OPTIONS", saved.c_str(), 1);
  } else {
    unsetenv("ASAN_OPTIONS");
  }
}
#endif

}  // namespace
}  // namespace opsim::sim
