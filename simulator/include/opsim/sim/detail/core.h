// The state of one simulated core while it runs a block. Internal to the simulator: the AscendC
// templates reach it through Cur(); kernels never name it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/sim/detail/copy_elision.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::detail {

class LaunchState;

enum class BufState : uint8_t { kFree, kAllocated, kEnqueued, kDequeued, kScratch, kDead };
enum class Position : uint8_t {
  kVecIn,
  kVecOut,
  kVecCalc,
  kOther,
  // The cube's positions (cube_buffers.cc maps each to its memory on the running chip).
  kA1,
  kA2,
  kB1,
  kB2,
  kC1,
  kC2,
  kCO1,
  kCO2,
  kC2Pipe2Gm,  // the Fixpipe buffer (docs/CUBE.md, "The Fixpipe buffer")
};
// The core's local memories besides the UB, in the order they follow it in Core::ub's array.
enum class CubeMem : uint8_t { kL1, kL0A, kL0B, kL0C, kBT, kFB };
inline constexpr int kCubeMemCount = 6;

// Checked mode: a pipe's access to bytes [lo, hi) of the local memory, running until `end`.
// `order` numbers a buffer's accesses as they come (PipeAccessRing::Insert sets it).
struct PipeAccess {
  uint32_t lo = 0;
  uint32_t hi = 0;
  double end = 0;
  int8_t pipe = -1;
  bool write = false;
  uint32_t order = 0;
};

// Checked mode: the accesses to one buffer a later access of another pipe may still overlap, at
// most kKept of them, kept in a ring sorted by (end, order) so that the one to forget when it is
// full (the one that ended first) is at the front (pipe_sync.cc). Every scalar GetValue and
// SetValue lands here, so no step shifts more than a few entries and none allocates.
class PipeAccessRing {
 public:
  static constexpr uint32_t kKept = 16;
  uint32_t size() const { return count_; }
  const PipeAccess& operator[](uint32_t i) const { return slot_[(head_ + i) % kKept]; }
  PipeAccess& operator[](uint32_t i) { return slot_[(head_ + i) % kKept]; }
  // Keeps the entries `keep` accepts, in order.
  template <typename Keep>
  void Filter(const Keep& keep) {
    uint32_t kept = 0;
    for (uint32_t i = 0; i < count_; ++i) {
      if (!keep((*this)[i])) continue;
      if (kept != i) (*this)[kept] = (*this)[i];
      ++kept;
    }
    count_ = kept;
  }
  // Adds `a` as the latest arrival (its order is set here); when full, the front goes first.
  void Insert(PipeAccess a) {
    a.order = arrivals_++;
    if (count_ == kKept) {
      head_ = (head_ + 1) % kKept;
      --count_;
    }
    uint32_t at = count_++;
    for (; at > 0 && (*this)[at - 1].end > a.end; --at) (*this)[at] = (*this)[at - 1];
    (*this)[at] = a;
  }

 private:
  std::array<PipeAccess, kKept> slot_{};
  uint32_t head_ = 0;
  uint32_t count_ = 0;
  uint32_t arrivals_ = 0;  // the next order
};

// Checked mode: bounds over the accesses one pipe made to a buffer, of one kind, that are kept
// (or were once), so that the ring is searched only when it may matter (pipe_sync.cc): no
// access ends after `latest_end`, none starts above `highest_lo` (-1: none kept), none ends
// below `lowest_hi`.
struct PipeAccessBounds {
  double latest_end = 0;
  int64_t highest_lo = -1;
  uint32_t lowest_hi = UINT32_MAX;
};

// BufferRecord::owner of a local memory's whole span, which LocalTensors made from a raw address
// (CANN's static tensor programming) are views of: one a memory, never freed.
inline constexpr int16_t kRawOwner = -2;

