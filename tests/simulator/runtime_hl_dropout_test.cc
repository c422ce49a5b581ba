// The high-level DropOut (lib/filter/dropout.h): byte and bit masks, packed and padded rows, the
// mode inferred or given, half and float, with and without sharedTmpBuffer, against a scalar
// model (byte: mask byte times src in T, then times T(1 / keepProb); bit: src or 0, then times
// the factor), the padded mask packed in place, and the documented rules as faults.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_dropout_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kDoTile = 2048;
constexpr float kDoKeep = 0.7f;

float DoSrc(uint32_t i) {
  const float special[] = {1.0f, -2.5f, INFINITY, -3.0f, 0.0f, 65000.0f, -INFINITY, 0.333f};
  return i < 8 ? special[i] : std::sin(0.37f * static_cast<float>(i)) * 40.0f;
}
// Mask bytes: mostly 0 and 1, with a 2 now and then (the chip multiplies by the byte).
uint8_t DoMaskByte(uint32_t i) {
  return i % 13 == 5 ? 2 : static_cast<uint8_t>((i * 7 + i / 3) % 2);
}

struct DoResult {
  std::vector<uint8_t> dst, mask;
  LaunchResult launch;
};

// Runs body(dst, src, mask, tmp) with src DoSrc(i) as T, mask DoMaskByte(i) (or random-ish bits
// for bit masks: the same bytes), dst 0x5A.
template <typename T>
DoResult RunDo(
    const std::function<void(const LocalTensor<T>&, const LocalTensor<T>&,
                             const LocalTensor<uint8_t>&, const LocalTensor<uint8_t>&)>& body,
    bool bit_bytes, uint32_t tmp_bytes = 1024) {
  DoResult r;
  r.dst.assign(kDoTile, 0x5A);
  r.mask.assign(kDoTile, 0);
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bm, bt;
    pipe.InitBuffer(bd, kDoTile);
    pipe.InitBuffer(bs, kDoTile);
    pipe.InitBuffer(bm, kDoTile);
    pipe.InitBuffer(bt, tmp_bytes);
    LocalTensor<T> dst = bd.Get<T>(), src = bs.Get<T>();
    LocalTensor<uint8_t> mask = bm.Get<uint8_t>();
    std::memset(static_cast<void*>(dst.data()), 0x5A, kDoTile);
    for (uint32_t i = 0; i < kDoTile / sizeof(T); ++i) src.data()[i] = static_cast<T>(DoSrc(i));
    for (uint32_t i = 0; i < kDoTile; ++i) {
      mask.data()[i] = bit_bytes ? static_cast<uint8_t>(i * 97 + 13) : DoMaskByte(i);
    }
    detail::HostWroteUb(dst.ref());
    detail::HostWroteUb(src.ref());
    detail::HostWroteUb(mask.ref());
    body(dst, src, mask, bt.Get<uint8_t>());
    std::memcpy(r.dst.data(), static_cast<const void*>(dst.data()), kDoTile);
    std::memcpy(r.mask.data(), mask.data(), kDoTile);
  });
  return r;
}

template <typename T>
float DoRound(float v) {
  return static_cast<float>(static_cast<T>(v));
}

// The model over rows x cols; `mask_at(r, c)` gives the byte (byte mode) or bit (bit mode).
template <typename T>
void ExpectDoModel(const DoResult& r, uint32_t rows, uint32_t cols, bool bit,
                   const std::function<uint32_t(uint32_t, uint32_t)>& mask_at,
                   const std::string& what) {
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  const float factor = DoRound<T>(1.0f / kDoKeep);
  for (uint32_t e = 0; e < rows * cols; ++e) {
    const float x = DoRound<T>(DoSrc(e));
    const uint32_t m = mask_at(e / cols, e % cols);
    const float v = bit ? (m ? x : 0.0f) : DoRound<T>(static_cast<float>(m) * x);
    const float want = DoRound<T>(v * factor);
    T got_t;
    std::memcpy(static_cast<void*>(&got_t), r.dst.data() + e * sizeof(T), sizeof(T));
    const float got = static_cast<float>(got_t);
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(got)) << what << " at " << e;
    } else {
      ASSERT_EQ(got, want) << what << " at " << e;
      ASSERT_EQ(std::signbit(got), std::signbit(want)) << what << " sign at " << e;
    }
  }
  for (uint32_t b = rows * cols * sizeof(T); b < kDoTile; ++b) {
    ASSERT_EQ(r.dst[b], 0x5A) << what << " wrote byte " << b;
  }
}

uint32_t DoBit(uint32_t byte_index, uint32_t bit) {
  return (static_cast<uint8_t>(byte_index * 97 + 13) >> bit) & 1u;
}

