// ICPU_RUN_KF's template half, compiled into the caller: saves the arguments once, by value as
// the kernel's parameters take them, and hands the runtime a C callback that calls the kernel.
#pragma once

#include <stdint.h>

#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <type_traits>
#include <utility>

#include "opsim/cpudebug/icpu_abi.h"

namespace opsim::cpudebug {

template <typename T>
const void* PointerOrNull(const T& value) {
  if constexpr (std::is_pointer_v<T>) {
    return static_cast<const void*>(value);
  } else {
    return nullptr;
  }
}

// An argument as the kernel parameter receives it. Any pointer may stand for a GM_ADDR (Ascend's
// ICPU_RUN_KF passes every argument as a 64-bit word); anything else converts as in a call.
template <typename Param, typename Saved>
Param PassAs(const Saved& saved) {
  if constexpr (std::is_pointer_v<Param> && std::is_pointer_v<Saved>) {
    using Pointee = std::remove_cv_t<std::remove_pointer_t<Saved>>;
    return reinterpret_cast<Param>(const_cast<Pointee*>(saved));
  } else {
    return saved;
  }
}

// blockDim as the program wrote it, of any integer type: a value outside 1..65535 (the chip's
// range) is refused with its value, never truncated to 32 bits.
struct BlockDimArg {
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
  BlockDimArg(T value)  // NOLINT(google-explicit-constructor): any integer, as the macro got it
      : magnitude(static_cast<uint64_t>(value)) {
    if constexpr (std::is_signed_v<T>) {
      if (value < 0) {
        negative = true;
        magnitude = static_cast<uint64_t>(-(value + 1)) + 1;
      }
    }
  }
  uint64_t magnitude = 0;
  bool negative = false;
};
constexpr uint64_t kMaxIcpuBlockDim = 65535;

// Runs the kernel as `how` says it was launched (its messages name that launch; the kernel's
// declared core type picks the cores).
template <typename... Params, typename... Args>
int RunKernelAs(const OpsimIcpuLaunch& how, const char* kernel_name, const char* soc,
                const char* arg_text, BlockDimArg dim, void (*kernel)(Params...), Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "a kernel launch (ICPU_RUN_KF, AscCPUKernelLaunch, <<<>>>) must pass exactly as "
                "many arguments as the kernel has parameters");
  if (dim.negative || dim.magnitude == 0 || dim.magnitude > kMaxIcpuBlockDim) {
    char why[160];
    std::snprintf(why, sizeof why,
                  "blockDim = %s%llu is out of range (expected 1 <= blockDim <= %llu)",
                  dim.negative ? "-" : "", static_cast<unsigned long long>(dim.magnitude),
                  static_cast<unsigned long long>(kMaxIcpuBlockDim));
    return opsim_icpu_refuse_as(&how, kernel_name, why);
  }
  const auto block_dim = static_cast<uint32_t>(dim.magnitude);
  struct Call {
    void (*kernel)(Params...);
    std::tuple<std::decay_t<Args>...> args;
  };
  Call call{kernel, std::tuple<std::decay_t<Args>...>(std::forward<Args>(args)...)};
  // One slot more than the arguments so that a kernel without parameters still has an array.
  const void* gm_args[sizeof...(Args) + 1] = {};
  std::apply(
      [&gm_args](const auto&... saved) {
        [[maybe_unused]] uint32_t i = 0;  // unused for a kernel without parameters
        ((gm_args[i++] = PointerOrNull(saved)), ...);
      },
      call.args);
  // Every block gets its own copy of each by-value argument, as on the chip.
  const OpsimIcpuInvoke invoke = [](void* ctx) {
    Call* c = static_cast<Call*>(ctx);
    std::apply([c](const auto&... saved) { c->kernel(PassAs<Params>(saved)...); }, c->args);
  };
  opsim_icpu_note_kernel(reinterpret_cast<const void*>(kernel));
  return opsim_icpu_run_as(&how, kernel_name, soc, block_dim, arg_text, gm_args,
                           static_cast<uint32_t>(sizeof...(Args)), invoke, &call);
}

template <typename... Params, typename... Args>
int RunKernel(const char* kernel_name, const char* soc, const char* arg_text, BlockDimArg dim,
              void (*kernel)(Params...), Args&&... args) {
  const OpsimIcpuLaunch how{"ICPU_RUN_KF", "", OPSIM_ICPU_KIND_UNSTATED, 0};
  return RunKernelAs(how, kernel_name, soc, arg_text, dim, kernel, std::forward<Args>(args)...);
}

}  // namespace opsim::cpudebug

// The SoC the kernel library was built for: tikicpulib::<SoC> defines it.
#ifndef OPSIM_ICPU_SOC_VERSION
#define OPSIM_ICPU_SOC_VERSION nullptr
#endif

// ICPU_RUN_KF(kernel, blockDim, args...): runs the kernel on the simulated device with every
// check on; a fault is printed on stderr (block, instruction, addresses, GM region named after
// its argument) and ends the program with exit status 1, as Ascend's CPU debug mode does.
#define ICPU_RUN_KF(func, blkdim, ...)                                                          \
  do {                                                                                          \
    if (::opsim::cpudebug::RunKernel(#func, OPSIM_ICPU_SOC_VERSION, #__VA_ARGS__, blkdim, func, \
                                     ##__VA_ARGS__) != 0) {                                     \
      std::exit(EXIT_FAILURE);                                                                  \
    }                                                                                           \
  } while (0)

// ICPU_SET_TILING_KEY(key): the tiling key of the following ICPU_RUN_KF launches.
#define ICPU_SET_TILING_KEY(key) opsim_icpu_set_tiling_key(static_cast<uint64_t>(key))
