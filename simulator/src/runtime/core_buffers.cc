// TPipe, TQue and TBuf on one core: carving the Unified Buffer, the queue buffers' state
// machine (free -> allocated -> enqueued -> dequeued -> free; anything else is a fault), scratch
// buffers, per-position slot limits and TPipe lifetimes.
#include "opsim/sim/detail/core.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/vector.h"
#include "runtime/describe_buffer.h"
#include "runtime/gm_bounds.h"
#include "runtime/gm_init.h"
#include "runtime/held_buffers.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kMaxBuffers = 64;
constexpr uint32_t kMaxQueueBuffers = 8;

const char* StateName(BufState s) {
  switch (s) {
    case BufState::kFree: return "free";
    case BufState::kAllocated: return "allocated";
    case BufState::kEnqueued: return "enqueued";
    case BufState::kDequeued: return "dequeued";
    case BufState::kScratch: return "scratch";
    case BufState::kDead: return "destroyed";
  }
  return "?";
}

QueueRecord& QueueOf(Core& core, int16_t queue, const char* instr) {
  if (queue < 0 || static_cast<size_t>(queue) >= core.queues.size()) {
    RaiseFault(FaultKind::kQueueMisuse, instr,
               "the queue has no buffers: call TPipe::InitBuffer on it first");
  }
  return core.queues[static_cast<size_t>(queue)];
}

uint32_t Carve(Core& core, uint32_t bytes, const char* instr, int16_t pool = -1) {
  if (core.bufs.size() >= kMaxBuffers) {
    RaiseFault(FaultKind::kTooManyBuffers, instr,
               "a TPipe holds at most " + std::to_string(kMaxBuffers) + " buffers");
  }
  if (pool >= 0) return CarvePool(core, pool, bytes, instr);
  const uint32_t available = core.ub_bytes - core.ub_used;
  if (bytes > available) {
    RaiseFault(FaultKind::kUbOverflow, instr,
               "requested " + std::to_string(bytes) + " B of Unified Buffer but only " +
                   std::to_string(available) + " B of " + std::to_string(core.ub_bytes) +
                   " B are left");
  }
  const uint32_t offset = core.ub_used;
  core.ub_used += bytes;
  NoteChanged(core, 0, 0, core.ub_used);
  return offset;
}

const char* PositionName(Position pos) {
  switch (pos) {
    case Position::kVecIn: return "VECIN";
    case Position::kVecOut: return "VECOUT";
    case Position::kVecCalc: return "VECCALC";
    case Position::kOther: break;
    default: return CubePositionName(pos);
  }
  return "other";
}

// The chip's queue manager has a fixed number of buffer slots per TPosition
// (DeviceProfile::queue_buffers_per_position); live queue buffers of every pipe count.
void CheckPositionBuffers(const Core& core, Position pos, uint32_t num, const char* instr) {
  uint32_t held = 0;
  for (const BufferRecord& r : core.bufs) {
    if (r.owner < 0 || r.state == BufState::kDead) continue;
    const QueueRecord& q = core.queues[static_cast<size_t>(r.owner)];
    if (q.position == pos && !q.events_freed) ++held;
  }
  const uint32_t limit = core.device->queue_buffers_per_position;
  if (held + num > limit) {
    RaiseFault(FaultKind::kTooManyBuffers, instr,
               std::string(PositionName(pos)) + " queues already hold " + std::to_string(held) +
                   " buffers and " + std::to_string(num) + " more were asked for; " +
                   core.device->name + " allows at most " + std::to_string(limit) +
                   " queue buffers per TPosition");
  }
}

uint32_t RoundUp32(uint64_t len, const char* instr) {
  if (len == 0 || len > (1ull << 31)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "buffer length " + std::to_string(len) + " B must be in [1, 2^31]");
  }
  return static_cast<uint32_t>((len + 31) / 32 * 32);
}

}  // namespace

Position ToPosition(AscendC::TPosition pos) {
  switch (pos) {
    case AscendC::TPosition::VECIN: return Position::kVecIn;
    case AscendC::TPosition::VECOUT: return Position::kVecOut;
    case AscendC::TPosition::VECCALC: return Position::kVecCalc;
    case AscendC::TPosition::A1: return Position::kA1;
    case AscendC::TPosition::A2: return Position::kA2;
    case AscendC::TPosition::B1: return Position::kB1;
    case AscendC::TPosition::B2: return Position::kB2;
    case AscendC::TPosition::C1: return Position::kC1;
    case AscendC::TPosition::C2: return Position::kC2;
    case AscendC::TPosition::CO1: return Position::kCO1;
    case AscendC::TPosition::CO2: return Position::kCO2;
    case AscendC::TPosition::C2PIPE2GM: return Position::kC2Pipe2Gm;
    // TSCM is L1 that the kernel fills (MTE2) for the Matmul's loads (MTE1): A1's memory and
    // pipes (docs/CUBE.md, "Matmul input forms (session 38)").
    case AscendC::TPosition::TSCM: return Position::kA1;
    default: return Position::kOther;
  }
}

