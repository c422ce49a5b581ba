// DMA between GM and the Unified Buffer (MTE2 in, MTE3 out), with the chip's alignment rules.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "cube/cube_matmul_detail.h"
#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/atomic.h"
#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/dma_setup.h"
#include "runtime/extra_registers.h"
#include "runtime/gm_atomic.h"
#include "runtime/gm_bounds.h"
#include "runtime/gm_init.h"
#include "runtime/l2_cache.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
// Blocks run on several host threads; atomic GM updates from all of them serialise here.
void AtomicCombine(Core& core, uint8_t* gm, const uint8_t* values, uint64_t bytes,
                   const char* instr, Pipe pipe, double t) {
  static std::mutex mutex;
  const size_t elem = DTypeSize(core.atomic_dtype);
  if (bytes % elem != 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "atomic copy of " + std::to_string(bytes) + " B is not a whole number of " +
                   std::string(DTypeName(core.atomic_dtype)) + " elements");
  }
  const vec::BinaryOp op = core.atomic_op == 1   ? vec::BinaryOp::kAdd
                           : core.atomic_op == 2 ? vec::BinaryOp::kMax
                                                 : vec::BinaryOp::kMin;
  if (core.checked) CheckAtomicTarget(core, gm, bytes, instr);
  core.launch->LogGm(core, gm, bytes, GmUse::kAtomic, instr, pipe, t);
  std::lock_guard<std::mutex> lock(mutex);
  vec::Binary(op, core.atomic_dtype, gm, gm, values, bytes / elem);
}

namespace {

uint64_t UbAddr(const Core& core, const UbRef& ref) {
  return static_cast<uint64_t>(ref.ptr - core.ub);
}

void CheckUbAligned(const Core& core, const UbRef& ref, const char* instr, const char* operand) {
  const uint32_t align = core.device->copy_align_bytes;
  if (UbAddr(core, ref) % align != 0) {
    RaiseFault(
        FaultKind::kMisalignedCopy, instr,
        std::string(operand) + " UB address 0x" +
            [&] {
              char b[24];
              std::snprintf(b, sizeof(b), "%llx",
                            static_cast<unsigned long long>(UbAddr(core, ref)));
              return std::string(b);
            }() +
            " is not " + std::to_string(align) + " B aligned");
  }
}

uint64_t Span(uint32_t count, uint64_t block, uint64_t gap) {
  return count == 0 ? 0 : count * block + (count - 1) * gap;
}

uint64_t Align32(uint64_t v) { return (v + 31) / 32 * 32; }

// A UB -> GM block: plain copy, or the atomic combine in force, issued at `t` on MTE3. Checked
// mode logs it for the race and initialisation checks; blocks may accumulate into the same bytes.
void WriteOut(Core& core, uint8_t* gm, const uint8_t* ub, uint64_t bytes, const char* instr,
              double t, bool logged = false) {
  if (core.atomic_op == 0) {
    std::memmove(gm, ub, bytes);
    if (!logged) core.launch->LogGm(core, gm, bytes, GmUse::kWrite, instr, Pipe::kMte3, t, {ub});
    return;
  }
  AtomicCombine(core, gm, ub, bytes, instr, Pipe::kMte3, t);
}

// One CopyBlocks call: `blocks` blocks of `block_bytes`, gaps after each on either side.
struct BlockCopy {
  CopyDir dir;
  const UbRef* ub_dst;
  const UbRef* ub_src;
  const GmRef* gm;
  uint32_t blocks;
  uint64_t block_bytes;
  uint64_t src_gap;
  uint64_t dst_gap;
  const char* instr;
  uint8_t* dst = nullptr;
  const uint8_t* src = nullptr;
  Pipe pipe = Pipe::kV;
  uint64_t src_span = 0;
  uint64_t dst_span = 0;

