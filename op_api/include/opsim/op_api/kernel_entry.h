// Registers a kernel entry (extern "C" void k(GM_ADDR...)) for an op's dtype column. Used by the
// kernel units opsim_add_op_library generates; an entry's arity is deduced from its type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace opsim::op_api {

void RegisterKernel(const char* op_type, int column, size_t arity, void (*fn)(),
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
template <typename... A>
KernelRegistrar(const char*, int, void (*)(A...)) -> KernelRegistrar<A...>;
template <typename... A>
KernelRegistrar(const char*, int, void (*)(A...), bool) -> KernelRegistrar<A...>;

}  // namespace opsim::op_api
