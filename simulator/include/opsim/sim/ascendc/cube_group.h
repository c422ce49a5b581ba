// Cube groups (CANN's "Cube分组管理", the 910B): KfcWorkspace, CubeResGroupHandle and
// CreateCubeResGroup as CANN declares them. AIV are clients posting messages to queues in GM, a
// group's AIC serve them by a user callback (docs/CUBE.md, "Cube groups"). The message slots'
// states are read and written through the simulator (cube_group.cc), which parks a core waiting
// for a state another core writes and reports the misuses the pages forbid as faults.
#pragma once

#include <cstddef>
#include <cstdint>

#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

// Which unit writes a message to GM.
enum class PipeMode : uint8_t { SCALAR_MODE = 0, MTE3_MODE = 1, MAX };

enum class CubeMsgState : uint8_t { FREE = 0, VALID, QUIT, FAKE };

// The first 2 B of every message struct, which must name it `head`.
struct CubeGroupMsgHead {
  volatile CubeMsgState msgState = CubeMsgState::FREE;
  volatile uint8_t aivID;
};

// The pages' callback examples dispatch on a message's function id with it.
template <int32_t ActualFuncId, int32_t ExpectFuncId>
struct IsEqual {};
template <int32_t FuncId>
struct IsEqual<FuncId, FuncId> {
  using Type = void;
};

}  // namespace AscendC

namespace opsim::sim::detail {

// A message slot: 4 rows of `per_aic` columns per AIC (a queue is a column of its AIC's table).
inline constexpr uint32_t kCubeGroupRows = 4;

// The running core's place in a group: its AIC index when it is one of the group's AIC.
struct CubeGroupLayout {
  uint8_t aics = 0;     // blockSize / 2
  uint8_t per_aic = 0;  // ceil(msgQueueSize / aics): the columns of an AIC's table
  uint8_t columns = 0;  // the queues the running AIC serves (per_aic, fewer on the last)
  int32_t my_aic = -1;  // the running AIC's index in the group; -1 on an AIV or another AIC
};

// The constructor's checks (blockStart and blockSize even, every AIC a queue) and layout.
CubeGroupLayout CubeGroupLayoutFor(uint8_t block_start, uint8_t block_size, uint8_t queues);
// CreateCubeResGroup's checks of the launch and the group (the pages' rules) and its record.
void CubeGroupCreate(int group_id, uint8_t* area, uint8_t block_start, uint8_t block_size,
                     uint8_t queues, size_t msg_bytes, size_t head_offset);
void CubeGroupAssign(const uint8_t* area, uint8_t queue, uint8_t queues);
// Parks the running core until the state byte at `msg` is (equal ? == : !=) `state`; then its
// pipes go on no earlier than the write that made it so.
void CubeGroupWait(const char* api, const uint8_t* area, const uint8_t* msg, uint8_t state,
                   bool equal);
// Wait<false>: whether the slot is FREE now (taking the hand-over when it is).
bool CubeGroupPoll(const uint8_t* area, const uint8_t* msg);
// Writes `bytes` of `body` (none: only the state) then the state byte, by the scalar unit or
// MTE3, waking the cores waiting for it.
void CubeGroupWrite(const char* api, const uint8_t* area, uint8_t* msg, const void* body,
                    size_t bytes, uint8_t state, bool mte3);
enum class CubeGroupMisuse : uint8_t {
  kNotAssigned,      // an AIV call before AssignQueue
  kPipeModeMax,      // PostMessage<PipeMode::MAX>
  kPipeModeDiffers,  // a: AllocMessage's mode, b: PostMessage's
  kMte3NotPosted,    // a: 0 PostFakeMsg, 1 SetQuit after AllocMessage<MTE3_MODE>
  kSkipPastRow,      // a: the column after the skip, b: the AIC's columns
  kFreeWaitState,    // a: the state
  kQuitId,           // a: the QUIT message's aivID, b: the AIC's columns
};
[[noreturn]] void CubeGroupFault(const char* api, CubeGroupMisuse what, int a = 0, int b = 0);
// GroupBarrier's constructor checks (the running AIV's) and its steps: Arrive or Wait on
// counter `index`, in round `round`, once the other side's counter reaches `want`.
void GroupBarrierCreate(const uint8_t* workspace, uint32_t arrive_size, uint32_t wait_size,
                        bool mte3);
void GroupBarrierStep(bool arrive, uint8_t* workspace, uint32_t index, uint32_t arrive_size,
                      uint32_t wait_size, uint32_t round, uint32_t want);

}  // namespace opsim::sim::detail

