// The Fixpipe buffer (FB, TPosition C2PIPE2GM) on Atlas A2: DataCopy L1 -> FB puts the vector
// quantisation words there, SetFixPipeConfig points the FIX pipe at them, and DataCopy CO1 ->
// GM/L1 with VDEQF16/VQF322B8_PRE/VREQ8 reads them (docs/CUBE.md, "The Fixpipe buffer").
#include <cstring>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/cube_fixpipe.h"
#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kFbBlockBytes = 128;  // FB's blockLen and dstGap unit (the L1 -> FB page)
constexpr uint32_t kMaxFbBlocks = 4095;  // blockCount's range on that page

int MemOf(const Core& core, const UbRef& ref) {
  return LocalMemoryAt(core, static_cast<uint64_t>(ref.ptr - core.ub));
}

// CANN's L1 -> FB page lists Atlas A2/A3 (and Ascend 950): not the 200I/500 A2 (dav-3002), the
// 910A or the 310P.
void RequireFbCopy(const Core& core, const char* instr) {
  if (!IsA2GenerationCube(core) || core.device->architecture == "dav-3002" ||
      core.device->fixpipe_buffer_bytes == 0) {
    RaiseFault(FaultKind::kUnsupported, instr,
               core.device->name + " (" + core.device->architecture +
                   ") has no L1 -> Fixpipe buffer copy (CANN's page lists Atlas A2/A3 only)");
  }
}

// Checked mode: a block whose L1 words nothing wrote (a copy rounded up to 128 B) moves them
// unwritten; only a quantisation that reads such a word faults.
void CarryWritten(Core& core, uint8_t* to, const uint8_t* from, uint64_t bytes) {
  for (uint64_t at = 0; at < bytes; at += 8) {
    if (LocalWritten(core, from + at, 8)) {
      MarkWritten(core, to + at, 8);
    } else {
      ClearWritten(core, static_cast<uint32_t>(to + at - core.ub), 8);
    }
  }
}

// One L1 -> FB copy: `blocks` blocks of `block_bytes`, block i from src + i x `src_pitch` to
// dst + i x `dst_pitch` (the page's gaps run head to head).
void CopyL1ToFb(Core& core, const UbRef& dst, const UbRef& src, uint32_t blocks,
                uint64_t block_bytes, uint64_t src_pitch, uint64_t dst_pitch, const char* instr) {
  RequireFbCopy(core, instr);
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kFB), -1, kFbBlockBytes, instr, "dst",
                     "C2PIPE2GM (the Fixpipe buffer)");
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL1), -1, kCubeC0Bytes, instr, "src",
                     "L1 (A1, B1, C1)");
  if (blocks == 0 || block_bytes == 0) {  // the page: a NOP
    core.launch->Warn(core, "empty_copy", instr, -1, [&] {
      return std::string(instr) + " with blockCount " + std::to_string(blocks) + " and " +
             std::to_string(block_bytes) + " B a block copies nothing (CANN: a NOP)";
    });
    return;
  }
  if (blocks > kMaxFbBlocks) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "blockCount = " + std::to_string(blocks) + " (must be in [1, 4095])");
  }
  const uint64_t src_span = (blocks - 1ull) * src_pitch + block_bytes;
  const uint64_t dst_span = (blocks - 1ull) * dst_pitch + block_bytes;
  CheckUb(core, src, src_span, instr, "src");
  CheckUb(core, dst, dst_span, instr, "dst");
  const uint64_t bytes = blocks * block_bytes;
  // An on-chip move on FIX (an assumption: at the FIX pipe's L0C read rate).
  const double cost =
      CubeNs(core, core.device->instr_issue_cycles +
                       static_cast<double>(bytes) / core.device->fixpipe_bytes_per_cycle);
  const double start = core.Issue(Pipe::kFix, instr, cost, bytes);
  if (TracksPipes(core)) {
    TrackRead(core, src, Pipe::kFix, start, start + cost, instr, src_span);
    TrackWrite(core, dst, Pipe::kFix, start, start + cost, instr, 0, dst_span);
  }
  for (uint32_t i = 0; i < blocks; ++i) {
    std::memmove(dst.ptr + i * dst_pitch, src.ptr + i * src_pitch, block_bytes);
    if (core.checked)
      CarryWritten(core, dst.ptr + i * dst_pitch, src.ptr + i * src_pitch, block_bytes);
  }
}

}  // namespace

