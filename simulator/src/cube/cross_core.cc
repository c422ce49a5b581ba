// CrossCoreSetFlag / CrossCoreWaitFlag (docs/CUBE.md, "MIX kernels"): each flag id is a counter
// per core; a set adds one (mode 0: once every AIC, or every AIV, of the launch set it, on each
// of them; mode 1: once both AIV of a block set it, on both; mode 2: the AIC's set on each AIV,
// both AIV's sets once on the AIC), a wait blocks while it is 0, then takes one.
#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "cube/mix_run.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

namespace {

std::string CrossFlagCall(const char* api, uint8_t mode, uint16_t flag) {
  return std::string(api) + "<" + std::to_string(mode) + ">(" + std::to_string(flag) + ")";
}

bool CrossCoreSplitChip(const DeviceProfile& device) {
  return device.cube_cores > 0 && device.cube_cores < device.vector_cores;
}

// What every mode needs: a chip whose AIC and AIV are cores of their own, a flag id in range.
void CheckCrossCoreCall(const char* api, uint8_t mode, uint16_t flag) {
  const Core& core = Cur();
  if (!CrossCoreSplitChip(*core.device)) {
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
}

// The running member of a MIX block; outside one, a fault saying what the mode needs.
MixMember& Member(const char* api, uint8_t mode, uint16_t flag) {
  if (tls_mix == nullptr || tls_mix->run == nullptr || tls_mix->member == nullptr) {
    RaiseFault(
        FaultKind::kUnsupported, api,
        CrossFlagCall(api, mode, flag) +
            ": modes 1 and 2 synchronise the AIC and AIV of a MIX block, and this "
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

// Per core type and flag id: each core's sets not yet in a round, the rounds (each core's set
// landing), and how many rounds each core's waits took.
struct CrossCoreMode0 {
  struct Group {
    std::vector<std::deque<double>> pending;
    std::vector<std::vector<double>> rounds;
    std::vector<uint32_t> taken;
    std::vector<int32_t> race_block;
  };
  std::array<std::array<Group, kCrossCoreFlags>, 2> groups;

  Group& At(const Mode0Core& who, uint16_t flag) {
    Group& g = groups[static_cast<size_t>(who.group)][flag];
    if (g.taken.empty()) {
      g.pending.resize(who.count);
      g.taken.assign(who.count, 0);
      g.race_block.assign(who.count, -1);
    }
    return g;
  }
  const Group* Find(const Mode0Core& who, uint16_t flag) const {
    const Group& g = groups[static_cast<size_t>(who.group)][flag];
    return g.taken.empty() ? nullptr : &g;
  }
};

namespace {

std::string MicrosText(double ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f us", ns / 1000.0);
  return buf;
}

// How a mode 0 fault names a core: "AIV 3", "the AIC of block 1", "block 2".
std::string Mode0Name(const LaunchState& launch, int group, uint32_t index) {
  if (group == 1 && launch.shape.mix) return "the AIC of block " + std::to_string(index);
  if (group == 0 && launch.shape.mix) return "AIV " + std::to_string(index);
  return std::string(group == 1 ? "AIC " : "AIV ") + std::to_string(index);
}

const char* Mode0Cores(int group) {
  return group == 1 ? "every AIC of the launch" : "every AIV of the launch";
}

std::string Mode0List(const LaunchState& launch, int group, const std::vector<uint32_t>& cores) {
  std::string out;
  for (size_t i = 0; i < cores.size() && i < 8; ++i)
    out += (i > 0 ? ", " : "") + Mode0Name(launch, group, cores[i]);
  if (cores.size() > 8) out += " and " + std::to_string(cores.size() - 8) + " more";
  return out;
}

// Mode 0 needs every core of its type resident (the launch's blocks at once, as SyncAll does).
void RequireMode0Resident(const Core& core, const char* api, uint16_t flag) {
  const LaunchState& launch = *core.launch;
  if (launch.block_dim > launch.cores) {
    RaiseFault(FaultKind::kUnsupported, api,
               CrossFlagCall(api, 0, flag) + ": blockDim " + std::to_string(launch.block_dim) +
                   " exceeds the " + std::to_string(launch.cores) + " cores of " +
                   launch.device.name + ": mode 0 waits for " +
                   Mode0Cores(core.core_type == CoreType::kAic ? 1 : 0) +
                   ", so every block must be resident at once");
  }
}

// A mode 0 set by the running core: it counts once every core of its type has set the flag.
void Mode0Set(Core& core, Pipe pipe, uint16_t flag) {
  LaunchState& launch = *core.launch;
  const char* api = "CrossCoreSetFlag";
  RequireMode0Resident(core, api, flag);
  const Mode0Core who = Mode0Identity(core);
  // Like modes 1 and 2: it leaves when its pipe's earlier work is done and lands a flag
  // hand-off later.
  const double landing =
      std::max(core.clock[static_cast<int>(Pipe::kS)], core.DoneAt(pipe)) + core.flag_ns;
  std::unique_lock<std::mutex> lock(launch.FlagMutex());
  if (launch.mode0 == nullptr) launch.mode0 = std::make_shared<CrossCoreMode0>();
  CrossCoreMode0::Group& g = launch.mode0->At(who, flag);
  g.race_block[who.index] = who.race_block;
  g.pending[who.index].push_back(landing);
  for (const auto& q : g.pending) {
    if (q.empty()) return;
  }
  std::vector<double> round(who.count);
  double last = 0;
  for (uint32_t i = 0; i < who.count; ++i) {
    round[i] = g.pending[i].front();
    g.pending[i].pop_front();
    last = std::max(last, round[i]);
  }
  for (uint32_t i = 0; i < who.count; ++i) {
    if (g.rounds.size() - g.taken[i] >= kCrossCoreCounterMax) {
      RaiseFault(FaultKind::kUnpairedFlag, api,
                 CrossFlagCall(api, 0, flag) + " by " + Mode0Name(launch, who.group, who.index) +
                     " completes the 17th round " + Mode0Name(launch, who.group, i) +
                     " has not waited for: a flag's counter holds at most 16");
    }
  }
  g.rounds.push_back(std::move(round));
  launch.WroteFlagGm(core, nullptr, 0, last);  // wakes the blocks parked for it
}

// A wait outside a MIX block (a MIX_AIV_1_0 or MIX_AIC_1_0 kernel): only mode 0 sets reach it.
void Mode0WaitAlone(Core& core, uint16_t flag) {
  LaunchState& launch = *core.launch;
  RequireMode0Resident(core, "CrossCoreWaitFlag", flag);
  const Mode0Core who = Mode0Identity(core);
  std::unique_lock<std::mutex> lock(launch.FlagMutex());
  if (!Mode0Available(launch, who, flag)) {
    LaunchState* const l = &launch;
    launch.WaitFlagGm(
        core, "CrossCoreWaitFlag", lock, [l, who, flag] { return Mode0Available(*l, who, flag); },
        [l, who, flag] {
          return "block " + std::to_string(who.index) + " waits in CrossCoreWaitFlag(" +
                 std::to_string(flag) + ") with the flag's counter at 0" +
                 Mode0Missing(*l, who, flag);
        });
  }
  const double t = Mode0Take(launch, who, flag, 0);
  for (double& c : core.clock) c = std::max(c, t);
}

}  // namespace

Mode0Core Mode0Identity(const Core& core) {
  const LaunchState& launch = *core.launch;
  const int group = core.core_type == CoreType::kAic ? 1 : 0;
  if (!launch.shape.mix) {
    return {group, static_cast<uint32_t>(core.block_idx), launch.block_dim, core.block_idx};
  }
  const int32_t block = RaceBlock(core);
  if (group == 1) return {1, static_cast<uint32_t>(block), launch.block_dim, block};
  return {0, static_cast<uint32_t>(core.block_idx),
          launch.block_dim * launch.shape.mix_shape.aiv_per_block, block};
}

bool Mode0Available(const LaunchState& launch, const Mode0Core& who, uint16_t flag) {
  if (launch.mode0 == nullptr) return false;
  const CrossCoreMode0::Group* g = launch.mode0->Find(who, flag);
  return g != nullptr && g->taken[who.index] < g->rounds.size();
}

double Mode0Take(LaunchState& launch, const Mode0Core& who, uint16_t flag, double now) {
  CrossCoreMode0::Group& g = launch.mode0->At(who, flag);
  const std::vector<double>& round = g.rounds[g.taken[who.index]++];
  const double last = *std::max_element(round.begin(), round.end());
  // For the race check: every other core's set orders what it did before it.
  for (uint32_t i = 0; i < who.count; ++i)
    launch.AddFlagEdge(g.race_block[i], round[i], who.race_block, std::max(now, last));
  return last;
}

std::string Mode0Missing(const LaunchState& launch, const Mode0Core& who, uint16_t flag) {
  const CrossCoreMode0::Group* g =
      launch.mode0 == nullptr ? nullptr : launch.mode0->Find(who, flag);
  std::vector<uint32_t> missing;
  for (uint32_t i = 0; i < who.count; ++i) {
    if (g == nullptr || g->pending[i].empty()) missing.push_back(i);
  }
  return " (a mode 0 round counts once " + std::string(Mode0Cores(who.group)) +
         " has set the flag; not yet set by " + Mode0List(launch, who.group, missing) + ")";
}

// CANN pairs every set with a wait: a round no wait took, or a set the other cores never
// matched, is reported as modes 1 and 2 are (whether it harms the next kernel is undocumented).
std::optional<Fault> CheckMode0AtEnd(const LaunchState& launch) {
  for (int group = 0; group < 2; ++group) {
    for (uint16_t f = 0; f < kCrossCoreFlags; ++f) {
      const CrossCoreMode0::Group& g = launch.mode0->groups[static_cast<size_t>(group)][f];
      const std::string set = "CrossCoreSetFlag<0>(" + std::to_string(f) + ")";
      std::vector<uint32_t> missing;
      for (uint32_t i = 0; i < g.pending.size(); ++i) {
        if (g.pending[i].empty()) missing.push_back(i);
      }
      for (uint32_t i = 0; i < g.pending.size(); ++i) {
        if (!g.pending[i].empty()) {
          return Fault{FaultKind::kUnpairedFlag, g.race_block[i], "kernel end",
                       set + " by " + Mode0Name(launch, group, i) + " at " +
                           MicrosText(g.pending[i].front()) + " was never matched by " +
                           Mode0List(launch, group, missing) + ": a mode 0 flag counts once " +
                           Mode0Cores(group) + " has set it"};
        }
        if (g.taken[i] < g.rounds.size()) {
          return Fault{FaultKind::kUnpairedFlag, g.race_block[i], "kernel end",
                       set + " of " + Mode0Cores(group) + " was never waited for by " +
                           Mode0Name(launch, group, i) + " (" +
                           std::to_string(g.rounds.size() - g.taken[i]) +
                           " left in its counter when the kernel ended; CANN pairs every "
                           "CrossCoreSetFlag with a CrossCoreWaitFlag)"};
        }
      }
    }
  }
  return std::nullopt;
}

void CrossCoreSetImpl(uint8_t mode, int pipe, uint16_t flag) {
  const char* api = "CrossCoreSetFlag";
  CheckCrossCoreCall(api, mode, flag);
  if (pipe == AscendC::PIPE_S || pipe == AscendC::PIPE_ALL) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               CrossFlagCall(api, mode, flag) +
                   ": the pipe is PIPE_S or PIPE_ALL (the set is issued on "
                   "a pipe: PIPE_V, PIPE_MTE1/2/3, PIPE_M or PIPE_FIX)");
  }
  Core& core = Cur();
  core.last_instruction = api;
  if (mode == 0) {
    Mode0Set(core, CrossCorePipe(pipe), flag);
    return;
  }
  MixMember& self = Member(api, mode, flag);
  tls_mix->run->Set(self, mode, CrossCorePipe(pipe), flag);
}

void CrossCoreWaitImpl(uint8_t mode, int pipe, uint16_t flag) {
  const char* api = "CrossCoreWaitFlag";
  (void)pipe;  // the wait blocks every later instruction of the core, whatever its pipe
  CheckCrossCoreCall(api, mode, flag);
  Core& core = Cur();
  core.last_instruction = api;
  // The wait reads the core's own counter whatever its mode (CANN's samples wait with the
  // default, 0, for mode 2 sets); outside a MIX block only mode 0 sets can fill it.
  if (mode == 0 && (tls_mix == nullptr || tls_mix->run == nullptr)) {
    Mode0WaitAlone(core, flag);
    return;
  }
  MixMember& self = Member(api, mode, flag);
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
  const double issued = std::max(core.clock[static_cast<int>(Pipe::kS)], core.DoneAt(pipe));
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
  const Mode0Core who = Mode0Identity(*self.core);
  double t = 0;
  for (;;) {
    if (!self.counter[flag].empty()) {
      t = self.counter[flag].front().t;
      self.counter[flag].pop_front();
      break;
    }
    {  // a mode 0 round, from the cores of other blocks too
      std::lock_guard<std::mutex> lock(state_.FlagMutex());
      if (Mode0Available(state_, who, flag)) {
        t = Mode0Take(state_, who, flag, 0);
        break;
      }
    }
    self.state = MixMember::State::kWaitFlag;
    self.wait_flag = flag;
    self.wait_mode = mode;
    Yield(self);
  }
  // Every later instruction of the core waits for the set.
  for (double& c : self.core->clock) c = std::max(c, t);
}

// The SyncAll page: "first the AIC waits for all its AIV, then all AIC of the launch sync, then
// all AIV wait for their AIC", on the flags CANN reserves for it (11-14).
void MixRun::SyncAllCores(MixMember& self) {
  constexpr uint16_t kAivToAic = 12, kAllAic = 11, kAicToAiv = 13;
  BarrierPipes(AscendC::PIPE_ALL);
  self.core->last_instruction = "SyncAll";
  self.in_sync_all = true;
  if (self.aic) {
    Wait(self, 0, kAivToAic);
    Mode0Set(*self.core, Pipe::kFix, kAllAic);
    Wait(self, 0, kAllAic);
    Set(self, 2, Pipe::kMte3, kAicToAiv);
  } else {
    Set(self, 2, Pipe::kMte3, kAivToAic);
    Wait(self, 0, kAicToAiv);
  }
  self.in_sync_all = false;
}

void MixRun::SyncAll(MixMember& self) {
  if (self.aic) {
    RaiseFault(FaultKind::kUnsupported, "SyncAll",
               "SyncAll<true> on the AIC of a MIX block: the SyncAll page says that in a MIX "
               "operator isAIVOnly = true syncs only the AIV, and does not say what the AIC "
               "does (SyncAll<false> on every core syncs the whole launch, AIC included)");
  }
  self.state = MixMember::State::kWaitSyncAll;
  Yield(self);
}

}  // namespace opsim::sim::detail
