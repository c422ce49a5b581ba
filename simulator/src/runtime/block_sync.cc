// IBSet/IBWait and InitDetermineComputeWorkspace/WaitPreBlock/NotifyNextBlock: the flags and
// UB contents CANN's dav_c220 implementation leaves, with the spin loop replaced by parking in
// the launch's barrier machinery (launch_flags.cc). docs/ASCENDC.md, "Cross-block flags".
#include <algorithm>
#include <cstring>
#include <string>

#include "opsim/sim/ascendc/block_sync.h"
#include "opsim/sim/ascendc/sync.h"
#include "runtime/dma_setup.h"
#include "runtime/gm_bounds.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kFlagBytes = 32;  // one flag per 32 B block, as CANN lays them out
constexpr int32_t kFlagElems = 8;

const char* SyncName(BlockSyncOp op) {
  switch (op) {
    case BlockSyncOp::kIBSet: return "IBSet";
    case BlockSyncOp::kIBWait: return "IBWait";
    case BlockSyncOp::kInitDetermine: return "InitDetermineComputeWorkspace";
    case BlockSyncOp::kWaitPre: return "WaitPreBlock";
    case BlockSyncOp::kNotifyNext: return "NotifyNextBlock";
  }
  return "?";
}

void RequireBytes(const char* instr, const char* what, uint64_t have, uint64_t need,
                  const std::string& rule) {
  if (have >= need) return;
  RaiseFault(FaultKind::kInvalidArgument, instr,
             std::string(what) + " holds " + std::to_string(have) + " B, below the " +
                 std::to_string(need) + " B " + rule);
}

int32_t LoadI32(const uint8_t* p) {
  int32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Moves `bytes` of flags GM -> UB on MTE2 no earlier than `not_before` (a waited write's
// landing); returns when they are in the UB.
double ReadFlags(Core& core, const char* instr, const uint8_t* gm, uint8_t* ub, uint32_t bytes,
                 double not_before) {
  const double transfer = DmaTransferNs(core, bytes);
  const double start = IssueDma(core, Pipe::kMte2, instr, transfer, bytes, not_before);
  std::memcpy(ub, gm, bytes);
  MarkWritten(core, ub, bytes);
  return start + DmaLatencyNs(core, transfer);
}

// The scalar check and update, then the UB -> GM write on MTE3; returns when it lands.
double WriteFlags(Core& core, const char* instr, uint8_t* gm, const uint8_t* ub, uint32_t bytes,
                  double ready) {
  const double s = core.Issue(Pipe::kS, instr, core.scalar_ns, 0, ready) + core.scalar_ns;
  const double transfer = DmaTransferNs(core, bytes);
  const double start = IssueDma(core, Pipe::kMte3, instr, transfer, bytes, s);
  std::memcpy(gm, ub, bytes);
  return start + DmaLatencyNs(core, transfer);
}

void PairSync(Core& core, BlockSyncOp op, const GmRef& gm, const UbRef& ub, int32_t block,
              int32_t event, int64_t n) {
  const char* instr = SyncName(op);
  if (block < 0 || block >= core.block_num) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "blockIdx " + std::to_string(block) + " is out of range [0, " +
                   std::to_string(core.block_num - 1) + "] (CANN: [0, 核数-1])");
  }
  if (event < 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "eventID " + std::to_string(event) +
                   " is negative (its flag would lie before "
                   "gmWorkspace)");
  }
  const uint64_t off = (static_cast<uint64_t>(n) * event + block) * kFlagBytes;
  RequireBytes(instr, "gmWorkspace", gm.bytes, off + kFlagBytes,
               "CANN requires: blocks * 32 B * eventID + blockIdx * 32 B + 32 B (blocks = " +
                   std::to_string(n) + ", eventID " + std::to_string(event) + ", blockIdx " +
                   std::to_string(block) + ")");
  RequireBytes(instr, "ubWorkspace", ub.bytes, kFlagBytes, "CANN requires");
  CheckGmAccess(core, gm, off, kFlagBytes, instr, "flag");
  const bool set = op == BlockSyncOp::kIBSet;
  const int32_t want = set ? 0 : 1;
  uint8_t* flag = gm.ptr + off;
  LaunchState& launch = *core.launch;
  std::unique_lock<std::mutex> flag_lock(launch.FlagMutex());
  const double first = core.AllDone();
  double landed = first;
  if (LoadI32(flag) != want) {
    const int32_t me = core.block_idx;
    const std::string where = launch.DescribeGm(flag, 4);
    landed = std::max(
        landed, launch.WaitFlagGm(
                    core, instr, flag_lock, [flag, want] { return LoadI32(flag) == want; },
                    [=] {
                      return "block " + std::to_string(me) + " waits in " + instr + " (eventID " +
                             std::to_string(event) + ", blockIdx " + std::to_string(block) +
                             ") for its flag " + where + " to be " + std::to_string(want) +
                             "; it holds " + std::to_string(LoadI32(flag));
                    }));
  }
  landed = launch.SawFlagGm(core, flag, kFlagBytes, landed);
  const double in_ub = ReadFlags(core, instr, flag, ub.ptr, kFlagBytes, landed);
  const int32_t next = set ? 1 : 0;
  std::memcpy(ub.ptr, &next, sizeof next);
  launch.WroteFlagGm(core, flag, kFlagBytes,
                     WriteFlags(core, instr, flag, ub.ptr, kFlagBytes, in_ub));
}

