// ge::TypeUtils: element sizes and names of CANN data types and formats.
#pragma once

#include <cstdint>
#include <string>

#include "graph/types.h"

namespace ge {

class TypeUtils {
 public:
  // False (length unchanged) for types without a whole-byte size.
  static bool GetDataTypeLength(DataType data_type, uint32_t& length);
  static std::string DataTypeToSerialString(DataType data_type) { return DataTypeName(data_type); }
  static std::string FormatToSerialString(Format format) { return FormatName(format); }
};

}  // namespace ge
