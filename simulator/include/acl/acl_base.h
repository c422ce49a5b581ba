// AscendCL's base vocabulary as CPU-debug programs use it: error codes, aclFloat16, data types
// and their conversions. Numbering as in CANN's acl_base.h. Plain C: safe across string ABIs.
#ifndef OPSIM_ACL_ACL_BASE_H_
#define OPSIM_ACL_ACL_BASE_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int aclError;
typedef uint16_t aclFloat16;

static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_NONE = 0;
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_BAD_ALLOC = 200000;

typedef enum {
  ACL_DT_UNDEFINED = -1,
  ACL_FLOAT = 0,
  ACL_FLOAT16 = 1,
  ACL_INT8 = 2,
  ACL_INT32 = 3,
  ACL_UINT8 = 4,
  ACL_INT16 = 6,
  ACL_UINT16 = 7,
  ACL_UINT32 = 8,
  ACL_INT64 = 9,
  ACL_UINT64 = 10,
  ACL_DOUBLE = 11,
  ACL_BOOL = 12,
  ACL_STRING = 13,
  ACL_COMPLEX64 = 16,
  ACL_COMPLEX128 = 17,
  ACL_BF16 = 27,
} aclDataType;

// IEEE binary16 <-> float32; float to half rounds to nearest even, NaN stays NaN.
float aclFloat16ToFloat(aclFloat16 value);
aclFloat16 aclFloatToFloat16(float value);
// Bytes of one element; 0 for ACL_DT_UNDEFINED, ACL_STRING and unknown values.
size_t aclDataTypeSize(aclDataType dataType);
// The message of the last failed call on this thread ("" when none failed).
const char* aclGetRecentErrMsg(void);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACL_ACL_BASE_H_
