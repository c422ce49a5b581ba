// unitFlag between Mmad and Fixpipe (unit_flag.h; docs/CUBE.md, "unitFlag").
#include "cube/unit_flag.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>

#include "cube/cube_buffers.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

// The running core's marks, reset when it starts another block; kept by its launch per slot
// (a slot's cores run on one host thread at a time), or per core outside a launch.
L0cUnitFlags& FlagsOf(const Core& core) {
  L0cUnitFlags* flags = nullptr;
  LaunchState* launch = core.launch;
  if (launch != nullptr && core.core_idx >= 0 &&
      static_cast<size_t>(core.core_idx) < launch->unit_flags.size()) {
    auto& slot = launch->unit_flags[static_cast<size_t>(core.core_idx)];
    for (auto& [owner, f] : slot) {
      if (owner == &core) flags = &f;
    }
    if (flags == nullptr) flags = &slot.emplace_back(&core, L0cUnitFlags{}).second;
  } else {
    // No thread_local here: the library is dlopen'ed, where static TLS is scarce.
    static std::mutex mu;
    static std::map<const Core*, L0cUnitFlags> outside;
    const std::lock_guard<std::mutex> lock(mu);
    flags = &outside[&core];
  }
  const size_t units = core.cube_bytes[static_cast<size_t>(CubeMem::kL0C)] / kL0cUnitBytes;
  if (flags->block != core.block_idx || flags->marked.size() != units) {
    flags->block = core.block_idx;
    flags->marked.assign(units, 0);
    flags->ready.assign(units, 0.0);
    flags->freed.assign(units, 0.0);
    flags->fixpipe = FixpipeRegs{};
    flags->load3d = Load3dRegs{};
    flags->held.clear();
    flags->releasing = false;
  }
  return *flags;
}

// The running core's marks when its current block has any (a launch's, never created here: the
// block-end check runs for every block of every kernel).
const L0cUnitFlags* FindFlags(const Core& core) {
  LaunchState* launch = core.launch;
  if (launch == nullptr || core.core_idx < 0 ||
      static_cast<size_t>(core.core_idx) >= launch->unit_flags.size()) {
    return nullptr;
  }
  for (const auto& [owner, f] : launch->unit_flags[static_cast<size_t>(core.core_idx)]) {
    if (owner == &core && f.block == core.block_idx) return &f;
  }
  return nullptr;
}

std::string UnitName(const Core& core, uint32_t unit) {
  return "L0C unit " + std::to_string(unit) + " (bytes [" + std::to_string(unit * kL0cUnitBytes) +
         ", " + std::to_string((unit + 1) * kL0cUnitBytes) + ") of " + core.device->name + "'s " +
         std::to_string(core.cube_bytes[static_cast<size_t>(CubeMem::kL0C)]) + " B L0C)";
}

uint32_t FirstUnit(const Core& core, uint64_t l0c_offset, uint32_t count, const char* instr) {
  const auto units = static_cast<uint64_t>(FlagsOf(core).marked.size());
  const uint64_t first = l0c_offset / kL0cUnitBytes;
  if (first + count > units) {
    RaiseFault(FaultKind::kOutOfBoundsUb, instr,
               "unitFlag units [" + std::to_string(first) + ", " + std::to_string(first + count) +
                   ") run past L0C's " + std::to_string(units) + " units");
  }
  return static_cast<uint32_t>(first);
}

}  // namespace

FixpipeRegs& FixpipeRegsOf(const Core& core) { return FlagsOf(core).fixpipe; }
Load3dRegs& Load3dRegsOf(const Core& core) { return FlagsOf(core).load3d; }

void CheckUnitFlag(const Core& core, uint8_t flag, const char* instr) {
  if (flag != 0 && flag != 2 && flag != 3) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "unitFlag = " + std::to_string(flag) +
                   " (expected 0: off, 2: check the unit marks, 3: check and then set (Mmad) or "
                   "clear (Fixpipe) them; 1 is reserved)");
  }
  if (flag != 0 && !IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               core.device->name + " (" + core.device->architecture +
                   ") has no unitFlag (Atlas A2/A3 only): set it to 0 and order Mmad and Fixpipe "
                   "with M_FIX/FIX_M flags");
  }
}

double MmadUnitStart(Core& core, uint64_t l0c_offset, uint32_t count, double cost_ns,
                     const char* instr) {
  L0cUnitFlags& f = FlagsOf(core);
  const uint32_t first = FirstUnit(core, l0c_offset, count, instr);
  double start = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t u = first + i;
    if (f.marked[u] != 0) {
      RaiseFault(FaultKind::kDeadlock, instr,
                 "Mmad with unitFlag writes " + UnitName(core, u) +
                     ", which a Mmad with unitFlag 3 marked for the Fixpipe and no Fixpipe with "
                     "unitFlag 3 has read out since: the Mmad would wait for that mark to clear "
                     "for ever (a Fixpipe with unitFlag 0 or 2 does not clear it)");
    }
    start = std::max(start, f.freed[u] - cost_ns * i / count);
  }
  return start;
}

void MmadUnitsDone(Core& core, uint64_t l0c_offset, uint32_t count, double start, double cost_ns,
                   uint8_t flag) {
  if (flag != 3) return;
  L0cUnitFlags& f = FlagsOf(core);
  const auto first = static_cast<uint32_t>(l0c_offset / kL0cUnitBytes);
  for (uint32_t i = 0; i < count; ++i) {
    f.marked[first + i] = 1;
    f.ready[first + i] = start + cost_ns * (i + 1) / count;
  }
}

