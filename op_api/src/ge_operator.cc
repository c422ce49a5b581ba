// ge::Operator (graph/operator.h): its prototype's tensor descriptions and attribute values, and
// the messages CANN's graph engine logs when a test names what the prototype does not have.
#include <iostream>

#include "graph/operator.h"

namespace ge {

namespace {

// Why a call failed, naming the operator; CANN logs the same and returns the status.
void Report(const std::string& op_name, const std::string& op_type, const std::string& why) {
  std::cerr << "[ERROR] ge::Operator " << op_name << " (" << op_type << "): " << why << std::endl;
}

}  // namespace

graphStatus Operator::GetName(AscendString& name) const {
  name = AscendString(name_.c_str());
  return GRAPH_SUCCESS;
}

graphStatus Operator::GetOpType(AscendString& type) const {
  type = AscendString(type_.c_str());
  return GRAPH_SUCCESS;
}

void Operator::InputRegister(const char_t* name, const char_t* dtype_symbol, IrKind kind) {
  inputs_.push_back({name, kind, dtype_symbol, TensorDesc()});
}

void Operator::OutputRegister(const char_t* name, const char_t* dtype_symbol, IrKind kind) {
  outputs_.push_back({name, kind, dtype_symbol, TensorDesc()});
}

const Operator::IrTensor* Operator::FindTensor(const std::vector<IrTensor>& tensors,
                                               const char_t* name, const char* what) const {
  const std::string key = name == nullptr ? "" : name;
  for (const IrTensor& t : tensors) {
    if (t.name == key) return &t;
  }
  Report(name_, type_, std::string("no ") + what + " named '" + key + "' in the prototype");
  return nullptr;
}

Operator::IrTensor* Operator::FindTensor(std::vector<IrTensor>& tensors, const char_t* name,
                                         const char* what) {
  const auto& self = *this;
  return const_cast<IrTensor*>(self.FindTensor(tensors, name, what));
}

const Operator::IrTensor* Operator::TensorAt(const std::vector<IrTensor>& tensors, uint32_t index,
                                             const char* what) const {
  if (index < tensors.size()) return &tensors[index];
  Report(name_, type_,
         std::string(what) + " index " + std::to_string(index) + " is not below the prototype's " +
             std::to_string(tensors.size()) + " " + what + "s");
  return nullptr;
}

TensorDesc Operator::GetInputDesc(uint32_t index) const {
  const IrTensor* t = TensorAt(inputs_, index, "input");
  return t == nullptr ? TensorDesc() : t->desc;
}

TensorDesc Operator::GetInputDescByName(const char_t* name) const {
  const IrTensor* t = FindTensor(inputs_, name, "input");
  return t == nullptr ? TensorDesc() : t->desc;
}

TensorDesc Operator::GetOutputDesc(uint32_t index) const {
  const IrTensor* t = TensorAt(outputs_, index, "output");
  return t == nullptr ? TensorDesc() : t->desc;
}

TensorDesc Operator::GetOutputDescByName(const char_t* name) const {
  const IrTensor* t = FindTensor(outputs_, name, "output");
  return t == nullptr ? TensorDesc() : t->desc;
}

graphStatus Operator::UpdateInputDesc(const char_t* name, const TensorDesc& desc) {
  IrTensor* t = FindTensor(inputs_, name, "input");
  if (t == nullptr) return GRAPH_FAILED;
  t->desc = desc;
  return GRAPH_SUCCESS;
}

graphStatus Operator::UpdateInputDesc(uint32_t index, const TensorDesc& desc) {
  if (TensorAt(inputs_, index, "input") == nullptr) return GRAPH_FAILED;
  inputs_[index].desc = desc;
  return GRAPH_SUCCESS;
}

graphStatus Operator::UpdateOutputDesc(const char_t* name, const TensorDesc& desc) {
  IrTensor* t = FindTensor(outputs_, name, "output");
  if (t == nullptr) return GRAPH_FAILED;
  t->desc = desc;
  return GRAPH_SUCCESS;
}

graphStatus Operator::UpdateOutputDesc(uint32_t index, const TensorDesc& desc) {
  if (TensorAt(outputs_, index, "output") == nullptr) return GRAPH_FAILED;
  outputs_[index].desc = desc;
  return GRAPH_SUCCESS;
}

std::string Operator::KindOf(const AttrValueHolder& value) {
  static const char* const kKinds[] = {
      "VT_INT",         "VT_FLOAT",          "VT_BOOL",          "VT_STRING",
      "VT_DATA_TYPE",   "VT_LIST_INT",       "VT_LIST_FLOAT",    "VT_LIST_BOOL",
      "VT_LIST_STRING", "VT_LIST_DATA_TYPE", "VT_LIST_LIST_INT", "VT_TENSOR"};
  static_assert(sizeof(kKinds) / sizeof(kKinds[0]) == std::variant_size_v<AttrValueHolder>);
  return kKinds[value.index()];
}

// Setting an attribute the prototype does not register adds it, as CANN's SetAttr does.
void Operator::SetAttrValue(const char_t* name, AttrValueHolder value) {
  const std::string key = name == nullptr ? "" : name;
  for (IrAttr& a : attrs_) {
    if (a.name != key) continue;
    a.kind = KindOf(value);
    a.value = std::move(value);
    a.valued = true;
    return;
  }
  attrs_.push_back({key, false, KindOf(value), true, std::move(value)});
}

const Operator::AttrValueHolder* Operator::FindAttrValue(const char_t* name, bool report) const {
  const std::string key = name == nullptr ? "" : name;
  for (const IrAttr& a : attrs_) {
    if (a.name != key) continue;
    if (a.valued) return &a.value;
    if (report) Report(name_, type_, "required attribute '" + key + "' has no value");
    return nullptr;
  }
  if (report) Report(name_, type_, "no attribute named '" + key + "'");
  return nullptr;
}

graphStatus Operator::AttrKindMismatch(const char_t* name) const {
  const AttrValueHolder* held = FindAttrValue(name, false);
  Report(name_, type_,
         std::string("attribute '") + name + "' holds " + KindOf(*held) +
             ", not the kind it is read as");
  return GRAPH_FAILED;
}

const std::map<std::string, std::string> Operator::GetAllAttrNamesAndTypes() const {
  std::map<std::string, std::string> out;
  for (const IrAttr& a : attrs_) out[a.name] = a.kind;
  return out;
}

graphStatus Operator::GetAllAttrNamesAndTypes(
    std::map<AscendString, AscendString>& attr_name_types) const {
  for (const IrAttr& a : attrs_) {
    attr_name_types[AscendString(a.name.c_str())] = AscendString(a.kind.c_str());
  }
  return GRAPH_SUCCESS;
}

graphStatus Operator::VerifyAllAttr(bool /*disable_common_verifier*/) {
  graphStatus status = GRAPH_SUCCESS;
  for (const IrAttr& a : attrs_) {
    if (a.required && !a.valued) {
      Report(name_, type_, "required attribute '" + a.name + "' is not set");
      status = GRAPH_FAILED;
    }
  }
  return status;
}

}  // namespace ge
