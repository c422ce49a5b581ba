// What the cores of one launch share: GM regions, the SyncAll barrier, the GM access log of the
// race and initialisation checks, warnings, and the first fault.
#pragma once

#include <pthread.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cube/unit_flag.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/launch.h"
#include "opsim/sim/launch_mix.h"
#include "runtime/fiber_scheduler.h"
#include "runtime/gm_shadow.h"
#include "runtime/l2_cache.h"
#include "runtime/shared_l2.h"

namespace opsim::sim::detail {

// Thrown in a core that must stop because another core faulted.
struct AbortError {};

// The block GM accesses are logged under in the race and initialisation checks: a MIX block's
// cores log as one (its block index; races between them are not checked), -1 elsewhere (each
// core's own block). Set per host thread by the MIX block's runner (mix_run.cc).
extern thread_local int32_t tls_race_block;
inline int32_t RaceBlock(const Core& core) {
  return tls_race_block >= 0 ? tls_race_block : core.block_idx;
}
// One number per core of the launch (a MIX block's AIC and AIV share a slot and a RaceBlock).
inline int32_t FlagCoreId(const Core& core) {
  return core.block_idx * 2 + (core.core_type == CoreType::kAic ? 1 : 0);
}

// How a launch runs its blocks (KERNEL_TASK_TYPE_DEFAULT compares the kernel's type with it).
struct LaunchShape {
  CoreType core_type = CoreType::kAiv;
  bool mix = false;  // MIX blocks on split cores
  MixShape mix_shape;
  // A run again as the kernel declared: KERNEL_TASK_TYPE_DEFAULT no longer acts, so that a
  // KERNEL_TASK_TYPE for the tiling key after it wins.
  bool declared = false;
};

// Checked mode, at a block's end: faults (kUnpairedFlag) on a SetFlag never waited for
// (flags.cc).
void CheckFlagsAtEnd(const Core& core);

struct BlockGuard;  // kernel_guard.h

// CrossCoreSetFlag mode 0's counters, launch-wide (cube/cross_core.cc).
struct CrossCoreMode0;
struct CubeGroups;
class LaunchState;
// Checked mode, at the launch's end: a mode 0 set no wait took, or one the other cores never
// matched, as a kUnpairedFlag fault.
std::optional<Fault> CheckMode0AtEnd(const LaunchState& launch);

// Blocks waiting in SyncAll park in their host thread's FiberScheduler; the barrier's
// generation is their ticket.
class LaunchState final : private ParkBarrier {
 public:
  LaunchState(const DeviceProfile& device, uint32_t block_dim, uint32_t cores,
              const LaunchOptions& options);

  const DeviceProfile& device;
  const LaunchOptions& options;
  const uint32_t block_dim;
  const uint32_t cores;
  std::vector<GmRegion> regions;
  // Each core slot's share of the L2 (l2_cache.h), indexed by Core::core_idx; empty when the
  // slots share it (ShareL2).
  std::vector<L2Share> l2;
  // From here on the slots share one L2 (shared_l2.h) instead of a share each. Before any core
  // runs; not for MIX launches (a MIX slot's cores run on stacks of their own, which cannot park
  // in the host thread's FiberScheduler).
  void ShareL2();
  bool L2IsShared() const { return shared_l2_ != nullptr; }
  // With the L2 shared: waits for `core`'s slot to hold the turn for an access on a pipe whose
  // clock is `pipe_clock`, then runs touch(lru) (the access's reads or writes of the shared LRU)
  // and raises the slot's bound to the access's end, pipe_clock + touch's returned cost at least.
  template <typename Touch>
  void AccessL2(Core& core, double pipe_clock, Touch&& touch) {
    const auto slot = static_cast<uint32_t>(core.core_idx);
    std::unique_lock<std::mutex> lock(mu_);
    SharedL2& l2 = *shared_l2_;
    const double key = l2.Key(slot, pipe_clock);
    l2.Raise(slot, key);
    if (l2.Turn() != static_cast<int32_t>(slot) && !abort_) WaitTurn(core, lock);
    const double cost = touch(l2.lru());
    l2.Raise(slot, pipe_clock + cost);
    WakeTurn();
  }
  // `core`'s slot has run its last block: it takes no more turns.
  void SlotDone(const Core& core);
  // Each core slot's Mmad working arrays (cube_mmad.cc), indexed by Core::core_idx and kept
  // across its calls: a 128 x 256 tile's are about 1 MiB, which allocated on every call cost
  // page faults (docs/PERFORMANCE.md, "Issue 30 (session 20)"). A slot runs one Mmad at a time.
  struct MmadScratch {
    std::vector<float> wide, a, b, acc;
    std::vector<int32_t> int_a, int_b, int_acc;
  };
  std::vector<MmadScratch> mmad_scratch;
  // Each core's L0C unit marks (cube/unit_flag.h), indexed by Core::core_idx and then found by
  // the core: one per slot, three in a MIX slot (its AIC and two AIV), whose cores run on one
  // host thread.
  std::vector<std::vector<std::pair<const Core*, L0cUnitFlags>>> unit_flags;

