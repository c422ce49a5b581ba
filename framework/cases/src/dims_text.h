// A shape as messages write it: [2,3,4].
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace opsim::cases {

inline std::string DimsText(const std::vector<int64_t>& dims) {
  // Appends only: GCC 12 warns (-Wrestrict, a false positive) on "," + std::to_string(...).
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) s.push_back(',');
    s.append(std::to_string(dims[i]));
  }
  s.push_back(']');
  return s;
}

}  // namespace opsim::cases
