// The high-level AscendAntiQuant (lib/quantization/ascend_antiquant.h): every 910B form (offset
// and scale tensors or scalars, with and without offset, with and without sharedTmpBuffer,
// isTranspose) in half and bfloat16_t against a scalar model (half: each step rounded to half;
// bfloat16_t: float sum and product, then rounded), groups from AntiQuantShapeInfo, and the
// documented rules as faults.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_antiquant_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kAqTile = 2048;
constexpr uint8_t kAqSentinel = 0x5A;

int8_t AqSrc(uint32_t i) {
  const int8_t special[] = {0, 1, -1, 127, -128, 64, -77, 3};
  return i < 8 ? special[i] : static_cast<int8_t>((i * 37 + 11) % 256 - 128);
}
// Offsets in [-4, 4) with halves, scales small enough that products round in half and bf16.
float AqOffset(uint32_t j) { return static_cast<float>(static_cast<int>(j % 16) - 8) * 0.5f; }
float AqScale(uint32_t j) { return 0.0137f * static_cast<float>(j % 11 + 1) - 0.05f; }

struct AqTiles {
  TBuf<TPosition::VECCALC>*d, *s, *o, *c;
  LocalTensor<uint8_t> tmp;
};
struct AqResult {
  std::vector<uint8_t> dst;
  LaunchResult launch;
};

// Runs body with src holding AqSrc(i), offset/scale AqOffset/AqScale(j) as T, dst the sentinel.
template <typename T>
AqResult RunAq(const std::function<void(const AqTiles&)>& body, uint32_t tmp_bytes = kAqTile) {
  AqResult r;
  r.dst.assign(kAqTile, kAqSentinel);
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bo, bc, bt;
    pipe.InitBuffer(bd, kAqTile);
    pipe.InitBuffer(bs, kAqTile);
    pipe.InitBuffer(bo, kAqTile);
    pipe.InitBuffer(bc, kAqTile);
    pipe.InitBuffer(bt, tmp_bytes);
    LocalTensor<uint8_t> dst = bd.Get<uint8_t>(), src = bs.Get<uint8_t>();
    LocalTensor<T> off = bo.Get<T>(), scale = bc.Get<T>();
    std::memset(dst.data(), kAqSentinel, kAqTile);
    for (uint32_t i = 0; i < kAqTile; ++i) src.data()[i] = static_cast<uint8_t>(AqSrc(i));
    for (uint32_t j = 0; j < kAqTile / sizeof(T); ++j) {
      const T o = static_cast<T>(AqOffset(j)), s = static_cast<T>(AqScale(j));
      std::memcpy(static_cast<void*>(off.data() + j), &o, sizeof(T));
      std::memcpy(static_cast<void*>(scale.data() + j), &s, sizeof(T));
    }
    detail::HostWroteUb(dst.ref());
    detail::HostWroteUb(src.ref());
    detail::HostWroteUb(off.ref());
    detail::HostWroteUb(scale.ref());
    const AqTiles t{&bd, &bs, &bo, &bc, bt.Get<uint8_t>()};
    body(t);
    std::memcpy(r.dst.data(), dst.data(), kAqTile);
  });
  return r;
}

// src element e: byte e, or as int4b_t nibble e % 2 of byte e / 2 (low first), sign-extended.
int AqSrcOf(uint32_t e, bool int4) {
  if (!int4) return AqSrc(e);
  const int nib = (static_cast<uint8_t>(AqSrc(e / 2)) >> (4 * (e % 2))) & 0xF;
  return nib >= 8 ? nib - 16 : nib;
}