uint32_t PipeBegin() {
  Core* core = CurOrNull();
  if (core == nullptr) return 0;  // a TPipe constructed on the host; InitBuffer will fault
  core->pipe_starts.push_back(
      {core->ub_used, core->cube_used, static_cast<uint32_t>(core->bufs.size()),
       static_cast<uint32_t>(core->queues.size()), static_cast<uint32_t>(core->pools.size())});
  return static_cast<uint32_t>(core->pipe_starts.size());
}

void PipeDestroy(uint32_t epoch) {
  Core& core = Cur();
  if (epoch == 0 || epoch != core.pipe_starts.size()) {
    RaiseFault(FaultKind::kInvalidArgument, "TPipe::Destroy",
               "pipes must be destroyed in reverse order of creation, once");
  }
  const PipeStart start = core.pipe_starts.back();
  CheckLeaks(core, start.first_buf, "TPipe::Destroy");
  for (size_t b = start.first_buf; b < core.bufs.size(); ++b) {
    if (core.bufs[b].owner == kRawOwner) continue;  // a memory's span outlives the TPipe
    core.bufs[b].state = BufState::kDead;
    ++core.bufs[b].gen;
  }
  core.ub_used = start.ub_used;
  core.cube_used = start.cube_used;
  core.pools.resize(start.first_pool);
  core.pipe_starts.pop_back();
  ReleaseTscm(epoch);
}

void PipeRelease(uint32_t epoch) noexcept {
  Core* core = CurOrNull();
  if (core == nullptr || epoch == 0 || epoch != core->pipe_starts.size()) return;
  try {
    PipeDestroy(epoch);
  } catch (const FaultError& e) {
    if (!core->pending_fault) core->pending_fault = e.fault();
    const PipeStart start = core->pipe_starts.back();
    core->ub_used = start.ub_used;
    core->cube_used = start.cube_used;
    core->pipe_starts.pop_back();
    ReleaseTscm(epoch);
  }
}

void JudgeHeldBuffer(const Core& core, size_t buf, const char* instr) {
  const BufferRecord& r = core.bufs[buf];
  if (r.owner < 0) return;  // TBuf and scratch buffers have no queue state to leave behind
  if (r.state == BufState::kEnqueued) {
    RaiseFault(FaultKind::kBufferLeak, instr,
               DescribeBuffer(core, static_cast<int16_t>(buf)) +
                   " is still enqueued: its EnQue's hand-off event is never waited for, so the "
                   "next WaitFlag of that event on the core passes before its data is ready; "
                   "DeQue it (and FreeTensor it) before the end");
  }
  if (r.state != BufState::kAllocated && r.state != BufState::kDequeued) return;
  if (core.launch == nullptr) return;
  core.launch->Warn(core, "buffer_leak", instr, -1, [&] {
    return DescribeBuffer(core, static_cast<int16_t>(buf)) + " is still " + StateName(r.state) +
           " (no FreeTensor): the chip resets a TPipe's buffers whatever their state, so "
           "nothing goes wrong here, but a loop that leaks this way runs out of buffers";
  });
}

void CheckLeaks(const Core& core, uint32_t first_buf, const char* instr) {
  for (size_t b = first_buf; b < core.bufs.size(); ++b) JudgeHeldBuffer(core, b, instr);
}

int16_t InitQueue(Position pos, uint32_t depth, uint32_t num, uint32_t len, int16_t existing) {
  return InitQueueIn(pos, pos, depth, num, len, existing, -1);
}

