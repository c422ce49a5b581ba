// The launcher: runs a kernel's blocks on simulated cores and gathers faults, time and trace.
#include "opsim/sim/launch.h"

#include <cxxabi.h>

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <thread>
#include <typeinfo>

#include "cube/cube_matmul_detail.h"
#include "cube/mix_run.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/launch_mix.h"
#include "runtime/core_pool.h"
#include "runtime/core_storage.h"
#include "runtime/extra_registers.h"
#include "runtime/fiber_scheduler.h"
#include "runtime/gm_registry.h"
#include "runtime/kernel_guard.h"
#include "runtime/launch_state.h"
#include "runtime/launch_watchdog.h"

namespace opsim::sim {
namespace detail {

extern thread_local Core* tls_core;

namespace {

void InitCosts(Core& core, const DeviceProfile& d) {
  core.ns_per_cycle = 1.0 / d.clock_ghz;
  core.vector_issue_ns = d.instr_issue_cycles * core.ns_per_cycle;
  core.vector_repeat_ns = d.vector_cycles_per_repeat * core.ns_per_cycle;
  core.dma_setup_ns = d.dma_setup_ns;
  core.dma_issue_ns = d.dma_issue_ns;
  core.dma_ns_per_byte = 1.0 / d.dma_gbps_per_core;  // GB/s == bytes/ns
  core.l2_ns_per_byte = d.l2_gbps_per_core > 0 ? 1.0 / d.l2_gbps_per_core : core.dma_ns_per_byte;
  core.scalar_ns = d.scalar_cycles * core.ns_per_cycle;
  core.flag_ns = d.flag_sync_cycles * core.ns_per_cycle;
}

// Uninitialised UB reads show up as NaN / all-ones instead of stale data from a prior block.
void RefillLocalMemories(Core& core) {
  LocalFill* fill = core.fill;
  if (fill == nullptr || !fill->all_filled) {
    std::memset(core.ub, 0xFF, fill != nullptr ? fill->capacity : core.local_bytes);
  } else {
    for (const auto& [lo, hi] : fill->changed) {
      if (hi > lo) std::memset(core.ub + lo, 0xFF, hi - lo);
    }
  }
  if (fill != nullptr) {
    fill->all_filled = true;
    fill->changed.fill({0, 0});
  }
}

void ResetForBlock(Core& core, int32_t block, double start_ns) {
  core.block_idx = block;
  core.ub_used = 0;
  core.cube_used.fill(0);
  // The previous block's lists, deferred copies included: its UB contents are undefined to this
  // one.
  core.Clear();
  core.clock.fill(start_ns);
  core.landed.fill(start_ns);
  core.flag_set.fill(0);
  core.sync_epoch = 0;
  core.v_barriers = 0;
  core.pending_fault.reset();
  core.vector_mask[0] = core.vector_mask[1] = ~0ull;
  core.mask_counter = false;
  core.atomic_op = 0;
  core.acc_val = 0;
  core.ctrl = 0;
  core.data_exp_on = false;
  for (uint64_t& r : core.data_exp) r = 0;
  core.block_start_ns = start_ns;
  core.deq_scale = 1.0f;
  ResetExtraRegisters(core);
  core.tpipe = nullptr;
  core.sys_workspace = nullptr;
  std::memset(core.cmp_mask, 0, sizeof(core.cmp_mask));
  if (core.checked) {
    RefillLocalMemories(core);
    core.ub_written.assign((core.local_bytes + 63) / 64, 0);
  }
}

// Runs the kernel once as `core`'s current block; false when it faulted (the launch's fault
// is recorded). `exit_block`: the block's end is this run's end (BlockExited).
bool RunOnce(Core& core, LaunchState& state, const std::function<void()>& kernel, bool exit_block) {
  const int32_t b = core.block_idx;
  BlockGuard guard;
  try {
    if (RunGuarded(core, guard, kernel)) {
      // A signal stopped it: its frames are abandoned, so no leak or exit check applies.
      state.RecordFault(HardwareFault(core, guard), RaceBlock(core));
      if (exit_block) state.BlockStopped(b);
      return false;
    }
    if (core.pending_fault) throw FaultError(*core.pending_fault);
    CheckLeaks(core, 0, "kernel end");
    RequireNoHeldFixpipe(core, "the block's end");
    if (core.checked) CheckFlagsAtEnd(core);
    if (exit_block) state.BlockExited(core);
    return true;
  } catch (const FaultError& e) {
    state.RecordFault(e.fault(), RaceBlock(core));
  } catch (const AbortError&) {
  } catch (const std::exception& e) {
    state.RecordFault(Fault{FaultKind::kInvalidArgument, b, "kernel",
                            std::string("threw an exception: ") + e.what()},
                      RaceBlock(core));
  } catch (...) {  // `throw 42` in a kernel would otherwise end the process
    const std::type_info* type = abi::__cxa_current_exception_type();
    state.RecordFault(Fault{FaultKind::kInvalidArgument, b, "kernel",
                            std::string("threw an exception of type ") +
                                (type != nullptr ? type->name() : "unknown")},
                      RaceBlock(core));
  }
  if (exit_block) state.BlockStopped(b);
  return false;
}

double LatestClock(const Core& core) { return core.AllDone(); }

// A MIX block's other core beside `core` (its AIC, or its second AIV): the same launch settings,
// its own memories (an AIC's UB is never carved: it has none on split cores).
void SetUpMixPartner(const Core& core, const DeviceProfile& device, CoreType type, Core* partner,
                     std::vector<uint8_t>* memory) {
  partner->core_idx = core.core_idx;
  partner->block_num = core.block_num;
  partner->device = &device;
  partner->launch = core.launch;
  partner->checked = core.checked;
  partner->auto_sync = core.auto_sync;
  partner->tracing = core.tracing;
  partner->tiling_key = core.tiling_key;
  partner->timeout_ns = core.timeout_ns;
  partner->core_type = type;
  SetLocalMemories(*partner, device);
  memory->assign(partner->local_bytes, 0);
  partner->ub = memory->data();
  partner->ub_bytes = device.ub_bytes;
  partner->trace = core.trace;
  InitCosts(*partner, device);
}

// The cores of a MIX block beside the launch's `core` (its first AIV): the AIC, the second AIV
// (KERNEL_TYPE_MIX_AIC_1_2) and the runner that takes them in turns (mix_run.h).
class MixCores {
 public:
  MixCores(Core& core, Core& aic, uint8_t* scratch, LaunchState& state,
           const std::function<void()>& kernel)
      : core_(core),
        aic_(aic),
        state_(state),
        run_(
            state, state.shape.mix_shape,
            [&state, &kernel](Core& c) { return RunOnce(c, state, kernel, false); },
            [](Core& c, int32_t block, double t) { ResetForBlock(c, block, t); }) {
    aivs_.push_back(&core);
    if (state.shape.mix_shape.aiv_per_block == 2) {
      SetUpMixPartner(core, *core.device, CoreType::kAiv, &aiv1_, &aiv1_memory_);
      aivs_.push_back(&aiv1_);
    }
    mix_.aic = &aic;
    mix_.aiv_per_block = state.shape.mix_shape.aiv_per_block;
    mix_.slots = &slots_;
    mix_.c_scratch = scratch;
    mix_.c_scratch_bytes = aic.cube_bytes[static_cast<int>(CubeMem::kL0C)];
  }

