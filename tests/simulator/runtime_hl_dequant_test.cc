// The high-level AscendDequant (lib/quantization/ascend_dequant.h): every documented (dstT,
// deqScale) pair, tensor and scalar factors, both modes, the older calCount forms, against a
// scalar model (int32 -> float, times the factor for the first calCount of a row, rounded to
// dstT into rows padded to 32 bytes), and the documented rules as faults.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_dequant_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kTile = 1024;  // bytes per operand
constexpr uint8_t kSentinel = 0x5A;

int32_t Src(uint32_t i) {
  const int32_t special[] = {0, 1, -1, 16777217, -16777219, 2147483647, -2147483647 - 1, 3};
  return i < 8 ? special[i] : static_cast<int32_t>(std::lround(std::sin(0.9 * i) * 5000));
}
float Factor(uint32_t j) { return static_cast<float>(0.125 * (j % 7) - 0.3); }

template <typename T>
double AsDouble(const uint8_t* p) {
  T v;
  std::memcpy(static_cast<void*>(&v), p, sizeof(T));
  return static_cast<double>(static_cast<float>(v));
}

// The operand buffers: views of any type and length come from Get<T>(n).
struct Tiles {
  TBuf<TPosition::VECCALC>*d, *s, *c;
  LocalTensor<uint8_t> tmp;
};
struct Result {
  std::vector<uint8_t> dst;
  LaunchResult launch;
};

// Runs body on four tiles: src holds Src(i), scale Factor(j) as S (uint64_t: the float in the
// low half, junk in the high), dst the sentinel.
template <typename S>
Result RunDq(const std::function<void(const Tiles&)>& body, uint32_t tmp_bytes = kTile) {
  Result r;
  r.dst.assign(kTile, kSentinel);
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bc, bt;
    pipe.InitBuffer(bd, kTile);
    pipe.InitBuffer(bs, kTile);
    pipe.InitBuffer(bc, kTile);
    pipe.InitBuffer(bt, tmp_bytes);
    const Tiles t{&bd, &bs, &bc, bt.Get<uint8_t>()};
    LocalTensor<uint8_t> dst = bd.Get<uint8_t>(), src = bs.Get<uint8_t>(),
                         scale = bc.Get<uint8_t>();
    std::memset(dst.data(), kSentinel, kTile);
    for (uint32_t i = 0; i < kTile / 4; ++i) {
      const int32_t x = Src(i);
      std::memcpy(src.data() + i * 4, &x, 4);
    }
    for (uint32_t j = 0; j < kTile / sizeof(S); ++j) {
      const float f = Factor(j);
      if constexpr (std::is_same_v<S, uint64_t>) {
        uint64_t v;
        std::memcpy(&v, &f, 4);
        v = (v & 0xFFFFFFFFull) | (0xABCDull << 40);
        std::memcpy(scale.data() + j * 8, &v, 8);
      } else {
        const S v = static_cast<S>(f);
        std::memcpy(scale.data() + j * sizeof(S), static_cast<const void*>(&v), sizeof(S));
      }
    }
    detail::HostWroteUb(dst.ref());
    detail::HostWroteUb(src.ref());
    detail::HostWroteUb(scale.ref());
    body(t);
    std::memcpy(r.dst.data(), dst.data(), kTile);
  });
  return r;
}

// The model of dst for m rows of n with the first cal of each row scaled (scalar: every factor
// `scalar`); count elements in all (row after row).
template <typename D, typename S>
void ExpectModel(const Result& r, uint32_t n, uint32_t cal, uint64_t count, const float* scalar,
                 const std::string& what) {
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  const uint32_t blk = 32 / sizeof(D), inner = (n + blk - 1) / blk * blk;
  std::vector<bool> touched(kTile / sizeof(D), false);
  for (uint64_t k = 0; k < count; ++k) {
    const uint64_t row = k / n, j = k % n;
    float factor = scalar ? *scalar : Factor(static_cast<uint32_t>(j));
    if (std::is_same_v<S, ::bfloat16_t>) factor = static_cast<float>(static_cast<S>(factor));
    float v = static_cast<float>(Src(static_cast<uint32_t>(k)));
    if (j < cal) v *= factor;
    const uint64_t at = row * inner + j;
    touched[at] = true;
    ASSERT_EQ(AsDouble<D>(r.dst.data() + at * sizeof(D)),
              static_cast<double>(static_cast<float>(static_cast<D>(v))))
        << what << " at row " << row << " col " << j;
  }
  for (size_t i = 0; i < touched.size(); ++i) {
    if (touched[i]) continue;
    for (size_t b = 0; b < sizeof(D); ++b) {
      ASSERT_EQ(r.dst[i * sizeof(D) + b], kSentinel) << what << " wrote element " << i;
    }
  }
}

