// A MIX block's cores taking turns on one host thread (mix_run.h).
#include "cube/mix_run.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/fault.h"
#include "runtime/kernel_guard.h"

namespace opsim::sim::detail {

extern thread_local Core* tls_core;
thread_local int32_t tls_race_block = -1;

namespace {

// The member a fresh context starts (Entry takes no argument).
thread_local MixRun* tls_entry_run = nullptr;
thread_local MixMember* tls_entry_member = nullptr;

double LatestPipe(const Core& core) { return core.AllDone(); }

std::string MixMicros(double ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f us", ns / 1000.0);
  return buf;
}

}  // namespace

MixRun::MixRun(LaunchState& state, MixShape shape, std::function<bool(Core&)> run_once,
               std::function<void(Core&, int32_t, double)> reset)
    : state_(state), shape_(shape), run_once_(std::move(run_once)), reset_(std::move(reset)) {
  // The AIC is a member even when it only serves the Matmul: the AIV's mode 2 sets reach it.
  for (uint32_t i = 0; i <= shape.aiv_per_block; ++i)
    members_.push_back(std::make_unique<MixMember>());
}

std::string MixRun::Name(const MixMember& m) const {
  if (m.aic) return "the AIC of block " + std::to_string(block_);
  return "AIV " + std::to_string(m.core->block_idx) + " (block " + std::to_string(block_) +
         "'s sub-block " + std::to_string(m.sub) + ")";
}

bool MixRun::RunBlock(const std::vector<Core*>& aivs, Core& aic, MixBlock& mix, int32_t b, double t,
                      double* end) {
  block_ = b;
  mix_ = &mix;
  mix.run = this;
  stopped_ = false;
  next_ = 0;
  reset_(aic, b, t);
  for (size_t i = 0; i < members_.size(); ++i) {
    MixMember& m = *members_[i];
    m.aic = i >= aivs.size();
    m.core = m.aic ? &aic : aivs[i];
    m.sub = m.aic ? 0 : static_cast<int32_t>(i);
    if (!m.aic) reset_(*m.core, static_cast<int32_t>(shape_.aiv_per_block) * b + m.sub, t);
    m.state = m.aic && !shape_.aic_runs_kernel ? MixMember::State::kDone : MixMember::State::kReady;
    m.started = false;
    m.ok = true;
    m.in_sync_all = false;
    m.abort = false;
    m.objects_seen = 0;
    m.tscm.clear();
    m.gm_ready = nullptr;
    m.gm_describe = nullptr;
    m.guard = nullptr;
    for (auto& q : m.counter) q.clear();
    for (auto& q : m.unpaired1) q.clear();
    for (auto& q : m.unpaired2) q.clear();
  }
  Core* const outer = tls_core;
  const int32_t outer_type = g_coreType;
  bool unwinding = false;
  for (;;) {
    if (stopped_ && !unwinding) {  // unwind the waiting members: the block (or the launch) stopped
      for (auto& m : members_) {
        if (m->state == MixMember::State::kDone) continue;
        m->abort = true;
        m->ok = false;
        // One that never started has nothing to unwind.
        m->state = m->started ? MixMember::State::kReady : MixMember::State::kDone;
      }
      unwinding = true;
    }
    if (MixMember* m = PickReady()) {
      Resume(*m);
      continue;
    }
    const bool all_done = std::all_of(members_.begin(), members_.end(), [](const auto& m) {
      return m->state == MixMember::State::kDone;
    });
    if (all_done) break;
    if (WakeGmWaiters()) continue;  // another core of the block wrote what it waits for
    if (AivsInSyncAll()) {
      BlockSyncAll(b);
    } else if (WaitsForMode0()) {
      ParkForMode0(b);
    } else {
      ReportDeadlock(b);
    }
  }
  tls_core = outer;
  g_coreType = outer_type;
  tls_mix = nullptr;
  tls_race_block = -1;
  const bool ok =
      std::all_of(members_.begin(), members_.end(), [](const auto& m) { return m->ok; });
  if (ok && aivs.front()->checked) {
    try {
      CheckFlagsAtBlockEnd();
    } catch (const FaultError& e) {
      state_.RecordFault(e.fault(), b);
    }
  }
  *end = t;
  for (const auto& m : members_) *end = std::max(*end, LatestPipe(*m->core));
  *end = std::max(*end, LatestPipe(aic));
  mix.run = nullptr;
  return ok;
}

MixMember* MixRun::PickReady() {
  for (size_t k = 0; k < members_.size(); ++k) {
    MixMember& m = *members_[(next_ + k) % members_.size()];
    if (m.state == MixMember::State::kReady) {
      next_ = (next_ + k + 1) % members_.size();
      return &m;
    }
  }
  return nullptr;
}

void MixRun::Entry() {
  MixRun* run = tls_entry_run;
  MixMember* m = tls_entry_member;
  m->exec.Landed();
  run->MemberMain(*m);
}

void MixRun::MemberMain(MixMember& m) {
  m.ok = run_once_(*m.core);
  if (!m.ok) stopped_ = true;
  m.state = MixMember::State::kDone;
  m.guard = nullptr;
  m.exec.SwitchTo(home_, /*finished=*/true);
  std::abort();  // a finished member is only restarted through Prepare
}

// Switches to `m` with its identity in the thread's state: the running core, the MIX view the
// Matmul and the flags read, its core type and its kernel guard.
void MixRun::Resume(MixMember& m) {
  tls_core = m.core;
  g_coreType = m.aic ? AscendC::AIC : AscendC::AIV;
  mix_->sub_block = m.sub;
  mix_->member = &m;
  tls_mix = mix_;
  tls_race_block = block_;
  const auto index = static_cast<uint32_t>(m.core->core_idx);
  if (!m.started) {
    m.started = true;
    tls_entry_run = this;
    tls_entry_member = &m;
    m.exec.Prepare(&MixRun::Entry);
  } else {
    state_.SetGuard(index, m.guard);
  }
  home_.SwitchTo(m.exec, /*finished=*/false);
}

void MixRun::Yield(MixMember& m) {
  // Its kernel guard's frame is on its own stack: no signal may jump there while another
  // context runs (Resume sets it again).
  const auto index = static_cast<uint32_t>(m.core->core_idx);
  m.guard = state_.Guard(index);
  state_.SetGuard(index, nullptr);
  m.exec.SwitchTo(home_, /*finished=*/false);
  if (m.abort) throw AbortError{};
}

bool MixRun::AivsInSyncAll() const {
  bool any = false;
  for (const auto& m : members_) {
    if (m->aic) continue;
    if (m->state != MixMember::State::kWaitSyncAll) return false;
    any = true;
  }
  return any;
}

// Every AIV of the block waits in SyncAll: the block arrives at the launch's barrier (parking
// this thread's context if other blocks are still to come), then its AIV go on together.
void MixRun::BlockSyncAll(int32_t b) {
  Core& proxy = *members_.front()->core;
  const int32_t own_block = proxy.block_idx;
  double arrive = 0;
  for (const auto& m : members_) {
    if (!m->aic) arrive = std::max(arrive, LatestPipe(*m->core));
  }
  proxy.clock.fill(arrive);
  proxy.block_idx = b;
  tls_core = &proxy;
  tls_race_block = -1;
  try {
    state_.SyncAll(proxy);
  } catch (const FaultError& e) {
    state_.RecordFault(e.fault(), b);
    stopped_ = true;
  } catch (const AbortError&) {
    stopped_ = true;
  }
  proxy.block_idx = own_block;
  if (stopped_) return;
  const double release = proxy.clock[0];
  for (auto& m : members_) {
    if (m->aic) continue;
    m->core->clock.fill(release);
    m->core->sync_epoch = proxy.sync_epoch;
    m->state = MixMember::State::kReady;
  }
}

std::string MixRun::Describe(const MixMember& m) const {
  if (m.aic && !shape_.aic_runs_kernel) {
    return Name(m) +
           " runs only the Matmul server (the kernel is a Matmul library's: its "
           "AIC sets no flag of the kernel's)";
  }
  switch (m.state) {
    case MixMember::State::kDone: return Name(m) + " ended";
    case MixMember::State::kWaitSyncAll: return Name(m) + " waits in SyncAll";
    case MixMember::State::kWaitGm: return Name(m) + " " + m.gm_describe();
    case MixMember::State::kWaitFlag:
      return Name(m) + " waits in " +
             (m.in_sync_all
                  ? "SyncAll<false> (its CrossCoreWaitFlag(" + std::to_string(m.wait_flag) + "))"
                  : "CrossCoreWaitFlag<" + std::to_string(m.wait_mode) + ">(" +
                        std::to_string(m.wait_flag) + ")") +
             " with the flag's counter at 0";
    case MixMember::State::kReady: break;
  }
  return Name(m) + " runs";
}

// No member can run and the AIV are not all in SyncAll: the chip would hang.
void MixRun::ReportDeadlock(int32_t b) {
  std::string waits;
  std::string others;
  const MixMember* first = nullptr;
  bool flag_wait = false;
  for (const auto& m : members_) {
    if (m->state == MixMember::State::kWaitFlag) {
      flag_wait = true;
      if (first == nullptr) first = m.get();
    }
    (m->state == MixMember::State::kDone ? others : waits) += (Describe(*m) + "; ");
  }
  if (first == nullptr) first = members_.front().get();
  std::string why = waits + others;
  why.resize(why.size() - 2);
  const Fault fault{flag_wait ? FaultKind::kDeadlock : FaultKind::kBarrierDeadlock,
                    first->core->block_idx, flag_wait ? "CrossCoreWaitFlag" : "SyncAll",
                    "MIX block " + std::to_string(b) +
                        ": no core of the block can go on, so the chip would hang: " + why};
  state_.RecordFault(fault, b);
  stopped_ = true;
  for (auto& m : members_) {
    if (m->state != MixMember::State::kDone) m->ok = false;
  }
}

// With other blocks in the launch, all resident, a waiting core may yet get a mode 0 round from
// them (with more blocks than cores mode 0 faults, and a parked block would keep later ones from
// starting).
bool MixRun::WaitsForMode0() const {
  // A GM wait parks the block whatever the launch: the launch's deadlock check names it when
  // no block is left to write.
  if (std::any_of(members_.begin(), members_.end(),
                  [](const auto& m) { return m->state == MixMember::State::kWaitGm; }))
    return true;
  if (state_.block_dim < 2 || state_.block_dim > state_.cores) return false;
  return std::any_of(members_.begin(), members_.end(),
                     [](const auto& m) { return m->state == MixMember::State::kWaitFlag; });
}

// No core of the block can go on but a flag wait: the block parks as a GM flag waiter does
// until another block's mode 0 set completes a round one of them waits for. When no block is
// left to set it, the launch's deadlock names this block's cores.
void MixRun::ParkForMode0(int32_t b) {
  std::vector<std::pair<Mode0Core, uint16_t>> waits;
  std::vector<std::function<bool()>> gm;
  const char* gm_api = nullptr;
  std::string why;
  for (const auto& m : members_) {
    why += Describe(*m) + "; ";
    if (m->state == MixMember::State::kWaitGm) {
      gm.push_back(m->gm_ready);
      if (gm_api == nullptr) gm_api = m->gm_api;
    }
    if (m->state != MixMember::State::kWaitFlag) continue;
    waits.push_back({Mode0Identity(*m->core), m->wait_flag});
  }
  Core& proxy = *members_.front()->core;
  const int32_t own_block = proxy.block_idx;
  proxy.block_idx = b;
  tls_core = &proxy;
  LaunchState* const launch = &state_;
  const char* instr = gm_api != nullptr ? gm_api : "CrossCoreWaitFlag";
  try {
    std::unique_lock<std::mutex> lock(state_.FlagMutex());
    state_.WaitFlagGm(
        proxy, instr, lock,
        [launch, waits, gm] {
          return std::any_of(gm.begin(), gm.end(), [](const auto& ready) { return ready(); }) ||
                 std::any_of(waits.begin(), waits.end(), [launch](const auto& w) {
                   return Mode0Available(*launch, w.first, w.second);
                 });
        },
        [launch, b, why, waits] {
          std::string text =
              "MIX block " + std::to_string(b) + ": no core of the block can go on: " + why;
          if (waits.empty()) return text.substr(0, text.size() - 2);
          const auto& w = waits.front();
          return text + "no mode 0 round of flag " + std::to_string(w.second) + " can come either" +
                 Mode0Missing(*launch, w.first, w.second);
        });
  } catch (const FaultError& e) {
    state_.RecordFault(e.fault(), b);
    stopped_ = true;
  } catch (const AbortError&) {
    stopped_ = true;
  }
  proxy.block_idx = own_block;
  if (stopped_) {
    for (auto& m : members_) {
      if (m->state != MixMember::State::kDone) m->ok = false;
    }
    return;
  }
  // Each waiter looks at its counters (or GM) again (Wait's loop); one at least goes on.
  for (auto& m : members_) {
    if (m->state == MixMember::State::kWaitFlag || m->state == MixMember::State::kWaitGm)
      m->state = MixMember::State::kReady;
  }
}

bool MixRun::WakeGmWaiters() {
  std::lock_guard<std::mutex> lock(state_.FlagMutex());
  bool woke = false;
  for (auto& m : members_) {
    if (m->state == MixMember::State::kWaitGm && m->gm_ready()) {
      m->state = MixMember::State::kReady;
      woke = true;
    }
  }
  return woke;
}

void MixRun::WaitGm(MixMember& self, const char* api, std::function<bool()> ready,
                    std::function<std::string()> describe) {
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(state_.FlagMutex());
      if (ready()) break;
    }
    self.state = MixMember::State::kWaitGm;
    self.gm_api = api;
    self.gm_ready = ready;
    self.gm_describe = describe;
    Yield(self);
  }
  self.gm_ready = nullptr;
  self.gm_describe = nullptr;
}

