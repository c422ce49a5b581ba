#include "opsim/sim/fault.h"

#include "opsim/sim/detail/core.h"
#include "opsim/sim/launch.h"

namespace opsim::sim {

std::string_view FaultKindName(FaultKind kind) {
  switch (kind) {
    case FaultKind::kOutOfBoundsGm: return "out_of_bounds_gm";
    case FaultKind::kOutOfBoundsUb: return "out_of_bounds_ub";
    case FaultKind::kMisalignedCopy: return "misaligned_copy";
    case FaultKind::kUbOverflow: return "ub_overflow";
    case FaultKind::kTooManyBuffers: return "too_many_buffers";
    case FaultKind::kQueueMisuse: return "queue_misuse";
    case FaultKind::kBufferLeak: return "buffer_leak";
    case FaultKind::kUseAfterFree: return "use_after_free";
    case FaultKind::kMissingSync: return "missing_sync";
    case FaultKind::kGmRace: return "gm_race";
    case FaultKind::kUnsupported: return "unsupported";
    case FaultKind::kBarrierDeadlock: return "barrier_deadlock";
    case FaultKind::kInvalidArgument: return "invalid_argument";
    case FaultKind::kNoLaunch: return "no_launch";
    case FaultKind::kAssertFailed: return "assert_failed";
    case FaultKind::kUninitializedRead: return "uninitialized_read";
    case FaultKind::kUnwrittenOutput: return "unwritten_output";
    case FaultKind::kTimeout: return "timeout";
    case FaultKind::kAicoreException: return "aicore_exception";
    case FaultKind::kUnpairedFlag: return "unpaired_flag";
    case FaultKind::kDeadlock: return "deadlock";
  }
  return "unknown";
}

std::string Fault::ToString() const {
  std::string out = block >= 0 ? "core " + std::to_string(block) + ": " : std::string();
  out += instruction + ": " + message + " [" + std::string(FaultKindName(kind)) + "]";
  return out;
}

std::string Warning::ToString() const {
  std::string out = block >= 0 ? "core " + std::to_string(block) + ": " : std::string();
  out += instruction + ": " + message + " [" + kind + "]";
  if (count > 1) out += " (x" + std::to_string(count) + ")";
  return out;
}

FaultError::FaultError(Fault fault)
    : std::runtime_error(fault.ToString()), fault_(std::move(fault)) {}

void RaiseFault(FaultKind kind, std::string_view instruction, std::string message) {
  const detail::Core* core = detail::CurOrNull();
  throw FaultError(
      Fault{kind, core ? core->block_idx : -1, std::string(instruction), std::move(message)});
}

}  // namespace opsim::sim
