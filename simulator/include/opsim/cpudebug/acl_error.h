// The message aclGetRecentErrMsg returns: set by each failing acl call on its thread, and by the
// aclnn calls of libnnopbase (aclnn/), whose errors an application reads the same way. Exported
// by libascendcl.
#pragma once

#include <string>

#include "acl/acl_base.h"

namespace opsim::acl {

std::string& LastError();
// Records message as this thread's last error and returns code.
aclError Fail(aclError code, std::string message);

}  // namespace opsim::acl