// WaitPreBlock's condition (CANN's CheckUBWorkspace): the slots before this block hold the
// round's count, the rest 0.
bool ChainReady(const uint8_t* gm, int64_t block, int64_t n, int32_t round) {
  for (int64_t b = 0; b < n; ++b) {
    if (LoadI32(gm + b * kFlagBytes) != (b < block ? round : 0)) return false;
  }
  return true;
}

void ChainSync(Core& core, BlockSyncOp op, const GmRef& gm, const UbRef& ub, int64_t n) {
  const char* instr = SyncName(op);
  const uint32_t bytes = static_cast<uint32_t>(n) * kFlagBytes;
  RequireBytes(instr, "gmWorkspace", gm.bytes, bytes,
               "CANN requires: GetBlockNum() * 32 B (" + std::to_string(n) + " blocks)");
  RequireBytes(instr, "ubWorkspace", ub.bytes, bytes + kFlagBytes,
               "CANN requires: GetBlockNum() * 32 B + 32 B (" + std::to_string(n) + " blocks)");
  CheckGmAccess(core, gm, 0, bytes, instr, "flags");
  LaunchState& launch = *core.launch;
  std::unique_lock<std::mutex> flag_lock(launch.FlagMutex());
  const double now = core.AllDone();
  uint8_t* round_at = ub.ptr + bytes;  // the block's round count, after the flags in its UB
  const int64_t me = core.block_idx;
  if (op == BlockSyncOp::kInitDetermine) {
    if (me == 0) {
      std::memset(ub.ptr, 0, bytes);
      MarkWritten(core, ub.ptr, bytes);
      launch.WroteFlagGm(core, gm.ptr, bytes, WriteFlags(core, instr, gm.ptr, ub.ptr, bytes, now));
    }
    const int32_t one = 1;
    std::memcpy(round_at, &one, sizeof one);
    MarkWritten(core, round_at, sizeof one);
    return;
  }
  const int32_t round = LoadI32(round_at);
  if (op == BlockSyncOp::kWaitPre) {
    double landed = now;
    uint8_t* flags = gm.ptr;
    if (!ChainReady(flags, me, n, round)) {
      const std::string where = launch.DescribeGm(flags, bytes);
      landed = std::max(
          landed, launch.WaitFlagGm(
                      core, instr, flag_lock, [=] { return ChainReady(flags, me, n, round); },
                      [=] {
                        std::string held;
                        for (int64_t b = 0; b < n; ++b) {
                          if (b > 0) held += ' ';
                          held += std::to_string(LoadI32(flags + b * kFlagBytes));
                        }
                        const std::string want =
                            me == 0 ? "0 for every block"
                                    : std::to_string(round) + " for blocks 0-" +
                                          std::to_string(me - 1) + " and 0 for the rest";
                        return "block " + std::to_string(me) + " waits in WaitPreBlock (round " +
                               std::to_string(round) + ") for the flags " + where + " to be " +
                               want + "; they hold " + held;
                      }));
    }
    ReadFlags(core, instr, flags, ub.ptr, bytes, launch.SawFlagGm(core, flags, bytes, landed));
    return;
  }
  // NotifyNextBlock: the last block clears every flag for the next round.
  const bool last = me + 1 == n;
  uint8_t* from = last ? ub.ptr : ub.ptr + me * kFlagBytes;
  for (int32_t i = 0; i < (last ? n : 1) * kFlagElems; ++i) {
    const int32_t v = last ? 0 : round;
    std::memcpy(from + i * 4, &v, 4);
  }
  const uint32_t out = last ? bytes : kFlagBytes;
  MarkWritten(core, from, out);
  uint8_t* to = gm.ptr + (from - ub.ptr);
  launch.WroteFlagGm(core, to, out, WriteFlags(core, instr, to, from, out, now));
  const int32_t next = round + 1;
  std::memcpy(round_at, &next, sizeof next);
}

}  // namespace

void BlockSyncImpl(BlockSyncOp op, const GmRef& gm, const UbRef& ub, int32_t blockIdx,
                   int32_t eventID, bool aiv_only) {
  Core& core = Cur();
  const char* instr = SyncName(op);
  if (core.core_type == CoreType::kAic) return;  // CANN's code acts on the AIV only
  LaunchState& launch = *core.launch;
  if (launch.shape.mix) {
    RaiseFault(FaultKind::kUnsupported, instr, "not simulated in a MIX launch yet");
  }
  if (launch.block_dim > launch.cores) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "blockDim " + std::to_string(launch.block_dim) + " exceeds the " +
                   std::to_string(launch.cores) + " cores of " + launch.device.name +
                   ": CANN's page requires numBlocks <= the cores, else the kernel hangs");
  }
  if (gm.ptr == nullptr) RaiseFault(FaultKind::kInvalidArgument, instr, "gmWorkspace is null");
  if (ub.ptr == nullptr) RaiseFault(FaultKind::kInvalidArgument, instr, "ubWorkspace is null");
  BarrierPipes(AscendC::PIPE_ALL);
  const int64_t n = core.block_num * (aiv_only ? 1 : 2);
  if (op == BlockSyncOp::kIBSet || op == BlockSyncOp::kIBWait) {
    PairSync(core, op, gm, ub, blockIdx, eventID, n);
  } else {
    ChainSync(core, op, gm, ub, core.block_num);
  }
  BarrierPipes(AscendC::PIPE_ALL);
  launch.SealGmLog(core);
}

}  // namespace opsim::sim::detail
