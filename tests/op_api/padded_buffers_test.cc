// ContextOptions::padded_device_buffers: a kernel that reads a few bytes past its input (as some
// public samples do) reads aclrtMalloc's padding when the caller's buffers have it, and faults
// when they do not.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "kernel_operator.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "register/op_def_registry.h"

namespace {

uint32_t OverreadTiling(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

// y is [16] whatever x's 12 elements: the kernel copies 16 floats in one 64 B DataCopy.
uint32_t OverreadInferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = gert::Shape({16});
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class OpsimOverread : public OpDef {
 public:
  explicit OpsimOverread(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT});
    Output("y").DataType({ge::DT_FLOAT});
    SetInferShape(OverreadInferShape);
    AICore().SetTiling(OverreadTiling);
  }
};
OP_ADD(OpsimOverread);
}  // namespace ops

// x bound up to the end of its GM region, or (`declared`) with its 12 elements, as LessEqual
// (docs/PUBLIC_KERNELS.md, row 9) binds its inputs before reading an aligned tail past them.
void OverreadKernel(GM_ADDR x, GM_ADDR y, bool declared) {
  AscendC::GlobalTensor<float> xg, yg;
  if (declared) {
    xg.SetGlobalBuffer((__gm__ float*)x, 12);
  } else {
    xg.SetGlobalBuffer((__gm__ float*)x);
  }
  yg.SetGlobalBuffer((__gm__ float*)y, 16);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, 64);
  pipe.InitBuffer(out, 1, 64);
  AscendC::LocalTensor<float> a = in.AllocTensor<float>();
  AscendC::DataCopy(a, xg, 16);
  in.EnQue(a);
  a = in.DeQue<float>();
  AscendC::LocalTensor<float> b = out.AllocTensor<float>();
  AscendC::Adds(b, a, 0.0f, 16);
  out.EnQue(b);
  in.FreeTensor(a);
  b = out.DeQue<float>();
  AscendC::DataCopy(yg, b, 16);
  out.FreeTensor(b);
}
extern "C" __global__ __aicore__ void opsim_overread(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR) {
  OverreadKernel(x, y, false);
}
static const opsim::op_api::KernelRegistrar g_overread("OpsimOverread", 0, &opsim_overread);

namespace ops {
class OpsimDeclaredOverread : public OpDef {
 public:
  explicit OpsimDeclaredOverread(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT});
    Output("y").DataType({ge::DT_FLOAT});
    SetInferShape(OverreadInferShape);
    AICore().SetTiling(OverreadTiling);
  }
};
OP_ADD(OpsimDeclaredOverread);
}  // namespace ops

extern "C" __global__ __aicore__ void opsim_declared_overread(GM_ADDR x, GM_ADDR y, GM_ADDR,
                                                              GM_ADDR) {
  OverreadKernel(x, y, true);
}
static const opsim::op_api::KernelRegistrar g_declared_overread("OpsimDeclaredOverread", 0,
                                                                &opsim_declared_overread);

// The same over-read of an input the operation holds as a constant ("=x": two int64 values, 16
// B): its buffer is padded as the caller's are, so the kernel's 64 B read stays inside it.
namespace ops {
class OpsimConstantOverread : public OpDef {
 public:
  explicit OpsimConstantOverread(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_INT64}).ValueDepend(REQUIRED);
    Output("y").DataType({ge::DT_INT64});
    SetInferShape(ConstantOverreadInferShape);
    AICore().SetTiling(OverreadTiling);
  }

 private:
  static uint32_t ConstantOverreadInferShape(gert::InferShapeContext* context) {
    *context->GetOutputShape(0) = gert::Shape({8});
    return ge::GRAPH_SUCCESS;
  }
};
OP_ADD(OpsimConstantOverread);
}  // namespace ops

extern "C" __global__ __aicore__ void opsim_constant_overread(GM_ADDR x, GM_ADDR y, GM_ADDR,
                                                              GM_ADDR) {
  AscendC::GlobalTensor<int64_t> xg, yg;
  xg.SetGlobalBuffer((__gm__ int64_t*)x);
  yg.SetGlobalBuffer((__gm__ int64_t*)y, 8);
  AscendC::TPipe pipe;
  AscendC::TQueBind<AscendC::QuePosition::VECIN, AscendC::QuePosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, 64);
  AscendC::LocalTensor<int64_t> a = q.AllocTensor<int64_t>();
  AscendC::DataCopy(a, xg, 8);
  q.EnQue(a);
  a = q.DeQue<int64_t>();
  AscendC::DataCopy(yg, a, 8);
  q.FreeTensor(a);
}
static const opsim::op_api::KernelRegistrar g_constant_overread("OpsimConstantOverread", 0,
                                                                &opsim_constant_overread);

