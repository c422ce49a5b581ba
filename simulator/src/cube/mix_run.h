// A MIX block on split cores (the 910B): its AIC and AIV cores run concurrently, taking turns on
// one host thread where one waits for another (CrossCoreWaitFlag, SyncAll), and the cross-core
// flags between them (docs/CUBE.md, "MIX kernels").
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cube/cube_matmul_detail.h"
#include "opsim/sim/launch_mix.h"
#include "runtime/fiber.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

// Flag ids of CrossCoreSetFlag: a 4-bit field.
inline constexpr int kCrossCoreFlags = 16;
// How many sets a flag's counter holds before a wait takes one (CrossCoreSetFlag's limit).
inline constexpr size_t kCrossCoreCounterMax = 16;

// One set of a cross-core flag on its way to a waiter: when it passes, who set it, the mode.
struct CrossCoreToken {
  double t;
  int8_t from;  // member index
  uint8_t mode;
};

// One core of a MIX block.
struct MixMember {
  enum class State : uint8_t { kReady, kWaitFlag, kWaitSyncAll, kWaitGm, kDone };
  Core* core = nullptr;
  bool aic = false;
  int32_t sub = 0;  // the AIV's sub-block; 0 on the AIC
  State state = State::kReady;
  bool started = false;
  bool ok = true;
  bool abort = false;  // resumed only to unwind: the block stopped
  uint16_t wait_flag = 0;
  uint8_t wait_mode = 0;
  bool in_sync_all = false;  // its flag waits are SyncAll<false>'s
  int32_t objects_seen = 0;  // Matmul objects this AIV registered (cube_matmul.cc)
  // The AIC L1 this AIV's TSCM queues took (cube_mix.cc), released with the AIV's TPipe.
  struct TscmCarve {
    uint32_t epoch;                // the AIV's TPipe (PipeBegin's count) that carved it
    uint32_t first_buf, end_buf;   // the AIC's buffer records
    uint32_t l1_before, l1_after;  // the AIC's L1 use around it
  };
  std::vector<TscmCarve> tscm;
  // kWaitGm: what it waits for in GM (read under FlagMutex) and how a deadlock names it.
  const char* gm_api = nullptr;
  std::function<bool()> gm_ready;
  std::function<std::string()> gm_describe;
  BlockGuard* guard = nullptr;  // its kernel guard while switched away
  ExecContext exec;
  // Per flag id: the sets this core may take, and its own mode 1/2 sets still waiting for the
  // other AIV's (a pair counts once).
  std::array<std::deque<CrossCoreToken>, kCrossCoreFlags> counter;
  std::array<std::deque<CrossCoreToken>, kCrossCoreFlags> unpaired1;
  std::array<std::deque<CrossCoreToken>, kCrossCoreFlags> unpaired2;
};

// CrossCoreSetFlag mode 0 (cross_core.cc): the cores of one type in the launch, each a counter
// per flag id that gains one once every one of them has set the flag. Under FlagMutex.
struct Mode0Core {
  int group;           // 0: the launch's AIV, 1: its AIC
  uint32_t index;      // the core among them
  uint32_t count;      // how many there are
  int32_t race_block;  // the block its GM accesses log as
};
Mode0Core Mode0Identity(const Core& core);
// Whether `who`'s counter for `flag` holds a mode 0 set.
bool Mode0Available(const LaunchState& launch, const Mode0Core& who, uint16_t flag);
// Takes one from it; returns when the round's last set landed. `now`: when the core goes on.
double Mode0Take(LaunchState& launch, const Mode0Core& who, uint16_t flag, double now);
// "waits ... (not yet set by: AIV 3, AIV 5)": who the wait still needs.
std::string Mode0Missing(const LaunchState& launch, const Mode0Core& who, uint16_t flag);

class MixRun {
 public:
  // run_once(core): runs the kernel once on core's current block (false: it faulted, recorded).
  // reset(core, block, t): the core's state at a block's start.
  MixRun(LaunchState& state, MixShape shape, std::function<bool(Core&)> run_once,
         std::function<void(Core&, int32_t, double)> reset);

  // Block b from time t on `aivs` (shape.aiv_per_block cores) and `aic`; *end: when its last
  // pipe finished. False when a core faulted (recorded). `mix` holds what the Matmul's AIC side
  // shares (slots, scratch).
  bool RunBlock(const std::vector<Core*>& aivs, Core& aic, MixBlock& mix, int32_t b, double t,
                double* end);

  // The kernel's side, on the running member.
  void Set(MixMember& self, uint8_t mode, Pipe pipe, uint16_t flag);
  void Wait(MixMember& self, uint8_t mode, uint16_t flag);
  void SyncAll(MixMember& self);
  // SyncAll<false>: every core of the launch, AIC included, by CANN's flags 11-13.
  void SyncAllCores(MixMember& self);
  // Until ready() (read under FlagMutex) holds after another core's GM write: the block's other
  // cores run meanwhile, and the block parks when none can (cube groups, cube_group.cc).
  void WaitGm(MixMember& self, const char* api, std::function<bool()> ready,
              std::function<std::string()> describe);
  bool AicRunsKernel() const { return shape_.aic_runs_kernel; }
  std::string Name(const MixMember& m) const;

 private:
  static void Entry();
  void MemberMain(MixMember& m);
  void Resume(MixMember& m);
  void Yield(MixMember& m);
  MixMember* PickReady();
  bool AivsInSyncAll() const;
  void BlockSyncAll(int32_t b);
  void ReportDeadlock(int32_t b);
  bool WaitsForMode0() const;
  bool WakeGmWaiters();
  void ParkForMode0(int32_t b);
  void CheckFlagsAtBlockEnd();
  void Deliver(int to, CrossCoreToken token, uint16_t flag);
  std::string Describe(const MixMember& m) const;

  LaunchState& state_;
  MixShape shape_;
  std::function<bool(Core&)> run_once_;
  std::function<void(Core&, int32_t, double)> reset_;
  std::vector<std::unique_ptr<MixMember>> members_;  // the AIV, then the AIC
  MixBlock* mix_ = nullptr;
  ExecContext home_;
  size_t next_ = 0;  // where PickReady starts: the members take turns
  bool stopped_ = false;
  int32_t block_ = 0;
};

}  // namespace opsim::sim::detail
