// The current core and what every instruction asks of it: UB operand checks (bounds, live
// buffers, unwritten bytes), scalar UB/GM access, argument faults, barriers. TPipe, TQue and
// TBuf live in core_buffers.cc.
#include "opsim/sim/detail/core.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/vector.h"
#include "runtime/describe_buffer.h"
#include "runtime/gm_bounds.h"
#include "runtime/gm_init.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

// The first bit in [lo, hi) of `words` equal to `value`, or hi.
uint64_t FindBit(const uint64_t* words, uint64_t lo, uint64_t hi, bool value) {
  uint64_t b = lo;
  while (b < hi) {
    const uint64_t word = value ? words[b >> 6] : ~words[b >> 6];
    const uint64_t bits = word >> (b & 63);  // candidates at b and above in this word
    if (bits != 0) {
      const uint64_t found = b + static_cast<uint64_t>(__builtin_ctzll(bits));
      return found < hi ? found : hi;
    }
    b = (b | 63) + 1;  // next word
  }
  return hi;
}

}  // namespace

std::string Hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string DescribeBuffer(const Core& core, int16_t buf) {
  const BufferRecord& r = core.bufs[static_cast<size_t>(buf)];
  std::string owner = r.owner >= 0           ? "queue #" + std::to_string(r.owner)
                      : r.owner == kRawOwner ? "raw-address"
                                             : "TBuf";
  return owner + " buffer #" + std::to_string(buf) + " [" + LocalMemoryName(core, r.offset) + " " +
         Hex(LocalMemoryOffset(core, r.offset)) + ", " + std::to_string(r.bytes) + " B]";
}

thread_local Core* tls_core = nullptr;

Core* CurOrNull() { return tls_core; }

void Core::Trace(Pipe pipe, const char* name, double start, double cost_ns, uint64_t bytes) {
  trace->push_back({block_idx, pipe, name, start, cost_ns, bytes});
}

Core& Cur() {
  if (tls_core == nullptr) {
    RaiseFault(FaultKind::kNoLaunch, "kernel API",
               "called outside a kernel launch (run kernels through opsim::sim::Launch)");
  }
  return *tls_core;
}

// CheckUbInPlace's faults, out of line: every vector instruction checks each operand, and with
// the messages' strings inline the check saved and restored six registers and a 552 B frame on
// every call (a third of its host instructions; issue 29, session 25).
namespace {
[[noreturn, gnu::cold, gnu::noinline]] void RaiseNotLive(const UbRef& ref, const char* instr,
                                                         const char* operand) {
  if (ref.buf == kOtherCoreBuf) RaiseOtherCoreTensor(Cur(), ref, instr, operand);
  if (ref.buf < 0 && ref.ptr == nullptr) {
    // Ascend C's LocalTensor() leaves its address uninitialised: on the chip the operand lands
    // wherever the stack's bytes point, so no result can be trusted.
    RaiseFault(FaultKind::kUseAfterFree, instr,
               std::string(operand) +
                   " is a LocalTensor never taken from a queue or buffer (AllocTensor, DeQue, "
                   "TBuf::Get): Ascend C's default LocalTensor has an uninitialised address");
  }
  RaiseFault(FaultKind::kUseAfterFree, instr,
             std::string(operand) +
                 " is not a live Unified Buffer tensor (never allocated, or "
                 "its TPipe was destroyed)");
}
[[noreturn, gnu::cold, gnu::noinline]] void RaiseFreed(const Core& core, const UbRef& ref,
                                                       const char* instr, const char* operand) {
  RaiseFault(FaultKind::kUseAfterFree, instr,
             std::string(operand) + " uses " + DescribeBuffer(core, ref.buf) +
                 " after it was freed (FreeTensor or TPipe::Destroy)");
}
[[noreturn, gnu::cold, gnu::noinline]] void RaiseOutOfBounds(const Core& core, const UbRef& ref,
                                                             uint64_t bytes, const char* instr,
                                                             const char* operand) {
  // Addresses in the operand's own memory (UB, or the cube's L1/L0A/...).
  const auto abs = static_cast<uint64_t>(ref.ptr - core.ub);
  const uint64_t at = LocalMemoryOffset(core, abs);
  RaiseFault(FaultKind::kOutOfBoundsUb, instr,
             std::string(operand) + " accesses " + LocalMemoryName(core, abs) + " [" + Hex(at) +
                 ", " + Hex(at + bytes) + ") but the tensor ends at " + Hex(at + ref.bytes) + " (" +
                 DescribeBuffer(core, ref.buf) + ")");
}
// A static tensor's size is only its view of the memory: the chip runs an access past it but
// inside the memory as written (asc-devkit's mmad sample has its Mmad write 32 x 64 results into
// a CO1 tensor it declared 32 x 48), so that is a warning. A queue or TBuf tensor's end is its
// buffer's, which the TPipe may have given the next buffer: still a fault.
[[gnu::cold, gnu::noinline]] void CheckPastTheView(const Core& core, const UbRef& ref,
                                                   uint64_t bytes, const char* instr,
                                                   const char* operand) {
  const BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  const auto abs = static_cast<uint64_t>(ref.ptr - core.ub);
  if (r.owner != kRawOwner || abs + bytes > uint64_t{r.offset} + r.bytes) {
    RaiseOutOfBounds(core, ref, bytes, instr, operand);
  }
  core.launch->Warn(core, "local_tensor_overrun", instr, ref.buf, [&] {
    const uint64_t at = LocalMemoryOffset(core, abs);
    return std::string(operand) + " accesses " + LocalMemoryName(core, abs) + " [" + Hex(at) +
           ", " + Hex(at + bytes) + "), past the " + std::to_string(ref.bytes) +
           " B the static tensor declares but inside the memory; the chip does not check a "
           "LocalTensor's size";
  });
}
}  // namespace

