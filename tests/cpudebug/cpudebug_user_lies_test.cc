// A CPU-debug program's sizes and enums are checked against what the runtime knows (issue 24):
// GmAlloc sizes that wrap, GmFree of anything but a live block's start, aclrtMemcpy/Memset sizes
// past the block, a KernelMode outside the enum, a blockDim outside 1..65535 (never truncated).
// The ICPU_RUN_KF cases are death tests: a refused launch ends the program with status 1.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

extern "C" __global__ __aicore__ void lies_nop_kernel(GM_ADDR x) { (void)x; }

namespace {

std::string Captured() { return testing::internal::GetCapturedStderr(); }

TEST(CpuDebugLies, GmAllocSizeThatWrapsIsRefused) {
  testing::internal::CaptureStderr();
  void* p = AscendC::GmAlloc(SIZE_MAX - 100);
  const std::string err = Captured();
  EXPECT_EQ(p, nullptr);
  EXPECT_NE(err.find("[ERROR] AscendC::GmAlloc(18446744073709551515): cannot allocate "
                     "18446744073709551515 B (the size rounded up to 512 B would wrap past "
                     "2^64); returns nullptr"),
            std::string::npos)
      << err;
}

TEST(CpuDebugLies, GmFreeOfAnythingButALiveBlockStartIsAnError) {
  auto* p = static_cast<uint8_t*>(AscendC::GmAlloc(1024));
  ASSERT_NE(p, nullptr);
  testing::internal::CaptureStderr();
  AscendC::GmFree(p + 32);
  std::string err = Captured();
  EXPECT_NE(err.find("not the start of a GmAlloc block (it is 32 B into the 1024 B block at"),
            std::string::npos)
      << err;
  int local = 0;
  testing::internal::CaptureStderr();
  AscendC::GmFree(&local);
  err = Captured();
  EXPECT_NE(err.find("no live GmAlloc block starts there"), std::string::npos) << err;
  testing::internal::CaptureStderr();
  AscendC::GmFree(p);
  EXPECT_EQ(Captured(), "");
  testing::internal::CaptureStderr();
  AscendC::GmFree(p);  // freed already
  err = Captured();
  EXPECT_NE(err.find("no live GmAlloc block starts there (freed already"), std::string::npos)
      << err;
}

// The block is what the chip allocates: 256 B asked for is 288 B (rounded up to 32 B, plus 32 B).
TEST(CpuDebugLies, CopiesPastTheBlockAreRefused) {
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::vector<uint8_t> host(1024, 7);
  EXPECT_EQ(aclrtMemcpy(d, 1024, host.data(), 512, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()),
            "aclrtMemcpy: destMax 1024 exceeds the 288 B from dst to the end of its 288 B "
            "aclrtMalloc block");
  auto* inner = static_cast<uint8_t*>(d) + 128;
  EXPECT_EQ(aclrtMemcpy(inner, 128, host.data(), 128, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(host.data(), 1024, inner, 256, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()),
            "aclrtMemcpy: count 256 exceeds the 160 B from src to the end of its 288 B "
            "aclrtMalloc block");
  EXPECT_EQ(aclrtMemset(d, 289, 0, 16), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()),
            "aclrtMemset: maxCount 289 exceeds the 288 B from dst to the end of its 288 B "
            "aclrtMalloc block");
  EXPECT_EQ(aclrtMemset(d, 288, 0, 288), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
}

// ops-math's ComplexV2 example: a 16 B output (a 64 B block) whose kernel writes 32 B, copied
// back as 32 B. The chip's runtime checks the block it allocated, not the size asked for.
TEST(CpuDebugLies, ACopyInsideThePaddedBlockIsTheChips) {
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::vector<float> host(16, 1.5f);
  EXPECT_EQ(aclrtMemcpy(d, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  std::vector<float> back(8, 0.0f);
  EXPECT_EQ(aclrtMemcpy(back.data(), 32, d, 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(back, std::vector<float>(8, 1.5f));
  EXPECT_EQ(aclrtMemcpy(back.data(), 65, d, 65, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
}

TEST(CpuDebugLies, KernelModeOutsideTheEnumIsRefused) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // earlier launches left core threads
  void* x = AscendC::GmAlloc(64);
  EXPECT_EXIT(
      {
        AscendC::SetKernelMode(static_cast<KernelMode>(99));
        ICPU_RUN_KF(lies_nop_kernel, 1, (GM_ADDR)x);
      },
      testing::ExitedWithCode(1),
      "ICPU_RUN_KF\\(lies_nop_kernel\\): KernelMode 99 is not a KernelMode");
  AscendC::GmFree(x);
}

TEST(CpuDebugLies, BlockDimIsCheckedNotTruncated) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  void* x = AscendC::GmAlloc(64);
  EXPECT_EXIT(ICPU_RUN_KF(lies_nop_kernel, (uint64_t{1} << 32) + 8, (GM_ADDR)x),
              testing::ExitedWithCode(1),
              "blockDim = 4294967304 is out of range \\(expected 1 <= blockDim <= 65535\\)");
  EXPECT_EXIT(ICPU_RUN_KF(lies_nop_kernel, -1, (GM_ADDR)x), testing::ExitedWithCode(1),
              "blockDim = -1 is out of range");
  EXPECT_EXIT(ICPU_RUN_KF(lies_nop_kernel, 0, (GM_ADDR)x), testing::ExitedWithCode(1),
              "blockDim = 0 is out of range");
  AscendC::GmFree(x);
}

}  // namespace