  // Index of the region holding [ptr, ptr + bytes), or -1.
  int16_t FindRegion(const uint8_t* ptr) const;
  std::string DescribeGm(const uint8_t* ptr, uint64_t bytes) const;

  // Checked mode: logs a GM access by `core`'s block for the race and initialisation checks
  // (gm_shadow.h); `t` is the instruction's simulated start on `pipe`. Nothing unchecked.
  // A plain write gives its values when known (GmValues), for the same-value rule.
  void LogGm(const Core& core, const uint8_t* lo, uint64_t bytes, GmUse use, const char* instr,
             Pipe pipe, double t, GmValues values = {}) {
    if (options.checked) {
      // The pipe is done with the instruction just issued on it (a DMA's data landed).
      shadow_.Log(static_cast<uint32_t>(core.core_idx), RaceBlock(core), FlagCoreId(core), lo,
                  bytes, use, instr, pipe, t, core.DoneAt(pipe), values);
    }
  }
  const GmShadow& shadow() const { return shadow_; }
  // Checked mode: `core`'s next GM access starts a record of its own (a flag hand-over between
  // two accesses must be seen between them).
  void SealGmLog(const Core& core) {
    if (options.checked) shadow_.Seal(static_cast<uint32_t>(core.core_idx));
  }
  // Checked mode: `core` writes a flag or takes a hand-over here (its own thread): where that
  // falls in its program order, for the race check's hand-overs (FlagOrdered).
  FlagMark MarkFlagSync(const Core& core) {
    if (!options.checked) return {};
    return {FlagCoreId(core), shadow_.SyncPoint(static_cast<uint32_t>(core.core_idx))};
  }
  // Checked mode, GM initcheck (gm_init.h): UB bytes a DMA loaded from GM bytes nothing wrote.
  struct GmPoison {
    int32_t block;
    int16_t buf;  // the UB buffer and its generation when loaded
    uint32_t gen;
    uint32_t ub_lo;  // UB offsets of the loaded row
    uint32_t ub_hi;
    uint32_t data_off;     // where the GM bytes start in the row (DataCopyPad's left padding)
    const uint8_t* gm_lo;  // the GM bytes the row's data came from
    const char* instr;
  };
  std::vector<GmPoison>& Poison(const Core& core) {
    return poison_[static_cast<size_t>(core.core_idx)];
  }
  // Keeps `fault`, an uninitialised read of GM-origin data, as the core's until the epoch ends,
  // unless the core already holds one: a race found at the epoch's end is reported instead (a
  // missing SyncAll is the cause), else the lowest block's of these.
  void Defer(const Core& core, Fault fault) {
    std::optional<Fault>& slot = deferred_[static_cast<size_t>(core.core_idx)];
    if (!slot) {
      slot = std::move(fault);
      deferred_block_[static_cast<size_t>(core.core_idx)] = RaceBlock(core);
    }
  }
  // After the cores ended, the launch's fault: `fault` (the lowest block's, found while they
  // ran) or, checked and without one, a race in the last epoch, then output bytes no block wrote.
  std::optional<Fault> EndLaunch(std::optional<Fault> fault);

  // Records a warning (launch.h) for the block `core` runs. The first of each (kind, instr,
  // region) on a core calls message() for the text; later ones only count, so a warning met in
  // a loop costs a comparison or two.
  template <typename F>
  void Warn(const Core& core, const char* kind, const char* instr, int16_t region, F&& message) {
    std::vector<CoreWarning>& list = warnings_[static_cast<size_t>(core.core_idx)];
    for (CoreWarning& w : list) {
      if (w.region == region && w.warning.kind == kind && w.warning.instruction == instr) {
        ++w.warning.count;
        return;
      }
    }
    if (list.size() >= kMaxWarningsPerCore) return;
    list.push_back({region, Warning{kind, core.block_idx, instr, message(), 1}});
  }
  // Every core's warnings, merged: one per (kind, instruction, region), the lowest block's
  // message, the counts summed; ordered by block. The same whatever the host thread count.
  std::vector<Warning> TakeWarnings();

