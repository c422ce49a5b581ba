// gert::RuntimeAttrs: the operator's attributes in the order the OpDef declares them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"

namespace gert {

// One attribute value. Which member holds it is `kind`; Refresh() writes `bytes`, the value as
// CANN's runtime attributes hold it (bg_ir_attrs' AppendAttr): a bool in 1 byte, an Int as
// int64_t, a Float as float, a string with its NUL, a list as a ContinuousVector block
// (capacity, size, 40 reserved bytes, the elements). Every block is zero-padded to at least
// 64 B, so that a getter of another kind (GetInt on a Bool, GetListInt on an Int) reads zeros
// past the value where CANN reads the next attribute's bytes, never past the block.
struct AttrValueStorage {
  enum class Kind { kNone, kBool, kInt, kFloat, kString, kListBool, kListInt, kListFloat };
  Kind kind = Kind::kNone;
  bool b = false;
  int64_t i = 0;
  float f = 0;
  std::string s;
  std::vector<int64_t> list_int;
  std::vector<float> list_float;
  std::vector<uint8_t> list_bool;  // bytes, since std::vector<bool> has no data()
  std::vector<uint64_t> bytes;     // 8-byte aligned, so that every getter's read is aligned

  void Refresh() {
    std::vector<uint8_t> image;
    switch (kind) {
      case Kind::kNone: bytes.clear(); return;
      case Kind::kBool: image.assign(1, b ? 1 : 0); break;
      case Kind::kInt: image = Raw(&i, sizeof(i)); break;
      case Kind::kFloat: image = Raw(&f, sizeof(f)); break;
      case Kind::kString: image = Raw(s.c_str(), s.size() + 1); break;
      case Kind::kListBool: image = List(list_bool.data(), list_bool.size()); break;
      case Kind::kListInt: image = List(list_int.data(), list_int.size()); break;
      case Kind::kListFloat: image = List(list_float.data(), list_float.size()); break;
    }
    const size_t words = (std::max<size_t>(image.size(), sizeof(ContinuousVector)) + 7) / 8;
    bytes.assign(words, 0);
    std::memcpy(bytes.data(), image.data(), image.size());
  }

 private:
  static std::vector<uint8_t> Raw(const void* p, size_t n) {
    const uint8_t* first = static_cast<const uint8_t*>(p);
    return std::vector<uint8_t>(first, first + n);
  }
  template <typename T>
  static std::vector<uint8_t> List(const T* data, size_t n) {
    size_t total = 0;
    std::unique_ptr<uint8_t[]> block = ContinuousVector::Create<T>(n, total);
    if (block == nullptr) return {};
    ContinuousVector* cv = reinterpret_cast<ContinuousVector*>(block.get());
    if (n != 0) std::memcpy(cv->MutableData(), data, n * sizeof(T));
    cv->SetSize(n);
    return Raw(block.get(), total);
  }
};

class RuntimeAttrs {
 public:
  RuntimeAttrs() = default;
  explicit RuntimeAttrs(std::vector<AttrValueStorage> values) : values_(std::move(values)) {
    for (AttrValueStorage& v : values_) v.Refresh();
  }

  size_t GetAttrNum() const { return values_.size(); }

  // CANN's GetAttrPointer<T> is a reinterpret_cast of the attribute's bytes, whatever T is, and
  // so is this (AttrValueStorage says what the bytes are): GetAttrPointer<uint32_t> on an Int
  // gives its low 32 bits, GetBool on a ListInt the low byte of the list's capacity (its
  // element count), as public operators' tiling functions rely on. nullptr for an index past the
  // attributes, or an optional attribute given no value (CANN's attribute list has none then).
  template <typename T>
  const T* GetAttrPointer(size_t index) const {
    if (index >= values_.size() || values_[index].kind == AttrValueStorage::Kind::kNone) {
      return nullptr;
    }
    return reinterpret_cast<const T*>(values_[index].bytes.data());
  }
  const bool* GetBool(size_t index) const { return GetAttrPointer<bool>(index); }
  const int64_t* GetInt(size_t index) const { return GetAttrPointer<int64_t>(index); }
  const float* GetFloat(size_t index) const { return GetAttrPointer<float>(index); }
  const char* GetStr(size_t index) const { return GetAttrPointer<char>(index); }
  const TypedContinuousVector<int64_t>* GetListInt(size_t index) const {
    return GetAttrPointer<TypedContinuousVector<int64_t>>(index);
  }
  const TypedContinuousVector<float>* GetListFloat(size_t index) const {
    return GetAttrPointer<TypedContinuousVector<float>>(index);
  }
  const TypedContinuousVector<bool>* GetListBool(size_t index) const {
    return GetAttrPointer<TypedContinuousVector<bool>>(index);
  }

 private:
  std::vector<AttrValueStorage> values_;
};

}  // namespace gert
