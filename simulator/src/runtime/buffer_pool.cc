// TBufPool slices of the Unified Buffer and LocalMemAllocator's static tensors.
#include <string>

#include "opsim/sim/ascendc/pipe.h"
#include "runtime/held_buffers.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

PoolRecord& PoolOf(Core& core, int16_t pool, const char* instr) {
  if (pool < 0 || static_cast<size_t>(pool) >= core.pools.size()) {
    RaiseFault(FaultKind::kQueueMisuse, instr,
               "the TBufPool has no memory: call TPipe::InitBufPool on it first");
  }
  return core.pools[static_cast<size_t>(pool)];
}

uint32_t Round32(uint64_t len, const char* instr) {
  if (len == 0 || len > (1ull << 31)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "length " + std::to_string(len) + " B must be in [1, 2^31]");
  }
  return static_cast<uint32_t>((len + 31) / 32 * 32);
}

}  // namespace

uint32_t CarvePool(Core& core, int16_t pool, uint32_t bytes, const char* instr) {
  PoolRecord& p = PoolOf(core, pool, instr);
  if (bytes > p.bytes - p.used) {
    RaiseFault(FaultKind::kUbOverflow, instr,
               "requested " + std::to_string(bytes) + " B of TBufPool #" + std::to_string(pool) +
                   " but only " + std::to_string(p.bytes - p.used) + " B of its " +
                   std::to_string(p.bytes) + " B are left");
  }
  const uint32_t offset = p.offset + p.used;
  p.used += bytes;
  return offset;
}

int16_t InitPool(uint32_t len, int16_t parent, int16_t share, int16_t existing) {
  Core& core = Cur();
  const char* instr = "InitBufPool";
  if (existing >= 0 && static_cast<size_t>(existing) < core.pools.size()) {
    RaiseFault(FaultKind::kQueueMisuse, instr, "the TBufPool already has memory");
  }
  const uint32_t bytes = Round32(len, instr);
  PoolRecord rec;
  rec.parent = parent;
  if (share >= 0) {
    // Ascend C: the new pool and the shared one have the same start and length.
    const PoolRecord& other = PoolOf(core, share, instr);
    if (bytes != other.bytes) {
      RaiseFault(FaultKind::kInvalidArgument, instr,
                 "a pool sharing TBufPool #" + std::to_string(share) + " must have its length " +
                     std::to_string(other.bytes) + " B, not " + std::to_string(bytes) + " B");
    }
    rec.offset = other.offset;
    rec.bytes = other.bytes;
  } else if (parent >= 0) {
    rec.offset = CarvePool(core, parent, bytes, instr);
    rec.bytes = bytes;
  } else {
    if (bytes > core.ub_bytes - core.ub_used) {
      RaiseFault(FaultKind::kUbOverflow, instr,
                 "requested " + std::to_string(bytes) + " B of Unified Buffer but only " +
                     std::to_string(core.ub_bytes - core.ub_used) + " B of " +
                     std::to_string(core.ub_bytes) + " B are left");
    }
    rec.offset = core.ub_used;
    rec.bytes = bytes;
    core.ub_used += bytes;
    NoteChanged(core, 0, 0, core.ub_used);
  }
  core.pools.push_back(rec);
  return static_cast<int16_t>(core.pools.size() - 1);
}

void ResetPool(int16_t pool) {
  Core& core = Cur();
  const char* instr = "TBufPool::Reset";
  PoolRecord& p = PoolOf(core, pool, instr);
  for (size_t b = 0; b < core.bufs.size(); ++b) {
    BufferRecord& r = core.bufs[b];
    if (r.pool != pool || r.state == BufState::kDead) continue;
    JudgeHeldBuffer(core, b, instr);
    r.state = BufState::kDead;
    ++r.gen;
  }
  p.used = 0;
}

uint32_t PoolStart(int16_t pool) { return PoolOf(Cur(), pool, "TBufPool::GetCurAddr").offset; }

void CheckBufHandleIndex(uint32_t offset, uint32_t handles) {
  if (offset >= handles) {
    RaiseFault(FaultKind::kInvalidArgument, "TBufPool::GetBufHandle",
               "offset " + std::to_string(offset) + " is beyond the pool's " +
                   std::to_string(handles) + " buffer handles (EXTERN_IMPL_BUFPOOL's BUFID_SIZE)");
  }
}

// A custom TBufPool's InitBufHandle names the address of buffer `index`: opsim carves a pool's
// buffers one after another, so the address must be the one the carve gave.
void CheckPlacedAt(int16_t owner, bool is_queue, uint32_t index, uint32_t addr) {
  Core& core = Cur();
  const char* instr = "InitBufHandle";
  size_t buf = static_cast<size_t>(owner);
  if (is_queue) {
    if (owner < 0 || static_cast<size_t>(owner) >= core.queues.size()) {
      RaiseFault(FaultKind::kQueueMisuse, instr,
                 "buffer " + std::to_string(index) +
                     " before buffer 0: call InitStartBufHandle, then InitBufHandle from index 0");
    }
    const QueueRecord& q = core.queues[static_cast<size_t>(owner)];
    if (index >= q.num_bufs) {
      RaiseFault(FaultKind::kInvalidArgument, instr,
                 "index " + std::to_string(index) + " is beyond the " + std::to_string(q.num_bufs) +
                     " buffers InitStartBufHandle gave the queue");
    }
    buf = q.first_buf + index;
  }
  const uint32_t at = core.bufs[buf].offset;
  if (at != addr) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "buffer " + std::to_string(index) + " at UB byte " + std::to_string(addr) +
                   ": opsim places a custom TBufPool's buffers one after another from its "
                   "start, and this one's next free byte is " +
                   std::to_string(at) + " (GetCurAddr, advanced by each buffer's length)");
  }
}

uint32_t AllocStatic(uint64_t bytes) {
  Core& core = Cur();
  const int16_t id = InitScratchIn(Round32(bytes, "LocalMemAllocator::Alloc"), -1, -1);
  return core.bufs[static_cast<size_t>(id)].offset;
}

uint32_t UbUsed() { return Cur().ub_used; }

}  // namespace opsim::sim::detail
