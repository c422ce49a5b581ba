// The order in which the slots' accesses reach the shared L2 (shared_l2.h).
#include "runtime/shared_l2.h"

namespace opsim::sim::detail {

SharedL2::SharedL2(uint64_t l2_bytes, uint32_t slots)
    : lru_(l2_bytes), bound_(slots, 0.0), state_(slots, State::kLive) {
  for (uint32_t s = 0; s < slots; ++s) order_.emplace(0.0, s);
  UpdateTurn();
}

void SharedL2::Raise(uint32_t slot, double bound) {
  if (state_[slot] != State::kLive || !(bound > bound_[slot])) return;
  order_.erase({bound_[slot], slot});
  bound_[slot] = bound;
  order_.emplace(bound, slot);
  UpdateTurn();
}

void SharedL2::Leave(uint32_t slot, bool done) {
  if (state_[slot] == State::kLive) order_.erase({bound_[slot], slot});
  state_[slot] = done ? State::kDone : State::kAway;
  UpdateTurn();
}

void SharedL2::Rejoin(double release) {
  for (uint32_t s = 0; s < state_.size(); ++s) {
    if (state_[s] == State::kDone) continue;
    if (state_[s] == State::kLive) order_.erase({bound_[s], s});
    // Every pipe's clock is the release time after the barrier: no access comes earlier.
    if (release > bound_[s]) bound_[s] = release;
    state_[s] = State::kLive;
    order_.emplace(bound_[s], s);
  }
  UpdateTurn();
}

void SharedL2::UpdateTurn() {
  turn_.store(order_.empty() ? -1 : static_cast<int32_t>(order_.begin()->second),
              std::memory_order_release);
}

}  // namespace opsim::sim::detail
