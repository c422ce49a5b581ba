// CrossCoreSetFlag / CrossCoreWaitFlag between the cores of a MIX block (docs/CUBE.md, "MIX
// kernels"): each flag id is a counter per core; a set adds one (mode 1: once both AIV set it,
// on both; mode 2: the AIC's set on each AIV, both AIV's sets once on the AIC), a wait blocks
// while it is 0, then takes one.
#include <algorithm>
#include <string>
#include <string_view>

#include "cube/mix_run.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

namespace {

std::string CrossFlagCall(const char* api, uint8_t mode, uint16_t flag) {
  return std::string(api) + "<" + std::to_string(mode) + ">(" + std::to_string(flag) + ")";
}

// The running member of a MIX block; outside one, a fault saying what the mode needs.
MixMember& Member(const char* api, uint8_t mode, uint16_t flag) {
  Core& core = Cur();
  if (core.device->cube_cores == 0 || core.device->cube_cores >= core.device->vector_cores) {
    RaiseFault(FaultKind::kUnsupported, api,
               CrossFlagCall(api, mode, flag) + ": " + core.device->name +
                   "'s AI core holds the cube and vector units in one core; cross-core flags "
                   "are for chips whose AIC and AIV are separate cores (the 910B)");
  }
  if (flag >= kCrossCoreFlags) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               CrossFlagCall(api, mode, flag) + ": flagId " + std::to_string(flag) +
                   " is out of range (expected 0..15)");
  }
  // The wait reads the core's own counter whatever its mode (CANN's samples wait with the
  // default, 0, for mode 2 sets); only a mode 0 set needs every core of the launch.
  if (mode == 0 && std::string_view(api) == "CrossCoreSetFlag") {
    RaiseFault(FaultKind::kUnsupported, api,
               CrossFlagCall(api, mode, flag) +
                   ": mode 0 (every core of the launch) is not modelled; SyncAll is");
  }
  if (tls_mix == nullptr || tls_mix->run == nullptr || tls_mix->member == nullptr) {
    RaiseFault(
        FaultKind::kUnsupported, api,
        CrossFlagCall(api, mode, flag) +
            ": cross-core flags synchronise the AIC and AIV of a MIX block, and this "
            "launch is not MIX (declare it: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2))");
  }
  return *tls_mix->member;
}

Pipe CrossCorePipe(int pipe) {
  switch (pipe) {
    case AscendC::PIPE_S: return Pipe::kS;
    case AscendC::PIPE_V: return Pipe::kV;
    case AscendC::PIPE_MTE2: return Pipe::kMte2;
    case AscendC::PIPE_MTE3: return Pipe::kMte3;
    case AscendC::PIPE_MTE1: return Pipe::kMte1;
    case AscendC::PIPE_M: return Pipe::kM;
    case AscendC::PIPE_FIX: return Pipe::kFix;
    default: break;
  }
  return Pipe::kS;
}

}  // namespace

void CrossCoreSetImpl(uint8_t mode, int pipe, uint16_t flag) {
  const char* api = "CrossCoreSetFlag";
  MixMember& self = Member(api, mode, flag);
  if (pipe == AscendC::PIPE_S || pipe == AscendC::PIPE_ALL) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               CrossFlagCall(api, mode, flag) +
                   ": the pipe is PIPE_S or PIPE_ALL (the set is issued on "
                   "a pipe: PIPE_V, PIPE_MTE1/2/3, PIPE_M or PIPE_FIX)");
  }
  self.core->last_instruction = api;
  tls_mix->run->Set(self, mode, CrossCorePipe(pipe), flag);
}

void CrossCoreWaitImpl(uint8_t mode, int pipe, uint16_t flag) {
  const char* api = "CrossCoreWaitFlag";
  (void)pipe;  // the wait blocks every later instruction of the core, whatever its pipe
  MixMember& self = Member(api, mode, flag);
  self.core->last_instruction = api;
  tls_mix->run->Wait(self, mode, flag);
}

