// `opsim exec --output-shape NAME=d0,d1,...`: the shape of an output as the caller allocates it.
// In CANN an aclnn caller allocates every output tensor, so an op whose InferShape leaves an
// output unset, or sets a shape the kernel writes less of, runs at the caller's shape.
#include <charconv>
#include <string>
#include <vector>

#include "exec_opdef.h"
#include "opsim/core/tensor.h"

namespace opsim::cli {
namespace {

Status Bad(const std::string& spec, const std::string& why) {
  return {ErrorCode::kInvalidParam, "--output-shape " + spec + ": " + why};
}

// "d0,d1,..." as dims: each a decimal integer of 0 or more, at most MAX_DIM of them.
Status ParseDims(const std::string& spec, const std::string& text, std::vector<int64_t>* dims) {
  if (text.empty()) return Bad(spec, "no dims after '=' (expected NAME=d0,d1,...)");
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    int64_t value = 0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size()) {
      return Bad(spec, "dim '" + item + "' is not an integer (expected NAME=d0,d1,...)");
    }
    if (value < 0) {
      return Bad(spec, "dim " + std::to_string(value) +
                           " is negative (a tensor's dims are 0 or "
                           "more)");
    }
    dims->push_back(value);
    start = end + 1;
  }
  if (dims->size() > MAX_DIM) {
    return Bad(spec,
               std::to_string(dims->size()) + " dims (at most " + std::to_string(MAX_DIM) + ")");
  }
  return Status::Ok();
}

}  // namespace

std::string NoSuchOutput(const ops::OpDef& def, const std::string& name) {
  std::string names;
  for (const ops::OpParamDef& p : def.GetOutputs()) {
    if (p.GetName() == name) return "";
    names += (names.empty() ? "" : ", ") + p.GetName();
  }
  return def.GetOpType() + " has no output named '" + name +
         "' (its outputs: " + (names.empty() ? std::string("none") : names) + ")";
}

Status ParseOutputShapes(const ops::OpDef& def, const std::vector<std::string>& specs,
                         AttrMap* out) {
  for (const std::string& spec : specs) {
    const size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Bad(spec, "expected NAME=d0,d1,... (an output's name, '=', its dims)");
    }
    const std::string name = spec.substr(0, eq);
    if (const std::string why = NoSuchOutput(def, name); !why.empty()) return Bad(spec, why);
    if (out->count(">" + name) > 0) return Bad(spec, "'" + name + "' is given twice");
    std::vector<int64_t> dims;
    OPSIM_RETURN_IF_ERROR(ParseDims(spec, spec.substr(eq + 1), &dims));
    (*out)[">" + name] = std::move(dims);
  }
  return Status::Ok();
}

}  // namespace opsim::cli
