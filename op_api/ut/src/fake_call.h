// One operator call of a host unit test (tiling or shape inference), made from the test's
// description: opsim's OpCallData with the tensors, attributes and, for tiling, the fake chip of
// operator repositories' test helpers (their cores and UB, core_type_list "AICore").
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "any_value.h"
#include "exe_graph/runtime/op_call_data.h"
#include "exe_graph/runtime/tiling_data.h"
#include "platform/platform_infos_def.h"

namespace opsim::op_ut {

struct FakeTensor {
  gert::StorageShape shape;
  ge::DataType dtype = ge::DT_FLOAT;
  ge::Format format = ge::FORMAT_ND;
  const void* const_value = nullptr;  // the data of a constant input, else null
};

struct FakeCall {
  std::string op_name;
  gert::OpCallData data;
  fe::PlatFormInfos platform;
  std::vector<uint8_t> tiling_buffer;
  gert::TilingData tiling{nullptr, 0};
};

// The call's inputs and outputs (instances grouped per the instance counts, one each when they
// are empty) and attributes; false with `why` for an attribute kind opsim's contexts cannot hold
// or instance counts that do not add up to the tensors.
bool DescribeCall(const std::string& op_name, const std::vector<FakeTensor>& inputs,
                  const std::vector<FakeTensor>& outputs,
                  const std::vector<Ops::Math::AnyValue>& attrs,
                  const std::vector<uint32_t>& input_instances,
                  const std::vector<uint32_t>& output_instances, FakeCall* call, std::string* why);

// The fake chip and a zeroed tiling-data buffer of `tiling_capacity` bytes.
void PrepareTiling(uint64_t core_num, uint64_t ub_size, uint64_t tiling_capacity,
                   void* compile_info, FakeCall* call);

}  // namespace opsim::op_ut
