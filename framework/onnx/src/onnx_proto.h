// The ONNX protobuf classes, for the importer's own files only. onnx_pb.h defines ONNX_API and
// picks onnx-ml.pb.h under ONNX_ML=1 (the only one Debian ships).
#pragma once

#include "onnx/onnx_pb.h"
