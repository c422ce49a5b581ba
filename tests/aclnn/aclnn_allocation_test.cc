// A kernel behind an aclnn call may read past a small input up to the end of the block aclrtMalloc
// gave it, as on the chip, where aclrtMalloc rounds a request up to 32 B and adds 32 B (CANN's
// AscendCL reference, aclrtMalloc) and the MMU checks the allocation, not the tensor: ops-math's
// Exp reads 32 B of a 16 B input that way. Past the block it is still a fault, and a second
// tensor of the launch in the same block keeps its own bounds.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "kernel_operator.h"
#include "opdev/op_errno.h"
#include "opsim/aclnn/two_stage.h"
#include "opsim/op_api/kernel_entry.h"
#include "opsim/sim/ascendc/sync.h"
#include "register/op_def_registry.h"

namespace aclnn_allocation_test {

uint32_t OneBlockTiling(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

// y is [kCount] whatever x's shape: the kernel copies kCount floats of x in one DataCopy.
template <int64_t kCount>
uint32_t ReadInferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = gert::Shape({kCount});
  return ge::GRAPH_SUCCESS;
}

template <int kCount>
void ReadKernel(GM_ADDR x, GM_ADDR y) {
  AscendC::GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x);
  yg.SetGlobalBuffer((__gm__ float*)y, kCount);
  AscendC::TPipe pipe;
  AscendC::TQueBind<AscendC::QuePosition::VECIN, AscendC::QuePosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, kCount * sizeof(float));
  AscendC::LocalTensor<float> a = q.AllocTensor<float>();
  AscendC::DataCopy(a, xg, kCount);
  q.EnQue(a);
  a = q.DeQue<float>();
  AscendC::DataCopy(yg, a, kCount);
  q.FreeTensor(a);
}

}  // namespace aclnn_allocation_test

namespace ops {
// Reads 64 B of x: inside the 64 B aclrtMalloc gives a 24 B request.
class OpsimReadTail : public OpDef {
 public:
  explicit OpsimReadTail(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT});
    Output("y").DataType({ge::DT_FLOAT});
    SetInferShape(aclnn_allocation_test::ReadInferShape<16>);
    AICore().SetTiling(aclnn_allocation_test::OneBlockTiling);
  }
};
OP_ADD(OpsimReadTail);

// Reads 128 B of x: past that block.
class OpsimReadPast : public OpDef {
 public:
  explicit OpsimReadPast(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT});
    Output("y").DataType({ge::DT_FLOAT});
    SetInferShape(aclnn_allocation_test::ReadInferShape<32>);
    AICore().SetTiling(aclnn_allocation_test::OneBlockTiling);
  }
};
OP_ADD(OpsimReadPast);
}  // namespace ops

extern "C" __global__ __aicore__ void opsim_read_tail(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR) {
  aclnn_allocation_test::ReadKernel<16>(x, y);
}
extern "C" __global__ __aicore__ void opsim_read_past(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR) {
  aclnn_allocation_test::ReadKernel<32>(x, y);
}
static const opsim::op_api::KernelRegistrar g_read_tail("OpsimReadTail", 0, &opsim_read_tail);
static const opsim::op_api::KernelRegistrar g_read_past("OpsimReadPast", 0, &opsim_read_past);

namespace aclnn_allocation_test {
namespace {

// A float32 vector [n] at byte `offset` of device memory the caller owns.
aclTensor* Vector(void* block, size_t offset, int64_t n) {
  return aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1,
                         static_cast<uint8_t*>(block) + offset);
}

// Runs `op` from x into y through the aclnn stages; the recent error message on failure.
aclnnStatus RunRead(const char* op, aclTensor* x, aclTensor* y, std::string* message) {
  opsim::aclnn::FirstStage stage{"aclnnReadGetWorkspaceSize", op, {{"x", x}}, {}, {{"y", y}}};
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st = opsim::aclnn::GetWorkspaceSize(stage, &size, &executor);
  if (st == ACLNN_SUCCESS) st = opsim::aclnn::Run("aclnnRead", nullptr, 0, executor, nullptr);
  *message = st == ACLNN_SUCCESS ? "" : aclGetRecentErrMsg();
  return st;
}

TEST(AclrtMallocBlock, IsTheRequestRoundedUpTo32BytesPlus32At64ByteAlignment) {
  for (const auto& [request, block] : std::vector<std::pair<size_t, uint64_t>>{
           {1, 64}, {24, 64}, {32, 64}, {33, 96}, {4096, 4128}}) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, request, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const void* base = nullptr;
    uint64_t bytes = 0;
    ASSERT_TRUE(opsim::sim::FindGmAllocBlock(p, &base, &bytes));
    EXPECT_EQ(base, p);
    EXPECT_EQ(bytes, block) << request;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
}

TEST(AclrtMallocBlock, AKernelReadsItsInputsBlockToTheEndAndFaultsPastIt) {
  void* x_mem = nullptr;
  void* y_mem = nullptr;
  const std::vector<float> values{1, 2, 3, 4, 5, 6};  // 24 B: a 64 B block
  ASSERT_EQ(aclrtMalloc(&x_mem, 24, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&y_mem, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(x_mem, 24, values.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclTensor* x = Vector(x_mem, 0, 6);
  aclTensor* y16 = Vector(y_mem, 0, 16);
  aclTensor* y32 = Vector(y_mem, 0, 32);
  std::string message;
  ASSERT_EQ(RunRead("OpsimReadTail", x, y16, &message), ACLNN_SUCCESS) << message;
  std::vector<float> y(16, -1.0f);
  ASSERT_EQ(aclrtMemcpy(y.data(), 64, y_mem, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(std::vector<float>(y.begin(), y.begin() + 6), values);

  EXPECT_EQ(RunRead("OpsimReadPast", x, y32, &message), ACLNN_ERR_RUNTIME_ERROR);
  EXPECT_NE(message.find("src accesses GM 'x' [0x0, 0x80) of 64 B, past the end of its "
                         "allocation"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("[out_of_bounds_gm]"), std::string::npos) << message;
  for (aclTensor* t : {x, y16, y32}) aclDestroyTensor(t);
  EXPECT_EQ(aclrtFree(x_mem), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(y_mem), ACL_SUCCESS);
}

// Two tensors of one launch in one block: x's readable tail stops where y begins, so that y's
// bytes keep y's role and bounds. (The chip would let x's read run on into y; opsim refuses it:
// a launch's tensors packed tighter than aclrtMalloc packs them are the caller's own layout.)
TEST(AclrtMallocBlock, ATensorsTailStopsAtTheNextTensorOfTheLaunchInItsBlock) {
  void* mem = nullptr;
  ASSERT_EQ(aclrtMalloc(&mem, 512, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclTensor* x = Vector(mem, 0, 6);
  aclTensor* y16 = Vector(mem, 64, 16);
  aclTensor* y16_far = Vector(mem, 128, 16);
  std::string message;
  EXPECT_EQ(RunRead("OpsimReadTail", x, y16, &message), ACLNN_SUCCESS) << message;
  aclTensor* x_near = Vector(mem, 96, 6);  // 32 B before y: reading 64 B reaches into it
  EXPECT_EQ(RunRead("OpsimReadTail", x_near, y16_far, &message), ACLNN_ERR_RUNTIME_ERROR);
  EXPECT_NE(message.find("GM 'x' [0x0, 0x40) of 32 B"), std::string::npos) << message;
  for (aclTensor* t : {x, y16, y16_far, x_near}) aclDestroyTensor(t);
  EXPECT_EQ(aclrtFree(mem), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclnn_allocation_test
