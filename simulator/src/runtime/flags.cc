// SetFlag/WaitFlag between the pipes of one core: the ordering they give the timeline, and the
// pairing checks (a WaitFlag nothing can satisfy, a redundant SetFlag, one left set at the end).
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>

#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/detail/core.h"
#include "runtime/hard_event_name.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

namespace {
struct EventPipes {
  Pipe from;
  Pipe to;
};
EventPipes PipesOf(AscendC::HardEvent e) {
  using AscendC::HardEvent;
  switch (e) {
    case HardEvent::MTE2_V: return {Pipe::kMte2, Pipe::kV};
    case HardEvent::V_MTE2: return {Pipe::kV, Pipe::kMte2};
    case HardEvent::V_MTE3: return {Pipe::kV, Pipe::kMte3};
    case HardEvent::MTE3_V: return {Pipe::kMte3, Pipe::kV};
    case HardEvent::MTE2_MTE3: return {Pipe::kMte2, Pipe::kMte3};
    case HardEvent::MTE3_MTE2: return {Pipe::kMte3, Pipe::kMte2};
    case HardEvent::S_V: return {Pipe::kS, Pipe::kV};
    case HardEvent::V_S: return {Pipe::kV, Pipe::kS};
    case HardEvent::MTE2_S: return {Pipe::kMte2, Pipe::kS};
    case HardEvent::S_MTE2: return {Pipe::kS, Pipe::kMte2};
    case HardEvent::MTE3_S: return {Pipe::kMte3, Pipe::kS};
    case HardEvent::S_MTE3: return {Pipe::kS, Pipe::kMte3};
    case HardEvent::MTE2_MTE1: return {Pipe::kMte2, Pipe::kMte1};
    case HardEvent::MTE1_MTE2: return {Pipe::kMte1, Pipe::kMte2};
    case HardEvent::MTE1_M: return {Pipe::kMte1, Pipe::kM};
    case HardEvent::M_MTE1: return {Pipe::kM, Pipe::kMte1};
    case HardEvent::M_FIX: return {Pipe::kM, Pipe::kFix};
    case HardEvent::FIX_M: return {Pipe::kFix, Pipe::kM};
    case HardEvent::MTE2_M: return {Pipe::kMte2, Pipe::kM};
    case HardEvent::M_MTE2: return {Pipe::kM, Pipe::kMte2};
    case HardEvent::FIX_MTE2: return {Pipe::kFix, Pipe::kMte2};
    case HardEvent::MTE2_FIX: return {Pipe::kMte2, Pipe::kFix};
    case HardEvent::MTE1_FIX: return {Pipe::kMte1, Pipe::kFix};
    case HardEvent::FIX_MTE1: return {Pipe::kFix, Pipe::kMte1};
    case HardEvent::M_V: return {Pipe::kM, Pipe::kV};
    case HardEvent::V_M: return {Pipe::kV, Pipe::kM};
    case HardEvent::MTE3_MTE1: return {Pipe::kMte3, Pipe::kMte1};
    case HardEvent::MTE1_MTE3: return {Pipe::kMte1, Pipe::kMte3};
    case HardEvent::MTE1_V: return {Pipe::kMte1, Pipe::kV};
    case HardEvent::V_MTE1: return {Pipe::kV, Pipe::kMte1};
    case HardEvent::FIX_S: return {Pipe::kFix, Pipe::kS};
    case HardEvent::M_S: return {Pipe::kM, Pipe::kS};
    case HardEvent::FIX_MTE3: return {Pipe::kFix, Pipe::kMte3};
    case HardEvent::V_V:
    case HardEvent::FIX_FIX:
    case HardEvent::MAX: break;
  }
  RaiseFault(FaultKind::kInvalidArgument, "SetFlag/WaitFlag", "unknown HardEvent");
}
// How CANN's SetFlag/WaitFlag treat an event that is not a flag between two pipes: V_V and
// FIX_FIX are the pipe's barrier (V_V's WaitFlag nothing), and on the 910B, whose AIC and AIV
// are separate cores, the events between the cube's pipes and V compile to nothing.
enum class EventForm : uint8_t { kFlag, kBarrierBoth, kBarrierOnSet, kNothing };
EventForm FormOf(AscendC::HardEvent e, const Core& core) {
  using AscendC::HardEvent;
  if (e == HardEvent::FIX_FIX) return EventForm::kBarrierBoth;
  if (e == HardEvent::V_V) return EventForm::kBarrierOnSet;
  const bool cube_to_vector = e == HardEvent::M_V || e == HardEvent::V_M ||
                              e == HardEvent::MTE1_V || e == HardEvent::V_MTE1;
  if (cube_to_vector && core.device->architecture == "dav-2201") return EventForm::kNothing;
  return EventForm::kFlag;
}
// True when the event was not a flag and has been done.
bool DoneAsNonFlag(AscendC::HardEvent e, int32_t id, bool set, const char* instr) {
  if (e >= AscendC::HardEvent::MAX) return false;  // PipesOf's fault
  const EventForm form = FormOf(e, Cur());
  if (form == EventForm::kFlag) return false;
  if (id < 0 || id >= 8) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "event id " + std::to_string(id) + " (expected 0 <= id < 8)");
  }
  const bool barrier = form == EventForm::kBarrierBoth || (form == EventForm::kBarrierOnSet && set);
  if (barrier) BarrierPipes(e == AscendC::HardEvent::V_V ? AscendC::PIPE_V : AscendC::PIPE_FIX);
  return true;
}
static_assert(static_cast<size_t>(AscendC::HardEvent::MAX) <= Core::kHardEventSlots,
              "a flag slot for every HardEvent");

