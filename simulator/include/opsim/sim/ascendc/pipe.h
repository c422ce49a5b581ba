// TPipe, TQue and TBuf: Unified Buffer allocation and the queues that order the pipes.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
Position ToPosition(AscendC::TPosition pos);
uint32_t PipeBegin();
void PipeDestroy(uint32_t epoch);
// The TPipe destructor: releases like Destroy, but a leak is reported when the block ends.
void PipeRelease(uint32_t epoch) noexcept;
int16_t InitQueue(Position pos, uint32_t depth, uint32_t num, uint32_t len, int16_t existing);
int16_t InitScratch(uint32_t len, int16_t existing);
UbRef QueueAlloc(int16_t queue);
void QueueEnQue(int16_t queue, const UbRef& ref);
UbRef QueueDeQue(int16_t queue);
void QueueFree(int16_t queue, const UbRef& ref);
void QueueFreeAllEvent(int16_t queue);
uint32_t QueueCount(int16_t queue);
UbRef ScratchGet(int16_t buf, uint32_t offset_bytes, uint32_t bytes, const char* instr);
// A queue from `src` to `dst` position (TQueBind), or a TBuf, carved from `pool` (-1: the pipe).
int16_t InitQueueIn(Position src, Position dst, uint32_t depth, uint32_t num, uint32_t len,
                    int16_t existing, int16_t pool);
int16_t InitScratchIn(uint32_t len, int16_t existing, int16_t pool);
// A TBuf at `pos`: the UB's for the vector positions, the cube's memory for A1, A2, ... .
int16_t InitScratchAt(Position pos, uint32_t len, int16_t existing, int16_t pool);
// TBufPool: `len` bytes from `parent` (-1: the pipe), or the same memory as `share` (>= 0).
int16_t InitPool(uint32_t len, int16_t parent, int16_t share, int16_t existing);
uint32_t CarvePool(Core& core, int16_t pool, uint32_t bytes, const char* instr);
void ResetPool(int16_t pool);
// A custom TBufPool (EXTERN_IMPL_BUFPOOL): where the pool starts, and the check that buffer
// `index` of a queue (or the TBuf `owner`) sits at `addr`, where the user placed it.
uint32_t PoolStart(int16_t pool);
// GetBufHandle(offset) of a pool of `handles` handles: offset beyond them is a fault.
void CheckBufHandleIndex(uint32_t offset, uint32_t handles);
void CheckPlacedAt(int16_t owner, bool is_queue, uint32_t index, uint32_t addr);
// LocalMemAllocator: a scratch buffer of `bytes` (rounded up to 32 B) at the UB's next free byte.
// LocalMemAllocator's UB carve: `bytes` rounded up to whole blocks, reserved in the TPipe's
// accounting (an overflow faults); returns its UB offset.
uint32_t AllocStatic(uint64_t bytes);
uint32_t UbUsed();
// GetTPipePtr: the block's current TPipe. A TPipe becomes current when constructed and hands
// back to the one before it when destroyed; no current TPipe is a fault.
void* SwapCurrentPipe(void* pipe) noexcept;
void RestoreCurrentPipe(void* pipe, void* prev) noexcept;
void* CurrentPipe();
// FetchEventID / AllocEventID / ReleaseEventID on one TPipe's allocation bits (per HardEvent).
enum class EventIdVerb : uint8_t { kFetch, kAlloc, kRelease };
AscendC::TEventID EventIdOp(uint8_t* allocated, AscendC::HardEvent evt, EventIdVerb verb,
                            AscendC::TEventID id);
}  // namespace opsim::sim::detail

