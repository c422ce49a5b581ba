#include "runtime/launch_state.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace opsim::sim::detail {

extern thread_local Core* tls_core;

LaunchState::LaunchState(const DeviceProfile& device, uint32_t block_dim, uint32_t cores,
                         const LaunchOptions& options)
    : device(device),
      options(options),
      block_dim(block_dim),
      cores(cores),
      regions(options.regions),
      l2(L2Shares(cores, cores == 0 ? 0 : device.l2_bytes / cores)),
      mmad_scratch(cores),
      unit_flags(cores),
      shadow_(cores, block_dim > 1),
      poison_(cores),
      deferred_(cores),
      deferred_block_(cores, -1),
      block_state_(block_dim, kBlockRunning),
      watch_(cores),
      warnings_(cores) {
  flag_woke_.reset(new std::atomic<double>[cores]);
  for (uint32_t c = 0; c < cores; ++c) flag_woke_[c].store(0);
}

int16_t LaunchState::FindRegion(const uint8_t* ptr) const {
  const uintptr_t p = reinterpret_cast<uintptr_t>(ptr);
  for (size_t i = 0; i < regions.size(); ++i) {
    const uintptr_t base = reinterpret_cast<uintptr_t>(regions[i].base);
    if (p >= base && p < base + regions[i].bytes) return static_cast<int16_t>(i);
  }
  return -1;
}

std::string LaunchState::DescribeGm(const uint8_t* ptr, uint64_t bytes) const {
  const int16_t r = FindRegion(ptr);
  char buf[160];
  if (r < 0) {
    std::snprintf(buf, sizeof(buf), "GM [%p, +%llu B)", static_cast<const void*>(ptr),
                  static_cast<unsigned long long>(bytes));
  } else {
    const GmRegion& g = regions[static_cast<size_t>(r)];
    const uint64_t off = static_cast<uint64_t>(ptr - static_cast<const uint8_t*>(g.base));
    std::snprintf(buf, sizeof(buf), "GM '%s' [0x%llx, 0x%llx) of %llu B", g.name.c_str(),
                  static_cast<unsigned long long>(off),
                  static_cast<unsigned long long>(off + bytes),
                  static_cast<unsigned long long>(g.bytes));
  }
  return buf;
}

