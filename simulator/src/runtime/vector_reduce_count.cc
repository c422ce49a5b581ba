// The count forms ReduceSum/ReduceMax/ReduceMin(dst, src, work, count), type-erased out of the
// kernel units: every kernel unit instantiated the checks and bookkeeping per element type, where
// GCC left the operand checks and pipe records out of line (a level-2 ReduceSum of 1 KB a row in
// the float32 outer+inner row: issue 29, session 38).
#include <cstring>

#include "opsim/sim/ascendc/vector.h"

namespace opsim::sim::detail {
namespace {

// ReduceSum's count form over `count` float32 lanes at src that a deferred widening Cast holds
// (copy_elision.h): the sum RepeatSumsInOrder gives over them, into *dst. False (nothing done)
// when no deferred widening holds them all.
bool SumsWidened(const Core& core, float* dst, const UbRef& src, int32_t count) {
  if (core.elided.empty()) return false;
  const WidenedAt at = WidenedSourceOf(core, src.ptr, static_cast<uint64_t>(count) * 4);
  if (at.gm == nullptr) return false;
  return vec::RepeatSumsInOrderWidened(SourceTypeOf(at.from), dst, at.gm,
                                       static_cast<size_t>(count));
}

template <typename U>
U Load(const uint8_t* p) {
  U v;
  std::memcpy(&v, p, sizeof(U));
  return v;
}

// The index ReduceMax/ReduceMin leave after the value, in an element of `elem_bytes`.
void StoreIndexAt(uint8_t* slot, uint32_t elem_bytes, uint32_t index) {
  switch (elem_bytes) {
    case 2: return StoreIndex(reinterpret_cast<uint16_t*>(slot), index);
    case 4: return StoreIndex(reinterpret_cast<uint32_t*>(slot), index);
    case 8: return StoreIndex(reinterpret_cast<uint64_t*>(slot), index);
    default: return StoreIndex(slot, index);
  }
}

// The bits of the element at p, zero-extended. One load of its width: a copy of elem_bytes into
// a zeroed uint64_t read back whole stalled on store forwarding (a fifth of ReduceCountOf's time).
uint64_t LoadBits(const uint8_t* p, uint32_t elem_bytes) {
  switch (elem_bytes) {
    case 2: return Load<uint16_t>(p);
    case 4: return Load<uint32_t>(p);
    case 8: return Load<uint64_t>(p);
    default: return *p;
  }
}

}  // namespace

void ReduceCountOf(vec::ReduceOp op, const char* name, DType dtype, uint32_t elem_bytes,
                   const UbRef& dst, const UbRef& src, const UbRef& work, int32_t count,
                   bool with_index) {
  if (count < 1) RaiseBadCount(name, count, "count must be >= 1");
  const uint64_t bytes = static_cast<uint64_t>(count) * elem_bytes;
  // The chip keeps one partial per 256 B repeat in the work tensor.
  const uint64_t work_bytes = (bytes + 255) / 256 * elem_bytes;
  const UbRef srcs[2] = {src, work};
  const uint64_t src_bytes[2] = {bytes, work_bytes};
  Core& core = Cur();
  uint8_t* const out = dst.ptr;
  // The source is read where it is: a tile just copied in from GM is read there (copy_elision.h),
  // as the batched row forms do, so the copy into the UB is not paid on the host.
  VectorOp<0, kLastSrcIsWork>(
      name, dst, (with_index ? 2 : 1) * elem_bytes, srcs, src_bytes, 2, [&] {
        // A float32 piece a widening Cast has not written yet is summed from its 16-bit source.
        if (dtype == DType::kFloat32 && op == vec::ReduceOp::kSum &&
            SumsWidened(core, reinterpret_cast<float*>(out), src, count)) {
          return;
        }
        const RowsAt at = ReadRowsInPlace(core, src, 1, bytes, bytes, elem_bytes);
        // Float sums in the chip's order (vector_tree_sum.h); integer sums do not depend on it.
        if (op == vec::ReduceOp::kSum &&
            vec::RepeatSumsInOrder(dtype, out, at.ptr, static_cast<size_t>(count))) {
          return;
        }
        uint32_t index = 0;
        vec::Reduce(op, dtype, out, at.ptr, static_cast<size_t>(count),
                    with_index ? &index : nullptr);
        if (with_index) StoreIndexAt(out + elem_bytes, elem_bytes, index);
      });
  // The count form of ReduceSum also leaves its result in ACC_VAL (GetReduceRepeatSumSpr),
  // ReduceMax/ReduceMin theirs in MAX_MIN_CNT (GetReduceRepeatMaxMinSpr: the value only).
  if (op == vec::ReduceOp::kSum) {
    core.acc_val = LoadBits(out, elem_bytes);
  } else {
    NoteMaxMinValueOnly(name, dtype, elem_bytes, out, false);
  }
}

}  // namespace opsim::sim::detail
