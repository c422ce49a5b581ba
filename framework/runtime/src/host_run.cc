#include "opsim/framework/host_run.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <tuple>
#include <utility>

#include "opsim/core/memory_limit.h"
#include "opsim/core/tensor.h"

namespace opsim {
namespace {

constexpr uint64_t kHugePage = uint64_t{2} << 20;
constexpr uint64_t kCacheLine = 64;

// Every size the run holds for `bytes` of data: padded as aclrtMalloc pads, when the context's
// buffers are.
uint64_t HeldBytes(uint64_t bytes, bool padded) {
  return padded ? PaddedDeviceBytes(bytes) : bytes;
}

}  // namespace

Status DeviceBuffer::Allocate(uint64_t bytes, DeviceBuffer* out, std::span<const uint8_t> initial) {
  *out = DeviceBuffer();
  if (bytes == 0) return Status::Ok();
  const uint64_t alignment = bytes >= kHugePage ? kHugePage : kCacheLine;
  void* p = ::operator new(bytes, std::align_val_t(alignment), std::nothrow);
  if (p == nullptr) {
    return {ErrorCode::kInvalidTensorSize, "cannot allocate " + std::to_string(bytes) + " B"};
  }
  // A hint before the first touch, which may be refused; whole huge pages only.
  if (alignment == kHugePage) (void)madvise(p, bytes / kHugePage * kHugePage, MADV_HUGEPAGE);
  // Written once: an input's bytes were zeroed and then copied over, a pass too many per case.
  const uint64_t copied = std::min<uint64_t>(initial.size(), bytes);
  if (copied > 0) std::memcpy(p, initial.data(), copied);
  std::memset(static_cast<uint8_t*>(p) + copied, 0, bytes - copied);
  out->data_ = static_cast<uint8_t*>(p);
  out->size_ = bytes;
  out->alignment_ = alignment;
  return Status::Ok();
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      alignment_(std::exchange(other.alignment_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(size_, other.size_);
  std::swap(alignment_, other.alignment_);
  return *this;
}

DeviceBuffer::~DeviceBuffer() {
  if (data_ != nullptr) ::operator delete(data_, std::align_val_t(alignment_));
}

Status InferOnBuffers(const Operation& op, const std::vector<HostRunBuffer>& inputs,
                      SVector<TensorDesc>* outputs, std::vector<bool>* unset) {
  const auto* by_values = dynamic_cast<const InfersFromValues*>(&op);
  if (by_values == nullptr) {
    SVector<TensorDesc> descs;
    for (const HostRunBuffer& b : inputs) descs.push_back(b.desc);
    OPSIM_RETURN_IF_ERROR(op.InferShape(descs, *outputs));
    unset->assign(outputs->size(), false);
    return Status::Ok();
  }
  VariantPack pack;
  for (const HostRunBuffer& b : inputs) {
    Tensor t;
    t.desc = b.desc;
    t.deviceData = b.data;
    // A size the descriptions overflow is refused by the run itself; none is claimed here.
    t.dataSize = TensorDescBytes(b.desc).value_or(0);
    pack.inTensors.push_back(t);
  }
  return by_values->InferShapeOfPack(pack, *outputs, unset);
}

Status HostRun::Begin(Operation& op, const std::vector<HostRunInput>& inputs,
                      const HostRunOptions& options, std::unique_ptr<HostRun>* out,
                      SVector<TensorDesc>* out_descs, const std::vector<HostRunBuffer>* buffers) {
  std::unique_ptr<HostRun> run(new HostRun());
  run->op_ = &op;
  run->subject_ = options.subject;
  run->context_ = options.context;
  if (run->context_ == nullptr) {
    OPSIM_RETURN_IF_ERROR(Context::Create(options.context_options, &run->own_context_));
    run->context_ = run->own_context_.get();
  }
  SVector<TensorDesc> in_descs;
  OPSIM_RETURN_IF_ERROR(run->Bind(inputs, &in_descs));
  if (buffers != nullptr) {
    std::vector<bool> unset;
    OPSIM_RETURN_IF_ERROR(InferOnBuffers(op, *buffers, out_descs, &unset));
  } else {
    OPSIM_RETURN_IF_ERROR(op.InferShape(in_descs, *out_descs));
  }
  *out = std::move(run);
  return Status::Ok();
}

Status HostRun::Prepare(Operation& op, const std::vector<HostRunInput>& inputs,
                        const HostRunOptions& options, std::unique_ptr<HostRun>* out) {
  std::unique_ptr<HostRun> run;
  SVector<TensorDesc> out_descs;
  OPSIM_RETURN_IF_ERROR(Begin(op, inputs, options, &run, &out_descs));

  // Every size before anything is allocated: a [100000, 100000] output is refused, not taken.
  const bool padded = run->context_->options().padded_device_buffers;
  double total = 0;
  for (const Tensor& t : run->pack_.inTensors) {
    total += static_cast<double>(HeldBytes(t.dataSize, padded));
  }
  for (size_t k = 0; k < out_descs.size(); ++k) {
    const std::optional<uint64_t> bytes = TensorDescBytes(out_descs[k]);
    if (!bytes) {
      return {ErrorCode::kInvalidTensorSize, run->subject_ + "'s output " + std::to_string(k) +
                                                 " " + ToString(out_descs[k]) +
                                                 " has more bytes than 2^64 can count"};
    }
    Tensor t;
    t.desc = out_descs[k];
    t.dataSize = *bytes;
    run->pack_.outTensors.push_back(t);
    total += static_cast<double>(HeldBytes(*bytes, padded));
  }
  OPSIM_RETURN_IF_ERROR(CheckFitsMemory(total, run->subject_ + "'s inputs and outputs"));

  for (SVector<Tensor>* tensors : {&run->pack_.inTensors, &run->pack_.outTensors}) {
    for (size_t k = 0; k < tensors->size(); ++k) {
      Tensor& t = (*tensors)[k];
      const bool input = tensors == &run->pack_.inTensors;
      DeviceBuffer buffer;
      OPSIM_RETURN_IF_ERROR(DeviceBuffer::Allocate(
          HeldBytes(t.dataSize, padded), &buffer,
          input ? std::span<const uint8_t>(inputs[k].bytes) : std::span<const uint8_t>()));
      t.deviceData = buffer.data();
      run->buffers_.push_back(std::move(buffer));
    }
  }
  *out = std::move(run);
  return Status::Ok();
}

Status HostRun::PrepareOnBuffers(Operation& op, const std::vector<HostRunBuffer>& inputs,
                                 const std::vector<HostRunBuffer>& outputs,
                                 const HostRunOptions& options, std::unique_ptr<HostRun>* out) {
  std::vector<HostRunInput> descs;
  for (const HostRunBuffer& b : inputs) descs.push_back({b.desc, {}});
  std::unique_ptr<HostRun> run;
  SVector<TensorDesc> inferred;
  OPSIM_RETURN_IF_ERROR(Begin(op, descs, options, &run, &inferred, &inputs));
  if (outputs.size() != inferred.size()) {
    return {ErrorCode::kInvalidParam, run->subject_ + " has " + std::to_string(inferred.size()) +
                                          " outputs, given " + std::to_string(outputs.size())};
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (!(outputs[k].desc == inferred[k])) {
      return {ErrorCode::kInvalidParam, run->subject_ + "'s output " + std::to_string(k) + " is " +
                                            ToString(outputs[k].desc) +
                                            "; for these inputs it is " + ToString(inferred[k])};
    }
    Tensor t;
    t.desc = inferred[k];
    t.dataSize = *TensorDescBytes(t.desc);  // the inputs' sizes were counted, so this one is too
    run->pack_.outTensors.push_back(t);
  }
  for (auto [tensors, buffers, what] : {std::tuple{&run->pack_.inTensors, &inputs, "input"},
                                        std::tuple{&run->pack_.outTensors, &outputs, "output"}}) {
    for (size_t k = 0; k < buffers->size(); ++k) {
      Tensor& t = (*tensors)[k];
      t.deviceData = (*buffers)[k].data;
      if (t.deviceData == nullptr && t.dataSize > 0) {
        return {ErrorCode::kInvalidParam, run->subject_ + "'s " + what + " " + std::to_string(k) +
                                              " " + ToString(t.desc) + " has no memory (null)"};
      }
    }
  }
  *out = std::move(run);
  return Status::Ok();
}

Status HostRun::SetupForCallersWorkspace(uint64_t* workspace_bytes) {
  OPSIM_RETURN_IF_ERROR(op_->Setup(pack_, callers_workspace_bytes_, context_));
  *workspace_bytes = callers_workspace_bytes_;
  set_up_ = true;
  return Status::Ok();
}

Status HostRun::ExecuteIn(uint8_t* workspace, uint64_t bytes) {
  if (!set_up_) return {ErrorCode::kInvalidParam, subject_ + ": Execute before Setup"};
  if (bytes < callers_workspace_bytes_ || (workspace == nullptr && callers_workspace_bytes_ > 0)) {
    return {ErrorCode::kInvalidParam,
            subject_ + ": a workspace of " + std::to_string(bytes) + " B at " +
                (workspace == nullptr ? std::string("null") : std::string("an address")) +
                " was given; the first stage asked for " +
                std::to_string(callers_workspace_bytes_) + " B"};
  }
  return op_->Execute(pack_, workspace, bytes, context_);
}

void HostRun::Rebind(bool output, size_t k, void* data) {
  (output ? pack_.outTensors : pack_.inTensors)[k].deviceData = data;
}

Status HostRun::Bind(const std::vector<HostRunInput>& inputs, SVector<TensorDesc>* in_descs) {
  if (inputs.size() > SVector<Tensor>::kCapacity) {
    return {ErrorCode::kInvalidParam, subject_ + " has " + std::to_string(inputs.size()) +
                                          " inputs, more than " +
                                          std::to_string(SVector<Tensor>::kCapacity)};
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    const std::optional<uint64_t> bytes = TensorDescBytes(inputs[k].desc);
    if (!bytes) {
      return {ErrorCode::kInvalidTensorSize, subject_ + "'s input " + std::to_string(k) + " " +
                                                 ToString(inputs[k].desc) +
                                                 " has more bytes than 2^64 can count"};
    }
    if (!inputs[k].bytes.empty() && inputs[k].bytes.size() != *bytes) {
      return {ErrorCode::kInvalidTensorSize,
              subject_ + "'s input " + std::to_string(k) + " " + ToString(inputs[k].desc) + " is " +
                  std::to_string(*bytes) + " B, given " + std::to_string(inputs[k].bytes.size())};
    }
    Tensor t;
    t.desc = inputs[k].desc;
    t.dataSize = *bytes;
    pack_.inTensors.push_back(t);
    in_descs->push_back(t.desc);
  }
  return Status::Ok();
}

Status HostRun::Setup() {
  uint64_t bytes = 0;
  OPSIM_RETURN_IF_ERROR(op_->Setup(pack_, bytes, context_));
  OPSIM_RETURN_IF_ERROR(CheckFitsMemory(static_cast<double>(bytes), subject_ + "'s workspace"));
  OPSIM_RETURN_IF_ERROR(DeviceBuffer::Allocate(bytes, &workspace_));
  set_up_ = true;
  return Status::Ok();
}

Status HostRun::Execute() {
  if (!set_up_) return {ErrorCode::kInvalidParam, subject_ + ": Execute before Setup"};
  return op_->Execute(pack_, workspace_.data(), workspace_.size(), context_);
}

Status HostRun::Run() {
  OPSIM_RETURN_IF_ERROR(Setup());
  return Execute();
}

uint8_t* HostRun::input_data(size_t k) const {
  return static_cast<uint8_t*>(pack_.inTensors[k].deviceData);
}

std::span<const uint8_t> HostRun::output(size_t k) const {
  const Tensor& t = pack_.outTensors[k];
  return {static_cast<const uint8_t*>(t.deviceData), t.dataSize};
}

}  // namespace opsim
