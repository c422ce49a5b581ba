// Runs one ONNX backend test folder (model.onnx, test_data_set_0/input_*.pb, output_0.pb) with
// the importer from the installed package, every input given at load time; prints "PASS" when
// output 0 matches float for float, else what differs.
//   onnx_client <folder>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "opsim/framework/context.h"
#include "opsim/framework/onnx_model.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: onnx_client <ONNX backend test folder>\n");
    return 2;
  }
  const std::string folder = argv[1];
  opsim::OnnxModelInfo info;
  std::string bytes;
  opsim::Status st = opsim::ReadFileBytes(folder + "/model.onnx", &bytes);
  if (st.ok()) st = opsim::InspectOnnxModel(bytes, "model.onnx", &info);
  opsim::OnnxLoadOptions options;
  for (size_t k = 0; st.ok() && k < info.inputs.size(); ++k) {
    opsim::OnnxTensor t;
    st = opsim::LoadOnnxTensorFile(folder + "/test_data_set_0/input_" + std::to_string(k) + ".pb",
                                   &t);
    t.name = info.inputs[k];
    options.input_values.push_back(std::move(t));
  }
  opsim::OnnxModel model;
  if (st.ok()) st = opsim::LoadOnnxModel(bytes, "model.onnx", options, &model);
  opsim::OnnxTensor want;
  if (st.ok()) st = opsim::LoadOnnxTensorFile(folder + "/test_data_set_0/output_0.pb", &want);
  std::unique_ptr<opsim::Context> context;
  if (st.ok()) st = opsim::Context::Create({}, &context);
  if (!st.ok()) {
    std::fprintf(stderr, "%s\n", st.ToString().c_str());
    return 1;
  }
  std::vector<uint8_t> out(want.data.size());
  opsim::VariantPack pack;
  opsim::Tensor y;
  y.desc = model.outputs[0].desc;
  y.deviceData = out.data();
  y.dataSize = out.size();
  pack.outTensors.push_back(y);
  uint64_t workspace_size = 0;
  st = model.operation->Setup(pack, workspace_size, context.get());
  std::vector<uint8_t> workspace(workspace_size);
  if (st.ok()) st = model.operation->Execute(pack, workspace.data(), workspace_size, context.get());
  if (!st.ok()) {
    std::fprintf(stderr, "%s\n", st.ToString().c_str());
    return 1;
  }
  if (out != want.data) {
    std::printf("output 0 differs from output_0.pb\n");
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
