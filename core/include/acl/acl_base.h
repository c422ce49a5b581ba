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
// AscendCL's codes (1xxxxx: a parameter or state the caller got wrong, 2xxxxx: a resource or a
// feature, 3xxxxx: storage, 5xxxxx: inside), by CANN's numbering.
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_INVALID_FILE = 100003;
static const int ACL_ERROR_WRITE_FILE = 100004;
static const int ACL_ERROR_INVALID_FILE_SIZE = 100005;
static const int ACL_ERROR_PARSE_FILE = 100006;
static const int ACL_ERROR_FILE_MISSING_ATTR = 100007;
static const int ACL_ERROR_FILE_ATTR_INVALID = 100008;
static const int ACL_ERROR_INVALID_DUMP_CONFIG = 100009;
static const int ACL_ERROR_INVALID_PROFILING_CONFIG = 100010;
static const int ACL_ERROR_INVALID_MODEL_ID = 100011;
static const int ACL_ERROR_DESERIALIZE_MODEL = 100012;
static const int ACL_ERROR_PARSE_MODEL = 100013;
static const int ACL_ERROR_READ_MODEL_FAILURE = 100014;
static const int ACL_ERROR_MODEL_SIZE_INVALID = 100015;
static const int ACL_ERROR_MODEL_MISSING_ATTR = 100016;
static const int ACL_ERROR_MODEL_INPUT_NOT_MATCH = 100017;
static const int ACL_ERROR_MODEL_OUTPUT_NOT_MATCH = 100018;
static const int ACL_ERROR_MODEL_NOT_DYNAMIC = 100019;
static const int ACL_ERROR_OP_TYPE_NOT_MATCH = 100020;
static const int ACL_ERROR_OP_INPUT_NOT_MATCH = 100021;
static const int ACL_ERROR_OP_OUTPUT_NOT_MATCH = 100022;
static const int ACL_ERROR_OP_ATTR_NOT_MATCH = 100023;
static const int ACL_ERROR_OP_NOT_FOUND = 100024;
static const int ACL_ERROR_OP_LOAD_FAILED = 100025;
static const int ACL_ERROR_UNSUPPORTED_DATA_TYPE = 100026;
static const int ACL_ERROR_FORMAT_NOT_MATCH = 100027;
static const int ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED = 100028;
static const int ACL_ERROR_KERNEL_NOT_FOUND = 100029;
static const int ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED = 100030;
static const int ACL_ERROR_KERNEL_ALREADY_REGISTERED = 100031;
static const int ACL_ERROR_INVALID_QUEUE_ID = 100032;
static const int ACL_ERROR_REPEAT_SUBSCRIBE = 100033;
static const int ACL_ERROR_STREAM_NOT_SUBSCRIBE = 100034;
static const int ACL_ERROR_THREAD_NOT_SUBSCRIBE = 100035;
static const int ACL_ERROR_WAIT_CALLBACK_TIMEOUT = 100036;
static const int ACL_ERROR_REPEAT_FINALIZE = 100037;
static const int ACL_ERROR_NOT_STATIC_AIPP = 100038;
static const int ACL_ERROR_COMPILING_STUB_MODE = 100039;
static const int ACL_ERROR_GROUP_NOT_SET = 100040;
static const int ACL_ERROR_GROUP_NOT_CREATE = 100041;
static const int ACL_ERROR_PROF_ALREADY_RUN = 100042;
static const int ACL_ERROR_PROF_NOT_RUN = 100043;
static const int ACL_ERROR_DUMP_ALREADY_RUN = 100044;
static const int ACL_ERROR_DUMP_NOT_RUN = 100045;
static const int ACL_ERROR_PROF_REPEAT_SUBSCRIBE = 148046;
static const int ACL_ERROR_PROF_API_CONFLICT = 148047;
static const int ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG = 148048;
static const int ACL_ERROR_INVALID_OPP_PATH = 148049;
static const int ACL_ERROR_OP_UNSUPPORTED_DYNAMIC = 148050;
static const int ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED = 148051;
static const int ACL_ERROR_UNSUPPORTED_JPEG = 148052;
static const int ACL_ERROR_INVALID_BUNDLE_MODEL_ID = 148053;
static const int ACL_ERROR_BAD_ALLOC = 200000;
static const int ACL_ERROR_API_NOT_SUPPORT = 200001;
static const int ACL_ERROR_INVALID_DEVICE = 200002;
static const int ACL_ERROR_MEMORY_ADDRESS_UNALIGNED = 200003;
static const int ACL_ERROR_RESOURCE_NOT_MATCH = 200004;
static const int ACL_ERROR_INVALID_RESOURCE_HANDLE = 200005;
static const int ACL_ERROR_FEATURE_UNSUPPORTED = 200006;
static const int ACL_ERROR_PROF_MODULES_UNSUPPORTED = 200007;
static const int ACL_ERROR_STORAGE_OVER_LIMIT = 300000;
static const int ACL_ERROR_INTERNAL_ERROR = 500000;
static const int ACL_ERROR_FAILURE = 500001;
static const int ACL_ERROR_GE_FAILURE = 500002;
static const int ACL_ERROR_RT_FAILURE = 500003;
static const int ACL_ERROR_DRV_FAILURE = 500004;
static const int ACL_ERROR_PROFILING_FAILURE = 500005;
// The runtime's codes AscendCL passes through (107xxx, 207xxx, 507xxx).
static const int ACL_RT_SUCCESS = 0;
static const int ACL_ERROR_RT_PARAM_INVALID = 107000;
static const int ACL_ERROR_RT_INVALID_DEVICEID = 107001;
static const int ACL_ERROR_RT_CONTEXT_NULL = 107002;
static const int ACL_ERROR_RT_STREAM_CONTEXT = 107003;
static const int ACL_ERROR_RT_MODEL_CONTEXT = 107004;
static const int ACL_ERROR_RT_STREAM_MODEL = 107005;
static const int ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID = 107006;
static const int ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL = 107007;
static const int ACL_ERROR_RT_ADDR_UNALIGNED = 107008;
static const int ACL_ERROR_RT_FILE_OPEN = 107009;
static const int ACL_ERROR_RT_FILE_WRITE = 107010;
static const int ACL_ERROR_RT_STREAM_SUBSCRIBE = 107011;
static const int ACL_ERROR_RT_THREAD_SUBSCRIBE = 107012;
static const int ACL_ERROR_RT_GROUP_NOT_SET = 107013;
static const int ACL_ERROR_RT_GROUP_NOT_CREATE = 107014;
static const int ACL_ERROR_RT_STREAM_NO_CB_REG = 107015;
static const int ACL_ERROR_RT_INVALID_MEMORY_TYPE = 107016;
static const int ACL_ERROR_RT_INVALID_HANDLE = 107017;
static const int ACL_ERROR_RT_INVALID_MALLOC_TYPE = 107018;
static const int ACL_ERROR_RT_WAIT_TIMEOUT = 107019;
static const int ACL_ERROR_RT_TASK_TIMEOUT = 107020;
static const int ACL_ERROR_RT_FEATURE_NOT_SUPPORT = 207000;
static const int ACL_ERROR_RT_MEMORY_ALLOCATION = 207001;
static const int ACL_ERROR_RT_MEMORY_FREE = 207002;
static const int ACL_ERROR_RT_AICORE_OVER_FLOW = 207003;
static const int ACL_ERROR_RT_NO_DEVICE = 207004;
static const int ACL_ERROR_RT_RESOURCE_ALLOC_FAIL = 207005;
static const int ACL_ERROR_RT_NO_PERMISSION = 207006;
static const int ACL_ERROR_RT_NO_EVENT_RESOURCE = 207007;
static const int ACL_ERROR_RT_NO_STREAM_RESOURCE = 207008;
static const int ACL_ERROR_RT_NO_NOTIFY_RESOURCE = 207009;
static const int ACL_ERROR_RT_NO_MODEL_RESOURCE = 207010;
static const int ACL_ERROR_RT_NO_CDQ_RESOURCE = 207011;
static const int ACL_ERROR_RT_OVER_LIMIT = 207012;
static const int ACL_ERROR_RT_QUEUE_EMPTY = 207013;
static const int ACL_ERROR_RT_QUEUE_FULL = 207014;
static const int ACL_ERROR_RT_REPEATED_INIT = 207015;
static const int ACL_ERROR_RT_AIVEC_OVER_FLOW = 207016;
static const int ACL_ERROR_RT_OVER_FLOW = 207017;
static const int ACL_ERROR_RT_INTERNAL_ERROR = 507000;
static const int ACL_ERROR_RT_TS_ERROR = 507001;
static const int ACL_ERROR_RT_STREAM_TASK_FULL = 507002;
static const int ACL_ERROR_RT_STREAM_TASK_EMPTY = 507003;
static const int ACL_ERROR_RT_STREAM_NOT_COMPLETE = 507004;
static const int ACL_ERROR_RT_END_OF_SEQUENCE = 507005;
static const int ACL_ERROR_RT_EVENT_NOT_COMPLETE = 507006;
static const int ACL_ERROR_RT_CONTEXT_RELEASE_ERROR = 507007;
static const int ACL_ERROR_RT_SOC_VERSION = 507008;
static const int ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT = 507009;
static const int ACL_ERROR_RT_LOST_HEARTBEAT = 507010;
static const int ACL_ERROR_RT_MODEL_EXECUTE = 507011;
static const int ACL_ERROR_RT_REPORT_TIMEOUT = 507012;
static const int ACL_ERROR_RT_SYS_DMA = 507013;
static const int ACL_ERROR_RT_AICORE_TIMEOUT = 507014;
static const int ACL_ERROR_RT_AICORE_EXCEPTION = 507015;
static const int ACL_ERROR_RT_AICORE_TRAP_EXCEPTION = 507016;
static const int ACL_ERROR_RT_AICPU_TIMEOUT = 507017;
static const int ACL_ERROR_RT_AICPU_EXCEPTION = 507018;
static const int ACL_ERROR_RT_AICPU_DATADUMP_RSP_ERR = 507019;
static const int ACL_ERROR_RT_AICPU_MODEL_RSP_ERR = 507020;
static const int ACL_ERROR_RT_PROFILING_ERROR = 507021;
static const int ACL_ERROR_RT_IPC_ERROR = 507022;
static const int ACL_ERROR_RT_MODEL_ABORT_NORMAL = 507023;
static const int ACL_ERROR_RT_KERNEL_UNREGISTERING = 507024;
static const int ACL_ERROR_RT_RINGBUFFER_NOT_INIT = 507025;
static const int ACL_ERROR_RT_RINGBUFFER_NO_DATA = 507026;
static const int ACL_ERROR_RT_KERNEL_LOOKUP = 507027;
static const int ACL_ERROR_RT_KERNEL_DUPLICATE = 507028;
static const int ACL_ERROR_RT_DEBUG_REGISTER_FAIL = 507029;
static const int ACL_ERROR_RT_DEBUG_UNREGISTER_FAIL = 507030;
static const int ACL_ERROR_RT_LABEL_CONTEXT = 507031;
static const int ACL_ERROR_RT_PROGRAM_USE_OUT = 507032;
static const int ACL_ERROR_RT_DEV_SETUP_ERROR = 507033;
static const int ACL_ERROR_RT_VECTOR_CORE_TIMEOUT = 507034;
static const int ACL_ERROR_RT_VECTOR_CORE_EXCEPTION = 507035;
static const int ACL_ERROR_RT_VECTOR_CORE_TRAP_EXCEPTION = 507036;
static const int ACL_ERROR_RT_CDQ_BATCH_ABNORMAL = 507037;
static const int ACL_ERROR_RT_DIE_MODE_CHANGE_ERROR = 507038;
static const int ACL_ERROR_RT_DIE_SET_ERROR = 507039;
static const int ACL_ERROR_RT_INVALID_DIEID = 507040;
static const int ACL_ERROR_RT_DIE_MODE_NOT_SET = 507041;
static const int ACL_ERROR_RT_AICORE_TRAP_READ_OVERFLOW = 507042;
static const int ACL_ERROR_RT_AICORE_TRAP_WRITE_OVERFLOW = 507043;
static const int ACL_ERROR_RT_VECTOR_CORE_TRAP_READ_OVERFLOW = 507044;
static const int ACL_ERROR_RT_VECTOR_CORE_TRAP_WRITE_OVERFLOW = 507045;
static const int ACL_ERROR_RT_STREAM_SYNC_TIMEOUT = 507046;
static const int ACL_ERROR_RT_EVENT_SYNC_TIMEOUT = 507047;
static const int ACL_ERROR_RT_FFTS_PLUS_TIMEOUT = 507048;
static const int ACL_ERROR_RT_FFTS_PLUS_EXCEPTION = 507049;
static const int ACL_ERROR_RT_FFTS_PLUS_TRAP_EXCEPTION = 507050;
static const int ACL_ERROR_RT_DRV_INTERNAL_ERROR = 507899;
static const int ACL_ERROR_RT_AICPU_INTERNAL_ERROR = 507900;
static const int ACL_ERROR_RT_SOCKET_CLOSE = 507901;