namespace AscendC {

struct DataCopyParams;

// A queue whose tensors are produced at `src` and consumed at `dst` (TQueBind<VECIN, VECOUT>:
// MTE2 writes, MTE3 reads, for data that passes through the UB unchanged or in place).
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
 public:
  static_assert(depth >= 1 && depth <= 8, "TQue depth must be 1..8");
  template <typename T>
  LocalTensor<T> AllocTensor() {
    return LocalTensor<PrimT<T>>(opsim::sim::detail::QueueAlloc(id_), src)
        .template ReinterpretCast<T>();
  }
  template <typename T>
  bool EnQue(const LocalTensor<T>& tensor) {
    opsim::sim::detail::QueueEnQue(id_, tensor.ref());
    return true;
  }
  template <typename T>
  LocalTensor<T> DeQue() {
    return LocalTensor<PrimT<T>>(opsim::sim::detail::QueueDeQue(id_), src)
        .template ReinterpretCast<T>();
  }
  template <typename T>
  void FreeTensor(LocalTensor<T>& tensor) {
    opsim::sim::detail::QueueFree(id_, tensor.ref());
  }
  bool HasTensorInQue() const { return opsim::sim::detail::QueueCount(id_) > 0; }
  int32_t GetTensorCountInQue() const {
    return static_cast<int32_t>(opsim::sim::detail::QueueCount(id_));
  }
  bool VacantInQue() const { return opsim::sim::detail::QueueCount(id_) < depth; }
  // Gives the queue's synchronisation events back (CANN's "TQue Buffer limit"): after it the
  // position can take another queue; its own next AllocTensor takes events again.
  void FreeAllEvent() { opsim::sim::detail::QueueFreeAllEvent(id_); }

  // A custom TBufPool's InitBuffer (EXTERN_IMPL_BUFPOOL): num buffers of len bytes, then each
  // buffer's address in the pool. Buffer 0 carves all of them from the pool, one after another.
  void InitStartBufHandle(TBufHandle /*startBufhandle*/, uint8_t num, uint32_t len) {
    pending_num_ = num;
    pending_len_ = len;
  }
  template <typename T>
  void InitBufHandle(T* bufPool, uint32_t index, TBufHandle /*bufhandle*/, uint32_t curPoolAddr,
                     uint32_t /*len*/) {
    using namespace opsim::sim::detail;
    if (index == 0) {
      id_ = InitQueueIn(ToPosition(src), ToPosition(dst), static_cast<uint32_t>(depth),
                        pending_num_, pending_len_, id_, bufPool->id_);
    }
    CheckPlacedAt(id_, true, index, curPoolAddr);
  }

 private:
  friend class TPipe;
  template <TPosition, uint32_t>
  friend class TBufPool;
  int16_t id_ = -1;
  uint8_t pending_num_ = 0;
  uint32_t pending_len_ = 0;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {};

template <TPosition pos = TPosition::VECCALC>
class TBuf {
 public:
  // The whole buffer.
  template <typename T>
  LocalTensor<T> Get() {
    return LocalTensor<PrimT<T>>(opsim::sim::detail::ScratchGet(id_, 0, 0, "TBuf::Get"), pos)
        .template ReinterpretCast<T>();
  }
  // The first `len` elements.
  template <typename T>
  LocalTensor<T> Get(uint32_t len) {
    return LocalTensor<PrimT<T>>(
               opsim::sim::detail::ScratchGet(
                   id_, 0, static_cast<uint32_t>(opsim::sim::detail::TensorBytes<PrimT<T>>(len)),
                   "TBuf::Get"),
               pos)
        .template ReinterpretCast<T>();
  }
  // `size` elements starting `buf_offset` bytes in.
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t size, uint32_t buf_offset) {
    return LocalTensor<PrimT<T>>(
               opsim::sim::detail::ScratchGet(
                   id_, buf_offset,
                   static_cast<uint32_t>(opsim::sim::detail::TensorBytes<PrimT<T>>(size)),
                   "TBuf::GetWithOffset"),
               pos)
        .template ReinterpretCast<T>();
  }
  // CANN's TBuf derives from TQueBind and keeps its queue calls, which a TBuf has no use for:
  // AllocTensor and DeQue are Get, EnQue and FreeTensor do nothing (kernel_tpipe_impl: (void)0).
  // Kernels call them on TBufs (public BroadcastCustom frees its TBuf tensor).
  template <typename T>
  LocalTensor<T> AllocTensor() {
    return Get<T>();
  }
  template <typename T>
  LocalTensor<T> DeQue() {
    return Get<T>();
  }
  template <typename T>
  void EnQue(const LocalTensor<T>& /*tensor*/) {}
  template <typename T>
  void FreeTensor(LocalTensor<T>& /*tensor*/) {}

  // A custom TBufPool's InitBuffer (EXTERN_IMPL_BUFPOOL): one buffer of len bytes at curPoolAddr.
  void InitStartBufHandle(TBufHandle /*startBufhandle*/, uint8_t /*num*/, uint32_t len) {
    pending_len_ = len;
  }
  template <typename T>
  void InitBufHandle(T* bufPool, uint32_t index, TBufHandle /*bufhandle*/, uint32_t curPoolAddr,
                     uint32_t /*len*/) {
    using namespace opsim::sim::detail;
    id_ = InitScratchIn(pending_len_, id_, bufPool->id_);
    CheckPlacedAt(id_, false, index, curPoolAddr);
  }

