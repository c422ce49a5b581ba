// The CCE intrinsics' pipe pairs, the core type CANN's CPU build declares, GetTPipePtr and the
// TPipe's event-id allocation.
#include <string>

#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/detail/core.h"
#include "runtime/hard_event_name.h"

// Set by the launcher for the core each host thread runs (launch.cc); AIV outside a launch.
thread_local int32_t g_coreType = AscendC::AIV;

namespace opsim::sim::detail {
namespace {

const char* IntrinsicPipeName(pipe_t p) {
  switch (p) {
    case PIPE_S: return "PIPE_S";
    case PIPE_V: return "PIPE_V";
    case PIPE_MTE2: return "PIPE_MTE2";
    case PIPE_MTE3: return "PIPE_MTE3";
    case PIPE_ALL: return "PIPE_ALL";
    case PIPE_MTE1: return "PIPE_MTE1";
    case PIPE_M: return "PIPE_M";
    case PIPE_FIX: return "PIPE_FIX";
  }
  return "an unknown pipe";
}

}  // namespace

AscendC::HardEvent EventOfPipes(const char* instr, pipe_t src, pipe_t dst) {
  using AscendC::HardEvent;
  static const struct {
    pipe_t src, dst;
    HardEvent event;
  } kPairs[] = {
      {PIPE_MTE2, PIPE_V, HardEvent::MTE2_V},
      {PIPE_V, PIPE_MTE2, HardEvent::V_MTE2},
      {PIPE_V, PIPE_MTE3, HardEvent::V_MTE3},
      {PIPE_MTE3, PIPE_V, HardEvent::MTE3_V},
      {PIPE_MTE2, PIPE_MTE3, HardEvent::MTE2_MTE3},
      {PIPE_MTE3, PIPE_MTE2, HardEvent::MTE3_MTE2},
      {PIPE_S, PIPE_V, HardEvent::S_V},
      {PIPE_V, PIPE_S, HardEvent::V_S},
      {PIPE_MTE2, PIPE_S, HardEvent::MTE2_S},
      {PIPE_S, PIPE_MTE2, HardEvent::S_MTE2},
      {PIPE_MTE3, PIPE_S, HardEvent::MTE3_S},
      {PIPE_S, PIPE_MTE3, HardEvent::S_MTE3},
      {PIPE_MTE2, PIPE_MTE1, HardEvent::MTE2_MTE1},
      {PIPE_MTE1, PIPE_MTE2, HardEvent::MTE1_MTE2},
      {PIPE_MTE1, PIPE_M, HardEvent::MTE1_M},
      {PIPE_M, PIPE_MTE1, HardEvent::M_MTE1},
      {PIPE_M, PIPE_FIX, HardEvent::M_FIX},
      {PIPE_FIX, PIPE_M, HardEvent::FIX_M},
      {PIPE_MTE2, PIPE_M, HardEvent::MTE2_M},
      {PIPE_M, PIPE_MTE2, HardEvent::M_MTE2},
      {PIPE_FIX, PIPE_MTE2, HardEvent::FIX_MTE2},
      {PIPE_MTE2, PIPE_FIX, HardEvent::MTE2_FIX},
      {PIPE_MTE1, PIPE_FIX, HardEvent::MTE1_FIX},
      {PIPE_FIX, PIPE_MTE1, HardEvent::FIX_MTE1},
      {PIPE_M, PIPE_V, HardEvent::M_V},
      {PIPE_V, PIPE_M, HardEvent::V_M},
      {PIPE_MTE3, PIPE_MTE1, HardEvent::MTE3_MTE1},
      {PIPE_MTE1, PIPE_MTE3, HardEvent::MTE1_MTE3},
      {PIPE_MTE1, PIPE_V, HardEvent::MTE1_V},
      {PIPE_V, PIPE_MTE1, HardEvent::V_MTE1},
      {PIPE_FIX, PIPE_S, HardEvent::FIX_S},
      {PIPE_M, PIPE_S, HardEvent::M_S},
      {PIPE_FIX, PIPE_MTE3, HardEvent::FIX_MTE3},
  };
  for (const auto& p : kPairs) {
    if (p.src == src && p.dst == dst) return p.event;
  }
  RaiseFault(FaultKind::kInvalidArgument, instr,
             std::string("no flag from ") + IntrinsicPipeName(src) + " to " +
                 IntrinsicPipeName(dst) +
                 ": a flag joins two different pipes of a pair HardEvent names (the vector "
                 "pipes S, V, MTE2, MTE3; the cube's MTE2, MTE1, M, FIX); use pipe_barrier "
                 "for one pipe");
}

void* SwapCurrentPipe(void* pipe) noexcept {
  Core* core = CurOrNull();
  if (core == nullptr) return nullptr;  // a TPipe on the host: its InitBuffer faults
  void* prev = core->tpipe;
  core->tpipe = pipe;
  return prev;
}

void RestoreCurrentPipe(void* pipe, void* prev) noexcept {
  Core* core = CurOrNull();
  if (core != nullptr && core->tpipe == pipe) core->tpipe = prev;
}

void* CurrentPipe() {
  Core& core = Cur();
  if (core.tpipe == nullptr) {
    RaiseFault(FaultKind::kInvalidArgument, "GetTPipePtr",
               "no TPipe is alive in this block (construct one before asking for it)");
  }
  return core.tpipe;
}

AscendC::TEventID EventIdOp(uint8_t* allocated, AscendC::HardEvent evt, EventIdVerb verb,
                            AscendC::TEventID id) {
  const char* instr = verb == EventIdVerb::kFetch   ? "TPipe::FetchEventID"
                      : verb == EventIdVerb::kAlloc ? "TPipe::AllocEventID"
                                                    : "TPipe::ReleaseEventID";
  if (evt >= AscendC::HardEvent::MAX) {
    RaiseFault(FaultKind::kInvalidArgument, instr, "HardEvent::MAX is not an event");
  }
  uint8_t& bits = allocated[static_cast<size_t>(evt)];
  if (verb == EventIdVerb::kRelease) {
    if (id < 0 || id > 7 || ((bits >> id) & 1u) == 0) {
      RaiseFault(FaultKind::kInvalidArgument, instr,
                 "event id " + std::to_string(static_cast<int>(id)) +
                     " of HardEvent::" + HardEventName(evt) + " was not taken by AllocEventID");
    }
    bits = static_cast<uint8_t>(bits & ~(1u << id));
    return id;
  }
  for (int i = 0; i < 8; ++i) {
    if (((bits >> i) & 1u) != 0) continue;
    if (verb == EventIdVerb::kAlloc) bits = static_cast<uint8_t>(bits | (1u << i));
    return static_cast<AscendC::TEventID>(i);
  }
  RaiseFault(FaultKind::kInvalidArgument, instr,
             std::string("all 8 event ids of HardEvent::") + HardEventName(evt) +
                 " are taken by AllocEventID (release them with ReleaseEventID)");
}

}  // namespace opsim::sim::detail
