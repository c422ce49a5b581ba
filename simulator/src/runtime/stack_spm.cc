// PopStackBuffer and the SPM buffer's checks (opsim/sim/ascendc/stack_spm.h): what the 910B's
// CANN code (kernel_pop_stack_buffer.h, kernel_tpipe_impl.h) does with them.
#include "opsim/sim/ascendc/stack_spm.h"

#include <string>

#include "opsim/sim/detail/copy_elision.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

// sizeof(KfcMsg) of dav_c220/kfc/kfc_comm.h (two words and a 120-byte union): the UB tail the
// 910B keeps for the AIC/AIV message (GetEndAddress: TOTAL_UB_SIZE - sizeof(KfcMsg)).
constexpr uint32_t kKfcMsgBytes = 128;

bool IsUbPosition(AscendC::TPosition pos) {
  return pos == AscendC::TPosition::VECIN || pos == AscendC::TPosition::VECOUT ||
         pos == AscendC::TPosition::VECCALC;
}

}  // namespace

UbRef PopStack(AscendC::TPosition pos) {
  Core& core = Cur();
  const char* instr = "PopStackBuffer";
  if (!IsUbPosition(pos)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "position " + std::to_string(static_cast<int>(pos)) +
                   " is not in the Unified Buffer (CANN asserts hardType == UB: VECIN, VECOUT, "
                   "VECCALC/LCM)");
  }
  const bool dav2201 = core.device != nullptr && core.device->architecture == "dav-2201";
  const uint32_t end = core.ub_bytes - (dav2201 ? kKfcMsgBytes : 0);
  if (end <= core.ub_used) {
    RaiseFault(FaultKind::kUbOverflow, instr,
               "PopStackBuffer failed, local memory has used " + std::to_string(core.ub_used) +
                   " bytes, there is no enough memory to pop (the stack ends at " +
                   std::to_string(end) + ")");
  }
  const uint32_t bytes = end - core.ub_used;
  // The same region every time until the TPipe's buffers move: reuse its record, so a loop of
  // pops does not use up the buffer slots (the chip's PopStackBuffer takes none).
  for (size_t b = 0; b < core.bufs.size(); ++b) {
    const BufferRecord& r = core.bufs[b];
    if (r.state == BufState::kScratch && r.pool == -1 && r.offset == core.ub_used &&
        r.bytes == bytes) {
      return UbRef{core.ub + r.offset, bytes, static_cast<int16_t>(b), r.gen};
    }
  }
  BufferRecord r;
  r.offset = core.ub_used;
  r.bytes = bytes;
  r.state = BufState::kScratch;
  ClearWritten(core, r.offset, r.bytes);
  DropElidedCopies(core, core.ub + r.offset, core.ub + r.offset + r.bytes);
  core.bufs.push_back(r);
  const auto id = static_cast<int16_t>(core.bufs.size() - 1);
  return UbRef{core.ub + r.offset, bytes, id, r.gen};
}

void SpmL1Unsupported() {
  const Core& core = Cur();
  RaiseFault(FaultKind::kUnsupported, "InitSpmBuffer",
             "the L1 form InitSpmBuffer(bufferSize) is not on " + core.device->name +
                 " (CANN's page: Atlas A2/A3 do not support it; its dav-2201 code asserts \"not "
                 "supported on current device\"), and opsim does not model it on the 910A/310P: "
                 "give a GM workspace, InitSpmBuffer(workspace, bufferSize)");
}

void SpmNotInitialised(const char* instr) {
  Core& core = Cur();
  if (core.launch == nullptr) return;
  core.launch->Warn(core, "spm_not_initialised", instr, -1, [&] {
    return std::string(instr) +
           " before TPipe::InitSpmBuffer: the SPM buffer has no memory, so nothing is copied (as "
           "on the chip, whose code skips the copy)";
  });
}

void SpmPartialBlock(const char* instr, int32_t count, uint32_t elem_bytes) {
  Core& core = Cur();
  if (core.launch == nullptr) return;
  core.launch->Warn(core, "spm_partial_block", instr, -1, [&] {
    return std::to_string(count) + " elements of " + std::to_string(elem_bytes) +
           " bytes are not whole 32-byte blocks: CANN's code copies " +
           std::to_string(count * elem_bytes / 32) + " blocks and drops the rest";
  });
}

void SetDataExp(uint8_t enable_bit, uint64_t config) {
  Core& core = Cur();
  if (enable_bit > 3) {
    RaiseFault(FaultKind::kUnsupported, "CheckLocalMemoryIA",
               "enableBit " + std::to_string(enable_bit) +
                   " is not supported: the 910B has exception registers 0..3");
  }
  core.Issue(Pipe::kS, "CheckLocalMemoryIA", core.scalar_ns, 0);
  core.data_exp[enable_bit] = config;
  core.data_exp_on = false;
  for (uint64_t r : core.data_exp) core.data_exp_on = core.data_exp_on || (r & 1) != 0;
}

// An enabled register takes the access when its kind's bit is set and the bytes [lo, hi) meet
// its range: blocks (start, end], bytes [32 (start + 1), 32 (end + 1)).
void CheckDataExp(const Core& core, Pipe pipe, bool write, uint64_t lo, uint64_t hi,
                  const char* instr) {
  if (lo >= core.ub_bytes || hi <= lo) return;  // the cube's memories are not checked
  int kind_bit = -1;
  if (pipe == Pipe::kS) kind_bit = write ? 30 : 31;
  if (pipe == Pipe::kV) kind_bit = write ? 28 : 29;
  if (pipe == Pipe::kMte1 || pipe == Pipe::kMte2 || pipe == Pipe::kMte3) kind_bit = write ? 26 : 27;
  if (kind_bit < 0) return;
  for (int i = 0; i < 4; ++i) {
    const uint64_t r = core.data_exp[i];
    if ((r & 1) == 0 || ((r >> kind_bit) & 1) == 0) continue;
    const uint64_t first = (((r >> 48) & 0xFFFF) + 1) * 32;
    const uint64_t last = (((r >> 32) & 0xFFFF) + 1) * 32;
    if (lo < last && hi > first) {
      RaiseFault(FaultKind::kAicoreException, instr,
                 std::string(PipeName(pipe)) + (write ? " write" : " read") + " of UB bytes [" +
                     std::to_string(lo) + ", " + std::to_string(hi) +
                     ") inside CheckLocalMemoryIA register " + std::to_string(i) +
                     "'s range (blocks " + std::to_string((r >> 48) & 0xFFFF) + ", " +
                     std::to_string((r >> 32) & 0xFFFF) +
                     "]: the chip stops with ACL_ERROR_RT_VECTOR_CORE_EXCEPTION");
    }
  }
}

}  // namespace opsim::sim::detail