 private:
  friend class TPipe;
  template <TPosition, uint32_t>
  friend class TBufPool;
  int16_t id_ = -1;
  uint32_t pending_len_ = 0;
};

// A slice of the UB that queues and TBufs carve from; Reset frees them all at once (every
// queue tensor must have been freed) so the slice can be carved again, e.g. per phase.
template <TPosition pos = TPosition::VECCALC, uint32_t bufIDSize = 4>
class TBufPool {
 public:
  template <TPosition src, TPosition dst, int32_t depth, auto mask>
  bool InitBuffer(TQueBind<src, dst, depth, mask>& que, uint8_t num, uint32_t len) {
    using namespace opsim::sim::detail;
    que.id_ = InitQueueIn(ToPosition(src), ToPosition(dst), static_cast<uint32_t>(depth), num, len,
                          que.id_, id_);
    return true;
  }
  template <TPosition bufPos>
  bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
    buf.id_ = opsim::sim::detail::InitScratchIn(len, buf.id_, id_);
    return true;
  }
  // A sub-pool of `len` bytes of this pool, or one sharing `shareBuf`'s memory.
  template <class T>
  bool InitBufPool(T& bufPool, uint32_t len) {
    bufPool.id_ = opsim::sim::detail::InitPool(len, id_, -1, bufPool.id_);
    return true;
  }
  template <class T, class U>
  bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
    bufPool.id_ = opsim::sim::detail::InitPool(len, id_, shareBuf.id_, bufPool.id_);
    return true;
  }
  void Reset() { opsim::sim::detail::ResetPool(id_); }

 private:
  friend class TPipe;
  template <TPosition, uint32_t>
  friend class TBufPool;
  int16_t id_ = -1;
};

// CANN's macro for a user-defined TBufPool: inside `class EXT_BUFPOOL { ... }` it gives the class
// what TPipe::InitBufPool, TQueBind/TBuf::InitBufHandle and the user's InitBuffer need: the pool
// position and size, Init, Reset, GetBufHandle, Get/SetCurAddr and Get/SetCurBufSize. CANN's
// destructor calls Reset to wait for the buffers' events; opsim's pool has none to wait for, and
// Reset (which frees the pool's buffers, a held queue buffer a fault) is the user's call.
// BUFID_SIZE handles: GetBufHandle beyond them is a fault (the page leaves the check to the
// user; opsim has no memory past them to hand out). docs/ASCENDC.md, "Custom TBufPool".
#define EXTERN_IMPL_BUFPOOL(EXT_BUFPOOL, POSITION, BUFID_SIZE)                 \
 public:                                                                       \
  static constexpr AscendC::TPosition poolPos = POSITION;                      \
  static constexpr int32_t bufSize = BUFID_SIZE;                               \
  static constexpr int bufIDSize = BUFID_SIZE;                                 \
  static constexpr bool isTbufPool = true;                                     \
  void Reset() {                                                               \
    if (id_ >= 0) opsim::sim::detail::ResetPool(id_);                          \
    opsimCurBufSize_ = 0;                                                      \
    opsimAddrSet_ = false;                                                     \
  }                                                                            \
  void Init() {                                                                \
    opsimCurBufSize_ = 0;                                                      \
    opsimAddrSet_ = false;                                                     \
  }                                                                            \
  AscendC::TBufHandle GetBufHandle(uint8_t offset) {                           \
    opsim::sim::detail::CheckBufHandleIndex(offset, BUFID_SIZE);               \
    return &opsimHandles_[offset];                                             \
  }                                                                            \
  void SetCurAddr(uint32_t curAddr) {                                          \
    opsimCurAddr_ = curAddr;                                                   \
    opsimAddrSet_ = true;                                                      \
  }                                                                            \
  uint32_t GetCurAddr() {                                                      \
    return opsimAddrSet_ ? opsimCurAddr_ : opsim::sim::detail::PoolStart(id_); \
  }                                                                            \
  void SetCurBufSize(uint8_t curBufSize) { opsimCurBufSize_ = curBufSize; }    \
  uint8_t GetCurBufSize() { return opsimCurBufSize_; }                         \
                                                                               \
 private:                                                                      \
  friend class AscendC::TPipe;                                                 \
  template <AscendC::TPosition, AscendC::TPosition, int32_t, auto>             \
  friend class AscendC::TQueBind;                                              \
  template <AscendC::TPosition>                                                \
  friend class AscendC::TBuf;                                                  \
  template <AscendC::TPosition, uint32_t>                                      \
  friend class AscendC::TBufPool;                                              \
  int16_t id_ = -1;                                                            \
  uint8_t opsimCurBufSize_ = 0;                                                \
  bool opsimAddrSet_ = false;                                                  \
  uint32_t opsimCurAddr_ = 0;                                                  \
  uint8_t opsimHandles_[BUFID_SIZE] = {}

