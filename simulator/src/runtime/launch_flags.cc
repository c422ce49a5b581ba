// LaunchState's part in the cross-block GM flags (block_sync.cc): parking a block until a flag
// it waits for is written, the deadlock when none can be, and the hand-overs the race check
// counts as ordering.
#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <string_view>

#include "runtime/launch_state.h"

namespace opsim::sim::detail {

extern thread_local Core* tls_core;

size_t LaunchState::WakeFlagWaiters(int32_t from, double land_ns) {
  size_t woken = 0;
  for (size_t i = 0; i < flag_waiters_.size();) {
    FlagWaiter& w = flag_waiters_[i];
    if (!w.ready()) {
      ++i;
      continue;
    }
    // A write by no protocol call (found at the deadlock check) lands no later than the
    // waiter's own clock; a protocol write's landing is what SawFlagGm finds.
    const double woke = from >= 0 ? land_ns : 0;
    flag_woke_[static_cast<size_t>(w.core->core_idx)].store(woke);
    flag_waiters_.erase(flag_waiters_.begin() + static_cast<std::ptrdiff_t>(i));
    ++woken;
  }
  if (woken > 0 && sleepers_ > 0) cv_.notify_all();
  return woken;
}

bool LaunchState::HaltIfSettled(bool poll) {
  if (halt_) return true;
  if (!abort_) return false;
  while (settled_below_ < block_state_.size() && (block_state_[settled_below_] == kBlockEnded ||
                                                  block_state_[settled_below_] == kBlockStopped)) {
    ++settled_below_;
  }
  if (static_cast<int64_t>(settled_below_) < fault_block_) {
    // A block below the fault runs, or waits for a flag a running block may still write: its
    // own fault, later, would be the one reported.
    if (!poll || flag_waiters_.empty()) return false;
    const auto running =
        static_cast<size_t>(std::count(block_state_.begin(), block_state_.end(), kBlockRunning));
    if (running > flag_waiters_.size()) return false;  // each waiter's state is "running"
    if (WakeFlagWaiters(-1, 0) > 0) return false;
  }
  Halt();
  return true;
}

void LaunchState::Halt() {
  halt_ = true;
  flag_waiters_.clear();  // each leaves WaitFlagGm with an AbortError
  cv_.notify_all();
}

void LaunchState::DropFlagWaiter(const Core& core) {
  flag_waiters_.erase(std::remove_if(flag_waiters_.begin(), flag_waiters_.end(),
                                     [&](const FlagWaiter& w) { return w.core == &core; }),
                      flag_waiters_.end());
}

void LaunchState::BlockStopped(int32_t block) {
  std::unique_lock<std::mutex> flag_lock(flag_mu_);
  std::unique_lock<std::mutex> lock(mu_);
  block_state_[static_cast<size_t>(block)] = kBlockStopped;
  HaltIfSettled(true);
}

bool LaunchState::CheckFlagDeadlock(std::unique_lock<std::mutex>& lock) {
  // After a fault a stuck launch halts instead: the fault it reports is the one recorded.
  if (abort_) return HaltIfSettled(true);
  if (flag_waiters_.empty()) return false;
  if (arrived_ + exited_ + flag_waiters_.size() < block_dim) return false;  // someone runs
  // Nothing runs, so nothing writes GM: a flag a kernel wrote its own way counts now.
  if (WakeFlagWaiters(-1, 0) > 0) return false;
  const FlagWaiter* lowest = &flag_waiters_[0];
  std::vector<uint8_t> state = block_state_;  // running, waiting in SyncAll, ended
  for (const FlagWaiter& w : flag_waiters_) {
    if (w.block < lowest->block) lowest = &w;
    state[static_cast<size_t>(w.block)] = kBlockWaitingForFlag;
  }
  // At most one block a core (BlockSyncImpl), so the lists stay short.
  std::string lists;
  for (const auto& [kind, label] :
       {std::pair{kBlockWaitingForFlag, "waiting for a flag"},
        std::pair{kBlockWaiting, "waiting in SyncAll"}, std::pair{kBlockEnded, "ended"}}) {
    std::string blocks;
    for (size_t b = 0; b < state.size(); ++b) {
      if (state[b] == kind) blocks += (blocks.empty() ? "" : ", ") + std::to_string(b);
    }
    if (!blocks.empty())
      lists += (lists.empty() ? "" : "; ") + std::string(label) + ": blocks " + blocks;
  }
  const Fault fault{FaultKind::kDeadlock, lowest->core->block_idx, lowest->instr,
                    lowest->describe() + ", and no block is left to " +
                        (std::string_view(lowest->instr) == "CrossCoreWaitFlag" ? "set" : "write") +
                        " it: the chip would hang (" + lists + ")"};
  lock.unlock();
  RecordFault(fault, lowest->block);
  lock.lock();
  return true;
}

double LaunchState::WaitFlagGm(Core& core, const char* instr,
                               std::unique_lock<std::mutex>& flag_lock, std::function<bool()> ready,
                               std::function<std::string()> describe) {
  const auto slot = static_cast<size_t>(core.core_idx);
  double woke = 0;
  // Woken, the block polls again as the chip's loop would: a second waiter on the same flag
  // may have changed it first.
  while (!ready()) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (halt_) throw AbortError{};
      flag_woke_[slot].store(-1);
      flag_waiters_.push_back({&core, RaceBlock(core), instr, ready, describe});
      if (CheckFlagDeadlock(lock)) {
        DropFlagWaiter(core);  // its ready() reads this frame, which the throw ends
        throw AbortError{};
      }
    }
    flag_lock.unlock();
    CoreWatch& watch = watch_[slot];
    watch.waiting = true;
    FiberScheduler::ThisThread().Park(*this, kFlagTicket | slot);
    tls_core = &core;  // other blocks ran on this thread meanwhile
    watch.waiting = false;
    flag_lock.lock();
    if (halt_) throw AbortError{};  // Halt dropped the waiters
    woke = std::max(woke, flag_woke_[slot].load());
  }
  return woke;
}

