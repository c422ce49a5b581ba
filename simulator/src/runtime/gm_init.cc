#include "runtime/gm_init.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

// Past this many loads of unwritten GM per block, the oldest half is forgotten: a later use of
// them is then reported as a UB read, still a fault, with a less precise message.
constexpr size_t kMaxPoisonPerCore = 1024;

bool StartsUnwritten(const LaunchState& launch, int16_t region) {
  if (region < 0) return false;
  const GmRole role = launch.regions[static_cast<size_t>(region)].role;
  return role == GmRole::kOutput || role == GmRole::kWorkspace;
}

std::string InitHex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof(b), "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

const char* kUnwrittenRule =
    "which nothing wrote in this launch (outputs and workspace start unwritten; inputs count as "
    "written)";

}  // namespace

void MarkLoaded(Core& core, const GmRef& gm, const uint8_t* gm_lo, uint64_t bytes, uint8_t* row,
                uint64_t row_bytes, uint64_t data_off, const UbRef& dst, const char* instr) {
  LaunchState& launch = *core.launch;
  const auto lo = reinterpret_cast<uintptr_t>(gm_lo);
  const auto c = static_cast<uint32_t>(core.core_idx);
  if (!StartsUnwritten(launch, gm.region) ||
      launch.shadow().FirstUnwritten(c, RaceBlock(core), lo, lo + bytes).first == lo + bytes) {
    MarkWritten(core, row, row_bytes);
    return;
  }
  // A 32 B UB block counts as written when any of its bytes came from written GM: kernels load
  // aligned tiles around the bytes they mean to use.
  launch.shadow().ForWritten(c, RaceBlock(core), lo, lo + bytes, [&](uintptr_t a, uintptr_t b) {
    const uint64_t from = (data_off + (a - lo)) / 32 * 32;
    const uint64_t to = std::min<uint64_t>((data_off + (b - lo) + 31) / 32 * 32, row_bytes);
    MarkWritten(core, row + from, to - from);
  });
  std::vector<LaunchState::GmPoison>& poison = launch.Poison(core);
  if (!poison.empty() && poison.front().block != core.block_idx) poison.clear();
  if (poison.size() >= kMaxPoisonPerCore)
    poison.erase(poison.begin(), poison.begin() + kMaxPoisonPerCore / 2);
  const auto at = static_cast<uint32_t>(row - core.ub);
  poison.push_back({core.block_idx, dst.buf, dst.gen, at, static_cast<uint32_t>(at + row_bytes),
                    static_cast<uint32_t>(data_off), gm_lo, instr});
}

bool DeferIfLoadedUnwritten(const Core& core, int16_t buf, uint64_t hole_lo, uint64_t hole_hi,
                            uint64_t read_lo, uint64_t read_hi, const char* instr,
                            const char* operand) {
  LaunchState& launch = *core.launch;
  const std::vector<LaunchState::GmPoison>& poison = launch.Poison(core);
  const uint32_t gen = core.bufs[static_cast<size_t>(buf)].gen;
  for (auto it = poison.rbegin(); it != poison.rend(); ++it) {
    const LaunchState::GmPoison& p = *it;
    if (p.block != core.block_idx || p.buf != buf || p.gen != gen || hole_lo >= p.ub_hi ||
        hole_hi <= p.ub_lo) {
      continue;
    }
    // The GM bytes behind the hole, clamped to the row's data.
    const uint64_t data_lo = p.ub_lo + p.data_off;
    const uint64_t from = std::max(hole_lo, data_lo) - data_lo;
    const uint64_t to = std::max(std::min<uint64_t>(hole_hi, p.ub_hi), data_lo) - data_lo;
    launch.Defer(
        core, Fault{FaultKind::kUninitializedRead, core.block_idx, instr,
                    std::string(operand) + " reads UB [" + InitHex(read_lo) + ", " +
                        InitHex(read_hi) + ") whose bytes [" + InitHex(hole_lo) + ", " +
                        InitHex(hole_hi) + ") were loaded by " + p.instr + " from " +
                        launch.DescribeGm(p.gm_lo + from, std::max<uint64_t>(to - from, 1)) + ", " +
                        kUnwrittenRule});
    return true;
  }
  return false;
}

