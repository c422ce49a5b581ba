// Sort32 against a stable sort per group of 32, in half and float, and its faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

template <typename T>
void CheckSort32() {
  constexpr int kRepeats = 3, kN = kRepeats * 32;
  std::vector<T> scores(kN);
  std::vector<uint32_t> index(kN);
  for (int i = 0; i < kN; ++i) {
    scores[i] = static_cast<T>(static_cast<float>((i * 7) % 11) - 5.0f);  // many ties
    index[i] = 1000u + static_cast<uint32_t>(i);
  }
  scores[40] = static_cast<T>(NAN);
  scores[3] = static_cast<T>(-INFINITY);
  std::vector<uint8_t> got(kN * 8);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, kN * sizeof(T));
    pipe.InitBuffer(b, kN * 4);
    pipe.InitBuffer(c, kN * 8);
    LocalTensor<T> ts = a.Get<T>(), td = c.Get<T>();
    LocalTensor<uint32_t> ti = b.Get<uint32_t>();
    std::memcpy(static_cast<void*>(ts.data()), scores.data(), kN * sizeof(T));
    std::memcpy(ti.data(), index.data(), kN * 4);
    detail::HostWroteUb(ts.ref());
    detail::HostWroteUb(ti.ref());
    Sort32(td, ts, ti, kRepeats);
    std::memcpy(got.data(), td.data(), kN * 8);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int g = 0; g < kRepeats; ++g) {
    std::vector<int> order(32);
    for (int i = 0; i < 32; ++i) order[i] = g * 32 + i;
    auto key = [&](int i) {
      const float v = static_cast<float>(scores[i]);
      return std::isnan(v) ? HUGE_VAL : static_cast<double>(v);
    };
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return key(x) > key(y); });
    for (int k = 0; k < 32; ++k) {
      const uint8_t* e = got.data() + (g * 32 + k) * 8;
      uint32_t idx;
      std::memcpy(&idx, e + 4, 4);
      EXPECT_EQ(idx, index[order[k]]) << g << " " << k;
      EXPECT_EQ(std::memcmp(e, static_cast<const void*>(&scores[order[k]]), sizeof(T)), 0);
      if (sizeof(T) == 2) {
        EXPECT_EQ(e[2] | e[3], 0);  // the reserved bytes
      }
    }
  }
}

TEST(VectorSort, Sort32HalfAndFloat) {
  CheckSort32<float>();
  CheckSort32<half>();
}

TEST(VectorSort, Sort32Faults) {
  LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, 128);
    pipe.InitBuffer(b, 128);
    pipe.InitBuffer(c, 256);
    Sort32(c.Get<float>(), a.Get<float>(), b.Get<uint32_t>(), 256);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("repeatTimes 256"), std::string::npos);
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    pipe.InitBuffer(c, 256);  // two repeats need 512 B
    Duplicate(a.Get<float>(), 1.0f, 64);
    Duplicate(b.Get<uint32_t>(), 0u, 64);
    Sort32(c.Get<float>(), a.Get<float>(), b.Get<uint32_t>(), 2);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

}  // namespace
}  // namespace opsim::sim
