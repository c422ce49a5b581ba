// The high-level Select with a byte mask (lib/select/selectwithbytesmask.h): half and float, every
// mask type, both operand orders, equal and longer mask rows, with and without isReuseMask,
// against a scalar model (a mask element is 0 when its value cast to half is 0: a 4-byte mask as
// a float), the longer rows packed in place only when isReuseMask, and the documented rules and
// the minimum sharedTmpBuffer as faults.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_select_test {

using namespace AscendC;
using testing::RunOne;

float SlSrc(uint32_t i) { return static_cast<float>(static_cast<int>(i % 61) - 30) * 0.75f; }
constexpr float kSlScalar = 1.25f;

// Mask element i: zeros, ones and the values whose zero-ness depends on the cast.
template <typename U>
U SlMask(uint32_t i) {
  const uint32_t k = i % 5;
  if constexpr (std::is_same_v<U, bool>) {
    return k == 1 || k == 4;
  } else {
    const uint32_t odd[3] = {0x80000000u, 0x00000001u, 0x7fc00000u};  // -0.0f, denormal, NaN
    uint32_t v = k == 1 ? 1u : 0u;
    if (k == 2) v = sizeof(U) == 4 ? odd[(i / 5) % 3] : 0x8000u;
    if (k == 4) v = 0xffffffffu;
    U u;
    std::memcpy(&u, &v, sizeof(U));  // the low bytes (little-endian)
    return u;
  }
}

// The model's test: 0 once cast to half (a 4-byte mask's bits read as a float).
template <typename U>
bool SlZero(U m) {
  if constexpr (sizeof(U) == 4) {
    float f;
    std::memcpy(&f, &m, 4);
    return f == 0.0f;
  } else {
    return m == 0;
  }
}

struct SlResult {
  std::vector<uint8_t> dst, mask;
  LaunchResult launch;
};

struct SlCase {
  uint32_t rows, cols, mask_cols;
  uint32_t tmp_bytes = 1024;
  uint32_t src_extra = 0;  // elements of src beyond rows * cols (a broken size)
  bool reuse = true;       // isReuseMask
  bool reversed = false;   // the scalar first
};

// The four instantiations of one (T, U): the forms are template arguments, the cases are not.
template <typename T, typename U>
void CallSl(bool reuse, bool reversed, const LocalTensor<T>& dst, const LocalTensor<T>& src,
            T scalar, const LocalTensor<U>& mask, const LocalTensor<uint8_t>& tmp,
            const SelectWithBytesMaskShapeInfo& info) {
  if (reuse && reversed) Select<T, U, true>(dst, scalar, src, mask, tmp, info);
  if (reuse && !reversed) Select<T, U, true>(dst, src, scalar, mask, tmp, info);
  if (!reuse && reversed) Select<T, U, false>(dst, scalar, src, mask, tmp, info);
  if (!reuse && !reversed) Select<T, U, false>(dst, src, scalar, mask, tmp, info);
}

// Select over a src of rows x cols T and a mask of rows x mask_cols U.
template <typename T, typename U>
SlResult RunSl(const SlCase& c) {
  SlResult r;
  const uint32_t n = c.rows * c.cols + c.src_extra, mn = c.rows * c.mask_cols;
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bm, bt;
    pipe.InitBuffer(bd, n * sizeof(T));
    pipe.InitBuffer(bs, n * sizeof(T));
    pipe.InitBuffer(bm, mn * sizeof(U));
    pipe.InitBuffer(bt, c.tmp_bytes);
    LocalTensor<T> dst = bd.Get<T>(), src = bs.Get<T>();
    LocalTensor<U> mask = bm.Get<U>();
    for (uint32_t i = 0; i < n; ++i) {
      src.data()[i] = static_cast<T>(SlSrc(i));
      dst.data()[i] = static_cast<T>(-99.0f);
    }
    for (uint32_t i = 0; i < mn; ++i) mask.data()[i] = SlMask<U>(i);
    detail::HostWroteUb(dst.ref());
    detail::HostWroteUb(src.ref());
    detail::HostWroteUb(mask.ref());
    SelectWithBytesMaskShapeInfo info;
    info.firstAxis = c.rows;
    info.srcLastAxis = c.cols;
    info.maskLastAxis = c.mask_cols;
    CallSl<T, U>(c.reuse, c.reversed, dst, src, static_cast<T>(kSlScalar), mask, bt.Get<uint8_t>(),
                 info);
    r.dst.resize(n * sizeof(T));
    std::memcpy(r.dst.data(), static_cast<const void*>(dst.data()), r.dst.size());
    r.mask.resize(mn * sizeof(U));
    std::memcpy(r.mask.data(), static_cast<const void*>(mask.data()), r.mask.size());
  });
  return r;
}

