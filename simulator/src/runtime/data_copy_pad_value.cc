// SetPadValue and the pad value DataCopyPad GM -> UB takes from MOV_PAD_VAL when isPad is false
// (opsim/sim/ascendc/data_copy_pad_value.h; the DataCopyPad page: "使用寄存器配置接口SetPadValue
// 在接口外部设置需要填充的数据，此时DataCopyPadExtParams的参数isPad需要设置为false").
#include "opsim/sim/ascendc/data_copy_pad_value.h"

#include <string>

#include "runtime/describe_buffer.h"
#include "runtime/extra_registers.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

void SetPadValueBits(uint64_t bits, uint32_t elem_bytes, bool is_bool, bool ub_position) {
  Core& core = Cur();
  if (!ub_position) {
    RaiseFault(FaultKind::kInvalidArgument, "SetPadValue",
               "SetPadValue: pos must be TPosition::VECIN, VECOUT or MAX (the GM -> UB path of "
               "DataCopyPad is the only one SetPadValue configures on this chip)");
  }
  if (is_bool) {
    RaiseFault(FaultKind::kUnsupported, "SetPadValue",
               "SetPadValue: bool is not among the A2/A3 types (int8_t ... double, the page's "
               "list); use uint8_t");
  }
  if (core.core_type == CoreType::kAic) return;  // CANN returns on an AIC of the 910B
  core.Issue(Pipe::kS, "SetPadValue", core.scalar_ns, 0);
  ExtraRegisters& regs = ExtraRegistersOf(core);
  regs.pad_from_set = true;
  regs.pad_bytes = static_cast<uint8_t>(elem_bytes);
  regs.pad_bits = bits;
}

namespace {

// 64-bit data moves as pairs of 32-bit elements with the padding doubled (dav_c220's
// DataCopyPadGm2UBImpl), and the DataCopyPad page allows only 0 as a b64 padding value.
void WarnWidePad(Core& core, uint64_t bits, uint32_t elem_bytes) {
  if (elem_bytes != 8 || bits == 0) return;
  core.launch->Warn(core, "pad_value_b64_nonzero", "DataCopyPad", -1, [&] {
    return "DataCopyPad pads 64-bit elements with " + Hex(bits) +
           ": CANN's page allows only 0 for b64 (the chip moves them as 32-bit pairs); opsim "
           "writes the whole value, the chip may not";
  });
}

}  // namespace

bool PadValueFromRegister(bool is_pad, const void* pad_value, uint32_t elem_bytes, bool has_padding,
                          uint64_t* out) {
  Core& core = Cur();
  ExtraRegisters& regs = ExtraRegistersOf(core);
  if (is_pad) {
    // isPad writes MOV_PAD_VAL itself: what SetPadValue set is gone.
    regs.pad_from_set = false;
    uint64_t bits = 0;
    std::memcpy(&bits, pad_value, elem_bytes < 8 ? elem_bytes : 8);
    if (has_padding) WarnWidePad(core, bits, elem_bytes);
    return false;
  }
  if (!regs.pad_from_set || !has_padding) return false;
  if (regs.pad_bytes != elem_bytes) {
    RaiseFault(FaultKind::kInvalidArgument, "DataCopyPad",
               "DataCopyPad (isPad false) pads " + std::to_string(elem_bytes) +
                   "-byte elements with the value SetPadValue set as a " +
                   std::to_string(regs.pad_bytes) +
                   "-byte type (CANN: SetPadValue's T is the type DataCopyPad moves)");
  }
  WarnWidePad(core, regs.pad_bits, elem_bytes);
  *out = regs.pad_bits;
  return true;
}

}  // namespace opsim::sim::detail
