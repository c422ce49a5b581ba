// nnopbase's format helpers for op-API layers (opdev/format_utils.h).
#pragma once

#include <cstdint>
#include <string>

#include "opdev/common_types.h"

namespace op {

bool IsPrivateFormat(Format format);  // the fractal and 5-D formats (NC1HWC0, FRACTAL_NZ, ...)
Format ToFormat(const std::string& formatStr);
ge::AscendString ToString(Format format);

inline int32_t GetPrimaryFormat(int32_t format) {
  return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xffU);
}
inline Format GetPrimaryFormat(Format format) {
  return static_cast<Format>(static_cast<uint32_t>(format) & 0xffU);
}
inline int32_t GetSubFormat(int32_t format) {
  return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xffff00U) >> 8U);
}
inline int32_t GetSubFormat(Format format) { return GetSubFormat(static_cast<int32_t>(format)); }
inline bool HasSubFormat(int32_t format) { return GetSubFormat(format) > 0; }
inline Format ToOpFormat(aclFormat format) {
  return format == ACL_FORMAT_UNDEFINED ? Format::FORMAT_RESERVED : static_cast<Format>(format);
}
inline aclFormat ToAclFormat(Format format) {
  return format == Format::FORMAT_RESERVED ? ACL_FORMAT_UNDEFINED : static_cast<aclFormat>(format);
}

}  // namespace op
