// One operator call for the op-base helpers' tests: inputs (shapes, dtypes, values for const
// ones), outputs, a keep-dims attribute, on a 910B-like platform (whose
// PlatformAscendC UB is 196608 - 256 B, CANN's reservation).
#pragma once

#include "exe_graph/runtime/tiling_context.h"
#include "opsim/op_api/platform_figures.h"

namespace opsim::testing {

struct OpBaseCall {
  gert::OpCallData data;
  fe::PlatFormInfos platform;
  explicit OpBaseCall(size_t outputs = 1) {
    data.node_name = "node1";
    data.node_type = "Fixture";
    data.output_shapes.resize(outputs);
    data.output_descs.resize(outputs);
    opsim::op_api::PlatformDescription chip;  // a 910B3-like part
    chip.profile = "fixture910b";
    chip.soc_version = "Ascend910B3";
    chip.short_soc_version = "Ascend910B";
    chip.npu_arch = 2201;
    chip.split_vector_cube = true;
    chip.vector_cores = 40;
    chip.ub_bytes = 196608;
    opsim::op_api::MakePlatformInfos(chip, &platform);
    data.platform = &platform;
  }
  OpBaseCall& Input(gert::Shape shape, ge::DataType dtype = ge::DT_FLOAT,
                    const void* values = nullptr) {
    gert::StorageShape s;
    s.MutableOriginShape() = shape;
    s.MutableStorageShape() = shape;
    const gert::CompileTimeTensorDesc desc(dtype, {});
    data.input_shapes.push_back(s);
    data.input_descs.push_back(desc);
    data.input_tensors.emplace_back(s, desc, values);
    data.ir_inputs.emplace_back(data.input_shapes.size() - 1, 1);
    return *this;
  }
  OpBaseCall& KeepDims(bool keep) {
    gert::AttrValueStorage v;
    v.kind = gert::AttrValueStorage::Kind::kBool;
    v.b = keep;
    data.attrs = gert::RuntimeAttrs({v});
    return *this;
  }
  const gert::Shape& Out() const { return data.output_shapes[0].GetOriginShape(); }
};

}  // namespace opsim::testing
