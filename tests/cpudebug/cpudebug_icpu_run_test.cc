// ICPU_RUN_KF on the simulated device: results, by-value arguments, the tiling key, and faults
// that end the program with a message naming the block, the instruction and the GM region.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "cpu_debug_launch.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

namespace {

constexpr uint32_t kBlocks = 8;
constexpr uint32_t kRunLen = 256;  // floats per block
constexpr uint32_t kTotal = kBlocks * kRunLen;

struct ScaleTiling {
  uint32_t length;  // floats per block
  float bias;
};

// z = x + y, one kRunLen slice per block; `past_end_block` writes its slice 8 floats further on.
void AddSlices(GM_ADDR x, GM_ADDR y, GM_ADDR z, int64_t past_end_block) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * kRunLen * sizeof(float));
  AscendC::LocalTensor<float> all = buf.Get<float>();
  AscendC::LocalTensor<float> a = all[0];
  AscendC::LocalTensor<float> b = all[kRunLen];
  AscendC::LocalTensor<float> c = all[2 * kRunLen];
  AscendC::GlobalTensor<float> xg, yg, zg;
  const int64_t block = AscendC::GetBlockIdx();
  xg.SetGlobalBuffer((__gm__ float*)x + kRunLen * block, kRunLen);
  yg.SetGlobalBuffer((__gm__ float*)y + kRunLen * block, kRunLen);
  zg.SetGlobalBuffer((__gm__ float*)z);  // the whole region: DataCopy checks each write
  AscendC::DataCopy(a, xg, kRunLen);
  AscendC::DataCopy(b, yg, kRunLen);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Add(c, a, b, kRunLen);
  AscendC::PipeBarrier<PIPE_ALL>();
  const uint64_t offset = kRunLen * block + (block == past_end_block ? 8 : 0);
  AscendC::DataCopy(zg[offset], c, kRunLen);
}

extern "C" __global__ __aicore__ void add_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  AddSlices(x, y, z, -1);
}

extern "C" __global__ __aicore__ void add_kernel_past_end(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  AddSlices(x, y, z, kBlocks - 1);
}

// z = x * scale + tiling.bias: a tiling struct and a scalar passed by value.
extern "C" __global__ __aicore__ void scale_kernel(GM_ADDR x, GM_ADDR z, ScaleTiling tiling,
                                                   float scale) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, tiling.length * sizeof(float));
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer((__gm__ float*)x + tiling.length * AscendC::GetBlockIdx(), tiling.length);
  zg.SetGlobalBuffer((__gm__ float*)z + tiling.length * AscendC::GetBlockIdx(), tiling.length);
  AscendC::DataCopy(t, xg, tiling.length);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Muls(t, t, scale, static_cast<int32_t>(tiling.length));
  AscendC::PipeBarrier<PIPE_V>();
  AscendC::Adds(t, t, tiling.bias, static_cast<int32_t>(tiling.length));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zg, t, tiling.length);
}

// Writes 1 to out[block] when the launch's tiling key is 7, else 2.
extern "C" __global__ __aicore__ void key_kernel(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> g;
  g.SetGlobalBuffer((__gm__ int32_t*)out, kBlocks);
  g.SetValue(AscendC::GetBlockIdx(), TILING_KEY_IS(7) ? 1 : 2);
}

extern "C" __global__ __aicore__ void assert_kernel(GM_ADDR x) {
  ASSERT(AscendC::GetBlockIdx() != 3);
  (void)x;
}

float* AllocFloats(uint32_t n, float first) {
  auto* p = static_cast<float*>(AscendC::GmAlloc(n * sizeof(float)));
  for (uint32_t i = 0; i < n; ++i) p[i] = first + static_cast<float>(i % 97);
  return p;
}

TEST(IcpuRunTest, AddKernelComputesEveryBlock) {
  float* x = AllocFloats(kTotal, 1.0f);
  float* y = AllocFloats(kTotal, 0.5f);
  float* z = AllocFloats(kTotal, 0.0f);
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(add_kernel, kBlocks, (uint8_t*)x, (uint8_t*)y, (uint8_t*)z);
  for (uint32_t i = 0; i < kTotal; ++i) ASSERT_EQ(z[i], x[i] + y[i]) << "element " << i;
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(z);
}

