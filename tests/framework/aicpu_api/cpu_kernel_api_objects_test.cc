// CANN's AI CPU kernel API (aicpu/kernel_api): the objects a NodeDef is made of, every method of
// TensorShape, Tensor, AttrValue and NodeDef, and NodeDef's serialization, which must round-trip
// every field and refuse (leaving the node unchanged) any text it did not write.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cpu_kernel_utils.h"
#include "cpu_node_def.h"
#include "opsim_cpu_kernel_error.h"

namespace cpu_kernel_api_objects_test {
namespace {

using aicpu::CpuKernelUtils;

TEST(CpuKernelApi, TensorShapeKeepsDimsFormatAndRank) {
  auto shape = CpuKernelUtils::CreateTensorShape();
  EXPECT_EQ(shape->GetDims(), 0);
  EXPECT_EQ(shape->NumElements(), 1);  // a scalar
  EXPECT_EQ(shape->GetFormat(), aicpu::FORMAT_ND);
  shape->SetDimSizes({2, 3, 4});
  shape->SetFormat(aicpu::FORMAT_NCHW);
  EXPECT_EQ(shape->GetDimSizes(), (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(shape->GetDims(), 3);
  EXPECT_EQ(shape->GetDimSize(1), 3);
  EXPECT_EQ(shape->NumElements(), 24);
  EXPECT_EQ(shape->GetFormat(), aicpu::FORMAT_NCHW);
  opsim::ClearCpuKernelLastError();
  EXPECT_EQ(shape->GetDimSize(3), 0);
  EXPECT_EQ(shape->GetDimSize(-1), 0);
  EXPECT_NE(opsim::CpuKernelLastError().find("index -1 is outside the shape's 3 dims"),
            std::string::npos);
  shape->SetUnknownRank(true);
  EXPECT_TRUE(shape->GetUnknownRank());
  EXPECT_EQ(shape->NumElements(), -1);
  shape->SetUnknownRank(false);
  shape->SetDimSizes({2, -1});
  EXPECT_EQ(shape->NumElements(), -1);
  shape->SetDimSizes({INT64_MAX, 2});
  EXPECT_EQ(shape->NumElements(), -1);  // overflow
}

TEST(CpuKernelApi, TensorKeepsTypeDataSizeAndASharedShape) {
  auto t = CpuKernelUtils::CreateTensor();
  EXPECT_EQ(t->GetDataType(), aicpu::DT_UNDEFINED);
  EXPECT_EQ(t->GetData(), nullptr);
  float data[6] = {0};
  t->SetDataType(aicpu::DT_FLOAT);
  t->SetData(data);
  t->SetDataSize(sizeof data);
  t->GetTensorShape()->SetDimSizes({2, 3});  // through the handle: the tensor's own dims
  EXPECT_EQ(t->GetDataType(), aicpu::DT_FLOAT);
  EXPECT_EQ(t->GetData(), data);
  EXPECT_EQ(t->GetDataSize(), sizeof data);
  EXPECT_EQ(t->NumElements(), 6);
  EXPECT_EQ(t->CalcDataSizeByShape(), 24);
  auto other = CpuKernelUtils::CreateTensorShape();
  other->SetDimSizes({5});
  other->SetFormat(aicpu::FORMAT_NHWC);
  EXPECT_TRUE(t->SetTensorShape(other.get()));
  other->SetDimSizes({7});  // a copy was taken
  EXPECT_EQ(t->GetTensorShape()->GetDimSizes(), std::vector<int64_t>{5});
  EXPECT_EQ(t->GetTensorShape()->GetFormat(), aicpu::FORMAT_NHWC);
  EXPECT_FALSE(t->SetTensorShape(nullptr));
  t->SetDataType(aicpu::DT_STRING);
  EXPECT_EQ(t->CalcDataSizeByShape(), -1);
  EXPECT_EQ(aicpu::GetSizeByDataType(aicpu::DT_COMPLEX128), 16);
  EXPECT_EQ(aicpu::GetSizeByDataType(aicpu::DT_BFLOAT16), 2);
  EXPECT_EQ(aicpu::GetSizeByDataType(aicpu::DT_INT4), -1);
}

TEST(CpuKernelApi, AttrValueHoldsEveryKindInItsOwnField) {
  auto a = CpuKernelUtils::CreateAttrValue();
  EXPECT_EQ(a->GetInt(), 0);
  EXPECT_EQ(a->GetString(), "");
  EXPECT_EQ(a->GetTensorShape(), nullptr);
  EXPECT_EQ(a->GetTensor(), nullptr);
  a->SetString("s");
  a->SetInt(-9);
  a->SetFloat(2.5F);
  a->SetBool(true);
  a->SetDataType(aicpu::DT_INT64);
  EXPECT_EQ(a->GetString(), "s");
  EXPECT_EQ(a->GetInt(), -9);
  EXPECT_EQ(a->GetFloat(), 2.5F);
  EXPECT_TRUE(a->GetBool());
  EXPECT_EQ(a->GetDataType(), aicpu::DT_INT64);
  a->SetListString({"a"});
  a->AddListString("bc");
  a->SetListInt({1});
  a->AddListInt(2);
  a->SetListFloat({0.5F});
  a->AddListFloat(1.5F);
  a->SetListBool({true});
  a->AddListBool(false);
  a->SetListDataType({aicpu::DT_BOOL});
  a->AddListDataType(aicpu::DT_UINT8);
  a->SetListListInt({{1, 2}, {}});
  EXPECT_EQ(a->GetListString(), (std::vector<std::string>{"a", "bc"}));
  EXPECT_EQ(a->ListStringSize(), 2);
  EXPECT_EQ(a->GetListInt(), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(a->ListIntSize(), 2);
  EXPECT_EQ(a->GetListFloat(), (std::vector<float>{0.5F, 1.5F}));
  EXPECT_EQ(a->ListFloatSize(), 2);
  EXPECT_EQ(a->GetListBool(), (std::vector<bool>{true, false}));
  EXPECT_EQ(a->ListBoolSize(), 2);
  EXPECT_EQ(a->GetListDataType(), (std::vector<aicpu::DataType>{aicpu::DT_BOOL, aicpu::DT_UINT8}));
  EXPECT_EQ(a->ListDataTypeSize(), 2);
  EXPECT_EQ(a->GetListListInt(), (std::vector<std::vector<int64_t>>{{1, 2}, {}}));
  EXPECT_EQ(a->GetInt(), -9);  // the lists never touch the scalars
}

TEST(CpuKernelApi, AttrValueShapesAndTensorsAreCopiesOrHandles) {
  auto a = CpuKernelUtils::CreateAttrValue();
  auto shape = CpuKernelUtils::CreateTensorShape();
  shape->SetDimSizes({3});
  EXPECT_TRUE(a->SetTensorShape(shape.get()));
  shape->SetDimSizes({4});
  EXPECT_EQ(a->GetTensorShape()->GetDimSizes(), std::vector<int64_t>{3});
  a->GetTensorShape()->SetDimSizes({6});  // a handle of the attribute's own shape
  EXPECT_EQ(a->GetTensorShape()->GetDimSizes(), std::vector<int64_t>{6});
  EXPECT_FALSE(a->SetTensorShape(nullptr));
  EXPECT_EQ(a->SetListTensorShape({shape.get(), nullptr, shape.get()}), 2U);
  a->AddListTensorShape()->SetDimSizes({1, 1});
  EXPECT_EQ(a->ListTensorShapeSize(), 3);
  EXPECT_EQ(a->GetListTensorShape()[2].GetDimSizes(), (std::vector<int64_t>{1, 1}));
  auto t = CpuKernelUtils::CreateTensor();
  t->SetDataType(aicpu::DT_INT8);
  EXPECT_TRUE(a->SetTensor(t.get()));
  t->SetDataType(aicpu::DT_INT16);
  EXPECT_EQ(a->GetTensor()->GetDataType(), aicpu::DT_INT8);
  EXPECT_FALSE(a->SetTensor(nullptr));
  EXPECT_EQ(a->SetListTensor({t.get(), nullptr}), 1U);
  a->AddListTensor()->SetDataType(aicpu::DT_DOUBLE);
  EXPECT_EQ(a->ListTensorSize(), 2);
  const auto tensors = a->GetListTensor();
  EXPECT_EQ(tensors[0].GetDataType(), aicpu::DT_INT16);
  EXPECT_EQ(tensors[1].GetDataType(), aicpu::DT_DOUBLE);
}

TEST(CpuKernelApi, NodeDefHoldsOpTypeTensorsAndCopiedAttrs) {
  auto node = CpuKernelUtils::CreateNodeDef();
  node->SetOpType("Add");
  EXPECT_EQ(node->GetOpType(), "Add");
  auto in0 = node->AddInputs();
  node->AddInputs();
  auto out0 = node->AddOutputs();
  EXPECT_EQ(node->InputsSize(), 2);
  EXPECT_EQ(node->OutputsSize(), 1);
  EXPECT_EQ(node->MutableInputs(0), in0);
  EXPECT_EQ(node->MutableOutputs(0), out0);
  EXPECT_EQ(node->MutableInputs(2), nullptr);
  EXPECT_EQ(node->MutableInputs(-1), nullptr);
  EXPECT_EQ(node->MutableOutputs(1), nullptr);
  auto attr = CpuKernelUtils::CreateAttrValue();
  attr->SetInt(5);
  EXPECT_TRUE(node->AddAttrs("n", attr.get()));
  attr->SetInt(6);  // the node keeps a copy
  EXPECT_EQ(node->Attrs().at("n")->GetInt(), 5);
  EXPECT_TRUE(node->AddAttrs("n", attr.get()));  // replaces
  EXPECT_EQ(node->Attrs().at("n")->GetInt(), 6);
  opsim::ClearCpuKernelLastError();
  EXPECT_FALSE(node->AddAttrs("m", nullptr));
  EXPECT_FALSE(node->AddAttrs("", attr.get()));
  EXPECT_EQ(node->Attrs().size(), 1U);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "NodeDef::AddAttrs: the value of attribute 'm' is null (op type 'Add')\n"
            "NodeDef::AddAttrs: an attribute without a name (op type 'Add')");
}

// A node with a field of every kind set.
std::shared_ptr<aicpu::NodeDef> EveryFieldNode(float* data) {
  auto node = CpuKernelUtils::CreateNodeDef();
  node->SetOpType("With Space:7");
  auto in = node->AddInputs();
  in->SetDataType(aicpu::DT_FLOAT);
  in->SetData(data);
  in->SetDataSize(8);
  in->GetTensorShape()->SetDimSizes({2, -1});
  in->GetTensorShape()->SetFormat(aicpu::FORMAT_NHWC);
  in->GetTensorShape()->SetUnknownRank(true);
  node->AddOutputs()->SetDataType(aicpu::DT_BOOL);
  auto a = CpuKernelUtils::CreateAttrValue();
  a->SetString("two words\nand a line");
  a->SetInt(INT64_MIN);
  a->SetFloat(-0.0F);
  a->SetBool(true);
  a->SetDataType(aicpu::DT_BFLOAT16);
  a->SetListString({"", "x y"});
  a->SetListInt({INT64_MAX});
  a->SetListFloat({1e-30F, 3.5F});
  a->SetListBool({false, true});
  a->SetListDataType({aicpu::DT_INT8});
  a->SetListListInt({{}, {1, 2}});
  a->AddListTensorShape()->SetDimSizes({9});
  auto shape = CpuKernelUtils::CreateTensorShape();
  shape->SetDimSizes({1, 2});
  a->SetTensorShape(shape.get());
  a->SetTensor(in.get());
  a->AddListTensor()->SetDataType(aicpu::DT_UINT64);
  node->AddAttrs("every", a.get());
  node->AddAttrs("plain", CpuKernelUtils::CreateAttrValue().get());
  return node;
}

TEST(CpuKernelApi, SerializationRoundTripsEveryField) {
  float data[2] = {1, 2};
  auto node = EveryFieldNode(data);
  std::string text;
  ASSERT_TRUE(node->SerializeToString(text));
  auto back = CpuKernelUtils::CreateNodeDef();
  ASSERT_TRUE(back->ParseFromString(text)) << opsim::CpuKernelLastError();
  std::string again;
  back->SerializeToString(again);
  EXPECT_EQ(again.size(), text.size());
  EXPECT_EQ(back->GetOpType(), "With Space:7");
  ASSERT_EQ(back->InputsSize(), 1);
  const auto in = back->MutableInputs(0);
  EXPECT_EQ(in->GetData(), data);
  EXPECT_EQ(in->GetDataSize(), 8U);
  EXPECT_EQ(in->GetTensorShape()->GetDimSizes(), (std::vector<int64_t>{2, -1}));
  EXPECT_EQ(in->GetTensorShape()->GetFormat(), aicpu::FORMAT_NHWC);
  EXPECT_TRUE(in->GetTensorShape()->GetUnknownRank());
  EXPECT_EQ(back->MutableOutputs(0)->GetDataType(), aicpu::DT_BOOL);
  const auto a = back->Attrs().at("every");
  EXPECT_EQ(a->GetString(), "two words\nand a line");
  EXPECT_EQ(a->GetInt(), INT64_MIN);
  EXPECT_TRUE(std::signbit(a->GetFloat()));
  EXPECT_TRUE(a->GetBool());
  EXPECT_EQ(a->GetDataType(), aicpu::DT_BFLOAT16);
  EXPECT_EQ(a->GetListString(), (std::vector<std::string>{"", "x y"}));
  EXPECT_EQ(a->GetListInt(), std::vector<int64_t>{INT64_MAX});
  EXPECT_EQ(a->GetListFloat(), (std::vector<float>{1e-30F, 3.5F}));
  EXPECT_EQ(a->GetListBool(), (std::vector<bool>{false, true}));
  EXPECT_EQ(a->GetListDataType(), std::vector<aicpu::DataType>{aicpu::DT_INT8});
  EXPECT_EQ(a->GetListListInt(), (std::vector<std::vector<int64_t>>{{}, {1, 2}}));
  EXPECT_EQ(a->GetTensorShape()->GetDimSizes(), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(a->GetListTensorShape().at(0).GetDimSizes(), std::vector<int64_t>{9});
  EXPECT_EQ(a->GetTensor()->GetData(), data);
  EXPECT_EQ(a->GetListTensor().at(0).GetDataType(), aicpu::DT_UINT64);
  EXPECT_EQ(back->Attrs().at("plain")->GetTensor(), nullptr);
}

TEST(CpuKernelApi, MalformedTextIsRefusedAndTheNodeKept) {
  float data[2] = {1, 2};
  std::string good;
  EveryFieldNode(data)->SerializeToString(good);
  auto node = CpuKernelUtils::CreateNodeDef();
  node->SetOpType("Kept");
  const std::vector<std::string> bad = {
      "",
      "protobuf bytes",
      good.substr(0, good.size() / 2),                         // truncated
      good + "in",                                             // trailing junk
      "opsim.nodedef.v1 op 4:Kept in 999 0 0 0 0 0 end ",      // data type out of range
      "opsim.nodedef.v1 op 99:Kept end ",                      // a string longer than the text
      "opsim.nodedef.v1 op 4:Kept in 0 0 0 99999999999 end ",  // a count beyond the text
      "opsim.nodedef.v1 op 4:Kept in 0 0 2 0 0 0 end ",        // unknown rank 2
      "opsim.nodedef.v1 op 4:Kept in 0 0 0 0 -5 0 end ",       // negative address
      "opsim.nodedef.v1 op 4:Kept what end "};
  for (const auto& text : bad) {
    opsim::ClearCpuKernelLastError();
    EXPECT_FALSE(node->ParseFromString(text)) << text;
    EXPECT_NE(opsim::CpuKernelLastError().find("is not a node definition"), std::string::npos);
    EXPECT_EQ(node->GetOpType(), "Kept");
    EXPECT_EQ(node->InputsSize(), 0);
  }
  EXPECT_TRUE(node->ParseFromString("opsim.nodedef.v1 op 1:X end"));
  EXPECT_EQ(node->GetOpType(), "X");
}

}  // namespace
}  // namespace cpu_kernel_api_objects_test
