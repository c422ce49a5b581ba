// ops::OpDef: an operator's definition as an Ascend operator project writes it (inputs, outputs,
// dtype/format columns, attributes, infer-shape/-dtype functions, tiling function, SoC configs).
// opsim reads the same object to check calls, pick the kernel build and run the tiling.
#pragma once

#include <cstdint>
#include <functional>
#include <iostream>  // CANN's op_def.h brings it: op_host files use std::cout without including it
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

#include "register/op_engine_defs.h"  // IWYU pragma: export

// CANN's register/op_def.h includes op_impl_registry.h: files that include only
// op_def_registry.h register with IMPL_OP_OPTILING and name gert::TilingParseContext.
#include "register/op_impl_registry.h"  // IWYU pragma: export

namespace gert {
using TilingKernelFunc = uint32_t (*)(TilingContext*);
using InferShapeKernelFunc = uint32_t (*)(InferShapeContext*);
using InferDataTypeKernelFunc = uint32_t (*)(InferDataTypeContext*);
}  // namespace gert

namespace ge {
class Operator;
class AscendString;
}  // namespace ge

namespace optiling {
// CANN's type of the check-support and select-format functions an OpDef names (graph-compile
// hooks; ops-nn's DynamicRNN passes its OpSelectFormat). opsim compiles no graph: accepted, unused.
using OP_CHECK_FUNC = ge::graphStatus (*)(const ge::Operator& op, ge::AscendString& result);
}  // namespace optiling

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };
enum class DependScope { ALL = 0, TILING = 1, INVALID_SCOPE };
enum class FormatCheckOption : uint32_t { DEFAULT = 0, STRICT = 1, MAX };
enum class CommentSection : uint32_t {
  CATEGORY = 0,
  BRIEF = 1,
  CONSTRAINTS = 2,
  RESTRICTIONS = 3,
  SEE = 4,
  THIRDPARTYFWKCOMPAT = 5,
  SECTION_MAX
};

class OpParamDef {
 public:
  explicit OpParamDef(const char* name) : name_(name) {}

  OpParamDef& ParamType(Option type) {
    param_type_ = type;
    return *this;
  }
  // One entry per column: column j of every input and output together is one kernel build.
  OpParamDef& DataType(std::vector<ge::DataType> types) {
    data_types_ = std::move(types);
    return *this;
  }
  // Any of these, whatever the other tensors' columns are.
  OpParamDef& DataTypeList(std::vector<ge::DataType> types) {
    data_type_list_ = std::move(types);
    return *this;
  }
  OpParamDef& Format(std::vector<ge::Format> formats) {
    formats_ = std::move(formats);
    return *this;
  }
  OpParamDef& FormatList(std::vector<ge::Format> formats) {
    format_list_ = std::move(formats);
    return *this;
  }
  OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats) {
    if (formats_.empty()) formats_ = std::move(formats);
    return *this;
  }
  OpParamDef& ValueDepend(Option depend) {
    value_depend_ = depend;
    return *this;
  }
  OpParamDef& ValueDepend(Option depend, DependScope) { return ValueDepend(depend); }
  // Memory-layout and graph hints the simulator has no use for; kept so projects compile.
  OpParamDef& IgnoreContiguous() { return *this; }
  OpParamDef& AutoContiguous() { return *this; }
  // The input is an aclScalar in the generated aclnn API (op_api/gen/aclnn_gen.cc).
  OpParamDef& Scalar() {
    scalar_ = true;
    return *this;
  }
  OpParamDef& ScalarList() { return *this; }
  OpParamDef& To(ge::DataType) { return *this; }
  // The IR version that added the input (CANN's op prototypes); recorded, nothing reads it.
  OpParamDef& Version(uint32_t version) {
    version_ = version;
    return *this;
  }
  uint32_t GetVersion() const { return version_; }
  OpParamDef& To(const char*) { return *this; }
  // The output's initial value, written by CANN's framework before the launch (kernels that
  // accumulate atomically rely on it). opsim writes 0, the value this form takes; others are
  // refused at Execute.
  OpParamDef& InitValue(uint64_t value) {
    init_value_ = value;
    return *this;
  }
  OpParamDef& OutputShapeDependOnCompute() { return *this; }
  OpParamDef& Follow(const char* other) {
    follow_ = other;
    return *this;
  }

  // CANN's merge of a SoC's declaration of this parameter (OpAICoreConfig::Input/Output) into the
  // OpDef's: the parameter type always, and each list or flag the SoC's declaration sets.
  void MergeParam(const OpParamDef& def) {
    param_type_ = def.param_type_;
    if (!def.data_types_.empty()) data_types_ = def.data_types_;
    if (!def.data_type_list_.empty()) data_type_list_ = def.data_type_list_;
    if (!def.formats_.empty()) formats_ = def.formats_;
    if (!def.format_list_.empty()) format_list_ = def.format_list_;
    if (def.value_depend_ != IGNORE) value_depend_ = def.value_depend_;
  }
  // CANN compares parameters by name.
  bool operator==(const OpParamDef& def) const { return name_ == def.name_; }

  const std::string& GetName() const { return name_; }
  Option GetParamType() const { return param_type_; }
  const std::vector<ge::DataType>& GetDataTypes() const { return data_types_; }
  const std::vector<ge::DataType>& GetDataTypeList() const { return data_type_list_; }
  const std::vector<ge::Format>& GetFormats() const { return formats_; }
  const std::vector<ge::Format>& GetFormatList() const { return format_list_; }
  Option GetValueDepend() const { return value_depend_; }
  const std::string& GetFollow() const { return follow_; }
  const std::optional<uint64_t>& GetInitValue() const { return init_value_; }
  bool IsScalar() const { return scalar_; }

 private:
  std::string name_;
  Option param_type_ = REQUIRED;
  std::vector<ge::DataType> data_types_;
  std::vector<ge::DataType> data_type_list_;
  std::vector<ge::Format> formats_;
  std::vector<ge::Format> format_list_;
  Option value_depend_ = IGNORE;
  std::string follow_;
  std::optional<uint64_t> init_value_;
  bool scalar_ = false;
  uint32_t version_ = 0;
};