namespace opsim {
namespace {

Status RunOverread(bool padded, std::vector<float>* y_out, const char* op_type = "OpsimOverread",
                   std::vector<std::string>* warnings = nullptr) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(op_type, {}, &op));
  ContextOptions options;
  options.padded_device_buffers = padded;
  std::unique_ptr<Context> context;
  OPSIM_RETURN_IF_ERROR(Context::Create(options, &context));
  // x's memory is padded as aclrtMalloc pads 48 B: to 64 B, plus 32 B, zero past the data.
  std::vector<float> x(24, 0.0f);
  for (int i = 0; i < 12; ++i) x[i] = static_cast<float>(i + 1);
  std::vector<float> y(16, -1.0f);
  VariantPack pack;
  Tensor xt, yt;
  xt.desc = testing::Desc(ACL_FLOAT, {12});
  xt.deviceData = x.data();
  xt.dataSize = 12 * sizeof(float);
  yt.desc = testing::Desc(ACL_FLOAT, {16});
  yt.deviceData = y.data();
  yt.dataSize = 16 * sizeof(float);
  pack.inTensors.push_back(xt);
  pack.outTensors.push_back(yt);
  uint64_t ws = 0;
  OPSIM_RETURN_IF_ERROR(op->Setup(pack, ws, context.get()));
  const Status run = op->Execute(pack, nullptr, 0, context.get());
  if (warnings != nullptr) *warnings = context->warnings();
  OPSIM_RETURN_IF_ERROR(run);
  *y_out = y;
  return Status::Ok();
}

TEST(PaddedDeviceBuffers, ReadingIntoThePaddingIsAllowedOnlyWhenTheBuffersHaveIt) {
  std::vector<float> y;
  const Status padded = RunOverread(true, &y);
  ASSERT_TRUE(padded.ok()) << padded.ToString();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(y[i], i < 12 ? static_cast<float>(i + 1) : 0.0f) << i;
  const Status exact = RunOverread(false, &y);
  EXPECT_EQ(exact.code(), ErrorCode::kKernelFault);
  EXPECT_NE(exact.message().find("GM 'x' [0x0, 0x40) of 48 B"), std::string::npos)
      << exact.message();
  EXPECT_NE(exact.message().find("[out_of_bounds_gm]"), std::string::npos) << exact.message();
}

// B6: the chip checks the allocation, not the declared size. Inside the padding the read runs,
// and the Context reports a warning naming the op; past the allocation it faults.
TEST(PaddedDeviceBuffers, ReadingPastTheDeclaredSizeIntoThePaddingIsAWarning) {
  std::vector<float> y;
  std::vector<std::string> warnings;
  const Status padded = RunOverread(true, &y, "OpsimDeclaredOverread", &warnings);
  ASSERT_TRUE(padded.ok()) << padded.ToString();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind("OpsimDeclaredOverread: core 0: DataCopy: src accesses GM 'x' "
                              "[0x0, 0x40) of 96 B, past the 48 B the GlobalTensor declares",
                              0),
            0u)
      << warnings[0];
  EXPECT_NE(warnings[0].find("[global_tensor_overrun]"), std::string::npos) << warnings[0];
  const Status exact = RunOverread(false, &y, "OpsimDeclaredOverread", &warnings);
  EXPECT_EQ(exact.code(), ErrorCode::kKernelFault);
  EXPECT_NE(exact.message().find("[out_of_bounds_gm]"), std::string::npos) << exact.message();
}

TEST(PaddedDeviceBuffers, AConstantInputIsPaddedAsTheCallersBuffersAre) {
  // Its region once spanned 64 B of a 16 B allocation, so a neighbouring output could fall
  // inside it and be refused as an overrun of 'x'; ASan sees the read past the allocation.
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("OpsimConstantOverread", {{"=x", std::vector<int64_t>{7, -3}}}, &op)
                  .ok());
  ContextOptions options;
  options.padded_device_buffers = true;
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create(options, &context).ok());
  std::vector<int64_t> y(12, -1);
  VariantPack pack;
  Tensor yt;
  yt.desc = testing::Desc(ACL_INT64, {8});
  yt.deviceData = y.data();
  yt.dataSize = 8 * sizeof(int64_t);
  pack.outTensors.push_back(yt);
  uint64_t ws = 0;
  Status st = op->Setup(pack, ws, context.get());
  if (st.ok()) st = op->Execute(pack, nullptr, 0, context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(y, (std::vector<int64_t>{7, -3, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1}));
}

}  // namespace
}  // namespace opsim
