// AscendCL for CPU-debug programs (library ascendcl): the base helpers and the runtime calls
// opsim implements (acl_base.h, acl_rt.h).
#ifndef OPSIM_ACL_ACL_H_
#define OPSIM_ACL_ACL_H_

#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#endif  // OPSIM_ACL_ACL_H_