TEST(IcpuRunTest, TilingStructAndScalarArePassedByValue) {
  float* x = AllocFloats(4 * 64, 2.0f);
  float* z = AllocFloats(4 * 64, 0.0f);
  ScaleTiling tiling{64, 0.25f};
  ICPU_RUN_KF(scale_kernel, 4, (uint8_t*)x, (uint8_t*)z, tiling, 3.0f);
  for (uint32_t i = 0; i < 4 * 64; ++i) ASSERT_EQ(z[i], x[i] * 3.0f + 0.25f) << "element " << i;
  AscendC::GmFree(x);
  AscendC::GmFree(z);
}

TEST(IcpuRunTest, TilingKeyReachesTheKernel) {
  auto* out = static_cast<int32_t*>(AscendC::GmAlloc(kBlocks * sizeof(int32_t)));
  ICPU_SET_TILING_KEY(7);
  ICPU_RUN_KF(key_kernel, kBlocks, (uint8_t*)out);
  for (uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(out[b], 1) << "block " << b;
  ICPU_SET_TILING_KEY(0);
  ICPU_RUN_KF(key_kernel, kBlocks, (uint8_t*)out);
  for (uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(out[b], 2) << "block " << b;
  AscendC::GmFree(out);
}

TEST(IcpuRunDeathTest, WritePastTheRegionExitsNamingRegionBlockAndInstruction) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  float* x = AllocFloats(kTotal, 1.0f);
  float* y = AllocFloats(kTotal, 1.0f);
  float* z = AllocFloats(kTotal, 0.0f);
  EXPECT_EXIT(ICPU_RUN_KF(add_kernel_past_end, kBlocks, x, y, z), testing::ExitedWithCode(1),
              "kernel fault in block 7, instruction DataCopy: .*GM 'z' \\[0x[0-9a-f]+, "
              "0x[0-9a-f]+\\).*\\[out_of_bounds_gm\\].*GM regions: x at 0x[0-9a-f]+ "
              "\\(8192 B\\), y at 0x[0-9a-f]+ \\(8192 B\\), z at 0x[0-9a-f]+ \\(8192 B\\)");
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(z);
}

TEST(IcpuRunDeathTest, KernelAssertIsAFault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  float* x = AllocFloats(8, 0.0f);
  EXPECT_EXIT(ICPU_RUN_KF(assert_kernel, 8, x), testing::ExitedWithCode(1),
              "kernel fault in block 3, instruction ASSERT: assertion "
              "'AscendC::GetBlockIdx\\(\\) != 3' failed at .*cpudebug_icpu_run_test.cc:[0-9]+ "
              "\\[assert_failed\\]");
  AscendC::GmFree(x);
}

TEST(IcpuRunDeathTest, PointerNotFromGmAllocIsPassedOnButHasNoGmRegion) {
  // CANN's CPU mode passes any pointer through (public AddN passes a ListTensorDesc on the host
  // stack); a GlobalTensor over such memory still faults: on the chip it is not device memory.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<float> host(kTotal);
  float* y = AllocFloats(kTotal, 1.0f);
  EXPECT_EXIT(ICPU_RUN_KF(add_kernel, kBlocks, host.data(), y, y), testing::ExitedWithCode(1),
              "argument 0 'host.data\\(\\)' \\(0x[0-9a-f]+\\) is not memory from "
              "AscendC::GmAlloc: passed to the kernel unchecked(.|\n)*kernel fault");
  AscendC::GmFree(y);
}

struct HostDesc {
  uint64_t count;
  uint64_t data;  // a GmAlloc address, as ListTensorDesc holds its tensors' addresses
};

// Reads the host struct argument, then copies `count` floats from the address it holds to z.
extern "C" __global__ __aicore__ void host_desc_kernel(GM_ADDR desc, GM_ADDR z) {
  const auto* d = reinterpret_cast<const HostDesc*>(desc);
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, static_cast<uint32_t>(d->count * sizeof(float)));
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(d->data), d->count);
  zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), d->count);
  AscendC::DataCopy(t, xg, static_cast<uint32_t>(d->count));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zg, t, static_cast<uint32_t>(d->count));
}

