// ge::TypeUtils: element sizes and names of CANN data types and formats.
#pragma once

#include <cstdint>
#include <string>

#include "graph/ascend_string.h"
#include "graph/types.h"

namespace ge {

class TypeUtils {
 public:
  // False (length unchanged) for types without a whole-byte size.
  static bool GetDataTypeLength(DataType data_type, uint32_t& length);
  static std::string DataTypeToSerialString(DataType data_type) { return DataTypeName(data_type); }
  static std::string FormatToSerialString(Format format) { return FormatName(format); }
  // The same names as CANN's AscendString forms.
  static AscendString DataTypeToAscendString(DataType data_type) {
    return AscendString(DataTypeName(data_type));
  }
  static AscendString FormatToAscendString(Format format) {
    return AscendString(FormatName(format));
  }
};

}  // namespace ge
