// Cube groups (CreateCubeResGroup, CubeResGroupHandle, KfcWorkspace) in the style of the usage
// page: AIV post matmul requests to their queues, the group's AIC serve them by a callback that
// computes and frees each message; merged (FAKE) messages; and the pages' rules as faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/launch_mix.h"
#include "simulator/cube_matmul_model.h"
#include "simulator/sim_test_util.h"

// Its own namespace: the unity build joins this file with others that name kM and kN too.
namespace opsim::sim::cube_group_test {
namespace {

using namespace AscendC;

// 8 AIV and 4 AIC: a group may use blocks 0..6 (blockStart + blockSize <= AIV count - 1).
DeviceProfile SplitDevice() {
  DeviceProfile d = testing::TestDevice(8);
  d.cube_cores = 4;
  d.flag_sync_cycles = 10;
  return d;
}

// The groups' messages: a workspace the launch registers, zeroed before each (KfcWorkspace
// needs it so).
std::vector<uint8_t> g_ws(8192);

LaunchResult RunGroup(uint32_t blocks, const std::function<void()>& kernel,
                      std::vector<GmRegion> regions = {}) {
  LaunchOptions o;
  o.checked = true;
  std::fill(g_ws.begin(), g_ws.end(), 0);
  regions.push_back({g_ws.data(), g_ws.size(), "ws", 0, GmRole::kWorkspace});
  o.regions = std::move(regions);
  return LaunchMix(SplitDevice(), blocks, o, kernel, MixShape{2, true});
}

std::string FaultText(const LaunchResult& r) { return r.fault ? r.fault->ToString() : "no fault"; }

constexpr int kM = 2, kK = 4, kN = 3;

// A request: C (kM x kN) = scale * A (kM x kK) * B (kK x kN), the matrices in GM.
struct MatMsg {
  CubeGroupMsgHead head;
  uint8_t funcId;
  uint8_t skipCnt;
  uint32_t pad;
  uint64_t aAddr, bAddr, cAddr;
  uint64_t rest[4];
};
static_assert(sizeof(MatMsg) == 64);
// The same fields in 32 B: not a message struct (64 B aligned).
struct Small {
  CubeGroupMsgHead head;
  uint8_t funcId;
  uint8_t skipCnt;
  uint32_t pad;
  uint64_t aAddr, bAddr, cAddr;
};

struct NoMatmul {};

// The callback: Init reads the scale from the tiling; Call multiplies and frees the message,
// and for a merged one (skipCnt > 0) frees the FAKE messages of the next queues too.
template <class MatmulApiCfg, class CubeMsgBody>
struct MatCallback {
  static void Call(MatmulApiCfg& mm, __gm__ CubeMsgBody* rcvMsg,
                   CubeResGroupHandle<CubeMsgBody>& handle) {
    (void)mm;
    if (rcvMsg->funcId == 0) Multiply(rcvMsg);
    const uint8_t skip = rcvMsg->skipCnt;
    // funcId 1 and 2 are the fault tests' misuses: a skip without its FAKE frees, a bad state.
    handle.FreeMessage(rcvMsg, rcvMsg->funcId == 2 ? CubeMsgState::FREE : CubeMsgState::VALID);
    for (int i = 1; i <= skip && rcvMsg->funcId == 0; ++i) {
      handle.FreeMessage(rcvMsg + i, CubeMsgState::FAKE);
    }
    handle.SetSkipMsg(skip);
  }
  static void Multiply(__gm__ CubeMsgBody* rcvMsg) {
    GlobalTensor<float> a, b, c;
    a.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(rcvMsg->aAddr), kM * kK);
    b.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(rcvMsg->bAddr), kK * kN);
    c.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(rcvMsg->cAddr), kM * kN);
    for (int i = 0; i < kM; ++i) {
      for (int j = 0; j < kN; ++j) {
        float s = 0;
        for (int k = 0; k < kK; ++k) s += a.GetValue(i * kK + k) * b.GetValue(k * kN + j);
        c.SetValue(i * kN + j, s * scale);
      }
    }
  }
  static void Init(MatCallback& foo, MatmulApiCfg& mm, GM_ADDR tilingGM) {
    (void)foo;
    (void)mm;
    scale = *reinterpret_cast<const float*>(tilingGM);
  }
  static inline float scale = 0;
};