TEST(IcpuRunTest, AHostStructArgumentIsReadAsOnCannsCpuMode) {
  float* x = AllocFloats(kRunLen, 2.5f);
  float* z = AllocFloats(kRunLen, 0.0f);
  HostDesc desc{kRunLen, reinterpret_cast<uint64_t>(x)};
  testing::internal::CaptureStderr();
  EXPECT_EQ(opsim::cpudebug::RunKernel("host_desc_kernel", "Ascend910B1", "&desc, z", 1,
                                       host_desc_kernel, (uint8_t*)&desc, (uint8_t*)z),
            0);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("argument 0 '&desc'"), std::string::npos) << err;
  EXPECT_NE(err.find("passed to the kernel unchecked"), std::string::npos) << err;
  for (uint32_t i = 0; i < kRunLen; ++i) ASSERT_EQ(z[i], x[i]) << i;
  AscendC::GmFree(x);
  AscendC::GmFree(z);
}

// The refusals below go through RunKernel, which returns instead of exiting.
int RunOn(const char* soc, float* x) {
  return opsim::cpudebug::RunKernel("add_kernel", soc, "x, x, x", kBlocks, add_kernel, (uint8_t*)x,
                                    (uint8_t*)x, (uint8_t*)x);
}

TEST(IcpuRunTest, SocWithoutProfileIsRefusedWithTheReason) {
  float* x = AllocFloats(kTotal, 0.0f);
  testing::internal::CaptureStderr();
  EXPECT_EQ(RunOn("Ascend910B", x), 1);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("SoC 'Ascend910B' has no simulated device"), std::string::npos) << err;
  EXPECT_NE(err.find("supported: Ascend910A, Ascend910B1"), std::string::npos) << err;
  testing::internal::CaptureStderr();
  EXPECT_EQ(RunOn("Ascend999", x), 1);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("unknown SoC 'Ascend999'"),
            std::string::npos);
  testing::internal::CaptureStderr();
  EXPECT_EQ(RunOn(nullptr, x), 1);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("tikicpulib::${SOC_VERSION}"),
            std::string::npos);
  AscendC::GmFree(x);
}

TEST(IcpuRunTest, Ascend310BSocsRunOnTheAscend310bProfile) {
  // ICPU_SET_SOC / SOC_VERSION Ascend310B1..4: the one-core ascend310b profile runs every block.
  for (const char* soc : {"Ascend310B1", "Ascend310B4"}) {
    float* x = AllocFloats(kTotal, 1.5f);
    EXPECT_EQ(RunOn(soc, x), 0) << soc;
    for (uint32_t i = 0; i < kTotal; ++i) {
      ASSERT_EQ(x[i], 2 * (1.5f + static_cast<float>(i % 97))) << soc << " element " << i;
    }
    AscendC::GmFree(x);
  }
}

// AIC_MODE runs the kernel on the cube cores, which on the 910B have no Unified Buffer: a
// vector kernel launched there faults at its first UB buffer.
TEST(IcpuRunTest, CubeOnlyModeRunsOnTheAic) {
  float* x = AllocFloats(kTotal, 0.0f);
  AscendC::SetKernelMode(KernelMode::AIC_MODE);
  testing::internal::CaptureStderr();
  EXPECT_EQ(RunOn("Ascend910B1", x), 1);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("has no Unified Buffer"),
            std::string::npos);
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  EXPECT_EQ(RunOn("Ascend910B1", x), 0);
  AscendC::GmFree(x);
}

TEST(IcpuRunTest, BlockDimOutOfRangeIsRefused) {
  float* x = AllocFloats(kTotal, 0.0f);
  testing::internal::CaptureStderr();
  EXPECT_EQ(opsim::cpudebug::RunKernel("add_kernel", "Ascend910B1", "x, x, x", 0, add_kernel,
                                       (uint8_t*)x, (uint8_t*)x, (uint8_t*)x),
            1);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("blockDim = 0 is out of range"),
            std::string::npos);
  AscendC::GmFree(x);
}