void CopyLocal(const UbRef& dst, const UbRef& src, const AscendC::DataCopyParams* p,
               uint64_t count_bytes) {
  Core& core = Cur();
  if (dst.buf >= 0 && dst.ptr != nullptr && MemOf(core, dst) == static_cast<int>(CubeMem::kFB)) {
    const char* instr = "DataCopy(L1 -> FB)";
    if (p != nullptr) {
      // blockLen in 128 B; srcGap in 32 B and dstGap in 128 B, each from a block's head to the
      // next one's (the page: "srcGap = 0 repeats the first block", "dstGap = 0 overwrites it").
      CopyL1ToFb(core, dst, src, p->blockCount, p->blockLen * uint64_t{kFbBlockBytes},
                 p->srcGap * uint64_t{kCubeC0Bytes}, p->dstGap * uint64_t{kFbBlockBytes}, instr);
      return;
    }
    // The count form moves count x sizeof(T) / 128 whole blocks (CANN's DataCopy turns the count
    // into blockLen that way): a remainder would be dropped silently.
    if (count_bytes % kFbBlockBytes != 0) {
      RaiseFault(FaultKind::kMisalignedCopy, instr,
                 "count x sizeof(T) = " + std::to_string(count_bytes) +
                     " B is not a multiple of 128 B (the Fixpipe buffer's block: the chip would "
                     "copy only " +
                     std::to_string(count_bytes / kFbBlockBytes * kFbBlockBytes) + " B)");
    }
    CopyL1ToFb(core, dst, src, 1, count_bytes, 0, 0, instr);
    return;
  }
  if (dst.buf >= 0 && dst.ptr != nullptr && MemOf(core, dst) == static_cast<int>(CubeMem::kBT)) {
    // C1 -> C2 on dav-2201 (CANN's DataCopyL12BTImpl, copy_cbuf_to_bt): blockLen in 64 B,
    // srcStride in 32 B, dstStride in 64 B; the count form is one burst of whole 64 B units.
    if (p != nullptr) {
      CubeL1ToBt(dst, src, false, p->blockCount, p->blockLen, p->srcStride, p->dstStride);
      return;
    }
    if (count_bytes % 64 != 0 || count_bytes / 64 > 0xFFFF) {
      RaiseFault(FaultKind::kMisalignedCopy, "DataCopy(C1 -> C2)",
                 "count x sizeof(T) = " + std::to_string(count_bytes) +
                     " B is not a whole number of the bias table's 64 B units (at most 65535)");
    }
    CubeL1ToBt(dst, src, false, 1, static_cast<uint16_t>(count_bytes / 64), 0, 0);
    return;
  }
  if (p == nullptr) {
    CopyBlocks(CopyDir::kUbToUb, &dst, &src, nullptr, 1, count_bytes, 0, 0, "DataCopy");
  } else {
    CopyBlocks(CopyDir::kUbToUb, &dst, &src, nullptr, p->blockCount, p->blockLen * 32ull,
               p->srcStride * 32ull, p->dstStride * 32ull, "DataCopy");
  }
}

void CubeSetFixPipeConfig(const UbRef* relu, const UbRef& quant, uint32_t elem_bytes, bool set_relu,
                          bool unit_flag) {
  const char* api = "SetFixPipeConfig";
  Core& core = Cur();
  if (core.device->fixpipe_buffer_bytes == 0 || !IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, api,
               core.device->name + " (" + core.device->architecture +
                   ") has no Fixpipe buffer (CANN's SetFixPipeConfig page: not supported on the "
                   "Atlas training and inference series)");
  }
  // CANN's implementation runs under ASCEND_IS_AIC: on an AIV core it does nothing.
  if (core.core_type == CoreType::kAiv && core.device->cube_cores < core.device->vector_cores) {
    return;
  }
  if (set_relu) {
    RaiseFault(FaultKind::kUnsupported, api,
               "setRelu = true (the page: setRelu supports only false, the quant tensor)");
  }
  const int fb = static_cast<int>(CubeMem::kFB);
  FixpipeRegs& regs = FixpipeRegsOf(core);
  CheckUbInPlace(core, quant, 0, api, relu != nullptr ? "quantPre" : "preData");
  const bool in_l0c = relu == nullptr && MemOf(core, quant) == static_cast<int>(CubeMem::kL0C);
  if (in_l0c) {
    // The one-tensor form with a CO1 tensor only clears the unit flags (the page); the FPC's
    // quant address then holds L0C bits, so no words are set.
    regs.words_set = false;
  } else {
    RequireCubeOperand(core, quant, fb, -1, kFbBlockBytes, api,
                       relu != nullptr ? "quantPre" : "preData",
                       relu != nullptr ? "C2PIPE2GM (the Fixpipe buffer)"
                                       : "C2PIPE2GM (the Fixpipe buffer), or CO1 for isUnitFlag");
    if (elem_bytes != 8) {
      RaiseFault(FaultKind::kInvalidArgument, api,
                 "the quant tensor holds " + std::to_string(elem_bytes) +
                     "-byte elements; its words are uint64_t (the page's data type)");
    }
    regs.words_set = true;
    regs.words = quant;
  }
  // reluPre is reserved (the page: pass an empty LocalTensor); one that is given must be in FB,
  // 64 B aligned (FPC[7:0] counts 64 B).
  if (relu != nullptr && relu->ptr != nullptr) {
    RequireCubeOperand(core, *relu, fb, -1, 64, api, "reluPre", "C2PIPE2GM (the Fixpipe buffer)");
  }
  if (unit_flag) ClearAllUnitMarks(core);
}

}  // namespace opsim::sim::detail
