// FakeCall (fake_call.h): a host unit test's operator call as opsim's OpCallData.
#include "fake_call.h"

#include <utility>

namespace opsim::op_ut {
namespace {

#ifndef OPSIM_UT_SOC_VERSION
#define OPSIM_UT_SOC_VERSION "ascend910b"
#endif

using Kind = gert::AttrValueStorage::Kind;
using Ops::Math::AnyValue;

bool ToStorage(const AnyValue& value, gert::AttrValueStorage* out) {
  const void* p = value.valuePtr_.get();
  switch (value.type_) {
    case AnyValue::VT_BOOL:
      out->kind = Kind::kBool;
      out->b = *static_cast<const bool*>(p);
      return true;
    case AnyValue::VT_INT:
      out->kind = Kind::kInt;
      out->i = *static_cast<const int64_t*>(p);
      return true;
    case AnyValue::VT_FLOAT:
      out->kind = Kind::kFloat;
      out->f = *static_cast<const float*>(p);
      return true;
    case AnyValue::VT_STRING:
      out->kind = Kind::kString;
      out->s = *static_cast<const std::string*>(p);
      return true;
    case AnyValue::VT_LIST_INT:
      out->kind = Kind::kListInt;
      out->list_int = *static_cast<const std::vector<int64_t>*>(p);
      return true;
    case AnyValue::VT_LIST_FLOAT:
      out->kind = Kind::kListFloat;
      out->list_float = *static_cast<const std::vector<float>*>(p);
      return true;
    case AnyValue::VT_LIST_BOOL:
      out->kind = Kind::kListBool;
      for (bool b : *static_cast<const std::vector<bool>*>(p)) out->list_bool.push_back(b ? 1 : 0);
      return true;
    default: return false;  // a list of int lists: opsim's runtime attributes have no such kind
  }
}

// Groups `count` tensors by `instances` (one each when empty) into (first, count) pairs.
bool Group(const std::vector<uint32_t>& instances, size_t count,
           std::vector<std::pair<size_t, size_t>>* out) {
  if (instances.empty()) {
    for (size_t i = 0; i < count; ++i) out->emplace_back(i, 1);
    return true;
  }
  size_t first = 0;
  for (uint32_t n : instances) {
    out->emplace_back(first, n);
    first += n;
  }
  return first == count;
}

// The short SoC name of the test build and the chip figures the repositories' fake reports.
std::pair<std::string, std::string> SocAndArch() {
  static const std::map<std::string, std::pair<std::string, std::string>> known{
      {"ascend910b", {"Ascend910B", "2201"}},
      {"ascend910_93", {"Ascend910_93", "2201"}},
      {"ascend310p", {"Ascend310P", "2002"}},
      {"ascend910", {"Ascend910", "1001"}},
      {"ascend950", {"Ascend950", "3510"}}};
  const auto it = known.find(OPSIM_UT_SOC_VERSION);
  return it == known.end() ? std::pair<std::string, std::string>{"", ""} : it->second;
}

}  // namespace

bool DescribeCall(const std::string& op_name, const std::vector<FakeTensor>& inputs,
                  const std::vector<FakeTensor>& outputs, const std::vector<AnyValue>& attrs,
                  const std::vector<uint32_t>& input_instances,
                  const std::vector<uint32_t>& output_instances, FakeCall* call, std::string* why) {
  call->op_name = op_name;
  gert::OpCallData& d = call->data;
  d.node_name = call->op_name.c_str();
  d.node_type = call->op_name.c_str();
  for (const FakeTensor& t : inputs) {
    const gert::CompileTimeTensorDesc desc(t.dtype, gert::StorageFormat(t.format, t.format));
    d.input_shapes.push_back(t.shape);
    d.input_descs.push_back(desc);
    d.input_tensors.emplace_back(t.shape, desc, t.const_value);
  }
  for (const FakeTensor& t : outputs) {
    d.output_shapes.push_back(t.shape);
    d.output_descs.emplace_back(t.dtype, gert::StorageFormat(t.format, t.format));
  }
  if (!Group(input_instances, inputs.size(), &d.ir_inputs) ||
      !Group(output_instances, outputs.size(), &d.ir_outputs)) {
    *why = "the instance counts do not add up to the tensors given";
    return false;
  }
  std::vector<gert::AttrValueStorage> values(attrs.size());
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (!ToStorage(attrs[i], &values[i])) {
      *why = "attribute " + std::to_string(i) + " is a list of int lists, which opsim's runtime " +
             "attributes cannot hold";
      return false;
    }
  }
  d.attrs = gert::RuntimeAttrs(std::move(values));
  return true;
}

void PrepareTiling(uint64_t core_num, uint64_t ub_size, uint64_t tiling_capacity,
                   void* compile_info, FakeCall* call) {
  std::map<std::string, std::string> soc{{"ai_core_cnt", std::to_string(core_num)},
                                         {"core_type_list", "AICore"},
                                         {"l2_size", "33554432"}};
  std::map<std::string, std::string> aicore{{"ub_size", std::to_string(ub_size)},
                                            {"l1_size", "524288"},
                                            {"l0_a_size", "65536"},
                                            {"l0_b_size", "65536"},
                                            {"l0_c_size", "131072"},
                                            {"bt_size", "0"},
                                            {"load3d_constraints", "1"},
                                            {"cube_freq", "cube_freq"}};
  std::map<std::string, std::string> intrinsics{{"Intrinsic_data_move_l12ub", "float16"},
                                                {"Intrinsic_data_move_l0c2ub", "float16"}};
  const auto [short_soc, arch] = SocAndArch();
  std::map<std::string, std::string> version{{"NpuArch", arch}, {"Short_SoC_version", short_soc}};
  call->platform.Init();  // the table exists only after Init, as CANN's
  call->platform.SetPlatformRes("SoCInfo", soc);
  call->platform.SetPlatformRes("AICoreSpec", aicore);
  call->platform.SetCoreNumByCoreType("AICore");
  call->platform.SetPlatformRes("AICoreintrinsicDtypeMap", intrinsics);
  call->platform.SetPlatformRes("version", version);
  call->data.platform = &call->platform;
  call->data.compile_info = compile_info;
  call->tiling_buffer.assign(tiling_capacity, 0);
  call->tiling = gert::TilingData(call->tiling_buffer.data(), call->tiling_buffer.size());
  call->data.tiling = &call->tiling;
}

}  // namespace opsim::op_ut