class TPipe {
 public:
  TPipe()
      : epoch_(opsim::sim::detail::PipeBegin()), prev_(opsim::sim::detail::SwapCurrentPipe(this)) {}
  ~TPipe() {
    opsim::sim::detail::RestoreCurrentPipe(this, prev_);
    opsim::sim::detail::PipeRelease(epoch_);
  }
  TPipe(const TPipe&) = delete;
  TPipe& operator=(const TPipe&) = delete;

  // `num` buffers of `len` bytes (rounded up to 32) for `que`. Faults when the UB would overflow.
  template <TPosition src, TPosition dst, int32_t depth, auto mask>
  bool InitBuffer(TQueBind<src, dst, depth, mask>& que, uint8_t num, uint32_t len) {
    using namespace opsim::sim::detail;
    que.id_ = InitQueueIn(ToPosition(src), ToPosition(dst), static_cast<uint32_t>(depth), num, len,
                          que.id_, -1);
    return true;
  }
  // A TBufPool of `len` bytes, or one sharing `shareBuf`'s memory (same start and length).
  template <class T>
  bool InitBufPool(T& bufPool, uint32_t len) {
    bufPool.id_ = opsim::sim::detail::InitPool(len, -1, -1, bufPool.id_);
    return true;
  }
  template <class T, class U>
  bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
    bufPool.id_ = opsim::sim::detail::InitPool(len, -1, shareBuf.id_, bufPool.id_);
    return true;
  }
  template <TPosition pos>
  bool InitBuffer(TBuf<pos>& buf, uint32_t len) {
    using namespace opsim::sim::detail;
    buf.id_ = InitScratchAt(ToPosition(pos), len, buf.id_, -1);
    return true;
  }
  // Releases this pipe's buffers; a queue buffer still held is a leak fault.
  void Destroy() {
    opsim::sim::detail::PipeDestroy(epoch_);
    epoch_ = 0;
  }
  void Reset() { Destroy(); }

  // Event ids for SetFlag/WaitFlag: FetchEventID names the lowest id of `evt` not taken by
  // AllocEventID (without taking it); AllocEventID takes it until ReleaseEventID. Eight per event.
  TEventID FetchEventID(HardEvent evt) {
    return opsim::sim::detail::EventIdOp(event_ids_, evt, opsim::sim::detail::EventIdVerb::kFetch,
                                         EVENT_ID0);
  }
  template <HardEvent evt>
  TEventID FetchEventID() {
    return FetchEventID(evt);
  }
  template <HardEvent evt>
  TEventID AllocEventID() {
    return opsim::sim::detail::EventIdOp(event_ids_, evt, opsim::sim::detail::EventIdVerb::kAlloc,
                                         EVENT_ID0);
  }
  template <HardEvent evt>
  void ReleaseEventID(TEventID id) {
    opsim::sim::detail::EventIdOp(event_ids_, evt, opsim::sim::detail::EventIdVerb::kRelease, id);
  }

  // The SPM buffer (opsim/sim/ascendc/stack_spm.h): a GM workspace for data spilled out of the
  // UB. The L1 form (bufferSize only) is not the 910B's.
  template <typename T>
  void InitSpmBuffer(const GlobalTensor<T>& workspace, const int32_t bufferSize);
  void InitSpmBuffer(const int32_t bufferSize);
  template <typename T>
  void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const DataCopyParams& copyParams,
                      int32_t writeOffset = 0);
  template <typename T>
  void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const DataCopyParams& copyParams,
                     int32_t readOffset = 0);
  template <typename T>
  void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const int32_t writeSize,
                      int32_t writeOffset = 0);
  template <typename T>
  void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const int32_t readSize,
                     int32_t readOffset = 0);

 private:
  // PopStackBuffer (stack_spm.h) hands out the scratch buffer `buf` as TBuf::Get does.
  template <typename T, TPosition pos>
  friend bool PopStackBuffer(LocalTensor<T>& popLocal);
  template <typename T>
  static LocalTensor<T> ScratchTensor(int16_t buf) {
    TBuf<TPosition::VECCALC> b;
    b.id_ = buf;
    return b.template Get<T>();
  }

  uint32_t epoch_;
  void* prev_;                   // the TPipe current before this one (GetTPipePtr)
  uint8_t* spm_addr_ = nullptr;  // InitSpmBuffer's workspace (GM), null before it
  int32_t spm_bytes_ = 0;
  uint8_t event_ids_[static_cast<int>(HardEvent::MAX)] = {};  // bit i: id i allocated
};

