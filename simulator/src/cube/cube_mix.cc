// MIX kernels: the sub-block identity an AIV sees, and the scope in which a Matmul's cube
// instructions run on the AIC of its MIX block (docs/CUBE.md, "MIX kernels").
#include <dlfcn.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/mix_run.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

extern thread_local Core* tls_core;
thread_local MixBlock* tls_mix = nullptr;

namespace {

// The load addresses of the libraries (or the program) holding code that includes
// lib/matmul_intf.h without ASCENDC_CUBE_ONLY.
std::mutex g_mix_mu;
std::vector<const void*> g_mix_objects;

const void* ObjectOf(const void* address) {
  Dl_info info{};
  return dladdr(address, &info) != 0 ? info.dli_fbase : nullptr;
}

}  // namespace

bool DeclareMixKernels(const void* in_object) noexcept {
  const void* base = ObjectOf(in_object);
  if (base == nullptr) return false;
  const std::lock_guard<std::mutex> lock(g_mix_mu);
  if (std::find(g_mix_objects.begin(), g_mix_objects.end(), base) == g_mix_objects.end()) {
    g_mix_objects.push_back(base);
  }
  return true;
}

bool MixKernelAt(const void* kernel) noexcept {
  const void* base = ObjectOf(kernel);
  if (base == nullptr) return false;
  const std::lock_guard<std::mutex> lock(g_mix_mu);
  return std::find(g_mix_objects.begin(), g_mix_objects.end(), base) != g_mix_objects.end();
}

int64_t MixSubBlockIdx() {
  (void)Cur();  // outside a kernel: the kNoLaunch fault
  return tls_mix != nullptr ? tls_mix->sub_block : 0;
}

// AIV cores per AIC in the running launch: 2 (or 1 for MIX_AIC_1_1) in a MIX block on the
// 910B, else 1.
int64_t MixTaskRation() {
  (void)Cur();
  return tls_mix != nullptr ? tls_mix->aiv_per_block : 1;
}

CubeScope::CubeScope(const char* api, bool answer) : answer_(answer) {
  Core& core = Cur();
  // Outside a MIX block, or on its AIC running the kernel's own code: in place.
  if (tls_mix == nullptr || tls_mix->member->aic) {
    if (core.core_type == CoreType::kAiv && core.device->cube_cores < core.device->vector_cores) {
      RaiseFault(FaultKind::kUnsupported, api,
                 "the Matmul runs on the cube, and an AIV core of " + core.device->name +
                     " has none (launch the kernel as MIX: ICPU_RUN_KF in KernelMode::MIX_MODE, "
                     "sim::LaunchMix; or on the AIC: AIC_MODE, CoreType::kAic)");
    }
    return;
  }
  Core& aic = *tls_mix->aic;
  // The request leaves the AIV when its scalar unit issues it and reaches the AIC a flag
  // hand-off later; the AIC's pipes start no earlier.
  const double request = core.clock[static_cast<int>(Pipe::kS)] + core.flag_ns;
  for (double& c : aic.clock) c = std::max(c, request);
  aic.block_idx = core.block_idx;
  aiv_ = &core;
  tls_core = &aic;
}

CubeScope::~CubeScope() {
  if (aiv_ == nullptr) return;
  Core& aic = *tls_core;
  tls_core = aiv_;
  if (!answer_) return;
  // Synchronous calls: the AIV's scalar unit waits for the AIC's answer, so nothing it issues
  // after starts before.
  const double done = aic.AllDone() + aiv_->flag_ns;
  for (double& c : aiv_->clock) c = std::max(c, done);
}

bool OnMixAiv() { return tls_mix != nullptr && !tls_mix->member->aic; }

namespace {

// The AIV's view of an AIC L1 buffer: the AIC buffer's generation (its low 24 bits) above the
// memory that RaiseOtherCoreTensor names.
UbRef AivView(const UbRef& r) {
  return UbRef{r.ptr, r.bytes, kOtherCoreBuf, (r.gen << 8) | static_cast<uint32_t>(CubeMem::kL1)};
}

}  // namespace

UbRef AicL1Ref(const UbRef& view, const char* instr) {
  if (!IsAicL1View(view)) return view;
  const Core& aic = Cur();
  const uint8_t* const lo = aic.ub + aic.cube_base[static_cast<size_t>(CubeMem::kL1)];
  if (view.ptr >= lo && view.ptr < lo + aic.cube_bytes[static_cast<size_t>(CubeMem::kL1)]) {
    const auto at = static_cast<uint64_t>(view.ptr - aic.ub);
    for (size_t b = aic.bufs.size(); b-- > 0;) {
      const BufferRecord& r = aic.bufs[b];
      if (r.state == BufState::kDead || at < r.offset || at >= uint64_t{r.offset} + r.bytes)
        continue;
      if (r.state == BufState::kFree || (r.gen & 0xffffff) != view.gen >> 8) break;
      return UbRef{view.ptr, view.bytes, static_cast<int16_t>(b), r.gen};
    }
  }
  RaiseFault(FaultKind::kUseAfterFree, instr,
             "the TSCM tensor (the AIC's L1, which the AIV reaches through messages) is not a "
             "live buffer: freed (FreeTensor) or its TPipe destroyed");
}