void MixRun::CheckFlagsAtBlockEnd() {
  for (const auto& m : members_) {
    for (int f = 0; f < kCrossCoreFlags; ++f) {
      if (!m->counter[f].empty()) {
        const CrossCoreToken& k = m->counter[f].front();
        RaiseFault(FaultKind::kUnpairedFlag, "kernel end",
                   "CrossCoreSetFlag<" + std::to_string(k.mode) + ">(" + std::to_string(f) +
                       ") by " + Name(*members_[static_cast<size_t>(k.from)]) + " at " +
                       MixMicros(k.t) + " was never waited for by " + Name(*m) + " (" +
                       std::to_string(m->counter[f].size()) +
                       " left in its counter when the kernel ended; CANN pairs every "
                       "CrossCoreSetFlag with a CrossCoreWaitFlag)");
      }
      for (const auto* q : {&m->unpaired1[f], &m->unpaired2[f]}) {
        if (q->empty()) continue;
        const CrossCoreToken& k = q->front();
        RaiseFault(FaultKind::kUnpairedFlag, "kernel end",
                   "CrossCoreSetFlag<" + std::to_string(k.mode) + ">(" + std::to_string(f) +
                       ") by " + Name(*m) + " at " + MixMicros(k.t) +
                       " was never matched by the other AIV's set: a mode " +
                       std::to_string(k.mode) + " flag counts once both AIV of the block set it");
      }
    }
  }
}

}  // namespace opsim::sim::detail
