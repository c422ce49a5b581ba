// TransDataTo5HD (vector_trans5hd.h): resolves the address lists, checks every block each repeat
// touches (live buffer, in bounds, 32 B-aligned, written), charges the V pipe and moves the bytes.
#include <algorithm>
#include <cstring>
#include <string>

#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_trans5hd.h"
#include "opsim/sim/vector_gather_unit.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr const char* kTrans5HDName = "TransDataTo5HD";

// Block k of a side in repeat r: CANN's page, "repeatTimes为1时 ... 起始位置加上RepStride".
UbRef Trans5HDBlock(const UbRef& base, uint32_t r, uint32_t repeats, uint16_t rep_stride,
                    const char* operand, int k) {
  const uint64_t off = static_cast<uint64_t>(repeats == 1 ? 1 : r) * rep_stride * 32;
  if (off + 32 > base.bytes) {
    RaiseFault(FaultKind::kOutOfBoundsUb, kTrans5HDName,
               std::string(operand) + "[" + std::to_string(k) + "] in repeat " + std::to_string(r) +
                   " touches bytes [" + std::to_string(off) + ", " + std::to_string(off + 32) +
                   ") of a buffer view of " + std::to_string(base.bytes) + " B");
  }
  UbRef block = base;
  block.ptr += off;
  block.bytes -= static_cast<uint32_t>(off);
  return block;
}

}  // namespace

void UbRefsOfAddresses(const char* operand, const uint64_t* addrs, UbRef* out) {
  const Core& core = Cur();
  for (int k = 0; k < 16; ++k) {
    const uint64_t a = addrs[k];
    int found = -1;
    for (size_t i = 0; i < core.bufs.size(); ++i) {
      const BufferRecord& b = core.bufs[i];
      if (a < b.offset || a >= static_cast<uint64_t>(b.offset) + b.bytes) continue;
      // A live buffer first; else the dead one, so the operand check names the use after free.
      const bool live = b.state != BufState::kFree && b.state != BufState::kDead;
      if (found < 0 || live) found = static_cast<int>(i);
      if (live) break;
    }
    if (found < 0) {
      RaiseFault(FaultKind::kOutOfBoundsUb, kTrans5HDName,
                 std::string(operand) + "[" + std::to_string(k) + "] = UB address " +
                     std::to_string(a) + " is in no buffer this kernel allocated");
    }
    const BufferRecord& b = core.bufs[static_cast<size_t>(found)];
    out[k] = UbRef{core.ub + a, static_cast<uint32_t>(b.offset + b.bytes - a),
                   static_cast<int16_t>(found), b.gen};
  }
}

void AddressesOfTensor(const char* operand, const UbRef& list, uint64_t* out) {
  CheckVectorOperand(list, 16 * sizeof(uint64_t), kTrans5HDName, operand);
  const Core& core = Cur();
  if (core.checked) CheckWritten(core, list, 0, 16 * sizeof(uint64_t), kTrans5HDName, operand);
  std::memcpy(out, list.ptr, 16 * sizeof(uint64_t));
}

namespace {

// One V-pipe instruction of `repeats` repeats, after what any of its 32 operands waits for; each
// operand's access spans up to its furthest block.
void Trans5HDIssue(Core& core, const UbRef* dst, const UbRef* src, uint32_t repeats,
                   const AscendC::TransDataTo5HDParams& p) {
  const uint64_t last = repeats == 1 ? 1 : repeats - 1;
  const uint64_t dst_span = last * p.dstRepStride * 32 + 32;
  const uint64_t src_span = last * p.srcRepStride * 32 + 32;
  double not_before = VectorAutoSyncStart(core, &dst[0], src, 16);
  for (int k = 1; k < 16; ++k) {
    not_before = std::max(not_before, VectorAutoSyncStart(core, &dst[k], nullptr, 0));
  }
  const uint64_t max_repeat = core.device->max_repeat == 0 ? 255 : core.device->max_repeat;
  const double cost =
      static_cast<double>((repeats + max_repeat - 1) / max_repeat) * core.vector_issue_ns +
      static_cast<double>(repeats) * 2 * core.vector_repeat_ns;  // 512 B each
  const double start = core.Issue(Pipe::kV, kTrans5HDName, cost, 0, not_before);
  if (!TracksPipes(core)) return;
  for (int k = 0; k < 16; ++k) {
    TrackRead(core, src[k], Pipe::kV, start, start + cost, kTrans5HDName, src_span);
    TrackWrite(core, dst[k], Pipe::kV, start, start + cost, kTrans5HDName, 0, dst_span);
  }
}

}  // namespace

void TransDataTo5HDRun(uint32_t eb, const UbRef* dst, const UbRef* src,
                       const AscendC::TransDataTo5HDParams& p) {
  const uint32_t repeats = p.repeatTimes;
  if (repeats == 0) return;  // a NOP (CANN: "不会对目的操作数进行写入")
  Core& core = Cur();
  // Every block of every repeat is checked before anything moves.
  for (uint32_t r = 0; r < repeats; ++r) {
    for (int k = 0; k < 16; ++k) {
      const UbRef in = Trans5HDBlock(src[k], r, repeats, p.srcRepStride, "srcList", k);
      CheckVectorOperand(in, 32, kTrans5HDName, "srcList");
      if (core.checked) CheckWritten(core, in, 0, 32, kTrans5HDName, "srcList");
      CheckVectorOperand(Trans5HDBlock(dst[k], r, repeats, p.dstRepStride, "dstList", k), 32,
                         kTrans5HDName, "dstList");
    }
  }
  Trans5HDIssue(core, dst, src, repeats, p);
  for (uint32_t r = 0; r < repeats; ++r) {
    uint8_t in[16][32];
    uint8_t* out[16];
    for (int k = 0; k < 16; ++k) {
      std::memcpy(in[k], Trans5HDBlock(src[k], r, repeats, p.srcRepStride, "srcList", k).ptr, 32);
      out[k] = Trans5HDBlock(dst[k], r, repeats, p.dstRepStride, "dstList", k).ptr;
    }
    vec::TransposeBlocks16(eb, in, out, p.srcHighHalf, p.dstHighHalf);
    if (core.checked) {
      // 8-bit: each dst block gets the one half it was told to; else the whole block.
      for (int k = 0; k < 16; ++k) {
        MarkWritten(core, out[k] + (eb == 1 && p.dstHighHalf ? 16 : 0), eb == 1 ? 16 : 32);
      }
    }
  }
}

}  // namespace opsim::sim::detail