// One buffer carved out of the Unified Buffer by TPipe::InitBuffer.
struct BufferRecord {
  uint32_t offset = 0;  // byte offset in the UB
  uint32_t bytes = 0;
  int16_t owner = -1;  // queue index, or -1 for a TBuf (kRawOwner: raw-address tensors)
  int16_t pool = -1;   // the TBufPool it was carved from, or -1 for the TPipe
  BufState state = BufState::kFree;
  uint32_t gen = 0;     // bumped on every free, so stale LocalTensors are caught
  double ready_at = 0;  // queue hand-off: when the producer's writes are done (EnQue)
  double free_at = 0;   // queue hand-off: when the consumer is done (FreeTensor)
  // The last write and read by a pipe: the missing-sync check (checked mode) and the orders
  // CANN's --cce-auto-sync inserts (auto-sync on) both read them.
  double write_end = 0;
  double read_end = 0;
  int8_t write_pipe = -1;
  int8_t read_pipe = -1;
  // A V write no other pipe has touched since: a later V instruction on the buffer needs a
  // PipeBarrier<PIPE_V> (Core::v_barriers passed) when auto-sync is off. A hand-off to another
  // pipe and back orders the two V instructions by itself.
  bool v_write_pending = false;
  uint32_t v_write_barriers = 0;  // Core::v_barriers at that write
  // Checked mode: the accesses another pipe may still overlap, with their bytes, so that two
  // parts of one buffer (x1Local and x1Local[n] of one AllocTensor) are two places, as on the
  // chip (pipe_sync.cc).
  PipeAccessRing accesses;
  PipeAccessBounds bounds[kPipeCount][2];  // [pipe][write]
  // Checked mode: the first elementwise instruction that computed lanes of this buffer from
  // source bytes nothing wrote (those lanes stay unwritten); named when they are used.
  const char* garbage_from = nullptr;
};

struct QueueRecord {
  Position position = Position::kOther;
  Pipe producer = Pipe::kV;
  Pipe consumer = Pipe::kV;
  uint8_t depth = 1;
  uint8_t first_buf = 0;  // buffers [first_buf, first_buf + num_bufs) in Core::bufs
  uint8_t num_bufs = 0;
  uint8_t next_alloc = 0;  // round-robin position for AllocTensor
  // TQueBind::FreeAllEvent gave the queue's events back: its buffers do not count against the
  // position's limit until it allocates again.
  bool events_freed = false;
  // Enqueued tensors in FIFO order: buffer index and the view that was enqueued.
  struct Entry {
    uint8_t* ptr;
    uint32_t bytes;
    int16_t buf;
  };
  std::vector<Entry> fifo;
};

// What a TPipe found when it was created; Destroy returns the UB to this point.
struct PipeStart {
  uint32_t ub_used;
  std::array<uint32_t, kCubeMemCount> cube_used;
  uint32_t first_buf;
  uint32_t first_queue;
  uint32_t first_pool;
};

// A TBufPool: a slice of the UB that queues and TBufs carve from until Reset.
struct PoolRecord {
  uint32_t offset = 0;  // byte offset in the UB
  uint32_t bytes = 0;
  uint32_t used = 0;
  int16_t parent = -1;  // the pool it was carved from (-1: the TPipe)
};

// A type-erased view of UB memory, as the AscendC templates pass it to the runtime.
struct UbRef {
  uint8_t* ptr = nullptr;
  uint32_t bytes = 0;  // bytes from ptr to the end of the buffer
  int16_t buf = -1;
  uint32_t gen = 0;
};
// UbRef::buf of a static tensor constructed on the core type whose memory it is not (an AIV's
// A1 tensor on the 910B): legal to make, a fault to use; gen holds the memory.
inline constexpr int16_t kOtherCoreBuf = -2;

// An access to GM bytes [lo, hi) by S (GlobalTensor::GetValue/SetValue) or a DMA (MTE2 reads GM,
// MTE3 writes it), for the syncs --cce-auto-sync inserts between them (gm_sync.cc).
struct GmAccess {
  const uint8_t* lo;
  const uint8_t* hi;
  double end;
  Pipe pipe;
  bool write;
};

// A type-erased view of GM memory. Accesses are checked against `limit`, the allocation the
// bytes belong to, as the chip's MMU would; past the declared `bytes` but inside `limit` is
// legal on the chip and only a warning (docs/CHECKS.md, B6).
struct GmRef {
  uint8_t* ptr = nullptr;
  uint64_t bytes = 0;  // bytes from ptr to the end of the GlobalTensor, as the kernel declared
  uint64_t limit = 0;  // bytes from ptr to the end of its GM region; 0 outside every region
  int16_t region = -1;
};

class Core;

// Checked mode starts every block with its local memories all 0xFF, so that a read of bytes
// nothing wrote shows as NaN / all ones. Filling the whole ~1 MB (UB and the cube's memories)
// per block was most of a small checked case's host time, so the storage remembers what may
// have changed since it was last filled: every byte a buffer was carved from (`ub_used` and
// `cube_used` upward), which covers instructions and host writes through a tensor's pointer
// alike. Kept with the storage (FiberScheduler) across launches; a launch that does not track
// (unchecked) leaves it unknown, and the next checked block fills all of it.
struct LocalFill {
  uint32_t capacity = 0;    // bytes of the storage
  bool all_filled = false;  // every byte is 0xFF except the `changed` ranges
  std::array<std::pair<uint32_t, uint32_t>, kCubeMemCount + 1> changed{};  // [lo, hi): UB, cube
};
// Stops the block: a pipe clock reached at_ns, past Core::timeout_ns, at instruction `name`.
[[noreturn]] void RaiseTimeout(const char* name, double at_ns, double limit_ns);