// The `.asc` dialect: bisheng's keywords are empty in CANN's CPU build, so these kernels are
// plain functions here; CANN's launch header runs them.
template <typename T, uint32_t kLen>
__global__ __vector__ void keyword_add(__gm__ T* x, __gm__ T* y, __gm__ T* z) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * kLen * sizeof(T));
  AscendC::LocalTensor<T> a = buf.Get<T>();
  AscendC::LocalTensor<T> b = a[kLen];
  __ubuf__ T* ub = reinterpret_cast<__ubuf__ T*>(a.GetPhyAddr());
  (void)ub;
  AscendC::GlobalTensor<T> xg, yg, zg;
  xg.SetGlobalBuffer(x + kLen * AscendC::GetBlockIdx(), kLen);
  yg.SetGlobalBuffer(y + kLen * AscendC::GetBlockIdx(), kLen);
  zg.SetGlobalBuffer(z + kLen * AscendC::GetBlockIdx(), kLen);
  AscendC::DataCopy(a, xg, kLen);
  AscendC::DataCopy(b, yg, kLen);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Add(a, a, b, kLen);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zg, a, kLen);
}
__simd_callee__ inline float KeywordTwice(float v) { return 2 * v; }
__simd_vf__ inline void KeywordVf(__ubuf__ float* p) { *p = KeywordTwice(*p); }
__global__ __cube__ void keyword_cube(__gm__ uint8_t* a) {
  __cbuf__ uint8_t* l1 = nullptr;
  __ca__ half* l0a = nullptr;
  __cb__ half* l0b = nullptr;
  __cc__ float* l0c = nullptr;
  __fbuf__ uint64_t* fb = nullptr;
  __biasbuf__ float* bt = nullptr;
  __ssbuf__ uint32_t* ss = nullptr;
  (void)a, (void)l1, (void)l0a, (void)l0b, (void)l0c, (void)fb, (void)bt, (void)ss;
}
__schedmode__(1) __global__ __mix__(1, 2) void keyword_mix(GM_ADDR x) { (void)x; }
__host__ __host_aicore__ int KeywordHost() { return 1; }

TEST(IcpuRunTest, AscKeywordKernelRunsThroughCannsLaunchHeader) {
  float* x = AllocFloats(kTotal, 1.0f);
  float* y = AllocFloats(kTotal, 0.25f);
  float* z = AllocFloats(kTotal, 0.0f);
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  AscendC::AscCPUKernelLaunch(kBlocks, nullptr, nullptr, "_Z11keyword_addIfLj256EEvPT_S1_S1_",
                              keyword_add<float, kRunLen>, x, y, z);
  for (uint32_t i = 0; i < kTotal; ++i) ASSERT_EQ(z[i], x[i] + y[i]) << "element " << i;
  float v = 1.5f;
  KeywordVf(&v);
  EXPECT_EQ(v, 3.0f);
  EXPECT_EQ(KeywordHost(), 1);
  static_assert(std::is_same_v<decltype(&keyword_cube), void (*)(uint8_t*)>);
  static_assert(std::is_same_v<decltype(&keyword_mix), void (*)(uint8_t*)>);
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(z);
}

TEST(IcpuRunDeathTest, AscCpuKernelLaunchFaultExitsNamingTheKernel) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  float* x = AllocFloats(kTotal, 1.0f);
  EXPECT_EXIT(
      AscendC::AscCPUKernelLaunch(kBlocks, nullptr, nullptr, "add_kernel_past_end",
                                  add_kernel_past_end, (uint8_t*)x, (uint8_t*)x, (uint8_t*)x),
      testing::ExitedWithCode(1),
      // Its messages name CANN's launcher, not ICPU_RUN_KF.
      "\\[ERROR\\] AscCPUKernelLaunch\\(add_kernel_past_end, numBlocks=[0-9]+\\) on Ascend910B1.*"
      "kernel fault in block 7, instruction DataCopy.*"
      "\\[out_of_bounds_gm\\]");
  AscendC::GmFree(x);
}

}  // namespace