  uint64_t SrcAt(uint32_t i) const { return i * (block_bytes + src_gap); }
  uint64_t DstAt(uint32_t i) const { return i * (block_bytes + dst_gap); }
};

// A copy of nothing: CANN's checks take blockCount and blockLen from 0 and report 0 as "makes
// the copy equivalent to a NOP" (ReportNopWarning), and the chip moves nothing; a warning, so a
// kernel whose tail copy is empty runs as on the chip. Returns whether there is anything to copy.
bool WarnIfEmpty(const Core& core, uint32_t blocks, uint64_t block_bytes, const char* instr) {
  if (blocks != 0 && block_bytes != 0) return true;
  core.launch->Warn(core, "empty_copy", instr, -1, [&] {
    return std::string(instr) + " with blockCount " + std::to_string(blocks) + " and blockLen " +
           std::to_string(block_bytes) + " B copies nothing (CANN: equivalent to a NOP)";
  });
  return false;
}

// Faults for a length the chip would silently truncate.
void CheckCopyLength(const Core& core, const BlockCopy& c) {
  const uint32_t align = core.device->copy_align_bytes;
  if (c.block_bytes % align != 0) {
    RaiseFault(FaultKind::kMisalignedCopy, c.instr,
               "length " + std::to_string(c.block_bytes) + " B is not a multiple of " +
                   std::to_string(align) + " B (the chip would silently copy only " +
                   std::to_string(c.block_bytes / align * align) +
                   " B); use DataCopyPad or pad the length");
  }
}

// Checks both ends for the direction and sets dst, src and the pipe that moves the bytes.
void ResolveEnds(Core& core, BlockCopy& c) {
  switch (c.dir) {
    case CopyDir::kGmToUb:
      CheckUbAligned(core, *c.ub_dst, c.instr, "dst");
      CheckUbInPlace(core, *c.ub_dst, c.dst_span, c.instr, "dst");  // DeferCopyIn orders writes
      CheckGmAccess(core, *c.gm, 0, c.src_span, c.instr, "src");
      c.dst = c.ub_dst->ptr;
      c.src = c.gm->ptr;
      c.pipe = Pipe::kMte2;
      break;
    case CopyDir::kUbToGm:
      CheckUbAligned(core, *c.ub_src, c.instr, "src");
      CheckUb(core, *c.ub_src, c.src_span, c.instr, "src");
      CheckGmAccess(core, *c.gm, 0, c.dst_span, c.instr, "dst");
      c.dst = c.gm->ptr;
      c.src = c.ub_src->ptr;
      c.pipe = Pipe::kMte3;
      break;
    case CopyDir::kUbToUb:
      CheckUbAligned(core, *c.ub_dst, c.instr, "dst");
      CheckUbAligned(core, *c.ub_src, c.instr, "src");
      CheckUb(core, *c.ub_dst, c.dst_span, c.instr, "dst");
      CheckUb(core, *c.ub_src, c.src_span, c.instr, "src");
      c.dst = c.ub_dst->ptr;
      c.src = c.ub_src->ptr;
      break;
  }
}

// Checked mode: the source's blocks must be written; a copy-out's partly written bursts are
// logged by CheckCopyOut, and their indices go to `partial`.
// Checked mode: the source blocks are read. A copy within the UB (the V pipe's) moves whatever
// the UB holds, as an elementwise instruction does: unwritten source bytes make unwritten
// destination bytes (`carried`, as offsets into the copy's blocks laid end to end), whose use
// faults (docs/CHECKS.md, "What counts as written"). Out to GM, a block must hold written bytes.
void CheckUbBlocksSrc(Core& core, const BlockCopy& c, double start, std::vector<uint32_t>* partial,
                      UnwrittenLanes* carried) {
  for (uint32_t i = 0; i < c.blocks; ++i) {
    if (c.dir == CopyDir::kUbToUb) {
      UbRef block = *c.ub_src;
      block.ptr += c.SrcAt(i);
      block.bytes -= static_cast<uint32_t>(c.SrcAt(i));
      UnwrittenLanes holes;
      CollectUnwrittenLanes(core, block, c.block_bytes, c.block_bytes, false, c.instr, &holes);
      const uint64_t at = static_cast<uint64_t>(i) * c.block_bytes;
      for (const auto& [lo, hi] : holes.ranges) carried->ranges.emplace_back(at + lo, at + hi);
    } else if (c.dir != CopyDir::kUbToGm) {
      CheckWritten(core, *c.ub_src, c.SrcAt(i), c.block_bytes, c.instr, "src");
    } else if (CheckCopyOut(core, *c.ub_src, c.SrcAt(i), c.block_bytes, c.dst + c.DstAt(i), c.instr,
                            start)) {
      partial->push_back(i);
    }
  }
}

// Checked mode: the destination's blocks are written now (or loaded from GM), but for what a
// copy within the UB carried unwritten.
void CheckUbBlocksDst(Core& core, const BlockCopy& c, const UnwrittenLanes& carried) {
  for (uint32_t i = 0; i < c.blocks; ++i) {
    uint8_t* row = c.ub_dst->ptr + c.DstAt(i);
    if (c.dir == CopyDir::kGmToUb) {
      MarkLoaded(core, *c.gm, c.src + c.SrcAt(i), c.block_bytes, row, c.block_bytes, 0, *c.ub_dst,
                 c.instr);
    } else {
      MarkWritten(core, row, c.block_bytes);
    }
  }
  if (carried.ranges.empty()) return;
  for (const auto& [lo, hi] : carried.ranges) {
    const uint64_t block = lo / c.block_bytes;
    const uint64_t in_block = lo - block * c.block_bytes;
    const uint8_t* at = c.ub_dst->ptr + c.DstAt(static_cast<uint32_t>(block)) + in_block;
    ClearWritten(core, static_cast<uint32_t>(at - core.ub), static_cast<uint32_t>(hi - lo));
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(c.ub_dst->buf)];
  if (r.garbage_from == nullptr) r.garbage_from = c.instr;
}

// The bytes themselves: out to GM (each block logged), in from GM (maybe deferred: copy
// elision), or within the UB.
void MoveBlocks(Core& core, const BlockCopy& c, double start,
                const std::vector<uint32_t>& partial) {
  if (c.dir == CopyDir::kUbToGm) {
    MaterializeGm(core, c.dst, c.dst + c.dst_span);
    for (uint32_t i = 0; i < c.blocks; ++i) {
      const bool logged = std::find(partial.begin(), partial.end(), i) != partial.end();
      WriteOut(core, c.dst + c.DstAt(i), c.src + c.SrcAt(i), c.block_bytes, c.instr, start, logged);
    }
  } else if (c.dir == CopyDir::kGmToUb) {
    for (uint32_t i = 0; core.checked && i < c.blocks; ++i) {
      core.launch->LogGm(core, c.src + c.SrcAt(i), c.block_bytes, GmUse::kRead, c.instr,
                         Pipe::kMte2, start);
    }
    ElidedCopy e;
    e.buf = c.ub_dst->buf;
    e.gen = c.ub_dst->gen;
    e.ub = c.dst;
    e.ub_span = c.dst_span;
    e.gm = c.src;
    e.gm_span = c.src_span;
    e.blocks = c.blocks;
    e.block_bytes = e.row = c.block_bytes;
    e.gm_pitch = c.block_bytes + c.src_gap;
    e.ub_pitch = c.block_bytes + c.dst_gap;
    if (!DeferCopyIn(core, e)) PerformCopyIn(e);
  } else if (c.src_gap == 0 && c.dst_gap == 0) {
    std::memmove(c.dst, c.src, static_cast<uint64_t>(c.blocks) * c.block_bytes);
  } else {
    for (uint32_t i = 0; i < c.blocks; ++i) {
      std::memmove(c.dst + c.DstAt(i), c.src + c.SrcAt(i), c.block_bytes);
    }
  }
}

}  // namespace

