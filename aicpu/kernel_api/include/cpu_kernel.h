// CANN's AI CPU kernel API: the kernel base class and its registration. REGISTER_CPU_KERNEL(type,
// clazz) at namespace scope (type: a string constant's name, e.g. `const char* const kElu`)
// registers clazz's creator under the op type as the library loads.
#ifndef CPU_KERNEL_H
#define CPU_KERNEL_H

#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

#include "cpu_context.h"

namespace aicpu {

class AICPU_VISIBILITY CpuKernel {
 public:
  virtual uint32_t Compute(CpuKernelContext& ctx) = 0;
  virtual ~CpuKernel() {}
};

using KERNEL_CREATOR_FUN = std::function<std::shared_ptr<CpuKernel>(void)>;

// False (logged) for an empty type, a null creator, or a type already registered (the first
// registration stays).
AICPU_VISIBILITY bool RegistCpuKernel(const std::string& type, const KERNEL_CREATOR_FUN& fun);
AICPU_VISIBILITY bool RegistCpuKernelV2(const std::string& type, const KERNEL_CREATOR_FUN& fun);

template <typename T, typename... Args>
static inline std::shared_ptr<T> MakeShared(Args&&... args) {
  using T_NC = typename std::remove_const<T>::type;
  std::shared_ptr<T> ret(new (std::nothrow) T_NC(std::forward<Args>(args)...));
  return ret;
}

#define REGISTER_CPU_KERNEL(type, clazz)                   \
  std::shared_ptr<CpuKernel> Creator_##type##_Kernel() {   \
    std::shared_ptr<clazz> ptr = nullptr;                  \
    ptr = MakeShared<clazz>();                             \
    return ptr;                                            \
  }                                                        \
  bool g_##type##_Kernel_Creator __attribute__((unused)) = \
      RegistCpuKernel(type, Creator_##type##_Kernel)

#define REGISTER_CPU_KERNELV2(type, clazz)                 \
  std::shared_ptr<CpuKernel> Creator_##type##_Kernel() {   \
    std::shared_ptr<clazz> ptr = nullptr;                  \
    ptr = MakeShared<clazz>();                             \
    return ptr;                                            \
  }                                                        \
  bool g_##type##_Kernel_Creator __attribute__((unused)) = \
      RegistCpuKernelV2(type, Creator_##type##_Kernel)

}  // namespace aicpu

#endif  // CPU_KERNEL_H