std::vector<float> Model(const float* a, const float* b, float scale) {
  std::vector<float> c(kM * kN);
  for (int i = 0; i < kM; ++i) {
    for (int j = 0; j < kN; ++j) {
      float s = 0;
      for (int k = 0; k < kK; ++k) s += a[i * kK + k] * b[k * kN + j];
      c[i * kN + j] = s * scale;
    }
  }
  return c;
}

// 2 blocks: AIC 0 serves queues 0-1, AIC 1 queues 2-3. Each AIV writes its requests' A to GM
// and posts 6 requests (the 4-deep queue wraps) to the other block's AIC, waits for the last
// (unless `wait` is false) and reads its C back, then quits. The blocks park for each other,
// and the race check sees the AIV's A reach the AIC and the AIC's C reach the AIV by the
// messages' hand-overs.
constexpr int kReqs = 6;
struct Requests {
  std::vector<float> src, a, b, c, seen;
  float scale = 2.0f;
  Requests()
      : src(4 * kReqs * kM * kK),
        a(src.size(), 0),
        b(kK * kN),
        c(4 * kReqs * kM * kN, -1),
        seen(4 * kM * kN, -1) {
    for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<float>(i % 7) - 2.5f;
    for (size_t i = 0; i < b.size(); ++i) b[i] = 0.5f * static_cast<float>(i % 5);
  }
  LaunchResult Run(bool wait) {
    return RunGroup(2,
                    [this, wait] {
                      KfcWorkspace desc(g_ws.data());
                      auto handle = CreateCubeResGroup<1, NoMatmul, MatCallback, MatMsg>(
                          desc, 0, 4, 4, reinterpret_cast<GM_ADDR>(&scale));
                      if ASCEND_IS_AIC
                        return;
                      const auto q = static_cast<uint8_t>((GetBlockIdx() + 2) % 4);
                      handle.AssignQueue(q);
                      GlobalTensor<float> ga, gc;
                      ga.SetGlobalBuffer(a.data(), a.size());
                      gc.SetGlobalBuffer(c.data(), c.size());
                      uint16_t offset = 0;
                      for (int j = 0; j < kReqs; ++j) {
                        const int idx = q * kReqs + j;
                        for (int e = 0; e < kM * kK; ++e)
                          ga.SetValue(idx * kM * kK + e, src[idx * kM * kK + e]);
                        MatMsg m{};
                        m.head = {CubeMsgState::VALID, q};
                        m.aAddr = reinterpret_cast<uint64_t>(a.data() + idx * kM * kK);
                        m.bAddr = reinterpret_cast<uint64_t>(b.data());
                        m.cAddr = reinterpret_cast<uint64_t>(c.data() + idx * kM * kN);
                        auto* msg = handle.AllocMessage();
                        offset = handle.PostMessage(msg, m);
                      }
                      if (wait) {
                        EXPECT_TRUE(handle.Wait(offset));
                      }
                      const int last = q * kReqs + kReqs - 1;
                      for (int e = 0; e < kM * kN; ++e)
                        seen[q * kM * kN + e] = gc.GetValue(last * kM * kN + e);
                      handle.SetQuit(handle.AllocMessage());
                    },
                    {{a.data(), a.size() * 4, "a", 0, GmRole::kWorkspace},
                     {b.data(), b.size() * 4, "b", 0, GmRole::kInput},
                     {c.data(), c.size() * 4, "c", c.size() * 4, GmRole::kOutput}});
  }
};

TEST(CubeGroup, AivRequestsServedByTheGroupsAicAgreeWithTheModel) {
  Requests t;
  const LaunchResult r = t.Run(true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int idx = 0; idx < 4 * kReqs; ++idx) {
    const std::vector<float> want = Model(t.src.data() + idx * kM * kK, t.b.data(), t.scale);
    for (int e = 0; e < kM * kN; ++e) EXPECT_EQ(t.c[idx * kM * kN + e], want[e]) << idx << " " << e;
    if (idx % kReqs == kReqs - 1) {
      for (int e = 0; e < kM * kN; ++e) EXPECT_EQ(t.seen[idx / kReqs * kM * kN + e], want[e]);
    }
  }
}

