// L1 -> bias table (C1 -> C2) on MTE1, the move CANN's copy_cbuf_to_bt makes: nBurst bursts of
// lenBurst 64 B units, source gaps in 32 B units, destination gaps in 64 B units; with
// convControl the L1 data are float16 and land in the table as float32.
#include <cstring>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "opsim/core/float16.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

void CubeL1ToBt(const UbRef& dst, const UbRef& src, bool f16_to_f32, uint16_t n_burst,
                uint16_t len_burst, uint16_t src_gap, uint16_t dst_gap) {
  Core& core = Cur();
  const char* instr = "DataCopy(C1 -> C2)";
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL1), -1, 32, instr, "src", "C1 (L1)");
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kBT), -1, 64, instr, "dst",
                     "C2 (the bias table)");
  if (n_burst == 0 || len_burst == 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "blockCount = " + std::to_string(n_burst) + ", blockLen = " +
                   std::to_string(len_burst) + " moves nothing (expected both >= 1)");
  }
  // A destination burst is len_burst x 64 B of float32; its source is that many elements.
  const uint64_t dst_burst = len_burst * 64ull;
  const uint64_t src_burst = f16_to_f32 ? dst_burst / 2 : dst_burst;
  const uint64_t src_pitch = src_burst + src_gap * 32ull;
  const uint64_t dst_pitch = dst_burst + dst_gap * 64ull;
  CheckUb(core, src, (n_burst - 1ull) * src_pitch + src_burst, instr, "src");
  CheckUb(core, dst, (n_burst - 1ull) * dst_pitch + dst_burst, instr, "dst");
  const uint64_t moved = n_burst * src_burst;
  const double cost =
      CubeNs(core, core.device->instr_issue_cycles +
                       static_cast<double>(moved) / core.device->mte1_bytes_per_cycle);
  const double start = core.Issue(Pipe::kMte1, instr, cost, moved);
  if (TracksPipes(core)) {
    TrackRead(core, src, Pipe::kMte1, start, start + cost, instr);
    TrackWrite(core, dst, Pipe::kMte1, start, start + cost, instr, 0);
  }
  for (uint64_t b = 0; b < n_burst; ++b) {
    const uint8_t* from = src.ptr + b * src_pitch;
    uint8_t* to = dst.ptr + b * dst_pitch;
    if (!f16_to_f32) {
      std::memmove(to, from, dst_burst);
    } else {
      for (uint64_t i = 0; i < dst_burst / 4; ++i) {
        uint16_t h;
        std::memcpy(&h, from + i * 2, 2);
        const float f = static_cast<float>(Half::FromBits(h));
        std::memcpy(to + i * 4, &f, 4);
      }
    }
    if (!core.checked) continue;
    // Written state travels element by element: a burst's padding past what the kernel put in
    // L1 stays unwritten in the table, and Mmad reads only the bias it needs.
    const uint32_t src_elem = f16_to_f32 ? 2 : 4;
    for (uint64_t i = 0; i < dst_burst / 4; ++i) {
      if (LocalWritten(core, from + i * src_elem, src_elem)) MarkWritten(core, to + i * 4, 4);
    }
  }
}

}  // namespace opsim::sim::detail
