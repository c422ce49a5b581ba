// The tiling-data macros of an operator project (BEGIN_TILING_DATA_DEF ... END_TILING_DATA_DEF,
// REGISTER_TILING_DATA_CLASS).
//
// Host side (the tiling function): a class whose set_<field> writes into a byte image laid out
// field after field; SaveToBuffer copies that image. A field whose offset is not a multiple of
// its element size is moved up to the next one, as CANN's TilingDef does (it inserts a uint8_t
// placeholder field: CheckAlignAndGenPlaceHolder). Kernel side (a kernel TU built by
// opsim_add_op_library, OPSIM_KERNEL_TILING defined): a plain struct with the same fields, as
// CANN's operator build generates for GET_TILING_DATA; natural alignment puts every scalar and
// array field where the host image has it. A nested struct CANN places at a multiple of 8 B, on
// both sides (alignas(8) in the kernel struct).
#pragma once

#if defined(OPSIM_KERNEL_TILING)

#include <cstdint>

#define BEGIN_TILING_DATA_DEF(class_name) struct class_name {
#define TILING_DATA_FIELD_DEF(data_type, field_name) data_type field_name;
#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name) arr_type field_name[arr_size];
// CANN places a nested struct at a multiple of 8 B (a placeholder field before it, which its
// build writes into the generated kernel struct too): alignas(8) does the same here.
#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name) alignas(8) struct_type field_name;
// With its semicolon, as CANN's: a definition may end without one (ops-nn's GeGluGradV2).
#define END_TILING_DATA_DEF \
  }                         \
  ;
// The kernel of op_type finds its struct through this alias (see GET_TILING_DATA).
#define REGISTER_TILING_DATA_CLASS(op_type, class_name) \
  using OpsimTilingDataOf_##op_type = class_name;

