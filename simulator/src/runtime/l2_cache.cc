// Which GM reads hit the L2 (l2_cache.h) and what a read costs then.
#include "runtime/l2_cache.h"

#include <algorithm>
#include <iterator>
#include <type_traits>

#include "runtime/launch_state.h"

namespace opsim::sim::detail {

void* NodePool::Carve(size_t bytes) {
  constexpr size_t kAlign = alignof(std::max_align_t);
  bytes = (bytes + kAlign - 1) / kAlign * kAlign;
  if (left_ < bytes) {
    // Default-initialised (not zeroed): only the pages nodes are carved from are touched.
    const size_t n = chunks_.size();
    const size_t chunk = std::max(n < 4 ? size_t{4096} << n : size_t{65536}, bytes);
    chunks_.emplace_back(new std::max_align_t[chunk / kAlign]);
    at_ = reinterpret_cast<unsigned char*>(chunks_.back().get());
    left_ = chunk;
  }
  void* node = at_;
  at_ += bytes;
  left_ -= bytes;
  return node;
}

NodePool::List* NodePool::ListFor(size_t bytes) {
  for (List& list : lists_) {
    if (list.bytes == bytes) return &list;
    if (list.bytes == 0) {
      list.bytes = bytes;
      return &list;
    }
  }
  return nullptr;
}

L2Share::L2Share(uint64_t capacity_bytes)
    : capacity_(capacity_bytes >> kLineShift),
      nodes_(std::make_unique<NodePool>()),
      pieces_(NodeAlloc<Entry>(nodes_.get())) {
  static_assert(std::is_trivially_destructible_v<Entry>, "entries are never destroyed");
}

L2Share::L2Share(L2Share&& other) noexcept
    : capacity_(other.capacity_),
      held_(other.held_),
      nodes_(std::move(other.nodes_)),
      pieces_(std::move(other.pieces_)),
      oldest_(other.oldest_),
      newest_(other.newest_) {}

std::vector<L2Share> L2Shares(uint32_t slots, uint64_t capacity_bytes) {
  std::vector<L2Share> shares;
  shares.reserve(slots);
  for (uint32_t s = 0; s < slots; ++s) shares.emplace_back(capacity_bytes);
  return shares;
}

void L2Share::Link(Entry* e, Entry* older) {
  Entry* newer = older != nullptr ? older->second.newer : oldest_;
  e->second.older = older;
  e->second.newer = newer;
  (older != nullptr ? older->second.newer : oldest_) = e;
  (newer != nullptr ? newer->second.older : newest_) = e;
}

void L2Share::Unlink(Entry* e) {
  Entry* older = e->second.older;
  Entry* newer = e->second.newer;
  (older != nullptr ? older->second.newer : oldest_) = newer;
  (newer != nullptr ? newer->second.older : newest_) = older;
}

void L2Share::Erase(Pieces::iterator it) {
  Unlink(&*it);
  pieces_.erase(it);
}

void L2Share::Renew(Entry* e) {
  if (e == newest_) return;
  Unlink(e);
  Link(e, newest_);
}

void L2Share::Rekey(Pieces::iterator it, uint64_t first) {
  // The new first line lies inside the piece, so the entry's place in the map does not change:
  // the next entry is the insertion's exact hint (constant time), and the node itself, with its
  // links, is the same one.
  const auto next = std::next(it);
  auto node = pieces_.extract(it);
  node.key() = first;
  pieces_.insert(next, std::move(node));
}

void L2Share::Cut(Pieces::iterator it, uint64_t lo, uint64_t hi) {
  const uint64_t first = it->first, end = it->second.end;
  if (lo == first) {
    if (hi < end) {
      Rekey(it, hi);  // the front goes: the rest keeps its place in the LRU
    } else {
      Erase(it);
    }
    return;
  }
  it->second.end = lo;
  if (hi < end) {  // the lines after the cut, as recent as those before it, just after them
    const auto tail = pieces_.emplace_hint(std::next(it), hi, Piece{end, nullptr, nullptr});
    Link(&*tail, &*it);
  }
}

void L2Share::Claim(uint64_t lo, uint64_t hi, Pieces::const_iterator next) {
  if (newest_ != nullptr && newest_->second.end == lo) {
    newest_->second.end = hi;
    return;
  }
  const auto it = pieces_.emplace_hint(next, lo, Piece{hi, nullptr, nullptr});
  Link(&*it, newest_);
}

void L2Share::Evict() {
  while (held_ > capacity_) {
    // Rows read in address order evict the lowest piece: no search for it then.
    const auto it = oldest_ == &*pieces_.begin() ? pieces_.begin() : pieces_.find(oldest_->first);
    const uint64_t lines = it->second.end - it->first;
    const uint64_t drop = std::min(lines, held_ - capacity_);
    held_ -= drop;
    if (drop == lines) {
      Erase(it);
    } else {  // a piece's lowest lines are its least recent
      Rekey(it, it->first + drop);
    }
  }
}

// Walks the access's lines in order as runs: each run of held lines hits and moves to the
// front, each run of missing lines comes in and pushes the least recent lines out before the
// next run is looked at (they may be lines further on in this access, as in a line-by-line LRU).
uint64_t L2Share::Touch(uint32_t region, uint64_t offset, uint64_t bytes, bool count_hits) {
  if (capacity_ == 0 || bytes == 0) return 0;
  // Regions are 16-bit indices, lines below 2^47 (64 PiB): a line's key is unique.
  const uint64_t base = static_cast<uint64_t>(region) << 47;
  const uint64_t lo = base | (offset >> kLineShift);
  const uint64_t hi = base | (((offset + bytes - 1) >> kLineShift) + 1);
  uint64_t hit = 0;
  for (uint64_t at = lo; at < hi;) {
    // Past the highest piece (rows read in address order) the entry after `at` is the end.
    const auto next =
        pieces_.empty() || at < pieces_.rbegin()->first ? pieces_.upper_bound(at) : pieces_.end();
    if (next != pieces_.begin()) {
      const auto held = std::prev(next);
      if (held->second.end > at) {
        const uint64_t to = std::min(hi, held->second.end);
        hit += (to - at) << kLineShift;
        // The access's bytes only: its first and last lines may be partly outside it.
        if (at == lo) hit -= offset & ((1u << kLineShift) - 1);
        if (to == hi) hit -= (0 - (offset + bytes)) & ((1u << kLineShift) - 1);
        if (at == held->first && to == held->second.end) {
          Renew(&*held);  // a whole piece (a row's result line written again): no map change
          at = to;
          continue;
        }
        Cut(held, at, to);  // `next` stays where it was: the piece after this run, or after its cut
        Claim(at, to, next);
        at = to;
        continue;
      }
    }
    const uint64_t to = next == pieces_.end() ? hi : std::min(hi, next->first);
    Claim(at, to, next);
    held_ += to - at;
    Evict();
    at = to;
  }
  return count_hits ? hit : 0;
}

namespace {

// Where gm lies: its region's index and the offset in it; false outside the launch's regions
// (no L2 then).
bool Locate(const Core& core, const GmRef& gm, uint32_t* region, uint64_t* offset) {
  const LaunchState* launch = core.launch;
  if (launch == nullptr || gm.region < 0 || core.core_idx < 0) return false;
  const GmRegion& r = launch->regions[static_cast<size_t>(gm.region)];
  *region = static_cast<uint32_t>(gm.region);
  *offset = static_cast<uint64_t>(gm.ptr - static_cast<const uint8_t*>(r.base));
  return true;
}

// Reads (or writes) each row of `at` in `share`; returns the bytes that hit.
uint64_t TouchRows(L2Share& share, uint32_t region, uint64_t offset, const GmRows& at, bool read) {
  uint64_t hit = 0;
  for (uint64_t m = 0; m < at.matrices; ++m) {
    for (uint64_t r = 0; r < at.rows; ++r) {
      const uint64_t row = offset + m * at.matrix_pitch + r * at.pitch;
      if (read) {
        hit += share.Read(region, row, at.row_bytes);
      } else {
        share.Write(region, row, at.row_bytes);
      }
    }
  }
  return hit;
}

double ReadTransfer(const Core& core, uint64_t total, uint64_t hit) {
  return static_cast<double>(total - hit) * core.dma_ns_per_byte +
         static_cast<double>(hit) * core.l2_ns_per_byte;
}

}  // namespace

double GmReadTransferNs(Core& core, const GmRef& gm, const GmRows& at) {
  const uint64_t total = at.matrices * at.rows * at.row_bytes;
  uint32_t region = 0;
  uint64_t offset = 0;
  uint64_t hit = 0;
  LaunchState* launch = core.launch;
  if (Locate(core, gm, &region, &offset)) {
    if (launch->L2IsShared()) {
      launch->AccessL2(core, core.clock[static_cast<int>(Pipe::kMte2)], [&](L2Share& lru) {
        hit = TouchRows(lru, region, offset, at, true);
        return core.dma_issue_ns + ReadTransfer(core, total, hit);  // MTE2 is held this long
      });
    } else if (static_cast<size_t>(core.core_idx) < launch->l2.size()) {
      hit = TouchRows(launch->l2[static_cast<size_t>(core.core_idx)], region, offset, at, true);
    }
  }
  core.stats[static_cast<int>(Pipe::kMte2)].l2_hit_bytes += hit;
  return ReadTransfer(core, total, hit);
}

void GmWriteLines(Core& core, const GmRef& gm, const GmRows& at, Pipe pipe, double hold_ns) {
  uint32_t region = 0;
  uint64_t offset = 0;
  LaunchState* launch = core.launch;
  if (!Locate(core, gm, &region, &offset)) return;
  if (launch->L2IsShared()) {
    launch->AccessL2(core, core.clock[static_cast<int>(pipe)], [&](L2Share& lru) {
      TouchRows(lru, region, offset, at, false);
      return hold_ns;
    });
  } else if (static_cast<size_t>(core.core_idx) < launch->l2.size()) {
    TouchRows(launch->l2[static_cast<size_t>(core.core_idx)], region, offset, at, false);
  }
}

}  // namespace opsim::sim::detail