template <typename T, uint32_t kMode = 0>
void ExpectDoByte(uint32_t rows, uint32_t cols, uint32_t mask_cols, bool with_tmp,
                  const std::string& what) {
  DropOutShapeInfo info;
  info.firstAxis = rows;
  info.srcLastAxis = cols;
  info.maskLastAxis = mask_cols;
  const DoResult r = RunDo<T>(
      [&](const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& m,
          const LocalTensor<uint8_t>& tmp) {
        if (with_tmp) {
          DropOut<T, false, kMode>(d, s, m, tmp, kDoKeep, info);
        } else {
          DropOut<T, false, kMode>(d, s, m, kDoKeep, info);
        }
      },
      false);
  ExpectDoModel<T>(
      r, rows, cols, false,
      [&](uint32_t row, uint32_t c) { return DoMaskByte(row * mask_cols + c); }, what);
  if (mask_cols != cols) {  // packed in place: row r's valid bytes now at r * cols
    for (uint32_t e = 0; e < rows * cols; ++e) {
      ASSERT_EQ(r.mask[e], DoMaskByte(e / cols * mask_cols + e % cols)) << what << " mask " << e;
    }
  }
}

TEST(HlDropOut, ByteMasksMatchTheModel) {
  ExpectDoByte<half>(2, 96, 96, true, "half, byte, aligned");
  ExpectDoByte<float>(3, 40, 40, false, "float, byte, aligned");
  ExpectDoByte<half>(3, 48, 64, true, "half, byte, padded rows");
  ExpectDoByte<float, DROPOUT_MODE_BYTE_MISALIGN>(2, 30, 32, false, "float, byte, padded, mode 1");
  ExpectDoByte<half, DROPOUT_MODE_BYTE_ALIGN>(1, 128, 128, true, "half, mode 2");
}

template <typename T, uint32_t kMode = 0>
void ExpectDoBit(uint32_t rows, uint32_t cols, uint32_t mask_cols, bool with_tmp,
                 const std::string& what) {
  DropOutShapeInfo info;
  info.firstAxis = rows;
  info.srcLastAxis = cols;
  info.maskLastAxis = mask_cols;
  const DoResult r = RunDo<T>(
      [&](const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& m,
          const LocalTensor<uint8_t>& tmp) {
        if (with_tmp) {
          DropOut<T, false, kMode>(d, s, m, tmp, kDoKeep, info);
        } else {
          DropOut<T, true, kMode>(d, s, m, kDoKeep, info);
        }
      },
      true);
  const uint32_t valid = cols / 8, padded = mask_cols * 8 == cols ? valid : mask_cols;
  ExpectDoModel<T>(
      r, rows, cols, true,
      [&](uint32_t row, uint32_t c) { return DoBit(row * padded + c / 8, c % 8); }, what);
}

TEST(HlDropOut, BitMasksMatchTheModel) {
  ExpectDoBit<half>(2, 128, 16, true, "half, bit, aligned");
  ExpectDoBit<float>(3, 64, 8, false, "float, bit, aligned");
  ExpectDoBit<half>(2, 64, 32, true, "half, bit, padded rows");
  ExpectDoBit<float, DROPOUT_MODE_BIT_MISALIGN>(3, 16, 32, true, "float, bit, padded, mode 4");
  ExpectDoBit<float, DROPOUT_MODE_BIT_ALIGN>(1, 72, 9, false, "float, mode 3");
}

void ExpectDoFault(const DoResult& r, const std::string& text) {
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->instruction, "DropOut");
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

template <uint32_t kMode = 0>
DoResult DoCall(uint32_t rows, uint32_t cols, uint32_t mask_cols, float keep,
                uint32_t tmp_bytes = 1024) {
  DropOutShapeInfo info;
  info.firstAxis = rows;
  info.srcLastAxis = cols;
  info.maskLastAxis = mask_cols;
  return RunDo<float>(
      [&](const LocalTensor<float>& d, const LocalTensor<float>& s, const LocalTensor<uint8_t>& m,
          const LocalTensor<uint8_t>& tmp) {
        DropOut<float, false, kMode>(d, s, m, tmp, keep, info);
      },
      false, tmp_bytes);
}

TEST(HlDropOut, DocumentedRulesFault) {
  ExpectDoFault(DoCall(2, 32, 32, 0.0f), "keepProb 0.000000 must be in (0, 1)");
  ExpectDoFault(DoCall(2, 32, 32, 1.0f), "keepProb 1.000000 must be in (0, 1)");
  ExpectDoFault(DoCall(0, 32, 32, kDoKeep), "info.firstAxis 0, srcLastAxis 32 and maskLastAxis 32");
  ExpectDoFault(DoCall<1>(2, 30, 33, kDoKeep), "info.maskLastAxis 33 must be even");
  ExpectDoFault(DoCall(2, 32, 32, kDoKeep, 480), "sharedTmpBuffer holds 480 bytes");
  EXPECT_TRUE(DoCall(2, 32, 32, kDoKeep, 512).launch.status.ok());
  ExpectDoFault(DoCall(2, 30, 40, kDoKeep), "info.maskLastAxis 40 must be whole 32-byte blocks");
  ExpectDoFault(DoCall(2, 31, 32, kDoKeep), "info.srcLastAxis 31 must be even");
  ExpectDoFault(DoCall(2, 40, 32, kDoKeep), "info.srcLastAxis 40 must be a multiple of 16");
}

}  // namespace opsim::sim::hl_dropout_test
