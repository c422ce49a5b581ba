// The text of a template tiling key: its fields as ASCENDC_TPL_ARGS_DECL laid them out, for the
// message that refuses a key no instantiation of the kernel matches.
#include <string>

#include "graph/types.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::op_api {
namespace {

constexpr uint32_t kDtypeKind = 0;  // ASCENDC_TPL_DTYPE: a ge::DataType number (or the user's)
constexpr uint32_t kUintKind = 2;   // ASCENDC_TPL_UINT: the code is an index into the values
constexpr uint32_t kBoolKind = 3;

std::string FieldText(const TemplateKeyField& field, uint64_t code) {
  const std::string value = std::to_string(code);
  if (field.kind == kUintKind) {
    if (code < field.values.size()) return std::to_string(field.values[code]);
    return "code " + value + " (not declared)";
  }
  if (field.kind == kBoolKind) return code == 0 ? "false" : "true";
  if (field.kind == kDtypeKind && code < 64) {
    const std::string name = ge::DataTypeName(static_cast<ge::DataType>(code));
    if (!name.empty() && name.find("UNDEFINED") == std::string::npos &&
        name.find("unknown") == std::string::npos) {
      return value + " (" + name + ")";
    }
  }
  return value;
}

}  // namespace

std::string DescribeTemplateKey(const TemplateKeyLayout& layout, uint64_t key) {
  std::string text;
  uint32_t offset = 0;
  for (const TemplateKeyField& field : layout) {
    if (field.bits == 0) continue;
    if (offset + field.bits > 64) break;
    const uint64_t mask = field.bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << field.bits) - 1;
    const uint64_t code = (key >> offset) & mask;
    offset += field.bits;
    text += (text.empty() ? "" : ", ") + field.name + "=" + FieldText(field, code);
  }
  if (offset < 64 && (key >> offset) != 0) {
    text += std::string(text.empty() ? "" : ", ") + "bits above the declared fields";
  }
  return text.empty() ? "no declared fields" : text;
}

}  // namespace opsim::op_api
