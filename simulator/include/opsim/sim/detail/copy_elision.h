// Copy elision (LaunchOptions::copy_elision, unchecked mode only). A kernel's GM -> UB DataCopy
// costs the host a copy into the UB and then a second read of it by the vector instruction; on
// the chip the copy is a DMA that overlaps the compute. So the host defers the copy: the UB bytes
// are written only when something could see them (a scalar access, any instruction that does not
// read in place, a DMA out of them, a write to their GM source, SyncAll), and the instructions
// that read in place (docs/ARCHITECTURE.md, "memory", lists them) read the GM source instead.
// Nothing a kernel can observe changes: the bytes it reads are the bytes the copy would have put
// there, and the timeline, faults and statistics are computed before any data moves.
//
// One exception, by the rules of checked mode: UB bytes the kernel never wrote since their buffer
// was allocated (an uninitialised read, a kUninitializedRead fault in checked mode) hold stale
// data in unchecked mode either way, and which stale data may differ.
#pragma once

#include <cstdint>

#include "opsim/core/dtype.h"

namespace opsim::sim::vec {
enum class BinaryOp : uint8_t;  // vector_unit.h
}  // namespace opsim::sim::vec

namespace opsim::sim::detail {

class Core;
struct UbRef;

// What a deferred copy does to its bytes: moves them, or widens 16-bit floats to float32.
enum class Widening : uint8_t { kNone, kFromHalf, kFromBFloat16 };
// The 16-bit type a widening reads (float16 or bfloat16; w is not kNone).
inline DType SourceTypeOf(Widening w) {
  return w == Widening::kFromHalf ? DType::kFloat16 : DType::kBFloat16;
}

// A GM -> UB copy not yet performed: block i (block_bytes) goes from gm + i * gm_pitch to
// ub + left + i * ub_pitch. A DataCopyPad frames each block in a 32 B-aligned row of `row` bytes,
// its padding filled with pad_value when is_pad. A widening Cast not yet performed is one too
// (`widen` not kNone): UB bytes [ub, ub + ub_span) are the float32 values of the gm_span / 2
// 16-bit values at gm (DeferWidening).
struct ElidedCopy {
  int16_t buf = -1;  // the destination's buffer and its generation then (UbRef)
  uint32_t gen = 0;
  uint8_t* ub = nullptr;
  uint64_t ub_span = 0;  // UB bytes [ub, ub + ub_span) the copy writes
  const uint8_t* gm = nullptr;
  uint64_t gm_span = 0;  // GM bytes [gm, gm + gm_span) it reads
  uint32_t blocks = 0;
  uint32_t left = 0;
  uint64_t block_bytes = 0;
  uint64_t gm_pitch = 0;
  uint64_t ub_pitch = 0;
  uint64_t row = 0;
  bool is_pad = false;
  uint8_t pad_bytes = 0;
  uint8_t pad_value[8] = {};
  Widening widen = Widening::kNone;
  // A widening's reader prefetches this many bytes on from the 16-bit values it reads: 4 KB
  // (the next piece of a tile copied in whole) or a piece's rows on (DeferWideningOfBlocks).
  uint32_t ahead = 4096;
};

// Writes the copy's bytes into the UB (now, or when a deferred copy must be performed).
void PerformCopyIn(const ElidedCopy& copy);
// Defers `copy` (its operands already checked and charged) when the core elides copies; false
// when the caller must copy now.
bool DeferCopyIn(Core& core, const ElidedCopy& copy);

// A Cast float16/bfloat16 -> float32 of `count` elements into dst (its operands checked and
// charged) whose source was found in GM at `gm` (ReadRowsInPlace): deferred as a copy that widens
// when the core elides copies, for the count-form ReduceSum to sum where it is (WidenedSourceOf).
// False when the caller must convert now. dst's bytes were settled (SettleOverwritten) before;
// the source is in GM, so writing dst cannot change it.
bool DeferWidening(Core& core, const UbRef& dst, const uint8_t* gm, uint64_t count, Widening from,
                   uint32_t ahead = 4096);
// A widening Cast like DeferWidening's whose 16-bit source (`count` elements at src) lies in one
// to three blocks of one deferred copy whose blocks lie back to back in the UB (an ARA column
// chunk's rows: a GM row apart, packed in the UB, one to three to a piece): deferred as one
// widening per block part, so the folds of the piece read its rows from GM (BinaryWidened) and
// the tile's copy is never performed. A source in a one-block copy (a tile of whole rows) is
// deferred as ReadRowsInPlace and DeferWidening would, from the one scan. False (nothing done)
// otherwise: the caller reads the source as usual.
bool DeferWideningOfBlocks(Core& core, const UbRef& dst, const UbRef& src, uint64_t count,
                           Widening from);
// Where the float32 UB bytes [lo, lo + bytes) are as 16-bit values still to be widened: in GM,
// when one deferred widening holds all of them; else {nullptr, kNone}. Nothing is performed.
struct WidenedAt {
  const uint8_t* gm;
  Widening from;
  uint32_t ahead;  // ElidedCopy::ahead
};
WidenedAt WidenedSourceOf(const Core& core, const uint8_t* lo, uint64_t bytes);
// UB bytes [lo, hi) are about to be overwritten: deferred copies only into them are dropped,
// one-block ones (a widening too) into them and around keep only their bytes outside, any other
// is performed.
void SettleOverwritten(Core& core, const uint8_t* lo, const uint8_t* hi);

// Performs every deferred copy that writes UB bytes in [lo, hi).
void MaterializeUbSlow(Core& core, const uint8_t* lo, const uint8_t* hi);
// Performs every deferred copy that reads GM bytes in [lo, hi), before they are written.
void MaterializeGmSlow(Core& core, const uint8_t* lo, const uint8_t* hi);
// SyncAll: another core may write any GM byte after it, so every deferred copy of a live buffer
// is performed now; those of freed buffers are dropped (nothing may read them before a new
// allocation, which hands out undefined contents).
void SettleElidedCopies(Core& core);
// A buffer handed out again (AllocTensor, InitBuffer) or freed: its contents are undefined, so
// deferred copies into UB bytes [lo, hi) are dropped.
void DropElidedCopies(Core& core, const uint8_t* lo, const uint8_t* hi);

// Where an instruction reading `rows` rows of `row_bytes`, `stride_bytes` apart from `src` (a
// live, bounds-checked UB operand), finds them: in GM when one deferred copy holds all of them
// with that pitch, else in the UB, after performing the deferred copies they overlap. The stride
// is a whole number of `elem_bytes`. The readers (the count-form ReduceSum/Max/Min, WholeReduce*
// without an index, Cast) take the rows one after another.
struct RowsAt {
  const uint8_t* ptr;
  uint64_t stride_bytes;
};
RowsAt ReadRowsInPlace(Core& core, const UbRef& src, uint64_t rows, uint64_t row_bytes,
                       uint64_t stride_bytes, uint32_t elem_bytes);

// The operands of an elementwise instruction over `bytes` of dst and of each of `nsrc` sources
// (VectorSrcRoles::kOperandsSettleCopies): at[i] is where source i is read, in GM when one
// deferred copy without gaps or padding holds all of it (a fold of a tile's rows in halves, Add of
// its upper half into its lower, reads the tile just copied in), else in the UB after performing
// the copies it overlaps. Then dst's bytes are settled: the instruction overwrites them, so a
// deferred copy without gaps or padding is cut around them (its other bytes stay deferred) and
// any other copy into them is performed. Call it after the checks, before writing dst.
void ElementwiseOperands(Core& core, const UbRef& dst, uint64_t bytes, const UbRef* srcs, int nsrc,
                         const uint8_t** at);

// A float32 elementwise instruction (`op`, `count` lanes into dst from srcs[0], srcs[1], checked
// and charged) of which a source is a deferred widening's float32 piece, or part of one: computed
// from the 16-bit source in place (vec::BinaryWidened), dst settled, the rest of the widening
// still deferred. The folds of a widened piece in halves and the Add of it into the accumulators
// read it so (issue 29, session 37). False (nothing done) when no source lies in one widening, or
// a source overlaps dst other than exactly: the caller then runs the instruction as written.
bool BinaryWidened(Core& core, vec::BinaryOp op, const UbRef& dst, const UbRef* srcs,
                   uint64_t count);

// The body of a binary elementwise instruction (Binary<T>, ascendc/vector.h), after its checks:
// `count` lanes of `dtype` into dst from srcs[0] and srcs[1], read through BinaryWidened (float32)
// or ElementwiseOperands when a deferred copy touches an operand. One call from the kernel unit
// and one scan of the copies: most of these instructions meet none (a reduction's piece result
// added into its row's), and they go straight to the vector unit (issue 29, session 41).
void RunBinary(Core& core, vec::BinaryOp op, DType dtype, uint32_t elem_bytes, const UbRef& dst,
               const UbRef* srcs, uint64_t count);

}  // namespace opsim::sim::detail