  void SyncAll(Core& core);
  void BlockExited(const Core& core);
  // `block`'s run ended by a fault or an abort instead (it reached no BlockExited).
  void BlockStopped(int32_t block);

  // Cross-block GM flags (block_sync.cc). The protocol's GM reads and writes of its flags happen
  // under this mutex (taken before mu_), so a waiter's condition never reads a half-written flag.
  std::mutex& FlagMutex() { return flag_mu_; }
  // With FlagMutex held by `flag_lock`: parks `core` until ready() (which reads GM) holds after
  // another block's protocol write, and returns that write's landing time (simulated ns). When
  // no block is left running to write it: a kDeadlock fault naming what describe() says.
  double WaitFlagGm(Core& core, const char* instr, std::unique_lock<std::mutex>& flag_lock,
                    std::function<bool()> ready, std::function<std::string()> describe);
  // With FlagMutex held: `core` wrote the flags [lo, lo + bytes), landing at `land_ns`; wakes
  // the waiters whose condition now holds. Returns where the write is in `core`'s program.
  FlagMark WroteFlagGm(const Core& core, const uint8_t* lo, uint32_t bytes, double land_ns);
  // With FlagMutex held: `core` read the flags [lo, lo + bytes) at `now` and its condition
  // held. Returns when the protocol writes it saw had landed (its wait's end, `now` at least)
  // and records them as hand-overs to it for the race check.
  double SawFlagGm(const Core& core, const uint8_t* lo, uint32_t bytes, double now);
  // With FlagMutex held: block `to` went on at woke_ns after block `from`'s set landing at
  // set_ns (a cross-core flag between blocks, for the race check); the marks say where the set
  // and the take are in their cores' programs (unknown: the check goes by the times alone).
  void AddFlagEdge(int32_t from, double set_ns, int32_t to, double woke_ns, FlagMark set = {},
                   FlagMark take = {}) {
    if (options.checked && from != to)
      flag_edges_.push_back({from, set_ns, to, woke_ns, set, take});
  }
  // CrossCoreSetFlag mode 0's counters, made at the first mode 0 call; under FlagMutex.
  std::shared_ptr<CrossCoreMode0> mode0;
  // The launch's cube groups (cube_group.cc), made at the first CreateCubeResGroup; under
  // FlagMutex.
  std::shared_ptr<CubeGroups> cube_groups;
  // Checked mode's race sweep: whether a chain of flag hand-overs in this SyncAll epoch orders
  // access `a` (of one block) before access `b` (of another).
  bool FlagOrdered(const GmSpan& a, const GmSpan& b) const;
  // Checked mode, GlobalTensor::SetValue/GetValue of one word (before the store or the load,
  // with the access just logged): a read that sees the bytes of another block's latest store
  // there takes it as a hand-over (docs/CHECKS.md, "Flags polled in GM").
  void NoteScalarWrite(const Core& core, const uint8_t* lo, uint32_t bytes);
  void NoteScalarRead(const Core& core, const uint8_t* lo, uint32_t bytes);
  // Checked mode's race sweep: `w`, a scalar store, and `r`, another block's scalar read of its
  // bytes, are the polling of a flag: r's block went on to see w (at r or later).
  bool PolledFlag(const GmSpan& w, const GmSpan& r) const;

