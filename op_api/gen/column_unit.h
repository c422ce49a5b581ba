// The text of one kernel unit opsim_op_gen writes: the kernel file compiled with one dtype
// column's DTYPE_<NAME>/ORIG_DTYPE_<NAME> macros inside a namespace of its own, its entry
// renamed, and registrars for the columns (and, for a template kernel, the keys) it serves.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ascendc/host_api/tiling/template_argument.h"
#include "register/op_def.h"

namespace opsim::op_gen {

// The keys one unit of a kernel testing TILING_KEY_VAR in #if registers, TILING_KEY_VAR being
// the first of them there.
struct KeyGroup {
  std::vector<uint64_t> keys;
};

// What a unit is made of besides its column: the kernel file, the op's tiling header (or "")
// and, for a header among the host sources, the struct generated from it (or "").
struct UnitSources {
  std::string kernel;
  std::string tiling_header;
  std::string tiling_struct;
};

// The unit compiling the kernel with dtype column `column`'s macros, registered for each of
// `registered` (the column itself, or every column when the kernel names no column macro);
// `templates` for a template kernel (one registrar per selected key), `group` for one key group.
// "" and `error` set when the template selection breaks CANN's rules.
std::string ColumnUnit(const ops::OpDef& def, size_t column, const std::vector<size_t>& registered,
                       const UnitSources& sources, const AscendC::TemplateArguments* templates,
                       bool auto_sync, const KeyGroup* group, std::string* error);

}  // namespace opsim::op_gen
