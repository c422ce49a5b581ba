// The aclnn headers as an application includes them: the AclNN sample compiles with -std=c++11,
// generated operator headers include aclnn/acl_meta.h, and CANN applications include the
// built-in operators' aclnnop/aclnn_<name>.h (libopapi). Built with every warning an error.
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_argmin.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_prod.h"
#include "aclnnop/aclnn_reciprocal.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_sign.h"
#include "aclnnop/aclnn_sqrt.h"
#include "aclnnop/aclnn_sub.h"
#include "opdev/op_errno.h"

int OpsimAclnnHeadersCompile() { return OK + ACLNN_SUCCESS; }
