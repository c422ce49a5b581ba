// Fuzz target: the OpDef path of every registered operator (op_call_gen.h chooses the op from the
// registry, its attributes, inputs, dtypes and shapes): Create, InferShape, Setup on one of the
// shipped devices, and, when the tensors are small, Execute in checked mode.
//
// Refusals are statuses with a message (the codes core/status.h documents). A kernel fault after a
// successful Setup, other than a kernel's own assertion on the data, is a finding too: the op's own
// tiling and kernel must agree on every call its InferShape and tiling accept. So is a crash, an
// uncaught exception, a sanitizer report, a hang or a leak.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "byte_reader.h"
#include "op_call_gen.h"

namespace {

constexpr uint64_t kMaxExecuteBytes = 256 * 1024;  // inputs + outputs of one Execute
constexpr uint64_t kMaxWorkspaceBytes = 16 * 1024 * 1024;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace opsim;
  fuzz::ByteReader in(data, size);
  Context* context = fuzz::FuzzContext(in.Below(fuzz::kFuzzContexts));
  fuzz::OpCall call;
  const Status created = fuzz::GenerateOpCall(in, "", &call);
  fuzz::RequireMessage(created);
  if (!created.ok()) return 0;
  if (std::getenv("OPSIM_FUZZ_VERBOSE") != nullptr) {  // to read a reproducer's call
    std::fprintf(stderr, "%s (%zu attributes)", call.op.c_str(), call.attrs.size());
    for (const TensorDesc& d : call.inputs) std::fprintf(stderr, ", %s", ToString(d).c_str());
    std::fprintf(stderr, "\n");
  }
  SVector<TensorDesc> outputs;
  const Status inferred = call.operation->InferShape(call.inputs, outputs);
  fuzz::RequireMessage(inferred);
  if (!inferred.ok()) {
    // Setup sees the values of ValueDepend inputs, which InferShape does not: it may accept
    // what InferShape refused, but must not crash on it.
    fuzz::PackBuffers buffers;
    fuzz::FillPack(in, call.inputs, {}, kMaxExecuteBytes, &buffers);
    uint64_t workspace = 0;
    fuzz::RequireMessage(call.operation->Setup(buffers.pack, workspace, context));
    return 0;
  }
  if (outputs.size() != call.operation->GetOutputNum()) std::abort();
  // Now and then an output description that differs from inference, which Setup must refuse.
  const bool mutate_output = !outputs.empty() && in.Byte() > 240;
  if (mutate_output) {
    Dims& dims = outputs[0].shape;
    if (dims.dimNum == 0) dims.dimNum = 1, dims.dims[0] = 0;
    dims.dims[0] = dims.dims[0] < 1000 ? dims.dims[0] + 1 + in.Byte() % 3 : 7;
  }
  fuzz::PackBuffers buffers;
  fuzz::FillPack(in, call.inputs, outputs, kMaxExecuteBytes, &buffers);
  uint64_t workspace_size = 0;
  const Status setup = call.operation->Setup(buffers.pack, workspace_size, context);
  fuzz::RequireMessage(setup);
  if (!setup.ok() || !buffers.complete || workspace_size > kMaxWorkspaceBytes) return 0;
  // Setup accepted outputs that inference did not give (unless the op reads input values,
  // where Setup's inference may differ from InferShape's).
  if (mutate_output) {
    if (!call.reads_values) std::abort();
    return 0;
  }
  std::vector<uint8_t> workspace(workspace_size);
  const Status run =
      call.operation->Execute(buffers.pack, workspace.data(), workspace_size, context);
  fuzz::RequireMessage(run);
  // A kernel's own assertion on the data (an integer division by zero) is a refusal it
  // documents; any other fault means the op's tiling and kernel disagree.
  const bool kernel_assert = run.message().ends_with("[assert_failed]");
  if (run.code() == ErrorCode::kKernelFault && !kernel_assert) {
    std::fprintf(stderr, "%s: kernel fault after a successful Setup: %s\n", call.op.c_str(),
                 run.message().c_str());
    std::abort();
  }
  return 0;
}
