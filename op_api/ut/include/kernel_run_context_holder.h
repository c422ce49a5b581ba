// gert::KernelRunContextHolder as hicann/ops-nn's host unit tests use it (tests/ut/common): what
// a context faker's Build() returns, owning one operator call; GetContext<T>() is that call seen
// as a gert::InferShapeContext, InferDataTypeContext or TilingContext. opsim's implementation of
// that public surface (op_api/ut/src/context_faker.cc), over opsim's OpCallData.
#ifndef OPSIM_OP_UT_KERNEL_RUN_CONTEXT_HOLDER_H_
#define OPSIM_OP_UT_KERNEL_RUN_CONTEXT_HOLDER_H_

#include <memory>
#include <vector>

#include "exe_graph/runtime/op_call_data.h"

namespace opsim::op_ut {
struct FakeCall;
}  // namespace opsim::op_ut

namespace gert {

class KernelRunContextHolder {
 public:
  KernelRunContextHolder();
  explicit KernelRunContextHolder(std::unique_ptr<opsim::op_ut::FakeCall> call);
  KernelRunContextHolder(KernelRunContextHolder&&) noexcept;
  KernelRunContextHolder& operator=(KernelRunContextHolder&&) noexcept;
  ~KernelRunContextHolder();

  // The call as a T (each context is a view of the one call: what one writes, the next reads);
  // null when the faker could not describe the call (its error is on stderr).
  template <typename T>
  T* GetContext() {
    OpCallData* data = Data();
    if (data == nullptr) return nullptr;
    auto context = std::make_shared<T>(data);
    contexts_.push_back(context);
    return context.get();
  }

 private:
  OpCallData* Data();

  std::unique_ptr<opsim::op_ut::FakeCall> call_;
  std::vector<std::shared_ptr<void>> contexts_;
};

}  // namespace gert

#endif  // OPSIM_OP_UT_KERNEL_RUN_CONTEXT_HOLDER_H_
