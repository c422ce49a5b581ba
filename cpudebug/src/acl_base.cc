// acl_base.h: half conversions (opsim's one round-to-nearest-even definition), dtype sizes and
// the per-thread last error message.
#include "acl/acl_base.h"

#include "opsim/core/float16.h"
#include "opsim/cpudebug/acl_error.h"

extern "C" float aclFloat16ToFloat(aclFloat16 value) { return opsim::HalfBitsToFloat(value); }

extern "C" aclFloat16 aclFloatToFloat16(float value) { return opsim::FloatToHalfBits(value); }

extern "C" size_t aclDataTypeSize(aclDataType dataType) {
  switch (dataType) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0: return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32: return 4;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    case ACL_DT_UNDEFINED:
    case ACL_STRING:
    case ACL_INT4:  // less than a byte per element
    case ACL_UINT1: return 0;
  }
  return 0;
}

extern "C" const char* aclGetRecentErrMsg(void) { return opsim::acl::LastError().c_str(); }
