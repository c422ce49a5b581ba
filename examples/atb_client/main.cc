// An ATB client written only from ATB's public documentation and samples (the ReduceOperation
// page, example/op_demo/*_demo.cpp and demo_util.h): ACL set-up, a context and stream, the
// page's ReduceParam examples, a graph of two operations, and the error cases ATB's tests name,
// reported with std::to_string of the status. It includes nothing of opsim's own and exits 0
// when every answer is ATB's.
#include <cmath>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "atb/atb_infer.h"

#define CHECK_STATUS(status)                                                             \
  do {                                                                                   \
    if ((status) != 0) {                                                                 \
      std::cout << __FILE__ << ":" << __LINE__ << " [error]: " << (status) << std::endl; \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

namespace {

int g_failures = 0;

void Expect(bool ok, const std::string& what) {
  std::cout << (ok ? "ok    " : "FAIL  ") << what << std::endl;
  if (!ok) ++g_failures;
}

atb::Tensor CreateTensor(aclDataType dtype, aclFormat format, std::vector<int64_t> shape) {
  atb::Tensor tensor;
  tensor.desc.dtype = dtype;
  tensor.desc.format = format;
  tensor.desc.shape.dimNum = shape.size();
  for (size_t i = 0; i < shape.size(); ++i) tensor.desc.shape.dims[i] = shape[i];
  tensor.dataSize = atb::Utils::GetTensorSize(tensor.desc);
  if (tensor.dataSize > 0) {
    aclrtMalloc(&tensor.deviceData, tensor.dataSize, ACL_MEM_MALLOC_HUGE_FIRST);
  }
  return tensor;
}

template <typename T>
atb::Tensor CreateTensorFromVector(const std::vector<T>& data, aclDataType dtype,
                                   std::vector<int64_t> shape) {
  atb::Tensor tensor = CreateTensor(dtype, aclFormat::ACL_FORMAT_ND, shape);
  aclrtMemcpy(tensor.deviceData, tensor.dataSize, data.data(), data.size() * sizeof(T),
              ACL_MEMCPY_HOST_TO_DEVICE);
  return tensor;
}

template <typename T>
std::vector<T> ReadBack(const atb::Tensor& tensor) {
  std::vector<T> host(tensor.dataSize / sizeof(T));
  aclrtMemcpy(host.data(), host.size() * sizeof(T), tensor.deviceData, tensor.dataSize,
              ACL_MEMCPY_DEVICE_TO_HOST);
  return host;
}

void FreeTensors(atb::SVector<atb::Tensor>& tensors) {
  for (atb::Tensor& tensor : tensors) aclrtFree(tensor.deviceData);
}

// Infers the output, sets up, executes and synchronises: the samples' sequence.
atb::Status RunOperation(atb::Operation* op, atb::VariantPack& pack, atb::Context* context,
                         aclrtStream stream) {
  atb::SVector<atb::TensorDesc> inDescs;
  for (const atb::Tensor& tensor : pack.inTensors) inDescs.push_back(tensor.desc);
  atb::SVector<atb::TensorDesc> outDescs;
  atb::Status st = op->InferShape(inDescs, outDescs);
  if (st != atb::NO_ERROR) return st;
  for (size_t i = 0; i < outDescs.size(); ++i) {
    std::vector<int64_t> dims(outDescs.at(i).shape.dims,
                              outDescs.at(i).shape.dims + outDescs.at(i).shape.dimNum);
    pack.outTensors.push_back(CreateTensor(outDescs.at(i).dtype, outDescs.at(i).format, dims));
  }
  uint64_t workspaceSize = 0;
  st = op->Setup(pack, workspaceSize, context);
  if (st != atb::NO_ERROR) return st;
  uint8_t* workspace = nullptr;
  if (workspaceSize > 0) {
    aclrtMalloc(reinterpret_cast<void**>(&workspace), workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  }
  st = op->Execute(pack, workspace, workspaceSize, context);
  aclrtSynchronizeStream(stream);
  if (workspace != nullptr) aclrtFree(workspace);
  return st;
}

atb::infer::ReduceParam MakeParam(atb::infer::ReduceParam::ReduceType type,
                                  atb::SVector<int64_t> axis) {
  atb::infer::ReduceParam param;
  param.reduceType = type;
  param.axis = axis;
  return param;
}

// One example of the ReduceOperation page on int32 data.
int IntExample(const char* name, atb::infer::ReduceParam::ReduceType type,
               atb::SVector<int64_t> axis, std::vector<int32_t> x, std::vector<int64_t> shape,
               std::vector<int32_t> expected, atb::Context* context, aclrtStream stream) {
  atb::Operation* op = nullptr;
  CHECK_STATUS(atb::CreateOperation(MakeParam(type, axis), &op));
  atb::VariantPack pack;
  pack.inTensors.push_back(CreateTensorFromVector(x, ACL_INT32, shape));
  const atb::Status st = RunOperation(op, pack, context, stream);
  Expect(st == atb::NO_ERROR && ReadBack<int32_t>(pack.outTensors.at(0)) == expected,
         std::string(name) + ": status " + std::to_string(st));
  FreeTensors(pack.inTensors);
  FreeTensors(pack.outTensors);
  return atb::DestroyOperation(op);
}

// REDUCE_SUM example 1 on float16: x [2,3], axis [0].
int SumExample(atb::Context* context, aclrtStream stream) {
  const std::vector<float> values = {-0.9701f, -0.8059f, 0.2919f, -0.1444f, -2.3023f, 1.2257f};
  const std::vector<float> expected = {-1.1145f, -3.1082f, 1.5176f};
  std::vector<aclFloat16> x;
  for (float v : values) x.push_back(aclFloatToFloat16(v));
  atb::Operation* op = nullptr;
  CHECK_STATUS(atb::CreateOperation(MakeParam(atb::infer::ReduceParam::REDUCE_SUM, {0}), &op));
  atb::VariantPack pack;
  pack.inTensors.push_back(CreateTensorFromVector(x, ACL_FLOAT16, {2, 3}));
  const atb::Status st = RunOperation(op, pack, context, stream);
  bool close = st == atb::NO_ERROR;
  if (close) {
    const std::vector<aclFloat16> y = ReadBack<aclFloat16>(pack.outTensors.at(0));
    for (size_t i = 0; i < expected.size(); ++i) {
      close = close && std::fabs(aclFloat16ToFloat(y[i]) - expected[i]) < 2e-3f;
    }
  }
  Expect(close, "REDUCE_SUM example 1 (float16): status " + std::to_string(st));
  FreeTensors(pack.inTensors);
  FreeTensors(pack.outTensors);
  return atb::DestroyOperation(op);
}

// A graph of two operations: x [2,3,2] int32 -REDUCE_MAX axis [2]-> t [2,3] -REDUCE_MIN
// axis [0]-> y [3]. Tensor ids: inputs, then outputs, then internals.
int GraphExample(atb::Context* context, aclrtStream stream) {
  atb::GraphParam graphParam;
  graphParam.name = "ReduceMaxThenMin";
  graphParam.inTensorNum = 1;
  graphParam.outTensorNum = 1;
  graphParam.internalTensorNum = 1;
  graphParam.nodes.resize(2);
  atb::Node& maxNode = graphParam.nodes.at(0);
  CHECK_STATUS(atb::CreateOperation(MakeParam(atb::infer::ReduceParam::REDUCE_MAX, {2}),
                                    &maxNode.operation));
  maxNode.inTensorIds = {0};
  maxNode.outTensorIds = {2};
  atb::Node& minNode = graphParam.nodes.at(1);
  CHECK_STATUS(atb::CreateOperation(MakeParam(atb::infer::ReduceParam::REDUCE_MIN, {0}),
                                    &minNode.operation));
  minNode.inTensorIds = {2};
  minNode.outTensorIds = {1};
  atb::Operation* graph = nullptr;
  CHECK_STATUS(atb::CreateOperation(graphParam, &graph));

  const std::vector<int32_t> x = {17, 3, 19, 6, 1, 18, 4, 5, 8, 1, 14, 18};
  atb::VariantPack pack;
  pack.inTensors.push_back(CreateTensorFromVector(x, ACL_INT32, {2, 3, 2}));
  const atb::Status st = RunOperation(graph, pack, context, stream);
  // max over the last axis: [[17,19,18],[5,8,18]]; min over the first: [5,8,18].
  Expect(st == atb::NO_ERROR &&
             ReadBack<int32_t>(pack.outTensors.at(0)) == std::vector<int32_t>{5, 8, 18},
         "graph REDUCE_MAX then REDUCE_MIN: status " + std::to_string(st));
  FreeTensors(pack.inTensors);
  FreeTensors(pack.outTensors);
  return atb::DestroyOperation(graph);  // destroys both nodes' operations too
}

// InferShape of one input; the status as ATB's tests print it.
atb::Status InferOne(const atb::infer::ReduceParam& param, aclDataType dtype, aclFormat format,
                     std::vector<int64_t> shape) {
  atb::Operation* op = nullptr;
  atb::Status st = atb::CreateOperation(param, &op);
  if (st != atb::NO_ERROR) return st;
  atb::Tensor x = CreateTensor(dtype, format, shape);
  atb::SVector<atb::TensorDesc> inDescs = {x.desc};
  atb::SVector<atb::TensorDesc> outDescs;
  st = op->InferShape(inDescs, outDescs);
  aclrtFree(x.deviceData);
  atb::DestroyOperation(op);
  return st;
}

void ErrorCases(atb::Context* context) {
  using RP = atb::infer::ReduceParam;
  atb::Status st = InferOne(MakeParam(RP::REDUCE_MAX, {}), ACL_INT32, ACL_FORMAT_ND, {4, 4});
  Expect(st == atb::ERROR_INVALID_PARAM, "empty axis -> InferShape " + std::to_string(st));
  st = InferOne(MakeParam(RP::REDUCE_MAX, {-1}), ACL_INT32, ACL_FORMAT_ND, {4, 4});
  Expect(st == atb::ERROR_INVALID_PARAM, "axis -1 -> InferShape " + std::to_string(st));
  st = InferOne(MakeParam(RP::REDUCE_MAX, {1}), ACL_FLOAT, ACL_FORMAT_ND, {4, 4});
  Expect(st == atb::ERROR_INVALID_TENSOR_INI_MATCH,
         "float REDUCE_MAX -> InferShape " + std::to_string(st));
  st = InferOne(MakeParam(RP::REDUCE_MAX, {1}), ACL_INT32, ACL_FORMAT_FRACTAL_NZ, {16, 32});
  Expect(st == atb::ERROR_INVALID_TENSOR_INI_MATCH,
         "FRACTAL_NZ input -> InferShape " + std::to_string(st));
  st = InferOne(MakeParam(static_cast<RP::ReduceType>(4), {1}), ACL_INT32, ACL_FORMAT_ND, {4, 4});
  Expect(st == atb::ERROR_INVALID_PARAM, "reduceType 4 -> InferShape " + std::to_string(st));

  RP rsv = MakeParam(RP::REDUCE_MAX, {1});
  rsv.rsv[0] = 1;
  atb::Operation* op = nullptr;
  st = atb::CreateOperation(rsv, &op);
  Expect(st == atb::ERROR_INVALID_PARAM && op == nullptr,
         "rsv[0] = 1 -> CreateOperation " + std::to_string(st));

  // The output description must match the table at Setup.
  if (atb::CreateOperation(MakeParam(RP::REDUCE_MAX, {1}), &op) != atb::NO_ERROR) {
    Expect(false, "CreateOperation for the Setup case");
    return;
  }
  atb::VariantPack pack;
  pack.inTensors.push_back(CreateTensor(ACL_INT32, ACL_FORMAT_ND, {4, 4}));
  pack.outTensors.push_back(CreateTensor(ACL_FLOAT, ACL_FORMAT_ND, {4}));
  uint64_t workspaceSize = 0;
  st = op->Setup(pack, workspaceSize, context);
  Expect(st == atb::ERROR_INVALID_TENSOR_INI_MATCH,
         "float output of an int32 REDUCE_MAX -> Setup " + std::to_string(st));
  FreeTensors(pack.inTensors);
  FreeTensors(pack.outTensors);
  atb::DestroyOperation(op);
}

}  // namespace

int main() {
  CHECK_STATUS(aclInit(nullptr));
  int32_t deviceId = 0;
  CHECK_STATUS(aclrtSetDevice(deviceId));
  atb::Context* context = nullptr;
  CHECK_STATUS(atb::CreateContext(&context));
  void* stream = nullptr;
  CHECK_STATUS(aclrtCreateStream(&stream));
  context->SetExecuteStream(stream);

  using RP = atb::infer::ReduceParam;
  CHECK_STATUS(IntExample("REDUCE_MAX example 1", RP::REDUCE_MAX, {0}, {1, 18, 17, 16, 10, 1},
                          {2, 3}, {16, 18, 17}, context, stream));
  CHECK_STATUS(IntExample("REDUCE_MAX example 2", RP::REDUCE_MAX, {0, 1},
                          {17, 3, 19, 6, 1, 18, 4, 5, 8, 1, 14, 18}, {2, 3, 2}, {19, 18}, context,
                          stream));
  CHECK_STATUS(IntExample("REDUCE_MIN example 1", RP::REDUCE_MIN, {0}, {16, 2, 7, 18, 16, 17},
                          {2, 3}, {16, 2, 7}, context, stream));
  CHECK_STATUS(IntExample("REDUCE_MIN example 2", RP::REDUCE_MIN, {0, 1},
                          {9, 4, 11, 0, 2, 6, 2, 7, 8, 16, 5, 3}, {2, 3, 2}, {2, 0}, context,
                          stream));
  CHECK_STATUS(SumExample(context, stream));
  CHECK_STATUS(GraphExample(context, stream));
  ErrorCases(context);

  CHECK_STATUS(aclrtDestroyStream(stream));
  CHECK_STATUS(atb::DestroyContext(context));
  CHECK_STATUS(aclrtResetDevice(deviceId));
  CHECK_STATUS(aclFinalize());
  std::cout << (g_failures == 0 ? "atb client: every answer is ATB's"
                                : "atb client: " + std::to_string(g_failures) + " failed")
            << std::endl;
  return g_failures == 0 ? 0 : 1;
}
