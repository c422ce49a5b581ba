// TransDataTo5HD against a scalar model of CANN's page (16 source and 16 destination blocks a
// repeat; 8-bit halves, 16-bit transpose, 32-bit pairs of blocks), in every type it takes on the
// 910B and each of its three forms; NCHW -> NC1HWC0 as the page configures it; the faults.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kT5Tile = 16384;  // bytes of src and of dst

// The model: repeat r reads block k at srcBase[k] + step * srcRepStride * 32 (step = r, or 1 when
// there is one repeat) and writes dst blocks likewise.
void Trans5HDModel(uint32_t eb, std::vector<uint8_t>& dst, const std::vector<uint8_t>& src,
                   const uint32_t* dst_at, const uint32_t* src_at, const TransDataTo5HDParams& p) {
  for (uint32_t r = 0; r < p.repeatTimes; ++r) {
    const uint32_t step = p.repeatTimes == 1 ? 1 : r;
    const uint8_t* in[16];
    uint8_t* out[16];
    for (int k = 0; k < 16; ++k) {
      in[k] = src.data() + src_at[k] + step * p.srcRepStride * 32;
      out[k] = dst.data() + dst_at[k] + step * p.dstRepStride * 32;
    }
    if (eb == 1) {
      for (int j = 0; j < 16; ++j)
        for (int k = 0; k < 16; ++k)
          out[j][(p.dstHighHalf ? 16 : 0) + k] = in[k][(p.srcHighHalf ? 16 : 0) + j];
    } else if (eb == 2) {
      for (int j = 0; j < 16; ++j)
        for (int k = 0; k < 16; ++k) std::memcpy(out[j] + 2 * k, in[k] + 2 * j, 2);
    } else {
      for (int j = 0; j < 8; ++j)
        for (int k = 0; k < 16; ++k)
          std::memcpy(out[2 * j + k / 8] + 4 * (k % 8), in[k] + 4 * j, 4);
    }
  }
}

enum class T5Form { kAddresses, kAddressTensors, kTensors };

// E: the tensors' element, T or TensorTrait<T> (the call's explicit type, as in CANN).
template <typename T, typename E = T>
void CheckTrans5HD(T5Form form, const TransDataTo5HDParams& p) {
  std::vector<uint8_t> src(kT5Tile), old(kT5Tile);
  for (uint32_t i = 0; i < kT5Tile; ++i) {
    src[i] = static_cast<uint8_t>(i * 131 + i / 256);
    old[i] = static_cast<uint8_t>(i * 7 + 3);
  }
  uint32_t src_at[16], dst_at[16];  // byte offsets: scattered sources, contiguous destinations
  for (uint32_t k = 0; k < 16; ++k) {
    src_at[k] = ((k * 5) % 16) * 512;
    dst_at[k] = k * 32;
  }
  std::vector<uint8_t> got(kT5Tile);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, kT5Tile);
    pipe.InitBuffer(b, kT5Tile);
    pipe.InitBuffer(c, 256);
    LocalTensor<T> ts = a.Get<T>(), td = b.Get<T>();
    std::memcpy(static_cast<void*>(ts.data()), src.data(), kT5Tile);
    std::memcpy(static_cast<void*>(td.data()), old.data(), kT5Tile);
    detail::HostWroteUb(ts.ref());
    detail::HostWroteUb(td.ref());
    if (form == T5Form::kTensors) {
      LocalTensor<E> dl[16], sl[16];
      for (int k = 0; k < 16; ++k) {
        dl[k] = b.Get<E>()[dst_at[k] / sizeof(T)];
        sl[k] = a.Get<E>()[src_at[k] / sizeof(T)];
      }
      TransDataTo5HD<E>(dl, sl, p);
    } else {
      uint64_t dl[16], sl[16];
      for (int k = 0; k < 16; ++k) {
        dl[k] = td[dst_at[k] / sizeof(T)].GetPhyAddr();
        sl[k] = ts[src_at[k] / sizeof(T)].GetPhyAddr();
      }
      if (form == T5Form::kAddresses) {
        TransDataTo5HD<E>(dl, sl, p);
      } else {
        LocalTensor<uint64_t> lists = c.Get<uint64_t>();
        for (int k = 0; k < 16; ++k) {
          lists.SetValue(k, dl[k]);
          lists.SetValue(16 + k, sl[k]);
        }
        TransDataTo5HD<E>(lists, lists[16], p);
      }
    }
    std::memcpy(got.data(), static_cast<const void*>(td.data()), kT5Tile);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<uint8_t> want = old;
  Trans5HDModel(sizeof(T), want, src, dst_at, src_at, p);
  for (uint32_t i = 0; i < kT5Tile; ++i) {
    ASSERT_EQ(got[i], want[i]) << "byte " << i << " form " << static_cast<int>(form) << " eb "
                               << sizeof(T) << " repeats " << int{p.repeatTimes};
  }
}

template <typename T>
void CheckTrans5HDType() {
  for (const T5Form f : {T5Form::kAddresses, T5Form::kAddressTensors, T5Form::kTensors}) {
    CheckTrans5HD<T>(f, TransDataTo5HDParams{false, false, 1, 0, 0});
    CheckTrans5HD<T>(f, TransDataTo5HDParams{false, false, 1, 16, 1});  // the one-repeat offset
    CheckTrans5HD<T>(f, TransDataTo5HDParams{false, false, 4, 16, 1});
    if constexpr (sizeof(T) == 1) {
      CheckTrans5HD<T>(f, TransDataTo5HDParams{true, false, 2, 16, 1});
      CheckTrans5HD<T>(f, TransDataTo5HDParams{false, true, 2, 16, 1});
      CheckTrans5HD<T>(f, TransDataTo5HDParams{true, true, 3, 16, 2});
    }
  }
}

