// The loaded model as one Operation: the graph runtime has no constants, so initializers are
// inputs of the inner graph that this wrapper binds itself, after the caller's inputs.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "opsim/core/operation.h"
#include "opsim/framework/onnx_model.h"

namespace opsim::onnx_import {

// `graph` takes inputs.size() + constants.size() inputs: the caller's first, then the constants
// in order. The wrapper checks the caller's descriptions against `inputs` (an ONNX model's types
// are fixed) and owns the constants' bytes.
std::unique_ptr<Operation> MakeModelOperation(std::string name, std::unique_ptr<Operation> graph,
                                              std::vector<TensorDesc> inputs,
                                              std::vector<OnnxTensor> constants);

}  // namespace opsim::onnx_import