void RaiseDeadUbOperand(const Core& core, const UbRef& ref, const char* instr,
                        const char* operand) {
  if (ref.buf < 0 || static_cast<size_t>(ref.buf) >= core.bufs.size()) {
    RaiseNotLive(ref, instr, operand);
  }
  RaiseFreed(core, ref, instr, operand);
}

void CheckUbPastTheView(const Core& core, const UbRef& ref, uint64_t bytes, const char* instr,
                        const char* operand) {
  CheckPastTheView(core, ref, bytes, instr, operand);
}

uint64_t FindUbBit(const Core& core, uint64_t lo, uint64_t hi, bool written) {
  return FindBit(core.ub_written.data(), lo, hi, written);
}

void CheckWritten(const Core& core, const UbRef& ref, uint64_t offset, uint64_t bytes,
                  const char* instr, const char* operand) {
  const uint64_t read_at = static_cast<uint64_t>(ref.ptr - core.ub) + offset;
  const uint64_t end = read_at + bytes;
  // The first clear bit in [read_at, end): whole words at a time.
  const uint64_t* words = core.ub_written.data();
  const uint64_t hole = FindBit(words, read_at, end, false);
  if (hole == end) return;
  const uint64_t lo = hole - read_at;
  const uint64_t hi = FindBit(words, hole, end, true) - read_at;
  if (DeferIfLoadedUnwritten(core, ref.buf, hole, read_at + hi, read_at, end, instr, operand)) {
    return;  // reported at the epoch's end, unless a race explains it
  }
  const BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  RaiseFault(FaultKind::kUninitializedRead, instr,
             std::string(operand) + " reads UB [" + Hex(read_at) + ", " + Hex(read_at + bytes) +
                 ") but bytes [" + std::to_string(read_at + lo - r.offset) + ", " +
                 std::to_string(read_at + hi - r.offset) + ") of " + DescribeBuffer(core, ref.buf) +
                 " were never written since it was " +
                 (r.owner >= 0 ? "allocated (AllocTensor)" : "created (InitBuffer)") +
                 (r.garbage_from ? std::string(", or hold what ") + r.garbage_from +
                                       " computed from such bytes"
                                 : std::string()) +
                 ": a copy-in too short, or a count in bytes where elements were meant?");
}

void CollectUnwrittenLanes(const Core& core, const UbRef& src, uint64_t bytes, uint64_t lanes,
                           bool lane_mask, const char* instr, UnwrittenLanes* out) {
  const uint64_t at = static_cast<uint64_t>(src.ptr - core.ub);
  const uint64_t end = at + bytes;
  const uint64_t eb = lane_mask ? 1 : bytes / lanes;
  const uint64_t per_byte = lane_mask ? 8 : 1;  // lanes per byte, or bytes per lane (eb)
  const uint64_t* words = core.ub_written.data();
  for (uint64_t lo = FindBit(words, at, end, false); lo < end;) {
    const uint64_t hi = FindBit(words, lo, end, true);
    // Loaded from GM nothing wrote: reported at this use, as before (the GM origin is the news).
    if (DeferIfLoadedUnwritten(core, src.buf, lo, hi, at, end, instr, "src")) return;
    out->ranges.emplace_back((lo - at) * per_byte / eb,
                             std::min(lanes, ((hi - at) * per_byte + eb - 1) / eb));
    lo = FindBit(words, hi, end, false);
  }
}

