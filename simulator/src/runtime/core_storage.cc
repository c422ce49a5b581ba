// Storage of Core lists kept between launches (core_storage.h).
#include "runtime/core_storage.h"

#include <utility>
#include <vector>

namespace opsim::sim::detail {
namespace {

struct CoreStorage {
  std::vector<BufferRecord> bufs;
  std::vector<QueueRecord> queues;
  std::vector<PipeStart> pipe_starts;
  std::vector<PoolRecord> pools;
  std::vector<GmAccess> gm_dma;
  std::vector<GmAccess> gm_scalar;
  std::vector<ElidedCopy> elided;
  std::vector<uint64_t> ub_written;
};

// One set per Core alive at once on this thread: a launch's cores run one after another on it,
// and blocks parked in SyncAll keep theirs meanwhile. Bounded so that a thread that once ran many
// parked blocks does not keep all their storage.
constexpr size_t kMaxSpare = 64;
thread_local std::vector<CoreStorage> spare;

// Exchanges the lists of `core` and `s`.
void Swap(Core& core, CoreStorage& s) {
  core.bufs.swap(s.bufs);
  core.queues.swap(s.queues);
  core.pipe_starts.swap(s.pipe_starts);
  core.pools.swap(s.pools);
  core.gm_dma.swap(s.gm_dma);
  core.gm_scalar.swap(s.gm_scalar);
  core.elided.swap(s.elided);
  core.ub_written.swap(s.ub_written);
}

}  // namespace

void AdoptStorage(Core& core) {
  if (spare.empty()) return;
  Swap(core, spare.back());
  spare.pop_back();
}

void ReturnStorage(Core& core) {
  core.bufs.clear();
  core.queues.clear();
  core.pipe_starts.clear();
  core.pools.clear();
  core.gm_dma.clear();
  core.gm_scalar.clear();
  core.elided.clear();
  core.ub_written.clear();
  if (spare.size() >= kMaxSpare) return;
  spare.emplace_back();
  Swap(core, spare.back());
}

}  // namespace opsim::sim::detail