namespace AscendC {

// The GM area of the groups' messages: each CreateCubeResGroup takes its part and moves on.
class KfcWorkspace {
 public:
  KfcWorkspace(GM_ADDR workspace) : msgStart(workspace) {}
  void UpdateKfcWorkspace(uint32_t offset) { msgStart += offset; }
  GM_ADDR GetKfcWorkspace() { return msgStart; }
  ~KfcWorkspace() = default;

 private:
  friend uint8_t GetEventId(KfcWorkspace& desc);
  KfcWorkspace() = delete;
  GM_ADDR msgStart;
  // CANN's AIV take an MTE3->S event here for MTE3_MODE messages; opsim's MTE3 writes are
  // ordered by the handle's mode check instead.
  uint8_t evtID = 0;
};

inline uint8_t GetEventId(KfcWorkspace& desc) { return desc.evtID; }

template <typename CubeMsgType>
class CubeResGroupHandle {
  using Detail = opsim::sim::detail::CubeGroupMisuse;

 public:
  CubeResGroupHandle() = default;
  CubeResGroupHandle(GM_ADDR workspace, uint8_t blockStart, uint8_t blockSize, uint8_t msgQueueSize,
                     uint8_t evtIDIn)
      : area_(workspace), queues_(msgQueueSize) {
    (void)evtIDIn;  // KfcWorkspace's MTE3 event: the pipe-mode check stands for it
    const auto layout = opsim::sim::detail::CubeGroupLayoutFor(blockStart, blockSize, msgQueueSize);
    perAic_ = layout.per_aic;
    columns_ = layout.columns;
    myAic_ = layout.my_aic;
    msgCount_ = static_cast<uint32_t>(layout.aics) * perAic_ * opsim::sim::detail::kCubeGroupRows;
    live_ = columns_ >= 64 ? ~uint64_t{0} : (uint64_t{1} << columns_) - 1;
    head_ = Slots() + (myAic_ < 0 ? 0 : myAic_ * perAic_ * opsim::sim::detail::kCubeGroupRows);
  }

  // An AIV takes queue queueIdIn: a column of its AIC's table.
  void AssignQueue(uint8_t queueIdIn) {
    opsim::sim::detail::CubeGroupAssign(area_, queueIdIn, queues_);
    if ASCEND_IS_AIV {
      queueId_ = queueIdIn;
      head_ = Slots() + (queueIdIn / perAic_) * perAic_ * opsim::sim::detail::kCubeGroupRows +
              queueIdIn % perAic_;
      row_ = 0;
    }
  }

  // The queue's next slot, once the AIC freed it (the slots are taken in turn).
  template <PipeMode pipeMode = PipeMode::SCALAR_MODE>
  __gm__ CubeMsgType* AllocMessage() {
    if ASCEND_IS_AIV {
      Assigned("AllocMessage");
      CubeMsgType* msg = head_ + row_ * perAic_;
      opsim::sim::detail::CubeGroupWait("AllocMessage", area_, Bytes(msg),
                                        static_cast<uint8_t>(CubeMsgState::FREE), true);
      row_ = (row_ + 1) % opsim::sim::detail::kCubeGroupRows;
      allocMode_ = pipeMode;
      return msg;
    }
    return head_;
  }

  // Writes msgInput (its head's state last) to msg; returns msg's offset from the queue's head.
  template <PipeMode pipeMode = PipeMode::SCALAR_MODE>
  uint16_t PostMessage(__gm__ CubeMsgType* msg, CubeMsgType& msgInput) {
    if ASCEND_IS_AIV {
      Assigned("PostMessage");
      if (pipeMode == PipeMode::MAX)
        opsim::sim::detail::CubeGroupFault("PostMessage", Detail::kPipeModeMax);
      if (pipeMode != allocMode_) {
        opsim::sim::detail::CubeGroupFault("PostMessage", Detail::kPipeModeDiffers,
                                           static_cast<int>(allocMode_),
                                           static_cast<int>(pipeMode));
      }
      allocMode_ = PipeMode::SCALAR_MODE;
      opsim::sim::detail::CubeGroupWrite(
          "PostMessage", area_, Bytes(msg), &msgInput, sizeof(CubeMsgType),
          static_cast<uint8_t>(msgInput.head.msgState), pipeMode == PipeMode::MTE3_MODE);
    }
    return static_cast<uint16_t>(msg - head_);
  }

