// The Reduce op types' AI CPU definitions (op_kernel_aicpu/reduce): double, the integers and bool
// run there in every reading (no AI Core launch) while the floats stay on the AI Core; the
// kernel's numerics (wrapping, truncating means, bool bytes, NaN, empty slices, LogSumExp's
// shift) and its refusals when called with a NodeDef the host did not check.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "cpu_context.h"
#include "cpu_kernel.h"
#include "cpu_kernel_register.h"
#include "cpu_kernel_utils.h"
#include "cpu_nodedef.h"
#include "framework_test_util.h"
#include "opsim/framework/operation_registry.h"
#include "opsim_cpu_kernel_error.h"

namespace opsim::testing {
namespace {

// Runs `op` on x (`bytes` of values, or zeros) into an output of out_dims; *launches: the AI
// Core launches made. One function over bytes (RaRun below types it): each instantiation of a
// run costs this batch's compile time.
Status RaRunBytes(const char* op_type, const AttrMap& attrs, aclDataType dtype,
                  std::initializer_list<int64_t> dims, const void* values, size_t bytes,
                  std::initializer_list<int64_t> out_dims, std::vector<uint8_t>* out,
                  uint64_t* launches) {
  auto context = MakeContext(false);
  if (context == nullptr) return {ErrorCode::kInternalError, "no context"};
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(op_type, attrs, &op));
  HostTensor x(Desc(dtype, dims)), y(Desc(dtype, out_dims));
  if (bytes > 0) std::memcpy(x.data.data(), values, std::min(bytes, x.data.size()));
  OPSIM_RETURN_IF_ERROR(SetupAndExecute(*op, Pack({&x}, {&y}), context.get()));
  *out = y.data;
  *launches = context->launches();
  return Status::Ok();
}

template <typename T>
Status RaRun(const char* op_type, const AttrMap& attrs, aclDataType dtype,
             std::initializer_list<int64_t> dims, const std::vector<T>& values,
             std::initializer_list<int64_t> out_dims, std::vector<T>* out, uint64_t* launches) {
  std::vector<uint8_t> bytes;
  OPSIM_RETURN_IF_ERROR(RaRunBytes(op_type, attrs, dtype, dims, values.data(),
                                   values.size() * sizeof(T), out_dims, &bytes, launches));
  out->resize(bytes.size() / sizeof(T));
  if (!bytes.empty()) std::memcpy(out->data(), bytes.data(), bytes.size());
  return Status::Ok();
}

using RaV = std::vector<int64_t>;

// Each reading's op on a type the vector unit lacks runs on the AI CPU with the reference's
// result; the same op on float32 launches the AI Core.
TEST(ReduceOpDefs, OtherTypesRunOnTheAiCpuInEveryReading) {
  struct RaCase {
    const char* op;
    AttrMap attrs;
    ref::Reducer reducer;
    RaV axes;  // normalised
  };
  const RaCase cases[] = {
      {"ReduceSum", {{"axes", RaV{-1}}, {"keepdims", int64_t{0}}}, ref::Reducer::kSum, {2}},
      {"OpenVINO.ReduceProd", {{"reduction_axes", RaV{0, 2}}}, ref::Reducer::kProd, {0, 2}},
      {"Reduce", {{"reduceType", std::string("max")}, {"axis", RaV{1}}}, ref::Reducer::kMax, {1}},
  };
  for (const RaCase& c : cases) {
    for (aclDataType type : {ACL_INT32, ACL_DOUBLE, ACL_INT64, ACL_UINT32, ACL_FLOAT}) {
      SCOPED_TRACE(std::string(c.op) + " " + std::to_string(type));
      auto context = MakeContext(false);
      std::unique_ptr<Operation> op;
      ASSERT_TRUE(OperationRegistry::Global().Create(c.op, c.attrs, &op).ok());
      HostTensor x(Desc(type, {3, 4, 5}));
      Fill(x, 11);
      const Shape in({3, 4, 5});
      const Shape out_shape = ref::ReducedShape(in, c.axes, false);
      TensorDesc out_desc = x.desc;
      out_desc.shape.dimNum = 0;
      for (int d = 0; d < out_shape.rank(); ++d)
        out_desc.shape.dims[out_desc.shape.dimNum++] = out_shape[d];
      HostTensor y(out_desc), want(out_desc);
      const Status st = SetupAndExecute(*op, Pack({&x}, {&y}), context.get());
      ASSERT_TRUE(st.ok()) << st.ToString();
      const DType t = *DTypeFromAcl(type);
      ASSERT_TRUE(
          ref::Reduce(c.reducer, t, in, c.axes, false, x.data.data(), want.data.data()).ok());
      if (type == ACL_FLOAT) {
        EXPECT_GT(context->launches(), 0u);  // float32 stays on the AI Core
      } else {
        EXPECT_EQ(context->launches(), 0u);
        if (type == ACL_DOUBLE) {
          const std::vector<double> got = y.As<double>(), ref = want.As<double>();
          for (size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], ref[k], 1e-12) << k;
        } else {
          EXPECT_EQ(y.data, want.data);
        }
      }
    }
  }
}

