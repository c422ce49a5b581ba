// libopapi's elementwise functions (aclnn/ops/elementwise: aclnnAbs ... aclnnDiv, aclnnCast)
// under CANN's documented signatures, against values computed here in plain C++, and each
// documented case opsim refuses, with its code and the rule its message names.
#include <cmath>
#include <cstdint>
#include <vector>

#include "aclnn/opapi_test_util.h"
#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_reciprocal.h"
#include "aclnnop/aclnn_sqrt.h"
#include "aclnnop/aclnn_sub.h"

namespace opapi_elementwise_test {

using opapi_test::RecentError;
using opapi_test::Tensor;

const std::vector<float> kPositive = {0.25f, 1.0f, 2.0f, 7.5f};

// out[i] = f(in[i]) computed here, float by float.
template <typename F>
std::vector<float> Map(const std::vector<float>& in, F f) {
  std::vector<float> out;
  for (float v : in) out.push_back(f(v));
  return out;
}

void ExpectNear(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_FLOAT_EQ(got[i], want[i]) << "element " << i;
}

TEST(AclnnOpapiElementwise, UnaryFunctionsMatchTheCLibrary) {
  Tensor<float> x(ACL_FLOAT, {2, 2}, kPositive);
  Tensor<float> y(ACL_FLOAT, {2, 2}, {});
  ASSERT_EQ(OPAPI_RUN(Exp, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  ExpectNear(y.Read(), Map(kPositive, [](float v) { return std::exp(v); }));
  ASSERT_EQ(OPAPI_RUN(Log, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  ExpectNear(y.Read(), Map(kPositive, [](float v) { return std::log(v); }));
  ASSERT_EQ(OPAPI_RUN(Sqrt, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  ExpectNear(y.Read(), Map(kPositive, [](float v) { return std::sqrt(v); }));
  ASSERT_EQ(OPAPI_RUN(Reciprocal, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<float>{4.0f, 1.0f, 0.5f, 1.0f / 7.5f}));
}

// A transposed view in (CANN applications pass them): made contiguous in the workspace by the
// two stages, as for every operator.
TEST(AclnnOpapiElementwise, ATransposedViewIsReadThroughItsStrides) {
  Tensor<float> storage(ACL_FLOAT, {2, 3}, {1, -2, 3, -4, 5, -6});
  const std::vector<int64_t> view = {3, 2};
  const std::vector<int64_t> strides = {1, 3};
  const std::vector<int64_t> storage_dims = {2, 3};
  aclTensor* transposed =
      aclCreateTensor(view.data(), view.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                      storage_dims.data(), storage_dims.size(), storage.data);
  Tensor<float> y(ACL_FLOAT, {3, 2}, {});
  ASSERT_EQ(OPAPI_RUN(Abs, transposed, y.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<float>{1, 4, 2, 5, 3, 6}));  // |x.T|
  aclDestroyTensor(transposed);
}

TEST(AclnnOpapiElementwise, AbsAndNegKeepIntegerTypes) {
  Tensor<int32_t> x(ACL_INT32, {4}, {-3, 0, 5, INT32_MIN});
  Tensor<int32_t> y(ACL_INT32, {4}, {});
  ASSERT_EQ(OPAPI_RUN(Abs, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<int32_t>{3, 0, 5, INT32_MIN}));  // two's complement wraps
  ASSERT_EQ(OPAPI_RUN(Neg, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<int32_t>{3, 0, -5, INT32_MIN}));
}

TEST(AclnnOpapiElementwise, UnaryRefusesAnotherOutTypeAndTypesTheOpLacks) {
  Tensor<int32_t> xi(ACL_INT32, {2}, {1, 2});
  Tensor<float> yf(ACL_FLOAT, {2}, {});
  // CANN's aclnnExp takes integers and writes FLOAT: a promotion opsim does not run.
  EXPECT_EQ(OPAPI_RUN(Exp, xi.tensor, yf.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("aclnnExpGetWorkspaceSize: self is INT32 and out is FLOAT"),
            std::string::npos)
      << RecentError();
  Tensor<int32_t> yi(ACL_INT32, {2}, {});
  EXPECT_EQ(OPAPI_RUN(Exp, xi.tensor, yi.tensor), ACLNN_ERR_PARAM_INVALID);  // Exp: floats only
  EXPECT_NE(
      RecentError().find("aclnnExpGetWorkspaceSize: Exp: input 0 (X) dtype int32 is not supported"),
      std::string::npos)
      << RecentError();
  EXPECT_EQ(OPAPI_RUN(Abs, nullptr, yi.tensor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(RecentError(), "aclnnAbsGetWorkspaceSize: self is null");
}

TEST(AclnnOpapiElementwise, AddAndSubBroadcastWithAlpha) {
  Tensor<float> a(ACL_FLOAT, {2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor<float> b(ACL_FLOAT, {3}, {10, 20, 30});
  Tensor<float> out(ACL_FLOAT, {2, 3}, {});
  int32_t one = 1;
  aclScalar* alpha = aclCreateScalar(&one, ACL_INT32);
  ASSERT_EQ(OPAPI_RUN(Add, a.tensor, b.tensor, alpha, out.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<float>{11, 22, 33, 14, 25, 36}));
  ASSERT_EQ(OPAPI_RUN(Sub, a.tensor, b.tensor, alpha, out.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<float>{-9, -18, -27, -6, -15, -24}));
  aclDestroyScalar(alpha);

  // alpha other than 1: a Mul of other by alpha (in the computation's type) before the Add.
  float two = 2.0f;
  aclScalar* alpha2 = aclCreateScalar(&two, ACL_FLOAT);
  ASSERT_EQ(OPAPI_RUN(Add, a.tensor, b.tensor, alpha2, out.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<float>{21, 42, 63, 24, 45, 66}));
  ASSERT_EQ(OPAPI_RUN(Sub, a.tensor, b.tensor, alpha2, out.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<float>{-19, -38, -57, -16, -35, -54}));
  aclDestroyScalar(alpha2);
  // 1.2 is rounded to float once, and the product once more before the sum, as two float32
  // instructions round them.
  float fraction = 1.2f;
  aclScalar* alpha12 = aclCreateScalar(&fraction, ACL_FLOAT);
  ASSERT_EQ(OPAPI_RUN(Add, a.tensor, b.tensor, alpha12, out.tensor), ACLNN_SUCCESS)
      << RecentError();
  const std::vector<float> av = {1, 2, 3, 4, 5, 6};
  const std::vector<float> bv = {10, 20, 30};
  std::vector<float> expected;
  for (size_t i = 0; i < av.size(); ++i) {
    const float product = fraction * bv[i % 3];
    expected.push_back(av[i] + product);
  }
  EXPECT_EQ(out.Read(), expected);
  aclDestroyScalar(alpha12);
  EXPECT_EQ(OPAPI_RUN(Sub, a.tensor, b.tensor, nullptr, out.tensor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(RecentError(), "aclnnSubGetWorkspaceSize: alpha is null");
}

TEST(AclnnOpapiElementwise, MulAndDivAndTheirDTypeRules) {
  Tensor<int32_t> ai(ACL_INT32, {3}, {7, -7, 6});
  Tensor<int32_t> bi(ACL_INT32, {3}, {2, 2, -3});
  Tensor<int32_t> oi(ACL_INT32, {3}, {});
  ASSERT_EQ(OPAPI_RUN(Mul, ai.tensor, bi.tensor, oi.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(oi.Read(), (std::vector<int32_t>{14, -14, -18}));
  // CANN divides integers as floats (7 / 2 = 3.5): Casts to FLOAT before the Div; a FLOAT
  // result cannot be cast to an INT32 out.
  Tensor<float> quotient(ACL_FLOAT, {3}, {});
  ASSERT_EQ(OPAPI_RUN(Div, ai.tensor, bi.tensor, quotient.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(quotient.Read(), (std::vector<float>{3.5f, -3.5f, -2.0f}));
  EXPECT_EQ(OPAPI_RUN(Div, ai.tensor, bi.tensor, oi.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("the result is FLOAT and out is INT32: a FLOAT result cannot be "
                               "cast to INT32"),
            std::string::npos)
      << RecentError();

  Tensor<float> af(ACL_FLOAT, {3}, {7, -7, 1});
  Tensor<float> bf(ACL_FLOAT, {3}, {2, 4, 3});
  Tensor<float> of(ACL_FLOAT, {3}, {});
  ASSERT_EQ(OPAPI_RUN(Div, af.tensor, bf.tensor, of.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(of.Read(), (std::vector<float>{3.5f, -1.75f, 1.0f / 3.0f}));
  // Mixed data types: other cast to the promoted FLOAT first.
  ASSERT_EQ(OPAPI_RUN(Mul, af.tensor, bi.tensor, of.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(of.Read(), (std::vector<float>{14, -14, -3}));
  // No promotion between a complex and a real type.
  Tensor<double> complex(ACL_COMPLEX64, {3}, std::vector<double>(3, 0.0));  // 8 B each
  EXPECT_EQ(OPAPI_RUN(Mul, af.tensor, complex.tensor, of.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("self is FLOAT and other is COMPLEX64: the two types have no "
                               "promotion"),
            std::string::npos)
      << RecentError();
}

// FLOAT16 with FLOAT computes in FLOAT: self cast up, and the result cast to out's FLOAT16.
TEST(AclnnOpapiElementwise, MixedFloatTypesPromoteAndCastToOut) {
  const uint16_t h_one_and_half = 0x3E00;  // 1.5
  const uint16_t h_minus_two = 0xC000;     // -2
  Tensor<uint16_t> h(ACL_FLOAT16, {2}, {h_one_and_half, h_minus_two});
  Tensor<float> f(ACL_FLOAT, {2}, {0.25f, 1.0f / 3.0f});
  Tensor<float> out32(ACL_FLOAT, {2}, {});
  ASSERT_EQ(OPAPI_RUN(Mul, h.tensor, f.tensor, out32.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out32.Read(), (std::vector<float>{0.375f, -2.0f / 3.0f}));
  Tensor<uint16_t> out16(ACL_FLOAT16, {2}, {});
  ASSERT_EQ(OPAPI_RUN(Mul, h.tensor, f.tensor, out16.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out16.Read(), (std::vector<uint16_t>{0x3600, 0xB955}));  // 0.375, -0.6665
}

TEST(AclnnOpapiElementwise, CastConvertsToDTypeAndRefusesWhatItCannot) {
  Tensor<float> x(ACL_FLOAT, {4}, {2.75f, -2.75f, 0.0f, 100.0f});
  Tensor<int32_t> yi(ACL_INT32, {4}, {});
  ASSERT_EQ(OPAPI_RUN(Cast, x.tensor, ACL_INT32, yi.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yi.Read(), (std::vector<int32_t>{2, -2, 0, 100}));  // toward zero
  Tensor<uint8_t> yb(ACL_BOOL, {4}, {});
  ASSERT_EQ(OPAPI_RUN(Cast, x.tensor, ACL_BOOL, yb.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yb.Read(), (std::vector<uint8_t>{1, 1, 0, 1}));

  EXPECT_EQ(OPAPI_RUN(Cast, x.tensor, ACL_INT64, yi.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("dtype is INT64 and out is INT32: out must be of dtype"),
            std::string::npos)
      << RecentError();
  Tensor<double> xd(ACL_DOUBLE, {1}, {1.0});
  Tensor<uint16_t> yh(ACL_FLOAT16, {1}, {});
  EXPECT_EQ(OPAPI_RUN(Cast, xd.tensor, ACL_FLOAT16, yh.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("self is DOUBLE and dtype is FLOAT16: opsim's Cast rounds through"),
            std::string::npos)
      << RecentError();
  Tensor<int16_t> y16(ACL_INT16, {4}, {});
  EXPECT_EQ(OPAPI_RUN(Cast, x.tensor, ACL_INT16, y16.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("dtype INT16 is not one of the data types opsim's Cast writes"),
            std::string::npos)
      << RecentError();
}

// A host scalar: made, and destroyed with the test.
struct Scalar {
  template <typename T>
  Scalar(T value, aclDataType dtype) : scalar(aclCreateScalar(&value, dtype)) {}
  ~Scalar() { aclDestroyScalar(scalar); }
  aclScalar* scalar;
};

TEST(AclnnOpapiElementwise, ScalarFormsTakeTheScalarExactly) {
  Tensor<float> x(ACL_FLOAT, {2}, {1.5f, -2.0f});
  Tensor<float> y(ACL_FLOAT, {2}, {});
  Scalar three(int32_t{3}, ACL_INT32);
  Scalar one(int64_t{1}, ACL_INT64);
  ASSERT_EQ(OPAPI_RUN(Adds, x.tensor, three.scalar, one.scalar, y.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<float>{4.5f, 1.0f}));
  Scalar half(2.5, ACL_DOUBLE);
  ASSERT_EQ(OPAPI_RUN(Subs, x.tensor, half.scalar, one.scalar, y.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<float>{-1.0f, -4.5f}));
  Scalar two(2.0f, ACL_FLOAT);
  ASSERT_EQ(OPAPI_RUN(Divs, x.tensor, two.scalar, y.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<float>{0.75f, -1.0f}));

  Tensor<int32_t> xi(ACL_INT32, {2}, {2, -3});
  Tensor<int32_t> yi(ACL_INT32, {2}, {});
  Scalar four(int64_t{4}, ACL_INT64);
  ASSERT_EQ(OPAPI_RUN(Muls, xi.tensor, four.scalar, yi.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yi.Read(), (std::vector<int32_t>{8, -12}));
}

TEST(AclnnOpapiElementwise, ScalarFormsPromoteAsCANNDoes) {
  Tensor<int32_t> xi(ACL_INT32, {2}, {2, -3});
  Tensor<int32_t> yi(ACL_INT32, {2}, {});
  Scalar half(0.5f, ACL_FLOAT);
  Scalar one(int32_t{1}, ACL_INT32);
  // An integer self with a floating scalar computes in FLOAT, which an INT32 out cannot take.
  Tensor<float> yf(ACL_FLOAT, {2}, {});
  ASSERT_EQ(OPAPI_RUN(Adds, xi.tensor, half.scalar, one.scalar, yf.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(yf.Read(), (std::vector<float>{2.5f, -2.5f}));
  EXPECT_EQ(OPAPI_RUN(Adds, xi.tensor, half.scalar, one.scalar, yi.tensor),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("the result is FLOAT and out is INT32"), std::string::npos)
      << RecentError();
  Scalar two(int32_t{2}, ACL_INT32);
  ASSERT_EQ(OPAPI_RUN(Divs, xi.tensor, two.scalar, yf.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yf.Read(), (std::vector<float>{1.0f, -1.5f}));
  EXPECT_EQ(OPAPI_RUN(Divs, xi.tensor, two.scalar, yi.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("the result is FLOAT and out is INT32"), std::string::npos)
      << RecentError();
  Tensor<int8_t> x8(ACL_INT8, {1}, {1});
  Tensor<int8_t> y8(ACL_INT8, {1}, {});
  Scalar big(int32_t{300}, ACL_INT32);
  EXPECT_EQ(OPAPI_RUN(Muls, x8.tensor, big.scalar, y8.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("other = 300.000000 is outside INT8"), std::string::npos)
      << RecentError();
  ASSERT_EQ(OPAPI_RUN(Subs, xi.tensor, two.scalar, two.scalar, yi.tensor), ACLNN_SUCCESS)
      << RecentError();  // alpha 2: self - 2 * 2
  EXPECT_EQ(yi.Read(), (std::vector<int32_t>{-2, -7}));
  EXPECT_EQ(OPAPI_RUN(Subs, xi.tensor, two.scalar, half.scalar, yi.tensor),
            ACLNN_ERR_PARAM_INVALID);  // a FLOAT alpha for an INT32 computation
  EXPECT_NE(RecentError().find("alpha is a FLOAT scalar and the computation is in INT32"),
            std::string::npos)
      << RecentError();
}

// The in-place forms write self: the unary ones, the binary ones with other broadcast to self's
// shape, and the scalar ones; their rules are the out-of-place forms'.
TEST(AclnnOpapiElementwise, InplaceFormsWriteSelf) {
  Tensor<float> x(ACL_FLOAT, {2, 2}, {1, 2, 4, 8});
  ASSERT_EQ(OPAPI_RUN(InplaceReciprocal, x.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(x.Read(), (std::vector<float>{1, 0.5f, 0.25f, 0.125f}));
  Tensor<float> row(ACL_FLOAT, {2}, {1, 2});
  Scalar one(int32_t{1}, ACL_INT32);
  ASSERT_EQ(OPAPI_RUN(InplaceAdd, x.tensor, row.tensor, one.scalar), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(x.Read(), (std::vector<float>{2, 2.5f, 1.25f, 2.125f}));
  Scalar four(4.0f, ACL_FLOAT);
  ASSERT_EQ(OPAPI_RUN(InplaceMuls, x.tensor, four.scalar), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(x.Read(), (std::vector<float>{8, 10, 5, 8.5f}));
  // A bigger other would make the result bigger than self: the out check refuses it.
  Tensor<float> big(ACL_FLOAT, {3, 2, 2}, std::vector<float>(12, 1.0f));
  EXPECT_EQ(OPAPI_RUN(InplaceMul, x.tensor, big.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("aclnnInplaceMulGetWorkspaceSize: Mul's output 0"),
            std::string::npos)
      << RecentError();
  Tensor<int32_t> xi(ACL_INT32, {2}, {7, 8});
  Tensor<int32_t> two(ACL_INT32, {2}, {2, 2});
  EXPECT_EQ(OPAPI_RUN(InplaceDiv, xi.tensor, two.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("aclnnInplaceDivGetWorkspaceSize: the result is FLOAT and out is "
                               "INT32"),
            std::string::npos)
      << RecentError();
}

// The scalar lives in the workspace and is copied there before every run of a repeatable
// executor, which the application may give another workspace each time.
TEST(AclnnOpapiElementwise, AScalarFormsExecutorRunsRepeatedly) {
  Tensor<float> x(ACL_FLOAT, {3}, {1, 2, 3});
  Tensor<float> y(ACL_FLOAT, {3}, {});
  Scalar ten(10.0f, ACL_FLOAT);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnMulsGetWorkspaceSize(x.tensor, ten.scalar, y.tensor, &size, &executor),
            ACLNN_SUCCESS)
      << RecentError();
  ASSERT_GE(size, 4u);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  for (int run = 0; run < 2; ++run) {
    void* workspace = nullptr;
    ASSERT_EQ(aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclnnMuls(workspace, size, executor, nullptr), ACLNN_SUCCESS) << RecentError();
    EXPECT_EQ(y.Read(), (std::vector<float>{10, 20, 30}));
    aclrtFree(workspace);
  }
  // self re-pointed at other memory: the same executor, the same scalar, new values.
  Tensor<float> other(ACL_FLOAT, {3}, {-1, 0, 0.5f});
  ASSERT_EQ(aclSetInputTensorAddr(executor, 0, x.tensor, other.data), ACLNN_SUCCESS)
      << RecentError();
  void* workspace = nullptr;
  ASSERT_EQ(aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclnnMuls(workspace, size, executor, nullptr), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<float>{-10, 0, 5}));
  aclrtFree(workspace);
  EXPECT_EQ(aclSetInputTensorAddr(executor, 1, x.tensor, other.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("input 1 is a scalar the first stage holds in the workspace"),
            std::string::npos)
      << RecentError();
  EXPECT_EQ(aclnnMuls(nullptr, 0, executor, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("the constants"), std::string::npos) << RecentError();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
}

// A chain (opsim/aclnn/stage_chain.h): aclnnAdd of FLOAT16 and FLOAT with alpha 3 and a FLOAT16
// out is Cast, Mul, Add, Cast; the tensors between them live in the workspace, so the executor
// runs in a new one each time, follows its tensors' new addresses and refuses a short workspace.
TEST(AclnnOpapiElementwise, AChainedExecutorRunsRepeatedly) {
  Tensor<uint16_t> h(ACL_FLOAT16, {2}, {0x3C00, 0x4000});  // 1, 2
  Tensor<float> f(ACL_FLOAT, {2}, {0.5f, -1.0f});
  Tensor<uint16_t> out(ACL_FLOAT16, {2}, {});
  Scalar three(int32_t{3}, ACL_INT32);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(
      aclnnAddGetWorkspaceSize(h.tensor, f.tensor, three.scalar, out.tensor, &size, &executor),
      ACLNN_SUCCESS)
      << RecentError();
  ASSERT_GE(size, 3 * 512u);  // self as FLOAT, 3 * other, and the FLOAT sum, 512 B apart
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  for (int run = 0; run < 2; ++run) {
    void* workspace = nullptr;
    ASSERT_EQ(aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclnnAdd(workspace, size, executor, nullptr), ACLNN_SUCCESS) << RecentError();
    EXPECT_EQ(out.Read(), (std::vector<uint16_t>{0x4100, 0xBC00}));  // 2.5, -1
    aclrtFree(workspace);
  }
  Tensor<float> other(ACL_FLOAT, {2}, {1.0f, 2.0f});
  ASSERT_EQ(aclSetInputTensorAddr(executor, 1, f.tensor, other.data), ACLNN_SUCCESS)
      << RecentError();
  void* workspace = nullptr;
  ASSERT_EQ(aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclnnAdd(workspace, size, executor, nullptr), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<uint16_t>{0x4400, 0x4800}));  // 4, 8
  aclrtFree(workspace);
  EXPECT_EQ(aclSetInputTensorAddr(executor, 2, f.tensor, other.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("index 2 is past the 2 input tensors of the Cast+Mul+Add+Cast call"),
            std::string::npos)
      << RecentError();
  EXPECT_EQ(aclnnAdd(nullptr, 0, executor, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("B of it for the tensors between the steps"), std::string::npos)
      << RecentError();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
}

}  // namespace opapi_elementwise_test
