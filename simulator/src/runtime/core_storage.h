// The heap storage of a Core's per-launch lists (buffers, queues, GM access records, deferred
// copies), kept between launches on each host thread. Every launch builds a fresh Core per
// simulated core, and its lists grew from empty each time: ~900 allocations per 48-block launch
// of ReduceSum (gm_dma alone doubles seven times on each core). Only capacity is kept: a Core
// still starts every block with empty lists (ResetForBlock), so nothing a kernel sees changes.
#pragma once

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// Hands `core` the storage of an earlier Core of this thread, if one was returned.
void AdoptStorage(Core& core);
// Empties `core`'s lists and keeps their storage for the next Core on this thread.
void ReturnStorage(Core& core);

}  // namespace opsim::sim::detail
