// Deferred GM -> UB copies (detail/copy_elision.h): recorded by the DMA, performed when something
// could see the UB bytes, read in place by the row reductions.
#include "opsim/sim/detail/copy_elision.h"

#include <algorithm>
#include <cstring>

#include "opsim/sim/detail/core.h"
#include "opsim/sim/vector_unit.h"
#include "opsim/sim/vector_widened.h"

namespace opsim::sim::detail {
namespace {

bool Overlaps(const uint8_t* lo, const uint8_t* hi, const uint8_t* a, uint64_t bytes) {
  return a < hi && lo < a + bytes;
}

// Whether a deferred copy writes any of the UB ranges [refs[i].ptr, + bytes), i < n.
bool AnyCopyOverlaps(const Core& core, const UbRef* refs, int n, uint64_t bytes) {
  for (const ElidedCopy& c : core.elided) {
    for (int i = 0; i < n; ++i) {
      if (Overlaps(refs[i].ptr, refs[i].ptr + bytes, c.ub, c.ub_span)) return true;
    }
  }
  return false;
}

// Removes copy k (order does not matter: deferred copies never overlap in the UB).
void Erase(Core& core, size_t k) {
  if (k + 1 != core.elided.size()) core.elided[k] = core.elided.back();
  core.elided.pop_back();
}

void Perform(Core& core, size_t k) {
  const ElidedCopy c = core.elided[k];
  Erase(core, k);
  PerformCopyIn(c);
  // A widening is not a DMA: elided_bytes counts the copies' bytes only.
  if (c.widen == Widening::kNone) core.elided_bytes -= c.blocks * c.block_bytes;
}

template <typename Pred>
void PerformWhere(Core& core, Pred&& overlaps) {
  for (size_t k = core.elided.size(); k-- > 0;) {
    if (overlaps(core.elided[k])) Perform(core, k);
  }
}

// After a read that ended block `last` of `c` (rows a few KB long, far apart in GM: an ARA column
// chunk's rows are a whole input row apart), the next block's first bytes, as many as were read
// and at most 8 KB, are fetched into the host's cache while the caller reads this one. Such a
// tile is read a row per instruction (a widening Cast of one row, then the Add of it into the
// accumulators), and the hardware prefetcher does not follow a stride of tens of KB: every row
// began with DRAM misses (issue 29, session 25). Reads inside a block, and one-block copies, keep
// to the hardware prefetcher and the readers' own prefetch (a burst of prefetches ahead of a
// contiguous stream was slower than the widening's prefetch a line at a time, in a standalone
// loop). Host caches only: nothing a kernel can observe changes.
void PrefetchNextBlock(const ElidedCopy& c, uint64_t last, uint64_t read_bytes) {
  constexpr uint64_t kLine = 64;
  constexpr uint64_t kMaxBytes = 8192;
  if (last + 1 >= c.blocks) return;
  const uint8_t* p = c.gm + (last + 1) * c.gm_pitch;
  const uint64_t bytes = std::min({c.block_bytes, read_bytes, kMaxBytes});
  for (uint64_t b = 0; b < bytes; b += kLine) __builtin_prefetch(p + b, 0, 3);
}

// One block, no padding: any byte range of it (any whole float32 lanes of a widening) is a copy
// of its own (Piece).
bool IsOneBlock(const ElidedCopy& c) { return c.blocks == 1 && !c.is_pad && c.left == 0; }
// One block, no padding, no widening: its UB bytes are its GM bytes.
bool IsFlat(const ElidedCopy& c) { return IsOneBlock(c) && c.widen == Widening::kNone; }

// Makes the one-block copy `c` UB bytes [lo, hi) of itself: a widening's float32 lanes are its GM
// source's 16-bit values at half the offset. In place: a record copied whole on the stack and
// pushed back was reloaded in 16-byte moves from its narrower stores, stalling on each, 45 % of
// SettleOverwritten's samples where a fold cut a piece's widening in half (issue 29, session 41).
void KeepPiece(ElidedCopy& c, const uint8_t* lo, const uint8_t* hi) {
  const bool widens = c.widen != Widening::kNone;
  const auto off = static_cast<uint64_t>(lo - c.ub);
  c.ub = const_cast<uint8_t*>(lo);
  c.ub_span = static_cast<uint64_t>(hi - lo);
  c.gm += widens ? off / 2 : off;
  c.gm_span = c.block_bytes = c.row = c.gm_pitch = c.ub_pitch = widens ? c.ub_span / 2 : c.ub_span;
}

// UB bytes [lo, hi) of a one-block copy, as a copy of their own.
ElidedCopy Piece(const ElidedCopy& c, const uint8_t* lo, const uint8_t* hi) {
  ElidedCopy p = c;
  KeepPiece(p, lo, hi);
  return p;
}

// Whether a one-block copy may be cut at UB byte p: a widening only between float32 lanes.
bool CutsAt(const ElidedCopy& c, const uint8_t* p) {
  return c.widen == Widening::kNone || static_cast<uint64_t>(p - c.ub) % sizeof(float) == 0;
}

// Where UB bytes [lo, hi) are read: in GM when one flat deferred copy holds them, else nullptr.
const uint8_t* FlatSourceOf(const Core& core, const uint8_t* lo, const uint8_t* hi) {
  for (const ElidedCopy& c : core.elided) {
    if (!Overlaps(lo, hi, c.ub, c.ub_span)) continue;
    if (IsFlat(c) && lo >= c.ub && hi <= c.ub + c.ub_span) return c.gm + (lo - c.ub);
    return nullptr;  // copies never overlap in the UB: no other one holds all of [lo, hi)
  }
  return nullptr;
}

}  // namespace

void ElementwiseOperands(Core& core, const UbRef& dst, uint64_t bytes, const UbRef* srcs, int nsrc,
                         const uint8_t** at) {
  for (int i = 0; i < nsrc; ++i) at[i] = srcs[i].ptr;
  if (core.elided.empty() || bytes == 0) return;
  // Nothing deferred touches the operands (a row's result combined into another, say): the
  // lookups below would find nothing to read in GM, perform or settle.
  if (!AnyCopyOverlaps(core, srcs, nsrc, bytes) && !AnyCopyOverlaps(core, &dst, 1, bytes)) return;
  for (int i = 0; i < nsrc; ++i) {
    const uint8_t* gm = FlatSourceOf(core, srcs[i].ptr, srcs[i].ptr + bytes);
    if (gm != nullptr) {
      at[i] = gm;
    } else {
      MaterializeUb(core, srcs[i].ptr, srcs[i].ptr + bytes);
    }
  }
  SettleOverwritten(core, dst.ptr, dst.ptr + bytes);
}

void SettleOverwritten(Core& core, const uint8_t* lo, const uint8_t* hi) {
  for (size_t k = core.elided.size(); k-- > 0;) {
    // Most copies lie elsewhere or wholly overwritten; a cut one keeps its place (KeepPiece).
    const uint8_t* ub = core.elided[k].ub;
    const uint8_t* end = ub + core.elided[k].ub_span;
    if (!Overlaps(lo, hi, ub, static_cast<uint64_t>(end - ub))) continue;
    // The cut bytes were never copied: they stay counted in elided_bytes.
    if (ub >= lo && end <= hi) {
      Erase(core, k);  // every byte it would write is overwritten
      continue;
    }
    ElidedCopy& e = core.elided[k];
    const bool cut_lo = ub < lo;
    const bool cut_hi = end > hi;
    if (!IsOneBlock(e) || (cut_lo && !CutsAt(e, lo)) || (cut_hi && !CutsAt(e, hi))) {
      Perform(core, k);
      continue;
    }
    if (cut_lo && cut_hi) {
      const ElidedCopy c = e;
      KeepPiece(e, ub, lo);
      core.elided.push_back(Piece(c, hi, end));  // may move e: not used after
      continue;
    }
    KeepPiece(e, cut_lo ? ub : hi, cut_lo ? lo : end);
  }
}

void PerformCopyIn(const ElidedCopy& c) {
  if (c.widen != Widening::kNone) {
    vec::Cast(DType::kFloat32, c.ub, SourceTypeOf(c.widen), c.gm, vec::Round::kNone,
              c.gm_span / sizeof(uint16_t));
    return;
  }
  for (uint32_t i = 0; i < c.blocks; ++i) {
    uint8_t* out = c.ub + i * c.ub_pitch;
    std::memcpy(out + c.left, c.gm + i * c.gm_pitch, c.block_bytes);
    if (!c.is_pad) continue;
    const uint64_t tail = c.row - c.left - c.block_bytes;
    for (uint64_t b = 0; b < c.left; b += c.pad_bytes)
      std::memcpy(out + b, c.pad_value, c.pad_bytes);
    for (uint64_t b = 0; b + c.pad_bytes <= tail; b += c.pad_bytes) {
      std::memcpy(out + c.left + c.block_bytes + b, c.pad_value, c.pad_bytes);
    }
  }
}

bool DeferCopyIn(Core& core, const ElidedCopy& copy) {
  if (!core.elide_copies) return false;
  ElidedCopy c = copy;
  // A copy without gaps or padding is one block: then any row pitch can be read in place.
  if (c.blocks > 1 && c.left == 0 && c.row == c.block_bytes && c.gm_pitch == c.block_bytes &&
      c.ub_pitch == c.block_bytes) {
    c.block_bytes *= c.blocks;
    c.row = c.gm_pitch = c.ub_pitch = c.block_bytes;
    c.blocks = 1;
  }
  // An earlier deferred copy into these bytes: dropped when this one overwrites all it wrote,
  // else performed first, which keeps the order of the writes.
  const bool writes_whole_span =
      c.blocks == 1 && (c.is_pad || (c.left == 0 && c.row == c.block_bytes));
  for (size_t k = core.elided.size(); k-- > 0;) {
    const ElidedCopy& old = core.elided[k];
    if (!Overlaps(c.ub, c.ub + c.ub_span, old.ub, old.ub_span)) continue;
    if (writes_whole_span && old.ub >= c.ub && old.ub + old.ub_span <= c.ub + c.ub_span) {
      Erase(core, k);
    } else {
      Perform(core, k);
    }
  }
  core.elided.push_back(c);
  core.elided_bytes += c.blocks * c.block_bytes;
  return true;
}

namespace {
[[gnu::noinline]] void PerformUb(Core& core, const uint8_t* lo, const uint8_t* hi) {
  PerformWhere(core, [&](const ElidedCopy& c) { return Overlaps(lo, hi, c.ub, c.ub_span); });
}
}  // namespace

// Every operand check of every instruction lands here while a copy is deferred, and almost none
// overlaps one: the scan alone keeps no frame (issue 29, session 25).
void MaterializeUbSlow(Core& core, const uint8_t* lo, const uint8_t* hi) {
  for (const ElidedCopy& c : core.elided) {
    if (Overlaps(lo, hi, c.ub, c.ub_span)) return PerformUb(core, lo, hi);
  }
}

void MaterializeGmSlow(Core& core, const uint8_t* lo, const uint8_t* hi) {
  PerformWhere(core, [&](const ElidedCopy& c) { return Overlaps(lo, hi, c.gm, c.gm_span); });
}

void SettleElidedCopies(Core& core) {
  for (size_t k = core.elided.size(); k-- > 0;) {
    const ElidedCopy& c = core.elided[k];
    const BufferRecord& r = core.bufs[static_cast<size_t>(c.buf)];
    const bool live = r.gen == c.gen && r.state != BufState::kFree && r.state != BufState::kDead;
    if (live) {
      Perform(core, k);
    } else {
      Erase(core, k);
    }
  }
}

void DropElidedCopies(Core& core, const uint8_t* lo, const uint8_t* hi) {
  for (size_t k = core.elided.size(); k-- > 0;) {
    const ElidedCopy& c = core.elided[k];
    if (!Overlaps(lo, hi, c.ub, c.ub_span)) continue;
    if (c.ub < lo || c.ub + c.ub_span > hi) {
      Perform(core, k);  // it also wrote bytes outside the range, which stay defined
    } else {
      Erase(core, k);
    }
  }
}

RowsAt ReadRowsInPlace(Core& core, const UbRef& src, uint64_t rows, uint64_t row_bytes,
                       uint64_t stride_bytes, uint32_t elem_bytes) {
  const RowsAt in_ub{src.ptr, stride_bytes};
  if (core.elided.empty() || rows == 0 || row_bytes == 0) return in_ub;
  const uint64_t span = (rows - 1) * stride_bytes + row_bytes;
  const uint8_t* lo = src.ptr;
  const uint8_t* hi = src.ptr + span;
  bool overlapped = false;
  for (const ElidedCopy& c : core.elided) {
    if (!Overlaps(lo, hi, c.ub, c.ub_span)) continue;
    overlapped = true;
    if (c.widen != Widening::kNone) break;  // float32 lanes exist only once widened
    const uint8_t* first = c.ub + c.left;   // block 0's first byte in the UB
    if (lo < first || hi > c.ub + c.ub_span) break;
    const uint64_t off = static_cast<uint64_t>(lo - first);
    if (c.blocks == 1) {
      if (off + span > c.block_bytes) break;
      return {c.gm + off, stride_bytes};
    }
    // Rows in blocks: each row inside one block, one row per block.
    const uint64_t block = off / c.ub_pitch;
    const uint64_t within = off % c.ub_pitch;
    if (within + row_bytes > c.block_bytes || block + rows > c.blocks) break;
    if (rows > 1 && (stride_bytes != c.ub_pitch || c.gm_pitch % elem_bytes != 0)) break;
    if (within + row_bytes == c.block_bytes) PrefetchNextBlock(c, block + rows - 1, row_bytes);
    return {c.gm + block * c.gm_pitch + within, rows > 1 ? c.gm_pitch : stride_bytes};
  }
  // No deferred copy writes the rows (a float32 piece a Cast wrote, say): nothing to perform.
  if (overlapped) MaterializeUb(core, lo, hi);
  return in_ub;
}

bool DeferWidening(Core& core, const UbRef& dst, const uint8_t* gm, uint64_t count, Widening from,
                   uint32_t ahead) {
  if (!core.elide_copies || count == 0) return false;
  // Built in place: a copy built on the stack was reloaded in 16-byte moves from its narrower
  // stores, stalling each (issue 29, session 39). Copied from a constant, not value-initialised:
  // GCC zeroed the new element with a `rep stos`, whose start-up was most of this function's
  // time (session 40).
  static constexpr ElidedCopy kBlank{};
  ElidedCopy& c = core.elided.emplace_back(kBlank);
  c.buf = dst.buf;
  c.gen = dst.gen;
  c.ub = dst.ptr;
  c.ub_span = count * sizeof(float);
  c.gm = gm;
  c.gm_span = count * sizeof(uint16_t);
  c.blocks = 1;
  c.block_bytes = c.row = c.gm_pitch = c.ub_pitch = c.gm_span;
  c.widen = from;
  c.ahead = ahead;
  return true;
}

namespace {
// DeferWideningOfBlocks' source [lo, hi) in the one-block copy `c`, the first deferred copy it
// overlaps: what the Cast's own path (ReadRowsInPlace, SettleOverwritten, DeferWidening) does
// with it, from this one scan of the copies (issue 29, session 40: the float16/bfloat16
// innermost rows' pieces). False (nothing done) where ReadRowsInPlace would not read the source
// from GM.
bool WidenFromOneBlock(Core& core, const UbRef& dst, const ElidedCopy& c, const uint8_t* lo,
                       const uint8_t* hi, uint64_t count, Widening from) {
  const uint8_t* first = c.ub + c.left;
  if (c.widen != Widening::kNone || lo < first || hi > c.ub + c.ub_span) return false;
  const auto off = static_cast<uint64_t>(lo - first);
  if (off + static_cast<uint64_t>(hi - lo) > c.block_bytes) return false;
  // Taken before the settle, which may cut or perform `c` (its GM bytes stay).
  const uint8_t* gm = c.gm + off;
  SettleOverwritten(core, dst.ptr, dst.ptr + count * sizeof(float));
  return DeferWidening(core, dst, gm, count, from);
}
}  // namespace

bool DeferWideningOfBlocks(Core& core, const UbRef& dst, const UbRef& src, uint64_t count,
                           Widening from) {
  if (!core.elide_copies || core.elided.empty() || count == 0) return false;
  const uint8_t* lo = src.ptr;
  const uint8_t* hi = lo + count * sizeof(uint16_t);
  const ElidedCopy* found = nullptr;
  for (const ElidedCopy& c : core.elided) {
    if (Overlaps(lo, hi, c.ub, c.ub_span)) {
      found = &c;
      break;
    }
  }
  if (found == nullptr) return false;
  if (found->blocks == 1) return WidenFromOneBlock(core, dst, *found, lo, hi, count, from);
  const ElidedCopy c = *found;
  // Blocks back to back, no padding bytes (a DataCopyPad of whole 32 B rows has none): UB byte
  // offset o is block o / ub_pitch's byte o % ub_pitch.
  if (c.widen != Widening::kNone || c.blocks < 2 || c.left != 0 || c.row != c.block_bytes ||
      c.ub_pitch != c.block_bytes || c.block_bytes % sizeof(uint16_t) != 0 ||
      c.gm_pitch % sizeof(uint16_t) != 0 || lo < c.ub || hi > c.ub + c.ub_span) {
    return false;
  }
  const auto off = static_cast<uint64_t>(lo - c.ub);
  const uint64_t first = off / c.ub_pitch;
  const uint64_t last = (off + (hi - lo) - 1) / c.ub_pitch;
  // Folds in halves read a piece of two or three rows a row per operand, each one widening
  // (BinaryWidened); the folds of more rows read several at once, which would perform the
  // widenings one by one, slower than the copy and one Cast (bfloat16 middle [256,1024,256]'s
  // pieces of 46 rows of 88 columns: 18.5-19.5 -> 24-25.5 ms of CPU a launch).
  if (last - first >= 3 || off % sizeof(uint16_t) != 0) return false;
  // The next piece's rows lie as many GM rows on, which the hardware prefetcher does not follow
  // (PrefetchNextBlock): its readers fetch them as they go (PrefetchWidened). A piece of one
  // row (rows longer than half a piece) is deferred here too, for that distance.
  const uint64_t ahead = (last - first + 1) * c.gm_pitch;
  if (ahead > UINT32_MAX) return false;
  // dst must not touch the tile: settling dst's bytes may then cut or perform the copy.
  const uint64_t dst_bytes = count * sizeof(float);
  if (Overlaps(dst.ptr, dst.ptr + dst_bytes, c.ub, c.ub_span)) return false;
  SettleOverwritten(core, dst.ptr, dst.ptr + dst_bytes);
  UbRef part = dst;
  for (uint64_t done = 0; done < count;) {
    const uint64_t at = off + done * sizeof(uint16_t);
    const uint64_t within = at % c.ub_pitch;
    const uint64_t n = std::min(count - done, (c.block_bytes - within) / sizeof(uint16_t));
    part.ptr = dst.ptr + done * sizeof(float);
    DeferWidening(core, part, c.gm + at / c.ub_pitch * c.gm_pitch + within, n, from,
                  static_cast<uint32_t>(ahead));
    done += n;
  }
  return true;
}

WidenedAt WidenedSourceOf(const Core& core, const uint8_t* lo, uint64_t bytes) {
  const uint8_t* hi = lo + bytes;
  for (const ElidedCopy& c : core.elided) {
    if (!Overlaps(lo, hi, c.ub, c.ub_span)) continue;
    // Copies never overlap in the UB: no other one holds all of [lo, hi).
    if (c.widen == Widening::kNone || lo < c.ub || hi > c.ub + c.ub_span) break;
    const auto off = static_cast<uint64_t>(lo - c.ub);
    if (off % sizeof(float) != 0) break;
    return {c.gm + off / sizeof(float) * sizeof(uint16_t), c.widen, c.ahead};
  }
  return {nullptr, Widening::kNone, 0};
}

namespace {
// Where source i of a float32 elementwise instruction is read when it is no widening's: in GM
// when a flat deferred copy holds it, else in the UB after performing what it overlaps.
const uint8_t* FloatOperandAt(Core& core, const UbRef& src, uint64_t bytes) {
  const uint8_t* gm = FlatSourceOf(core, src.ptr, src.ptr + bytes);
  if (gm != nullptr) return gm;
  MaterializeUb(core, src.ptr, src.ptr + bytes);
  return src.ptr;
}
}  // namespace

bool BinaryWidened(Core& core, vec::BinaryOp op, const UbRef& dst, const UbRef* srcs,
                   uint64_t count) {
  if (core.elided.empty() || count == 0) return false;
  const uint64_t bytes = count * sizeof(float);
  if (!AnyCopyOverlaps(core, srcs, 2, bytes)) return false;  // no source lies in a widening
  bool widened[2] = {false, false};
  for (int i = 0; i < 2; ++i) {
    const uint8_t* p = srcs[i].ptr;
    // A source dst overlaps at an offset reads lanes the instruction has written (on the chip,
    // in its order): only the UB copy has them.
    if (p != dst.ptr && Overlaps(p, p + bytes, dst.ptr, bytes)) return false;
    widened[i] = WidenedSourceOf(core, p, bytes).gm != nullptr;
  }
  if (!widened[0] && !widened[1]) return false;
  const void* at[2] = {};
  DType type[2] = {DType::kFloat32, DType::kFloat32};
  uint32_t ahead = 0;
  for (int i = 0; i < 2; ++i) {
    if (!widened[i]) at[i] = FloatOperandAt(core, srcs[i], bytes);
  }
  // Asked again: performing the other source's copies may have performed the widening.
  for (int i = 0; i < 2; ++i) {
    if (!widened[i]) continue;
    const WidenedAt w = WidenedSourceOf(core, srcs[i].ptr, bytes);
    if (w.gm == nullptr) return false;
    at[i] = w.gm;
    type[i] = SourceTypeOf(w.from);
    ahead = w.ahead;
  }
  // dst's bytes of the widening are dropped, the rest stays deferred (the GM sources stay).
  SettleOverwritten(core, dst.ptr, dst.ptr + bytes);
  vec::BinaryWidened(op, reinterpret_cast<float*>(dst.ptr), at[0], type[0], at[1], type[1], count,
                     ahead);
  return true;
}

namespace {
[[gnu::noinline]] void RunBinaryOnCopies(Core& core, vec::BinaryOp op, DType dtype, uint64_t bytes,
                                         const UbRef& dst, const UbRef* srcs, uint64_t count) {
  if (dtype == DType::kFloat32 && BinaryWidened(core, op, dst, srcs, count)) return;
  const uint8_t* at[2];
  ElementwiseOperands(core, dst, bytes, srcs, 2, at);
  vec::Binary(op, dtype, dst.ptr, at[0], at[1], static_cast<size_t>(count));
}
}  // namespace

void RunBinary(Core& core, vec::BinaryOp op, DType dtype, uint32_t elem_bytes, const UbRef& dst,
               const UbRef* srcs, uint64_t count) {
  const uint64_t bytes = count * elem_bytes;
  if (!core.elided.empty() && bytes != 0 &&
      (AnyCopyOverlaps(core, srcs, 2, bytes) || AnyCopyOverlaps(core, &dst, 1, bytes))) {
    RunBinaryOnCopies(core, op, dtype, bytes, dst, srcs, count);
    return;
  }
  vec::Binary(op, dtype, dst.ptr, srcs[0].ptr, srcs[1].ptr, static_cast<size_t>(count));
}

}  // namespace opsim::sim::detail