// bool: ONNX ReduceMax/Min and OpenVINO's logical ops, as bytes (MAX any, MIN all; an empty
// slice of MIN is true). OpenVINO's are AI CPU-only op types.
TEST(ReduceOpDefs, BoolReducesOnTheAiCpuAsItsBytes) {
  const std::vector<uint8_t> x = {1, 0, 1, 1, 1, 1};  // [2, 3]
  struct RaBool {
    const char* op;
    AttrMap attrs;
    std::vector<uint8_t> want;
  };
  const RaBool cases[] = {
      {"ReduceMax", {{"axes", RaV{1}}, {"keepdims", int64_t{0}}}, {1, 1}},
      {"ReduceMin", {{"axes", RaV{1}}, {"keepdims", int64_t{0}}}, {0, 1}},
      {"OpenVINO.ReduceLogicalAnd", {{"reduction_axes", RaV{0}}}, {1, 0, 1}},
      {"OpenVINO.ReduceLogicalOr", {{"reduction_axes", RaV{-1}}}, {1, 1}},
  };
  for (const RaBool& c : cases) {
    SCOPED_TRACE(c.op);
    std::vector<uint8_t> y;
    uint64_t launches = 1;
    const bool rows = c.want.size() == 2;
    const Status st = rows ? RaRun(c.op, c.attrs, ACL_BOOL, {2, 3}, x, {2}, &y, &launches)
                           : RaRun(c.op, c.attrs, ACL_BOOL, {2, 3}, x, {3}, &y, &launches);
    ASSERT_TRUE(st.ok()) << st.ToString();
    EXPECT_EQ(y, c.want);
    EXPECT_EQ(launches, 0u);
  }
  std::vector<uint8_t> y;
  uint64_t launches = 1;
  ASSERT_TRUE(RaRun("ReduceMin", {{"axes", RaV{1}}}, ACL_BOOL, {2, 0}, std::vector<uint8_t>{},
                    {2, 1}, &y, &launches)
                  .ok());
  EXPECT_EQ(y, (std::vector<uint8_t>{1, 1}));  // all() of nothing
}

