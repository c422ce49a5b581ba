// CANN's AI CPU kernel helpers (utils/kernel_util.h, log.h's checks) as opsim implements them:
// the checks kernels start with, type and format names, overflow-checked arithmetic, checked
// copies.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cpu_kernel_utils.h"
#include "node_def_builder.h"
#include "opsim_cpu_kernel_error.h"
#include "utils/bcast.h"
#include "utils/eigen_tensor.h"
#include "utils/kernel_util.h"

namespace cpu_kernel_api_util_test {
namespace {

using aicpu::CpuKernelUtils;

// A node of op type Util with `inputs` float inputs and one output over buf.
std::shared_ptr<aicpu::NodeDef> UtilNode(int inputs, float* buf) {
  auto node = CpuKernelUtils::CreateNodeDef();
  node->SetOpType("Util");
  for (int k = 0; k <= inputs; ++k) {
    auto t = k < inputs ? node->AddInputs() : node->AddOutputs();
    t->SetDataType(aicpu::DT_FLOAT);
    t->SetData(buf);
    t->SetDataSize(8);
    t->GetTensorShape()->SetDimSizes({2});
  }
  return node;
}

uint32_t KernelUtilCheckNull(const float* p) {
  KERNEL_CHECK_NULLPTR(p, aicpu::KERNEL_STATUS_INNER_ERROR, "p is %s", "null");
  KERNEL_CHECK_FALSE(*p > 0, aicpu::KERNEL_STATUS_PARAM_INVALID, "*p is %g", *p);
  KERNEL_HANDLE_ERROR(*p > 10 ? 5U : 0U, "over ten");
  return aicpu::KERNEL_STATUS_OK;
}

TEST(CpuKernelApi, NormalCheckCountsAndDataOfInputsOutputsAndAttrs) {
  float buf[2] = {1, 2};
  auto node = UtilNode(2, buf);
  aicpu::CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(aicpu::NormalCheck(ctx, 2, 1), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(aicpu::NormalMathCheck(ctx), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(aicpu::NormalCheck(ctx, static_cast<uint32_t>(aicpu::kDynamicInput), 1),
            aicpu::KERNEL_STATUS_OK);
  opsim::ClearCpuKernelLastError();
  EXPECT_EQ(aicpu::NormalCheck(ctx, 3, 1), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(aicpu::NormalCheck(ctx, 2, 2), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(aicpu::NormalCheck(ctx, 2, 1, {"axis"}), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "Util: 2 inputs, the kernel takes 3\nUtil: 1 outputs, the kernel takes 2\n"
            "Util: attribute 'axis' is missing");
  node->MutableInputs(1)->SetData(nullptr);
  opsim::ClearCpuKernelLastError();
  EXPECT_EQ(aicpu::NormalCheck(ctx, 2, 1), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(opsim::CpuKernelLastError(), "Util: input 1 has no data (2 elements)");
  node->MutableInputs(1)->GetTensorShape()->SetDimSizes({0});
  EXPECT_EQ(aicpu::NormalCheck(ctx, 2, 1), aicpu::KERNEL_STATUS_OK);  // empty: no data needed
  EXPECT_TRUE(aicpu::IsEmptyTensor(node->MutableInputs(1).get()));
  EXPECT_FALSE(aicpu::IsEmptyTensor(node->MutableInputs(0).get()));
  EXPECT_TRUE(aicpu::IsEmptyTensor(nullptr));
}

TEST(CpuKernelApi, NormalMathCheckWantsTwoInputsOfOneDtypeAndOneOutput) {
  float buf[2] = {1, 2};
  auto node = UtilNode(2, buf);
  aicpu::CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  node->MutableInputs(1)->SetDataType(aicpu::DT_INT32);
  opsim::ClearCpuKernelLastError();
  EXPECT_EQ(aicpu::NormalMathCheck(ctx), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "Util: the inputs' dtypes differ: input 0 is DT_FLOAT, input 1 is DT_INT32");
  auto three = UtilNode(3, buf);
  aicpu::CpuKernelContext ctx3(aicpu::HOST);
  ASSERT_EQ(ctx3.Init(three.get()), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(aicpu::NormalMathCheck(ctx3), aicpu::KERNEL_STATUS_PARAM_INVALID);
}

// As CANN's builder: a type with no size keeps GetSizeByDataType's -1 in the product, no data is 0.
TEST(CpuKernelApi, NodeDefBuilderSizesTensorsAsCannsDoes) {
  float buf[6] = {};
  auto node = CpuKernelUtils::CreateNodeDef();
  aicpu::NodeDefBuilder(node.get(), "Util", "Util")
      .Input({"x", aicpu::DT_FLOAT, {2, 3}, buf})
      .Input({"s", aicpu::DT_FLOAT, {}, buf})
      .Input({"u", aicpu::DT_UNDEFINED, {}, buf})
      .Output({"y", aicpu::DT_FLOAT, {2, 3}, nullptr});
  EXPECT_EQ(node->MutableInputs(0)->GetDataSize(), 24u);
  EXPECT_EQ(node->MutableInputs(1)->GetDataSize(), 4u);
  EXPECT_EQ(node->MutableInputs(2)->GetDataSize(), static_cast<uint64_t>(-1));
  EXPECT_EQ(node->MutableOutputs(0)->GetDataSize(), 0u);
}

TEST(CpuKernelApi, CheckMacrosReturnTheirCodesAndLog) {
  const float zero = 0, one = 1, big = 11;
  opsim::ClearCpuKernelLastError();
  EXPECT_EQ(KernelUtilCheckNull(nullptr), aicpu::KERNEL_STATUS_INNER_ERROR);
  EXPECT_EQ(KernelUtilCheckNull(&zero), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(KernelUtilCheckNull(&big), 5U);
  EXPECT_EQ(KernelUtilCheckNull(&one), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(opsim::CpuKernelLastError(), "p is null\n*p is 0\nover ten");
}

TEST(CpuKernelApi, NamesOfTypesAndFormats) {
  EXPECT_EQ(aicpu::DTypeStr(aicpu::DT_BFLOAT16), "DT_BFLOAT16");
  EXPECT_EQ(aicpu::DTypeStr(static_cast<aicpu::DataType>(5)), "DT_UNDEFINED");
  EXPECT_EQ(aicpu::DType("DT_UINT32"), aicpu::DT_UINT32);
  EXPECT_EQ(aicpu::DType("float"), aicpu::DT_UNDEFINED);
  EXPECT_EQ(aicpu::FormatToSerialString(aicpu::FORMAT_NHWC), "NHWC");
  EXPECT_EQ(aicpu::FormatToSerialString(aicpu::FORMAT_FRACTAL_NZ), "FRACTAL_NZ");
  EXPECT_EQ(aicpu::FormatToSerialString(aicpu::FORMAT_NULL), "NULL");
  EXPECT_EQ(aicpu::FormatToSerialString(static_cast<aicpu::Format>(0x1202)), "ND");
  EXPECT_EQ(aicpu::GetSubFormat(0x1202), 0x12);
  EXPECT_TRUE(aicpu::HasSubFormat(0x1202));
  EXPECT_EQ(aicpu::VectorToString(std::vector<int64_t>{1, -2}), "1, -2");
  EXPECT_EQ(aicpu::FmtToStr(3), "[3]");
  EXPECT_EQ(aicpu::ConcatString("a", 1, 'b'), "a1b");
}

TEST(CpuKernelApi, ArithmeticChecksCatchOverflow) {
  int64_t r = 0;
  EXPECT_TRUE(aicpu::MulWithoutOverflow(1LL << 31, 1LL << 31, r));
  EXPECT_EQ(r, 1LL << 62);
  EXPECT_FALSE(aicpu::MulWithoutOverflow(1LL << 32, 1LL << 32, r));
  EXPECT_FALSE(aicpu::MulWithoutOverflow(-1, 2, r));
  EXPECT_TRUE(aicpu::AddWithoutOverflow(INT64_MAX - 1, 1, r));
  EXPECT_FALSE(aicpu::AddWithoutOverflow(INT64_MAX, 1, r));
  EXPECT_FALSE(aicpu::AddWithoutOverflow(INT64_MIN, -1, r));
  EXPECT_TRUE(aicpu::CheckInt64MulOverflow(-(1LL << 31), 1LL << 31));
  EXPECT_FALSE(aicpu::CheckInt64MulOverflow(INT64_MIN, -1));
  EXPECT_FALSE(aicpu::CheckInt64MulOverflow(-(1LL << 32), 1LL << 32));
  EXPECT_TRUE(aicpu::CheckInt32MulOverflow(-46340, 46340));
  EXPECT_FALSE(aicpu::CheckInt32MulOverflow(65536, 32768));
  EXPECT_FALSE(aicpu::CheckUint32MulOverflow(65536U, 65536U));
  EXPECT_FALSE(aicpu::CheckUint64MulOverflow(1ULL << 32, 1ULL << 32));
  EXPECT_TRUE(aicpu::CheckUint64MulOverflow(0, UINT64_MAX));
  EXPECT_FALSE(aicpu::CheckFloatAddOverflow(3e38F, 3e38F));
  EXPECT_EQ(aicpu::CeilMultiple(10, 4), 12);
  EXPECT_EQ(aicpu::CeilMultiple(-5, 3), -3);
  EXPECT_EQ(aicpu::CeilMultiple(7, 0), 7);
  EXPECT_EQ(aicpu::AlignedTo(33, 32), 64U);
  EXPECT_EQ(aicpu::GetMaxCompilerCoreNum(), 4);
}

TEST(CpuKernelApi, ShapePredicatesAlignmentAndCheckedCopies) {
  EXPECT_TRUE(aicpu::IsScalar({}));
  EXPECT_TRUE(aicpu::IsVector({3}));
  EXPECT_TRUE(aicpu::IsMatrix({2, 3}));
  EXPECT_FALSE(aicpu::IsSquareMatrix({2, 3}));
  EXPECT_TRUE(aicpu::IsSquareMatrix({3, 3}));
  EXPECT_TRUE(aicpu::IsVectorOrHigher({1, 1, 1}));
  alignas(16) char buf[32] = {0};
  EXPECT_TRUE(aicpu::AddrAlignedCheck(buf));
  EXPECT_FALSE(aicpu::AddrAlignedCheck(buf + 1));
  EXPECT_TRUE(aicpu::IsNanVal(Eigen::half(NAN)));
  EXPECT_FALSE(aicpu::IsNanVal(3));
  EXPECT_TRUE(aicpu::IsValueEqual(1.0F, 1.0F + 1e-7F));
  EXPECT_FALSE(aicpu::IsValueEqual(1.0, 1.0 + 1e-6));
  const char src[4] = {'a', 'b', 'c', 'd'};
  opsim::ClearCpuKernelLastError();
  EXPECT_TRUE(aicpu::BiggerMemCpy(buf, sizeof buf, src, sizeof src));
  EXPECT_EQ(buf[3], 'd');
  EXPECT_FALSE(aicpu::BiggerMemCpy(buf, 2, src, sizeof src));
  EXPECT_FALSE(aicpu::BiggerMemSet(buf, 2, 0, 3));
  EXPECT_TRUE(aicpu::BiggerMemSet(buf, sizeof buf, 'z', 2));
  EXPECT_EQ(buf[1], 'z');
  EXPECT_EQ(buf[2], 'c');
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "BiggerMemCpy: 4 bytes into 2 (the destination is shorter)\n"
            "BiggerMemSet: 3 bytes of 2 (the destination is shorter)");
}

TEST(CpuKernelApi, EigenTensorViewsATensorsDataInItsShape) {
  alignas(16) float data[6] = {1, 2, 3, 4, 5, 6};  // TTypes' maps are Eigen::Aligned
  auto t = CpuKernelUtils::CreateTensor();
  t->SetDataType(aicpu::DT_FLOAT);
  t->GetTensorShape()->SetDimSizes({2, 3});
  aicpu::EigenTensor view(t.get(), data);
  EXPECT_EQ(view.GetTensor(), t.get());
  auto flat = view.flat<float>();
  EXPECT_EQ(flat.size(), 6);
  EXPECT_EQ(flat(5), 6);
  EXPECT_EQ(view.matrix<float>()(1, 0), 4);
  const auto padded = view.tensor<float, 3>();  // dims padded with 1s: [2, 3, 1]
  EXPECT_EQ(padded.dimension(1), 3);
  EXPECT_EQ(padded.dimension(2), 1);
  view.flat<float>()(0) = -1;  // a view: writes reach the tensor's data
  EXPECT_EQ(data[0], -1);
}

}  // namespace
}  // namespace cpu_kernel_api_util_test

namespace cpu_kernel_api_bcast_test {
namespace {

using aicpu::BCalcInfo;
using aicpu::Bcast;
using Dims = std::vector<int64_t>;

// A tensor of `dims` with no data: Bcast reads shapes only.
std::shared_ptr<aicpu::Tensor> ShapeOnly(aicpu::NodeDef* node, const Dims& dims) {
  auto t = node->AddInputs();
  t->GetTensorShape()->SetDimSizes(dims);
  return t;
}

TEST(CpuKernelApi, BcastPadsTheShorterShapeAndIndexesEachOutputElement) {
  Dims x = {2, 1, 3};
  Dims y = {4, 1};
  Bcast bcast(x, y);
  ASSERT_TRUE(bcast.IsValid());
  EXPECT_EQ(bcast.XReshape(), (Dims{2, 1, 3}));
  EXPECT_EQ(bcast.YReshape(), (Dims{1, 4, 1}));
  EXPECT_EQ(bcast.ResultShape(), (Dims{2, 4, 3}));
  EXPECT_EQ(bcast.XBcast(), (Dims{1, 4, 1}));
  EXPECT_EQ(bcast.YBcast(), (Dims{2, 1, 3}));
  for (int64_t i = 0; i < 24; ++i) {
    const int64_t a = i / 12, b = i / 3 % 4, c = i % 3;
    EXPECT_EQ(bcast.GetBroadcastXIndex(i), a * 3 + c) << i;
    EXPECT_EQ(bcast.GetBroadcastYIndex(i), b) << i;
  }
}

TEST(CpuKernelApi, BcastOfEqualShapesIsOneDimensionOfAllElements) {
  Dims x = {2, 3};
  Bcast same(x, x);
  EXPECT_EQ(same.XReshape(), (Dims{6}));
  EXPECT_EQ(same.ResultShape(), (Dims{6}));
  EXPECT_EQ(same.GetBroadcastYIndex(5), 5);
  Dims scalar;
  Bcast scalars(scalar, scalar);
  EXPECT_EQ(scalars.XReshape(), (Dims{1}));
}

TEST(CpuKernelApi, BcastRefusesDimensionsThatDoNotBroadcast) {
  Dims x = {2, 3};
  Dims y = {4, 3};
  EXPECT_FALSE(Bcast(x, y).IsValid());
  Dims negative = {-1, 3};
  EXPECT_FALSE(Bcast(negative, y).IsValid());
  BCalcInfo info;
  EXPECT_EQ(Bcast().GenerateBcastInfo(info), aicpu::KERNEL_STATUS_PARAM_INVALID);
}

TEST(CpuKernelApi, BcastInfoGivesPaddedShapesAndRowMajorIndexes) {
  auto node = aicpu::CpuKernelUtils::CreateNodeDef();
  BCalcInfo info;
  auto x = ShapeOnly(node.get(), {3, 1});
  auto y = ShapeOnly(node.get(), {2});
  info.input_0 = x.get();
  info.input_1 = y.get();
  Bcast bcast;
  ASSERT_EQ(bcast.GenerateBcastInfo(info), aicpu::KERNEL_STATUS_OK);
  bcast.BCastIndexes(info.x_indexes, info.y_indexes);
  bcast.GetBcastVec(info);
  EXPECT_EQ(info.reshape_0, (Dims{3, 1}));
  EXPECT_EQ(info.reshape_1, (Dims{1, 2}));
  EXPECT_EQ(info.shape_out, (Dims{3, 2}));
  EXPECT_EQ(info.bcast_0, (Dims{1, 2}));
  EXPECT_EQ(info.bcast_1, (Dims{3, 1}));
  EXPECT_EQ(info.x_indexes, (Dims{0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(info.y_indexes, (Dims{0, 1, 0, 1, 0, 1}));

  auto z = ShapeOnly(node.get(), {4});
  info.input_1 = z.get();
  EXPECT_EQ(Bcast().GenerateBcastInfo(info), aicpu::KERNEL_STATUS_OK);  // [3,1] with [4]
  auto w = ShapeOnly(node.get(), {5, 2});
  info.input_1 = w.get();
  EXPECT_EQ(Bcast().GenerateBcastInfo(info), aicpu::KERNEL_STATUS_PARAM_INVALID);
}

}  // namespace
}  // namespace cpu_kernel_api_bcast_test