int16_t InitQueueIn(Position pos, Position dst_pos, uint32_t depth, uint32_t num, uint32_t len,
                    int16_t existing, int16_t pool) {
  Core& core = Cur();
  const char* instr = "TPipe::InitBuffer";
  if (existing >= 0 && static_cast<size_t>(existing) < core.queues.size()) {
    RaiseFault(FaultKind::kQueueMisuse, instr, "the queue already has buffers");
  }
  // TSCM<TPosition::GM> (TQueBind<GM, TSCM>): the kernel's copy from GM fills L1; on a MIX
  // block's AIV, its AIC's (cube_mix.cc).
  if (pos == Position::kOther && dst_pos == Position::kA1) {
    if (pool < 0 && OnMixAiv()) return InitTscmQueue(depth, num, len, existing);
    pos = dst_pos;
  }
  if (pos == Position::kOther || dst_pos == Position::kOther) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "only the VECIN, VECOUT, VECCALC and cube (A1, A2, B1, B2, C1, C2, CO1, CO2) "
               "queue positions exist on the simulated core");
  }
  // The memory the queue's buffers come from (the UB, or the cube's L1/L0/BT): both ends of a
  // TQueBind must live in the same one.
  const int mem = CubeMemoryOf(core, pos, instr);
  if (CubeMemoryOf(core, dst_pos, instr) != mem) {
    RaiseFault(FaultKind::kUnsupported, instr,
               std::string("TQueBind<") + PositionName(pos) + ", " + PositionName(dst_pos) +
                   ">: the two positions are different memories on " + core.device->name);
  }
  if (mem != kUbMemory && pool >= 0) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "TBufPool carves the Unified Buffer only; give cube queues their buffers from "
               "the TPipe");
  }
  if (num < 1 || num > kMaxQueueBuffers) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "num = " + std::to_string(num) +
                   " buffers (expected 1 <= num <= " + std::to_string(kMaxQueueBuffers) + ")");
  }
  CheckPositionBuffers(core, pos, num, instr);
  uint32_t bytes = RoundUp32(len, instr);
  if (mem != kUbMemory) {
    const uint32_t align = CubeAlignment(mem);
    bytes = (bytes + align - 1) / align * align;
  }
  if (core.bufs.size() + num > kMaxBuffers) {
    RaiseFault(FaultKind::kTooManyBuffers, instr,
               std::to_string(core.bufs.size()) + " buffers exist and " + std::to_string(num) +
                   " more were asked for; a TPipe holds at most " + std::to_string(kMaxBuffers));
  }
  if (mem == kUbMemory && pool < 0 &&
      static_cast<uint64_t>(bytes) * num > core.ub_bytes - core.ub_used) {
    RaiseFault(FaultKind::kUbOverflow, instr,
               "requested " + std::to_string(num) + " x " + std::to_string(bytes) + " = " +
                   std::to_string(static_cast<uint64_t>(bytes) * num) +
                   " B of Unified Buffer but only " + std::to_string(core.ub_bytes - core.ub_used) +
                   " B of " + std::to_string(core.ub_bytes) + " B are left");
  }
  QueueRecord q;
  q.position = pos;
  q.producer = pos == Position::kVecIn ? Pipe::kMte2 : Pipe::kV;
  q.consumer = dst_pos == Position::kVecOut ? Pipe::kMte3 : Pipe::kV;
  if (IsCubePosition(pos)) q.producer = CubeProducer(pos);
  if (IsCubePosition(dst_pos)) q.consumer = CubeConsumer(dst_pos);
  const uint32_t first = mem == kUbMemory ? 0 : CarveCube(core, mem, bytes, num, instr);
  q.depth = static_cast<uint8_t>(depth);
  q.first_buf = static_cast<uint8_t>(core.bufs.size());
  q.num_bufs = static_cast<uint8_t>(num);
  const int16_t id = static_cast<int16_t>(core.queues.size());
  for (uint32_t i = 0; i < num; ++i) {
    BufferRecord r;
    r.offset = mem == kUbMemory ? Carve(core, bytes, instr, pool) : first + i * bytes;
    r.bytes = bytes;
    r.owner = id;
    r.pool = pool;
    core.bufs.push_back(r);
  }
  core.queues.push_back(std::move(q));
  return id;
}

int16_t InitScratch(uint32_t len, int16_t existing) { return InitScratchIn(len, existing, -1); }

int16_t InitScratchIn(uint32_t len, int16_t existing, int16_t pool) {
  return InitScratchAt(Position::kVecCalc, len, existing, pool);
}

