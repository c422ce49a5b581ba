// Kernel debugging as Ascend C spells it: ASSERT / ascendc_assert, printf / PRINTF, DumpTensor.
// A failed assertion is a kernel fault (kind assert_failed) naming the block, the expression,
// the file and line, so ICPU_RUN_KF and Launch report it like any other fault.
#pragma once

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <type_traits>

#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

// Blocks run on several host threads: one lock keeps each printed line whole.
inline std::mutex& KernelPrintMutex() {
  static std::mutex mu;
  return mu;
}

template <typename... Args>
[[noreturn]] void AssertFailed(const char* expr, const char* file, int line, const char* fmt,
                               Args... args) {
  std::string message =
      std::string("assertion '") + expr + "' failed at " + file + ":" + std::to_string(line);
  if constexpr (sizeof...(Args) > 0) {
    char text[512];
    std::snprintf(text, sizeof(text), fmt, args...);
    message += std::string(": ") + text;
  } else if (fmt[0] != '\0') {
    message += std::string(": ") + fmt;
  }
  RaiseFault(FaultKind::kAssertFailed, "ASSERT", std::move(message));
}

// One element as printf prints it: 16-bit floats and floats as %g, integers as integers.
template <typename T>
void PrintElement(T value) {
  if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, half> ||
                std::is_same_v<T, bfloat16_t>) {
    std::printf(" %g", static_cast<double>(static_cast<float>(value)));
  } else if constexpr (std::is_signed_v<T>) {
    std::printf(" %lld", static_cast<long long>(value));
  } else {
    std::printf(" %llu", static_cast<unsigned long long>(value));
  }
}

template <typename Tensor>
void DumpElements(const char* where, const Tensor& tensor, uint32_t desc, uint32_t count) {
  const uint64_t size = tensor.GetSize();
  const uint64_t shown = count < size ? count : size;
  std::lock_guard<std::mutex> lock(KernelPrintMutex());
  std::printf("DumpTensor: block %lld, %s, desc=%u, %llu of %llu elements:",
              static_cast<long long>(AscendC::GetBlockIdx()), where, desc,
              static_cast<unsigned long long>(shown), static_cast<unsigned long long>(size));
  for (uint64_t i = 0; i < shown; ++i) PrintElement(tensor.GetValue(static_cast<uint32_t>(i)));
  std::printf("\n");
}

}  // namespace opsim::sim::detail

namespace AscendC {

// Kernel printf: printed at once on the host (the chip collects it into a dump buffer and the
// runtime prints it after the kernel); one call's text is never interleaved with another's.
template <typename... Args>
void printf(const char* fmt, Args... args) {
  std::lock_guard<std::mutex> lock(opsim::sim::detail::KernelPrintMutex());
  if constexpr (sizeof...(Args) == 0) {
    std::fputs(fmt, stdout);
  } else {
    std::printf(fmt, args...);
  }
}
template <typename... Args>
void PRINTF(const char* fmt, Args... args) {
  AscendC::printf(fmt, args...);
}

// Prints the first dumpSize elements with the user's descriptor number. Elements are read with
// scalar (S pipe) reads, as on the chip, so the usual sync rules apply to a dumped UB tensor.
template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
  opsim::sim::detail::DumpElements("UB", tensor, desc, dumpSize);
}
template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
  opsim::sim::detail::DumpElements("GM", tensor, desc, dumpSize);
}

// DumpTensor of the tensor from element countOff on, with `index` as its descriptor. The UB
// start must stay 32 B-aligned (CANN: "偏移后的Tensor地址需要满足所在物理位置的对齐约束").
template <typename T>
void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff,
                     uint32_t dumpSize) {
  if ((static_cast<uint64_t>(countOff) * sizeof(T)) % 32 != 0) {
    opsim::sim::RaiseFault(opsim::sim::FaultKind::kInvalidArgument, "DumpAccChkPoint",
                           "countOff " + std::to_string(countOff) + " moves the UB tensor by " +
                               std::to_string(static_cast<uint64_t>(countOff) * sizeof(T)) +
                               " B, not a multiple of 32 B (the UB's alignment)");
  }
  opsim::sim::detail::DumpElements("UB", tensor[countOff], index, dumpSize);
}
template <typename T>
void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff,
                     uint32_t dumpSize) {
  opsim::sim::detail::DumpElements("GM", tensor[countOff], index, dumpSize);
}

// On the chip this clears the mask, atomic and rounding state a previous kernel left in the
// core. Every simulated block starts from that reset state, so there is nothing to clear.
inline void InitSocState() {}

}  // namespace AscendC

using AscendC::InitSocState;

// ascendc_assert(expr) or ascendc_assert(expr, "format", args...): a kernel fault when false.
#define ascendc_assert(expr, ...) \
  ((expr) ? static_cast<void>(0)  \
          : ::opsim::sim::detail::AssertFailed(#expr, __FILE__, __LINE__, "" __VA_ARGS__))
#ifndef ASSERT
#if defined(OPSIM_OP_PROJECT_BUILD)
// CANN's operator build, the only way it compiles an operator project, compiles ASSERT out
// (opsim_add_op_library defines OPSIM_OP_PROJECT_BUILD for kernels).
// To nothing at all: some public kernels write `x = y ASSERT(...);`, which only that compiles.
#define ASSERT(expr)
#else
#define ASSERT(expr) ascendc_assert(expr)
#endif
#endif
