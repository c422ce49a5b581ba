// Under ICPU_RUN_KF every GM fault names the tensor by its kernel argument (never "GmAlloc") and
// gives the byte offset inside it: GetValue out of bounds, a GlobalTensor run past the end of its
// argument, and two cores writing the same bytes.
#include <gtest/gtest.h>

#include <string>

#include "kernel_operator.h"
#include "tikicpulib.h"

namespace {

constexpr uint32_t kNamesLen = 64;  // floats per block

// Block b copies x[b * kNamesLen, +kNamesLen) to z at `z_shift` floats further on; `get_at` >= 0
// makes every block also read x with GetValue at that index (past the GlobalTensor when >= its
// size).
void CopyBlock(GM_ADDR x, GM_ADDR z, int64_t z_shift, int64_t x_length, int64_t get_at) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kNamesLen * sizeof(float));
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::GlobalTensor<float> xg, zg;
  const int64_t block = AscendC::GetBlockIdx();
  xg.SetGlobalBuffer((__gm__ float*)x + kNamesLen * block, static_cast<uint64_t>(x_length));
  zg.SetGlobalBuffer((__gm__ float*)z);
  if (get_at >= 0) (void)xg.GetValue(static_cast<uint64_t>(get_at));
  AscendC::DataCopy(t, xg, kNamesLen);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zg[kNamesLen * block + z_shift], t, kNamesLen);
}

extern "C" __global__ __aicore__ void copy_clean(GM_ADDR x, GM_ADDR z) {
  CopyBlock(x, z, 0, kNamesLen, -1);
}
extern "C" __global__ __aicore__ void copy_overlapping(GM_ADDR x, GM_ADDR z) {
  CopyBlock(x, z, AscendC::GetBlockIdx() == 1 ? -8 : 0, kNamesLen, -1);  // block 1 starts 8 early
}
extern "C" __global__ __aicore__ void copy_get_value_past_end(GM_ADDR x, GM_ADDR z) {
  CopyBlock(x, z, 0, kNamesLen, kNamesLen);
}
extern "C" __global__ __aicore__ void copy_global_tensor_too_long(GM_ADDR x, GM_ADDR z) {
  CopyBlock(x, z, 0, 2 * kNamesLen, -1);  // the last block's x runs past the argument
}

// Reads 8 floats (one 32 B block) of an x that holds 5: the aligned tail public kernels read.
extern "C" __global__ __aicore__ void copy_aligned_tail(GM_ADDR x, GM_ADDR z) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 32);
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer((__gm__ float*)x, 5);
  zg.SetGlobalBuffer((__gm__ float*)z, 8);
  AscendC::DataCopy(t, xg, 8);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zg, t, 8);
}

struct Faulted {
  int status = -1;
  std::string err;
};

template <typename Kernel>
Faulted RunIcpu(const char* name, Kernel kernel, uint32_t blocks, void* x, void* z) {
  Faulted f;
  testing::internal::CaptureStderr();
  f.status = opsim::cpudebug::RunKernel(name, "Ascend910B1", "x, z", blocks, kernel,
                                        static_cast<uint8_t*>(x), static_cast<uint8_t*>(z));
  f.err = testing::internal::GetCapturedStderr();
  return f;
}

class IcpuGmNames : public testing::Test {
 protected:
  void SetUp() override {
    x_ = AscendC::GmAlloc(4 * kNamesLen * sizeof(float));
    // Distinct values: blocks that copy different elements to the same bytes write different
    // values there (writes of the same values are a warning, not a race).
    for (uint32_t i = 0; i < 4 * kNamesLen; ++i) static_cast<float*>(x_)[i] = static_cast<float>(i);
    z_ = AscendC::GmAlloc(4 * kNamesLen * sizeof(float));
  }
  void TearDown() override {
    AscendC::GmFree(x_);
    AscendC::GmFree(z_);
  }
  void* x_ = nullptr;
  void* z_ = nullptr;
};

TEST_F(IcpuGmNames, CleanKernelRuns) {
  const Faulted f = RunIcpu("copy_clean", copy_clean, 4, x_, z_);
  EXPECT_EQ(f.status, 0) << f.err;
}

TEST_F(IcpuGmNames, OverlappingWriteNamesTheArgumentAndOffset) {
  const Faulted f = RunIcpu("copy_overlapping", copy_overlapping, 4, x_, z_);
  ASSERT_EQ(f.status, 1);
  EXPECT_NE(f.err.find("blocks 0 and 1 both write GM 'z' [0xe0, 0x100) of 1024 B"),
            std::string::npos)
      << f.err;
  EXPECT_NE(f.err.find("[gm_race]"), std::string::npos) << f.err;
  EXPECT_EQ(f.err.find("GmAlloc"), std::string::npos) << f.err;
}

// Blocks 0-2 read one float past their GlobalTensor but inside x (a warning: the chip checks
// the allocation, not the declared size); block 3 reads past x (a fault).
TEST_F(IcpuGmNames, GetValuePastTheGlobalTensorNamesTheArgumentAndOffset) {
  const Faulted f = RunIcpu("copy_get_value_past_end", copy_get_value_past_end, 4, x_, z_);
  ASSERT_EQ(f.status, 1);
  EXPECT_NE(f.err.find("[WARNING] ICPU_RUN_KF(copy_get_value_past_end, blockDim=4): core 0: "
                       "GlobalTensor::GetValue: element accesses GM 'x' [0x100, 0x104)"),
            std::string::npos)
      << f.err;
  EXPECT_NE(f.err.find("block 3, instruction GlobalTensor::GetValue: "), std::string::npos)
      << f.err;
  EXPECT_NE(f.err.find("GM 'x' [0x400, 0x404) of 1024 B"), std::string::npos) << f.err;
  EXPECT_EQ(f.err.find("GmAlloc"), std::string::npos) << f.err;
}

// (DataCopy past the end of an argument: cpudebug_icpu_run_test.cc, WritePastTheRegion...)
// A GlobalTensor declared past the end of its argument is pointer arithmetic, as on the chip:
// only an access past the argument faults, and this kernel copies inside it.
TEST_F(IcpuGmNames, GlobalTensorDeclaredPastTheArgumentRunsWhenAccessesStayInside) {
  const Faulted f = RunIcpu("copy_global_tensor_too_long", copy_global_tensor_too_long, 4, x_, z_);
  EXPECT_EQ(f.status, 0) << f.err;
  EXPECT_EQ(f.err.find("[WARNING]"), std::string::npos) << f.err;
}

// GmAlloc rounds every block up to 512 B, as the device allocator does: an aligned read past a
// 20 B argument stays inside its allocation, so it runs, with a warning naming the bytes.
TEST(IcpuGmAllocation, AnAlignedTailInsideTheRoundedAllocationIsAWarning) {
  void* x = AscendC::GmAlloc(5 * sizeof(float));
  void* z = AscendC::GmAlloc(8 * sizeof(float));
  const Faulted f = RunIcpu("copy_aligned_tail", copy_aligned_tail, 1, x, z);
  EXPECT_EQ(f.status, 0) << f.err;
  EXPECT_NE(f.err.find("[WARNING] ICPU_RUN_KF(copy_aligned_tail, blockDim=1): core 0: DataCopy: "
                       "src accesses GM 'x' [0x0, 0x20) of 512 B, past the 20 B the GlobalTensor "
                       "declares"),
            std::string::npos)
      << f.err;
  AscendC::GmFree(x);
  AscendC::GmFree(z);
}

}  // namespace