FlagMark LaunchState::WroteFlagGm(const Core& core, const uint8_t* lo, uint32_t bytes,
                                  double land_ns) {
  const FlagMark mark = MarkFlagSync(core);
  for (uint32_t off = 0; off < bytes; off += 32) {
    flag_last_[lo + off] = {core.block_idx, land_ns, mark};
  }
  std::lock_guard<std::mutex> lock(mu_);
  WakeFlagWaiters(core.block_idx, land_ns);
  return mark;
}

double LaunchState::SawFlagGm(const Core& core, const uint8_t* lo, uint32_t bytes, double now) {
  double end = now;
  for (uint32_t off = 0; off < bytes; off += 32) {
    const auto it = flag_last_.find(lo + off);
    if (it == flag_last_.end() || it->second.block == core.block_idx) continue;
    end = std::max(end, it->second.land);
  }
  const FlagMark take = MarkFlagSync(core);
  for (uint32_t off = 0; off < bytes; off += 32) {
    const auto it = flag_last_.find(lo + off);
    if (it == flag_last_.end() || it->second.block == core.block_idx) continue;
    AddFlagEdge(it->second.block, it->second.land, core.block_idx, end, it->second.mark, take);
  }
  return end;
}

bool LaunchState::FlagOrdered(const GmSpan& a, const GmSpan& b) const {
  if (flag_edges_.empty()) return false;
  // Earliest time each block is known to be past a, following hand-overs in the order of their
  // writes (a hand-over's wake is never before its write); and for the cores whose program
  // order is known there (a's, and each taker's), the first sync point past it. A set landing
  // after a yet made before it in its core's program does not order it: a hand-over orders
  // only what its writer did before the write.
  std::vector<double> reach(block_dim, -1);
  std::map<int32_t, uint32_t> past;   // core (FlagCoreId) -> its slot's first sync point after a
  std::map<int32_t, uint32_t> taken;  // core -> its first sync point after a take that reached it
  reach[static_cast<size_t>(a.block)] = a.t;
  past[a.who] = a.pos;
  std::vector<const FlagEdge*> edges;
  for (const FlagEdge& e : flag_edges_) edges.push_back(&e);
  std::stable_sort(edges.begin(), edges.end(),
                   [](const FlagEdge* x, const FlagEdge* y) { return x->set_ns < y->set_ns; });
  for (const FlagEdge* e : edges) {
    const double at = reach[static_cast<size_t>(e->from)];
    if (at < 0 || at >= e->set_ns) continue;  // an access at the set's landing came after it
    const auto known = past.find(e->set.who);
    if (e->set.who >= 0 && known != past.end() && e->set.pos < known->second) continue;
    // A scalar store orders a only when a came before it in its core's program (one record:
    // no sync point between them) and had ended by the time it landed.
    // (The store's own record may have grown after it: its bytes up to the store came first.)
    if (e->set_core >= 0 && e->from == a.block) {
      const bool mine = static_cast<int32_t>(a.core) == e->set_core;
      const size_t at_idx = mine ? shadow_.Index(a) : 0;
      if (mine && at_idx > e->set_idx) continue;
      if (!(mine && at_idx == e->set_idx) && a.end > e->done_ns) continue;
    }
    double& to = reach[static_cast<size_t>(e->to)];
    if (to < 0 || e->woke_ns < to) to = e->woke_ns;
    if (e->take.who >= 0) {
      for (auto* m : {&past, &taken}) {
        const auto [it, fresh] = m->emplace(e->take.who, e->take.pos + 1);
        if (!fresh) it->second = std::min(it->second, e->take.pos + 1);
      }
    }
  }
  const double at_b = reach[static_cast<size_t>(b.block)];
  if (at_b < 0) return false;
  // On a core that took a hand-over, program order decides: what it issues after the take
  // (a DMA whose pipe's clock is behind the scalar's too) comes after it on the chip.
  const auto known = taken.find(b.who);
  if (known != taken.end()) return b.pos >= known->second;
  return at_b <= b.t;
}

