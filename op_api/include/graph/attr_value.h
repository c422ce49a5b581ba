// ge::AttrValue (CANN's graph/attr_value.h): one attribute value of the kinds ge::Operator holds
// (its AttrValueHolder), read back with GetValue as the kind it holds.
#pragma once

#include <string>
#include <variant>

#include "graph/operator.h"

namespace ge {

class AttrValue {
 public:
  using INT = int64_t;
  using FLOAT = float;
  using STR = std::string;
  AttrValue() = default;
  template <typename T>
  graphStatus SetValue(const T& value) {
    value_ = value;
    return GRAPH_SUCCESS;
  }
  // GRAPH_FAILED when the value is of another kind.
  template <typename T>
  graphStatus GetValue(T& value) const {
    const T* held = std::get_if<T>(&value_);
    if (held == nullptr) return GRAPH_FAILED;
    value = *held;
    return GRAPH_SUCCESS;
  }

 private:
  Operator::AttrValueHolder value_;
};

}  // namespace ge
