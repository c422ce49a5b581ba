#include "graph/types.h"
#include "graph/utils/type_utils.h"

namespace ge {
namespace {

struct TypeInfo {
  DataType type;
  const char* name;
  int size;
};

constexpr TypeInfo kTypes[] = {
    {DT_FLOAT, "DT_FLOAT", 4},
    {DT_FLOAT16, "DT_FLOAT16", 2},
    {DT_INT8, "DT_INT8", 1},
    {DT_INT32, "DT_INT32", 4},
    {DT_UINT8, "DT_UINT8", 1},
    {DT_INT16, "DT_INT16", 2},
    {DT_UINT16, "DT_UINT16", 2},
    {DT_UINT32, "DT_UINT32", 4},
    {DT_INT64, "DT_INT64", 8},
    {DT_UINT64, "DT_UINT64", 8},
    {DT_DOUBLE, "DT_DOUBLE", 8},
    {DT_BOOL, "DT_BOOL", 1},
    {DT_STRING, "DT_STRING", -1},
    {DT_DUAL_SUB_INT8, "DT_DUAL_SUB_INT8", 1},
    {DT_DUAL_SUB_UINT8, "DT_DUAL_SUB_UINT8", 1},
    {DT_COMPLEX64, "DT_COMPLEX64", 8},
    {DT_COMPLEX128, "DT_COMPLEX128", 16},
    {DT_QINT8, "DT_QINT8", 1},
    {DT_QINT16, "DT_QINT16", 2},
    {DT_QINT32, "DT_QINT32", 4},
    {DT_QUINT8, "DT_QUINT8", 1},
    {DT_QUINT16, "DT_QUINT16", 2},
    {DT_RESOURCE, "DT_RESOURCE", 8},
    {DT_STRING_REF, "DT_STRING_REF", -1},
    {DT_DUAL, "DT_DUAL", 5},
    {DT_VARIANT, "DT_VARIANT", 8},
    {DT_BF16, "DT_BF16", 2},
    {DT_UNDEFINED, "DT_UNDEFINED", -1},
    {DT_INT4, "DT_INT4", -1},
    {DT_UINT1, "DT_UINT1", -1},
    {DT_INT2, "DT_INT2", -1},
    {DT_UINT2, "DT_UINT2", -1},
    {DT_COMPLEX32, "DT_COMPLEX32", 4},
    {DT_HIFLOAT8, "DT_HIFLOAT8", 1},
    {DT_FLOAT8_E5M2, "DT_FLOAT8_E5M2", 1},
    {DT_FLOAT8_E4M3FN, "DT_FLOAT8_E4M3FN", 1},
    {DT_FLOAT8_E8M0, "DT_FLOAT8_E8M0", 1},
    {DT_FLOAT6_E3M2, "DT_FLOAT6_E3M2", -1},
    {DT_FLOAT6_E2M3, "DT_FLOAT6_E2M3", -1},
    {DT_FLOAT4_E2M1, "DT_FLOAT4_E2M1", -1},
    {DT_FLOAT4_E1M2, "DT_FLOAT4_E1M2", -1},
    {DT_HIFLOAT4, "DT_HIFLOAT4", -1},
};

struct FormatInfo {
  Format format;
  const char* name;
};

constexpr FormatInfo kFormats[] = {
    {FORMAT_NCHW, "NCHW"},
    {FORMAT_NHWC, "NHWC"},
    {FORMAT_ND, "ND"},
    {FORMAT_NC1HWC0, "NC1HWC0"},
    {FORMAT_FRACTAL_Z, "FRACTAL_Z"},
    {FORMAT_NC1HWC0_C04, "NC1HWC0_C04"},
    {FORMAT_HWCN, "HWCN"},
    {FORMAT_NDHWC, "NDHWC"},
    {FORMAT_FRACTAL_NZ, "FRACTAL_NZ"},
    {FORMAT_NCDHW, "NCDHW"},
    {FORMAT_DHWCN, "DHWCN"},
    {FORMAT_NDC1HWC0, "NDC1HWC0"},
    {FORMAT_FRACTAL_Z_3D, "FRACTAL_Z_3D"},
    {FORMAT_CN, "CN"},
    {FORMAT_NC, "NC"},
    {FORMAT_NCL, "NCL"},
    {FORMAT_FRACTAL_NZ_C0_16, "FRACTAL_NZ_C0_16"},
    {FORMAT_FRACTAL_NZ_C0_32, "FRACTAL_NZ_C0_32"},
    {FORMAT_FRACTAL_NZ_C0_2, "FRACTAL_NZ_C0_2"},
    {FORMAT_FRACTAL_NZ_C0_4, "FRACTAL_NZ_C0_4"},
    {FORMAT_FRACTAL_NZ_C0_8, "FRACTAL_NZ_C0_8"},
};

}  // namespace

int GetSizeByDataType(DataType data_type) {
  for (const TypeInfo& t : kTypes) {
    if (t.type == data_type) return t.size;
  }
  return -1;
}

const char* DataTypeName(DataType data_type) {
  for (const TypeInfo& t : kTypes) {
    if (t.type == data_type) return t.name;
  }
  return "UNDEFINED";
}

const char* FormatName(Format format) {
  for (const FormatInfo& f : kFormats) {
    if (f.format == format) return f.name;
  }
  return "UNDEFINED";
}

bool TypeUtils::GetDataTypeLength(DataType data_type, uint32_t& length) {
  const int size = GetSizeByDataType(data_type);
  if (size <= 0) return false;
  length = static_cast<uint32_t>(size);
  return true;
}

}  // namespace ge
