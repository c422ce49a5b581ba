// Registers a kernel entry (extern "C" void k(GM_ADDR...)) for an op's dtype column, or one
// instantiation of a template kernel for one tiling key. Used by the kernel units
// opsim_add_op_library generates; an entry's arity is deduced from its type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace opsim::op_api {

void RegisterKernel(const char* op_type, int column, size_t arity, void (*fn)(),
                    void (*invoke)(void (*fn)(), uint8_t* const* args), bool auto_sync);
// How a template tiling key is laid out (ASCENDC_TPL_ARGS_DECL): each field in declaration
// order takes `bits` bits; a UINT field's code is the index of its value in `values`. Kept so a
// key no instantiation matches can be refused naming its fields.
struct TemplateKeyField {
  std::string name;
  uint32_t kind = 0;  // ASCENDC_TPL_DTYPE, _FORMAT, _UINT, _BOOL, ...
  uint32_t bits = 0;  // 0: the field selects (kernel type) and takes no bits
  std::vector<uint64_t> values;
};
using TemplateKeyLayout = std::vector<TemplateKeyField>;
void RegisterKeyedKernel(const char* op_type, int column, uint64_t tiling_key,
                         const TemplateKeyLayout* layout, size_t arity, void (*fn)(),
                         void (*invoke)(void (*fn)(), uint8_t* const* args), bool auto_sync);

namespace detail {
template <typename... A, size_t... I>
void CallWith(void (*fn)(A...), uint8_t* const* args, std::index_sequence<I...>) {
  fn(args[I]...);
}
template <typename... A>
void Invoke(void (*fn)(), uint8_t* const* args) {
  CallWith(reinterpret_cast<void (*)(A...)>(fn), args, std::index_sequence_for<A...>{});
}
}  // namespace detail

template <typename... A>
struct KernelRegistrar {
  static_assert((std::is_same_v<A, uint8_t*> && ...),
                "an operator kernel takes only GM_ADDR parameters");
  // auto_sync: whether the kernel was built with CANN's --cce-auto-sync (KernelBuild::auto_sync).
  KernelRegistrar(const char* op_type, int column, void (*fn)(A...), bool auto_sync = true) {
    RegisterKernel(op_type, column, sizeof...(A), reinterpret_cast<void (*)()>(fn),
                   &detail::Invoke<A...>, auto_sync);
  }
};

// One instantiation of a template kernel (ASCENDC_TPL_SEL), for one tiling key of one column.
template <typename... A>
struct KeyedKernelRegistrar {
  static_assert((std::is_same_v<A, uint8_t*> && ...),
                "an operator kernel takes only GM_ADDR parameters");
  KeyedKernelRegistrar(const char* op_type, int column, uint64_t tiling_key,
                       const TemplateKeyLayout* layout, void (*fn)(A...), bool auto_sync = true) {
    RegisterKeyedKernel(op_type, column, tiling_key, layout, sizeof...(A),
                        reinterpret_cast<void (*)()>(fn), &detail::Invoke<A...>, auto_sync);
  }
};
template <typename... A>
KeyedKernelRegistrar(const char*, int, uint64_t, const TemplateKeyLayout*, void (*)(A...))
    -> KeyedKernelRegistrar<A...>;
template <typename... A>
KeyedKernelRegistrar(const char*, int, uint64_t, const TemplateKeyLayout*, void (*)(A...), bool)
    -> KeyedKernelRegistrar<A...>;

template <typename... A>
KernelRegistrar(const char*, int, void (*)(A...)) -> KernelRegistrar<A...>;
template <typename... A>
KernelRegistrar(const char*, int, void (*)(A...), bool) -> KernelRegistrar<A...>;

}  // namespace opsim::op_api
