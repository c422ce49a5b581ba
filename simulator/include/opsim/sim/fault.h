// Kernel faults: the bugs the simulator catches, each naming core, instruction and addresses.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace opsim::sim {

enum class FaultKind : uint8_t {
  kOutOfBoundsGm,      // DMA or GlobalTensor access outside its registered region or length
  kOutOfBoundsUb,      // vector/scalar access beyond the LocalTensor's buffer
  kMisalignedCopy,     // DataCopy with a UB address or length that is not 32 B aligned
  kUbOverflow,         // InitBuffer asks for more Unified Buffer than is left
  kTooManyBuffers,     // more than 64 buffers in one TPipe, or more queue buffers on one
                       // TPosition than the profile's queue_buffers_per_position
  kQueueMisuse,        // empty DeQue, full EnQue, Alloc with none free, foreign/double free
  kBufferLeak,         // a queue buffer still held when the kernel ends
  kUseAfterFree,       // a LocalTensor used after its buffer was freed
  kMissingSync,        // a pipe reads (or overwrites) UB data another pipe has not finished with
  kGmRace,             // checked mode: two blocks access the same GM bytes between two SyncAll,
                       // at least one writing (atomic accumulation among itself is exempt)
  kUnsupported,        // API used in a way this profile or simulator does not allow
  kBarrierDeadlock,    // SyncAll that some core can never reach
  kInvalidArgument,    // bad argument to an API call (count 0 where forbidden, bad params)
  kNoLaunch,           // kernel API called outside a kernel launch
  kAssertFailed,       // a kernel's own ASSERT / ascendc_assert did not hold
  kUninitializedRead,  // checked mode: a vector or DMA-out read of UB bytes nothing wrote
  kUnwrittenOutput,    // checked mode: output GM bytes that no core wrote during the launch
  kTimeout,            // a core ran past LaunchOptions::timeout_ns (the AI Core timeout)
  kAicoreException,    // the kernel's code raised what the chip stops with an AI Core exception:
                       // integer division by zero, a wild store, a stack overflow, abort, a trap
  kUnpairedFlag,       // a SetFlag never waited for when the kernel ends, or set again while set
  kDeadlock,           // a WaitFlag that no remaining instruction of the block can satisfy
};

std::string_view FaultKindName(FaultKind kind);

struct Fault {
  FaultKind kind = FaultKind::kInvalidArgument;
  int32_t block = -1;            // logical block index (GetBlockIdx), -1 when not on a core
  std::string instruction;       // "DataCopy", "TQue::DeQue", ...
  std::string message;           // the rule and the addresses, e.g. "UB address 0x10 is not ..."
  std::string ToString() const;  // "core 3: DataCopy: <message> [misaligned_copy]"
};

// Thrown inside a core when a fault is detected; the launcher catches it and stops all cores.
class FaultError : public std::runtime_error {
 public:
  explicit FaultError(Fault fault);
  const Fault& fault() const { return fault_; }

 private:
  Fault fault_;
};

// Throws FaultError for the current core (block index filled in by the launcher's context).
[[noreturn]] void RaiseFault(FaultKind kind, std::string_view instruction, std::string message);

}  // namespace opsim::sim
