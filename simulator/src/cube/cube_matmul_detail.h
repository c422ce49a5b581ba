// Internals of the high-level Matmul and of MIX launches: the AIC a MIX block's AIV cores share,
// the scope in which a Matmul's instructions run on it, and the L1 -> bias table move.
#pragma once

#include <cstdint>
#include <vector>

#include "opsim/sim/ascendc/cube_matmul_engine.h"
#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// One block of a MIX launch on a chip whose AIC and AIV are separate cores (the 910B): the AIC
// (its L1/L0/BT and the MTE1, M and FIX pipes) that serves the Matmul objects of both AIV
// sub-blocks, one server slot per registered object, as the AIC's KFC server holds one object
// per REGIST_MATMUL_OBJ and serves its AIV clients in turn.
class MixRun;      // mix_run.h
struct MixMember;  // mix_run.h
struct MixBlock {
  Core* aic = nullptr;
  int32_t sub_block = 0;        // the running AIV's sub-block (0 or 1); 0 on the AIC
  uint32_t aiv_per_block = 2;   // 2 (KERNEL_TYPE_MIX_AIC_1_2) or 1 (MIX_AIC_1_1)
  MixRun* run = nullptr;        // the block's cores and their cross-core flags
  MixMember* member = nullptr;  // the running one
  uint32_t aic_pipe_epoch = 0;  // the AIC's TPipe (PipeBegin), 0 until the first Init
  struct Slot {
    MatmulQueues queues;
    TCubeTiling tiling;
  };
  std::vector<Slot>* slots = nullptr;  // per block, shared by the AIV sub-blocks
  // GM the AIC writes a tile to for GetTensorC into an AIV's Unified Buffer (the AIC cannot
  // reach it): L0C's size, in a region the launch registers (its system workspace).
  uint8_t* c_scratch = nullptr;
  uint32_t c_scratch_bytes = 0;
};
extern thread_local MixBlock* tls_mix;

// Runs the enclosed instructions on the core that has the cube: in a MIX block the AIV's AIC
// (Cur() is the AIC inside; the AIC starts no earlier than the AIV's request, and the AIV waits
// for the result), elsewhere the running core itself. `api` names the Matmul call in faults.
// `answer` false: a message the AIV posts without waiting (CANN's PostMessage<false>, as its
// TSCM copies are).
class CubeScope {
 public:
  explicit CubeScope(const char* api, bool answer = true);
  ~CubeScope();
  CubeScope(const CubeScope&) = delete;
  CubeScope& operator=(const CubeScope&) = delete;
  bool on_aic() const { return aiv_ != nullptr; }

 private:
  Core* aiv_ = nullptr;  // the AIV to return to; null when running in place
  bool answer_ = true;
};

// A TSCM queue on an AIV of a MIX block (the 910B, whose AIV has no L1): CANN's AIV sends its
// TSCM copies to the AIC as messages (ScmDataCopyMsg), so here the queue's buffers are the
// AIC's L1 and the queue's calls and the DataCopy into it run on the AIC (cube_mix.cc). The
// AIV holds its tensors as views of the other core's memory (kOtherCoreBuf with the address):
// any other use on the AIV is the fault that it cannot reach L1.
bool OnMixAiv();
// Such a queue's id on the AIV: the AIC's queue index plus kAicQueue (core_buffers.cc's queue
// calls hand those to the Tscm* calls below).
inline constexpr int16_t kAicQueue = 0x4000;
int16_t InitTscmQueue(uint32_t depth, uint32_t num, uint32_t len, int16_t existing);
// The AIV's TPipe `epoch` (and those after it) ends: its TSCM buffers on the AIC go with it.
void ReleaseTscm(uint32_t epoch);
UbRef TscmQueueAlloc(int16_t queue);
void TscmQueueEnQue(int16_t queue, const UbRef& ref);
UbRef TscmQueueDeQue(int16_t queue);
void TscmQueueFree(int16_t queue, const UbRef& ref);
uint32_t TscmQueueCount(int16_t queue);
void TscmQueueFreeAllEvent(int16_t queue);
inline bool IsAicL1View(const UbRef& ref) { return ref.buf == kOtherCoreBuf && ref.ptr != nullptr; }
// On the AIC (inside a CubeScope): the AIC's own ref for an AIV's view (a view of no live buffer
// is the use-after-free fault); any other ref unchanged.
UbRef AicL1Ref(const UbRef& view, const char* instr);
// An AIV's DataCopy into its TSCM view: runs on the AIC's MTE2 (REGIST_MATMUL_OBJ first, as
// CANN's message needs the Matmul's client), which then orders its MTE1 after it (CANN's
// ScmDataCopy: SetFlag/WaitFlag<MTE2_MTE1>). dst() is the AIC's ref.
class ScmCopyScope {
 public:
  ScmCopyScope(const UbRef& view, const char* instr);
  ~ScmCopyScope();
  ScmCopyScope(const ScmCopyScope&) = delete;
  ScmCopyScope& operator=(const ScmCopyScope&) = delete;
  const UbRef& dst() const { return dst_; }

 private:
  CubeScope scope_;
  UbRef dst_;
};

// copy_cbuf_to_bt: n_burst bursts of len_burst x 64 B (float32 in the table), source gaps in
// 32 B units, destination gaps in 64 B units (cube_bias.cc).
void CubeL1ToBt(const UbRef& dst, const UbRef& src, bool f16_to_f32, uint16_t n_burst,
                uint16_t len_burst, uint16_t src_gap, uint16_t dst_gap);

}  // namespace opsim::sim::detail
