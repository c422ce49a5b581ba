// What every seeded-bug harness shares: the registry of runnable kernels (the original and
// each mutant, by name) and one checked launch on the shipped ascend910b profile with GM
// regions named as the framework names them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "opsim/sim/launch.h"

namespace opsim::seeded {

using RunFn = std::function<sim::LaunchResult()>;

// Registered at static initialisation by the generated units (one per kernel family).
class Registrar {
 public:
  Registrar(const char* name, RunFn run);
};

// The kernel registered under `name`, or null.
const RunFn* FindRun(const std::string& name);

// A GM tensor of the launch: its bytes, its name in fault messages, and whether it is an
// output (checked mode then reports bytes of it that no block wrote, or read before a write).
// One named "workspace" is the launch's workspace; the others are inputs.
struct GmTensor {
  std::string name;
  std::vector<uint8_t> bytes;
  bool output = false;
};

template <typename T>
GmTensor Tensor(const std::string& name, uint64_t count, bool output = false) {
  GmTensor t{name, std::vector<uint8_t>(count * sizeof(T)), output};
  T* p = reinterpret_cast<T*>(t.bytes.data());
  for (uint64_t i = 0; i < count; ++i) {
    // Small values that every element type holds exactly, negative ones included.
    p[i] = static_cast<T>(static_cast<float>(static_cast<int64_t>(i % 17) - 8));
  }
  return t;
}

inline uint8_t* Gm(GmTensor& t) { return t.bytes.data(); }

// Runs `kernel` on `block_dim` blocks of ascend910b in checked mode, one host thread (so the
// lowest faulting block is the one reported), with `tensors` as the GM regions.
sim::LaunchResult RunChecked(uint32_t block_dim, std::vector<GmTensor>& tensors,
                             const std::function<void()>& kernel);

}  // namespace opsim::seeded

// Put inside each copy's namespace before the kernel file; a harness whose kernel lives in
// opsim's namespaces redefines it to reach the real ones from the copy.
#ifndef OPSIM_SEEDED_NAMESPACE_PRELUDE
#define OPSIM_SEEDED_NAMESPACE_PRELUDE
#endif
