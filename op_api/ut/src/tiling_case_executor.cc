// The tiling side of operator repositories' host test helpers (tiling_case_executor.h): the op's
// registered tiling function on a FakeCall, checked as their executor checks it.
#include "tiling_case_executor.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>

#include "fake_call.h"
#include "opsim/op_api/op_impl.h"

namespace {

using opsim::op_ut::FakeCall;
using opsim::op_ut::FakeTensor;

std::vector<FakeTensor> Tensors(const std::vector<gert::TilingContextPara::TensorDescription>& d) {
  std::vector<FakeTensor> out;
  for (const auto& t : d)
    out.push_back({t.shape_, t.dtype_, t.format_, t.isConst_ ? t.constValue_ : nullptr});
  return out;
}

// Runs the op's tiling function on `call`; an op without one, or a description opsim cannot
// hold, throws std::invalid_argument (the repositories' executor throws for a missing op too).
ge::graphStatus RunTiling(const gert::TilingContextPara& para, FakeCall* call) {
  std::vector<Ops::Math::AnyValue> attrs;
  for (const auto& a : para.attrs_) attrs.push_back(a.attr_);
  std::string why;
  if (!opsim::op_ut::DescribeCall(para.opName_, Tensors(para.inputTensorDesc_),
                                  Tensors(para.outputTensorDesc_), attrs, para.inputInstanceNum_,
                                  para.outputInstanceNum_, call, &why)) {
    throw std::invalid_argument(para.opName_ + ": " + why);
  }
  opsim::op_ut::PrepareTiling(para.coreNum_, para.ubSize_, para.tilingDataSize_, para.compileInfo_,
                              call);
  const opsim::op_api::OpImplRecord* impl = opsim::op_api::FindOpImpl(para.opName_);
  if (impl == nullptr || impl->tiling == nullptr) {
    throw std::invalid_argument("not found " + para.opName_ +
                                " (no IMPL_OP_OPTILING registered a tiling function for it)");
  }
  gert::TilingContext context(&call->data);
  return impl->tiling(&context);
}

template <typename T>
void Append(const uint8_t* at, string* out) {
  T value;
  std::memcpy(&value, at, sizeof(T));
  *out += std::to_string(value) + " ";
}

string Int64Words(const gert::TilingData& data) {
  string out;
  const auto* bytes = static_cast<const uint8_t*>(data.GetData());
  for (size_t at = 0; at + sizeof(int64_t) <= data.GetDataSize(); at += sizeof(int64_t)) {
    Append<int64_t>(bytes + at, &out);
  }
  return out;
}

// The elementwise template's struct: int64 dim0, int32 coreNum and ubFormer, seven int64 (block
// former and count, the loops and tails of both kinds of block, element count), uint64 scheMode.
string EleWords(const gert::TilingData& data) {
  string out;
  const auto* b = static_cast<const uint8_t*>(data.GetData());
  if (data.GetCapacity() < 80) return "tiling data of " + std::to_string(data.GetCapacity()) + " B";
  Append<int64_t>(b, &out);
  Append<int32_t>(b + 8, &out);
  Append<int32_t>(b + 12, &out);
  for (size_t i = 0; i < 7; ++i) Append<int64_t>(b + 16 + 8 * i, &out);
  Append<uint64_t>(b + 72, &out);
  return out;
}

}  // namespace

void ExecuteTestCase(const gert::TilingContextPara& tilingContextPara, ge::graphStatus expectResult,
                     uint64_t expectTilingKey, const string& expectTilingData,
                     const std::vector<size_t>& expectWorkspaces) {
  FakeCall call;
  EXPECT_EQ(RunTiling(tilingContextPara, &call), expectResult);
  if (expectResult == ge::GRAPH_FAILED) return;
  const std::vector<size_t>& workspaces = call.data.workspace_sizes;
  if (!workspaces.empty()) {
    ASSERT_EQ(workspaces.size(), expectWorkspaces.size());
    for (size_t i = 0; i < workspaces.size(); ++i) ASSERT_EQ(workspaces[i], expectWorkspaces[i]);
  }
  ASSERT_EQ(call.data.tiling_key, expectTilingKey);
  if (expectTilingData == EMPTY_EXPECT_TILING_DATA) return;
  EXPECT_EQ(Int64Words(call.tiling), expectTilingData);
}

void ExecuteTestCase(const gert::TilingContextPara& tilingContextPara, ge::graphStatus expectResult,
                     uint64_t expectTilingKey, const std::vector<size_t>& expectWorkspaces) {
  ExecuteTestCase(tilingContextPara, expectResult, expectTilingKey, EMPTY_EXPECT_TILING_DATA,
                  expectWorkspaces);
}

void ExecuteTestCaseForEle(const gert::TilingContextPara& tilingContextPara,
                           ge::graphStatus expectResult, bool needCheckTilingKey,
                           uint64_t expectTilingKey, bool needCheckTilingData,
                           const string& expectTilingData,
                           const std::vector<size_t>& expectWorkspaces) {
  FakeCall call;
  EXPECT_EQ(RunTiling(tilingContextPara, &call), expectResult);
  if (expectResult == ge::GRAPH_FAILED) return;
  const std::vector<size_t>& workspaces = call.data.workspace_sizes;
  for (size_t i = 0; i < workspaces.size(); ++i) {
    ASSERT_LT(i, expectWorkspaces.size());
    ASSERT_EQ(workspaces[i], expectWorkspaces[i]);
  }
  if (needCheckTilingKey) {
    ASSERT_EQ(call.data.tiling_key, expectTilingKey);
  }
  if (needCheckTilingData) {
    EXPECT_EQ(EleWords(call.tiling), expectTilingData);
  }
}

bool ExecuteTiling(const gert::TilingContextPara& tilingContextPara, TilingInfo& tilingInfo) {
  FakeCall call;
  if (RunTiling(tilingContextPara, &call) != ge::GRAPH_SUCCESS) return false;
  tilingInfo.tilingKey = static_cast<int64_t>(call.data.tiling_key);
  tilingInfo.blockNum = call.data.block_dim;
  for (size_t size : call.data.workspace_sizes) {
    tilingInfo.workspaceSizes.push_back(static_cast<int64_t>(size));
  }
  tilingInfo.tilingDataSize = call.tiling.GetDataSize();
  tilingInfo.tilingData = std::make_unique<uint8_t[]>(tilingInfo.tilingDataSize);
  std::memcpy(tilingInfo.tilingData.get(), call.tiling.GetData(), tilingInfo.tilingDataSize);
  return true;
}
