// Names for ICPU_RUN_KF's arguments, taken from the argument list as the caller wrote it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace opsim::cpudebug {

// Splits "x, y, (uint8_t *)z, *reinterpret_cast<T *>(t)" at its top-level commas and names each
// argument: the text without surrounding blanks or a leading C-style cast ("z" for
// "(uint8_t *)z"). When the text does not split into `count` arguments (a comma inside a
// template argument list), the names are "arg0", "arg1", ...
std::vector<std::string> ArgumentNames(const std::string& text, uint32_t count);

}  // namespace opsim::cpudebug