class OpAttrDef {
 public:
  enum class Kind {
    kUnset,
    kBool,
    kFloat,
    kInt,
    kString,
    kListBool,
    kListFloat,
    kListInt,
    kListListInt
  };

  explicit OpAttrDef(const char* name) : name_(name) {}
  OpAttrDef& AttrType(Option type) {
    attr_type_ = type;
    return *this;
  }
  OpAttrDef& Bool() { return Declare(Kind::kBool); }
  OpAttrDef& Bool(bool value) {
    b_ = value;
    return Default(Kind::kBool);
  }
  OpAttrDef& Float() { return Declare(Kind::kFloat); }
  OpAttrDef& Float(float value) {
    f_ = value;
    return Default(Kind::kFloat);
  }
  OpAttrDef& Int() { return Declare(Kind::kInt); }
  OpAttrDef& Int(int64_t value) {
    i_ = value;
    return Default(Kind::kInt);
  }
  OpAttrDef& String() { return Declare(Kind::kString); }
  OpAttrDef& String(const char* value) {
    s_ = value == nullptr ? "" : value;
    return Default(Kind::kString);
  }
  OpAttrDef& ListBool() { return Declare(Kind::kListBool); }
  OpAttrDef& ListBool(std::vector<bool> value) {
    list_bool_ = std::move(value);
    return Default(Kind::kListBool);
  }
  OpAttrDef& ListFloat() { return Declare(Kind::kListFloat); }
  OpAttrDef& ListFloat(std::vector<float> value) {
    list_float_ = std::move(value);
    return Default(Kind::kListFloat);
  }
  OpAttrDef& ListInt() { return Declare(Kind::kListInt); }
  OpAttrDef& ListInt(std::vector<int64_t> value) {
    list_int_ = std::move(value);
    return Default(Kind::kListInt);
  }
  OpAttrDef& ListListInt() { return Declare(Kind::kListListInt); }
  OpAttrDef& ListListInt(std::vector<std::vector<int64_t>>) { return Declare(Kind::kListListInt); }
  OpAttrDef& Version(uint32_t version) {
    version_ = version;
    return *this;
  }
  uint32_t GetVersion() const { return version_; }
  OpAttrDef& Comment(const char*) { return *this; }

  const std::string& GetName() const { return name_; }
  Option GetAttrType() const { return attr_type_; }
  Kind GetKind() const { return kind_; }
  bool HasDefault() const { return has_default_; }
  bool GetBool() const { return b_; }
  float GetFloat() const { return f_; }
  int64_t GetInt() const { return i_; }
  const std::string& GetString() const { return s_; }
  const std::vector<bool>& GetListBool() const { return list_bool_; }
  const std::vector<float>& GetListFloat() const { return list_float_; }
  const std::vector<int64_t>& GetListInt() const { return list_int_; }

