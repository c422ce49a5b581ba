// Ops::Math::AnyValue as operator repositories' host unit tests use it (tests/ut/common of
// hicann/ops-math): an attribute value of one of the kinds a tiling context holds, made with
// AnyValue::CreateFrom<T>(v). opsim's implementation of that public surface.
#ifndef OPSIM_OP_UT_ANY_VALUE_H_
#define OPSIM_OP_UT_ANY_VALUE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace Ops {
namespace Math {

class AnyValue {
 public:
  enum ValueType {
    VT_STRING = 1,
    VT_FLOAT = 2,
    VT_BOOL = 3,
    VT_INT = 4,
    VT_LIST_LIST_INT = 10,
    VT_LIST_BASE = 1000,
    VT_LIST_FLOAT = VT_LIST_BASE + VT_FLOAT,
    VT_LIST_BOOL = VT_LIST_BASE + VT_BOOL,
    VT_LIST_INT = VT_LIST_BASE + VT_INT,
  };

  AnyValue(ValueType type, const std::shared_ptr<void>& valuePtr)
      : type_(type), valuePtr_(valuePtr) {}

  // Defined for std::string, float, bool, int64_t and vectors of float, bool, int64_t and of
  // int64_t vectors; any other T does not link.
  template <typename T>
  static AnyValue CreateFrom(const T& value);

  ValueType type_;
  std::shared_ptr<void> valuePtr_;

 private:
  template <typename T>
  static AnyValue Make(ValueType type, const T& value) {
    return AnyValue(type, std::make_shared<T>(value));
  }
};

template <>
inline AnyValue AnyValue::CreateFrom<std::string>(const std::string& value) {
  return Make(VT_STRING, value);
}
template <>
inline AnyValue AnyValue::CreateFrom<float>(const float& value) {
  return Make(VT_FLOAT, value);
}
template <>
inline AnyValue AnyValue::CreateFrom<bool>(const bool& value) {
  return Make(VT_BOOL, value);
}
template <>
inline AnyValue AnyValue::CreateFrom<int64_t>(const int64_t& value) {
  return Make(VT_INT, value);
}
template <>
inline AnyValue AnyValue::CreateFrom<std::vector<float>>(const std::vector<float>& value) {
  return Make(VT_LIST_FLOAT, value);
}
template <>
inline AnyValue AnyValue::CreateFrom<std::vector<bool>>(const std::vector<bool>& value) {
  return Make(VT_LIST_BOOL, value);
}
template <>
inline AnyValue AnyValue::CreateFrom<std::vector<int64_t>>(const std::vector<int64_t>& value) {
  return Make(VT_LIST_INT, value);
}
template <>
inline AnyValue AnyValue::CreateFrom<std::vector<std::vector<int64_t>>>(
    const std::vector<std::vector<int64_t>>& value) {
  return Make(VT_LIST_LIST_INT, value);
}

}  // namespace Math
}  // namespace Ops

// hicann/ops-nn's tests/ut/common declares the same class as Ops::NN::AnyValue, and some of its
// tests include that header by a relative path as well: under that header's include guard, so
// that whichever comes first declares the name. The fakers take either (NodeAttrs reads the
// public type_ and valuePtr_ both have).
#ifndef OPS_NN_TESTS_UT_COMMON_ANY_VALUE_H
#define OPS_NN_TESTS_UT_COMMON_ANY_VALUE_H
namespace Ops {
namespace NN {
using AnyValue = Ops::Math::AnyValue;
}  // namespace NN
}  // namespace Ops
#endif

#endif  // OPSIM_OP_UT_ANY_VALUE_H_