  // Block b from time t; returns when its last pipe finished.
  double RunBlock(int32_t b, double t) {
    slots_.clear();  // the AIC's TPipe and Matmul slots live as long as the block
    mix_.aic_pipe_epoch = 0;
    double end = t;
    if (!run_.RunBlock(aivs_, aic_, mix_, b, t, &end)) {  // a core faulted (recorded)
      state_.BlockStopped(b);
      return end;
    }
    try {
      CheckLeaks(aic_, 0, "kernel end (the AIC's buffers)");
      RequireNoHeldFixpipe(aic_, "the block's end");
      core_.block_idx = b;
      state_.BlockExited(core_);
    } catch (const FaultError& e) {
      state_.RecordFault(e.fault(), b);
      state_.BlockStopped(b);
    }
    return end;
  }

  // The AIC and the second AIV work for the launch's core: their pipes count as its.
  void AddStats() {
    for (const Core* other : {static_cast<const Core*>(&aic_), static_cast<const Core*>(&aiv1_)}) {
      for (int p = 0; p < kPipeCount; ++p) {
        core_.stats[p].busy_ns += other->stats[p].busy_ns;
        core_.stats[p].bytes += other->stats[p].bytes;
        core_.stats[p].instructions += other->stats[p].instructions;
        core_.stats[p].l2_hit_bytes += other->stats[p].l2_hit_bytes;
      }
    }
    core_.elided_bytes += aiv1_.elided_bytes;
  }