void CopyBlocks(CopyDir dir, const UbRef* ub_dst, const UbRef* ub_src, const GmRef* gm,
                uint32_t block_count, uint64_t block_bytes, uint64_t src_gap, uint64_t dst_gap,
                const char* instr) {
  if (ub_dst != nullptr && IsAicL1View(*ub_dst)) {  // an AIV's copy into TSCM: its AIC's
    const ScmCopyScope scm(*ub_dst, instr);
    return CopyBlocks(dir, &scm.dst(), ub_src, gm, block_count, block_bytes, src_gap, dst_gap,
                      instr);
  }
  Core& core = Cur();
  if (!WarnIfEmpty(core, block_count, block_bytes, instr)) return;
  BlockCopy c{dir, ub_dst, ub_src, gm, block_count, block_bytes, src_gap, dst_gap, instr};
  CheckCopyLength(core, c);
  const uint64_t total = static_cast<uint64_t>(block_count) * block_bytes;
  c.src_span = Span(block_count, block_bytes, src_gap);
  c.dst_span = Span(block_count, block_bytes, dst_gap);
  ResolveEnds(core, c);
  const Pipe pipe = c.pipe;
  // The GM side: MTE2 reads [src, + src_span), MTE3 writes [dst, + dst_span).
  const uint8_t* gm_lo = dir == CopyDir::kGmToUb   ? c.src
                         : dir == CopyDir::kUbToGm ? c.dst
                                                   : nullptr;
  // (A UB-to-UB copy has no GM side: no offset from a null pointer.)
  const uint8_t* gm_hi =
      gm_lo == nullptr ? nullptr : gm_lo + (dir == CopyDir::kGmToUb ? c.src_span : c.dst_span);
  const bool gm_write = dir == CopyDir::kUbToGm;
  double not_before = 0;
  if (core.auto_sync) {
    if (ub_src) not_before = AutoSyncStart(core, *ub_src, pipe, false);
    if (ub_dst) not_before = std::max(not_before, AutoSyncStart(core, *ub_dst, pipe, true));
    if (gm_lo) not_before = std::max(not_before, GmSyncStart(core, pipe, gm_lo, gm_hi, gm_write));
  }
  double cost = 0;
  double start = 0;
  if (pipe == Pipe::kV) {
    cost = core.VectorCost(total);
    start = core.Issue(pipe, instr, cost, 0, not_before);
  } else {
    // A read's cost depends on which of its lines hit the L2; a write allocates its lines there.
    const double transfer =
        dir == CopyDir::kGmToUb
            ? GmReadTransferNs(core, *gm, {block_count, block_bytes, block_bytes + src_gap})
            : DmaTransferNs(core, total);
    cost = DmaLatencyNs(core, transfer);
    if (dir == CopyDir::kUbToGm) {
      GmWriteLines(core, *gm, {block_count, block_bytes, block_bytes + dst_gap}, pipe,
                   core.dma_issue_ns + transfer);
    }
    start = IssueDma(core, pipe, instr, transfer, total, not_before);
  }
  // Bursts out of partly written UB blocks (CheckCopyOut), whose GM log is written already.
  std::vector<uint32_t> partial;
  if (TracksPipes(core)) {
    if (gm_lo) TrackGm(core, pipe, gm_lo, gm_hi, gm_write, start, start + cost, instr);
    UnwrittenLanes carried;
    if (ub_src && core.checked) CheckUbBlocksSrc(core, c, start, &partial, &carried);
    if (ub_src) TrackRead(core, *ub_src, pipe, start, start + cost, instr, c.src_span);
    if (ub_dst) TrackWrite(core, *ub_dst, pipe, start, start + cost, instr, 0, c.dst_span);
    if (ub_dst && core.checked) CheckUbBlocksDst(core, c, carried);
  }
  MoveBlocks(core, c, start, partial);
}

