// ge::Operator (graph/operator.h): its prototype's tensor descriptions and attribute values, and
// the messages CANN's graph engine logs when a test names what the prototype does not have.
#include <iostream>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/op_call_data.h"
#include "graph/operator.h"
#include "opsim/op_api/op_impl.h"

namespace ge {

namespace {

// Why a call failed, naming the operator; CANN logs the same and returns the status.
void Report(const std::string& op_name, const std::string& op_type, const std::string& why) {
  std::cerr << "[ERROR] ge::Operator " << op_name << " (" << op_type << "): " << why << std::endl;
}

gert::Shape ToGert(const Shape& shape) {
  gert::Shape out;
  for (int64_t d : shape.GetDims()) out.AppendDim(d);
  return out;
}

Shape ToGe(const gert::Shape& shape) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
  return Shape(dims);
}

void AddTensor(const TensorDesc& desc, std::vector<gert::StorageShape>* shapes,
               std::vector<gert::CompileTimeTensorDesc>* descs) {
  gert::StorageShape shape;
  shape.MutableOriginShape() = ToGert(desc.GetOriginShape());
  shape.MutableStorageShape() = ToGert(desc.GetShape());
  shapes->push_back(shape);
  descs->emplace_back(desc.GetDataType(),
                      gert::StorageFormat(desc.GetOriginFormat(), desc.GetFormat()));
}

// An attribute as the runtime attributes hold it; false for a kind they cannot.
bool ToRuntime(const Operator::AttrValueHolder& v, gert::AttrValueStorage* out) {
  using Kind = gert::AttrValueStorage::Kind;
  if (const auto* i = std::get_if<int64_t>(&v)) {
    out->kind = Kind::kInt;
    out->i = *i;
  } else if (const auto* dt = std::get_if<DataType>(&v)) {
    out->kind = Kind::kInt;
    out->i = static_cast<int64_t>(*dt);
  } else if (const auto* f = std::get_if<float>(&v)) {
    out->kind = Kind::kFloat;
    out->f = *f;
  } else if (const auto* b = std::get_if<bool>(&v)) {
    out->kind = Kind::kBool;
    out->b = *b;
  } else if (const auto* str = std::get_if<std::string>(&v)) {
    out->kind = Kind::kString;
    out->s = *str;
  } else if (const auto* li = std::get_if<std::vector<int64_t>>(&v)) {
    out->kind = Kind::kListInt;
    out->list_int = *li;
  } else if (const auto* lf = std::get_if<std::vector<float>>(&v)) {
    out->kind = Kind::kListFloat;
    out->list_float = *lf;
  } else if (const auto* lb = std::get_if<std::vector<bool>>(&v)) {
    out->kind = Kind::kListBool;
    for (bool e : *lb) out->list_bool.push_back(e ? 1 : 0);
  } else {
    return false;
  }
  return true;
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

size_t Operator::GetInputsSize() const {
  size_t n = 0;
  for (const IrTensor& t : inputs_) n += (t.kind != IrKind::kOptional || t.described) ? 1 : 0;
  return n;
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
  t->described = true;
  return GRAPH_SUCCESS;
}

graphStatus Operator::UpdateInputDesc(uint32_t index, const TensorDesc& desc) {
  if (TensorAt(inputs_, index, "input") == nullptr) return GRAPH_FAILED;
  inputs_[index].desc = desc;
  inputs_[index].described = true;
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

graphStatus Operator::InferShapeAndType() {
  const opsim::op_api::OpImplRecord* impl = opsim::op_api::FindOpImpl(type_);
  if (impl == nullptr || impl->infer_shape == nullptr) {
    Report(name_, type_, "the op type registers no InferShape (IMPL_OP_INFERSHAPE)");
    return GRAPH_FAILED;
  }
  gert::OpCallData d;
  d.node_name = name_.c_str();
  d.node_type = type_.c_str();
  for (const IrTensor& t : inputs_) {
    const bool present = t.kind != IrKind::kOptional || t.described;
    d.ir_inputs.emplace_back(d.input_shapes.size(), present ? 1 : 0);
    if (present) AddTensor(t.desc, &d.input_shapes, &d.input_descs);
  }
  for (const gert::StorageShape& s : d.input_shapes) {
    d.input_tensors.emplace_back(s, d.input_descs[d.input_tensors.size()], nullptr);
  }
  for (const IrTensor& t : outputs_) {
    d.ir_outputs.emplace_back(d.output_shapes.size(), 1);
    AddTensor(TensorDesc(Shape(), t.desc.GetFormat(), t.desc.GetDataType()), &d.output_shapes,
              &d.output_descs);
  }
  std::vector<gert::AttrValueStorage> values(attrs_.size());
  for (size_t i = 0; i < attrs_.size(); ++i) {
    if (attrs_[i].valued && !ToRuntime(attrs_[i].value, &values[i])) {
      Report(name_, type_,
             "attribute '" + attrs_[i].name + "' is " + attrs_[i].kind +
                 ", which the runtime attributes of an InferShape cannot hold");
      return GRAPH_FAILED;
    }
  }
  d.attrs = gert::RuntimeAttrs(std::move(values));
  gert::InferShapeContext shape_context(&d);
  const graphStatus status = impl->infer_shape(&shape_context);
  if (status == GRAPH_SUCCESS && impl->infer_datatype != nullptr) {
    gert::InferDataTypeContext dtype_context(&d);
    if (impl->infer_datatype(&dtype_context) != GRAPH_SUCCESS) return GRAPH_FAILED;
  }
  for (size_t i = 0; i < outputs_.size(); ++i) {
    TensorDesc& desc = outputs_[i].desc;
    // What the context's GetOutputShape wrote (the origin shape) is the output's shape.
    desc.SetShape(ToGe(d.output_shapes[i].GetOriginShape()));
    desc.SetOriginShape(desc.GetShape());
    if (impl->infer_datatype != nullptr) desc.SetDataType(d.output_descs[i].GetDataType());
  }
  return status;
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
