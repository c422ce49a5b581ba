#include "opsim/cpudebug/acl_error.h"

namespace opsim::acl {

std::string& LastError() {
  thread_local std::string message;
  return message;
}

aclError Fail(aclError code, std::string message) {
  LastError() = std::move(message);
  return code;
}

}  // namespace opsim::acl