  // The AIC is done with msg: FREE.
  uint16_t FreeMessage(__gm__ CubeMsgType* msg) {
    if ASCEND_IS_AIC {
      opsim::sim::detail::CubeGroupWrite("FreeMessage", area_, Bytes(msg), nullptr, 0,
                                         static_cast<uint8_t>(CubeMsgState::FREE), false);
    }
    return static_cast<uint16_t>(msg - head_);
  }
  // The same once an AIV made msg's state waitState (a merged message's FAKE slots).
  uint16_t FreeMessage(__gm__ CubeMsgType* msg, CubeMsgState waitState) {
    if ASCEND_IS_AIC {
      if (waitState == CubeMsgState::FREE || waitState == CubeMsgState::QUIT) {
        opsim::sim::detail::CubeGroupFault("FreeMessage", Detail::kFreeWaitState,
                                           static_cast<int>(waitState));
      }
      opsim::sim::detail::CubeGroupWait("FreeMessage", area_, Bytes(msg),
                                        static_cast<uint8_t>(waitState), true);
      return FreeMessage(msg);
    }
    return static_cast<uint16_t>(msg - head_);
  }

  // A message merged into another queue's: FAKE, freed by the AIC's callback.
  uint16_t PostFakeMsg(__gm__ CubeMsgType* msg) {
    if ASCEND_IS_AIV {
      Assigned("PostFakeMsg");
      if (allocMode_ == PipeMode::MTE3_MODE) {
        opsim::sim::detail::CubeGroupFault("PostFakeMsg", Detail::kMte3NotPosted, 0);
      }
      opsim::sim::detail::CubeGroupWrite("PostFakeMsg", area_, Bytes(msg), nullptr, 0,
                                         static_cast<uint8_t>(CubeMsgState::FAKE), false);
    }
    return static_cast<uint16_t>(msg - head_);
  }

  // The queue ends: the AIC stops serving it.
  void SetQuit(__gm__ CubeMsgType* msg) {
    if ASCEND_IS_AIV {
      Assigned("SetQuit");
      if (allocMode_ == PipeMode::MTE3_MODE) {
        opsim::sim::detail::CubeGroupFault("SetQuit", Detail::kMte3NotPosted, 1);
      }
      msg->head.aivID = static_cast<uint8_t>(queueId_ % perAic_);
      opsim::sim::detail::CubeGroupWrite("SetQuit", area_, Bytes(msg), nullptr, 0,
                                         static_cast<uint8_t>(CubeMsgState::QUIT), false);
    }
  }

  // In the AIC's callback: the next skipCnt queues of the row hold FAKE messages it freed.
  void SetSkipMsg(uint8_t skipCnt) {
    if ASCEND_IS_AIC {
      if (column_ + skipCnt >= columns_) {
        opsim::sim::detail::CubeGroupFault("SetSkipMsg", Detail::kSkipPastRow, column_ + skipCnt,
                                           columns_);
      }
      column_ = static_cast<uint8_t>(column_ + skipCnt);
    }
  }

  // Whether (sync: once) the AIC freed the message at offset from the queue's head.
  template <bool sync = true>
  bool Wait(uint16_t offset) {
    if ASCEND_IS_AIV {
      Assigned("Wait");
      CubeMsgType* msg = head_ + offset;
      if constexpr (sync) {
        opsim::sim::detail::CubeGroupWait("Wait", area_, Bytes(msg),
                                          static_cast<uint8_t>(CubeMsgState::FREE), true);
        return true;
      } else {
        return opsim::sim::detail::CubeGroupPoll(area_, Bytes(msg));
      }
    }
    return true;
  }

 private:
  template <int groupID, class MatmulApiType, template <class, class> class CallBack, typename T>
  friend CubeResGroupHandle<T> CreateCubeResGroup(KfcWorkspace& desc, uint8_t blockStart,
                                                  uint8_t blockSize, uint8_t msgQueueSize,
                                                  GM_ADDR tiling);

  CubeMsgType* Slots() const { return reinterpret_cast<CubeMsgType*>(area_); }
  static const uint8_t* Bytes(const CubeMsgType* msg) {
    return reinterpret_cast<const uint8_t*>(msg);
  }
  static uint8_t* Bytes(CubeMsgType* msg) { return reinterpret_cast<uint8_t*>(msg); }
  void Assigned(const char* api) const {
    if (queueId_ < 0) opsim::sim::detail::CubeGroupFault(api, Detail::kNotAssigned);
  }

  // The AIC's serving loop: each live queue of its row in turn, row after row.
  CubeMsgType* Current() { return head_ + row_ * perAic_ + column_; }
  void Step() {
    if (++column_ >= columns_) {
      column_ = 0;
      row_ = (row_ + 1) % opsim::sim::detail::kCubeGroupRows;
    }
  }
  void Advance() {
    Step();
    while (live_ != 0 && (live_ & (uint64_t{1} << column_)) == 0) Step();
  }
  template <class MatmulApiType, template <class, class> class CallBack>
  void Serve(GM_ADDR tiling) {
    MatmulApiType mm;
    CallBack<MatmulApiType, CubeMsgType> obj;
    obj.Init(obj, mm, tiling);
    while (live_ != 0) {
      CubeMsgType* msg = Current();
      opsim::sim::detail::CubeGroupWait("CreateCubeResGroup", area_, Bytes(msg),
                                        static_cast<uint8_t>(CubeMsgState::FREE), false);
      if (msg->head.msgState == CubeMsgState::QUIT) {
        if (msg->head.aivID >= columns_) {
          opsim::sim::detail::CubeGroupFault("CreateCubeResGroup", Detail::kQuitId, msg->head.aivID,
                                             columns_);
        }
        live_ &= ~(uint64_t{1} << msg->head.aivID);
      } else {
        obj.Call(mm, msg, *this);
      }
      Advance();
    }
  }

