// MAX_MIN_CNT (GetReduceRepeatMaxMinSpr page): what ReduceRepeat<MAX/MIN> (WholeReduceMax/Min on
// the 910B) leaves, the extreme over all its repeats and that element's index, and what
// ReduceMax/ReduceMin leave, their value (the page: "仅可获取准确最值，不能获取对应的准确索引").
// The page documents neither the index's origin nor ties: opsim takes the position in the whole
// contiguous source (repeat * elements a repeat + lane) of the first extreme, vec::Reduce's rule.
// Readable only after contiguous repeats (srcBlkStride 1, srcRepStride 8) in normal mask mode.
#include "opsim/sim/ascendc/vector_max_min_spr.h"

#include <atomic>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/detail/copy_elision.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/extra_registers.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

std::atomic<bool> g_keep_max_min{false};
bool Kept() { return g_keep_max_min.load(std::memory_order_relaxed); }

// What ReduceMax/ReduceMin leave in the index bits: not documented, so no index at all.
constexpr uint32_t kMaxMinNoIndex = 0xFFFFFFFFu;

uint32_t ValueBits(const void* value, uint32_t elem_bytes) {
  uint32_t bits = 0;
  std::memcpy(&bits, value, elem_bytes < 4 ? elem_bytes : 4);
  return bits;
}

// Reduces `n` gathered lanes (global lane ids `ids`) into the register.
void StoreExtreme(ExtraRegisters& regs, const char* name, vec::ReduceOp op, DType dtype,
                  uint32_t elem_bytes, const std::vector<uint8_t>& lanes,
                  const std::vector<uint32_t>& ids) {
  if (ids.empty()) return;  // nothing reduced: the register keeps its value
  uint8_t value[8] = {};
  uint32_t k = 0;
  vec::Reduce(op, dtype, value, lanes.data(), ids.size(), &k);
  regs.max_min = MaxMinState::kValid;
  regs.max_min_dtype = dtype;
  regs.max_min_instr = name;
  regs.max_min_value = ValueBits(value, elem_bytes);
  regs.max_min_index = ids[k];
}

bool NotReadable(ExtraRegisters& regs, const char* name, DType dtype, bool counter, uint32_t blk,
                 uint32_t rep) {
  if (!counter && blk == 1 && rep == 8) return false;
  regs.max_min = counter ? MaxMinState::kCounter : MaxMinState::kStrided;
  regs.max_min_dtype = dtype;
  regs.max_min_instr = name;
  return true;
}

}  // namespace

bool KeepMaxMinCnt() {
  g_keep_max_min.store(true, std::memory_order_relaxed);
  return true;
}

void NoteMaxMinPlan(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                    const RepeatOperand& src, const LanePlan& plan) {
  if (!Kept()) return;
  Core& core = Cur();
  ExtraRegisters& regs = ExtraRegistersOf(core);
  if (plan.count == 0) return;
  if (NotReadable(regs, name, dtype, core.mask_counter, src.blk_stride, src.rep_stride)) return;
  std::vector<uint8_t> lanes(plan.count * elem_bytes);
  std::vector<uint32_t> ids(plan.lanes, plan.lanes + plan.count);
  for (size_t k = 0; k < plan.count; ++k) {
    const uint64_t off = LaneOffset(plan.lanes[k], plan.per_repeat, elem_bytes, 1, 8);
    std::memcpy(&lanes[k * elem_bytes], src.ref.ptr + off, elem_bytes);
  }
  StoreExtreme(regs, name, op, dtype, elem_bytes, lanes, ids);
}

