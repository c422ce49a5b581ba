// The aclnn headers as an application includes them: the AclNN sample compiles with -std=c++11,
// generated operator headers include aclnn/acl_meta.h. Built with every warning an error.
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "opdev/op_errno.h"

int OpsimAclnnHeadersCompile() { return OK + ACLNN_SUCCESS; }
