#include "aclnn_gen.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "opsim/op_api/op_registry.h"

namespace opsim::op_gen {
namespace {

namespace fs = std::filesystem;

// One C parameter of the first stage, and how the source passes it on.
struct Param {
  std::string type;  // "const aclTensor *", "int64_t", ...
  std::string name;  // as CANN's generator names it: xOptional, yOut, alpha, ...
  std::string pass;  // the line that hands it to the stage, in the source
};

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// CANN's parameter types and names for attributes: numbers and flags by value (an optional one
// keeps its plain name), lists and strings by handle or pointer (an optional one is named
// <name>Optional).
bool AttrParam(const ops::OpAttrDef& a, Param* p, std::string* why) {
  using Kind = ops::OpAttrDef::Kind;
  const std::string& n = a.GetName();
  const bool optional = a.GetAttrType() == ops::OPTIONAL;
  const std::string suffixed = optional ? n + "Optional" : n;
  switch (a.GetKind()) {
    case Kind::kInt:
      *p = {"int64_t ", n, "stage.attrs[\"" + n + "\"] = int64_t{" + n + "};"};
      break;
    case Kind::kFloat:
      *p = {"double ", n, "stage.attrs[\"" + n + "\"] = double{" + n + "};"};
      break;
    case Kind::kBool: *p = {"bool ", n, "stage.attrs[\"" + n + "\"] = bool{" + n + "};"}; break;
    case Kind::kString: *p = {"char *", suffixed, ""}; break;
    case Kind::kListInt: *p = {"const aclIntArray *", suffixed, ""}; break;
    case Kind::kListFloat: *p = {"const aclFloatArray *", suffixed, ""}; break;
    case Kind::kListBool: *p = {"const aclBoolArray *", suffixed, ""}; break;
    default:
      *why = "attribute '" + n + "' is of a kind the aclnn functions do not take yet";
      return false;
  }
  if (p->pass.empty()) {
    p->pass = "if (const aclnnStatus st = opsim::aclnn::AddAttr(&stage, \"" + n + "\", " + p->name +
              "); st != ACLNN_SUCCESS) return st;";
  }
  return true;
}

// The array type CANN's generator gives a ValueDepend input whose types are all floats, all bool
// or all integers ("const aclFloatArray *", ...) and the StageTensor member it fills; empty for
// an input of mixed kinds or one that does not depend on its value (a tensor).
std::pair<std::string, std::string> ArrayKind(const ops::OpParamDef& p) {
  if (p.GetValueDepend() == ops::IGNORE) return {};
  std::vector<ge::DataType> types = p.GetDataTypes();
  types.insert(types.end(), p.GetDataTypeList().begin(), p.GetDataTypeList().end());
  bool floats = !types.empty();
  bool bools = !types.empty();
  bool ints = !types.empty();
  for (ge::DataType t : types) {
    floats = floats &&
             (t == ge::DT_FLOAT || t == ge::DT_FLOAT16 || t == ge::DT_BF16 || t == ge::DT_DOUBLE);
    bools = bools && t == ge::DT_BOOL;
    ints = ints &&
           (t == ge::DT_INT8 || t == ge::DT_UINT8 || t == ge::DT_INT16 || t == ge::DT_UINT16 ||
            t == ge::DT_INT32 || t == ge::DT_UINT32 || t == ge::DT_INT64 || t == ge::DT_UINT64);
  }
  if (floats) return {"const aclFloatArray *", "float_array"};
  if (bools) return {"const aclBoolArray *", "bool_array"};
  if (ints) return {"const aclIntArray *", "int_array"};
  return {};
}

// The parameters in CANN's order: inputs (a DYNAMIC one as a tensor list; a `.Scalar()` one as an
// aclScalar; a ValueDepend one as an array unless `tensors`; an input also named as an output is
// that output, passed once as <name>Ref), attributes, outputs (<name>Out; a DYNAMIC one a tensor
// list).
bool Params(const ops::OpDef& def, bool tensors, std::vector<Param>* out, std::string* why) {
  auto is_output = [&](const std::string& name) {
    for (const ops::OpParamDef& o : def.GetOutputs()) {
      if (o.GetName() == name) return true;
    }
    return false;
  };
  for (const ops::OpParamDef& in : def.GetInputs()) {
    const std::string& n = in.GetName();
    if (in.GetParamType() == ops::DYNAMIC) {
      out->push_back(
          {"const aclTensorList *", n,
           "stage.inputs.push_back({\"" + n + "\", nullptr, false, " + n + ", \"" + n + "\"});"});
      continue;
    }
    const bool ref = is_output(n);
    const bool optional = in.GetParamType() == ops::OPTIONAL;
    const std::string name = ref ? n + "Ref" : optional ? n + "Optional" : n;
    if (in.IsScalar() && !ref) {  // CANN's generator: "the input's type is aclScalar"
      out->push_back({"const aclScalar *", name,
                      "if (const aclnnStatus st = opsim::aclnn::AddScalarInput(&stage, \"" + name +
                          "\", \"" + n + "\", " + name + ", " + (optional ? "true" : "false") +
                          "); st != ACLNN_SUCCESS) return st;"});
      continue;
    }
    if (const auto [type, member] = ArrayKind(in); !tensors && !ref && !type.empty()) {
      out->push_back({type, name,
                      "{ opsim::aclnn::StageTensor s; s.name = \"" + name + "\"; s.optional = " +
                          (optional ? "true" : "false") + "; s." + member + " = " + name +
                          "; s.param = \"" + n + "\"; stage.inputs.push_back(s); }"});
      continue;
    }
    out->push_back({ref ? "aclTensor *" : "const aclTensor *", name,
                    "stage.inputs.push_back({\"" + name + "\", " + name + ", " +
                        (optional ? "true" : "false") + ", nullptr, \"" + n + "\"});"});
  }
  for (const ops::OpAttrDef& a : def.GetAttrs()) {
    Param p;
    if (!AttrParam(a, &p, why)) return false;
    out->push_back(p);
  }
  for (const ops::OpParamDef& o : def.GetOutputs()) {
    const std::string& n = o.GetName();
    bool ref = false;
    for (const ops::OpParamDef& in : def.GetInputs()) ref = ref || in.GetName() == n;
    const std::string name = ref ? n + "Ref" : n + "Out";
    if (o.GetParamType() == ops::DYNAMIC) {  // a list the caller gives, as a DYNAMIC input
      out->push_back({"const aclTensorList *", name,
                      "stage.outputs.push_back({\"" + name + "\", nullptr, false, " + name +
                          ", \"" + n + "\"});"});
      continue;
    }
    const std::string pass =
        "stage.outputs.push_back({\"" + name + "\", " + name + ", false, nullptr, \"" + n + "\"});";
    if (ref) {
      out->push_back({"", "", pass});  // passed already, among the inputs
    } else {
      out->push_back({"const aclTensor *", name, pass});
    }
  }
  return true;
}

// `function`'s declaration: aclnn<Op>GetWorkspaceSize or aclnn<Op>TensorGetWorkspaceSize.
std::string Signature(const std::string& function, const std::vector<Param>& params) {
  std::string s = "aclnnStatus " + function + "(\n";
  for (const Param& p : params) {
    if (!p.type.empty()) s += "    " + p.type + p.name + ",\n";
  }
  return s + "    uint64_t *workspaceSize,\n    aclOpExecutor **executor)";
}

// Whether an input is an array in the first form, so that the tensor form is a second function.
bool HasTensorForm(const std::vector<Param>& arrays, const std::vector<Param>& tensors) {
  return !std::equal(arrays.begin(), arrays.end(), tensors.begin(), tensors.end(),
                     [](const Param& a, const Param& b) { return a.type == b.type; });
}

// The first stages' declarations: the array form, and the tensor form where it differs.
std::string FirstStages(const std::string& api, const std::vector<Param>& arrays,
                        const std::vector<Param>& tensors) {
  const std::string visible = "__attribute__((visibility(\"default\")))\n";
  std::string s = visible + Signature(api + "GetWorkspaceSize", arrays) + ";\n\n";
  if (!HasTensorForm(arrays, tensors)) return s;
  return s + visible + Signature(api + "TensorGetWorkspaceSize", tensors) + ";\n\n";
}

std::string Header(const std::string& api, const std::string& guard,
                   const std::vector<Param>& arrays, const std::vector<Param>& tensors) {
  return "// Generated by opsim_op_gen --aclnn: the single-operator API of this operator, as\n"
         "// CANN's operator build declares it (docs/ACLNN.md).\n#ifndef " +
         guard + "\n#define " + guard +
         "\n\n#include \"aclnn/acl_meta.h\"\n\n#ifdef __cplusplus\n"
         "extern \"C\" {\n#endif\n\n" +
         FirstStages(api, arrays, tensors) +
         "__attribute__((visibility(\"default\")))\naclnnStatus " + api +
         "(\n    void *workspace,\n    uint64_t workspaceSize,\n    aclOpExecutor *executor,\n"
         "    aclrtStream stream);\n\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n";
}

// One first stage's definition: `function` fills a stage of `op` with its parameters.
std::string FirstStage(const std::string& function, const std::string& op,
                       const std::vector<Param>& params) {
  std::string s = "extern \"C\" " + Signature(function, params) + " {\n" +
                  "  opsim::aclnn::FirstStage stage;\n  stage.api = \"" + function +
                  "\";\n  stage.op_type = \"" + op + "\";\n";
  for (const Param& p : params) s += "  " + p.pass + "\n";
  return s + "  return opsim::aclnn::GetWorkspaceSize(stage, workspaceSize, executor);\n}\n\n";
}

std::string Source(const std::string& api, const std::string& header, const std::string& op,
                   const std::vector<Param>& arrays, const std::vector<Param>& tensors) {
  std::string s =
      "#include \"" + header + "\"\n\n" + FirstStage(api + "GetWorkspaceSize", op, arrays);
  if (HasTensorForm(arrays, tensors)) {
    s += FirstStage(api + "TensorGetWorkspaceSize", op, tensors);
  }
  return s + "extern \"C\" aclnnStatus " + api +
         "(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,\n    aclrtStream "
         "stream) {\n  return opsim::aclnn::Run(\"" +
         api + "\", workspace, workspaceSize, executor, stream);\n}\n";
}

}  // namespace

void WriteIfChanged(const std::string& path, const std::string& content) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream old;
  old << in.rdbuf();
  if (in && old.str() == content) return;
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

bool WriteAclnn(const ops::OpDef& def, const std::string& dir, std::string* source,
                std::string* why) {
  std::vector<Param> arrays;
  std::vector<Param> tensors;
  if (!Params(def, false, &arrays, why) || !Params(def, true, &tensors, why)) return false;
  const std::string& op = def.GetOpType();
  const std::string snake = op_api::KernelName(op);
  const std::string api = "aclnn" + op;
  const std::string header = "aclnn_" + snake + ".h";
  WriteIfChanged((fs::path(dir) / "include" / header).string(),
                 Header(api, "ACLNN_" + Upper(snake) + "_H_", arrays, tensors));
  *source += Source(api, header, op, arrays, tensors) + "\n";
  return true;
}

}  // namespace opsim::op_gen
