// The process's one guard against hardware-style signals in code opsim did not write
// (opsim/core/signal_guard.h): a frame on this thread catches what the code under it raises,
// frames nest, each thread has its own, and the description names the signal.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include "opsim/core/signal_guard.h"

namespace opsim::signal_guard {
namespace {

volatile int64_t g_zero = 0;
int* volatile g_nowhere = nullptr;

__attribute__((no_sanitize("integer-divide-by-zero"), noipa)) void Divide(void*) {
  g_zero = 7 / g_zero;
}
__attribute__((no_sanitize("null"), noipa)) void StoreThroughNull(void*) { g_nowhere[4] = 1; }
void Abort(void*) { std::abort(); }
void Nothing(void*) {}

// Runs fn under a frame of this thread: the record, or signal 0 when fn returned.
SignalRecord Guarded(void (*fn)(void*), void* arg = nullptr) {
  Prepare();
  Frame frame;
  return RunWithThreadFrame(frame, fn, arg) ? frame.record : SignalRecord{};
}

TEST(SignalGuard, AFrameCatchesWhatTheCodeUnderItRaises) {
  SignalRecord r = Guarded(&Divide);
  EXPECT_EQ(r.signal, SIGFPE);
  EXPECT_EQ(DescribeSignal(r, "user code"), "SIGFPE: integer division by zero");
  r = Guarded(&StoreThroughNull);
  EXPECT_EQ(r.signal, SIGSEGV);
  EXPECT_EQ(DescribeSignal(r, "user code"), "SIGSEGV: an access to 0x10, where nothing is mapped");
  EXPECT_FALSE(StackOverflowed(r));
  r = Guarded(&Abort);
  EXPECT_EQ(DescribeSignal(r, "user code"),
            "SIGABRT: user code called abort() (or a failed assert, or terminate)");
  EXPECT_EQ(Guarded(&Nothing).signal, 0);  // and the next call runs as usual
}

TEST(SignalGuard, FramesNestAndTheOuterOneStaysInForce) {
  struct Outer {
    SignalRecord inner;
  } outer;
  Frame frame;
  Prepare();
  const bool stopped = RunWithThreadFrame(
      frame,
      [](void* p) {
        static_cast<Outer*>(p)->inner = Guarded(&Divide);  // caught by the inner frame
        StoreThroughNull(nullptr);                         // caught by the outer one
      },
      &outer);
  EXPECT_TRUE(stopped);
  EXPECT_EQ(outer.inner.signal, SIGFPE);
  EXPECT_EQ(frame.record.signal, SIGSEGV);
}

TEST(SignalGuard, EachThreadHasItsOwnFrame) {
  SignalRecord other;
  std::thread t([&] { other = Guarded(&Divide); });
  t.join();
  EXPECT_EQ(other.signal, SIGFPE);
  EXPECT_EQ(Guarded(&StoreThroughNull).signal, SIGSEGV);
}

TEST(SignalGuard, LocateCodeFindsTheObjectHoldingAnAddress) {
  EXPECT_FALSE(LocateCode(reinterpret_cast<uintptr_t>(&DescribeSignal)).file.empty());
  EXPECT_TRUE(LocateCode(0).file.empty());
}

}  // namespace
}  // namespace opsim::signal_guard
