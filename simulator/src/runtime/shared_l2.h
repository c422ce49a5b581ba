// One L2 shared by every core slot of a launch, in an order no host thread decides
// (docs/CUBE.md, "The shared L2").
#pragma once

#include <atomic>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "runtime/l2_cache.h"

namespace opsim::sim::detail {

// The slots' GM accesses go through one LRU (L2Share) of the whole L2 in (key, slot) order. A
// slot's key is its GM front: the latest end of its GM accesses so far, or the clock of the
// access's pipe when that is later, so a slot's keys never go down. An access may go ahead only
// while its slot holds the turn: the lowest (bound, slot) of the live slots, where a slot's bound
// is its front (its next access cannot have a lower key). Whatever the host threads do, the
// accesses reach the LRU in the same order and hit the same lines.
//
// Not thread-safe: LaunchState calls it under its mutex and parks a slot that must wait.
class SharedL2 {
 public:
  SharedL2(uint64_t l2_bytes, uint32_t slots);

  // The key an access on a pipe whose clock is `pipe_clock` gets: it becomes the slot's bound.
  double Key(uint32_t slot, double pipe_clock) const {
    return pipe_clock > bound_[slot] ? pipe_clock : bound_[slot];
  }
  // Raises a live slot's bound (keys never go down: a lower one is ignored).
  void Raise(uint32_t slot, double bound);
  // The slot waits in SyncAll (kAway) or has run its last block (kDone): it holds no turn.
  void Leave(uint32_t slot, bool done);
  // Slots waiting in SyncAll take part again from `release`, the barrier's release time.
  void Rejoin(double release);
  // The slot allowed to touch the LRU now, or -1 when no slot is live. Read without the lock.
  int32_t Turn() const { return turn_.load(std::memory_order_acquire); }

  L2Share& lru() { return lru_; }

 private:
  enum class State : uint8_t { kLive, kAway, kDone };
  void UpdateTurn();

  L2Share lru_;
  std::vector<double> bound_;
  std::vector<State> state_;
  std::set<std::pair<double, uint32_t>> order_;  // (bound, slot) of the live slots
  std::atomic<int32_t> turn_{-1};
};

}  // namespace opsim::sim::detail