TEST(VectorTrans5HD, EveryTypeAndFormMatchesTheModel) {
  CheckTrans5HDType<int8_t>();
  CheckTrans5HDType<uint8_t>();
  CheckTrans5HDType<int16_t>();
  CheckTrans5HDType<uint16_t>();
  CheckTrans5HDType<half>();
  CheckTrans5HDType<int32_t>();
  CheckTrans5HDType<uint32_t>();
  CheckTrans5HDType<float>();
}

// TensorTrait<T> as the call's type (CANN's TensorTrait list): the same model in each form.
TEST(VectorTrans5HD, TensorTraitTensorsInEveryForm) {
  for (const T5Form f : {T5Form::kAddresses, T5Form::kAddressTensors, T5Form::kTensors}) {
    CheckTrans5HD<half, TensorTrait<half>>(f, TransDataTo5HDParams{false, false, 4, 16, 1});
    CheckTrans5HD<int8_t, TensorTrait<int8_t>>(f, TransDataTo5HDParams{true, true, 3, 16, 2});
    CheckTrans5HD<float, TensorTrait<float>>(f, TransDataTo5HDParams{false, false, 1, 0, 0});
  }
}

// The page's NCHW -> NC1HWC0 configuration (srcList the 16 HW planes, dstList contiguous blocks,
// repeatTimes H * W / blockSize, srcRepStride 1, dstRepStride 16) gives numpy's
// reshape(N, C1, C0, H, W).transpose(0, 1, 3, 4, 2), with C0 = 16 for 16- and 32-bit types.
template <typename T>
void CheckNchwToNc1hwc0() {
  constexpr uint32_t kC = 16, kHW = 64, kBlock = 32 / sizeof(T);
  std::vector<T> x(kC * kHW), got(kC * kHW);
  for (uint32_t i = 0; i < x.size(); ++i) x[i] = static_cast<T>(static_cast<float>(i % 2000));
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, kC * kHW * sizeof(T));
    pipe.InitBuffer(b, kC * kHW * sizeof(T));
    LocalTensor<T> src = a.Get<T>(), dst = b.Get<T>();
    std::memcpy(static_cast<void*>(src.data()), x.data(), x.size() * sizeof(T));
    detail::HostWroteUb(src.ref());
    TransDataTo5HDParams p;
    p.repeatTimes = kHW / kBlock;
    p.dstRepStride = 16;
    p.srcRepStride = 1;
    uint64_t dl[16], sl[16];
    for (uint32_t i = 0; i < 16; ++i) {
      sl[i] = src[i * kHW].GetPhyAddr();
      dl[i] = dst[i * kBlock].GetPhyAddr();
    }
    TransDataTo5HD<T>(dl, sl, p);
    std::memcpy(static_cast<void*>(got.data()), dst.data(), got.size() * sizeof(T));
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t hw = 0; hw < kHW; ++hw) {
    for (uint32_t c = 0; c < kC; ++c) {
      ASSERT_EQ(static_cast<float>(got[hw * kC + c]), static_cast<float>(x[c * kHW + hw]))
          << hw << " " << c;
    }
  }
}

TEST(VectorTrans5HD, NchwToNc1hwc0AsThePageConfiguresIt) {
  CheckNchwToNc1hwc0<half>();
  CheckNchwToNc1hwc0<float>();
  CheckNchwToNc1hwc0<int32_t>();
}

LaunchResult Trans5HDWith(uint64_t bad_offset, uint8_t repeats) {
  return RunOne([=] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 512);
    pipe.InitBuffer(b, 512);
    LocalTensor<half> src = a.Get<half>(), dst = b.Get<half>();
    Duplicate(src, static_cast<half>(1.0f), 256);
    uint64_t dl[16], sl[16];
    for (int k = 0; k < 16; ++k) {
      dl[k] = dst[k * 16].GetPhyAddr();
      sl[k] = src[k * 16].GetPhyAddr();
    }
    sl[3] += bad_offset;
    TransDataTo5HD<half>(dl, sl, TransDataTo5HDParams{false, false, repeats, 0, 0});
  });
}

TEST(VectorTrans5HD, Faults) {
  LaunchResult r = Trans5HDWith(2, 1);  // not 32 B-aligned
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMisalignedCopy) << r.fault->message;
  r = Trans5HDWith(1u << 20, 1);  // in no buffer
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_NE(r.fault->message.find("srcList[3]"), std::string::npos) << r.fault->message;
  r = Trans5HDWith(0, 0);  // repeatTimes 0: a no-op
  EXPECT_FALSE(r.fault.has_value()) << r.fault->message;
  r = Trans5HDWith(0, 1);
  EXPECT_FALSE(r.fault.has_value()) << r.fault->message;
}

TEST(VectorTrans5HD, UnwrittenSourceIsFlaggedInCheckedMode) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 512);
    pipe.InitBuffer(b, 512);
    LocalTensor<half> src = a.Get<half>(), dst = b.Get<half>();
    LocalTensor<half> dl[16], sl[16];
    for (int k = 0; k < 16; ++k) {
      dl[k] = dst[k * 16];
      sl[k] = src[k * 16];
    }
    TransDataTo5HD<half>(dl, sl, TransDataTo5HDParams{});
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(r.fault->instruction, "TransDataTo5HD");
}

}  // namespace
}  // namespace opsim::sim
