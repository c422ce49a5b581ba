// HostRun: the one way an Operation runs on host memory, for every door (the case harness,
// `opsim exec`, `bench`, `graph`, `onnx-test`): the inputs bound in order, the outputs inferred
// and every buffer sized against the machine before one is allocated, a context, Setup with its
// workspace sized the same way, and Execute, which may repeat (bench). The doors keep only what
// is theirs: where inputs come from, and what is done with the outputs.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/framework/context.h"

namespace opsim {

// A buffer that plays a device allocation (aclrtMalloc): zeroed, 64 B aligned (a 16 B-aligned
// block makes every 64 B load of a streaming read straddle two cache lines, about a fifth of the
// read bandwidth here), 2 MiB aligned with a transparent-huge-page hint from 2 MiB up. Heap
// memory, so that AddressSanitizer watches its bounds.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  // `initial` first (at most `bytes` of it), zeros after it. kInvalidTensorSize when the
  // allocation fails.
  static Status Allocate(uint64_t bytes, DeviceBuffer* out, std::span<const uint8_t> initial = {});
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer();

  uint8_t* data() const { return data_; }  // null when empty
  uint64_t size() const { return size_; }

 private:
  uint8_t* data_ = nullptr;
  uint64_t size_ = 0;
  uint64_t alignment_ = 0;
};

// An operation whose output shapes may depend on its inputs' values: an OpDef's InferShape reads
// the data of its ValueDepend inputs, which CANN hands it (a Const's value, an aclIntArray's). A
// run on the caller's buffers (aclnn's first stage) infers through this, the inputs' memory in
// `pack`; Operation::InferShape (descriptions only) gives such an input no data.
class InfersFromValues {
 public:
  virtual ~InfersFromValues() = default;
  // As InferShape, with the pack's ValueDepend inputs' data; `unset[k]` (by output) says the
  // OpDef's InferShape left output k as it found it (EyeV2's sets no shape).
  virtual Status InferShapeOfPack(const VariantPack& pack, SVector<TensorDesc>& outTensorDescs,
                                  std::vector<bool>* unset) const = 0;
};

// One input of a run. Empty `bytes` for a tensor that has some: the buffer stays zero, for the
// caller to fill through HostRun::input_data before Setup (bench's pattern).
struct HostRunInput {
  TensorDesc desc;
  std::span<const uint8_t> bytes;
};

// The caller's memory for one tensor of a run on the caller's buffers (aclnn's: the
// application's device allocations), holding at least TensorDescBytes(desc) bytes.
struct HostRunBuffer {
  TensorDesc desc;
  void* data = nullptr;
};

// The outputs `op` infers for inputs in the caller's memory: through InfersFromValues when the
// operation is one (`unset` then filled), else from the descriptions (`unset` all false).
Status InferOnBuffers(const Operation& op, const std::vector<HostRunBuffer>& inputs,
                      SVector<TensorDesc>* outputs, std::vector<bool>* unset);

struct HostRunOptions {
  // Names the run in errors: "<subject>'s inputs and outputs would take ..." ("the case",
  // "ReduceSum", "the graph").
  std::string subject = "the operation";
  // The context of the run: a caller's (kept across runs, as onnx-test keeps one), or null for
  // one made from `context_options`.
  Context* context = nullptr;
  ContextOptions context_options;
};

class HostRun {
 public:
  // Binds the inputs, infers the outputs, checks every size and allocates; makes the context.
  // kInvalidTensorSize naming the tensor when a size overflows, kOutOfMemory-like errors from
  // CheckFitsMemory naming the subject, the operation's own error when it refuses the inputs.
  static Status Prepare(Operation& op, const std::vector<HostRunInput>& inputs,
                        const HostRunOptions& options, std::unique_ptr<HostRun>* out);

  // The same on the caller's buffers, which stay the caller's: nothing is allocated. The outputs
  // must be what the operation infers for these inputs (kInvalidParam naming the output, what it
  // is and what it should be). Then SetupForCallersWorkspace and ExecuteIn.
  static Status PrepareOnBuffers(Operation& op, const std::vector<HostRunBuffer>& inputs,
                                 const std::vector<HostRunBuffer>& outputs,
                                 const HostRunOptions& options, std::unique_ptr<HostRun>* out);
  // Setup, reporting the workspace the caller must provide.
  Status SetupForCallersWorkspace(uint64_t* workspace_bytes);
  // One execution in the caller's workspace of `bytes` (at least what Setup reported).
  Status ExecuteIn(uint8_t* workspace, uint64_t bytes);
  // Points input (or output) k at other memory of the same description, for the next Execute.
  void Rebind(bool output, size_t k, void* data);

  // Setup, then the workspace sized against the machine and allocated.
  Status Setup();
  // One execution; Setup first.
  Status Execute();
  // Setup and one Execute.
  Status Run();

  Context& context() const { return *context_; }
  const VariantPack& pack() const { return pack_; }
  uint64_t workspace_bytes() const { return workspace_.size(); }
  // Input k's buffer (its dataSize bytes, then the padding): filled before Setup, or read after
  // Execute for an operation that writes an input in place.
  uint8_t* input_data(size_t k) const;
  std::span<const uint8_t> output(size_t k) const;

 private:
  HostRun() = default;
  // The context, the inputs' descriptions bound and the outputs inferred: what both ways share.
  // `buffers` (PrepareOnBuffers): the inputs' memory, which an InfersFromValues reads.
  static Status Begin(Operation& op, const std::vector<HostRunInput>& inputs,
                      const HostRunOptions& options, std::unique_ptr<HostRun>* run,
                      SVector<TensorDesc>* out_descs,
                      const std::vector<HostRunBuffer>* buffers = nullptr);
  Status Bind(const std::vector<HostRunInput>& inputs, SVector<TensorDesc>* in_descs);

  Operation* op_ = nullptr;
  std::string subject_;
  std::unique_ptr<Context> own_context_;
  Context* context_ = nullptr;
  std::vector<DeviceBuffer> buffers_;  // the inputs', then the outputs'
  VariantPack pack_;
  DeviceBuffer workspace_;
  uint64_t callers_workspace_bytes_ = 0;  // what Setup asked of the caller (PrepareOnBuffers)
  bool set_up_ = false;
};

}  // namespace opsim