void LaunchState::NoteScalarWrite(const Core& core, const uint8_t* lo, uint32_t bytes) {
  if (!options.checked || block_dim < 2 || bytes > 8) return;
  const auto c = static_cast<uint32_t>(core.core_idx);
  const GmSpan& w = shadow_.Last(c);  // this store's record, just logged
  std::lock_guard<std::mutex> lock(flag_mu_);
  ScalarWrite& s = scalar_last_[lo];
  s.block = RaceBlock(core);
  s.core = static_cast<int32_t>(c);
  s.idx = shadow_.LastIndex(c);
  s.land = core.clock[static_cast<int>(Pipe::kS)];
  s.mark = {w.who, w.pos};
  s.bytes = static_cast<uint8_t>(bytes);
  std::memcpy(s.old, lo, bytes);  // the store has not happened yet
  s.seen_by.clear();
}

void LaunchState::NoteScalarRead(const Core& core, const uint8_t* lo, uint32_t bytes) {
  if (!options.checked || block_dim < 2) return;
  const int32_t me = RaceBlock(core);
  std::lock_guard<std::mutex> lock(flag_mu_);
  const auto it = scalar_last_.find(lo);
  if (it == scalar_last_.end()) return;
  ScalarWrite& s = it->second;
  // The old bytes (the store not made yet, on another host thread): no hand-over.
  if (s.block == me || s.bytes != bytes || std::memcmp(lo, s.old, bytes) == 0) return;
  if (std::find(s.seen_by.begin(), s.seen_by.end(), me) != s.seen_by.end()) return;
  s.seen_by.push_back(me);
  const FlagMark take = MarkFlagSync(core);  // the reader's next accesses come after it
  flag_edges_.push_back({s.block, s.land, me, core.clock[static_cast<int>(Pipe::kS)], s.mark, take,
                         s.core, s.idx, s.land});
}

bool LaunchState::PolledFlag(const GmSpan& w, const GmSpan& r) const {
  if (w.pipe != Pipe::kS || r.pipe != Pipe::kS || w.use != GmUse::kWrite || r.use != GmUse::kRead) {
    return false;
  }
  return std::any_of(flag_edges_.begin(), flag_edges_.end(), [&](const FlagEdge& e) {
    return e.set_core == static_cast<int32_t>(w.core) && e.set_idx == shadow_.Index(w) &&
           e.to == r.block && e.take.who == r.who && r.pos <= e.take.pos;
  });
}

}  // namespace opsim::sim::detail
