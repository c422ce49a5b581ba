// GroupBarrier (cube_group.h; docs/CUBE.md, "Cube groups"): its counters in GM, each Arrive and
// Wait an atomic add of one to every counter of its side by MTE3 after waiting (parked) for
// the other side's counter, as CANN's dav_c220 implementation lays them out.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "cube/cube_group_sync.h"
#include "opsim/sim/ascendc/cube_group.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/fault.h"
#include "runtime/dma_setup.h"
#include "runtime/gm_bounds.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kBarrierStride = 512;     // one cache line per counter
constexpr uint32_t kBarrierWaitOffset = 64;  // the wait side's counters follow the arrive side's
constexpr uint32_t kBarrierMaxRounds = 1048575;  // the pages: "循环最大次数不超过1,048,575次"

uint32_t LoadCounter(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

[[noreturn]] void BarrierInvalid(const char* api, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, api, message);
}

std::string BarrierNum(uint64_t v) { return std::to_string(v); }

}  // namespace

void GroupBarrierCreate(const uint8_t* workspace, uint32_t arrive_size, uint32_t wait_size,
                        bool mte3) {
  const char* api = "GroupBarrier";
  Core& core = Cur();
  if (core.device->cube_cores == 0 || core.device->cube_cores >= core.device->vector_cores) {
    RaiseFault(FaultKind::kUnsupported, api,
               "GroupBarrier: " + core.device->name +
                   "'s AI core holds the cube and vector units in one core; GroupBarrier is for "
                   "the AIV of chips whose AIC and AIV are separate cores (the 910B)");
  }
  CheckUbTail(core, api, kCubeGroupUbTail, "GroupBarrier's counters' source");
  if (!mte3)
    BarrierInvalid(api, "GroupBarrier<SCALAR_MODE>: the page supports only PipeMode::MTE3_MODE");
  const auto blocks = static_cast<uint64_t>(core.block_num);
  if (arrive_size == 0 || wait_size == 0 || arrive_size > blocks || wait_size > blocks) {
    BarrierInvalid(api, "arriveSizeIn " + BarrierNum(arrive_size) + ", waitSizeIn " +
                            BarrierNum(wait_size) + ": each is 1 .. GetBlockNum() (" +
                            BarrierNum(blocks) + ")");
  }
  if (reinterpret_cast<uintptr_t>(workspace) % kBarrierStride != 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", static_cast<const void*>(workspace));
    BarrierInvalid(api, std::string("groupWorkspace ") + buf +
                            " is not 512 B aligned (the page: 必须512B对齐)");
  }
  const uint64_t bytes = uint64_t{std::max(arrive_size, wait_size)} * kBarrierStride;
  CheckGmAccess(core, BindGm(workspace, bytes, false), 0, bytes, api, "the barrier's counters");
}

void GroupBarrierStep(bool arrive, uint8_t* workspace, uint32_t index, uint32_t arrive_size,
                      uint32_t wait_size, uint32_t round, uint32_t want) {
  const char* api = arrive ? "GroupBarrier::Arrive" : "GroupBarrier::Wait";
  const uint32_t size = arrive ? arrive_size : wait_size;
  if (index >= size) {
    BarrierInvalid(api, std::string(arrive ? "arriveIndex " : "waitIndex ") + BarrierNum(index) +
                            " is out of range [0, " + BarrierNum(size - 1) + "]");
  }
  if (round > kBarrierMaxRounds) {
    BarrierInvalid(api, std::string(api) + " in round " + BarrierNum(round) +
                            ": the page allows at most 1,048,575 rounds in a loop");
  }
  Core& core = Cur();
  CheckUbTail(core, api, kCubeGroupUbTail, std::string(api) + "'s atomic add");
  // Arrive waits for its wait counter to hold the last round's waiters exactly; Wait for its
  // arrive counter to hold this round's arrivals.
  const uint8_t* seen =
      workspace + static_cast<size_t>(index) * kBarrierStride + (arrive ? kBarrierWaitOffset : 0);
  if (!arrive || round > 1) {
    WaitGmUntil(
        core, api,
        [seen, want, arrive] {
          return arrive ? LoadCounter(seen) == want : LoadCounter(seen) >= want;
        },
        [=] {
          return std::string("waits in ") + api + "(" + BarrierNum(index) + ") of round " +
                 BarrierNum(round) + " for its counter to reach " + BarrierNum(want) + " (" +
                 (arrive ? "the last round's Wait calls" : "this round's Arrive calls") +
                 "); it holds " + BarrierNum(LoadCounter(seen));
        });
  }
  // The add: MTE3 moves one 32 B block to each counter of its side with atomic add.
  const uint32_t num = std::max(arrive_size, wait_size);
  std::lock_guard<std::mutex> lock(core.launch->FlagMutex());
  TakeGmHandOver(core, api, seen);
  // One DMA a counter, each landing its set-up and transfer after its start (dma_setup.h).
  const double transfer = DmaTransferNs(core, 32);
  const double scalar_at = core.clock[static_cast<int>(Pipe::kS)];
  uint8_t* first = workspace + (arrive ? 0 : kBarrierWaitOffset);
  for (uint32_t i = 0; i < num; ++i) {
    const double start = IssueDma(core, Pipe::kMte3, api, transfer, 32, scalar_at);
    uint8_t* counter = first + static_cast<size_t>(i) * kBarrierStride;
    const uint32_t v = LoadCounter(counter) + 1;
    std::memcpy(counter, &v, sizeof v);
    NoteGmWrite(core, counter, start + DmaLatencyNs(core, transfer) + core.flag_ns);
  }
}

}  // namespace opsim::sim::detail