// One request from AIV 2 (block 1) to the AIC of block 0, waited for or not, then the AIV's read
// of C[0] into *seen. C's region is an output (its bytes unwritten until the AIC writes them) or,
// `c_role` kUnknown, of unknown role (counted as written, as a CPU-debug launch's arguments).
LaunchResult OneRequest(bool wait, GmRole c_role, float* seen) {
  std::vector<float> a(kM * kK, 0), b(kK * kN, 1.0f), c(kM * kN, -1);
  float scale = 1.0f;
  const uint64_t c_written = c_role == GmRole::kOutput ? c.size() * 4 : 0;
  return RunGroup(2,
                  [&] {
                    KfcWorkspace desc(g_ws.data());
                    auto handle = CreateCubeResGroup<0, NoMatmul, MatCallback, MatMsg>(
                        desc, 0, 2, 1, reinterpret_cast<GM_ADDR>(&scale));
                    if (ASCEND_IS_AIC || GetBlockIdx() != 2) return;
                    handle.AssignQueue(0);
                    GlobalTensor<float> ga, gc;
                    ga.SetGlobalBuffer(a.data(), a.size());
                    gc.SetGlobalBuffer(c.data(), c.size());
                    for (int e = 0; e < kM * kK; ++e) ga.SetValue(e, 0.5f * static_cast<float>(e));
                    MatMsg m{};
                    m.head = {CubeMsgState::VALID, 0};
                    m.aAddr = reinterpret_cast<uint64_t>(a.data());
                    m.bAddr = reinterpret_cast<uint64_t>(b.data());
                    m.cAddr = reinterpret_cast<uint64_t>(c.data());
                    const uint16_t offset = handle.template PostMessage<PipeMode::MTE3_MODE>(
                        handle.template AllocMessage<PipeMode::MTE3_MODE>(), m);
                    if (wait) handle.Wait(offset);
                    *seen = gc.GetValue(0);
                    handle.SetQuit(handle.AllocMessage());
                  },
                  {{a.data(), a.size() * 4, "a", 0, GmRole::kWorkspace},
                   {b.data(), b.size() * 4, "b", 0, GmRole::kInput},
                   {c.data(), c.size() * 4, "c", c_written, c_role}});
}

// Wait orders the AIC's C before the AIV's read of it; without it the GM checks report the read.
TEST(CubeGroup, WaitOrdersTheAicsResultBeforeTheAivsRead) {
  for (const bool wait : {true, false}) {
    float seen = 0;
    const LaunchResult r = OneRequest(wait, GmRole::kOutput, &seen);
    if (wait) {
      ASSERT_TRUE(r.status.ok()) << r.status.ToString();
      EXPECT_EQ(seen, 0.5f * (0 + 1 + 2 + 3));
    } else {
      ASSERT_TRUE(r.fault.has_value());
      // Block 1 reads before block 0's AIC writes (this host thread's order): unwritten; in
      // another order the race check names it.
      EXPECT_TRUE(r.fault->kind == FaultKind::kUninitializedRead ||
                  r.fault->kind == FaultKind::kGmRace)
          << FaultText(r);
      EXPECT_NE(r.fault->message.find("'c'"), std::string::npos) << FaultText(r);
    }
  }
}

// The negative control with C's bytes counted as written: no uninitialized_read stands in for
// the race, so without Wait the AIV's read of C and the AIC's write of it must be gm_race.
TEST(CubeGroup, WithoutWaitTheAivsReadOfTheAicsResultIsARace) {
  for (const bool wait : {true, false}) {
    float seen = 0;
    const LaunchResult r = OneRequest(wait, GmRole::kUnknown, &seen);
    if (wait) {
      EXPECT_TRUE(r.status.ok()) << FaultText(r);
      continue;
    }
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kGmRace) << FaultText(r);
    EXPECT_NE(r.fault->message.find("'c'"), std::string::npos) << FaultText(r);
  }
}