namespace {

// The first output region (GmRegion::output_bytes) with bytes no block wrote.
std::optional<Fault> FindUnwrittenOutputs(const std::vector<GmRegion>& regions,
                                          const ByteRanges& written) {
  for (const GmRegion& g : regions) {
    if (g.output_bytes == 0) continue;
    const uintptr_t base = reinterpret_cast<uintptr_t>(g.base);
    const uintptr_t end = base + std::min(g.output_bytes, g.bytes);
    const auto [lo, hi] = written.FirstGap(base, end);
    if (lo == hi) continue;
    return Fault{FaultKind::kUnwrittenOutput, -1, "kernel end",
                 "output '" + g.name + "' bytes [" + std::to_string(lo - base) + ", " +
                     std::to_string(hi - base) + ") of " + std::to_string(end - base) +
                     " B were written by no block: a tile or a tail the kernel never copies out"};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Fault> LaunchState::TakeDeferred() {
  std::optional<Fault> lowest;
  for (size_t c = 0; c < deferred_.size(); ++c) {
    std::optional<Fault>& f = deferred_[c];
    // A block that saw another's flag write in this epoch may have read what that block wrote
    // before it: whether its read is of unwritten bytes is not known, so nothing is reported.
    // (Edges name the block accesses log as: a MIX block's, whose AIV faults name their own.)
    const int32_t to = deferred_block_[c];
    const bool handed_over = f && std::any_of(flag_edges_.begin(), flag_edges_.end(),
                                              [&](const FlagEdge& e) { return e.to == to; });
    if (f && !handed_over && (!lowest || f->block < lowest->block)) lowest = f;
    f.reset();
  }
  return lowest;
}

std::optional<Fault> LaunchState::EndLaunch(std::optional<Fault> fault) {
  if (!options.checked) return fault;
  std::optional<Fault> deferred = TakeDeferred();
  // A fault stopped the blocks above it part way: what they logged depends on the host threads,
  // so nothing is swept, and a deferred fault is dropped: its epoch never ended, so whether a
  // race explains it (another block writing those bytes later in the epoch) is unknown.
  if (fault) return fault;
  if (mode0 != nullptr) {
    if (std::optional<Fault> unpaired = CheckMode0AtEnd(*this)) return unpaired;
  }
  std::optional<Fault> race = shadow_.EndEpoch(*this);
  KeepSameValueWarnings();
  if (race) return race;
  if (deferred) return deferred;
  return FindUnwrittenOutputs(regions, shadow_.written());
}

namespace {

// "blocks 0-3, 5, 7-9" (at most eight runs, then "and N more blocks").
std::string BlockList(const std::vector<uint8_t>& state, uint8_t want) {
  std::string out;
  size_t runs = 0;
  size_t more = 0;
  for (size_t b = 0; b < state.size(); ++b) {
    if (state[b] != want) continue;
    size_t e = b;
    while (e + 1 < state.size() && state[e + 1] == want) ++e;
    if (runs++ < 8) {
      out += (out.empty() ? "" : ", ") + std::to_string(b);
      if (e > b) out += "-" + std::to_string(e);
    } else {
      more += e - b + 1;
    }
    b = e;
  }
  if (more > 0) out += " and " + std::to_string(more) + " more";
  return out;
}

}  // namespace

std::string LaunchState::BlockStates() const {
  return "waiting in SyncAll: blocks " + BlockList(block_state_, kBlockWaiting) +
         "; ended: blocks " + BlockList(block_state_, kBlockEnded);
}

void LaunchState::RaiseBarrierDeadlock(std::unique_lock<std::mutex>& lock) {
  // Named after the highest block, whichever block completed the deadlock here: the order in
  // which blocks end or arrive depends on the host threads, the states do not.
  const auto last = static_cast<int32_t>(block_dim - 1);
  const bool ended = block_state_[static_cast<size_t>(last)] == kBlockEnded;
  const std::string hang = ": the chip would hang (" + BlockStates() + ")";
  std::string message;
  if (ended) {
    message = "block " + std::to_string(last) + " ended while " + std::to_string(arrived_) +
              " blocks wait in SyncAll for it" + hang;
  } else {
    message = std::to_string(exited_) + " of " + std::to_string(block_dim) +
              " blocks ended without reaching this SyncAll" + hang;
  }
  lock.unlock();
  throw FaultError(
      Fault{FaultKind::kBarrierDeadlock, last, ended ? "kernel end" : "SyncAll", message});
}

void LaunchState::KeepSameValueWarnings() {
  // The sweep runs with every other core parked or done: core 0's list is safe to extend.
  std::vector<CoreWarning>& list = warnings_[0];
  for (GmShadow::SameValueOverlap& w : shadow_.TakeSameValue()) {
    auto it = std::find_if(list.begin(), list.end(), [&](const CoreWarning& k) {
      return k.region == w.region && k.warning.kind == w.warning.kind &&
             k.warning.instruction == w.warning.instruction;
    });
    if (it == list.end()) {
      list.push_back({w.region, std::move(w.warning)});
      continue;
    }
    const uint64_t count = it->warning.count + w.warning.count;
    if (w.warning.block < it->warning.block) it->warning = std::move(w.warning);
    it->warning.count = count;
  }
}

std::vector<Warning> LaunchState::TakeWarnings() {
  std::vector<CoreWarning> all;
  for (std::vector<CoreWarning>& list : warnings_) {
    for (CoreWarning& w : list) all.push_back(std::move(w));
    list.clear();
  }
  // Each core's list is in its blocks' order; a stable sort by block keeps each block's order.
  std::stable_sort(all.begin(), all.end(), [](const CoreWarning& a, const CoreWarning& b) {
    return a.warning.block < b.warning.block;
  });
  std::vector<Warning> out;
  std::vector<int16_t> regions;
  for (CoreWarning& w : all) {
    bool merged = false;
    for (size_t i = 0; i < out.size() && !merged; ++i) {
      if (regions[i] == w.region && out[i].kind == w.warning.kind &&
          out[i].instruction == w.warning.instruction) {
        out[i].count += w.warning.count;
        merged = true;
      }
    }
    if (merged) continue;
    regions.push_back(w.region);
    out.push_back(std::move(w.warning));
  }
  return out;
}

void LaunchState::SyncAll(Core& core) {
  SettleElidedCopies(core);  // other cores may write their GM sources after the barrier
  if (block_dim > cores) {
    RaiseFault(FaultKind::kUnsupported, "SyncAll",
               "blockDim " + std::to_string(block_dim) + " exceeds the " + std::to_string(cores) +
                   " cores of " + device.name + ": SyncAll needs every block resident at once");
  }
  const double arrive = core.AllDone();
  std::unique_lock<std::mutex> flag_lock(flag_mu_);  // a flag deadlock check reads the flags
  std::unique_lock<std::mutex> lock(mu_);
  if (abort_) throw AbortError{};
  ++arrived_;
  arrive_max_ns_ = std::max(arrive_max_ns_, arrive);
  const uint64_t gen = generation_;
  block_state_[static_cast<size_t>(core.block_idx)] = kBlockWaiting;
  if (arrived_ + exited_ == block_dim) {
    if (exited_ > 0) RaiseBarrierDeadlock(lock);
    if (options.checked) {
      // Every other block is parked here and its log is ours to read (the mutex ordered it).
      // A race is the cause of what a deferred uninitialised read saw: it wins.
      std::optional<Fault> race = shadow_.EndEpoch(*this);
      KeepSameValueWarnings();
      std::optional<Fault> deferred = TakeDeferred();
      if (!race) race = std::move(deferred);
      if (race) {
        if (!fault_ || race->block < fault_block_) {  // a race names the launch's blocks
          fault_ = race;
          fault_block_ = race->block;
        }
        abort_ = true;  // the barrier is not released: the parked blocks stop
        lock.unlock();
        cv_.notify_all();
        throw FaultError(*race);
      }
    }
    std::replace(block_state_.begin(), block_state_.end(), kBlockWaiting, kBlockRunning);
    flag_edges_.clear();  // the barrier orders everything before it (flag_mu_ held)
    scalar_last_.clear();
    release_ns_ = arrive_max_ns_ + device.sync_all_ns;
    if (shared_l2_ != nullptr) shared_l2_->Rejoin(release_ns_);
    arrived_ = 0;
    arrive_max_ns_ = 0;
    generation_ = gen + 1;
    lock.unlock();
    cv_.notify_all();
  } else {
    if (shared_l2_ != nullptr) {  // no GM access of this slot comes before the release
      shared_l2_->Leave(static_cast<uint32_t>(core.core_idx), false);
      WakeTurn();
    }
    if (CheckFlagDeadlock(lock)) throw AbortError{};
    lock.unlock();
    flag_lock.unlock();
    CoreWatch& watch = watch_[static_cast<size_t>(core.core_idx)];
    watch.waiting = true;
    FiberScheduler::ThisThread().Park(*this, gen);
    tls_core = &core;  // other blocks ran on this thread meanwhile
    watch.waiting = false;
    // Not released: a block faulted first. Released and then a fault elsewhere: this block
    // goes on, since its own fault may be the lowest (docs/CHECKS.md).
    if (generation_ == gen) throw AbortError{};
  }
  // Nobody overwrites release_ns_ before this block arrives at the next SyncAll.
  core.clock.fill(release_ns_);
  ++core.sync_epoch;
}

bool LaunchState::Released(uint64_t ticket) const {
  if ((ticket & kFlagTicket) != 0 && (ticket & kTurnTicket) == 0) {
    return halt_ || flag_woke_[ticket & ~kFlagTicket].load() >= 0;
  }
  if (abort_) return true;
  if ((ticket & kTurnTicket) != 0) {
    return shared_l2_->Turn() == static_cast<int32_t>(ticket & ~kTurnTicket);
  }
  return generation_ != ticket;
}

void LaunchState::WaitReleased(const std::vector<uint64_t>& tickets) {
  std::unique_lock<std::mutex> lock(mu_);
  ++sleepers_;
  cv_.wait(lock, [&] {
    return std::any_of(tickets.begin(), tickets.end(),
                       [&](uint64_t ticket) { return Released(ticket); });
  });
  --sleepers_;
}

void LaunchState::ShareL2() {
  l2.clear();
  shared_l2_ = std::make_unique<SharedL2>(device.l2_bytes, cores);
  turn_waiting_.assign(cores, 0);
}

void LaunchState::WakeTurn() {
  const int32_t turn = shared_l2_->Turn();
  if (turn >= 0 && turn_waiting_[static_cast<size_t>(turn)] != 0 && sleepers_ > 0) {
    cv_.notify_all();
  }
}

void LaunchState::WaitTurn(Core& core, std::unique_lock<std::mutex>& lock) {
  const auto slot = static_cast<size_t>(core.core_idx);
  CoreWatch& watch = watch_[slot];
  turn_waiting_[slot] = 1;
  WakeTurn();
  lock.unlock();
  watch.waiting = true;
  FiberScheduler::ThisThread().Park(*this, kTurnTicket | slot);
  tls_core = &core;  // other blocks ran on this thread meanwhile
  watch.waiting = false;
  lock.lock();
  turn_waiting_[slot] = 0;
}

void LaunchState::SlotDone(const Core& core) {
  if (shared_l2_ == nullptr) return;
  std::lock_guard<std::mutex> lock(mu_);
  shared_l2_->Leave(static_cast<uint32_t>(core.core_idx), true);
  WakeTurn();
}

void LaunchState::BlockExited(const Core& core) {
  std::unique_lock<std::mutex> flag_lock(flag_mu_);
  std::unique_lock<std::mutex> lock(mu_);
  ++exited_;
  block_state_[static_cast<size_t>(core.block_idx)] = kBlockEnded;
  if (arrived_ > 0 && arrived_ + exited_ == block_dim) RaiseBarrierDeadlock(lock);
  CheckFlagDeadlock(lock);
}

void LaunchState::RecordFault(const Fault& fault, int32_t block) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!fault_ || block < fault_block_) {
      fault_ = fault;
      fault_block_ = block;
    }
    abort_ = true;
    HaltIfSettled(false);  // flag_mu_ may be held by the caller or not: no polling here
  }
  cv_.notify_all();
}