 private:
  OpAttrDef& Declare(Kind kind) {
    kind_ = kind;
    return *this;
  }
  OpAttrDef& Default(Kind kind) {
    kind_ = kind;
    has_default_ = true;
    return *this;
  }
  std::string name_;
  Option attr_type_ = OPTIONAL;
  Kind kind_ = Kind::kUnset;
  bool has_default_ = false;
  bool b_ = false;
  float f_ = 0;
  int64_t i_ = 0;
  std::string s_;
  std::vector<bool> list_bool_;
  std::vector<float> list_float_;
  std::vector<int64_t> list_int_;
  uint32_t version_ = 0;
};

// A null name would be read as a C string (undefined behaviour). The OpDef constructor's caller
// (OP_ADD, run while a library loads) turns the exception into that library's load error.
inline void RequireName(const char* name, const char* what) {
  if (name == nullptr) {
    throw std::invalid_argument(std::string("OpDef: ") + what +
                                " was declared with a null name (Input/Output/Attr(nullptr))");
  }
}

// Inputs and outputs of one SoC's configuration (AddConfig(soc, config)), and its flags.
class OpAICoreConfig {
 public:
  OpAICoreConfig() = default;
  explicit OpAICoreConfig(const char*) {}
  OpParamDef& Input(const char* name) { return Param(inputs_, name); }
  OpParamDef& Output(const char* name) { return Param(outputs_, name); }
  OpAICoreConfig& DynamicCompileStaticFlag(bool) { return *this; }
  OpAICoreConfig& DynamicFormatFlag(bool) { return *this; }
  OpAICoreConfig& DynamicRankSupportFlag(bool) { return *this; }
  OpAICoreConfig& DynamicShapeSupportFlag(bool) { return *this; }
  OpAICoreConfig& NeedCheckSupportFlag(bool) { return *this; }
  OpAICoreConfig& PrecisionReduceFlag(bool) { return *this; }
  OpAICoreConfig& ExtendCfgInfo(const char*, const char*) { return *this; }

  const std::vector<OpParamDef>& GetInputs() const { return inputs_; }
  const std::vector<OpParamDef>& GetOutputs() const { return outputs_; }

 private:
  static OpParamDef& Param(std::vector<OpParamDef>& params, const char* name) {
    ops::RequireName(name, "an input or output");
    for (OpParamDef& p : params) {
      if (p.GetName() == name) return p;
    }
    params.emplace_back(name);
    return params.back();
  }
  std::vector<OpParamDef> inputs_;
  std::vector<OpParamDef> outputs_;
};

