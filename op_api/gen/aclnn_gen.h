// The single-operator API CANN's operator build generates for each OpDef (aclnn_<op>.h with
// aclnn<Op>GetWorkspaceSize and aclnn<Op>), written by opsim_op_gen --aclnn DIR into
// DIR/include and DIR/src; the source hands its arguments to opsim/aclnn/two_stage.h.
#pragma once

#include <string>

#include "register/op_def.h"

namespace opsim::op_gen {

// Writes DIR/include/aclnn_<snake>.h for `def` (an unchanged file is not rewritten) and appends
// its two functions to *source (one source for the library: its name is known before the
// OpDefs are). False with *why when the OpDef has what the functions cannot take yet (a DYNAMIC
// parameter): nothing is written then.
bool WriteAclnn(const ops::OpDef& def, const std::string& dir, std::string* source,
                std::string* why);

// Writes `content` to `path` unless the file holds it already (so that the build does not
// recompile what did not change).
void WriteIfChanged(const std::string& path, const std::string& content);

}  // namespace opsim::op_gen