template <typename T, typename U>
void ExpectSl(uint32_t rows, uint32_t cols, uint32_t mask_cols, bool reuse, bool reversed,
              const std::string& what) {
  const SlResult r = RunSl<T, U>({rows, cols, mask_cols, 4096, 0, reuse, reversed});
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  for (uint32_t e = 0; e < rows * cols; ++e) {
    const bool zero = SlZero(SlMask<U>(e / cols * mask_cols + e % cols));
    const float want = (zero != reversed) ? static_cast<float>(static_cast<T>(SlSrc(e)))
                                          : static_cast<float>(static_cast<T>(kSlScalar));
    T got;
    std::memcpy(static_cast<void*>(&got), r.dst.data() + e * sizeof(T), sizeof(T));
    ASSERT_EQ(static_cast<float>(got), want) << what << " at " << e;
  }
  // The mask: packed to the front in place only when isReuseMask and the rows differ.
  const bool packed = reuse && cols != mask_cols;
  const uint32_t checked = packed ? rows * cols : rows * mask_cols;
  for (uint32_t e = 0; e < checked; ++e) {
    const uint32_t from = packed ? e / cols * mask_cols + e % cols : e;
    U got;
    std::memcpy(static_cast<void*>(&got), r.mask.data() + e * sizeof(U), sizeof(U));
    const U want = SlMask<U>(from);
    ASSERT_EQ(std::memcmp(&got, &want, sizeof(U)), 0) << what << " mask " << e;
  }
}

template <typename T, typename U>
void ExpectSlForms(const std::string& what) {
  // Rows whole 32-byte blocks of T and of U, 16 mask elements apart.
  const uint32_t cols = 32, longer = 64;
  ExpectSl<T, U>(3, cols, cols, true, false, what + ", equal rows");
  ExpectSl<T, U>(2, cols, cols, false, true, what + ", scalar first");
  ExpectSl<T, U>(3, cols, longer, true, false, what + ", longer rows, reused");
  ExpectSl<T, U>(3, cols, longer, false, false, what + ", longer rows, kept");
  ExpectSl<T, U>(2, cols, longer, true, true, what + ", longer rows, scalar first");
}

TEST(HlSelectBytesMask, EveryTypeMatchesTheModel) {
  ExpectSlForms<half, bool>("half, bool");
  ExpectSlForms<half, int8_t>("half, int8");
  ExpectSlForms<half, uint8_t>("half, uint8");
  ExpectSlForms<half, int16_t>("half, int16");
  ExpectSlForms<half, uint16_t>("half, uint16");
  ExpectSlForms<half, int32_t>("half, int32");
  ExpectSlForms<half, uint32_t>("half, uint32");
  ExpectSlForms<float, bool>("float, bool");
  ExpectSlForms<float, uint8_t>("float, uint8");
  ExpectSlForms<float, int16_t>("float, int16");
  ExpectSlForms<float, uint32_t>("float, uint32");
  ExpectSlForms<float, int32_t>("float, int32");
  ExpectSl<float, uint8_t>(3, 8, 32, true, false, "float, uint8, one block of src a row");
  ExpectSl<half, uint16_t>(2, 16, 48, false, true, "half, uint16, 48-element mask rows");
}

void ExpectSlFault(const SlResult& r, const std::string& text) {
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->instruction, "Select");
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

TEST(HlSelectBytesMask, DocumentedRulesFault) {
  ExpectSlFault(RunSl<float, uint8_t>({2, 16, 32, 1024, 8}),
                "info.firstAxis * info.srcLastAxis is 32; it must equal the source tensor's "
                "size 40");
  ExpectSlFault(RunSl<float, uint8_t>({2, 64, 32}),
                "info.maskLastAxis 32 must be at least info.srcLastAxis 64");
  ExpectSlFault(RunSl<float, uint8_t>({2, 8, 16}),
                "info.maskLastAxis 16 (1-byte elements) must be a multiple of 16 elements and "
                "of 32 bytes");
  ExpectSlFault(RunSl<half, int16_t>({2, 8, 16}),
                "info.srcLastAxis 8 (2-byte elements) must be a multiple of 32 bytes");
  ExpectSlFault(RunSl<float, uint8_t>({2, 16, 32, 992}),
                "sharedTmpBuffer holds 992 bytes; this call needs at least 1024");
  // Kept mask rows go to sharedTmpBuffer: 1024 + the 32 packed bytes.
  ExpectSlFault(RunSl<float, uint8_t>({2, 16, 32, 1024, 0, false}),
                "this call needs at least 1056");
  EXPECT_TRUE((RunSl<float, uint8_t>({2, 16, 32, 1056, 0, false}).launch.status.ok()));
  EXPECT_TRUE((RunSl<float, uint8_t>({2, 16, 32, 1024}).launch.status.ok()));
}

}  // namespace opsim::sim::hl_select_test