// The lists a block fills as it runs: emptied in one place (Clear) at each block's start, and
// their storage kept from one launch to the next on each host thread (core_storage.h).
struct BlockLists {
  std::vector<BufferRecord> bufs;
  std::vector<QueueRecord> queues;
  std::vector<PipeStart> pipe_starts;
  std::vector<PoolRecord> pools;
  // Recent GM accesses of this block by the DMA pipes and by S (gm_sync.cc), while auto-sync or
  // checked mode needs them.
  std::vector<GmAccess> gm_dma;
  std::vector<GmAccess> gm_scalar;
  std::vector<ElidedCopy> elided;  // deferred GM -> UB copies, never overlapping in the UB
  // Checked mode: one bit per UB byte (bit b of word b / 64), set when an instruction writes the
  // byte and cleared when its buffer is handed out again (AllocTensor, InitBuffer), so a read of
  // bytes nothing wrote is a kUninitializedRead fault. Bits, not bytes, to keep the flag traffic
  // an eighth of the data moved. Empty in unchecked mode.
  std::vector<uint64_t> ub_written;

  void Clear() {
    bufs.clear();
    queues.clear();
    pipe_starts.clear();
    pools.clear();
    gm_dma.clear();
    gm_scalar.clear();
    elided.clear();
    ub_written.clear();
  }
};

class Core : public BlockLists {
 public:
  // Identity of the running block.
  int32_t block_idx = 0;
  int32_t block_num = 1;
  int32_t core_idx = 0;
  const DeviceProfile* device = nullptr;
  LaunchState* launch = nullptr;
  bool checked = false;
  // CANN's --cce-auto-sync (LaunchOptions::auto_sync): S <-> V/MTE2/MTE3 dependencies are
  // ordered as the inserted SetFlag/WaitFlag would order them, V -> V as PipeBarrier<PIPE_V>.
  bool auto_sync = true;
  uint32_t v_barriers = 0;  // PipeBarrier<PIPE_V> or <PIPE_ALL> passed in this block
  bool tracing = false;
  uint64_t tiling_key = 0;
  double timeout_ns = 1e9;  // LaunchOptions::timeout_ns, +inf for no limit
  // The block's last instruction (Issue), which an AI Core exception's message names: the kernel
  // code that crashed ran after it. Null before the block's first.
  const char* last_instruction = nullptr;
  uint32_t sync_epoch = 0;  // SyncAll calls passed; GM writes are compared within one epoch
  std::optional<Fault> pending_fault;  // found where throwing is not allowed (a destructor)
  // Copy elision (copy_elision.h): unchecked launches with LaunchOptions::copy_elision.
  bool elide_copies = false;
  uint64_t elided_bytes = 0;  // deferred bytes never copied (KernelStats::elided_copy_bytes)

  // Vector mask register (SetVectorMask): lane bits in normal mode; in counter mode
  // (SetMaskCount) vector_mask[0] is the element count of the next masked instruction.
  uint64_t vector_mask[2] = {~0ull, ~0ull};
  bool mask_counter = false;
  // SetAtomicAdd/Max/Min: UB -> GM copies combine with GM instead of overwriting it.
  uint8_t atomic_op = 0;  // 0 none, 1 add, 2 max, 3 min
  DType atomic_dtype = DType::kFloat32;
  uint8_t cmp_mask[16] = {};  // CMPMASK: Compare without dst writes it, GetCmpMask reads it
  float deq_scale = 1.0f;     // SetDeqScale(half): Cast int32 -> half with CAST_NONE
  // ACC_VAL: the count form of ReduceSum leaves its result's bits here (GetReduceRepeatSumSpr).
  uint64_t acc_val = 0;
  // CTRL (SetCtrlSpr): on the 910B only bit 48, the float saturation switch, is the kernel's.
  int64_t ctrl = 0;
  // DATA_EXP_0..3 (CheckLocalMemoryIA): UB ranges whose accesses raise an exception; data_exp_on
  // when one has its enable bit, so the accesses' hook costs one test otherwise.
  uint64_t data_exp[4] = {};
  bool data_exp_on = false;
  double block_start_ns = 0;  // the block's start (PrintTimeStamp's entry)

