// Gatherb: 32 B blocks of src gathered by byte offsets (CANN's Gatherb(ISASI) page: 8 blocks per
// repeat, dstBlkStride 0 taken as 1, repeatTime 0 a no-op on the A2/A3 generation). Operand
// checks, V-pipe cost and the block moves (vec::GatherBlocks).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector_gather.h"
#include "opsim/sim/vector_gather_unit.h"
#include "runtime/describe_buffer.h"
#include "runtime/launch_state.h"
#include "runtime/vector_repeat_lanes.h"

namespace opsim::sim::detail {
namespace {

constexpr const char* kGatherbName = "Gatherb";

// Byte offset in dst of block b (the j-th block of repeat r: j * dstBlkStride + r * dstRepStride
// blocks of 32 B), the layout vec::GatherBlocks writes.
uint64_t GatherbDstOffset(uint32_t b, uint32_t blk, uint32_t rep) {
  return (static_cast<uint64_t>(b / 8) * rep + (b % 8) * blk) * 32;
}

// CANN: each offset, added to src's start, must be 32 B-aligned and stay within the data; a
// block past src's end reads whatever UB holds there, a kernel bug either way.
void CheckGatherbSource(const UbRef& src, uint32_t offset, uint32_t block) {
  if (offset % 32 != 0) {
    RaiseFault(FaultKind::kInvalidArgument, kGatherbName,
               "offset[" + std::to_string(block) + "] " + std::to_string(offset) +
                   " is not a multiple of 32 B (a DataBlock): CANN requires each block's source "
                   "address to be 32 B-aligned");
  }
  if (static_cast<uint64_t>(offset) + 32 > src.bytes) {
    RaiseFault(FaultKind::kOutOfBoundsUb, kGatherbName,
               "offset[" + std::to_string(block) + "] " + std::to_string(offset) +
                   " reads bytes [" + std::to_string(offset) + ", " +
                   std::to_string(static_cast<uint64_t>(offset) + 32) + ") of src, which holds " +
                   std::to_string(src.bytes) + " B");
  }
}

// CANN does not allow src and dst to share memory: a block read that is also a block written
// gives an order-dependent result on the chip. Only such a block is a fault (tensors that overlap
// elsewhere are not).
void CheckGatherbApart(const UbRef& dst, const UbRef& src, const uint32_t* offs, uint32_t blocks,
                       uint32_t blk, uint32_t rep) {
  if (dst.ptr >= src.ptr + src.bytes || src.ptr >= dst.ptr + dst.bytes) return;
  std::vector<const uint8_t*> written(blocks);
  for (uint32_t b = 0; b < blocks; ++b) {
    written[b] = dst.ptr + GatherbDstOffset(b, blk, rep);
  }
  std::sort(written.begin(), written.end());
  for (uint32_t b = 0; b < blocks; ++b) {
    const uint8_t* read = src.ptr + offs[b];
    // Blocks are 32 B-aligned on both sides, so overlapping blocks start at the same byte.
    if (std::binary_search(written.begin(), written.end(), read)) {
      RaiseFault(FaultKind::kInvalidArgument, kGatherbName,
                 "offset[" + std::to_string(b) + "] " + std::to_string(offs[b]) +
                     " reads a block of src that this call also writes in dst: CANN does not "
                     "allow src and dst to share memory");
    }
  }
}

}  // namespace

void GatherbRun(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t repeat,
                uint32_t dst_blk, uint32_t dst_rep) {
  if (repeat == 0) return;  // a NOP on the A2/A3 generation (CANN)
  const uint32_t blk = dst_blk == 0 ? 1 : dst_blk;
  const uint32_t blocks = repeat * 8;
  const uint64_t dst_span = (static_cast<uint64_t>(repeat - 1) * dst_rep + 7ull * blk) * 32 + 32;
  CheckVectorOperand(dst, dst_span, kGatherbName, "dst");
  CheckVectorOperand(offset, static_cast<uint64_t>(blocks) * 4, kGatherbName, "offset");
  CheckVectorOperand(src, 0, kGatherbName, "src");
  Core& core = Cur();
  if (core.checked) {
    CheckWritten(core, offset, 0, static_cast<uint64_t>(blocks) * 4, kGatherbName, "offset");
  }
  const uint32_t* offs = reinterpret_cast<const uint32_t*>(offset.ptr);
  for (uint32_t b = 0; b < blocks; ++b) {
    CheckGatherbSource(src, offs[b], b);
    if (core.checked) CheckWritten(core, src, offs[b], 32, kGatherbName, "src");
  }
  CheckGatherbApart(dst, src, offs, blocks, blk, dst_rep);
  const UbRef srcs[2] = {src, offset};
  const uint64_t spans[2] = {src.bytes, static_cast<uint64_t>(blocks) * 4};
  ChargeRepeatSpans(kGatherbName, repeat, &dst, dst_span, srcs, spans, 2);
  vec::GatherBlocks(dst.ptr, src.ptr, offs, repeat, blk, dst_rep);
  if (core.checked) {  // the blocks written, not the gaps a stride leaves
    for (uint32_t b = 0; b < blocks; ++b) {
      MarkWritten(core, dst.ptr + GatherbDstOffset(b, blk, dst_rep), 32);
    }
  }
}

}  // namespace opsim::sim::detail