void MixRun::Deliver(int to, CrossCoreToken token, uint16_t flag) {
  MixMember& m = *members_[static_cast<size_t>(to)];
  auto& q = m.counter[flag];
  if (q.size() >= kCrossCoreCounterMax) {
    RaiseFault(FaultKind::kUnpairedFlag, "CrossCoreSetFlag",
               "CrossCoreSetFlag<" + std::to_string(token.mode) + ">(" + std::to_string(flag) +
                   ") by " + Name(*members_[static_cast<size_t>(token.from)]) + " would be the " +
                   std::to_string(q.size() + 1) + "th set " + Name(m) +
                   " has not waited for: a flag's counter holds at most 16");
  }
  q.push_back(token);
  if (m.state == MixMember::State::kWaitFlag && m.wait_flag == flag) {
    m.state = MixMember::State::kReady;
  }
}

void MixRun::Set(MixMember& self, uint8_t mode, Pipe pipe, uint16_t flag) {
  Core& core = *self.core;
  const size_t aivs = shape_.aiv_per_block;
  const int from = static_cast<int>(std::find_if(members_.begin(), members_.end(),
                                                 [&](const auto& m) { return m.get() == &self; }) -
                                    members_.begin());
  // The scalar unit issues the set in program order; it leaves when its pipe's earlier work is
  // done and reaches the other core a flag hand-off later.
  const double issued =
      std::max(core.clock[static_cast<int>(Pipe::kS)], core.clock[static_cast<int>(pipe)]);
  const CrossCoreToken token{issued + core.flag_ns, static_cast<int8_t>(from), mode};
  if (mode == 1) {
    if (self.aic || aivs < 2) {
      RaiseFault(FaultKind::kInvalidArgument, "CrossCoreSetFlag",
                 "CrossCoreSetFlag<1>(" + std::to_string(flag) + ") on " + Name(self) +
                     ": mode 1 synchronises the two AIV of an AI core (KERNEL_TYPE_MIX_AIC_1_2)");
    }
    self.unpaired1[flag].push_back(token);
    MixMember& other = *members_[self.sub == 0 ? 1 : 0];
    if (other.unpaired1[flag].empty()) return;
    CrossCoreToken pair = self.unpaired1[flag].front();
    pair.t = std::max(pair.t, other.unpaired1[flag].front().t);
    self.unpaired1[flag].pop_front();
    other.unpaired1[flag].pop_front();
    Deliver(0, pair, flag);
    Deliver(1, pair, flag);
    return;
  }
  // Mode 2: the AIC's set counts on each AIV; the AIV's sets count once on the AIC.
  if (self.aic) {
    for (size_t i = 0; i < aivs; ++i) Deliver(static_cast<int>(i), token, flag);
    return;
  }
  self.unpaired2[flag].push_back(token);
  double t = 0;
  for (size_t i = 0; i < aivs; ++i) {
    if (members_[i]->unpaired2[flag].empty()) return;
    t = std::max(t, members_[i]->unpaired2[flag].front().t);
  }
  CrossCoreToken both = token;
  both.t = t;
  for (size_t i = 0; i < aivs; ++i) members_[i]->unpaired2[flag].pop_front();
  Deliver(static_cast<int>(aivs), both, flag);
}

void MixRun::Wait(MixMember& self, uint8_t mode, uint16_t flag) {
  while (self.counter[flag].empty()) {
    self.state = MixMember::State::kWaitFlag;
    self.wait_flag = flag;
    self.wait_mode = mode;
    Yield(self);
  }
  const CrossCoreToken token = self.counter[flag].front();
  self.counter[flag].pop_front();
  // Every later instruction of the core waits for the set.
  for (double& c : self.core->clock) c = std::max(c, token.t);
}

void MixRun::SyncAll(MixMember& self) {
  if (self.aic) {
    RaiseFault(FaultKind::kUnsupported, "SyncAll",
               "SyncAll on the AIC of a MIX block is not modelled (the AIV's SyncAll is)");
  }
  self.state = MixMember::State::kWaitSyncAll;
  Yield(self);
}

}  // namespace opsim::sim::detail