  // GetTPipePtr: the current TPipe (an AscendC::TPipe*); SetSysWorkspace's pointer.
  void* tpipe = nullptr;
  uint8_t* sys_workspace = nullptr;

  // Unified Buffer of this core.
  uint8_t* ub = nullptr;
  uint32_t ub_bytes = 0;
  uint32_t ub_used = 0;
  // The cube's memories follow the UB in the same array (ub[cube_base[m]] on), so every buffer
  // is an offset from `ub` and the UB checks cover them (docs/CUBE.md).
  CoreType core_type = CoreType::kAiv;
  uint32_t local_bytes = 0;  // UB plus every cube memory
  std::array<uint32_t, kCubeMemCount> cube_base{};
  std::array<uint32_t, kCubeMemCount> cube_bytes{};
  std::array<uint32_t, kCubeMemCount> cube_used{};
  LocalFill* fill = nullptr;  // of `ub`'s storage; null: refill all of local_bytes per block

  // Per-pipe simulated clocks (ns): when each pipe may start its next instruction.
  std::array<double, kPipeCount> clock{};
  // Per DMA pipe, when its last DMA's data is there (IssueDma, dma_setup.h): the DMA holds the
  // pipe for less than its latency. Hand-overs (flags, queues, barriers) wait for DoneAt.
  std::array<double, kPipeCount> landed{};
  std::array<PipeStats, kPipeCount> stats{};
  // One slot per AscendC::HardEvent (flags.cc asserts that they fit).
  static constexpr size_t kHardEventSlots = 40;
  std::array<std::array<double, 8>, kHardEventSlots> flags{};  // SetFlag times, [event][id]
  std::array<uint8_t, kHardEventSlots> flag_set{};             // bit id set while a flag is pending
  std::vector<TraceEvent>* trace = nullptr;

  // Precomputed cost figures (ns).
  double ns_per_cycle = 1;
  double vector_issue_ns = 0;
  double vector_repeat_ns = 0;
  double dma_setup_ns = 0;
  double dma_issue_ns = 0;
  double dma_ns_per_byte = 0;  // a GM read that misses the L2, and every GM write
  double l2_ns_per_byte = 0;   // a GM read that hits the L2 (l2_cache.h)
  double scalar_ns = 0;
  double flag_ns = 0;  // a SetFlag/WaitFlag pair: from the producer's end to the waiter's start

  // Charges one instruction to `pipe`, starting no earlier than `not_before`; returns its start.
  double Issue(Pipe pipe, const char* name, double cost_ns, uint64_t bytes, double not_before = 0) {
    const int p = static_cast<int>(pipe);
    const double start = clock[p] > not_before ? clock[p] : not_before;
    clock[p] = start + cost_ns;
    last_instruction = name;
    if (clock[p] > timeout_ns) RaiseTimeout(name, clock[p], timeout_ns);
    PipeStats& s = stats[p];
    s.busy_ns += cost_ns;
    s.bytes += bytes;
    ++s.instructions;
    if (tracing) Trace(pipe, name, start, cost_ns, bytes);
    return start;
  }

  // When everything issued on `pipe` so far is done, its DMAs' data there.
  double DoneAt(Pipe pipe) const {
    const int p = static_cast<int>(pipe);
    return clock[p] > landed[p] ? clock[p] : landed[p];
  }
  double AllDone() const {
    double t = 0;
    for (int p = 0; p < kPipeCount; ++p) t = std::max(t, DoneAt(static_cast<Pipe>(p)));
    return t;
  }

  inline double VectorCost(uint64_t bytes) const {
    const uint64_t repeat = device->vector_repeat_bytes;
    // Every instruction lands here: a shift for the repeat's power of two, and no second
    // division for a call within max_repeat, instead of two 64-bit divisions (issue 29, session
    // 38: they were a sixth of a level-2 ReduceSum's own host time).
    const uint64_t repeats = (repeat & (repeat - 1)) == 0
                                 ? (bytes + repeat - 1) >> __builtin_ctzll(repeat)
                                 : (bytes + repeat - 1) / repeat;
    // A count-form call with more than max_repeat repeats is several instructions on the chip.
    const uint64_t instructions =
        repeats <= device->max_repeat ? 1 : (repeats + device->max_repeat - 1) / device->max_repeat;
    return static_cast<double>(instructions) * vector_issue_ns +
           static_cast<double>(repeats) * vector_repeat_ns;
  }
  double DmaCost(uint64_t bytes, uint64_t bursts = 1) const {
    return dma_setup_ns * static_cast<double>(bursts) +
           static_cast<double>(bytes) * dma_ns_per_byte;
  }

