#include "kernel_tiling_struct.h"

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "register/tilingdata_base.h"

namespace opsim::op_gen {
namespace {

// The first argument of every `macro(name, ...)` in `texts`, in order (a name: letters, digits, _).
std::vector<std::string> FirstArgumentsOf(const std::string& macro,
                                          const std::vector<std::string>& texts) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  const auto is_name = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  };
  std::vector<std::string> names;
  for (const std::string& text : texts) {
    size_t pos = 0;
    while ((pos = text.find(macro, pos)) != std::string::npos) {
      pos += macro.size();
      size_t p = pos;
      while (p < text.size() && is_space(text[p])) ++p;
      if (p >= text.size() || text[p] != '(') continue;
      ++p;
      while (p < text.size() && is_space(text[p])) ++p;
      size_t e = p;
      while (e < text.size() && is_name(text[e])) ++e;
      names.push_back(text.substr(p, e - p));
    }
  }
  return names;
}

// Whether some header declares `name` with BEGIN_TILING_DATA_DEF(name).
bool DeclaredIn(const std::string& name, const std::vector<std::string>& texts) {
  for (const std::string& declared : FirstArgumentsOf("BEGIN_TILING_DATA_DEF", texts)) {
    if (declared == name) return true;
  }
  return false;
}

// Appends the struct of `def` to *out after the project structs it nests (each once).
void EmitStruct(const optiling::TilingDef& def, const std::vector<std::string>& texts,
                std::set<std::string>* emitted, std::ostringstream* out) {
  const std::string name = def.GetTilingClassName();
  if (!emitted->insert(name).second) return;
  for (const optiling::TilingDef::FieldDesc& f : def.FieldDescs()) {
    const optiling::TilingDef* child = def.NestedOf(f);
    if (child != nullptr && DeclaredIn(child->GetTilingClassName(), texts)) {
      EmitStruct(*child, texts, emitted, out);
    }
  }
  *out << "struct " << name << " {\n";
  for (const optiling::TilingDef::FieldDesc& f : def.FieldDescs()) {
    const optiling::TilingDef* child = def.NestedOf(f);
    // A nested struct sits at a multiple of 8 B, as on the host side (TilingDef::AddNested).
    *out << "  "
         << (child != nullptr ? std::string("alignas(8) ") + child->GetTilingClassName() : f.type)
         << " " << f.name;
    if (f.count > 0) *out << "[" << f.count << "]";
    *out << ";\n";
  }
  *out << "};\n";
}

// The names `texts` register a class under for op_type's tiling keys:
// REGISTER_TILING_DATA_CLASS(<op_type>_<key>, ...), as ada_layer_norm_grad's AdaLayerNormGrad_101.
std::vector<std::string> KeyRegistrations(const std::string& op_type,
                                          const std::vector<std::string>& texts) {
  std::vector<std::string> names;
  const std::string prefix = op_type + "_";
  for (const std::string& name : FirstArgumentsOf("REGISTER_TILING_DATA_CLASS", texts)) {
    if (name.compare(0, prefix.size(), prefix) == 0) names.push_back(name);
  }
  return names;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string KernelTilingStruct(const std::string& op_type, const std::vector<std::string>& headers,
                               std::string* error) {
  const std::shared_ptr<optiling::TilingDef> def =
      optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance(op_type.c_str());
  if (def == nullptr) {
    *error = op_type + ": a header registers its tiling data (REGISTER_TILING_DATA_CLASS) but " +
             "the library's host part holds no such class";
    return "";
  }
  std::vector<std::string> texts;
  for (const std::string& h : headers) texts.push_back(ReadText(h));
  std::ostringstream out;
  out << "#include \"tiling/tiling_api.h\"\n";
  out << "namespace optiling {\n";
  std::set<std::string> emitted;
  EmitStruct(*def, texts, &emitted, &out);
  // CANN's kernel build declares every struct registered for the op's keys too: a kernel names
  // one in GET_TILING_DATA_WITH_STRUCT (ada_layer_norm_grad, adaptive_max_pool3d).
  for (const std::string& name : KeyRegistrations(op_type, texts)) {
    const std::shared_ptr<optiling::TilingDef> keyed =
        optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance(name.c_str());
    if (keyed != nullptr) EmitStruct(*keyed, texts, &emitted, &out);
  }
  out << "using OpsimTilingDataOf_" << op_type << " = " << def->GetTilingClassName() << ";\n";
  out << "}  // namespace optiling\n";
  return out.str();
}

}  // namespace opsim::op_gen
