// What the reference-registry tests share: host tensors from values and back, and a registered
// reference by name (a missing one fails the test; the test stops at its first use).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "opsim/reference/op_reference.h"

namespace opsim::ref::testing {

template <typename T>
HostTensor Make(DType dtype, std::vector<int64_t> shape, const std::vector<T>& values) {
  HostTensor t;
  t.dtype = dtype;
  t.shape = std::move(shape);
  t.bytes.resize(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(t.bytes.data(), values.data(), t.bytes.size());
  return t;
}

template <typename T>
std::vector<T> Values(const HostTensor& t) {
  std::vector<T> v(t.bytes.size() / sizeof(T));
  if (!v.empty()) std::memcpy(v.data(), t.bytes.data(), t.bytes.size());
  return v;
}

// The registry keeps its references for the process's lifetime.
inline const OpReference& Find(const std::string& op) {
  const std::shared_ptr<const OpReference> r = ReferenceRegistry::Global().Find(op);
  if (r == nullptr) {
    ADD_FAILURE() << "no reference registered for " << op;
    std::abort();  // nothing to return a reference to
  }
  return *r;
}

}  // namespace opsim::ref::testing