int16_t InitScratchAt(Position pos, uint32_t len, int16_t existing, int16_t pool) {
  Core& core = Cur();
  const char* instr = "TPipe::InitBuffer";
  const int mem = pos == Position::kOther ? kUbMemory : CubeMemoryOf(core, pos, instr);
  if (mem != kUbMemory && pool >= 0) {
    RaiseFault(FaultKind::kUnsupported, instr, "TBufPool carves the Unified Buffer only");
  }
  if (existing >= 0 && static_cast<size_t>(existing) < core.bufs.size() &&
      core.bufs[static_cast<size_t>(existing)].state == BufState::kScratch) {
    RaiseFault(FaultKind::kQueueMisuse, instr, "the TBuf already has a buffer");
  }
  BufferRecord r;
  r.bytes = RoundUp32(len, instr);
  if (mem != kUbMemory) {
    const uint32_t align = CubeAlignment(mem);
    r.bytes = (r.bytes + align - 1) / align * align;
  }
  r.offset = mem == kUbMemory ? Carve(core, r.bytes, instr, pool)
                              : CarveCube(core, mem, r.bytes, 1, instr);
  r.pool = pool;
  r.state = BufState::kScratch;
  // A TBuf keeps what was written through every Get, so only its creation clears it.
  ClearWritten(core, r.offset, r.bytes);
  r.garbage_from = nullptr;
  DropElidedCopies(core, core.ub + r.offset, core.ub + r.offset + r.bytes);
  core.bufs.push_back(r);
  return static_cast<int16_t>(core.bufs.size() - 1);
}

UbRef QueueAlloc(int16_t queue) {
  if (queue >= kAicQueue) return TscmQueueAlloc(queue);
  Core& core = Cur();
  const char* instr = "TQue::AllocTensor";
  QueueRecord& q = QueueOf(core, queue, instr);
  if (q.events_freed) {  // its buffers take events again, within the position's limit
    CheckPositionBuffers(core, q.position, q.num_bufs, instr);
    q.events_freed = false;
  }
  // Hand buffers out round-robin, as the chip's queue does, so double buffering alternates.
  for (uint32_t k = 0; k < q.num_bufs; ++k) {
    const uint32_t i = (q.next_alloc + k) % q.num_bufs;
    BufferRecord& r = core.bufs[q.first_buf + i];
    if (r.state != BufState::kFree) continue;
    q.next_alloc = static_cast<uint8_t>((i + 1) % q.num_bufs);
    r.state = BufState::kAllocated;
    ClearWritten(core, r.offset, r.bytes);  // a fresh tensor holds the previous tile's data
    r.garbage_from = nullptr;
    DropElidedCopies(core, core.ub + r.offset, core.ub + r.offset + r.bytes);
    double& clock = core.clock[static_cast<int>(q.producer)];
    clock = std::max(clock, r.free_at);
    return UbRef{core.ub + r.offset, r.bytes, static_cast<int16_t>(q.first_buf + i), r.gen};
  }
  RaiseFault(FaultKind::kQueueMisuse, instr,
             "all " + std::to_string(q.num_bufs) + " buffers of queue #" + std::to_string(queue) +
                 " are in use (the chip would wait forever): FreeTensor one first");
}