// The model: element [i][j] of src (rows of `cols`) with factor index `f(i, j)`; offset/scale
// < 0: the scalar ones (AqOffset(0) / AqScale(3)).
template <typename T>
void ExpectAqModel(const AqResult& r, uint32_t count, uint32_t cols, bool has_offset, bool tensors,
                   const std::function<uint32_t(uint32_t, uint32_t)>& f, const std::string& what,
                   bool int4 = false) {
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  for (uint32_t e = 0; e < count; ++e) {
    const uint32_t idx = tensors ? f(e / cols, e % cols) : 0;
    const float off = static_cast<float>(static_cast<T>(AqOffset(tensors ? idx : 0)));
    const float scale = static_cast<float>(static_cast<T>(AqScale(tensors ? idx : 3)));
    float want;
    if constexpr (std::is_same_v<T, half>) {
      half h = static_cast<half>(static_cast<float>(AqSrcOf(e, int4)));
      if (has_offset) h = static_cast<half>(static_cast<float>(h) + off);
      want = static_cast<float>(static_cast<half>(static_cast<float>(h) * scale));
    } else {
      float v = static_cast<float>(AqSrcOf(e, int4));
      if (has_offset) v += off;
      want = static_cast<float>(static_cast<T>(v * scale));
    }
    T got;
    std::memcpy(static_cast<void*>(&got), r.dst.data() + e * sizeof(T), sizeof(T));
    ASSERT_EQ(static_cast<float>(got), want) << what << " at " << e / cols << "," << e % cols;
  }
  for (uint32_t b = count * sizeof(T); b < kAqTile; ++b) {
    ASSERT_EQ(r.dst[b], kAqSentinel) << what << " wrote byte " << b;
  }
}

// Per-channel forms: src [K, N] (or [N, K] transposed) with one factor row.
template <typename T, bool kTr>
void ExpectAqChannel(uint32_t k, uint32_t n, bool has_offset, bool with_tmp,
                     const std::string& what) {
  const AqResult r = RunAq<T>([&](const AqTiles& t) {
    auto dst = t.d->Get<T>(k * n);
    auto src = t.s->Get<int8_t>(k * n);
    auto scale = t.c->Get<T>(n);
    if (has_offset && with_tmp) {
      AscendAntiQuant<int8_t, T, kTr>(dst, src, t.o->Get<T>(n), scale, t.tmp, k);
    } else if (has_offset) {
      AscendAntiQuant<int8_t, T, kTr>(dst, src, t.o->Get<T>(n), scale, k);
    } else {
      AscendAntiQuant<int8_t, T, kTr>(dst, src, scale, t.tmp, k);
    }
  });
  // Not transposed: rows of N, factor j. Transposed: rows of K, factor i (one per channel).
  ExpectAqModel<T>(
      r, k * n, kTr ? k : n, has_offset, true, [](uint32_t i, uint32_t j) { return kTr ? i : j; },
      what);
}

TEST(HlAscendAntiQuant, PerChannelEveryTypeAndForm) {
  ExpectAqChannel<half, false>(4, 64, true, true, "half, offset, tmp");
  ExpectAqChannel<half, false>(3, 96, true, false, "half, offset, no tmp");
  ExpectAqChannel<half, false>(4, 64, false, true, "half, no offset");
  ExpectAqChannel<bfloat16_t, false>(4, 64, true, true, "bf16, offset, tmp");
  ExpectAqChannel<bfloat16_t, false>(2, 160, true, false, "bf16, offset, no tmp");
  ExpectAqChannel<bfloat16_t, false>(4, 32, false, true, "bf16, no offset");
  ExpectAqChannel<half, true>(64, 5, true, true, "half transposed");
  ExpectAqChannel<half, true>(32, 4, false, true, "half transposed, no offset");
  ExpectAqChannel<bfloat16_t, true>(32, 3, true, true, "bf16 transposed");
  ExpectAqChannel<bfloat16_t, true>(64, 2, true, false, "bf16 transposed, no tmp");
}