 private:
  // Appends the instruction to `trace` (out of line: Issue stays small enough to inline).
  void Trace(Pipe pipe, const char* name, double start, double cost_ns, uint64_t bytes);
};

// Lays out the cube's memories after the UB for `device` (cube_buffers.cc).
void SetLocalMemories(Core& core, const DeviceProfile& device);

// The core running on this thread; raises a kNoLaunch fault outside a kernel launch.
Core& Cur();
Core* CurOrNull();

// The deferred copies (copy_elision.h) that write UB bytes in [lo, hi), or read GM bytes in
// [lo, hi), performed now: before something else reads or writes those UB bytes, or writes those
// GM bytes.
inline void MaterializeUb(Core& core, const uint8_t* lo, const uint8_t* hi) {
  if (!core.elided.empty()) MaterializeUbSlow(core, lo, hi);
}
inline void MaterializeGm(Core& core, const uint8_t* lo, const uint8_t* hi) {
  if (!core.elided.empty()) MaterializeGmSlow(core, lo, hi);
}

// Faults when a queue buffer from index first_buf on is still held.
void CheckLeaks(const Core& core, uint32_t first_buf, const char* instr);
// CheckUbInPlace's faults (core.cc), out of line: a view of no live buffer, or of a freed one.
[[noreturn]] void RaiseDeadUbOperand(const Core& core, const UbRef& ref, const char* instr,
                                     const char* operand);
// `bytes` run past the view: a fault, or a static tensor's warning (core.cc).
void CheckUbPastTheView(const Core& core, const UbRef& ref, uint64_t bytes, const char* instr,
                        const char* operand);
// Checks a UB operand read in place (ReadRowsInPlace; its copies stay deferred): live buffer (not
// freed since the view was made) and `bytes` within it. Inline: every operand of every
// instruction is checked, and the call was a tenth of a level-2 ReduceSum's host time.
inline void CheckUbInPlace(const Core& core, const UbRef& ref, uint64_t bytes, const char* instr,
                           const char* operand) {
  if (ref.buf < 0 || static_cast<size_t>(ref.buf) >= core.bufs.size()) {
    RaiseDeadUbOperand(core, ref, instr, operand);
  }
  const BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  if (r.gen != ref.gen || r.state == BufState::kFree || r.state == BufState::kDead) {
    RaiseDeadUbOperand(core, ref, instr, operand);
  }
  if (bytes > ref.bytes) CheckUbPastTheView(core, ref, bytes, instr, operand);
}
// The same checks; then the operand's bytes (the view to the end of its buffer) are real:
// deferred copies into them are performed.
inline void CheckUb(Core& core, const UbRef& ref, uint64_t bytes, const char* instr,
                    const char* operand) {
  CheckUbInPlace(core, ref, bytes, instr, operand);
  MaterializeUb(core, ref.ptr, ref.ptr + std::max<uint64_t>(ref.bytes, bytes));
}
// Whether instructions record their pipe accesses per buffer (TrackRead/TrackWrite): checked mode
// checks them, auto-sync orders by them. Unchecked with auto-sync off needs neither.
inline bool TracksPipes(const Core& core) { return core.checked || core.auto_sync; }
// CheckLocalMemoryIA: faults (kAicoreException) when an enabled DATA_EXP register's range and
// access kind take the access of [lo, hi) UB bytes by `pipe` (stack_spm.cc).
void CheckDataExp(const Core& core, Pipe pipe, bool write, uint64_t lo, uint64_t hi,
                  const char* instr);
// TrackRead's and TrackWrite's checks, in checked mode or with a DATA_EXP range on (pipe_sync.cc):
// kMissingSync when the access is not ordered after the other pipes' (which hand-off is missing),
// and CheckLocalMemoryIA's exception.
void CheckTrackedRead(Core& core, const UbRef& ref, Pipe pipe, double start, double end,
                      const char* instr, uint64_t span);
void CheckTrackedWrite(Core& core, const UbRef& ref, Pipe pipe, double start, double end,
                       const char* instr, uint64_t bytes, uint64_t span);