// The callback runs the request on the cube (GM -> L1 -> L0A/L0B, Mmad, Fixpipe: the cube
// tests' MatmulKernel) on the AIC; each of AIV 0 and 1 posts one 16 x 32 x 16 half request.
template <class MatmulApiCfg, class CubeMsgBody>
struct CubeCallback {
  static void Call(MatmulApiCfg& mm, __gm__ CubeMsgBody* rcvMsg,
                   CubeResGroupHandle<CubeMsgBody>& handle) {
    (void)mm;
    cube_model::MatmulKernel<half, float, float>{{16, 32, 16, false},
                                                 reinterpret_cast<const half*>(rcvMsg->aAddr),
                                                 reinterpret_cast<const half*>(rcvMsg->bAddr),
                                                 reinterpret_cast<float*>(rcvMsg->cAddr)}();
    handle.FreeMessage(rcvMsg);
  }
  static void Init(CubeCallback&, MatmulApiCfg&, GM_ADDR) {}
};

TEST(CubeGroup, TheCallbackRunsTheRequestOnTheCube) {
  const cube_model::MmShape s{16, 32, 16, false};
  std::vector<half> a[2] = {cube_model::SmallInts<half>(16 * 32, 1),
                            cube_model::SmallInts<half>(16 * 32, 2)};
  const std::vector<half> b = cube_model::SmallInts<half>(32 * 16, 3);
  std::vector<float> c(2 * 16 * 16, -1);
  const LaunchResult r = RunGroup(
      1,
      [&] {
        KfcWorkspace desc(g_ws.data());
        auto handle = CreateCubeResGroup<3, NoMatmul, CubeCallback, MatMsg>(desc, 0, 2, 2, nullptr);
        if ASCEND_IS_AIC
          return;
        const auto q = static_cast<uint8_t>(GetBlockIdx());
        handle.AssignQueue(q);
        MatMsg m{};
        m.head = {CubeMsgState::VALID, q};
        m.aAddr = reinterpret_cast<uint64_t>(a[q].data());
        m.bAddr = reinterpret_cast<uint64_t>(b.data());
        m.cAddr = reinterpret_cast<uint64_t>(c.data() + q * 256);
        handle.Wait(handle.PostMessage(handle.AllocMessage(), m));
        handle.SetQuit(handle.AllocMessage());
      },
      {{a[0].data(), 1024, "a0", 0, GmRole::kInput},
       {a[1].data(), 1024, "a1", 0, GmRole::kInput},
       {b.data(), 1024, "b", 0, GmRole::kInput},
       {c.data(), c.size() * 4, "c", c.size() * 4, GmRole::kOutput}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int q = 0; q < 2; ++q) {
    const std::vector<double> want = cube_model::MatmulReference(s, a[q], b);
    for (int e = 0; e < 256; ++e) EXPECT_EQ(c[q * 256 + e], want[e]) << q << " " << e;
  }
}

// The page's merged messages: AIV 0 posts one request for three queues, AIV 1 and 2 post FAKE
// messages the AIC frees without serving (SetSkipMsg); every AIV's Wait returns.
TEST(CubeGroup, FakeMessagesAreFreedAndSkipped) {
  std::vector<float> a(kM * kK, 1.5f), b(kK * kN, 2.0f), c(kM * kN, -1);
  float scale = 1.0f;
  int waited = 0;
  const LaunchResult r = RunGroup(2,
                                  [&] {
                                    KfcWorkspace desc(g_ws.data());
                                    auto handle =
                                        CreateCubeResGroup<2, NoMatmul, MatCallback, MatMsg>(
                                            desc, 0, 2, 3, reinterpret_cast<GM_ADDR>(&scale));
                                    if (ASCEND_IS_AIC || GetBlockIdx() > 2) return;
                                    const auto q = static_cast<uint8_t>(GetBlockIdx());
                                    handle.AssignQueue(q);
                                    auto* msg = handle.AllocMessage();
                                    uint16_t offset;
                                    if (q == 0) {
                                      MatMsg m{};
                                      m.head = {CubeMsgState::VALID, 0};
                                      m.skipCnt = 2;
                                      m.aAddr = reinterpret_cast<uint64_t>(a.data());
                                      m.bAddr = reinterpret_cast<uint64_t>(b.data());
                                      m.cAddr = reinterpret_cast<uint64_t>(c.data());
                                      offset = handle.PostMessage(msg, m);
                                    } else {
                                      offset = handle.PostFakeMsg(msg);
                                    }
                                    if (handle.Wait(offset)) ++waited;
                                    handle.SetQuit(handle.AllocMessage());
                                  },
                                  {{a.data(), a.size() * 4, "a", 0, GmRole::kInput},
                                   {b.data(), b.size() * 4, "b", 0, GmRole::kInput},
                                   {c.data(), c.size() * 4, "c", c.size() * 4, GmRole::kOutput}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(waited, 3);
  for (float v : c) EXPECT_EQ(v, 12.0f);
}

// A kernel of AIV that run `body` on a group of `queues` queues over blockStart, blockSize.
template <typename Msg = MatMsg>
LaunchResult RunFault(
    uint8_t start, uint8_t size, uint8_t queues,
    const std::type_identity_t<std::function<void(CubeResGroupHandle<Msg>&)>>& aiv) {
  static float scale = 1;
  return RunGroup(3, [=] {
    KfcWorkspace desc(g_ws.data());
    auto handle = CreateCubeResGroup<0, NoMatmul, MatCallback, Msg>(
        desc, start, size, queues, reinterpret_cast<GM_ADDR>(&scale));
    if ASCEND_IS_AIV
      aiv(handle);
  });
}

void ExpectFault(const LaunchResult& r, FaultKind kind, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, kind) << FaultText(r);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << FaultText(r);
}

void QuitOwn(CubeResGroupHandle<MatMsg>& h) {
  h.AssignQueue(static_cast<uint8_t>(GetBlockIdx()));
  h.SetQuit(h.AllocMessage());
}

TEST(CubeGroup, CreateArgumentsAreChecked) {
  const auto none = [](CubeResGroupHandle<MatMsg>&) {};
  ExpectFault(RunFault(1, 2, 2, none), FaultKind::kInvalidArgument, "blockStart 1, blockSize 2");
  ExpectFault(RunFault(4, 4, 2, none), FaultKind::kInvalidArgument, "blockStart + blockSize <= 7");
  ExpectFault(RunFault(0, 2, 9, none), FaultKind::kInvalidArgument, "msgQueueSize <= 8");
  ExpectFault(RunFault(0, 4, 1, none), FaultKind::kInvalidArgument,
              "every AIC of a group is given at least one queue");
  ExpectFault(RunFault<Small>(0, 2, 2, [](CubeResGroupHandle<Small>&) {}),
              FaultKind::kInvalidArgument, "sizeof(CubeMsgType) is 32 B");
  // Two groups sharing the AIC of block 0.
  float scale = 1;
  const LaunchResult two = RunGroup(2, [&] {
    KfcWorkspace desc(g_ws.data());
    CreateCubeResGroup<0, NoMatmul, MatCallback, MatMsg>(desc, 0, 2, 1, (GM_ADDR)&scale);
    CreateCubeResGroup<1, NoMatmul, MatCallback, MatMsg>(desc, 0, 4, 2, (GM_ADDR)&scale);
  });
  ExpectFault(two, FaultKind::kInvalidArgument, "an AIC belongs to one group");
  // The group's 8 slots of 64 B from 64 B before the workspace's end.
  const LaunchResult past = RunGroup(1, [&] {
    KfcWorkspace desc(g_ws.data() + g_ws.size() - 64);
    CreateCubeResGroup<0, NoMatmul, MatCallback, MatMsg>(desc, 0, 2, 2, (GM_ADDR)&scale);
  });
  ExpectFault(past, FaultKind::kOutOfBoundsGm, "the group's messages accesses GM 'ws'");
  // Not a MIX launch.
  const LaunchResult plain = Launch(SplitDevice(), 1, LaunchOptions{}, [&] {
    KfcWorkspace desc(g_ws.data());
    CreateCubeResGroup<0, NoMatmul, MatCallback, MatMsg>(desc, 0, 2, 1, (GM_ADDR)&scale);
  });
  ExpectFault(plain, FaultKind::kUnsupported, "this launch is not MIX");
}

TEST(CubeGroup, QueuesAreBoundOnceAndQuit) {
  ExpectFault(RunFault(0, 2, 2, [](CubeResGroupHandle<MatMsg>& h) { h.AssignQueue(0); }),
              FaultKind::kInvalidArgument, "queue 0 of group 0 is bound twice");
  ExpectFault(RunFault(0, 2, 2,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() == 0) QuitOwn(h);
                       }),
              FaultKind::kDeadlock,
              "queue 1's slot 0 (group 0, served by the AIC of block 0): the "
              "queue was never bound");
  ExpectFault(RunFault(0, 2, 2,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() == 0) QuitOwn(h);
                         if (GetBlockIdx() == 1) h.AssignQueue(1);
                       }),
              FaultKind::kDeadlock, "AIV 1 bound it and neither posted to it nor quit it");
  ExpectFault(RunFault(0, 2, 2,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() == 0) (void)h.AllocMessage();
                       }),
              FaultKind::kInvalidArgument, "AllocMessage on an AIV before AssignQueue");
}