#else

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace optiling {

// The first layout problem a tiling-data class met on this thread since the last Take (empty
// when none); the runtime reads it after each tiling function.
std::string TakeTilingLayoutError();
void RecordTilingLayoutError(std::string message);

class TilingDef {
 public:
  TilingDef() = default;
  TilingDef(const TilingDef&) = default;
  TilingDef& operator=(const TilingDef&) = default;
  virtual ~TilingDef() = default;

  // Copies the image (nested structs included) into pdata. Copies nothing and records an error
  // when capacity is smaller than GetDataSize(), as CANN refuses it.
  void SaveToBuffer(void* pdata, size_t capacity) const {
    if (pdata == nullptr || capacity < data_.size()) {
      RecordTilingLayoutError(
          "tiling data " + class_name_ + " needs " + std::to_string(data_.size()) +
          " B but SaveToBuffer was given " +
          (pdata == nullptr ? std::string("a null buffer") : std::to_string(capacity) + " B"));
      return;
    }
    std::memcpy(pdata, data_.data(), data_.size());
    for (const Nested& n : nested_) {
      const TilingDef* child =
          reinterpret_cast<const TilingDef*>(reinterpret_cast<const char*>(this) + n.member_offset);
      child->SaveToBuffer(static_cast<char*>(pdata) + n.offset, capacity - n.offset);
    }
  }
  size_t GetDataSize() const { return data_.size(); }
  const char* GetTilingClassName() const { return class_name_.c_str(); }

  // A field as the class declares it: what opsim_op_gen writes the kernel's struct from.
  struct FieldDesc {
    std::string name;
    std::string type;          // the declared type's spelling (a nested struct: empty)
    size_t count = 0;          // an array field's length; 0 for a scalar or a struct
    bool nested = false;       // TILING_DATA_FIELD_DEF_STRUCT
    size_t member_offset = 0;  // a nested struct's offset inside this object
  };
  const std::vector<FieldDesc>& FieldDescs() const { return fields_; }
  // The nested struct a field holds, or null for a scalar or array field.
  const TilingDef* NestedOf(const FieldDesc& f) const {
    return f.nested ? reinterpret_cast<const TilingDef*>(reinterpret_cast<const char*>(this) +
                                                         f.member_offset)
                    : nullptr;
  }

 protected:
  // Reserves `bytes` for a field whose elements are `align` bytes wide.
  size_t AddField(const char* name, size_t bytes, size_t align) {
    const size_t offset = RoundUp(data_.size(), align);  // CANN's placeholder, if any
    data_.resize(offset + bytes, 0);
    offsets_[name] = offset;
    if (align > max_align_) max_align_ = align;
    return offset;
  }
  // The same, recording the field's declaration (`type`, and `count` for an array).
  size_t AddField(const char* name, const char* type, size_t count, size_t bytes, size_t align) {
    fields_.push_back({name, type, count, false, 0});
    return AddField(name, bytes, align);
  }
  void AddNested(const char* name, const TilingDef* child) {
    const size_t align = child->max_align_;
    if (child->GetDataSize() % align != 0) {
      RecordTilingLayoutError("tiling data " + class_name_ + " field '" + name + "' (" +
                              child->class_name_ + ", " + std::to_string(child->GetDataSize()) +
                              " B) is not a multiple of its " + std::to_string(align) +
                              "-byte alignment: the kernel's struct pads it");
    }
    // CANN's TilingDef puts a struct field at a multiple of 8 B (CheckAlignAndGenPlaceHolder(.., 8)
    // emits a placeholder field, in the host image and in the kernel struct its build generates).
    const size_t offset = AddField(name, child->GetDataSize(), align > 8 ? align : 8);
    const size_t member_offset = static_cast<size_t>(reinterpret_cast<const char*>(child) -
                                                     reinterpret_cast<const char*>(this));
    nested_.push_back({offset, member_offset});
    fields_.push_back({name, "", 0, true, member_offset});
  }
  // (memmove: a set_ of what the field's get_ returned writes the bytes onto themselves.)
  void Write(size_t offset, const void* src, size_t bytes) {
    std::memmove(data_.data() + offset, src, bytes);
  }
  uint8_t* OpsimBytesAt(size_t offset) { return data_.data() + offset; }
  const uint8_t* OpsimBytesAt(size_t offset) const { return data_.data() + offset; }
  void SetClassName(const char* name) { class_name_ = name; }
  static size_t RoundUp(size_t offset, size_t align) {
    return align > 1 ? (offset + align - 1) / align * align : offset;
  }

 private:
  struct Nested {
    size_t offset;         // in the image
    size_t member_offset;  // of the nested object inside this one
  };
  std::vector<uint8_t> data_;
  std::map<std::string, size_t> offsets_;
  std::vector<Nested> nested_;
  std::vector<FieldDesc> fields_;
  std::string class_name_ = "?";
  size_t max_align_ = 1;
};

using TilingDataConstructor = std::shared_ptr<TilingDef> (*)();

// op type -> its tiling-data class, as REGISTER_TILING_DATA_CLASS records it.
class CTilingDataClassFactory {
 public:
  static CTilingDataClassFactory& GetInstance();
  void RegisterTilingData(const char* op_type, TilingDataConstructor constructor);
  std::shared_ptr<TilingDef> CreateTilingDataInstance(const char* op_type);

 private:
  std::map<std::string, TilingDataConstructor> constructors_;
};

}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)                                             \
  class class_name : public ::optiling::TilingDef {                                   \
    struct OpsimNameSetter {                                                          \
      explicit OpsimNameSetter(class_name* self) { self->SetClassName(#class_name); } \
    };                                                                                \
    friend struct OpsimNameSetter;                                                    \
    OpsimNameSetter opsim_name_setter_ = OpsimNameSetter(this);                       \
                                                                                      \
   public:                                                                            \
    class_name() = default;

#define TILING_DATA_FIELD_DEF(data_type, field_name)                \
 public:                                                            \
  void set_##field_name(data_type field_name) {                     \
    field_name##_ = field_name;                                     \
    Write(field_name##_offset_, &field_name##_, sizeof(data_type)); \
  }                                                                 \
  data_type get_##field_name() const { return field_name##_; }      \
                                                                    \
 private:                                                           \
  data_type field_name##_{};                                        \
  size_t field_name##_offset_ =                                     \
      AddField(#field_name, #data_type, 0, sizeof(data_type), alignof(data_type));

// As CANN's: get_ points into the object's own bytes (what SaveToBuffer copies), so a tiling
// function may fill the array through it (ops-nn's foreach regbase tilings do).
#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                 \
 public:                                                                          \
  void set_##field_name(const arr_type* field_name) {                             \
    Write(field_name##_offset_, field_name, sizeof(arr_type) * (arr_size));       \
  }                                                                               \
  arr_type* get_##field_name() {                                                  \
    return reinterpret_cast<arr_type*>(OpsimBytesAt(field_name##_offset_));       \
  }                                                                               \
  const arr_type* get_##field_name() const {                                      \
    return reinterpret_cast<const arr_type*>(OpsimBytesAt(field_name##_offset_)); \
  }                                                                               \
                                                                                  \
 private:                                                                         \
  size_t field_name##_offset_ = AddField(#field_name, #arr_type, (arr_size),      \
                                         sizeof(arr_type) * (arr_size), alignof(arr_type));

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name) \
 public:                                                      \
  struct_type field_name;                                     \
                                                              \
 private:                                                     \
  int field_name##_registered_ = (AddNested(#field_name, &field_name), 0);

// With its semicolon, as CANN's: a definition may end without one (ops-nn's GeGluGradV2).
#define END_TILING_DATA_DEF \
  }                         \
  ;

#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                       \
  namespace {                                                                                 \
  struct op_type##class_name##Helper {                                                        \
    op_type##class_name##Helper() {                                                           \
      ::optiling::CTilingDataClassFactory::GetInstance().RegisterTilingData(#op_type, &Make); \
    }                                                                                         \
    static std::shared_ptr<::optiling::TilingDef> Make() {                                    \
      return std::make_shared<class_name>();                                                  \
    }                                                                                         \
  };                                                                                          \
  const op_type##class_name##Helper g_tilingdata_##op_type##class_name##helper;               \
  }

#endif