// The block's current TPipe (the last one constructed and still alive); none is a fault.
inline TPipe* GetTPipePtr() { return static_cast<TPipe*>(opsim::sim::detail::CurrentPipe()); }

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

// The memory a logical position lives in, and the position a memory's tensors take by default,
// as CANN's kernel_event.h maps them for the 910B (dav-2201: C1 is L1, C2 the bias table, CO2
// GM, C2PIPE2GM the Fixpipe buffer).
constexpr Hardware GetPhyType(TPosition pos) {
  switch (pos) {
    case TPosition::GM:
    case TPosition::CO2: return Hardware::GM;
    case TPosition::A1:
    case TPosition::B1:
    case TPosition::C1:
    case TPosition::SHM:
    case TPosition::TSCM: return Hardware::L1;
    case TPosition::A2: return Hardware::L0A;
    case TPosition::B2: return Hardware::L0B;
    case TPosition::C2: return Hardware::BIAS;
    case TPosition::CO1: return Hardware::L0C;
    case TPosition::C2PIPE2GM: return Hardware::FIXBUF;
    default: return Hardware::UB;
  }
}
constexpr TPosition GetDefaultPosition(Hardware hard) {
  switch (hard) {
    case Hardware::UB: return TPosition::VECCALC;
    case Hardware::L1: return TPosition::A1;
    case Hardware::L0A: return TPosition::A2;
    case Hardware::L0B: return TPosition::B2;
    case Hardware::L0C: return TPosition::CO1;
    case Hardware::BIAS: return TPosition::C2;
    case Hardware::FIXBUF: return TPosition::C2PIPE2GM;
    default: return TPosition::MAX;
  }
}

// Static tensor allocation without TPipe/TQue (Ascend C's LocalMemAllocator): each Alloc takes
// the next tileSize elements of its memory as a raw-address tensor (LocalTensor(pos, addr,
// tileSize)), as CANN's allocator makes them: an access past its size but inside the memory is
// the local_tensor_overrun warning, as for any static tensor. The UB's start after what the
// TPipe holds, carved in whole 32 B blocks and reserved; the other memories' at address 0.
template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
 public:
  static_assert(hard != Hardware::GM && hard != Hardware::MAX,
                "illegal hardware position GM or MAX");
  uint32_t GetCurAddr() const {
    if constexpr (hard == Hardware::UB) return opsim::sim::detail::UbUsed();
    return head_;
  }
  template <TPosition pos, class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc() {
    return Alloc<pos, DataType>(tileSize);
  }
  template <TPosition pos, class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize) {
    static_assert(GetPhyType(pos) == hard, "logic pos and hardware pos not matched.");
    return AllocAt<DataType>(pos, tileSize);
  }
  template <class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc() {
    return Alloc<DataType>(tileSize);
  }
  template <class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize) {
    return AllocAt<DataType>(GetDefaultPosition(hard), tileSize);
  }

 private:
  template <class DataType>
  LocalTensor<DataType> AllocAt(TPosition pos, uint32_t tileSize) {
    if constexpr (hard == Hardware::UB) {
      const uint32_t at = opsim::sim::detail::AllocStatic(
          opsim::sim::detail::TensorBytes<PrimT<DataType>>(tileSize));
      return LocalTensor<DataType>(pos, at, tileSize);
    } else {
      LocalTensor<DataType> tensor(pos, head_, tileSize);
      head_ += static_cast<uint32_t>(opsim::sim::detail::TensorBytes<PrimT<DataType>>(tileSize));
      return tensor;
    }
  }
  uint32_t head_ = 0;
};

}  // namespace AscendC

// Kernels call it with and without the namespace.
using AscendC::GetTPipePtr;