int16_t InitTscmQueue(uint32_t depth, uint32_t num, uint32_t len, int16_t existing) {
  const auto epoch = static_cast<uint32_t>(Cur().pipe_starts.size());
  const CubeScope scope("TPipe::InitBuffer", false);
  const int16_t own = existing >= kAicQueue ? static_cast<int16_t>(existing - kAicQueue) : existing;
  Core& aic = Cur();
  uint32_t& l1 = aic.cube_used[static_cast<size_t>(CubeMem::kL1)];
  const uint32_t before = l1, first = static_cast<uint32_t>(aic.bufs.size());
  const int16_t q = InitQueueIn(Position::kA1, Position::kA1, depth, num, len, own, -1);
  tls_mix->member->tscm.push_back(
      {epoch, first, static_cast<uint32_t>(aic.bufs.size()), before, l1});
  return static_cast<int16_t>(q + kAicQueue);
}

void ReleaseTscm(uint32_t epoch) {
  if (!OnMixAiv()) return;
  auto& carves = tls_mix->member->tscm;
  Core& aic = *tls_mix->aic;
  uint32_t& l1 = aic.cube_used[static_cast<size_t>(CubeMem::kL1)];
  // CANN's AIV TPipe hands its TSCM space back when it ends: the buffers die, and the AIC's L1
  // is given back where nothing was carved after them (the AIC's own buffers stay).
  while (!carves.empty() && carves.back().epoch >= epoch) {
    const MixMember::TscmCarve c = carves.back();
    carves.pop_back();
    for (uint32_t b = c.first_buf; b < c.end_buf && b < aic.bufs.size(); ++b) {
      aic.bufs[b].state = BufState::kDead;
      ++aic.bufs[b].gen;
    }
    if (l1 == c.l1_after) l1 = c.l1_before;
  }
}

UbRef TscmQueueAlloc(int16_t queue) {
  const CubeScope scope("TQue::AllocTensor", false);
  return AivView(QueueAlloc(static_cast<int16_t>(queue - kAicQueue)));
}

void TscmQueueEnQue(int16_t queue, const UbRef& ref) {
  const CubeScope scope("TQue::EnQue", false);
  QueueEnQue(static_cast<int16_t>(queue - kAicQueue), AicL1Ref(ref, "TQue::EnQue"));
}

UbRef TscmQueueDeQue(int16_t queue) {
  const CubeScope scope("TQue::DeQue", false);
  return AivView(QueueDeQue(static_cast<int16_t>(queue - kAicQueue)));
}

void TscmQueueFree(int16_t queue, const UbRef& ref) {
  const CubeScope scope("TQue::FreeTensor", false);
  QueueFree(static_cast<int16_t>(queue - kAicQueue), AicL1Ref(ref, "TQue::FreeTensor"));
}

uint32_t TscmQueueCount(int16_t queue) {
  const CubeScope scope("TQue::GetTensorCountInQue", false);
  return QueueCount(static_cast<int16_t>(queue - kAicQueue));
}

void TscmQueueFreeAllEvent(int16_t queue) {
  const CubeScope scope("TQue::FreeAllEvent", false);
  QueueFreeAllEvent(static_cast<int16_t>(queue - kAicQueue));
}

ScmCopyScope::ScmCopyScope(const UbRef& view, const char* instr) : scope_(instr, false) {
  if (tls_mix->member->objects_seen == 0) {  // CANN's ScmDataCopyMsg asserts a KFC client
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "DataCopy into TSCM on an AIV is a message to the AIC's Matmul server: register a "
               "Matmul (REGIST_MATMUL_OBJ) first (CANN: \"works with Matmul API\")");
  }
  dst_ = AicL1Ref(view, instr);
}

ScmCopyScope::~ScmCopyScope() {
  // CANN's ScmDataCopy ends in SetFlag/WaitFlag<MTE2_MTE1>: the AIC's loads wait for the copy.
  Core& aic = Cur();
  double& mte1 = aic.clock[static_cast<int>(Pipe::kMte1)];
  mte1 = std::max(mte1, aic.DoneAt(Pipe::kMte2) + aic.flag_ns);
}

}  // namespace opsim::sim::detail
