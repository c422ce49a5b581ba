// ProposalConcat, ProposalExtract, RpSort16 and MrgSort4 (vector_proposal.h) on the 310P and
// 910A profiles against a scalar model of 8-element region proposals (score at element 4): a
// stable sort and merge, largest score first, NaN with +inf, ties in list order; the 910B's
// `unsupported` faults and the documented rules as faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::proposal_test {

using namespace AscendC;

constexpr uint32_t kRpTileBytes = 8192;  // 512 half or 256 float proposals
constexpr uint32_t kRpElems = 8;

DeviceProfile RpDevice(const char* arch) {
  DeviceProfile d = testing::TestDevice();
  d.name = std::string("test-") + arch;
  d.architecture = arch;
  return d;
}

struct RpTiles {
  LocalTensor<uint8_t> a, b, c, d;
};
LaunchResult RunRp(const char* arch, const std::function<void(const RpTiles&)>& body) {
  LaunchOptions options;
  options.checked = true;
  return Launch(RpDevice(arch), 1, options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, bb, bc, bd;
    for (auto* b : {&ba, &bb, &bc, &bd}) pipe.InitBuffer(*b, kRpTileBytes);
    body({ba.Get<uint8_t>(), bb.Get<uint8_t>(), bc.Get<uint8_t>(), bd.Get<uint8_t>()});
  });
}

double RpKey(double v) { return std::isnan(v) ? HUGE_VAL : v; }

// n proposals whose elements are distinct (proposal i, element e -> i * 8 + e, small enough to
// be exact in half) but for the scores: ties, a NaN and an inf among them, rounded to T.
template <typename T>
std::vector<double> RpProposals(uint32_t n, uint32_t seed) {
  std::vector<double> p(n * kRpElems);
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t e = 0; e < kRpElems; ++e) p[i * kRpElems + e] = (i * kRpElems + e) % 1024;
    p[i * kRpElems + 4] =
        static_cast<float>(static_cast<T>(std::round(std::sin(seed + 1.3 * i) * 12) / 4));
  }
  if (n > 5) p[5 * kRpElems + 4] = NAN;
  if (n > 9) p[9 * kRpElems + 4] = INFINITY;
  return p;
}

template <typename T>
void RpWrite(const LocalTensor<T>& t, const std::vector<double>& v) {
  for (uint32_t i = 0; i < v.size(); ++i) t.SetValue(i, static_cast<T>(v[i]));
}
template <typename T>
std::vector<double> RpRead(const LocalTensor<T>& t, uint32_t n) {
  std::vector<double> v(n);
  for (uint32_t i = 0; i < n; ++i) v[i] = static_cast<float>(t.GetValue(i));
  return v;
}

void ExpectSame(const std::vector<double>& got, const std::vector<double>& want,
                const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      ASSERT_TRUE(std::isnan(got[i])) << what << " at " << i;
    } else {
      ASSERT_EQ(got[i], want[i]) << what << " at " << i;
    }
  }
}

// The model: proposals [begin, end) stably sorted by score, largest first.
std::vector<double> RpSorted(const std::vector<double>& p, uint32_t begin, uint32_t end) {
  std::vector<uint32_t> order;
  for (uint32_t i = begin; i < end; ++i) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return RpKey(p[a * kRpElems + 4]) > RpKey(p[b * kRpElems + 4]);
  });
  std::vector<double> out;
  for (uint32_t i : order) out.insert(out.end(), &p[i * kRpElems], &p[i * kRpElems] + kRpElems);
  return out;
}

