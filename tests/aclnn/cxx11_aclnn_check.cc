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

// AscendCL's error codes as CANN's documents number them (the ops-math examples return
// ACL_ERROR_FAILURE when a call fails; runtime codes pass through).
static_assert(ACL_ERROR_INVALID_PARAM == 100000 && ACL_ERROR_REPEAT_FINALIZE == 100037 &&
                  ACL_ERROR_PROF_REPEAT_SUBSCRIBE == 148046 && ACL_ERROR_BAD_ALLOC == 200000 &&
                  ACL_ERROR_STORAGE_OVER_LIMIT == 300000 && ACL_ERROR_INTERNAL_ERROR == 500000 &&
                  ACL_ERROR_FAILURE == 500001 && ACL_ERROR_PROFILING_FAILURE == 500005,
              "AscendCL error codes");
static_assert(ACL_ERROR_RT_PARAM_INVALID == 107000 && ACL_ERROR_RT_FEATURE_NOT_SUPPORT == 207000 &&
                  ACL_ERROR_RT_AICORE_EXCEPTION == 507015 && ACL_ERROR_RT_SOCKET_CLOSE == 507901,
              "runtime error codes");
