// Registers of a core that only the simulator's .cc files read: DEQSCALE's source and the vdeq
// tensor it points at, MOV_PAD_VAL (SetPadValue), MAX_MIN_CNT (GetReduceRepeatMaxMinSpr) and the
// cube's sparse index buffer (LoadDataWithSparse) and AIPP registers. Kept beside Core rather than
// in it so that adding one does not touch the header every kernel unit includes; a core's set is
// reset at each block's start (launch.cc).
#pragma once

#include <cstdint>
#include <vector>

#include "opsim/sim/ascendc/cube_aipp.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::detail {

// Which SetDeqScale form last wrote DEQSCALE (the CastDequant page's mapping table: each
// conversion reads the register as the form written for it).
enum class DeqSource : uint8_t { kUnset, kHalf, kScalar, kTensor };

// What the last max/min reduction left in MAX_MIN_CNT (the GetReduceRepeatMaxMinSpr page).
enum class MaxMinState : uint8_t {
  kNone,       // no reduction yet in this block: the register's 0
  kValid,      // ReduceRepeat<MAX/MIN> / WholeReduceMax/Min over contiguous repeats
  kValueOnly,  // ReduceMax/ReduceMin: the value is exact, the index is not ("索引不准确")
  kCounter,    // a reduction in counter mode: not readable ("不支持...Mask Counter模式")
  kStrided,    // srcBlkStride != 1 or srcRepStride != 8: not readable (contiguous only)
};

struct ExtraRegisters {
  DeqSource deq_source = DeqSource::kUnset;
  uint64_t deqscale = 0;  // the register's 64 bits (kScalar: CANN's MakeDeqScaleConfig)
  UbRef vdeq;             // kTensor: the 128 B of 16 groups the register points at
  // MOV_PAD_VAL as SetPadValue left it; pad_from_set turns false when a DataCopyPad with isPad
  // writes the register itself (CANN's dav_c220 implementation sets it from paddingValue).
  bool pad_from_set = false;
  uint8_t pad_bytes = 0;
  uint64_t pad_bits = 0;
  MaxMinState max_min = MaxMinState::kNone;
  DType max_min_dtype = DType::kFloat32;
  const char* max_min_instr = nullptr;
  uint32_t max_min_value = 0;  // the value's bits (low 16 for half)
  uint32_t max_min_index = 0;
  // LoadDataWithSparse's index buffer (a quarter of L0B, addressed as L0B's offset / 4: an
  // assumption, docs/CUBE.md "Sparse Mmad"), empty until the first load; `sparse_loaded` marks
  // the bytes a load wrote from written L1 bytes (read by checked mode).
  std::vector<uint8_t> sparse_index;
  std::vector<uint8_t> sparse_loaded;
  // The AIPP registers SetAippFunctions writes (LoadImageToLocal reads them).
  bool aipp_set = false;
  AippConfig aipp;
  GmRef aipp_src0, aipp_src1;
  // LocalTensor::SetUserTag's tags, by buffer index (CANN keeps one in each buffer's TBufType).
  std::vector<int32_t> user_tags;
};

// The running core's set (created on first use).
ExtraRegisters& ExtraRegistersOf(const Core& core);
void ResetExtraRegisters(const Core& core);

// DataCopyPad GM -> UB: true when the copy pads with MOV_PAD_VAL as SetPadValue set it (isPad
// false, padding in the rows), its bits in *out. isPad true takes the register over.
bool PadValueFromRegister(bool is_pad, const void* pad_value, uint32_t elem_bytes, bool has_padding,
                          uint64_t* out);

// MAX_MIN_CNT after a WholeReduceMax/Min-family instruction over `plan`'s lanes of `src`
// (its bounds checked, its bytes real), before the instruction writes dst.
void NoteMaxMinPlan(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                    const RepeatOperand& src, const LanePlan& plan);

}  // namespace opsim::sim::detail