// Records a pipe access to the buffer, after its checks. Inline: unchecked, the record is a few
// stores for every operand of every instruction (auto-sync on), and the calls were a twentieth of
// a level-2 ReduceSum's host time (issue 29, session 38).
inline void TrackRead(Core& core, const UbRef& ref, Pipe pipe, double start, double end,
                      const char* instr, uint64_t span = UINT64_MAX) {
  if (core.checked || core.data_exp_on) CheckTrackedRead(core, ref, pipe, start, end, instr, span);
  BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  const int p = static_cast<int>(pipe);
  if (pipe != Pipe::kV) r.v_write_pending = false;   // the hand-off to this pipe ordered V's write
  if (r.read_pipe != p && end < r.read_end) return;  // the other pipe's read ends later
  r.read_pipe = static_cast<int8_t>(p);
  r.read_end = std::max(r.read_end, end);
}
// `bytes` of the write count as written (checked mode); `span` bytes from ref.ptr are accessed
// (both to the buffer's end unless given).
inline void TrackWrite(Core& core, const UbRef& ref, Pipe pipe, double start, double end,
                       const char* instr, uint64_t bytes = UINT64_MAX, uint64_t span = UINT64_MAX) {
  if (core.checked || core.data_exp_on) {
    CheckTrackedWrite(core, ref, pipe, start, end, instr, bytes, span);
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  r.write_pipe = static_cast<int8_t>(pipe);
  r.write_end = end;
  r.v_write_pending = pipe == Pipe::kV;
  r.v_write_barriers = core.v_barriers;
}
// Auto-sync: the earliest start of an instruction on `pipe` that reads (or, `writes`, writes)
// `ref`, as the SetFlag/WaitFlag pair CANN's compiler inserts between S and V, MTE2 or MTE3 would
// order it: the other pipe's access end plus Core::flag_ns. 0 when nothing orders it, or auto-sync
// is off. `ref` was checked live (CheckUb) before.
inline double AutoSyncStart(const Core& core, const UbRef& ref, Pipe pipe, bool writes) {
  if (!core.auto_sync) return 0;
  const BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  constexpr int kScalar = static_cast<int>(Pipe::kS);
  const int p = static_cast<int>(pipe);
  // Only pairs with S are the compiler's; V/MTE2/MTE3 hand-offs stay the kernel's (queues).
  auto ordered = [&](int other) {
    return other >= 0 && other != p && (p == kScalar || other == kScalar);
  };
  double start = 0;
  if (ordered(r.write_pipe)) start = r.write_end + core.flag_ns;
  if (writes && ordered(r.read_pipe) && r.read_end + core.flag_ns > start) {
    start = r.read_end + core.flag_ns;
  }
  return start;
}

// The earliest start of a V instruction that writes `dst` (none: null) and reads `srcs`, as
// AutoSyncStart orders each operand; 0 when auto-sync is off.
inline double VectorAutoSyncStart(const Core& core, const UbRef* dst, const UbRef* srcs, int nsrc) {
  if (!core.auto_sync) return 0;
  double start = dst != nullptr ? AutoSyncStart(core, *dst, Pipe::kV, true) : 0;
  for (int i = 0; i < nsrc; ++i) {
    start = std::max(start, AutoSyncStart(core, srcs[i], Pipe::kV, false));
  }
  return start;
}

// GM: the same order and check between S and the DMA pipes for GM bytes both touch (gm_sync.cc).
// The earliest start of an access to [lo, hi) on `pipe` (auto-sync on), then, once issued, the
// record and (checked, auto-sync off) the missing-sync check.
double GmSyncStart(Core& core, Pipe pipe, const uint8_t* lo, const uint8_t* hi, bool write);
void TrackGm(Core& core, Pipe pipe, const uint8_t* lo, const uint8_t* hi, bool write, double start,
             double end, const char* instr);

// Sets (value) or clears bits [lo, hi) of `words`.
inline void SetBitRange(uint64_t* words, uint64_t lo, uint64_t hi, bool value) {
  if (lo >= hi) return;
  const uint64_t first = lo >> 6;
  const uint64_t last = (hi - 1) >> 6;
  const uint64_t head = ~0ull << (lo & 63);
  const uint64_t tail = ~0ull >> (63 - ((hi - 1) & 63));
  auto apply = [&](uint64_t k, uint64_t mask) {
    words[k] = value ? (words[k] | mask) : (words[k] & ~mask);
  };
  if (first == last) {
    apply(first, head & tail);
    return;
  }
  apply(first, head);
  if (last > first + 1) std::memset(words + first + 1, value ? 0xFF : 0, (last - first - 1) * 8);
  apply(last, tail);
}
// Bytes [lo, hi) of the local memories may have changed: range `which` of LocalFill::changed.
inline void NoteChanged(Core& core, size_t which, uint32_t lo, uint32_t hi) {
  if (core.fill == nullptr) return;
  std::pair<uint32_t, uint32_t>& r = core.fill->changed[which];
  r = r.first == r.second ? std::make_pair(lo, hi)
                          : std::make_pair(std::min(r.first, lo), std::max(r.second, hi));
}
// Checked mode, uninitialised-read check: `bytes` bytes at `ptr` (inside the UB) were written.
inline void MarkWritten(Core& core, const uint8_t* ptr, uint64_t bytes) {
  const auto at = static_cast<uint64_t>(ptr - core.ub);
  SetBitRange(core.ub_written.data(), at, at + bytes, true);
}
// Checked mode: the buffer's bytes [offset, offset + bytes) hold nothing written yet.
inline void ClearWritten(Core& core, uint32_t offset, uint32_t bytes) {
  if (core.checked) SetBitRange(core.ub_written.data(), offset, uint64_t{offset} + bytes, false);
}
// For test harnesses that fill a UB tensor from the host (memcpy into LocalTensor::data()),
// which no instruction sees: the view's bytes now count as written.
void HostWroteUb(const UbRef& ref);
// Checked mode: faults (kUninitializedRead) unless every byte of [ref.ptr + offset, + bytes)
// was written since its buffer was allocated. The operand was bounds-checked before.
void CheckWritten(const Core& core, const UbRef& ref, uint64_t offset, uint64_t bytes,
                  const char* instr, const char* operand);
// What a vector instruction's sources are beyond data it reads, as the instruction's own call
// site says (never found from its name):
enum VectorSrcRoles : unsigned {
  kPlainSrcs = 0,
  // The count-form reductions (ReduceSum/Max/Min) take a work tensor as their last source: the
  // instruction writes it, it reads nothing the kernel put there.
  kLastSrcIsWork = 1u << 0,
  // WholeReduce* with gaps between its repeats' lanes passes the span from the first repeat to
  // the end of the last as source 0, but reads only the enabled lanes: the gaps may hold nothing,
  // so that source is not checked for unwritten bytes here (WholeReduce* checks its lanes
  // itself).
  kFirstSrcStridedRows = 1u << 1,
  // Compare writes, and Select's count forms read (as source 1), one bit per lane: lane i is bit
  // i % 8 of byte i / 8. The written map is per byte, so a mask byte counts as unwritten only
  // when all eight of its lanes are (a missed use of a garbage bit, never an invented one).
  kDstIsLaneMask = 1u << 2,
  kSecondSrcIsLaneMask = 1u << 3,
  // Elementwise instructions whose body settles deferred copies itself (ElementwiseOperands,
  // copy_elision.h): dst and the sources are checked without performing the copies into them.
  kOperandsSettleCopies = 1u << 4,
};

// Checked mode, elementwise instructions (dst lane i computed from lane i of each source only).
// The chip computes on whatever the UB holds, and kernels compute whole tiles of which they
// copy out a part, so a source lane nothing wrote is not a fault here, as MemorySanitizer lets
// arithmetic on uninitialised values pass: the dst lanes computed from such lanes stay
// unwritten, and their use (a DMA out of a block holding none of them written, a reduction, a
// comparison, a scalar read) is still `uninitialized_read`. Bytes loaded from GM nothing wrote
// are still reported at their first use (gm_init.h).
struct UnwrittenLanes {
  std::vector<std::pair<uint64_t, uint64_t>> ranges;  // lane ranges [lo, hi), unmerged
};
// Adds the lanes of `src` (`bytes` over `lanes` lanes, or one bit per lane when `lane_mask`)
// that hold unwritten bytes to `out`.
void CollectUnwrittenLanes(const Core& core, const UbRef& src, uint64_t bytes, uint64_t lanes,
                           bool lane_mask, const char* instr, UnwrittenLanes* out);
// After dst was marked written: its lanes in `holes` are unwritten again (for a lane mask, the
// bytes all of whose eight lanes are holes).
void ClearUnwrittenLanes(Core& core, const UbRef& dst, uint64_t dst_bytes, uint64_t lanes,
                         bool lane_mask, const UnwrittenLanes& holes, const char* instr);
// Whether `bytes` map onto `lanes` whole lanes (a lane mask: one bit each).
inline bool WholeLanes(uint64_t lanes, uint64_t bytes, bool lane_mask) {
  return lane_mask ? bytes * 8 >= lanes : bytes % lanes == 0;
}
template <unsigned kRoles>
inline bool WholeLanes(uint64_t lanes, uint64_t dst_bytes, const uint64_t* src_bytes, int nsrc) {
  if (lanes == 0 || !WholeLanes(lanes, dst_bytes, (kRoles & kDstIsLaneMask) != 0)) return false;
  for (int i = 0; i < nsrc; ++i) {
    if (!WholeLanes(lanes, src_bytes[i], i == 1 && (kRoles & kSecondSrcIsLaneMask))) return false;
  }
  return true;
}

// What an instruction made of several passes costs and writes besides dst: the high-level
// APIs (hl_math.cc) run `passes` vector passes over their widest operand and write all of a
// temporary buffer `work` (which is not a source: it is neither checked for unwritten bytes nor
// waited for).
struct VectorPasses {
  uint32_t passes = 1;
  const UbRef* work = nullptr;
  uint64_t work_bytes = 0;
};

// One vector instruction: checks operands, charges the V pipe, runs `body` on the data.
// dst/src byte counts are what the instruction touches. Source kInPlaceSrc, if any, is read by
// `body` through ReadRowsInPlace (copy_elision.h), every other operand through its UB bytes;
// kRoles (VectorSrcRoles) says which sources are not plain data. `lanes` > 0 marks an elementwise
// instruction of that many lanes (UnwrittenLanes above).
template <int kInPlaceSrc = -1, unsigned kRoles = kPlainSrcs, typename Body>
inline void VectorOpLanes(const char* name, const UbRef& dst, uint64_t dst_bytes, const UbRef* srcs,
                          const uint64_t* src_bytes, int nsrc, uint64_t lanes, Body&& body,
                          const VectorPasses& passes = {}) {
  Core& core = Cur();
  constexpr bool kSettles = (kRoles & kOperandsSettleCopies) != 0;
  if (kSettles) {
    CheckUbInPlace(core, dst, dst_bytes, name, "dst");
  } else {
    CheckUb(core, dst, dst_bytes, name, "dst");
  }
  uint64_t max_bytes = dst_bytes;
  for (int i = 0; i < nsrc; ++i) {
    if (i == kInPlaceSrc || kSettles) {
      CheckUbInPlace(core, srcs[i], src_bytes[i], name, "src");
    } else {
      CheckUb(core, srcs[i], src_bytes[i], name, "src");
    }
    if (src_bytes[i] > max_bytes) max_bytes = src_bytes[i];
  }
  if (passes.work != nullptr)
    CheckUb(core, *passes.work, passes.work_bytes, name, "sharedTmpBuffer");
  const double cost = passes.passes * core.VectorCost(max_bytes);
  const double start =
      core.Issue(Pipe::kV, name, cost, 0, VectorAutoSyncStart(core, &dst, srcs, nsrc));
  if (TracksPipes(core)) {
    const bool elementwise = core.checked && WholeLanes<kRoles>(lanes, dst_bytes, src_bytes, nsrc);
    UnwrittenLanes holes;
    for (int i = 0; i < nsrc; ++i) {
      if ((kRoles & kLastSrcIsWork) && i == nsrc - 1) {
        TrackWrite(core, srcs[i], Pipe::kV, start, start + cost, name, src_bytes[i], src_bytes[i]);
        continue;
      }
      if (elementwise) {
        CollectUnwrittenLanes(core, srcs[i], src_bytes[i], lanes,
                              i == 1 && (kRoles & kSecondSrcIsLaneMask), name, &holes);
      } else if (core.checked && !((kRoles & kFirstSrcStridedRows) && i == 0)) {
        CheckWritten(core, srcs[i], 0, src_bytes[i], name, "src");
      }
      TrackRead(core, srcs[i], Pipe::kV, start, start + cost, name, src_bytes[i]);
    }
    if (passes.work != nullptr) {
      TrackWrite(core, *passes.work, Pipe::kV, start, start + cost, name, passes.work_bytes,
                 passes.work_bytes);
    }
    TrackWrite(core, dst, Pipe::kV, start, start + cost, name, dst_bytes, dst_bytes);
    if (!holes.ranges.empty()) {
      ClearUnwrittenLanes(core, dst, dst_bytes, lanes, kRoles & kDstIsLaneMask, holes, name);
    }
  }
  body();
}
template <int kInPlaceSrc = -1, unsigned kRoles = kPlainSrcs, typename Body>
inline void VectorOp(const char* name, const UbRef& dst, uint64_t dst_bytes, const UbRef* srcs,
                     const uint64_t* src_bytes, int nsrc, Body&& body) {
  VectorOpLanes<kInPlaceSrc, kRoles>(name, dst, dst_bytes, srcs, src_bytes, nsrc, 0,
                                     std::forward<Body>(body));
}

}  // namespace opsim::sim::detail
