#include <algorithm>
#include <numeric>

#include "opsim/framework/graph.h"

namespace opsim {
namespace {

bool LifetimesOverlap(const BufferLifetime& a, const BufferLifetime& b) {
  return a.first <= b.last && b.first <= a.last;
}

}  // namespace

uint64_t AlignBufferBytes(uint64_t bytes, uint64_t alignment) {
  return (bytes + alignment - 1) & ~(alignment - 1);
}

BufferPlan PlanBuffers(std::span<const BufferLifetime> buffers, uint64_t alignment) {
  BufferPlan plan;
  plan.offsets.assign(buffers.size(), 0);
  std::vector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), size_t{0});
  // Largest first, ties by first use, so the plan does not depend on sort stability.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (buffers[a].bytes != buffers[b].bytes) return buffers[a].bytes > buffers[b].bytes;
    if (buffers[a].first != buffers[b].first) return buffers[a].first < buffers[b].first;
    return a < b;
  });
  std::vector<size_t> placed;
  for (size_t i : order) {
    const uint64_t size = AlignBufferBytes(buffers[i].bytes, alignment);
    // Busy intervals of live neighbours, by offset; the buffer goes into the first gap.
    std::vector<std::pair<uint64_t, uint64_t>> busy;
    for (size_t j : placed) {
      if (LifetimesOverlap(buffers[i], buffers[j])) {
        busy.emplace_back(plan.offsets[j],
                          plan.offsets[j] + AlignBufferBytes(buffers[j].bytes, alignment));
      }
    }
    std::sort(busy.begin(), busy.end());
    uint64_t offset = 0;
    for (const auto& [begin, end] : busy) {
      if (size > 0 && offset + size <= begin) break;
      offset = std::max(offset, end);
    }
    plan.offsets[i] = offset;
    plan.total_bytes = std::max(plan.total_bytes, offset + size);
    placed.push_back(i);
  }
  return plan;
}

}  // namespace opsim
