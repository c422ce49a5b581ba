// FixtureAttrDigest's unit tests (CANN repositories' AI CPU test style): every NodeDefBuilder
// attribute overload reaches the kernel as the AttrValue kind CANN gives it, and the kernel's
// output shape, set in Compute, is the caller's to read.
#include <string>
#include <vector>

#include "cpu_kernel_utils.h"
#include "gtest/gtest.h"
#include "node_def_builder.h"
#include "utils/aicpu_fixture_ut.h"

using namespace std;
using namespace aicpu;

TEST_F(TEST_AICPU_FIXTURE_UT, AttrDigestEveryAttrKindReachesTheKernel) {
  float tensor_data[3] = {1.5F, 2.5F, -1.0F};
  auto tensor = CpuKernelUtils::CreateTensor();
  tensor->SetDataType(DT_FLOAT);
  tensor->GetTensorShape()->SetDimSizes({3});
  tensor->SetData(tensor_data);
  tensor->SetDataSize(sizeof tensor_data);
  auto t2 = CpuKernelUtils::CreateTensor();
  t2->GetTensorShape()->SetDimSizes({2, 4});
  vector<Tensor*> tensors{tensor.get(), t2.get()};
  double out[64] = {0};
  auto node_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(node_def.get(), "digest", "FixtureAttrDigest")
      .Output({"y", DT_DOUBLE, {64}, out})
      .Attr("s", string("AB"))
      .Attr("i", static_cast<int64_t>(-7))
      .Attr("f", 0.5F)
      .Attr("b", true)
      .Attr("t", DT_INT16)
      .Attr("shape", vector<int64_t>{2, 3}, "shape")
      .Attr("tensor", tensor.get())
      .Attr("ls", vector<string>{"x", "yz"})
      .Attr("li", vector<int64_t>{4, -5})
      .Attr("lf", vector<float>{0.25F})
      .Attr("lb", vector<bool>{false, true})
      .Attr("lt", vector<DataType>{DT_BOOL, DT_DOUBLE})
      .Attr("lshape", vector<vector<int64_t>>{{1}, {}}, "shape_list")
      .Attr("ltensor", tensors)
      .Attr("lli", vector<vector<int64_t>>{{9}, {8, 7}}, "list_list_int");
  RUN_FIXTURE_KERNEL(node_def, HOST, KERNEL_STATUS_OK);
  const vector<double> expected = {
      2,        'A',     'B',       -7,        0.5, 1, DT_INT16,  // s, i, f, b, t
      2,        2,       3,         FORMAT_ND,                    // shape: rank, dims, format
      DT_FLOAT, 3,       3.0,                                     // tensor: type, elements, sum
      2,        1,       2,                                       // ls
      2,        4,       -5,                                      // li
      1,        0.25,                                             // lf
      2,        0,       1,                                       // lb
      2,        DT_BOOL, DT_DOUBLE,                               // lt
      2,        1,       1,         0,                            // lshape
      2,        3,       8,                                       // ltensor
      2,        1,       9,         2,         8,   7};           // lli
  ASSERT_EQ(node_def->MutableOutputs(0)->GetTensorShape()->GetDimSizes(),
            vector<int64_t>{static_cast<int64_t>(expected.size())});
  for (size_t k = 0; k < expected.size(); ++k) EXPECT_EQ(out[k], expected[k]) << k;
}

TEST_F(TEST_AICPU_FIXTURE_UT, AttrDigestTheIntegerAndDoubleOverloadsConvert) {
  auto node_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(node_def.get(), "digest", "FixtureAttrDigest")
      .Attr("i32", static_cast<int32_t>(-3))
      .Attr("d", 0.1)
      .Attr("li_as_list", vector<int64_t>{5}, "list_int");
  const auto attrs = node_def->Attrs();
  EXPECT_EQ(attrs.at("i32")->GetInt(), -3);
  EXPECT_EQ(attrs.at("d")->GetFloat(), 0.1F);
  EXPECT_EQ(attrs.at("li_as_list")->GetListInt(), vector<int64_t>{5});
  EXPECT_EQ(attrs.at("li_as_list")->GetTensorShape(), nullptr);
}

TEST_F(TEST_AICPU_FIXTURE_UT, AttrDigestAMissingAttrAndASmallOutputAreRefused) {
  double out[4] = {0};
  auto missing = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(missing.get(), "digest", "FixtureAttrDigest")
      .Output({"y", DT_DOUBLE, {4}, out})
      .Attr("s", string("AB"));
  {
    RUN_FIXTURE_KERNEL(missing, HOST, KERNEL_STATUS_PARAM_INVALID);
    EXPECT_NE(opsim::CpuKernelLastError().find("FixtureAttrDigest: attribute 'i' is missing"),
              string::npos)
        << opsim::CpuKernelLastError();
  }
  auto small = CpuKernelUtils::CreateNodeDef();
  auto t = CpuKernelUtils::CreateTensor();
  vector<Tensor*> no_tensors;
  NodeDefBuilder(small.get(), "digest", "FixtureAttrDigest")
      .Output({"y", DT_DOUBLE, {4}, out})
      .Attr("s", string(""))
      .Attr("i", 1)
      .Attr("f", 1.0F)
      .Attr("b", false)
      .Attr("t", DT_FLOAT)
      .Attr("shape", vector<int64_t>{}, "shape")
      .Attr("tensor", t.get())
      .Attr("ls", vector<string>{})
      .Attr("li", vector<int64_t>{})
      .Attr("lf", vector<float>{})
      .Attr("lb", vector<bool>{})
      .Attr("lt", vector<DataType>{})
      .Attr("lshape", vector<vector<int64_t>>{}, "shape_list")
      .Attr("ltensor", no_tensors)
      .Attr("lli", vector<vector<int64_t>>{}, "list_list_int");
  RUN_FIXTURE_KERNEL(small, HOST, KERNEL_STATUS_PARAM_INVALID);
  EXPECT_NE(opsim::CpuKernelLastError().find("the output holds 32 bytes, the digest"), string::npos)
      << opsim::CpuKernelLastError();
  EXPECT_EQ(small->MutableOutputs(0)->GetTensorShape()->GetDimSizes(), vector<int64_t>{4});
}
