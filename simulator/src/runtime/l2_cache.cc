// Which GM reads hit the L2 (l2_cache.h) and what a read costs then.
#include "runtime/l2_cache.h"

#include <algorithm>

#include "runtime/launch_state.h"

namespace opsim::sim::detail {
void L2Share::Unlink(uint32_t node) {
  const uint32_t p = prev_[node], n = next_[node];
  (p == kNone ? head_ : next_[p]) = n;
  (n == kNone ? tail_ : prev_[n]) = p;
}

void L2Share::PushFront(uint32_t node) {
  prev_[node] = kNone;
  next_[node] = head_;
  (head_ == kNone ? tail_ : prev_[head_]) = node;
  head_ = node;
}

bool L2Share::Use(uint64_t key) {
  const auto found = where_.find(key);
  if (found != where_.end()) {
    if (found->second != head_) {
      Unlink(found->second);
      PushFront(found->second);
    }
    return true;
  }
  uint32_t node = 0;
  if (key_.size() < lines_) {  // room left: a new node
    node = static_cast<uint32_t>(key_.size());
    key_.push_back(key);
    prev_.push_back(kNone);
    next_.push_back(kNone);
  } else {  // full: the least recent line leaves
    node = tail_;
    Unlink(node);
    where_.erase(key_[node]);
    key_[node] = key;
  }
  PushFront(node);
  where_.emplace(key, node);
  return false;
}

uint64_t L2Share::Touch(uint32_t region, uint64_t offset, uint64_t bytes, bool count_hits) {
  if (lines_ == 0) return 0;
  uint64_t hit = 0;
  const uint64_t end = offset + bytes;
  for (uint64_t at = offset; at < end;) {
    const uint64_t line = at >> kLineShift;
    const uint64_t next = std::min(end, (line + 1) << kLineShift);
    // Regions are 16-bit indices, lines below 2^47 (64 PiB): the key is unique.
    if (Use((static_cast<uint64_t>(region) << 47) | line) && count_hits) hit += next - at;
    at = next;
  }
  return hit;
}

namespace {

// The core's L2 share and the offset of gm in its region; null when there is none.
L2Share* ShareOf(const Core& core, const GmRef& gm, uint64_t* offset) {
  LaunchState* launch = core.launch;
  if (launch == nullptr || gm.region < 0 || core.core_idx < 0 ||
      static_cast<size_t>(core.core_idx) >= launch->l2.size()) {
    return nullptr;
  }
  const GmRegion& r = launch->regions[static_cast<size_t>(gm.region)];
  *offset = static_cast<uint64_t>(gm.ptr - static_cast<const uint8_t*>(r.base));
  return &launch->l2[static_cast<size_t>(core.core_idx)];
}

}  // namespace

double GmReadCost(Core& core, const GmRef& gm, const GmRows& at) {
  uint64_t offset = 0;
  L2Share* share = ShareOf(core, gm, &offset);
  uint64_t hit = 0;
  if (share != nullptr) {
    const auto region = static_cast<uint32_t>(gm.region);
    for (uint64_t m = 0; m < at.matrices; ++m) {
      for (uint64_t r = 0; r < at.rows; ++r) {
        hit += share->Read(region, offset + m * at.matrix_pitch + r * at.pitch, at.row_bytes);
      }
    }
  }
  core.stats[static_cast<int>(Pipe::kMte2)].l2_hit_bytes += hit;
  const uint64_t total = at.matrices * at.rows * at.row_bytes;
  return core.dma_setup_ns + static_cast<double>(total - hit) * core.dma_ns_per_byte +
         static_cast<double>(hit) * core.l2_ns_per_byte;
}

void GmWriteLines(Core& core, const GmRef& gm, const GmRows& at) {
  uint64_t offset = 0;
  L2Share* share = ShareOf(core, gm, &offset);
  if (share == nullptr) return;
  const auto region = static_cast<uint32_t>(gm.region);
  for (uint64_t m = 0; m < at.matrices; ++m) {
    for (uint64_t r = 0; r < at.rows; ++r) {
      share->Write(region, offset + m * at.matrix_pitch + r * at.pitch, at.row_bytes);
    }
  }
}

}  // namespace opsim::sim::detail