static void RequirePad(const Core& core, const char* instr) {
  if (!core.device->has_data_copy_pad) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "DataCopyPad does not exist on " + core.device->name + " (" +
                   core.device->architecture +
                   "): copy 32 B-aligned lengths with DataCopy and fill the tail in the UB");
  }
}

void CopyPadIn(const UbRef& dst, const GmRef& src, uint32_t block_count, uint64_t block_bytes,
               uint64_t gm_gap_bytes, uint64_t ub_gap_blocks, bool is_pad, uint32_t left_elems,
               uint32_t right_elems, const void* pad_value, uint32_t elem_bytes) {
  Core& core = Cur();
  const char* instr = "DataCopyPad";
  RequirePad(core, instr);
  const uint64_t left = static_cast<uint64_t>(left_elems) * elem_bytes;
  const uint64_t right = static_cast<uint64_t>(right_elems) * elem_bytes;
  if (block_bytes % elem_bytes != 0 || left > 32 || right > 32) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "blockCount " + std::to_string(block_count) + ", blockLen " +
                   std::to_string(block_bytes) + " B, padding " + std::to_string(left) + "+" +
                   std::to_string(right) +
                   " B (expected blockLen a multiple of the element size, each padding <= 32 B)");
  }
  if (!WarnIfEmpty(core, block_count, block_bytes, instr)) return;
  CheckUbAligned(core, dst, instr, "dst");
  const uint64_t row = Align32(left + block_bytes + right);
  // isPad false: the padding is MOV_PAD_VAL's, defined once SetPadValue set it.
  uint64_t register_pad = 0;
  if (PadValueFromRegister(is_pad, pad_value, elem_bytes, row != block_bytes, &register_pad)) {
    is_pad = true;
    pad_value = &register_pad;
  }
  const uint64_t ub_span = Span(block_count, row, ub_gap_blocks * 32);
  CheckUbInPlace(core, dst, ub_span, instr, "dst");  // DeferCopyIn orders the writes
  CheckGmAccess(core, src, 0, Span(block_count, block_bytes, gm_gap_bytes), instr, "src");
  const uint64_t total = static_cast<uint64_t>(block_count) * block_bytes;
  const uint8_t* gm_lo = src.ptr;
  const uint8_t* gm_hi = gm_lo + Span(block_count, block_bytes, gm_gap_bytes);
  const double not_before = std::max(AutoSyncStart(core, dst, Pipe::kMte2, true),
                                     GmSyncStart(core, Pipe::kMte2, gm_lo, gm_hi, false));
  const double transfer =
      GmReadTransferNs(core, src, {block_count, block_bytes, block_bytes + gm_gap_bytes});
  const double cost = DmaLatencyNs(core, transfer);
  const double start = IssueDma(core, Pipe::kMte2, instr, transfer, total, not_before);
  if (TracksPipes(core)) {
    TrackGm(core, Pipe::kMte2, gm_lo, gm_hi, false, start, start + cost, instr);
    TrackWrite(core, dst, Pipe::kMte2, start, start + cost, instr, 0, ub_span);
  }
  if (core.checked) {
    for (uint32_t i = 0; i < block_count; ++i) {
      core.launch->LogGm(core, src.ptr + i * (block_bytes + gm_gap_bytes), block_bytes,
                         GmUse::kRead, instr, Pipe::kMte2, start);
    }
  }
  ElidedCopy c;
  c.buf = dst.buf;
  c.gen = dst.gen;
  c.ub = dst.ptr;
  c.ub_span = ub_span;
  c.gm = src.ptr;
  c.gm_span = static_cast<uint64_t>(gm_hi - gm_lo);
  c.blocks = block_count;
  c.left = static_cast<uint32_t>(left);
  c.block_bytes = block_bytes;
  c.gm_pitch = block_bytes + gm_gap_bytes;
  c.ub_pitch = row + ub_gap_blocks * 32;
  c.row = row;
  c.is_pad = is_pad;
  c.pad_bytes = static_cast<uint8_t>(elem_bytes);
  std::memcpy(c.pad_value, pad_value, std::min<size_t>(elem_bytes, sizeof(c.pad_value)));
  if (DeferCopyIn(core, c)) return;
  PerformCopyIn(c);
  if (!core.checked) return;
  for (uint32_t i = 0; i < block_count; ++i) {
    uint8_t* out = dst.ptr + i * c.ub_pitch;
    // The whole 32 B-aligned row counts as written, padding included even without isPad:
    // kernels compute over the aligned row and copy only the valid part out (the pad's value
    // is poisoned unless isPad).
    MarkLoaded(core, src, src.ptr + i * (block_bytes + gm_gap_bytes), block_bytes, out, row, left,
               dst, instr);
    if (!is_pad) {
      std::memset(out, 0xFF, left);
      std::memset(out + left + block_bytes, 0xFF, row - left - block_bytes);
    }
  }
}