template <typename T>
void ExpectAqScalar(bool has_offset, bool with_tmp, const std::string& what) {
  const AqResult r = RunAq<T>([&](const AqTiles& t) {
    auto dst = t.d->Get<T>(256);
    auto src = t.s->Get<int8_t>(256);
    const T off = static_cast<T>(AqOffset(0)), scale = static_cast<T>(AqScale(3));
    if (has_offset && with_tmp) {
      AscendAntiQuant<int8_t, T, false>(dst, src, off, scale, t.tmp, 8);
    } else if (has_offset) {
      AscendAntiQuant<int8_t, T, true>(dst, src, off, scale, 32);
    } else {
      AscendAntiQuant<int8_t, T, false>(dst, src, scale, t.tmp, 8);
    }
  });
  ExpectAqModel<T>(
      r, 256, 32, has_offset, false, [](uint32_t, uint32_t) { return 0u; }, what);
}

TEST(HlAscendAntiQuant, PerTensorEveryTypeAndForm) {
  ExpectAqScalar<half>(true, true, "half scalars, tmp");
  ExpectAqScalar<half>(true, false, "half scalars, no tmp");
  ExpectAqScalar<half>(false, true, "half scale only");
  ExpectAqScalar<bfloat16_t>(true, true, "bf16 scalars, tmp");
  ExpectAqScalar<bfloat16_t>(true, false, "bf16 scalars, no tmp");
  ExpectAqScalar<bfloat16_t>(false, true, "bf16 scale only");
}

TEST(HlAscendAntiQuant, GroupsFromShapeInfo) {
  // src [K=4, N=32], factors [2, 32]: rows 0-1 take factor row 0, rows 2-3 row 1.
  const AqResult a = RunAq<half>([](const AqTiles& t) {
    AscendAntiQuant<int8_t, half, false>(t.d->Get<half>(128), t.s->Get<int8_t>(128),
                                         t.o->Get<half>(64), t.c->Get<half>(64), t.tmp, 4,
                                         {2, 32, 2, 32});
  });
  ExpectAqModel<half>(
      a, 128, 32, true, true, [](uint32_t i, uint32_t j) { return (i / 2) * 32 + j; },
      "rows in groups");
  // Transposed src [N=2, K=64], factors [2, 4]: 16 of K share a factor.
  const AqResult b = RunAq<bfloat16_t>(
      [](const AqTiles& t) {
        AscendAntiQuant<int8_t, bfloat16_t, true>(t.d->Get<bfloat16_t>(128), t.s->Get<int8_t>(128),
                                                  t.o->Get<bfloat16_t>(8), t.c->Get<bfloat16_t>(8),
                                                  t.tmp, 64, {2, 4, 2, 4});
      },
      80 * 8 * 4);
  ExpectAqModel<bfloat16_t>(
      b, 128, 64, true, true, [](uint32_t i, uint32_t j) { return i * 4 + j / 16; },
      "columns in groups");
}

// int4b_t src (CANN takes it on the 910B): two elements a byte, the same steps as int8_t.
TEST(HlAscendAntiQuant, Int4SourceEveryOutputType) {
  const AqResult a = RunAq<half>([](const AqTiles& t) {
    AscendAntiQuant<int4b_t, half, false>(t.d->Get<half>(256), t.s->Get<int4b_t>(256),
                                          t.o->Get<half>(64), t.c->Get<half>(64), t.tmp, 4);
  });
  ExpectAqModel<half>(
      a, 256, 64, true, true, [](uint32_t, uint32_t j) { return j; }, "int4 half", true);
  const AqResult b = RunAq<bfloat16_t>([](const AqTiles& t) {
    AscendAntiQuant<int4b_t, bfloat16_t, true>(t.d->Get<bfloat16_t>(256), t.s->Get<int4b_t>(256),
                                               t.c->Get<bfloat16_t>(4), t.tmp, 64);
  });
  ExpectAqModel<bfloat16_t>(
      b, 256, 64, false, true, [](uint32_t i, uint32_t) { return i; }, "int4 bf16 transposed",
      true);
  const AqResult c = RunAq<half>([](const AqTiles& t) {
    AscendAntiQuant<int4b_t, half, false>(t.d->Get<half>(256), t.s->Get<int4b_t>(256),
                                          half(AqOffset(0)), half(AqScale(3)), t.tmp, 8);
  });
  ExpectAqModel<half>(
      c, 256, 32, true, false, [](uint32_t, uint32_t) { return 0u; }, "int4 scalars", true);
  // 96 int4b_t are 48 bytes: not whole 32-byte blocks.
  const AqResult odd = RunAq<half>([](const AqTiles& t) {
    AscendAntiQuant<int4b_t, half, false>(t.d->Get<half>(96), t.s->Get<int4b_t>(96), half(1.0f),
                                          t.tmp, 2);
  });
  ASSERT_TRUE(odd.launch.fault.has_value());
  EXPECT_NE(odd.launch.fault->message.find("src holds 96 int4b_t elements"), std::string::npos)
      << odd.launch.fault->message;
}