std::optional<Fault> LaunchState::fault() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fault_;
}

std::vector<pthread_t> LaunchState::StopForWallClock(double seconds, bool first) {
  std::vector<pthread_t> threads;
  std::string running;
  std::string waiting;
  int32_t lowest = std::numeric_limits<int32_t>::max();
  for (uint32_t c = 0; c < cores; ++c) {
    const int32_t block = watch_[c].block.load();
    if (block < 0) continue;
    const std::string name = "core " + std::to_string(c) + " (block " + std::to_string(block) + ")";
    if (watch_[c].waiting.load()) {
      waiting += (waiting.empty() ? "" : ", ") + name;
      continue;
    }
    running += (running.empty() ? "" : ", ") + name;
    lowest = std::min(lowest, block);
    threads.push_back(watch_[c].thread.load());
  }
  if (!first) return threads;
  wall_stopped_ = true;  // before any signal: the handler checks it
  if (running.empty()) return threads;
  char limit[32];
  std::snprintf(limit, sizeof limit, "%g", seconds);
  RecordFault(Fault{FaultKind::kTimeout, lowest, "kernel (host wall clock)",
                    std::string("the launch ran past its host wall-clock limit of ") + limit +
                        " s (OPSIM_LAUNCH_TIMEOUT; 0 for none) "
                        "with cores still running: " +
                        running + (waiting.empty() ? "" : "; waiting in SyncAll: " + waiting) +
                        ": a loop in scalar code, which never reaches the simulated-time limit?"});
  return threads;
}

}  // namespace opsim::sim::detail