class OpAICoreDef {
 public:
  OpAICoreDef& SetTiling(gert::TilingKernelFunc func) {
    tiling_ = func;
    return *this;
  }
  OpAICoreDef& SetTilingParse(void*) { return *this; }
  OpAICoreDef& SetCheckSupport(optiling::OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetOpSelectFormat(optiling::OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetOpSupportInfo(optiling::OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetOpSpecInfo(optiling::OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& AddConfig(const char* soc) {
    configs_[soc == nullptr ? "" : soc];
    return *this;
  }
  OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& config) {
    configs_[soc == nullptr ? "" : soc] = config;
    return *this;
  }

  gert::TilingKernelFunc GetTiling() const { return tiling_; }
  // SoC names as AddConfig gave them ("ascend910b", ...), with their configurations.
  const std::map<std::string, OpAICoreConfig>& GetConfigs() const { return configs_; }

 private:
  gert::TilingKernelFunc tiling_ = nullptr;
  std::map<std::string, OpAICoreConfig> configs_;
};

class OpDef {
 public:
  explicit OpDef(const char* type) : type_(type == nullptr ? "" : type) {}
  virtual ~OpDef() = default;

  OpParamDef& Input(const char* name) { return Param(inputs_, name); }
  OpParamDef& Output(const char* name) { return Param(outputs_, name); }
  OpAttrDef& Attr(const char* name) {
    RequireName(name, "an attribute");
    for (OpAttrDef& a : attrs_) {
      if (a.GetName() == name) return a;
    }
    attrs_.emplace_back(name);
    return attrs_.back();
  }
  OpDef& SetInferShape(gert::InferShapeKernelFunc func) {
    infer_shape_ = func;
    return *this;
  }
  OpDef& SetInferShapeRange(void*) { return *this; }
  OpDef& SetInferDataType(gert::InferDataTypeKernelFunc func) {
    infer_data_type_ = func;
    return *this;
  }
  OpDef& Comment(const char*) { return *this; }
  OpDef& Comment(CommentSection, const char*) { return *this; }
  OpAICoreDef& AICore() { return aicore_; }
  // Calling AICPU() makes this OpDef its op type's AI CPU definition (CANN generates the AI CPU
  // engine's info from it), beside or instead of an AI Core OpDef of the same type.
  OpAICPUDef& AICPU() {
    on_aicpu_ = true;
    return aicpu_;
  }
  OpHostCPUDef& HostCPU() {
    on_host_cpu_ = true;
    return host_cpu_;
  }
  OpMC2Def& MC2() { return mc2_; }
  OpDef& FormatMatchMode(FormatCheckOption option) {
    format_match_mode_ = option;
    return *this;
  }
  OpDef& EnableFallBack() {
    fallback_ = true;
    return *this;
  }

  const std::string& GetOpType() const { return type_; }
  const std::vector<OpParamDef>& GetInputs() const { return inputs_; }
  const std::vector<OpParamDef>& GetOutputs() const { return outputs_; }
  const std::vector<OpAttrDef>& GetAttrs() const { return attrs_; }
  gert::InferShapeKernelFunc GetInferShape() const { return infer_shape_; }
  gert::InferDataTypeKernelFunc GetInferDataType() const { return infer_data_type_; }
  const OpAICoreDef& GetAICore() const { return aicore_; }
  const OpAICPUDef& GetAICPU() const { return aicpu_; }
  const OpHostCPUDef& GetHostCPU() const { return host_cpu_; }
  const OpMC2Def& GetMC2() const { return mc2_; }
  bool IsAICPU() const { return on_aicpu_; }
  bool IsHostCPU() const { return on_host_cpu_; }
  FormatCheckOption GetFormatMatchMode() const { return format_match_mode_; }
  bool IsEnableFallBack() const { return fallback_; }
  // The prototype a SoC's AddConfig(soc, config) gives (CANN's GetMergeInputs/GetMergeOutputs):
  // the OpDef's parameters, each merged with the config's parameter of its name, and the config's
  // other parameters after them.
  std::vector<OpParamDef> GetMergeInputs(const OpAICoreConfig& aicore_config) const {
    return Merged(inputs_, aicore_config.GetInputs());
  }
  std::vector<OpParamDef> GetMergeOutputs(const OpAICoreConfig& aicore_config) const {
    return Merged(outputs_, aicore_config.GetOutputs());
  }

 private:
  static std::vector<OpParamDef> Merged(std::vector<OpParamDef> merged,
                                        const std::vector<OpParamDef>& config) {
    for (const OpParamDef& p : config) {
      bool found = false;
      for (OpParamDef& m : merged) {
        if (m == p) {
          m.MergeParam(p);
          found = true;
          break;
        }
      }
      if (!found) merged.push_back(p);
    }
    return merged;
  }
  static OpParamDef& Param(std::vector<OpParamDef>& params, const char* name) {
    ops::RequireName(name, "an input or output");
    for (OpParamDef& p : params) {
      if (p.GetName() == name) return p;
    }
    params.emplace_back(name);
    return params.back();
  }
  std::string type_;
  std::vector<OpParamDef> inputs_;
  std::vector<OpParamDef> outputs_;
  std::vector<OpAttrDef> attrs_;
  gert::InferShapeKernelFunc infer_shape_ = nullptr;
  gert::InferDataTypeKernelFunc infer_data_type_ = nullptr;
  OpAICoreDef aicore_;
  OpAICPUDef aicpu_;
  OpHostCPUDef host_cpu_;
  OpMC2Def mc2_;
  bool on_aicpu_ = false;
  bool on_host_cpu_ = false;
  bool fallback_ = false;
  FormatCheckOption format_match_mode_ = FormatCheckOption::DEFAULT;
};

// Every OpDef of the process, added by OP_ADD while a library loads.
class OpDefFactory {
 public:
  using Creator = std::unique_ptr<OpDef> (*)(const char* type);
  // A second op of one name is not added; the clash is kept for the loader to report.
  static void OpDefRegister(const char* type, Creator creator);
};

}  // namespace ops

#define OP_ADD(opType, ...)                                            \
  static const int g_opsim_op_added_##opType = [] {                    \
    ::ops::OpDefFactory::OpDefRegister(#opType, [](const char* type) { \
      return std::unique_ptr<::ops::OpDef>(new opType(type));          \
    });                                                                \
    return 0;                                                          \
  }()