template <typename D, typename S, DeQuantMode kMode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void ExpectTensorForm(DequantParams p, bool with_tmp, const std::string& what) {
  const Result r = RunDq<S>([&](const Tiles& t) {
    if (with_tmp) {
      AscendDequant<D, S, kMode>(t.d->Get<D>(), t.s->Get<int32_t>(), t.c->Get<S>(), t.tmp, p);
    } else {
      AscendDequant<D, S, kMode>(t.d->Get<D>(), t.s->Get<int32_t>(), t.c->Get<S>(), p);
    }
  });
  const uint32_t blk = 32 / sizeof(D);
  const bool single = kMode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW && p.m == 1 &&
                      p.calCount % blk == 0 && p.n % p.calCount == 0;
  if (single) p = {p.n / p.calCount, p.calCount, p.calCount};
  ExpectModel<D, S>(r, p.n, p.calCount, uint64_t{p.m} * p.n, nullptr, what);
}

TEST(HlAscendDequant, EveryTensorPairMatchesTheModel) {
  ExpectTensorForm<float, float>({4, 8, 5}, true, "float/float, calCount < n");
  ExpectTensorForm<float, bfloat16_t>({3, 16, 16}, false, "float/bf16");
  ExpectTensorForm<bfloat16_t, bfloat16_t>({4, 8, 8}, true, "bf16/bf16, padded rows");
  ExpectTensorForm<bfloat16_t, float>({5, 24, 20}, false, "bf16/float");
  ExpectTensorForm<half, uint64_t>({3, 16, 16}, true, "half/uint64");
  ExpectTensorForm<half, uint64_t>({2, 8, 3}, false, "half/uint64, padded");
}

TEST(HlAscendDequant, SingleRowModeSplitsOneRow) {
  // {1, 32, 8}: single-row mode runs 4 rows of 8 (each scaled by factors 0..7); multi-row
  // scales only the first 8 of the one row.
  ExpectTensorForm<float, float>({1, 32, 8}, true, "single row");
  ExpectTensorForm<float, float, DeQuantMode::DEQUANT_WITH_MULTI_ROW>({1, 32, 8}, true,
                                                                      "multi row");
  // calCount not whole blocks of dstT: no split.
  ExpectTensorForm<bfloat16_t, float>({1, 32, 8}, true, "single row, bf16 calCount 8");
}

TEST(HlAscendDequant, ScalarFactor) {
  const float two = 2.5f;
  const Result a = RunDq<float>([](const Tiles& t) {
    AscendDequant<float, float>(t.d->Get<float>(), t.s->Get<int32_t>(), 2.5f, t.tmp,
                                DequantParams{3, 16, 10});
  });
  ExpectModel<float, float>(a, 16, 10, 48, &two, "float scalar");
  const Result b = RunDq<float>([](const Tiles& t) {
    AscendDequant<bfloat16_t, bfloat16_t>(t.d->Get<bfloat16_t>(), t.s->Get<int32_t>(),
                                          bfloat16_t(2.5f), DequantParams{2, 8, 8});
  });
  ExpectModel<bfloat16_t, float>(b, 8, 8, 16, &two, "bf16 scalar");
}

TEST(HlAscendDequant, OlderCalCountForms) {
  // Rows of deqScale's 8 elements; 20 elements: two rows and 4 of the third.
  const Result a = RunDq<float>([](const Tiles& t) {
    AscendDequant<float, float>(t.d->Get<float>(), t.s->Get<int32_t>(), t.c->Get<float>(8), t.tmp,
                                20u);
  });
  ExpectModel<float, float>(a, 8, 8, 20, nullptr, "calCount 20");
  const Result b = RunDq<float>([](const Tiles& t) {
    AscendDequant<bfloat16_t, float>(t.d->Get<bfloat16_t>(), t.s->Get<int32_t>(64),
                                     t.c->Get<float>(16));
  });
  ExpectModel<bfloat16_t, float>(b, 16, 16, 64, nullptr, "whole src");
}

void ExpectFault(const Result& r, const std::string& text) {
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->instruction, "AscendDequant");
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

TEST(HlAscendDequant, DocumentedRulesFault) {
  auto with = [](DequantParams p, uint32_t scale_elems, uint32_t tmp_bytes) {
    return RunDq<float>(
        [=](const Tiles& t) {
          AscendDequant<float, float>(t.d->Get<float>(), t.s->Get<int32_t>(),
                                      t.c->Get<float>(scale_elems), t.tmp, p);
        },
        tmp_bytes);
  };
  ExpectFault(with({2, 12, 12}, 64, kTile), "params.n 12 must be above 0 and a multiple of 8");
  ExpectFault(with({2, 8, 0}, 64, kTile), "params.calCount 0 must be in (0, params.n 8]");
  ExpectFault(with({2, 8, 9}, 64, kTile), "params.calCount 9 must be in (0, params.n 8]");
  ExpectFault(with({40, 8, 8}, 64, kTile), "params.m 40 x params.n 8 is beyond srcTensor's 256");
  ExpectFault(with({2, 16, 16}, 8, kTile), "calCount 16 is beyond deqScale's 8 elements");
  ExpectFault(with({2, 8, 8}, 64, 320),
              "sharedTmpBuffer holds 320 bytes; this call needs at "
              "least 352");
  const Result zero = RunDq<float>([](const Tiles& t) {
    AscendDequant<float, float>(t.d->Get<float>(), t.s->Get<int32_t>(), t.c->Get<float>(8), 0u);
  });
  ExpectFault(zero, "calCount 0 must be in (0, srcTensor's 256 elements]");
}

}  // namespace opsim::sim::hl_dequant_test