void CopyPadOut(const GmRef& dst, const UbRef& src, uint32_t block_count, uint64_t block_bytes,
                uint64_t ub_gap_blocks, uint64_t gm_gap_bytes) {
  Core& core = Cur();
  const char* instr = "DataCopyPad";
  RequirePad(core, instr);
  if (!WarnIfEmpty(core, block_count, block_bytes, instr)) return;
  CheckUbAligned(core, src, instr, "src");
  const uint64_t row = Align32(block_bytes);
  const uint64_t ub_span = (block_count - 1) * (row + ub_gap_blocks * 32) + block_bytes;
  CheckUb(core, src, ub_span, instr, "src");
  CheckGmAccess(core, dst, 0, Span(block_count, block_bytes, gm_gap_bytes), instr, "dst");
  const uint64_t total = static_cast<uint64_t>(block_count) * block_bytes;
  const uint8_t* gm_lo = dst.ptr;
  const uint8_t* gm_hi = gm_lo + Span(block_count, block_bytes, gm_gap_bytes);
  const double not_before = std::max(AutoSyncStart(core, src, Pipe::kMte3, false),
                                     GmSyncStart(core, Pipe::kMte3, gm_lo, gm_hi, true));
  const double transfer = DmaTransferNs(core, total);
  const double cost = DmaLatencyNs(core, transfer);
  GmWriteLines(core, dst, {block_count, block_bytes, block_bytes + gm_gap_bytes}, Pipe::kMte3,
               core.dma_issue_ns + transfer);
  const double start = IssueDma(core, Pipe::kMte3, instr, transfer, total, not_before);
  if (TracksPipes(core)) TrackGm(core, Pipe::kMte3, gm_lo, gm_hi, true, start, start + cost, instr);
  std::vector<uint32_t> partial;  // as in CopyBlocks
  if (core.checked) {
    for (uint32_t i = 0; i < block_count; ++i) {
      if (CheckCopyOut(core, src, i * (row + ub_gap_blocks * 32), block_bytes,
                       dst.ptr + i * (block_bytes + gm_gap_bytes), instr, start)) {
        partial.push_back(i);
      }
    }
  }
  if (TracksPipes(core)) TrackRead(core, src, Pipe::kMte3, start, start + cost, instr, ub_span);
  MaterializeGm(core, gm_lo, gm_hi);
  for (uint32_t i = 0; i < block_count; ++i) {
    uint8_t* out = dst.ptr + i * (block_bytes + gm_gap_bytes);
    const bool logged = std::find(partial.begin(), partial.end(), i) != partial.end();
    WriteOut(core, out, src.ptr + i * (row + ub_gap_blocks * 32), block_bytes, instr, start,
             logged);
  }
}