void NoteMaxMinWhole(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                     const UbRef& src, int32_t mask, int32_t repeat, int32_t blk, int32_t rep) {
  if (!Kept()) return;
  Core& core = Cur();
  ExtraRegisters& regs = ExtraRegistersOf(core);
  if (repeat <= 0 || mask <= 0) return;
  if (NotReadable(regs, name, dtype, false, static_cast<uint32_t>(blk),
                  static_cast<uint32_t>(rep))) {
    return;
  }
  const uint32_t per_repeat = 256 / elem_bytes;
  const uint64_t row = static_cast<uint64_t>(mask) * elem_bytes;
  // The instruction's own bounds check, before its source is read where it is (copy_elision.h).
  CheckUbInPlace(core, src, static_cast<uint64_t>(repeat - 1) * 256 + row, name, "src");
  const RowsAt at = ReadRowsInPlace(core, src, static_cast<uint64_t>(repeat), row, 256, elem_bytes);
  std::vector<uint8_t> lanes(static_cast<size_t>(repeat) * row);
  std::vector<uint32_t> ids;
  ids.reserve(static_cast<size_t>(repeat) * static_cast<size_t>(mask));
  for (int32_t r = 0; r < repeat; ++r) {
    std::memcpy(&lanes[static_cast<size_t>(r) * row], at.ptr + r * at.stride_bytes, row);
    for (int32_t i = 0; i < mask; ++i) ids.push_back(static_cast<uint32_t>(r) * per_repeat + i);
  }
  StoreExtreme(regs, name, op, dtype, elem_bytes, lanes, ids);
}

void NoteMaxMinValueOnly(const char* name, DType dtype, uint32_t elem_bytes, const void* value,
                         bool after_repeats) {
  if (!Kept()) return;
  ExtraRegisters& regs = ExtraRegistersOf(Cur());
  // The high-dimension form's first round decided whether the result is readable at all.
  if (after_repeats && regs.max_min != MaxMinState::kValid) return;
  regs.max_min = MaxMinState::kValueOnly;
  regs.max_min_dtype = dtype;
  regs.max_min_instr = name;
  regs.max_min_value = ValueBits(value, elem_bytes);
  regs.max_min_index = kMaxMinNoIndex;
}

bool ReadMaxMinCnt(const char* api, DType dtype, uint32_t* value, uint32_t* index) {
  Core& core = Cur();
  if (core.core_type == CoreType::kAic) return false;  // CANN returns on an AIC of the 910B
  core.Issue(Pipe::kS, api, core.scalar_ns, 0);
  const ExtraRegisters& regs = ExtraRegistersOf(core);
  if (regs.max_min == MaxMinState::kNone) {
    *value = *index = 0;  // the block's register starts at 0
    return true;
  }
  const std::string last = regs.max_min_instr ? regs.max_min_instr : "?";
  if (regs.max_min == MaxMinState::kCounter || regs.max_min == MaxMinState::kStrided) {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string(api) + " after " + last +
                   (regs.max_min == MaxMinState::kCounter
                        ? " in counter mode: CANN does not support reading a counter-mode "
                          "reduction's result (不支持获取归约接口使用Mask Counter模式时的结果)"
                        : " with srcBlkStride != 1 or srcRepStride != 8: CANN supports only "
                          "the contiguous case (srcRepStride=8、srcBlkStride=1)"));
  }
  if (regs.max_min_dtype != dtype) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(api) + " reads a " + std::string(DTypeName(dtype)) + " result, but " +
                   last + " reduced " + std::string(DTypeName(regs.max_min_dtype)) +
                   " (CANN: T must be the reduction's dst type)");
  }
  const uint32_t mask = dtype == DType::kFloat16 ? 0xFFFFu : 0xFFFFFFFFu;
  *value = regs.max_min_value & mask;
  *index = regs.max_min_index;
  return true;
}

void RaiseMaxMinValueOnlyForm(const char* api) {
  RaiseFault(FaultKind::kUnsupported, api,
             std::string(api) +
                 "(maxMinValue): the value-only form is the Atlas inference (310P) AI Core's; "
                 "on the 910B CANN reports it unsupported: read (maxMinValue, maxMinIndex)");
}

}  // namespace opsim::sim::detail