/* In C++ the two enums below have int32_t as their fixed underlying type (CANN's leave it to the
 * compiler: int for these values, the same size): then every int32_t a caller casts to them is a
 * value of the type, and the checks that refuse an unknown dtype or format (aclCreateTensor,
 * opsim's TensorDesc) compare it without undefined behaviour. */
#ifdef __cplusplus
#define OPSIM_ACL_ENUM_INT32 : int32_t
#else
#define OPSIM_ACL_ENUM_INT32
#endif

typedef enum OPSIM_ACL_ENUM_INT32 {
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
  ACL_INT4 = 29,
  ACL_UINT1 = 30,
  ACL_COMPLEX32 = 33,
  ACL_HIFLOAT8 = 34,
  ACL_FLOAT8_E5M2 = 35,
  ACL_FLOAT8_E4M3FN = 36,
  ACL_FLOAT8_E8M0 = 37,
} aclDataType;

typedef enum OPSIM_ACL_ENUM_INT32 {
  ACL_FORMAT_UNDEFINED = -1,
  ACL_FORMAT_NCHW = 0,
  ACL_FORMAT_NHWC = 1,
  ACL_FORMAT_ND = 2,
  ACL_FORMAT_NC1HWC0 = 3,
  ACL_FORMAT_FRACTAL_Z = 4,
  ACL_FORMAT_NC1HWC0_C04 = 12,
  ACL_FORMAT_HWCN = 16,
  ACL_FORMAT_NDHWC = 27,
  ACL_FORMAT_FRACTAL_NZ = 29,
  ACL_FORMAT_NCDHW = 30,
  ACL_FORMAT_NDC1HWC0 = 32,
  ACL_FRACTAL_Z_3D = 33,
  ACL_FORMAT_NC = 35,
  ACL_FORMAT_NCL = 47,
} aclFormat;

// IEEE binary16 <-> float32; float to half rounds to nearest even, NaN stays NaN.
float aclFloat16ToFloat(aclFloat16 value);
aclFloat16 aclFloatToFloat16(float value);
// Bytes of one element; 0 for ACL_DT_UNDEFINED, ACL_STRING, the sub-byte types (ACL_INT4,
// ACL_UINT1) and unknown values.
size_t aclDataTypeSize(aclDataType dataType);
// The message of the last failed call on this thread ("" when none failed).
const char* aclGetRecentErrMsg(void);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACL_ACL_BASE_H_