void ExpectAqFault(const AqResult& r, const std::string& text) {
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->instruction, "AscendAntiQuant");
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

TEST(HlAscendAntiQuant, DocumentedRulesFault) {
  auto channel = [](uint32_t count, uint32_t k, uint32_t factors, AntiQuantShapeInfo info,
                    uint32_t tmp_bytes) {
    return RunAq<bfloat16_t>(
        [=](const AqTiles& t) {
          AscendAntiQuant<int8_t, bfloat16_t, false>(
              t.d->Get<bfloat16_t>(count), t.s->Get<int8_t>(count), t.o->Get<bfloat16_t>(factors),
              t.c->Get<bfloat16_t>(factors), t.tmp, k, info);
        },
        tmp_bytes);
  };
  ExpectAqFault(channel(128, 3, 64, {}, kAqTile), "k 3 must be above 0 and divide src's 128");
  ExpectAqFault(channel(48, 2, 24, {}, kAqTile), "src holds 48 int8 elements");
  ExpectAqFault(channel(128, 4, 16, {}, kAqTile), "scale holds 16 elements, fewer than its 1 x 32");
  ExpectAqFault(channel(128, 4, 64, {3, 32, 3, 32}, kAqTile),
                "shapeInfo.scaleHeight 3 must divide k 4");
  ExpectAqFault(channel(128, 4, 64, {1, 32, 1, 16}, kAqTile),
                "shapeInfo.scaleWidth 16 must be N = 32");
  // bfloat16_t out, src [4, 32], scale [1, 32]: 32 * 2 * 4 + 64 * 4 * 4 = 1280 bytes.
  ExpectAqFault(channel(128, 4, 32, {}, 1248),
                "sharedTmpBuffer holds 1248 bytes; this call needs at least 1280");
  EXPECT_TRUE(channel(128, 4, 32, {}, 1280).launch.status.ok());
  const AqResult tr = RunAq<half>([](const AqTiles& t) {
    AscendAntiQuant<int8_t, half, true>(t.d->Get<half>(128), t.s->Get<int8_t>(128), half(1.0f),
                                        t.tmp, 16);
  });
  ExpectAqFault(tr, "with isTranspose, k 16 must be a multiple of 32");
  const AqResult small = RunAq<bfloat16_t>(
      [](const AqTiles& t) {
        AscendAntiQuant<int8_t, bfloat16_t, false>(t.d->Get<bfloat16_t>(64), t.s->Get<int8_t>(64),
                                                   bfloat16_t(2.0f), t.tmp, 2);
      },
      992);
  ExpectAqFault(small, "sharedTmpBuffer holds 992 bytes; this call needs at least 1024");
  const AqResult overlap = RunAq<half>([](const AqTiles& t) {
    auto all = t.d->Get<half>();
    AscendAntiQuant<int8_t, half, false>(all, all.ReinterpretCast<int8_t>()[64], half(1.0f), t.tmp,
                                         2);
  });
  ExpectAqFault(overlap, "dst and src overlap");
}

}  // namespace opsim::sim::hl_antiquant_test