void SetAtomicImpl(uint8_t op, DType dtype, const char* instr) {
  Core& core = Cur();
  if (op != 0) {
    const bool ok = dtype == DType::kFloat32 || dtype == DType::kFloat16 ||
                    dtype == DType::kBFloat16 || dtype == DType::kInt32 || dtype == DType::kInt8;
    if (!ok) {
      RaiseFault(FaultKind::kUnsupported, instr,
                 "atomic accumulation of " + std::string(DTypeName(dtype)) +
                     " (the chip supports float, half, bfloat16_t, int32_t, int8_t)");
    }
  }
  if (op == 255) {  // SetAtomicType: keep the operation, change the type
    core.atomic_dtype = dtype;
    return;
  }
  core.atomic_op = op;
  core.atomic_dtype = dtype;
}

void FillGm(const GmRef& dst, uint64_t count, const void* value, uint32_t elem_bytes,
            const char* instr) {
  Core& core = Cur();
  const uint64_t bytes = count * elem_bytes;
  CheckGmAccess(core, dst, 0, bytes, instr, "dst");
  const uint8_t* gm_hi = dst.ptr + bytes;
  const double not_before = GmSyncStart(core, Pipe::kMte3, dst.ptr, gm_hi, true);
  const double transfer = DmaTransferNs(core, bytes);
  const double cost = DmaLatencyNs(core, transfer);
  GmWriteLines(core, dst, {1, bytes, bytes}, Pipe::kMte3, core.dma_issue_ns + transfer);
  const double start = IssueDma(core, Pipe::kMte3, instr, transfer, bytes, not_before);
  if (TracksPipes(core))
    TrackGm(core, Pipe::kMte3, dst.ptr, gm_hi, true, start, start + cost, instr);
  MaterializeGm(core, dst.ptr, gm_hi);
  for (uint64_t i = 0; i < count; ++i) std::memcpy(dst.ptr + i * elem_bytes, value, elem_bytes);
  core.launch->LogGm(core, dst.ptr, bytes, GmUse::kWrite, instr, Pipe::kMte3, start,
                     {static_cast<const uint8_t*>(value), elem_bytes});
}

// CANN's InitOutput fills GM as InitGlobalMemory does (a Duplicate into a UB stack buffer, then
// MTE3) on the A2/A3 generation's AIV only: its AIC returns at once, and for the 910A and the
// 310P CANN compiles the body out, so there the call does nothing.
void InitOutputGm(const GmRef& dst, uint64_t count, const void* value, uint32_t elem_bytes) {
  if (!a2::ChecksA2VectorDtypes() || Cur().core_type == CoreType::kAic) return;
  FillGm(dst, count, value, elem_bytes, "InitOutput");
}

}  // namespace opsim::sim::detail