// The contract's numerics on the AI CPU, by hand: integers wrap, integer means truncate toward
// zero, MAX gives NaN for a slice holding one, empty slices give the identities, LogSumExp is
// shifted by the max, several reduced groups fold in turn.
TEST(ReduceOpDefs, AiCpuKernelKeepsTheContractsNumerics) {
  uint64_t launches = 1;
  constexpr int32_t kBig = std::numeric_limits<int32_t>::max();
  std::vector<int32_t> i32;
  ASSERT_TRUE(
      RaRun("ReduceSum", {}, ACL_INT32, {2}, std::vector<int32_t>{kBig, 1}, {1}, &i32, &launches)
          .ok());
  EXPECT_EQ(i32, (std::vector<int32_t>{std::numeric_limits<int32_t>::min()}));
  ASSERT_TRUE(RaRun("ReduceMean", {{"axes", RaV{1}}}, ACL_INT32, {2, 2},
                    std::vector<int32_t>{-7, 2, 7, -2}, {2, 1}, &i32, &launches)
                  .ok());
  EXPECT_EQ(i32, (std::vector<int32_t>{-2, 2}));
  ASSERT_TRUE(RaRun("ReduceSumSquare", {}, ACL_INT32, {2}, std::vector<int32_t>{65536, 3}, {1},
                    &i32, &launches)
                  .ok());
  EXPECT_EQ(i32, (std::vector<int32_t>{9}));  // 2^32 wraps to 0
  std::vector<int64_t> i64;
  constexpr int64_t kLow = std::numeric_limits<int64_t>::min();
  ASSERT_TRUE(RaRun("OpenVINO.ReduceL1", {{"reduction_axes", RaV{0}}}, ACL_INT64, {2},
                    std::vector<int64_t>{kLow, -1}, {}, &i64, &launches)
                  .ok());
  EXPECT_EQ(i64, (std::vector<int64_t>{kLow + 1}));  // |lowest| wraps to lowest
  std::vector<uint64_t> u64;
  ASSERT_TRUE(RaRun("ReduceProd", {{"axes", RaV{0}}}, ACL_UINT64, {0, 2}, std::vector<uint64_t>{},
                    {1, 2}, &u64, &launches)
                  .ok());
  EXPECT_EQ(u64, (std::vector<uint64_t>{1, 1}));
  std::vector<int8_t> i8;
  ASSERT_TRUE(RaRun("ReduceMax", {{"axes", RaV{0}}}, ACL_INT8, {0, 2}, std::vector<int8_t>{},
                    {1, 2}, &i8, &launches)
                  .ok());
  EXPECT_EQ(i8, (std::vector<int8_t>{-128, -128}));

  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> f64;
  ASSERT_TRUE(RaRun("ReduceMax", {{"axes", RaV{1}}}, ACL_DOUBLE, {2, 3},
                    std::vector<double>{1, nan, 3, 4, 5, 6}, {2, 1}, &f64, &launches)
                  .ok());
  EXPECT_TRUE(std::isnan(f64[0]));
  EXPECT_EQ(f64[1], 6.0);
  ASSERT_TRUE(RaRun("ReduceLogSumExp", {}, ACL_DOUBLE, {2}, std::vector<double>{1000, 1000}, {1},
                    &f64, &launches)
                  .ok());
  EXPECT_DOUBLE_EQ(f64[0], 1000 + std::log(2.0));
  ASSERT_TRUE(RaRun("ReduceLogSumExp", {{"axes", RaV{1}}}, ACL_DOUBLE, {2, 0},
                    std::vector<double>{}, {2, 1}, &f64, &launches)
                  .ok());
  EXPECT_EQ(f64[0], -std::numeric_limits<double>::infinity());
  ASSERT_TRUE(RaRun("ReduceMean", {{"axes", RaV{1}}}, ACL_DOUBLE, {1, 0}, std::vector<double>{},
                    {1, 1}, &f64, &launches)
                  .ok());
  EXPECT_TRUE(std::isnan(f64[0]));  // 0 / 0
  ASSERT_TRUE(
      RaRun("ReduceL2", {}, ACL_DOUBLE, {2}, std::vector<double>{3, -4}, {1}, &f64, &launches)
          .ok());
  EXPECT_EQ(f64[0], 5.0);
  // [2, 3, 2] over axes 0 and 2 (two reduced groups around a kept one), keepdims off.
  std::vector<int32_t> x(12);
  for (int k = 0; k < 12; ++k) x[static_cast<size_t>(k)] = k * (k % 2 ? -3 : 5);
  ASSERT_TRUE(RaRun("ReduceSum", {{"axes", RaV{0, -1}}, {"keepdims", int64_t{0}}}, ACL_INT32,
                    {2, 3, 2}, x, {3}, &i32, &launches)
                  .ok());
  for (int j = 0; j < 3; ++j) {
    int32_t want = 0;
    for (int a = 0; a < 2; ++a)
      for (int c = 0; c < 2; ++c) want += x[static_cast<size_t>(a * 6 + j * 2 + c)];
    EXPECT_EQ(i32[static_cast<size_t>(j)], want) << j;
  }
  ASSERT_TRUE(RaRun("ReduceSum", {{"axes", RaV{}}, {"noop_with_empty_axes", int64_t{1}}}, ACL_INT32,
                    {2, 3, 2}, x, {2, 3, 2}, &i32, &launches)
                  .ok());
  EXPECT_EQ(i32, x);
  EXPECT_EQ(launches, 0u);
}

