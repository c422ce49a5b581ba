// The L2 cache in front of HBM, as the cost model sees it: which GM reads hit
// (docs/PERFORMANCE.md, "Issue 30 (session 19)" and "(session 20)").
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <utility>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// One core slot's share of the L2 over a launch: an LRU of 512 B lines. A slot (a host core
// running its blocks in order; a MIX block's AIC and AIV together) holds capacity = l2_bytes /
// the launch's slots, and only its own accesses move its lines, so what hits depends on nothing
// the host threads do: simulated time is the same on any number of them. A read hits when its
// line is among the slot's `capacity` bytes of most recently touched lines. Data shared between
// slots misses once per slot: conservative against the chip, whose L2 they share.
//
// The lines are held as pieces (runs of consecutive lines whose recency follows their address:
// one access's lines, or a stream of accesses each continuing the last), so an access costs a
// few map operations per piece it meets, not a lookup per line: a vector kernel streaming
// 256 MiB makes a handful of pieces. Hits and evictions are exactly the line LRU's.
class L2Share {
 public:
  explicit L2Share(uint64_t capacity_bytes) : capacity_(capacity_bytes >> kLineShift) {}

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
  // Lines [first, end) touched in address order by accesses with no other line touched in
  // between; `stamp` orders pieces by recency (larger: more recent).
  struct Piece {
    uint64_t end;
    uint64_t stamp;
  };
  using Pieces = std::map<uint64_t, Piece>;  // by first line

  uint64_t Touch(uint32_t region, uint64_t offset, uint64_t bytes, bool count_hits);
  // Drops lines [lo, hi) from the piece at `it`, which holds them.
  void Cut(Pieces::iterator it, uint64_t lo, uint64_t hi);
  // Appends lines [lo, hi) to the most recent piece, or starts one there with `stamp`.
  void Claim(uint64_t lo, uint64_t hi, uint64_t stamp);
  // Drops the least recent lines while more than the capacity are held.
  void Evict();
  // Moves a piece's first line to `first` (its lines before it have left).
  void Rekey(Pieces::iterator it, uint64_t first);

  uint64_t capacity_;  // in lines
  uint64_t held_ = 0;  // lines held
  uint64_t clock_ = 0;
  Pieces pieces_;
  std::set<std::pair<uint64_t, uint64_t>> age_;  // (stamp, first line): least recent first
  // The most recent piece (its first line), while there is one: an access that starts where it
  // ends continues it.
  bool has_head_ = false;
  uint64_t head_ = 0;
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

// The transfer time of one GM -> core read on MTE2: misses at the DMA rate + hits at the L2
// rate; with `setup_ns` (DmaSetupNs, dma_setup.h) before it, the read's cost. The bytes that hit
// are added to the core's MTE2 statistics (l2_hit_bytes: no HBM traffic).
double GmReadTransferNs(Core& core, const GmRef& gm, const GmRows& at, double setup_ns);
// Records a core's GM write on `pipe` (MTE3, FIX), which takes `cost` ns, in the L2.
void GmWriteLines(Core& core, const GmRef& gm, const GmRows& at, Pipe pipe, double cost);

}  // namespace opsim::sim::detail