template <typename T>
void ExpectConcatExtract(const char* arch, int32_t repeat, int32_t mode) {
  const uint32_t n = repeat * 16;
  std::vector<double> before(n * kRpElems), src(n), got_rp, got_back;
  for (uint32_t i = 0; i < before.size(); ++i) before[i] = -static_cast<double>(i % 512);
  for (uint32_t i = 0; i < n; ++i) src[i] = static_cast<float>(static_cast<T>(i * 0.75 - 30));
  const LaunchResult r = RunRp(arch, [&](const RpTiles& t) {
    LocalTensor<T> rp = t.a.ReinterpretCast<T>(), in = t.b.ReinterpretCast<T>(),
                   back = t.c.ReinterpretCast<T>();
    RpWrite(rp, before);
    RpWrite(in, src);
    ProposalConcat(rp, in, repeat, mode);
    ProposalExtract(back, rp, repeat, mode);
    got_rp = RpRead(rp, n * kRpElems);
    got_back = RpRead(back, n);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<double> want = before;
  for (uint32_t i = 0; i < n; ++i) want[i * kRpElems + mode] = src[i];
  const std::string what =
      std::string(arch) + (sizeof(T) == 2 ? " half" : " float") + " mode " + std::to_string(mode);
  ExpectSame(got_rp, want, what + " concat");
  ExpectSame(got_back, src, what + " extract");
}

TEST(RegionProposal, ConcatWritesOneFieldAndExtractReadsIt) {
  for (int32_t mode = 0; mode < 6; ++mode) {
    ExpectConcatExtract<half>("dav-2002", 3, mode);
    ExpectConcatExtract<float>("dav-2002", 2, mode);
    ExpectConcatExtract<half>("dav-1001", 1, mode);
  }
  ExpectConcatExtract<float>("dav-2002", 0, 4);  // repeatTime 0: nothing moves
}

// Extract past the proposals written (asc-devkit's region_proposal_sort takes 512 from its 64):
// the elements of those come out unwritten, as garbage the chip makes without complaint, and
// copying them out is the fault; the written ones read back.
TEST(RegionProposal, ExtractCarriesUnwrittenProposalsAsGarbage) {
  const std::vector<double> p = RpProposals<half>(16, 1);
  std::vector<half> out(32);
  std::vector<double> got;
  LaunchOptions options;
  options.checked = true;
  options.regions = {testing::Region(out, "out")};
  const LaunchResult r = Launch(RpDevice("dav-2002"), 1, options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, bb;
    pipe.InitBuffer(ba, kRpTileBytes);
    pipe.InitBuffer(bb, kRpTileBytes);
    const LocalTensor<half> src = ba.Get<half>(), dst = bb.Get<half>();
    RpWrite(src, p);
    ProposalExtract(dst, src, 2, 4);  // 32 proposals: the second 16 nothing wrote
    got = RpRead(dst, 16);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    GlobalTensor<half> g;
    g.SetGlobalBuffer(out.data(), 32);
    DataCopy(g, dst, 32);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "DataCopy");
  ASSERT_EQ(got.size(), 16u);
  for (uint32_t i = 0; i < 16; ++i) {
    if (!std::isnan(p[i * kRpElems + 4])) {
      EXPECT_EQ(got[i], p[i * kRpElems + 4]) << i;
    }
  }
}

template <typename T>
void ExpectRpSort16(const char* arch, int32_t repeat, bool in_place) {
  const uint32_t n = repeat * 16;
  const std::vector<double> p = RpProposals<T>(n, repeat);
  std::vector<double> got;
  const LaunchResult r = RunRp(arch, [&](const RpTiles& t) {
    LocalTensor<T> src = t.a.ReinterpretCast<T>(), dst = in_place ? src : t.b.ReinterpretCast<T>();
    RpWrite(src, p);
    RpSort16(dst, src, repeat);
    got = RpRead(dst, n * kRpElems);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<double> want;
  for (uint32_t g = 0; g < n; g += 16) {
    const std::vector<double> part = RpSorted(p, g, g + 16);
    want.insert(want.end(), part.begin(), part.end());
  }
  ExpectSame(got, want, std::string(arch) + (sizeof(T) == 2 ? " half" : " float"));
}

TEST(RegionProposal, RpSort16SortsEachSixteenStably) {
  ExpectRpSort16<half>("dav-2002", 4, false);
  ExpectRpSort16<half>("dav-2002", 2, true);
  ExpectRpSort16<float>("dav-2002", 3, true);
  ExpectRpSort16<half>("dav-1001", 2, false);
}

// Lists of the given lengths (each RpSort16-sorted by the model) laid out `gap` proposals apart,
// merged by MrgSort4; compared with a stable merge that prefers the lower list on ties.
// E: the tensors MrgSort4 takes, LocalTensor<T> or LocalTensor<TensorTrait<T>>.
template <typename T, typename E = T>
void ExpectMrgSort4(const std::vector<uint16_t>& lengths, bool suspend, uint32_t gap) {
  const uint16_t valid = lengths.size() == 2 ? 3 : lengths.size() == 3 ? 7 : 15;
  std::vector<std::vector<double>> lists;
  for (size_t k = 0; k < lengths.size(); ++k) {
    lists.push_back(RpSorted(RpProposals<T>(lengths[k], 7 * k + 1), 0, lengths[k]));
  }
  std::vector<double> got;
  uint16_t taken[4] = {9, 9, 9, 9};
  uint32_t total = 0;
  for (uint16_t l : lengths) total += l;
  const LaunchResult r = RunRp("dav-2002", [&](const RpTiles& t) {
    LocalTensor<T> in = t.a.ReinterpretCast<T>(), out = t.b.ReinterpretCast<T>();
    LocalTensor<T> at[4] = {in, in, in, in};
    for (size_t k = 0; k < lists.size(); ++k) {
      at[k] = in[k * gap * kRpElems];
      RpWrite(at[k], lists[k]);
    }
    uint16_t counts[4] = {0, 0, 0, 0};
    std::copy(lengths.begin(), lengths.end(), counts);
    LocalTensor<E> e_in = t.a.ReinterpretCast<E>(), e_out = t.b.ReinterpretCast<E>();
    LocalTensor<E> e_at[4] = {e_in, e_in, e_in, e_in};
    for (size_t k = 0; k < lists.size(); ++k) e_at[k] = e_in[k * gap * kRpElems];
    MrgSort4(e_out, MrgSortSrcList<E>(e_at[0], e_at[1], e_at[2], e_at[3]),
             MrgSort4Info(counts, suspend, valid, 1));
    GetMrgSortResult(taken[0], taken[1], taken[2], taken[3]);
    got = RpRead(out, total * kRpElems);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<double> want;
  size_t pos[4] = {0, 0, 0, 0};
  for (;;) {
    int best = -1;
    for (size_t k = 0; k < lists.size(); ++k) {
      if (pos[k] == lengths[k]) continue;
      if (best < 0 ||
          RpKey(lists[k][pos[k] * kRpElems + 4]) > RpKey(lists[best][pos[best] * kRpElems + 4])) {
        best = static_cast<int>(k);
      }
    }
    if (best < 0) break;
    const double* p = &lists[best][pos[best]++ * kRpElems];
    want.insert(want.end(), p, p + kRpElems);
    if (suspend && pos[best] == lengths[best]) break;
  }
  got.resize(want.size());
  ExpectSame(
      got, want,
      std::string(sizeof(T) == 2 ? "half" : "float") + " lists " + std::to_string(lengths.size()));
  for (size_t k = 0; k < 4; ++k) EXPECT_EQ(taken[k], k < lengths.size() ? pos[k] : 0) << k;
}

TEST(RegionProposal, MrgSort4MergesTwoToFourLists) {
  ExpectMrgSort4<half>({16, 16, 16, 16}, false, 16);
  ExpectMrgSort4<half>({20, 3, 0, 31}, false, 40);
  ExpectMrgSort4<float>({12, 30, 5}, false, 32);
  ExpectMrgSort4<float>({7, 25}, false, 25);
  ExpectMrgSort4<half>({6, 30, 17, 9}, true, 32);  // stops when the first list is used up
  // On TensorTrait tensors (CANN's TensorTrait list): the same merges.
  ExpectMrgSort4<half, TensorTrait<half>>({20, 3, 0, 31}, false, 40);
  ExpectMrgSort4<float, TensorTrait<float>>({12, 30, 5}, false, 32);
}

// The page's pipeline (and CANN's region_proposal_sort sample): four groups of 16 half scores
// through ProposalConcat, RpSort16, MrgSort4 and ProposalExtract come out sorted, largest first.
TEST(RegionProposal, PipelineSortsSixtyFourScores) {
  std::vector<double> scores(64), got;
  for (uint32_t i = 0; i < 64; ++i) {
    scores[i] = static_cast<float>(static_cast<half>(std::fmod(i * 37.7, 200.0) - 100));
  }
  const LaunchResult r = RunRp("dav-2002", [&](const RpTiles& t) {
    LocalTensor<half> src = t.a.ReinterpretCast<half>(), work = t.b.ReinterpretCast<half>(),
                      merged = t.c.ReinterpretCast<half>(), out = t.d.ReinterpretCast<half>();
    RpWrite(src, scores);
    Duplicate(work, static_cast<half>(0), 64 * 8);
    for (uint32_t g = 0; g < 4; ++g) {
      ProposalConcat(work[g * 128], src[g * 16], 1, 4);
      RpSort16(work[g * 128], work[g * 128], 1);
    }
    const uint16_t lengths[4] = {16, 16, 16, 16};
    MrgSort4(merged, MrgSortSrcList<half>(work[0], work[128], work[256], work[384]),
             MrgSort4Info(lengths, false, 15, 1));
    ProposalExtract(out, merged, 4, 4);
    got = RpRead(out, 64);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<double> want = scores;
  std::sort(want.begin(), want.end(), std::greater<double>());
  ExpectSame(got, want, "pipeline");
}

// With four contiguous lists of one length, repeatTimes merges that many groups of four.
TEST(RegionProposal, MrgSort4RepeatsOverContiguousLists) {
  const std::vector<double> p = RpProposals<float>(128, 3);
  std::vector<double> sorted16, got;
  for (uint32_t g = 0; g < 128; g += 16) {
    const std::vector<double> part = RpSorted(p, g, g + 16);
    sorted16.insert(sorted16.end(), part.begin(), part.end());
  }
  const LaunchResult r = RunRp("dav-2002", [&](const RpTiles& t) {
    LocalTensor<float> in = t.a.ReinterpretCast<float>(), out = t.b.ReinterpretCast<float>();
    RpWrite(in, sorted16);
    const uint16_t lengths[4] = {16, 16, 16, 16};
    MrgSort4(out, MrgSortSrcList<float>(in, in[128], in[256], in[384]),
             MrgSort4Info(lengths, false, 15, 2));
    got = RpRead(out, 128 * kRpElems);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<double> want = RpSorted(sorted16, 0, 64), second = RpSorted(sorted16, 64, 128);
  want.insert(want.end(), second.begin(), second.end());
  ExpectSame(got, want, "repeat 2");
}

void ExpectRpFault(const LaunchResult& r, FaultKind kind, const std::string& api,
                   const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, kind) << r.fault->message;
  EXPECT_EQ(r.fault->instruction, api);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

// Each of the four, once: on `arch` with T.
template <typename T>
LaunchResult RunEach(const char* arch, int which) {
  return RunRp(arch, [&](const RpTiles& t) {
    LocalTensor<T> a = t.a.ReinterpretCast<T>(), b = t.b.ReinterpretCast<T>();
    Duplicate(a, static_cast<T>(1), kRpTileBytes / sizeof(T));
    const uint16_t lengths[4] = {4, 4, 4, 4};
    switch (which) {
      case 0: ProposalConcat(b, a, 1, 4); break;
      case 1: ProposalExtract(b, a, 1, 4); break;
      case 2: RpSort16(b, a, 1); break;
      default:
        MrgSort4(b, MrgSortSrcList<T>(a, a[32], a[64], a[96]), MrgSort4Info(lengths, false, 15, 1));
    }
  });
}

TEST(RegionProposal, The910BHasNoneOfThem) {
  const char* const names[4] = {"ProposalConcat", "ProposalExtract", "RpSort16", "MrgSort4"};
  for (int which = 0; which < 4; ++which) {
    ExpectRpFault(RunEach<half>("dav-2201", which), FaultKind::kUnsupported, names[which],
                  "not an instruction of test-dav-2201 (dav-2201)");
    ExpectRpFault(RunEach<float>("test", which), FaultKind::kUnsupported, names[which],
                  "unsupported on the Atlas A2/A3");
    ExpectRpFault(RunEach<float>("dav-1001", which), FaultKind::kUnsupported, names[which],
                  "the Atlas training series (910A) takes half only");
    const LaunchResult ok = RunEach<float>("dav-2002", which);
    EXPECT_TRUE(ok.status.ok()) << names[which] << ": " << ok.status.ToString();
  }
}

TEST(RegionProposal, DocumentedRulesFault) {
  auto one = [](const std::function<void(LocalTensor<half>, LocalTensor<half>)>& f) {
    return RunRp("dav-2002", [&](const RpTiles& t) {
      LocalTensor<half> a = t.a.ReinterpretCast<half>();
      Duplicate(a, static_cast<half>(1), kRpTileBytes / 2);
      f(a, t.b.ReinterpretCast<half>());
    });
  };
  const auto kArg = FaultKind::kInvalidArgument;
  ExpectRpFault(one([](auto a, auto b) { ProposalConcat(b, a, 1, 6); }), kArg, "ProposalConcat",
                "modeNumber 6 is outside [0, 5]");
  ExpectRpFault(one([](auto a, auto b) { ProposalExtract(b, a, 1, -1); }), kArg, "ProposalExtract",
                "modeNumber -1 is outside [0, 5]");
  ExpectRpFault(one([](auto a, auto b) { RpSort16(b, a, 256); }), kArg, "RpSort16",
                "repeatTime 256 is outside [0, 255]");
  // 33 repeats of 16 half proposals are 8448 bytes: beyond the 8192-byte tile.
  ExpectRpFault(one([](auto a, auto b) { RpSort16(b, a, 33); }), FaultKind::kOutOfBoundsUb,
                "RpSort16", "");
  ExpectRpFault(one([](auto a, auto b) { ProposalConcat(b[8], a, 1, 0); }),
                FaultKind::kMisalignedCopy, "ProposalConcat", "dst UB address");
  auto merge = [&](uint16_t valid, uint16_t len, int32_t repeat, uint32_t dst_at, uint32_t src_at) {
    return one([=](LocalTensor<half> a, LocalTensor<half> b) {
      const uint16_t lengths[4] = {len, 2, 2, 2};
      LocalTensor<half> dst = dst_at == UINT32_MAX ? a[512] : b[dst_at];
      MrgSort4(dst, MrgSortSrcList<half>(a[src_at], a[64], a[128], a[192]),
               MrgSort4Info(lengths, false, valid, static_cast<uint16_t>(repeat)));
    });
  };
  ExpectRpFault(merge(5, 2, 1, 0, 0), kArg, "MrgSort4", "validBit 5 is not 3, 7 or 15");
  ExpectRpFault(merge(15, 2, 0, 0, 0), kArg, "MrgSort4", "repeatTimes 0 is outside [1, 255]");
  ExpectRpFault(merge(3, 4096, 1, 0, 0), kArg, "MrgSort4", "elementLengths[0] is 4096");
  ExpectRpFault(merge(15, 2, 1, 4, 0), FaultKind::kMisalignedCopy, "MrgSort4", "dst UB address 0x");
  const LaunchResult half_aligned = merge(15, 2, 1, 8, 8);  // 16-byte starts are fine for half
  EXPECT_TRUE(half_aligned.status.ok()) << half_aligned.status.ToString();
  // dst at a[512] with 64 proposals of 16 bytes overlaps nothing; a list inside dst does.
  ExpectRpFault(merge(15, 40, 1, UINT32_MAX, 520), kArg, "MrgSort4", "dst and src1 overlap");
}

}  // namespace opsim::sim::proposal_test