TEST(CubeGroup, MessageCallsAreChecked) {
  ExpectFault(RunFault(0, 2, 1,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() != 0) return;
                         h.AssignQueue(0);
                         MatMsg m{};
                         m.head = {CubeMsgState::VALID, 0};
                         h.PostMessage(h.AllocMessage<PipeMode::MTE3_MODE>(), m);
                       }),
              FaultKind::kInvalidArgument,
              "PostMessage<SCALAR_MODE> of a message AllocMessage<MTE3_MODE> took");
  ExpectFault(RunFault(0, 2, 1,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() != 0) return;
                         h.AssignQueue(0);
                         h.SetQuit(h.AllocMessage<PipeMode::MTE3_MODE>());
                       }),
              FaultKind::kInvalidArgument, "after MTE3_MODE only PostMessage may send it");
  // MTE3_MODE stages the message in the UB's last 1600 B + 64 B: a kernel buffer there.
  ExpectFault(RunFault(0, 2, 1,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() != 0) return;
                         TPipe pipe;
                         TBuf<TPosition::VECCALC> t;
                         pipe.InitBuffer(t, SplitDevice().ub_bytes - 1600);
                         h.AssignQueue(0);
                         MatMsg m{};
                         m.head = {CubeMsgState::VALID, 0};
                         h.PostMessage<PipeMode::MTE3_MODE>(h.AllocMessage<PipeMode::MTE3_MODE>(),
                                                            m);
                       }),
              FaultKind::kUbOverflow, "uses the last 1664 B of the UB");
  // A merged message over more queues than the row holds: SetSkipMsg past it.
  ExpectFault(RunFault(0, 2, 2,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() > 1) return;
                         h.AssignQueue(static_cast<uint8_t>(GetBlockIdx()));
                         MatMsg m{};
                         m.head = {CubeMsgState::VALID, 0};
                         m.skipCnt = 2;
                         m.funcId = 1;
                         static float x[16];
                         m.aAddr = m.bAddr = m.cAddr = reinterpret_cast<uint64_t>(x);
                         auto* msg = h.AllocMessage();
                         GetBlockIdx() == 0 ? h.PostMessage(msg, m) : h.PostFakeMsg(msg);
                       }),
              FaultKind::kInvalidArgument, "SetSkipMsg reaches column 2 of the AIC's 2 queues");
  ExpectFault(RunFault(0, 2, 1,
                       [](CubeResGroupHandle<MatMsg>& h) {
                         if (GetBlockIdx() != 0) return;
                         h.AssignQueue(0);
                         MatMsg m{};
                         m.head = {CubeMsgState::VALID, 0};
                         m.funcId = 2;
                         static float x[16];
                         m.aAddr = m.bAddr = m.cAddr = reinterpret_cast<uint64_t>(x);
                         h.PostMessage(h.AllocMessage(), m);
                       }),
              FaultKind::kInvalidArgument, "waitState may not be QUIT or FREE");
}

}  // namespace
}  // namespace opsim::sim::cube_group_test
