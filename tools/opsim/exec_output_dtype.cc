// `opsim exec --output-dtype NAME=DTYPE`: the type of an output as the caller allocates it. In
// CANN the aclnn caller's output tensors take part in choosing the kernel, so an op whose dtype
// columns differ only in an output's type (ops-math's Bincount: one column per type of `bins`
// for the same inputs) is run in the column the caller's output names.
#include <string>
#include <vector>

#include "exec_opdef.h"
#include "opsim/core/dtype.h"
#include "opsim/core/tensor.h"

namespace opsim::cli {
namespace {

Status BadOutputDType(const std::string& spec, const std::string& why) {
  return {ErrorCode::kInvalidParam, "--output-dtype " + spec + ": " + why};
}

std::string KnownDTypes() {
  std::string names;
  for (DType dtype : AllDTypes())
    names += (names.empty() ? "" : ", ") + std::string(DTypeName(dtype));
  return names;
}

}  // namespace

Status ParseOutputDTypes(const ops::OpDef& def, const std::vector<std::string>& specs,
                         AttrMap* out) {
  for (const std::string& spec : specs) {
    const size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      return BadOutputDType(spec,
                            "expected NAME=DTYPE (an output's name, '=', a dtype such as float32)");
    }
    const std::string name = spec.substr(0, eq);
    if (const std::string why = NoSuchOutput(def, name); !why.empty()) {
      return BadOutputDType(spec, why);
    }
    if (out->count("<" + name) > 0) return BadOutputDType(spec, "'" + name + "' is given twice");
    const std::string text = spec.substr(eq + 1);
    const std::optional<DType> dtype = ParseDType(text);
    if (!dtype) {
      return BadOutputDType(
          spec, "'" + text + "' is no dtype opsim can hold (one of " + KnownDTypes() + ")");
    }
    // The ACL number, which GE's DataType shares: the operation reads "<NAME" as either.
    (*out)["<" + name] = static_cast<int64_t>(AclFromDType(*dtype));
  }
  return Status::Ok();
}

}  // namespace opsim::cli
