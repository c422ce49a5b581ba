// The line-by-line LRU that L2Share keeps in pieces (session 19's model): a lookup per line, the
// reference the L2 tests compare with.
#pragma once

#include <algorithm>
#include <cstdint>
#include <list>
#include <unordered_map>

namespace opsim::sim::testing {

class LineLru {
 public:
  explicit LineLru(uint64_t capacity_bytes) : lines_(capacity_bytes >> 9) {}
  // Touches [offset, offset + bytes) of `region`; returns the bytes that hit when count_hits.
  uint64_t Touch(uint32_t region, uint64_t offset, uint64_t bytes, bool count_hits) {
    uint64_t hit = 0;
    for (uint64_t at = offset, end = offset + bytes; at < end && lines_ > 0;) {
      const uint64_t line = at >> 9;
      const uint64_t next = std::min(end, (line + 1) << 9);
      if (Use((static_cast<uint64_t>(region) << 47) | line) && count_hits) hit += next - at;
      at = next;
    }
    return hit;
  }

 private:
  bool Use(uint64_t key) {
    const auto found = where_.find(key);
    const bool held = found != where_.end();
    if (held) order_.erase(found->second);
    order_.push_front(key);
    where_[key] = order_.begin();
    if (order_.size() > lines_) {
      where_.erase(order_.back());
      order_.pop_back();
    }
    return held;
  }
  uint64_t lines_;
  std::list<uint64_t> order_;  // most recent first
  std::unordered_map<uint64_t, std::list<uint64_t>::iterator> where_;
};

}  // namespace opsim::sim::testing
