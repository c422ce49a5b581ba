// An ATB program: create a context and a Reduce operation, infer the output shape, set up,
// execute, read the result, destroy. Written against atb/atb_infer.h only, as for the real
// library; device memory is plain host memory in the simulator.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "atb/atb_infer.h"

namespace {

int Fail(const char* step, const atb::Status& status) {
  std::fprintf(stderr, "%s failed: %s\n", step, status.ToString().c_str());
  return 1;
}

}  // namespace

int main() {
  atb::Context* context = nullptr;
  atb::Status st = atb::CreateContext(&context);
  if (st != atb::NO_ERROR) return Fail("CreateContext", st);

  // The ATB page's REDUCE_MAX example 2: x [2,3,2] int32, axis [0,1] -> [19, 18].
  atb::infer::ReduceParam param;
  param.reduceType = atb::infer::ReduceParam::REDUCE_MAX;
  param.axis.push_back(0);
  param.axis.push_back(1);
  atb::Operation* op = nullptr;
  st = atb::CreateOperation(param, &op);
  if (st != atb::NO_ERROR) return Fail("CreateOperation", st);

  std::vector<int32_t> x = {17, 3, 19, 6, 1, 18, 4, 5, 8, 1, 14, 18};
  atb::Tensor in;
  in.desc.dtype = ACL_INT32;
  in.desc.format = ACL_FORMAT_ND;
  in.desc.shape.dimNum = 3;
  in.desc.shape.dims[0] = 2;
  in.desc.shape.dims[1] = 3;
  in.desc.shape.dims[2] = 2;
  in.deviceData = x.data();
  in.dataSize = x.size() * sizeof(int32_t);

  atb::SVector<atb::TensorDesc> in_descs;
  atb::SVector<atb::TensorDesc> out_descs;
  in_descs.push_back(in.desc);
  st = op->InferShape(in_descs, out_descs);
  if (st != atb::NO_ERROR) return Fail("InferShape", st);

  std::vector<int32_t> y(static_cast<size_t>(out_descs[0].shape.dims[0]));
  atb::Tensor out;
  out.desc = out_descs[0];
  out.deviceData = y.data();
  out.dataSize = y.size() * sizeof(int32_t);

  atb::VariantPack pack;
  pack.inTensors.push_back(in);
  pack.outTensors.push_back(out);
  uint64_t workspace_size = 0;
  st = op->Setup(pack, workspace_size, context);
  if (st != atb::NO_ERROR) return Fail("Setup", st);
  std::vector<uint8_t> workspace(workspace_size);
  st = op->Execute(pack, workspace.data(), workspace_size, context);
  if (st != atb::NO_ERROR) return Fail("Execute", st);

  std::printf("%s: [%d, %d]\n", op->GetName().c_str(), y[0], y[1]);
  atb::DestroyOperation(op);
  atb::DestroyContext(context);
  return (y.size() == 2 && y[0] == 19 && y[1] == 18) ? 0 : 1;
}