namespace {

// The lane ranges of `holes` sorted and merged (sources may overlap).
std::vector<std::pair<uint64_t, uint64_t>> MergedLanes(const UnwrittenLanes& holes) {
  std::vector<std::pair<uint64_t, uint64_t>> merged = holes.ranges;
  std::sort(merged.begin(), merged.end());
  size_t n = 0;
  for (const auto& range : merged) {
    if (n > 0 && range.first <= merged[n - 1].second) {
      merged[n - 1].second = std::max(merged[n - 1].second, range.second);
    } else {
      merged[n++] = range;
    }
  }
  merged.resize(n);
  return merged;
}

}  // namespace

void ClearUnwrittenLanes(Core& core, const UbRef& dst, uint64_t dst_bytes, uint64_t lanes,
                         bool lane_mask, const UnwrittenLanes& holes, const char* instr) {
  const auto at = static_cast<uint64_t>(dst.ptr - core.ub);
  if (lane_mask) {
    for (const auto& [lo, hi] : MergedLanes(holes)) {
      // Only the mask bytes whose eight lanes are all holes.
      const uint64_t first = (lo + 7) / 8;
      const uint64_t last = hi >= lanes ? (lanes + 7) / 8 : hi / 8;
      if (last > first) {
        ClearWritten(core, static_cast<uint32_t>(at + first), static_cast<uint32_t>(last - first));
      }
    }
  } else {
    const uint64_t eb = dst_bytes / lanes;
    for (const auto& [lo, hi] : holes.ranges) {
      ClearWritten(core, static_cast<uint32_t>(at + lo * eb),
                   static_cast<uint32_t>((std::min(hi, lanes) - lo) * eb));
    }
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(dst.buf)];
  if (r.garbage_from == nullptr) r.garbage_from = instr;
}

void RaiseTimeout(const char* name, double at_ns, double limit_ns) {
  RaiseFault(FaultKind::kTimeout, name,
             "the core has run " + std::to_string(at_ns / 1e6) +
                 " ms of simulated time, past the " + std::to_string(limit_ns / 1e6) +
                 " ms limit (LaunchOptions::timeout_ns; the chip's AI Core timeout would stop it): "
                 "a loop that never ends, or a tiling that asks for far more work than the "
                 "tensors hold?");
}

void HostWroteUb(const UbRef& ref) {
  Core& core = Cur();
  CheckUbInPlace(core, ref, ref.bytes, "host write", "tensor");
  // The host's bytes replace what a deferred copy would have written (one that also wrote
  // outside the view is performed, over them: a harness writes whole tensors).
  DropElidedCopies(core, ref.ptr, ref.ptr + ref.bytes);
  if (core.checked) MarkWritten(core, ref.ptr, ref.bytes);
}

void ScalarUbAccess(const UbRef& ref, uint64_t offset_bytes, uint32_t elem_bytes, bool write) {
  Core& core = Cur();
  const char* instr = write ? "LocalTensor::SetValue" : "LocalTensor::GetValue";
  CheckUb(core, ref, offset_bytes + elem_bytes, instr, "tensor");
  const double start =
      core.Issue(Pipe::kS, instr, core.scalar_ns, 0, AutoSyncStart(core, ref, Pipe::kS, write));
  if (!TracksPipes(core)) return;
  const double end = start + core.scalar_ns;
  UbRef element = ref;  // the one element accessed
  element.ptr += offset_bytes;
  element.bytes -= static_cast<uint32_t>(offset_bytes);
  if (write) {
    TrackWrite(core, element, Pipe::kS, start, end, instr, elem_bytes, elem_bytes);
  } else {
    TrackRead(core, element, Pipe::kS, start, end, instr, elem_bytes);
  }
}

