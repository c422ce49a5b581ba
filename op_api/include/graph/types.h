// CANN's graph-engine vocabulary an operator project names: ge::DataType and ge::Format with
// CANN's numbers (unscoped, because public projects compare them with integers), graphStatus.
#pragma once

#include <cstddef>
#include <cstdint>

// CANN's graph/types.h includes its C spellings (C_DT_FLOAT, ...), so operator code that includes
// only op_def_registry.h names them in ASCENDC_TPL_DATATYPE keys.
#include "graph/c_types.h"

namespace ge {

enum DataType {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT32 = 8,
  DT_INT64 = 9,
  DT_UINT64 = 10,
  DT_DOUBLE = 11,
  DT_BOOL = 12,
  DT_STRING = 13,
  DT_DUAL_SUB_INT8 = 14,
  DT_DUAL_SUB_UINT8 = 15,
  DT_COMPLEX64 = 16,
  DT_COMPLEX128 = 17,
  DT_QINT8 = 18,
  DT_QINT16 = 19,
  DT_QINT32 = 20,
  DT_QUINT8 = 21,
  DT_QUINT16 = 22,
  DT_RESOURCE = 23,
  DT_STRING_REF = 24,
  DT_DUAL = 25,
  DT_VARIANT = 26,
  DT_BF16 = 27,
  DT_UNDEFINED = 28,
  DT_INT4 = 29,
  DT_UINT1 = 30,
  DT_INT2 = 31,
  DT_UINT2 = 32,
  DT_COMPLEX32 = 33,
  DT_HIFLOAT8 = 34,
  DT_FLOAT8_E5M2 = 35,
  DT_FLOAT8_E4M3FN = 36,
  DT_FLOAT8_E8M0 = 37,
  DT_FLOAT6_E3M2 = 38,
  DT_FLOAT6_E2M3 = 39,
  DT_FLOAT4_E2M1 = 40,
  DT_FLOAT4_E1M2 = 41,
  DT_HIFLOAT4 = 42,
  DT_MAX
};

enum Format {
  FORMAT_NCHW = 0,
  FORMAT_NHWC = 1,
  FORMAT_ND = 2,
  FORMAT_NC1HWC0 = 3,
  FORMAT_FRACTAL_Z = 4,
  FORMAT_NC1C0HWPAD = 5,
  FORMAT_NHWC1C0 = 6,
  FORMAT_FSR_NCHW = 7,
  FORMAT_FRACTAL_DECONV = 8,
  FORMAT_C1HWNC0 = 9,
  FORMAT_FRACTAL_DECONV_TRANSPOSE = 10,
  FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
  FORMAT_NC1HWC0_C04 = 12,
  FORMAT_FRACTAL_Z_C04 = 13,
  FORMAT_CHWN = 14,
  FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS = 15,
  FORMAT_HWCN = 16,
  FORMAT_NC1KHKWHWC0 = 17,
  FORMAT_BN_WEIGHT = 18,
  FORMAT_FILTER_HWCK = 19,
  FORMAT_HASHTABLE_LOOKUP_LOOKUPS = 20,
  FORMAT_HASHTABLE_LOOKUP_KEYS = 21,
  FORMAT_HASHTABLE_LOOKUP_VALUE = 22,
  FORMAT_HASHTABLE_LOOKUP_OUTPUT = 23,
  FORMAT_HASHTABLE_LOOKUP_HITS = 24,
  FORMAT_C1HWNCoC0 = 25,
  FORMAT_MD = 26,
  FORMAT_NDHWC = 27,
  FORMAT_FRACTAL_ZZ = 28,
  FORMAT_FRACTAL_NZ = 29,
  FORMAT_NCDHW = 30,
  FORMAT_DHWCN = 31,
  FORMAT_NDC1HWC0 = 32,
  FORMAT_FRACTAL_Z_3D = 33,
  FORMAT_CN = 34,
  FORMAT_NC = 35,
  FORMAT_DHWNC = 36,
  FORMAT_FRACTAL_Z_3D_TRANSPOSE = 37,
  FORMAT_FRACTAL_ZN_LSTM = 38,
  FORMAT_FRACTAL_Z_G = 39,
  FORMAT_RESERVED = 40,
  FORMAT_ALL = 41,
  FORMAT_NULL = 42,
  FORMAT_ND_RNN_BIAS = 43,
  FORMAT_FRACTAL_ZN_RNN = 44,
  FORMAT_NYUV = 45,
  FORMAT_NYUV_A = 46,
  FORMAT_NCL = 47,
  FORMAT_FRACTAL_Z_WINO = 48,
  FORMAT_C1HWC0 = 49,
  FORMAT_FRACTAL_NZ_C0_16 = 50,
  FORMAT_FRACTAL_NZ_C0_32 = 51,
  FORMAT_FRACTAL_NZ_C0_2 = 52,
  FORMAT_FRACTAL_NZ_C0_4 = 53,
  FORMAT_FRACTAL_NZ_C0_8 = 54,
  FORMAT_END = 55,
  FORMAT_MAX = 0xff
};

// CANN's scalar spellings (graph/types.h), which registration and attribute APIs use.
using char_t = char;
using float32_t = float;
using float64_t = double;

using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;
constexpr graphStatus GRAPH_PARAM_INVALID = 50331649;
constexpr graphStatus GRAPH_NOT_CHANGED = 1343242304;

// Dims CANN reserves: an unknown dim, and an unknown rank ([-2]).
inline constexpr int64_t UNKNOWN_DIM = -1;
inline constexpr int64_t UNKNOWN_DIM_NUM = -2;

// Bytes of one element; -1 for types without a whole-byte size (int4, strings, ...).
int GetSizeByDataType(DataType data_type);

// A format as the graph engine stores it packs more than the Format: bits 0-7 the primary
// format, 8-23 a sub-format (e.g. a group count), 24-27 a C0 code (C0 = 2^(code-1)). CANN's
// helpers to take it apart and build it (graph/types.h).
inline int32_t GetFormatFromSub(int32_t primary_format, int32_t sub_format) {
  return static_cast<int32_t>((static_cast<uint32_t>(primary_format) & 0xffU) |
                              ((static_cast<uint32_t>(sub_format) & 0xffffU) << 8U));
}
inline int32_t GetFormatFromC0(int32_t format, int32_t c0_format) {
  return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xffffffU) |
                              ((static_cast<uint32_t>(c0_format) & 0xfU) << 24U));
}
inline int32_t GetFormatFromSubAndC0(int32_t primary_format, int32_t sub_format,
                                     int32_t c0_format) {
  return GetFormatFromC0(GetFormatFromSub(primary_format, sub_format), c0_format);
}
inline int32_t GetPrimaryFormat(int32_t format) {
  return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xffU);
}
inline int32_t GetSubFormat(int32_t format) {
  return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xffff00U) >> 8U);
}
inline bool HasSubFormat(int32_t format) { return GetSubFormat(format) > 0; }
inline int32_t GetC0Format(int32_t format) {
  return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xf000000U) >> 24U);
}
inline bool HasC0Format(int32_t format) { return GetC0Format(format) > 0; }
// -1 without a C0 code.
inline int64_t GetC0Value(int32_t format) {
  return HasC0Format(format) ? int64_t{1} << (GetC0Format(format) - 1) : -1;
}

// CANN's name of a data type ("DT_FLOAT16") and of a format ("ND"); "UNDEFINED" when unknown.
const char* DataTypeName(DataType data_type);
const char* FormatName(Format format);

}  // namespace ge
