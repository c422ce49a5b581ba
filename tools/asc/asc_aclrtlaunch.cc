#include "asc_aclrtlaunch.h"

#include <cctype>
#include <cstddef>
#include <vector>

namespace opsim::asc {
namespace {

struct Param {
  std::string type;  // as the kernel declares it
  std::string name;
};

// "uint8_t* x" -> {"uint8_t*", "x"}; an unnamed parameter gets one.
Param SplitParam(const std::string& decl, size_t index) {
  size_t end = decl.size();
  size_t begin = end;
  while (begin > 0 && (std::isalnum(static_cast<unsigned char>(decl[begin - 1])) != 0 ||
                       decl[begin - 1] == '_')) {
    --begin;
  }
  std::string type = decl.substr(0, begin);
  while (!type.empty() && std::isspace(static_cast<unsigned char>(type.back())) != 0) {
    type.pop_back();
  }
  if (type.empty() || begin == end) return {decl, "opsim_arg" + std::to_string(index)};
  return {type, decl.substr(begin, end - begin)};
}

std::vector<Param> Params(const KernelEntry& k) {
  std::vector<Param> out;
  for (size_t i = 0; i < k.params.size(); ++i) out.push_back(SplitParam(k.params[i], i));
  return out;
}

bool IsPointer(const Param& p) { return p.type.find('*') != std::string::npos; }

// An arithmetic type, passed by value; a structure (a tiling) is passed by pointer, as CANN's
// generated entries take it.
bool IsScalar(const Param& p) {
  static const char* words[] = {"char",   "short", "int",  "long",   "float",
                                "double", "bool",  "half", "signed", "unsigned"};
  std::string t = p.type;
  if (t.rfind("const ", 0) == 0) t.erase(0, 6);
  if (t.size() > 2 && t.compare(t.size() - 2, 2, "_t") == 0) return true;  // uint32_t, size_t
  for (const char* w : words) {
    if (t == w || t.rfind(std::string(w) + " ", 0) == 0) return true;
  }
  return false;
}

// The entry's parameter type: GM pointers are void*, structures pointers to them.
std::string EntryType(const Param& p) {
  if (IsPointer(p)) return "void*";
  return IsScalar(p) ? p.type : p.type + "*";
}

std::string Signature(const KernelEntry& k, const char* blocks, const char* stream) {
  std::string s =
      "extern \"C\" uint32_t aclrtlaunch_" + k.name + "(uint32_t " + blocks + ", void* " + stream;
  for (const Param& p : Params(k)) s += ", " + EntryType(p) + " " + p.name;
  return s + ")";
}

}  // namespace

std::string AclrtlaunchHeader(const KernelEntry& k) {
  std::string guard = "HEADER_ACLRTLAUNCH_" + k.name + "_H";
  for (char& c : guard) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "#ifndef " + guard + "\n#define " + guard +
         "\n#include \"acl/acl_base.h\"\n\n#ifndef ACLRT_LAUNCH_KERNEL\n"
         "#define ACLRT_LAUNCH_KERNEL(kernel_func) aclrtlaunch_##kernel_func\n#endif\n\n" +
         Signature(k, "numBlocks", "stream") + ";\n#endif\n";
}

std::string AclrtlaunchDefinition(const KernelEntry& k) {
  std::string args;
  for (const Param& p : Params(k)) {
    const std::string arg = IsPointer(p)  ? "reinterpret_cast<" + p.type + ">(" + p.name + ")"
                            : IsScalar(p) ? p.name
                                          : "*" + p.name;
    args += (args.empty() ? "" : ", ") + arg;
  }
  return "\n# 1 \"aclrtlaunch_" + k.name + ".h\"\n" + Signature(k, "opsim_blocks", "opsim_stream") +
         " { " + k.name + "<<<opsim_blocks, nullptr, opsim_stream>>>(" + args + "); return 0; }\n";
}

}  // namespace opsim::asc