void ScalarGmAccess(const GmRef& ref, uint64_t offset_bytes, uint32_t elem_bytes, ScalarGm how,
                    const void* stored) {
  Core& core = Cur();
  const bool write = how == ScalarGm::kSet || how == ScalarGm::kSetInt4;
  const char* instr = write                   ? "GlobalTensor::SetValue"
                      : how == ScalarGm::kGet ? "GlobalTensor::GetValue"
                                              : "GlobalTensor::operator()";
  CheckGmAccess(core, ref, offset_bytes, elem_bytes, instr, "element");
  const uint8_t* lo = ref.ptr + offset_bytes;
  const uint8_t* hi = lo + elem_bytes;
  // GlobalTensor::operator() hands out a reference, which may be written through.
  MaterializeGm(core, lo, hi);
  const double start =
      core.Issue(Pipe::kS, instr, core.scalar_ns, 0, GmSyncStart(core, Pipe::kS, lo, hi, write));
  if (TracksPipes(core))
    TrackGm(core, Pipe::kS, lo, hi, write, start, start + core.scalar_ns, instr);
  if (how == ScalarGm::kGet && core.checked) CheckScalarGmRead(core, ref, lo, elem_bytes);
  const GmUse use = write ? GmUse::kWrite : how == ScalarGm::kGet ? GmUse::kRead : GmUse::kRef;
  // An int4b_t store's record is apart (kInt4SetValue): its key is no byte another write's
  // values can be compared with.
  core.launch->LogGm(core, lo, elem_bytes, use, how == ScalarGm::kSetInt4 ? kInt4SetValue : instr,
                     Pipe::kS, start, {static_cast<const uint8_t*>(stored)});
  if (write) core.launch->NoteScalarWrite(core, lo, elem_bytes);
  if (how == ScalarGm::kGet) core.launch->NoteScalarRead(core, lo, elem_bytes);
}

void RaiseSubviewOutOfRange(uint64_t offset, uint64_t size, const char* what) {
  RaiseFault(FaultKind::kOutOfBoundsUb, what,
             "offset " + std::to_string(offset) + " is beyond the tensor's " +
                 std::to_string(size) + " elements");
}

void RaiseOddInt4Offset(uint64_t offset, const char* what) {
  RaiseFault(FaultKind::kInvalidArgument, what,
             "int4b_t element offset " + std::to_string(offset) +
                 " is odd: two int4b_t share a byte, and a view or address starts on a byte "
                 "(CANN: \"The offset for int4b_t GetPhyAddr should be an even num.\")");
}

void RaiseInt4Unmodelled(const char* instr, const char* what) {
  RaiseFault(FaultKind::kUnsupported, instr,
             std::string("int4b_t ") + what + " is not modelled (docs/ASCENDC.md \"int4b_t\")");
}

void RaiseBadCount(const char* instr, int64_t count, const char* rule) {
  RaiseFault(FaultKind::kInvalidArgument, instr,
             "argument " + std::to_string(count) + " is invalid: " + rule);
}

vec::Round ToRound(AscendC::RoundMode mode) {
  switch (mode) {
    case AscendC::RoundMode::CAST_NONE: return vec::Round::kNone;
    case AscendC::RoundMode::CAST_RINT: return vec::Round::kRint;
    case AscendC::RoundMode::CAST_FLOOR: return vec::Round::kFloor;
    case AscendC::RoundMode::CAST_CEIL: return vec::Round::kCeil;
    case AscendC::RoundMode::CAST_ROUND: return vec::Round::kRound;
    case AscendC::RoundMode::CAST_TRUNC: return vec::Round::kTrunc;
    case AscendC::RoundMode::CAST_ODD: return vec::Round::kOdd;
  }
  return vec::Round::kRint;
}

void BarrierPipes(int pipe) {
  Core& core = Cur();
  // The vector pipe is modelled without overlap, so PipeBarrier<PIPE_V> costs no time; it only
  // orders dependent vector instructions for the auto-sync-off check.
  if (pipe == AscendC::PIPE_V || pipe == AscendC::PIPE_ALL) ++core.v_barriers;
  // A barrier on a DMA pipe holds its next copy until the earlier ones' data landed
  // (dma_setup.h).
  for (const auto& [barrier, dma] :
       {std::pair{AscendC::PIPE_MTE2, Pipe::kMte2}, std::pair{AscendC::PIPE_MTE3, Pipe::kMte3},
        std::pair{AscendC::PIPE_FIX, Pipe::kFix}}) {
    if (pipe == barrier) core.clock[static_cast<int>(dma)] = core.DoneAt(dma);
  }
  // A Fixpipe waiting for a unit mark holds the FIX pipe, so the barrier would wait for ever.
  if (pipe == AscendC::PIPE_FIX || pipe == AscendC::PIPE_ALL) {
    RequireNoHeldFixpipe(core, "a PipeBarrier on PIPE_FIX or PIPE_ALL");
  }
  if (pipe != AscendC::PIPE_ALL) return;  // one pipe is in order with itself
  core.clock.fill(core.AllDone());
}

}  // namespace opsim::sim::detail