  GM_ADDR area_ = nullptr;       // the group's first message
  CubeMsgType* head_ = nullptr;  // AIV: its queue's first slot; AIC: its table's
  uint8_t queues_ = 0;
  uint8_t perAic_ = 1;
  uint8_t columns_ = 0;
  int32_t myAic_ = -1;
  int32_t queueId_ = -1;
  uint32_t msgCount_ = 0;
  uint32_t row_ = 0;
  uint8_t column_ = 0;
  uint64_t live_ = 0;  // the AIC's queues not yet quit
  PipeMode allocMode_ = PipeMode::SCALAR_MODE;
};

// Orders a group of AIV (the Wait group) after another (the Arrive group) by counters in GM:
// every Arrive adds one to each of max(arriveSize, waitSize) counters 512 B apart, every Wait
// waits for its counter to hold the round's arrivals and adds one to the wait counters, which
// the next round's Arrive waits for.
template <PipeMode pipeMode>
class GroupBarrier {
 public:
  GroupBarrier(GM_ADDR groupWorkspace, uint32_t arriveSizeIn, uint32_t waitSizeIn)
      : workspace_(groupWorkspace), arriveSize_(arriveSizeIn), waitSize_(waitSizeIn) {
    if ASCEND_IS_AIV {
      opsim::sim::detail::GroupBarrierCreate(workspace_, arriveSize_, waitSize_,
                                             pipeMode == PipeMode::MTE3_MODE);
    }
  }
  void Arrive(uint32_t arriveIndex) {
    if ASCEND_IS_AIV {
      // From the second round on, every waiter of the last one must have passed.
      opsim::sim::detail::GroupBarrierStep(true, workspace_, arriveIndex, arriveSize_, waitSize_,
                                           counter_, (counter_ - 1) * waitSize_);
      ++counter_;
      hasArrive_ = true;
    }
  }
  void Wait(uint32_t waitIndex) {
    if ASCEND_IS_AIV {
      const uint32_t round = hasArrive_ ? counter_ - 1 : counter_;
      opsim::sim::detail::GroupBarrierStep(false, workspace_, waitIndex, arriveSize_, waitSize_,
                                           round, round * arriveSize_);
      if (!hasArrive_) ++counter_;
      hasArrive_ = false;
    }
  }
  uint64_t GetWorkspaceLen() {
    return uint64_t{arriveSize_ > waitSize_ ? arriveSize_ : waitSize_} * 512;
  }

 private:
  GroupBarrier() = delete;
  GM_ADDR workspace_;
  uint32_t arriveSize_;
  uint32_t waitSize_;
  uint32_t counter_ = 1;  // the round
  bool hasArrive_ = false;
};

// Makes group groupID's handle on every core; the group's AIC serve its queues here, calling
// CallBack<MatmulApiType, CubeMsgType>::Call for each message, until every queue quit.
template <int groupID, class MatmulApiType, template <class, class> class CallBack,
          typename CubeMsgType>
CubeResGroupHandle<CubeMsgType> CreateCubeResGroup(KfcWorkspace& desc, uint8_t blockStart,
                                                   uint8_t blockSize, uint8_t msgQueueSize,
                                                   GM_ADDR tiling) {
  CubeMsgType probe{};
  opsim::sim::detail::CubeGroupCreate(
      groupID, desc.GetKfcWorkspace(), blockStart, blockSize, msgQueueSize, sizeof(CubeMsgType),
      static_cast<size_t>(reinterpret_cast<const uint8_t*>(&probe.head) -
                          reinterpret_cast<const uint8_t*>(&probe)));
  CubeResGroupHandle<CubeMsgType> handle(desc.GetKfcWorkspace(), blockStart, blockSize,
                                         msgQueueSize, GetEventId(desc));
  desc.UpdateKfcWorkspace(handle.msgCount_ * static_cast<uint32_t>(sizeof(CubeMsgType)));
  if (ASCEND_IS_AIC && handle.myAic_ >= 0) handle.template Serve<MatmulApiType, CallBack>(tiling);
  return handle;
}

}  // namespace AscendC