  // The launch's shape, and the one the kernel asked for (KERNEL_TASK_TYPE_DEFAULT) when it
  // differs: the launch is then run again that way (launch.cc).
  LaunchShape shape;
  void RequestRelaunch(const LaunchShape& wanted) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!relaunch_) relaunch_ = wanted;
  }
  std::optional<LaunchShape> relaunch() const {
    std::lock_guard<std::mutex> lock(mu_);
    return relaunch_;
  }
  // Records a fault, keeping the lowest block's. SyncAll can no longer complete; the other
  // blocks run on until the launch halts (HaltIfSettled), so that the fault reported is the
  // lowest block's whichever host thread got where first (docs/CHECKS.md, "The fault a launch
  // reports"). `block`: the launch's block the fault is of, which orders the faults; it differs
  // from fault.block on a MIX block's AIV, whose GetBlockIdx is aiv_per_block x block + its
  // sub-block (RaceBlock gives it on the faulting core's thread).
  void RecordFault(const Fault& fault) { RecordFault(fault, fault.block); }
  void RecordFault(const Fault& fault, int32_t block);
  // Whether `block` need not start: a lower block faulted, and either every block below that
  // fault has settled (the launch halted) or no block can wait for another (more blocks than
  // cores: no flag or SyncAll), so nothing it would do can change the fault reported.
  bool Skips(int32_t block) const { return block > fault_block_ && (halt_ || block_dim > cores); }
  std::optional<Fault> fault() const;

  // What the signal handler (kernel_guard.h) and the watchdog (launch_watchdog.h) need: per core,
  // the guard of its running block, the host thread running it, and whether it waits in SyncAll.
  // A core's blocks all run in one execution context, so a guard per core is one per context.
  void SetGuard(uint32_t core, BlockGuard* guard) { watch_[core].guard = guard; }
  BlockGuard* Guard(uint32_t core) const { return watch_[core].guard; }
  void CoreRunning(uint32_t core, int32_t block) {
    watch_[core].thread.store(pthread_self(), std::memory_order_relaxed);
    watch_[core].block.store(block, std::memory_order_relaxed);
  }
  void CoreIdle(uint32_t core) { watch_[core].block.store(-1, std::memory_order_relaxed); }
  bool WallStopped() const { return wall_stopped_.load(); }
  // The watchdog, past the launch's wall-clock limit: the first call records a kTimeout fault
  // naming the cores still running (and those waiting in SyncAll) and stops the launch; every
  // call returns the host threads of the running ones, to be signalled.
  std::vector<pthread_t> StopForWallClock(double seconds, bool first);

 private:
  struct CoreWatch {
    BlockGuard* volatile guard = nullptr;  // read by a signal handler on the same thread
    std::atomic<pthread_t> thread{};
    std::atomic<int32_t> block{-1};
    std::atomic<bool> waiting{false};
  };
  struct CoreWarning {
    int16_t region;
    Warning warning;
  };
  // A kernel that warns on every tile warns once per distinct site; past this many a core's
  // further sites are dropped (the report stays readable, the launch is unchanged).
  static constexpr size_t kMaxWarningsPerCore = 32;
  // Moves the race sweep's same-value overlaps (gm_shadow.h) into the warnings.
  void KeepSameValueWarnings();
  bool Released(uint64_t ticket) const override;
  void WaitReleased(const std::vector<uint64_t>& tickets) override;
  // A parked slot's ticket while it waits for its turn at the shared L2: the bit and its slot.
  static constexpr uint64_t kTurnTicket = uint64_t{1} << 63;
  // A parked block's ticket while it waits for a GM flag: the bit and its core slot.
  static constexpr uint64_t kFlagTicket = uint64_t{1} << 62;
  struct FlagWaiter {
    Core* core;
    int32_t block;      // the launch's block waiting (RaceBlock)
    const char* instr;  // the call waiting, a static string
    std::function<bool()> ready;
    std::function<std::string()> describe;
  };
  // A flag hand-over: block `from`'s write landing at set_ns let block `to` go on at woke_ns.
  struct FlagEdge {
    int32_t from;
    double set_ns;
    int32_t to;
    double woke_ns;
    FlagMark set, take;
    // A scalar flag (NoteScalarRead): the write's record (its core's log, index), and the time
    // by which the writer's earlier accesses must have ended to be ordered by it.
    int32_t set_core = -1;
    size_t set_idx = 0;
    double done_ns = 0;
  };
  // Per GM word a scalar store wrote this epoch: the latest store's block, record and landing,
  // and the word's bytes before it; under flag_mu_.
  struct ScalarWrite {
    int32_t block;
    int32_t core;
    size_t idx;
    double land;
    FlagMark mark;
    uint8_t bytes;
    uint8_t old[8];
    std::vector<int32_t> seen_by;  // blocks that took the hand-over already
  };
  std::unordered_map<const uint8_t*, ScalarWrite> scalar_last_;
  // With flag_mu_ and mu_ held: wakes the waiters whose condition holds (hand-overs from `from`
  // at land_ns; from < 0 for none); returns how many.
  size_t WakeFlagWaiters(int32_t from, double land_ns);
  // With flag_mu_ held and `lock` on mu_: when no block can run any more and some wait for a
  // flag, records the deadlock fault (the lowest waiting block's) and stops the launch.
  bool CheckFlagDeadlock(std::unique_lock<std::mutex>& lock);
  std::mutex flag_mu_;
  std::vector<FlagWaiter> flag_waiters_;  // under mu_
  std::vector<FlagEdge> flag_edges_;      // this epoch's, under flag_mu_ (read by the sweep)
  // Per 32 B flag: the block whose protocol write it holds, when that landed and where it was
  // in the writer's program; under flag_mu_.
  struct FlagWrite {
    int32_t block;
    double land;
    FlagMark mark;
  };
  std::map<const uint8_t*, FlagWrite> flag_last_;
  std::unique_ptr<std::atomic<double>[]> flag_woke_;  // per core: -1 while parked for a flag
  // Parks `core` until its slot holds the turn (or the launch stopped); `lock` holds mu_ before
  // and after.
  void WaitTurn(Core& core, std::unique_lock<std::mutex>& lock);
  // Every block waits in SyncAll or has ended, some of each: the launch's barrier_deadlock fault.
  // `lock` holds mu_; released before the throw.
  [[noreturn]] void RaiseBarrierDeadlock(std::unique_lock<std::mutex>& lock);
  // With mu_ held: wakes the host threads asleep in WaitReleased when the slot holding the turn
  // waits for it (its thread may be one of them).
  void WakeTurn();

  mutable std::mutex mu_;
  std::condition_variable cv_;
  uint32_t sleepers_ = 0;  // host threads in WaitReleased, under mu_
  std::unique_ptr<SharedL2> shared_l2_;
  std::vector<uint8_t> turn_waiting_;  // per slot, under mu_: parked for its turn
  uint32_t arrived_ = 0;
  uint32_t exited_ = 0;
  // Written under mu_; read without it by parked blocks' schedulers.
  std::atomic<uint64_t> generation_ = 0;
  double arrive_max_ns_ = 0;
  double release_ns_ = 0;
  std::atomic<bool> abort_ = false;  // a fault was recorded: SyncAll can never complete
  // After a fault: every block below it ended or stopped, or no block runs that could give what
  // the waiting ones wait for. Flag waiters stop, and no block above the fault starts.
  std::atomic<bool> halt_ = false;
  size_t settled_below_ = 0;  // under mu_: blocks [0, settled_below_) ended or stopped
  // With mu_ (and flag_mu_) held, after a fault: halts the launch when nothing can change the
  // fault it reports any more; true when halted.
  // `poll` (flag_mu_ held): a stuck launch's waiters may poll their flags a last time.
  bool HaltIfSettled(bool poll);
  void Halt();                                                              // with mu_ held
  void DropFlagWaiter(const Core& core);                                    // with mu_ held
  std::atomic<int32_t> fault_block_ = std::numeric_limits<int32_t>::max();  // fault_'s block
  std::optional<Fault> fault_;
  GmShadow shadow_;  // checked mode; each core logs into its own part (no lock)
  std::vector<std::vector<GmPoison>> poison_;   // per core, its current block's
  std::vector<std::optional<Fault>> deferred_;  // per core
  // Per core: the block its deferred fault's access logged as (a MIX block's, for its AIV).
  std::vector<int32_t> deferred_block_;
  // The lowest block's deferred fault, and every core's cleared.
  std::optional<Fault> TakeDeferred();
  // Per block, under mu_: what a barrier deadlock's message lists. When the deadlock is found,
  // every block has arrived or ended, so the lists do not depend on the host threads.
  static constexpr uint8_t kBlockRunning = 0;
  static constexpr uint8_t kBlockWaiting = 1;
  static constexpr uint8_t kBlockEnded = 2;
  static constexpr uint8_t kBlockWaitingForFlag = 3;  // only in a flag deadlock's message
  static constexpr uint8_t kBlockStopped = 4;         // by a fault or an abort
  std::vector<uint8_t> block_state_;
  std::string BlockStates() const;  // "waiting in SyncAll: blocks ...; ended: blocks ..."
  std::vector<CoreWatch> watch_;    // per core
  std::vector<std::vector<CoreWarning>> warnings_;  // per core, no lock needed
  std::atomic<bool> wall_stopped_ = false;
  std::optional<LaunchShape> relaunch_;  // under mu_
};

}  // namespace opsim::sim::detail
