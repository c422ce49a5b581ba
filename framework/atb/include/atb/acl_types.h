// What ATB's headers take from ACL: aclDataType and aclFormat at global scope with ACL's values,
// and the aclrtStream handle, from opsim's AscendCL headers (acl/, libascendcl) as in ATB. opsim's
// core keeps its own copies in namespace opsim with the same numbers, and the facade converts
// between the two by value.
#pragma once

#include "acl/acl_base.h"
#include "acl/acl_rt.h"