static BufferRecord& Owned(Core& core, int16_t queue, const UbRef& ref, const char* instr) {
  if (ref.buf < 0 || static_cast<size_t>(ref.buf) >= core.bufs.size() ||
      core.bufs[static_cast<size_t>(ref.buf)].owner != queue) {
    RaiseFault(FaultKind::kQueueMisuse, instr,
               "the tensor does not belong to queue #" + std::to_string(queue) +
                   (ref.buf >= 0 && static_cast<size_t>(ref.buf) < core.bufs.size()
                        ? " (it is " + DescribeBuffer(core, ref.buf) + ")"
                        : std::string(" (it was not allocated from a queue)")));
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  if (r.gen != ref.gen || r.state == BufState::kFree || r.state == BufState::kDead) {
    RaiseFault(FaultKind::kQueueMisuse, instr,
               DescribeBuffer(core, ref.buf) + " was already freed (double free or stale tensor)");
  }
  return r;
}

void QueueEnQue(int16_t queue, const UbRef& ref) {
  if (queue >= kAicQueue) return TscmQueueEnQue(queue, ref);
  Core& core = Cur();
  const char* instr = "TQue::EnQue";
  QueueRecord& q = QueueOf(core, queue, instr);
  BufferRecord& r = Owned(core, queue, ref, instr);
  // CANN's TQueBind::EnQue takes a tensor that is allocated or dequeued (a kernel may hand a
  // dequeued accumulator back to its queue, as a public LogSumExp does); one already queued is
  // a misuse.
  if (r.state != BufState::kAllocated && r.state != BufState::kDequeued) {
    RaiseFault(FaultKind::kQueueMisuse, instr,
               DescribeBuffer(core, ref.buf) + " is " + StateName(r.state) +
                   "; only an allocated or dequeued tensor can be enqueued");
  }
  if (q.fifo.size() >= q.depth) {
    RaiseFault(
        FaultKind::kQueueMisuse, instr,
        "queue #" + std::to_string(queue) + " is full (depth " + std::to_string(q.depth) + ")");
  }
  r.state = BufState::kEnqueued;
  r.ready_at = core.DoneAt(q.producer);
  q.fifo.push_back({ref.ptr, ref.bytes, ref.buf});
}

UbRef QueueDeQue(int16_t queue) {
  if (queue >= kAicQueue) return TscmQueueDeQue(queue);
  Core& core = Cur();
  const char* instr = "TQue::DeQue";
  QueueRecord& q = QueueOf(core, queue, instr);
  if (q.fifo.empty()) {
    RaiseFault(FaultKind::kQueueMisuse, instr,
               "queue #" + std::to_string(queue) +
                   " is empty (the chip would wait forever): EnQue a tensor first");
  }
  const QueueRecord::Entry e = q.fifo.front();
  q.fifo.erase(q.fifo.begin());
  BufferRecord& r = core.bufs[static_cast<size_t>(e.buf)];
  r.state = BufState::kDequeued;
  double& clock = core.clock[static_cast<int>(q.consumer)];
  clock = std::max(clock, r.ready_at);
  return UbRef{e.ptr, e.bytes, e.buf, r.gen};
}

void QueueFree(int16_t queue, const UbRef& ref) {
  if (queue >= kAicQueue) return TscmQueueFree(queue, ref);
  Core& core = Cur();
  const char* instr = "TQue::FreeTensor";
  QueueRecord& q = QueueOf(core, queue, instr);
  BufferRecord& r = Owned(core, queue, ref, instr);
  if (r.state == BufState::kEnqueued) {
    RaiseFault(
        FaultKind::kQueueMisuse, instr,
        DescribeBuffer(core, ref.buf) + " is still in the queue: DeQue it before FreeTensor");
  }
  r.state = BufState::kFree;
  ++r.gen;
  r.free_at = core.DoneAt(q.consumer);
  DropElidedCopies(core, core.ub + r.offset, core.ub + r.offset + r.bytes);
}

// CANN's TQueBind::FreeAllEvent: the producer waits for each freed buffer's hand-off (the
// WaitFlag on its free event) and the events go back to the pipe. A buffer still enqueued holds
// its EnQue event, which CANN asserts against.
void QueueFreeAllEvent(int16_t queue) {
  if (queue >= kAicQueue) return TscmQueueFreeAllEvent(queue);
  Core& core = Cur();
  const char* instr = "TQue::FreeAllEvent";
  QueueRecord& q = QueueOf(core, queue, instr);
  double& clock = core.clock[static_cast<int>(q.producer)];
  for (uint32_t i = 0; i < q.num_bufs; ++i) {
    const size_t buf = q.first_buf + i;
    const BufferRecord& r = core.bufs[buf];
    if (r.state == BufState::kEnqueued) {
      RaiseFault(FaultKind::kQueueMisuse, instr,
                 DescribeBuffer(core, static_cast<int16_t>(buf)) +
                     " is still in the queue, holding its EnQue event: DeQue it first");
    }
    if (r.state == BufState::kFree) clock = std::max(clock, r.free_at);
  }
  q.events_freed = true;
}

uint32_t QueueCount(int16_t queue) {
  if (queue >= kAicQueue) return TscmQueueCount(queue);
  Core& core = Cur();
  return static_cast<uint32_t>(QueueOf(core, queue, "TQue::GetTensorCountInQue").fifo.size());
}

UbRef ScratchGet(int16_t buf, uint32_t offset_bytes, uint32_t bytes, const char* instr) {
  Core& core = Cur();
  if (buf < 0 || static_cast<size_t>(buf) >= core.bufs.size() ||
      core.bufs[static_cast<size_t>(buf)].state != BufState::kScratch) {
    RaiseFault(FaultKind::kQueueMisuse, instr,
               "the TBuf has no buffer: call TPipe::InitBuffer on it first");
  }
  const BufferRecord& r = core.bufs[static_cast<size_t>(buf)];
  const uint64_t len = bytes == 0 ? r.bytes - std::min(offset_bytes, r.bytes) : bytes;
  if (offset_bytes % 32 != 0 || static_cast<uint64_t>(offset_bytes) + len > r.bytes) {
    RaiseFault(FaultKind::kOutOfBoundsUb, instr,
               "asks for " + std::to_string(len) + " B at offset " + std::to_string(offset_bytes) +
                   " of a " + std::to_string(r.bytes) + " B TBuf (offset must be 32 B aligned)");
  }
  return UbRef{core.ub + r.offset + offset_bytes, static_cast<uint32_t>(len), buf, r.gen};
}

}  // namespace opsim::sim::detail
