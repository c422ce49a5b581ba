// The L2 cache in front of HBM, as the cost model sees it: which GM reads hit
// (docs/PERFORMANCE.md, "Issue 30 (session 19)").
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// One core slot's share of the L2 over a launch: an LRU of 512 B lines. A slot (a host core
// running its blocks in order; a MIX block's AIC and AIV together) holds capacity = l2_bytes /
// the launch's slots, and only its own accesses move its lines, so what hits depends on nothing
// the host threads do: simulated time is the same on any number of them. A read hits when its
// line is among the slot's `capacity` bytes of most recently touched lines. Data shared between
// slots misses once per slot: conservative against the chip, whose L2 they share.
class L2Share {
 public:
  explicit L2Share(uint64_t capacity_bytes) : lines_(capacity_bytes >> kLineShift) {}

  // Reads [offset, offset + bytes) of GM region `region`; returns the bytes that hit.
  uint64_t Read(uint32_t region, uint64_t offset, uint64_t bytes) {
    return Touch(region, offset, bytes, true);
  }
  // A write allocates its lines (the L2 is write-back): a later read of them hits.
  void Write(uint32_t region, uint64_t offset, uint64_t bytes) {
    Touch(region, offset, bytes, false);
  }

  static constexpr unsigned kLineShift = 9;  // 512 B lines

 private:
  uint64_t Touch(uint32_t region, uint64_t offset, uint64_t bytes, bool count_hits);
  // Whether the line was held; it is the most recent one after.
  bool Use(uint64_t key);
  void Unlink(uint32_t node);
  void PushFront(uint32_t node);

  uint64_t lines_;                                // capacity in lines
  std::unordered_map<uint64_t, uint32_t> where_;  // line key -> node
  // Nodes of the recency list, most recent at head_.
  std::vector<uint64_t> key_;
  std::vector<uint32_t> prev_, next_;
  static constexpr uint32_t kNone = ~0u;
  uint32_t head_ = kNone, tail_ = kNone;
};

// Where one DMA's GM side lies from a GmRef: `matrices` of `rows` rows of `row_bytes`, rows
// `pitch` and matrices `matrix_pitch` bytes apart (checked in bounds before).
struct GmRows {
  uint64_t rows;
  uint64_t row_bytes;
  uint64_t pitch;
  uint64_t matrices = 1;
  uint64_t matrix_pitch = 0;
};

// The cost of one GM -> core read on MTE2: setup + misses at the DMA rate + hits at the L2
// rate. The bytes that hit are added to the core's MTE2 statistics (l2_hit_bytes: no HBM
// traffic).
double GmReadCost(Core& core, const GmRef& gm, const GmRows& at);
// Records a core's GM write (MTE3, FIX) in its L2 share.
void GmWriteLines(Core& core, const GmRef& gm, const GmRows& at);

}  // namespace opsim::sim::detail
