// gert::RuntimeAttrs: the operator's attributes in the order the OpDef declares them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace gert {

template <typename T>
class TypedContinuousVector {
 public:
  TypedContinuousVector() = default;
  TypedContinuousVector(const T* data, size_t size) : data_(data), size_(size) {}
  size_t GetSize() const { return size_; }
  size_t GetCapacity() const { return size_; }
  const T* GetData() const { return data_; }

 private:
  const T* data_ = nullptr;
  size_t size_ = 0;
};

// Untyped view, as CANN's GetAttrPointer<ContinuousVector> returns; read as int64 elements.
class ContinuousVector : public TypedContinuousVector<int64_t> {
 public:
  using TypedContinuousVector<int64_t>::TypedContinuousVector;
};

// One attribute value. Which member holds it is `kind`; the views point into the vectors.
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
  ContinuousVector list_int_view;
  TypedContinuousVector<float> list_float_view;
  TypedContinuousVector<bool> list_bool_view;

  void Refresh() {  // rebind the views after the vectors move
    list_int_view = ContinuousVector(list_int.data(), list_int.size());
    list_float_view = TypedContinuousVector<float>(list_float.data(), list_float.size());
    list_bool_view = TypedContinuousVector<bool>(reinterpret_cast<const bool*>(list_bool.data()),
                                                 list_bool.size());
  }
};

class RuntimeAttrs {
 public:
  RuntimeAttrs() = default;
  explicit RuntimeAttrs(std::vector<AttrValueStorage> values) : values_(std::move(values)) {
    for (AttrValueStorage& v : values_) v.Refresh();
  }
  RuntimeAttrs(const RuntimeAttrs& other) : RuntimeAttrs(other.values_) {}
  RuntimeAttrs& operator=(const RuntimeAttrs& other) {
    values_ = other.values_;
    for (AttrValueStorage& v : values_) v.Refresh();
    return *this;
  }

  size_t GetAttrNum() const { return values_.size(); }

  // nullptr for an index past the attributes, or for one of the attribute kinds' own types
  // (bool, int64_t, float, char, the list views) other than the attribute's. Any other T reads
  // the attribute's storage as CANN's GetAttrPointer does (a reinterpret_cast of the value's
  // address): GetAttrPointer<uint32_t> on an Int attribute gives its low 32 bits, as public
  // operators' tiling functions expect.
  template <typename T>
  const T* GetAttrPointer(size_t index) const {
    if (index >= values_.size()) return nullptr;
    const AttrValueStorage& v = values_[index];
    using K = AttrValueStorage::Kind;
    if constexpr (std::is_same_v<T, bool>) {
      return v.kind == K::kBool ? &v.b : nullptr;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      return v.kind == K::kInt ? &v.i : nullptr;
    } else if constexpr (std::is_same_v<T, float>) {
      return v.kind == K::kFloat ? &v.f : nullptr;
    } else if constexpr (std::is_same_v<T, char>) {
      return v.kind == K::kString ? v.s.c_str() : nullptr;
    } else if constexpr (std::is_same_v<T, ContinuousVector> ||
                         std::is_same_v<T, TypedContinuousVector<int64_t>>) {
      return v.kind == K::kListInt ? &v.list_int_view : nullptr;
    } else if constexpr (std::is_same_v<T, TypedContinuousVector<float>>) {
      return v.kind == K::kListFloat ? &v.list_float_view : nullptr;
    } else if constexpr (std::is_same_v<T, TypedContinuousVector<bool>>) {
      return v.kind == K::kListBool ? &v.list_bool_view : nullptr;
    } else {
      return reinterpret_cast<const T*>(StoragePointer(v));
    }
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
  static const void* StoragePointer(const AttrValueStorage& v) {
    using K = AttrValueStorage::Kind;
    switch (v.kind) {
      case K::kBool: return &v.b;
      case K::kInt: return &v.i;
      case K::kFloat: return &v.f;
      case K::kString: return v.s.c_str();
      case K::kListBool: return &v.list_bool_view;
      case K::kListInt: return &v.list_int_view;
      case K::kListFloat: return &v.list_float_view;
      case K::kNone: break;
    }
    return nullptr;
  }

  std::vector<AttrValueStorage> values_;
};

}  // namespace gert