MmadIssue IssueMmad(Core& core, const UbRef& dst, uint64_t l0c_offset, uint32_t units,
                    double cost_ns, uint8_t flag, const char* instr) {
  const double not_before = flag != 0 ? MmadUnitStart(core, l0c_offset, units, cost_ns, instr) : 0;
  const double start = core.Issue(Pipe::kM, instr, cost_ns, 0, not_before);
  MmadUnitsDone(core, l0c_offset, units, start, cost_ns, flag);
  const bool ordered = flag != 0 && TracksPipes(core);
  return {start, ordered ? UnitOrderedStart(core, dst, Pipe::kM, start) : start};
}

double FixpipeUnitStart(Core& core, const std::vector<uint32_t>& units, double transfer_ns,
                        const char* instr) {
  L0cUnitFlags& f = FlagsOf(core);
  double begin = 0;
  const auto n = static_cast<double>(units.size());
  for (size_t i = 0; i < units.size(); ++i) {
    const uint32_t u = units[i];
    if (u >= f.marked.size()) {
      RaiseFault(FaultKind::kOutOfBoundsUb, instr,
                 "unitFlag unit " + std::to_string(u) + " is past L0C's " +
                     std::to_string(f.marked.size()) + " units");
    }
    if (f.marked[u] == 0) {
      RaiseFault(FaultKind::kDeadlock, instr,
                 "Fixpipe with unitFlag reads " + UnitName(core, u) +
                     ", which no Mmad with unitFlag 3 has marked since it was last read out: "
                     "the Fixpipe would wait for that mark for ever (the last Mmad into the "
                     "tile must set unitFlag 3)");
    }
    begin = std::max(begin, f.ready[u] - transfer_ns * static_cast<double>(i) / n);
  }
  return begin;
}

void FixpipeUnitsDone(Core& core, const std::vector<uint32_t>& units, double begin,
                      double transfer_ns, uint8_t flag) {
  if (flag != 3) return;
  L0cUnitFlags& f = FlagsOf(core);
  const auto n = static_cast<double>(units.size());
  for (size_t i = 0; i < units.size(); ++i) {
    f.marked[units[i]] = 0;
    f.freed[units[i]] = begin + transfer_ns * static_cast<double>(i + 1) / n;
  }
}

bool FixpipeMustWait(const Core& core, const std::vector<uint32_t>& units) {
  if (units.empty()) {  // no unitFlag: it waits only behind a held one (none unless flags exist)
    const L0cUnitFlags* found = FindFlags(core);
    return found != nullptr && !found->releasing && !found->held.empty();
  }
  const L0cUnitFlags& f = FlagsOf(core);
  if (f.releasing) return false;
  if (!f.held.empty()) return true;
  for (const uint32_t u : units) {
    if (u < f.marked.size() && f.marked[u] == 0) return true;
  }
  return false;
}

void HoldFixpipe(Core& core, std::vector<uint32_t> units, std::function<void()> run,
                 const char* instr) {
  FlagsOf(core).held.push_back(HeldFixpipe{std::move(units), std::move(run), instr});
}

void ReleaseHeldFixpipes(Core& core) {
  L0cUnitFlags& f = FlagsOf(core);
  while (!f.held.empty() && !f.releasing) {
    const HeldFixpipe& next = f.held.front();
    for (const uint32_t u : next.units) {
      if (f.marked[u] == 0) return;
    }
    const std::function<void()> run = next.run;
    f.held.pop_front();
    f.releasing = true;
    try {
      run();
    } catch (...) {
      f.releasing = false;
      throw;
    }
    f.releasing = false;
  }
}

void RequireNoHeldFixpipe(Core& core, const char* what) {
  const L0cUnitFlags* found = FindFlags(core);
  if ((found == nullptr || found->held.empty()) && core.launch != nullptr) return;
  L0cUnitFlags& f = FlagsOf(core);
  if (f.held.empty()) return;
  const HeldFixpipe& first = f.held.front();
  uint32_t unit = 0;
  for (const uint32_t u : first.units) {
    if (f.marked[u] == 0) {
      unit = u;
      break;
    }
  }
  const std::string instr = first.instr;
  f.held.clear();
  RaiseFault(FaultKind::kDeadlock, instr.c_str(),
             "Fixpipe with unitFlag reads " + UnitName(core, unit) +
                 ", which no Mmad with unitFlag 3 has marked since it was last read out, and " +
                 what +
                 " came first: the Fixpipe would wait for that mark for ever (the last Mmad into "
                 "the tile must set unitFlag 3)");
}

void DropUnitMarks(const UbRef& ref) {
  const Core& core = Cur();
  L0cUnitFlags& f = FlagsOf(core);
  const uint64_t offset =
      static_cast<uint64_t>(ref.ptr - core.ub) - core.cube_base[static_cast<size_t>(CubeMem::kL0C)];
  const uint64_t first = offset / kL0cUnitBytes;
  const uint64_t last =
      std::min<uint64_t>((offset + ref.bytes + kL0cUnitBytes - 1) / kL0cUnitBytes, f.marked.size());
  for (uint64_t u = first; u < last; ++u) f.marked[u] = 0;
}

void ClearAllUnitMarks(const Core& core) {
  L0cUnitFlags& f = FlagsOf(core);
  std::fill(f.marked.begin(), f.marked.end(), 0);
}

double UnitOrderedStart(const Core& core, const UbRef& ref, Pipe pipe, double start) {
  const bool fixpipe = pipe == Pipe::kFix;
  const int other = static_cast<int>(fixpipe ? Pipe::kM : Pipe::kFix);
  const PipeAccessRing& accesses = core.bufs[static_cast<size_t>(ref.buf)].accesses;
  for (uint32_t i = 0; i < accesses.size(); ++i) {
    const PipeAccess& a = accesses[i];
    if (a.pipe == other && a.write == fixpipe) start = std::max(start, a.end);
  }
  return start;
}

}  // namespace opsim::sim::detail