void CheckScalarGmRead(Core& core, const GmRef& gm, const uint8_t* lo, uint64_t bytes) {
  LaunchState& launch = *core.launch;
  if (!StartsUnwritten(launch, gm.region)) return;
  const auto a = reinterpret_cast<uintptr_t>(lo);
  const auto gap = launch.shadow().FirstUnwritten(static_cast<uint32_t>(core.core_idx),
                                                  RaceBlock(core), a, a + bytes);
  if (gap.first == gap.second) return;
  launch.Defer(core, Fault{FaultKind::kUninitializedRead, core.block_idx, "GlobalTensor::GetValue",
                           "reads " + launch.DescribeGm(lo, bytes) + ", " + kUnwrittenRule});
}

void CheckAtomicTarget(Core& core, const uint8_t* lo, uint64_t bytes, const char* instr) {
  LaunchState& launch = *core.launch;
  if (!StartsUnwritten(launch, launch.FindRegion(lo))) return;
  const auto a = reinterpret_cast<uintptr_t>(lo);
  const auto gap = launch.shadow().FirstUnwritten(static_cast<uint32_t>(core.core_idx),
                                                  RaceBlock(core), a, a + bytes);
  if (gap.first == gap.second) return;
  launch.Defer(core, Fault{FaultKind::kUninitializedRead, core.block_idx, instr,
                           "atomic accumulation onto " +
                               launch.DescribeGm(reinterpret_cast<const uint8_t*>(gap.first),
                                                 gap.second - gap.first) +
                               ", " + kUnwrittenRule +
                               ": the chip adds to whatever the memory held; initialise it first "
                               "(InitGlobalMemory, then SyncAll)"});
}

bool CheckCopyOut(Core& core, const UbRef& src, uint64_t off, uint64_t bytes, const uint8_t* gm,
                  const char* instr, double t) {
  const uint64_t at = static_cast<uint64_t>(src.ptr - core.ub) + off;
  const uint64_t end = at + bytes;
  const uint64_t hole = FindUbBit(core, at, end, false);
  if (hole == end) return false;  // all written: the caller logs the write
  // Accumulating garbage changes the GM bytes' value: no leniency there.
  bool whole_block_unwritten = core.atomic_op != 0;
  for (uint64_t blk = at / 32 * 32; blk < end && !whole_block_unwritten; blk += 32) {
    const uint64_t lo = std::max(blk, at);
    const uint64_t hi = std::min(blk + 32, end);
    whole_block_unwritten = FindUbBit(core, lo, hi, true) == hi;
  }
  if (whole_block_unwritten) {
    CheckWritten(core, src, off, bytes, instr, "src");  // faults, or defers a GM-origin one
    return false;
  }
  LaunchState& launch = *core.launch;
  for (uint64_t p = at; p < end;) {
    const bool written = FindUbBit(core, p, p + 1, true) == p;
    const uint64_t q = FindUbBit(core, p, end, !written);
    // The UB is in place (CheckUb materialised it): the written bytes' values are known.
    launch.LogGm(core, gm + (p - at), q - p, written ? GmUse::kWrite : GmUse::kGarbage, instr,
                 Pipe::kMte3, t, {written ? core.ub + p : nullptr});
    p = q;
  }
  launch.Warn(core, "partial_block_copy_out", instr, launch.FindRegion(gm), [&] {
    const uint64_t hole_end = FindUbBit(core, hole, end, true);
    return "src UB [" + InitHex(at) + ", " + InitHex(end) + ") copied to " +
           launch.DescribeGm(gm, bytes) + " holds bytes [" + InitHex(hole) + ", " +
           InitHex(hole_end) +
           ") nothing wrote: the chip copies whole 32 B blocks, so those GM bytes get whatever "
           "the UB held; they stay unwritten (a later read of them, or an output byte among "
           "them, is still reported)";
  });
  return true;
}

}  // namespace opsim::sim::detail