// A NodeDef of `op` over x [n] int32 and y [m] int32, with the attributes given.
std::shared_ptr<aicpu::NodeDef> RaNode(const std::string& op, int32_t* x, int64_t n, int32_t* y,
                                       std::vector<int64_t> y_dims) {
  auto node = aicpu::CpuKernelUtils::CreateNodeDef();
  node->SetOpType(op);
  auto in = node->AddInputs();
  in->SetDataType(aicpu::DT_INT32);
  in->SetData(x);
  in->SetDataSize(static_cast<uint64_t>(n) * 4);
  in->GetTensorShape()->SetDimSizes({n});
  auto out = node->AddOutputs();
  out->SetDataType(aicpu::DT_INT32);
  out->SetData(y);
  out->SetDataSize(static_cast<uint64_t>(y == nullptr ? 0 : 4));
  out->GetTensorShape()->SetDimSizes(y_dims);
  return node;
}

void RaListAttr(aicpu::NodeDef* node, const std::string& name, std::vector<int64_t> list) {
  auto attr = aicpu::CpuKernelUtils::CreateAttrValue();
  attr->SetListInt(list);
  node->AddAttrs(name, attr.get());
}

void RaTextAttr(aicpu::NodeDef* node, const std::string& name, const std::string& text) {
  auto attr = aicpu::CpuKernelUtils::CreateAttrValue();
  attr->SetString(text);
  node->AddAttrs(name, attr.get());
}

// What the host never hands it: the kernel refuses with KERNEL_STATUS_PARAM_INVALID and a message
// naming the value, writing nothing.
TEST(ReduceOpDefs, AiCpuKernelRefusesWhatTheHostWouldNot) {
  std::unique_ptr<Operation> loaded;  // loads the op library, which registers the kernel
  ASSERT_TRUE(OperationRegistry::Global().Create("ReduceSum", {}, &loaded).ok());
  struct RaBad {
    const char* op;
    void (*attrs)(aicpu::NodeDef*);
    std::vector<int64_t> y_dims;
    bool null_output;
    const char* message;
  };
  const RaBad cases[] = {
      {"ReduceSum",
       [](aicpu::NodeDef* n) { RaListAttr(n, "axes", {3}); },
       {1},
       false,
       "ReduceSum: axes[0] = 3 is out of range for an input of rank 1"},
      {"ReduceSum",
       [](aicpu::NodeDef* n) {
         RaListAttr(n, "axes", {0, -1});
       },
       {1},
       false,
       "ReduceSum: axes[1] = -1 repeats an axis"},
      {"ReduceSum",
       [](aicpu::NodeDef*) {},
       {2},
       false,
       "ReduceSum: the output's shape is [2]; the axes and keep-dims flag give [1]"},
      {"OpenVINO.ReduceSum",
       [](aicpu::NodeDef*) {},
       {},
       false,
       "OpenVINO.ReduceSum: the axes are missing"},
      {"Reduce",
       [](aicpu::NodeDef* n) { RaTextAttr(n, "reduceType", std::string("mean")); },
       {},
       false,
       "Reduce: attribute reduceType = \"mean\" is not a reducer"},
      {"ReduceL2",
       [](aicpu::NodeDef*) {},
       {1},
       false,
       "ReduceL2: data type 3 is not one its AI CPU kernel reduces this way"},
      {"ReduceSum", [](aicpu::NodeDef*) {}, {1}, true, "ReduceSum: the input holds 12 bytes"},
  };
  for (const RaBad& c : cases) {
    SCOPED_TRACE(c.message);
    int32_t x[3] = {1, 2, 3};
    int32_t y = 77;
    auto node = RaNode(c.op, x, 3, c.null_output ? nullptr : &y, c.y_dims);
    c.attrs(node.get());
    aicpu::CpuKernelContext ctx(aicpu::HOST);
    ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
    auto kernel = aicpu::CpuKernelRegister::Instance().GetCpuKernel(c.op);
    ASSERT_NE(kernel, nullptr);
    ClearCpuKernelLastError();
    EXPECT_EQ(kernel->Compute(ctx), aicpu::KERNEL_STATUS_PARAM_INVALID);
    EXPECT_NE(CpuKernelLastError().find(c.message), std::string::npos) << CpuKernelLastError();
    EXPECT_EQ(y, 77);
  }
}

}  // namespace
}  // namespace opsim::testing