 private:
  Core& core_;
  Core& aic_;
  LaunchState& state_;
  Core aiv1_;
  std::vector<uint8_t> aiv1_memory_;
  std::vector<Core*> aivs_;
  std::vector<MixBlock::Slot> slots_;
  MixBlock mix_;
  MixRun run_;
};

// Runs core's blocks (core_idx, core_idx + cores, ...) one after another until the launch has
// faulted; returns the simulated time the last one ended. Whatever a block does (a fault, an
// exception, a signal its code raised, the watchdog's) ends that block and becomes the launch's
// fault, never the process's end. `aic`: the MIX blocks' AIC (split cores), else null.
double RunBlocks(Core& core, Core* aic, uint8_t* scratch, LaunchState& state,
                 const std::function<void()>& kernel) {
  const auto c = static_cast<uint32_t>(core.core_idx);
  PrepareGuardThread();
  double t = 0;
  std::unique_ptr<MixCores> mix;
  if (aic != nullptr) mix = std::make_unique<MixCores>(core, *aic, scratch, state, kernel);
  for (uint32_t b = c; b < state.block_dim && !state.Skips(static_cast<int32_t>(b));
       b += state.cores) {
    state.CoreRunning(c, static_cast<int32_t>(b));
    if (mix != nullptr) {
      t = mix->RunBlock(static_cast<int32_t>(b), t);
      continue;
    }
    ResetForBlock(core, static_cast<int32_t>(b), t);
    RunOnce(core, state, kernel, true);
    t = LatestClock(core);
  }
  if (mix != nullptr) mix->AddStats();
  state.SlotDone(core);
  state.CoreIdle(c);
  return t;
}

// What a launch needs before it starts: a blockDim in range, a complete profile, and a valid
// host wall-clock limit (its seconds in *wall_seconds).
Status CheckLaunch(const DeviceProfile& device, uint32_t block_dim, const LaunchOptions& options,
                   double* wall_seconds) {
  if (block_dim < 1 || block_dim > 65535) {
    return {ErrorCode::kInvalidParam, "Launch: blockDim = " + std::to_string(block_dim) +
                                          " is out of range (expected 1 <= blockDim <= 65535)"};
  }
  if (device.vector_cores == 0 || device.ub_bytes == 0 || device.clock_ghz <= 0 ||
      (options.core_type == CoreType::kAic && device.cube_cores == 0) ||
      device.dma_gbps_per_core <= 0 || device.hbm_gbps <= 0) {
    return {ErrorCode::kInvalidParam, "Launch: device profile '" + device.name + "' is incomplete"};
  }
  return ResolveWallTimeout(options.wall_timeout_s, wall_seconds);
}

// The launch's statistics from its cores': pipe totals, the slowest core, the HBM bound, the
// device time and the trace.
void SummariseStats(const DeviceProfile& device, uint32_t block_dim, std::vector<double> core_ns,
                    const std::vector<std::array<PipeStats, kPipeCount>>& core_stats,
                    const std::vector<uint64_t>& elided_bytes,
                    const std::vector<std::vector<TraceEvent>>& core_trace, KernelStats& s) {
  s.block_dim = block_dim;
  s.core_ns = std::move(core_ns);
  for (const auto& per_core : core_stats) {
    for (int p = 0; p < kPipeCount; ++p) {
      s.pipes[p].busy_ns += per_core[p].busy_ns;
      s.pipes[p].bytes += per_core[p].bytes;
      s.pipes[p].instructions += per_core[p].instructions;
      s.pipes[p].l2_hit_bytes += per_core[p].l2_hit_bytes;
    }
  }
  for (const uint64_t bytes : elided_bytes) s.elided_copy_bytes += bytes;
  s.slowest_core_ns = *std::max_element(s.core_ns.begin(), s.core_ns.end());
  // FIX counts only the bytes Fixpipe writes to GM (cube_fixpipe.cc). Reads that hit the L2
  // (l2_cache.h) never reach HBM.
  const PipeStats& mte2 = s.pipes[static_cast<int>(Pipe::kMte2)];
  const uint64_t gm_bytes = mte2.bytes - mte2.l2_hit_bytes +
                            s.pipes[static_cast<int>(Pipe::kMte3)].bytes +
                            s.pipes[static_cast<int>(Pipe::kFix)].bytes;
  s.hbm_bound_ns = static_cast<double>(gm_bytes) / device.hbm_gbps;
  s.device_ns = device.launch_us * 1000.0 + std::max(s.slowest_core_ns, s.hbm_bound_ns);
  for (auto& events : core_trace) {
    s.trace.insert(s.trace.end(), events.begin(), events.end());
  }
}

// Core `c` of a launch of `block_dim` blocks, before its first block runs.
void SetUpCore(uint32_t c, uint32_t block_dim, const DeviceProfile& device,
               const LaunchOptions& options, LaunchState* state, Core* core) {
  core->core_idx = static_cast<int32_t>(c);
  core->block_num = static_cast<int32_t>(block_dim);
  core->device = &device;
  core->launch = state;
  core->checked = options.checked;
  core->auto_sync = options.auto_sync;
  core->tracing = options.trace;
  core->elide_copies = options.copy_elision && !options.checked;
  core->tiling_key = options.tiling_key;
  core->timeout_ns =
      options.timeout_ns > 0 ? options.timeout_ns : std::numeric_limits<double>::infinity();
  core->core_type = options.core_type;
  SetLocalMemories(*core, device);
  // Per execution context: a block parked in SyncAll keeps its UB while others run.
  core->ub = FiberScheduler::ThisThread().Ub(core->local_bytes, &core->fill);
  // Unchecked blocks write the storage without a record of where.
  if (!options.checked) core->fill->all_filled = false;
  core->ub_bytes = device.ub_bytes;
  InitCosts(*core, device);
}

}  // namespace

void SyncAllImpl(bool aiv_only) {
  Core& core = Cur();
  if (tls_mix != nullptr && tls_mix->run != nullptr) {
    // In a MIX block the AIV wait for each other first; the block then meets the others.
    if (aiv_only) {
      tls_mix->run->SyncAll(*tls_mix->member);
    } else {
      tls_mix->run->SyncAllCores(*tls_mix->member);
    }
    return;
  }
  const DeviceProfile& d = *core.device;
  if (!aiv_only && d.cube_cores > 0 && d.cube_cores < d.vector_cores) {
    RaiseFault(FaultKind::kDeadlock, "SyncAll",
               "SyncAll<false> in a launch that is not MIX: its AIC waits for AIV sets (or its "
               "AIV for the AIC's) that no core of this launch gives; the SyncAll page: a pure "
               "vector operator must use isAIVOnly = true, or the program hangs");
  }
  core.launch->SyncAll(core);
}

}  // namespace detail

namespace {

// How many host threads run a launch's cores: the option, else the machine's, at most one a core.
int HostThreads(const LaunchOptions& options, uint32_t cores) {
  // hardware_concurrency() reads sysfs on every call: several microseconds, once is enough.
  static const int kHardwareThreads = static_cast<int>(std::thread::hardware_concurrency());
  const int threads = options.host_threads > 0 ? options.host_threads : kHardwareThreads;
  return std::clamp(threads, 1, static_cast<int>(cores));
}

// `shape.mix`: a MIX launch on split cores (LaunchMix): AIV cores, one AIC per block.
LaunchResult LaunchImpl(const DeviceProfile& device, uint32_t block_dim, LaunchOptions options,
                        const std::function<void()>& kernel, const detail::LaunchShape& shape,
                        std::optional<detail::LaunchShape>* relaunch) {
  using namespace detail;
  const bool mix = shape.mix;
  options.core_type = shape.core_type;
  LaunchResult result;
  double wall_seconds = 0;
  if (Status st = CheckLaunch(device, block_dim, options, &wall_seconds); !st.ok()) {
    result.status = std::move(st);
    return result;
  }
  const uint32_t cores =
      std::min(block_dim, options.core_type == CoreType::kAic || mix ? device.cube_cores
                                                                     : device.vector_cores);
  // The cube's launches share the L2 (shared_l2.h); vector launches keep a share per slot: their
  // cores stream slices of their own, and the turns cost a fiber switch per GM access (2.5-5x the
  // host time of the Reduce bench: docs/PERFORMANCE.md, "Issue 30 (session 22)").
  const bool share_l2 = !mix && options.core_type == CoreType::kAic && device.l2_bytes > 0;
  // The turns serialise the slots (a slot's next access may start where its last ended, so the
  // one with the turn holds the others until its next access): a second host thread would only
  // add hand-offs between threads, 2-5x the wall time measured. The slots run as fibers of one.
  const int threads = share_l2 ? 1 : HostThreads(options, cores);
  LaunchState state(device, block_dim, cores, options);
  state.shape = shape;
  if (share_l2) state.ShareL2();
  const std::vector<GmRegion> blocks = GmRegistry::Get().Snapshot();
  ExtendToAllocations(blocks, &state.regions);
  state.regions.insert(state.regions.end(), blocks.begin(), blocks.end());
  // MIX: each AIC's GM for the tiles it hands to an AIV's Unified Buffer (a part of the system
  // workspace on the chip).
  std::vector<uint8_t> mix_scratch(mix ? size_t{cores} * device.l0c_bytes : 0);
  if (mix) {
    state.regions.push_back(
        {mix_scratch.data(), mix_scratch.size(), "system workspace (Matmul tiles for the AIV)"});
  }

  std::vector<double> core_ns(cores, 0.0);
  std::vector<std::array<PipeStats, kPipeCount>> core_stats(cores);
  std::vector<uint64_t> elided_bytes(cores, 0);
  std::vector<std::vector<TraceEvent>> core_trace(options.trace ? cores : 0);

  const std::function<void(uint32_t)> run_core = [&](uint32_t c) {
    Core core;
    AdoptStorage(core);
    SetUpCore(c, block_dim, device, options, &state, &core);
    core.trace = options.trace ? &core_trace[c] : nullptr;
    Core aic;
    std::vector<uint8_t> aic_memory;
    if (mix) SetUpMixPartner(core, device, CoreType::kAic, &aic, &aic_memory);
    tls_core = &core;
    g_coreType = core.core_type == CoreType::kAic ? AscendC::AIC : AscendC::AIV;
    core_ns[c] =
        RunBlocks(core, mix ? &aic : nullptr,
                  mix ? mix_scratch.data() + size_t{c} * device.l0c_bytes : nullptr, state, kernel);
    core_stats[c] = core.stats;
    elided_bytes[c] = core.elided_bytes;
    ReturnStorage(core);
    tls_core = nullptr;
  };
  // The caller's view is restored once the launch ends, not by each slot: slots parked as
  // fibers of one thread (SyncAll, the shared L2's turns) end in another order than they began.
  Core* const outer = tls_core;
  const int32_t outer_type = g_coreType;
  {
    const WatchScope watch(&state, wall_seconds);
    if (cores == 1) {
      run_core(0);
    } else {
      CorePool::Get().Run(cores, static_cast<uint32_t>(threads), run_core);
    }
  }
  tls_core = outer;
  g_coreType = outer_type;
  *relaunch = state.relaunch();
  if (*relaunch) return result;  // the kernel declared another type: nothing of this run counts

  std::optional<Fault> fault = state.EndLaunch(state.fault());
  result.warnings = state.TakeWarnings();
  if (fault) {
    result.status = {ErrorCode::kKernelFault, fault->ToString()};
    result.fault = std::move(fault);
  }

  SummariseStats(device, block_dim, std::move(core_ns), core_stats, elided_bytes, core_trace,
                 result.stats);
  return result;
}

// Runs the launch as `shape`, and again as the kernel's declared type when it differs
// (KERNEL_TASK_TYPE_DEFAULT, then KERNEL_TASK_TYPE for the tiling key: cross_core.h).
LaunchResult LaunchAs(const DeviceProfile& device, uint32_t block_dim, const LaunchOptions& options,
                      const std::function<void()>& kernel, detail::LaunchShape shape) {
  std::optional<detail::LaunchShape> relaunch;
  LaunchResult result = LaunchImpl(device, block_dim, options, kernel, shape, &relaunch);
  for (int run = 1; relaunch; ++run) {
    if (run == 3) {
      result.status = {
          ErrorCode::kKernelFault,
          "Launch: the kernel declares one type and then another "
          "(KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE must name one per tiling key)"};
      return result;
    }
    shape = *relaunch;
    shape.declared = true;
    result = LaunchImpl(device, block_dim, options, kernel, shape, &relaunch);
  }
  return result;
}

}  // namespace

LaunchResult Launch(const DeviceProfile& device, uint32_t block_dim, const LaunchOptions& options,
                    const std::function<void()>& kernel) {
  detail::LaunchShape shape;
  shape.core_type = options.core_type;
  return LaunchAs(device, block_dim, options, kernel, shape);
}

LaunchResult LaunchMix(const DeviceProfile& device, uint32_t block_dim, LaunchOptions options,
                       const std::function<void()>& kernel, MixShape mix_shape) {
  if (device.cube_cores == 0) {
    LaunchResult result;
    result.status = {ErrorCode::kInvalidParam,
                     "LaunchMix: device profile '" + device.name + "' has no cube cores"};
    return result;
  }
  if (mix_shape.aiv_per_block != 1 && mix_shape.aiv_per_block != 2) {
    LaunchResult result;
    result.status = {ErrorCode::kInvalidParam,
                     "LaunchMix: aiv_per_block = " + std::to_string(mix_shape.aiv_per_block) +
                         " (expected 1 or 2 AIV cores per AIC)"};
    return result;
  }
  detail::LaunchShape shape;
  // Where one AI core holds both units a MIX kernel is an ordinary launch of those cores.
  shape.mix = device.cube_cores < device.vector_cores;
  shape.mix_shape = mix_shape;
  return LaunchAs(device, block_dim, options, kernel, shape);
}

}  // namespace opsim::sim