size_t EventSlot(AscendC::HardEvent e, int32_t id, const char* instr) {
  if (static_cast<size_t>(e) >= static_cast<size_t>(AscendC::HardEvent::MAX)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "HardEvent " + std::to_string(static_cast<int>(e)) + " is not one of CANN's");
  }
  if (id < 0 || id >= 8) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "event id " + std::to_string(id) + " (expected 0 <= id < 8)");
  }
  return static_cast<size_t>(e);
}
// "SetFlag<V_MTE3>(0)", as the kernel's source writes it.
std::string FlagCall(const char* call, size_t slot, size_t id) {
  return std::string(call) + "<" + HardEventName(static_cast<AscendC::HardEvent>(slot)) + ">(" +
         std::to_string(id) + ")";
}
std::string Micros(double ns) {
  char b[32];
  std::snprintf(b, sizeof(b), "%.2f us", ns / 1000.0);
  return b;
}
}  // namespace

const char* HardEventName(AscendC::HardEvent e) {
  static constexpr const char* kNames[] = {
      "MTE2_V",    "V_MTE2",   "V_MTE3",   "MTE3_V", "MTE2_MTE3", "MTE3_MTE2", "S_V",
      "V_S",       "MTE2_S",   "S_MTE2",   "MTE3_S", "S_MTE3",    "MTE2_MTE1", "MTE1_MTE2",
      "MTE1_M",    "M_MTE1",   "M_FIX",    "FIX_M",  "MTE2_M",    "M_MTE2",    "FIX_MTE2",
      "MTE2_FIX",  "MTE1_FIX", "FIX_MTE1", "M_V",    "V_M",       "V_V",       "MTE3_MTE1",
      "MTE1_MTE3", "MTE1_V",   "V_MTE1",   "FIX_S",  "M_S",       "FIX_MTE3",  "FIX_FIX"};
  static_assert(std::size(kNames) == static_cast<size_t>(AscendC::HardEvent::MAX),
                "a name for every HardEvent");
  const auto i = static_cast<size_t>(e);
  return i < std::size(kNames) ? kNames[i] : "an unknown HardEvent";
}

void SetFlagImpl(AscendC::HardEvent event, int32_t id) {
  if (DoneAsNonFlag(event, id, true, "SetFlag")) return;
  Core& core = Cur();
  const size_t slot = EventSlot(event, id, "SetFlag");
  const EventPipes p = PipesOf(event);
  const auto bit = static_cast<uint8_t>(1u << id);
  double& set_at = core.flags[slot][static_cast<size_t>(id)];
  if (core.checked && (core.flag_set[slot] & bit) != 0) {
    RaiseFault(FaultKind::kUnpairedFlag, "SetFlag",
               FlagCall("SetFlag", slot, static_cast<size_t>(id)) + " while the one set at " +
                   Micros(set_at) + " has not been waited for (" +
                   FlagCall("WaitFlag", slot, static_cast<size_t>(id)) +
                   "): a redundant set; the event's pairing is lost, so a later WaitFlag can "
                   "pass before the data it guards is ready");
  }
  set_at = core.DoneAt(p.from);
  core.flag_set[slot] |= bit;
}

void WaitFlagImpl(AscendC::HardEvent event, int32_t id) {
  if (DoneAsNonFlag(event, id, false, "WaitFlag")) return;
  Core& core = Cur();
  const size_t slot = EventSlot(event, id, "WaitFlag");
  const EventPipes p = PipesOf(event);
  if ((core.flag_set[slot] & (1u << id)) == 0) {
    // The block's code runs in program order, so nothing after this wait can set the flag.
    RaiseFault(FaultKind::kDeadlock, "WaitFlag",
               FlagCall("WaitFlag", slot, static_cast<size_t>(id)) + " on core " +
                   std::to_string(core.core_idx) + " (block " + std::to_string(core.block_idx) +
                   "): no " + FlagCall("SetFlag", slot, static_cast<size_t>(id)) +
                   " is pending (never set, or consumed by an earlier WaitFlag), so the " +
                   PipeName(p.to) + " pipe would wait forever: unpaired SetFlag/WaitFlag");
  }
  core.flag_set[slot] &= static_cast<uint8_t>(~(1u << id));
  double& clock = core.clock[static_cast<int>(p.to)];
  // The waiting pipe resumes flag_ns after the producer's SetFlag
  // (DeviceProfile::flag_sync_cycles).
  clock = std::max(clock, core.flags[slot][static_cast<size_t>(id)] + core.flag_ns);
}

void CheckFlagsAtEnd(const Core& core) {
  for (size_t slot = 0; slot < core.flag_set.size(); ++slot) {
    if (core.flag_set[slot] == 0) continue;
    const auto id = static_cast<size_t>(__builtin_ctz(core.flag_set[slot]));
    RaiseFault(FaultKind::kUnpairedFlag, "kernel end",
               FlagCall("SetFlag", slot, id) + " set at " + Micros(core.flags[slot][id]) +
                   " was never waited for when the kernel ended: the flag stays set, so the next "
                   "kernel's first " +
                   FlagCall("WaitFlag", slot, id) + " on this core would pass early");
  }
}

}  // namespace opsim::sim::detail
