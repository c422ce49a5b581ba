// The L2 cache in front of HBM, as the cost model sees it: which GM reads hit
// (docs/PERFORMANCE.md, "Issue 30 (session 19)" and "(session 20)").
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// Nodes of node-based containers: carved in order from chunks the pool owns, and recycled
// through a free list per node size (up to kSizes sizes). A share's
// pieces mostly live until its launch ends, so a malloc per node and a free of each at the end
// were the cost, ~11 % of a 16-bit outermost reduction's host instructions (session 23); now a
// node costs a pointer bump, and the end a free per chunk. Nodes of other sizes use the heap.
class NodePool {
 public:
  NodePool() = default;
  NodePool(const NodePool&) = delete;
  NodePool& operator=(const NodePool&) = delete;

  void* Take(size_t bytes) {
    List* list = ListFor(bytes);
    if (list == nullptr) return ::operator new(bytes);
    void* node = list->head;
    if (node == nullptr) return Carve(bytes);
    list->head = *static_cast<void**>(node);
    return node;
  }
  void Give(void* node, size_t bytes) {
    List* list = ListFor(bytes);
    if (list == nullptr) return ::operator delete(node);
    *static_cast<void**>(node) = list->head;
    list->head = node;
  }

 private:
  struct List {
    size_t bytes = 0;  // 0: unused
    void* head = nullptr;
  };
  static constexpr int kSizes = 4;
  // The list of nodes of `bytes`; null past kSizes sizes.
  List* ListFor(size_t bytes);
  // A new node of `bytes` from the current chunk, or from a new one twice as large (up to 64 KB).
  void* Carve(size_t bytes);

  List lists_[kSizes];
  std::vector<std::unique_ptr<std::max_align_t[]>> chunks_;
  unsigned char* at_ = nullptr;  // the current chunk's unused bytes
  size_t left_ = 0;
};

// The standard allocator interface over a NodePool (one node per call in a map).
template <typename T>
struct NodeAlloc {
  using value_type = T;
  static_assert(sizeof(T) >= sizeof(void*), "a free node holds the next one's address");

  explicit NodeAlloc(NodePool* p) : pool(p) {}
  template <typename U>
  NodeAlloc(const NodeAlloc<U>& other) : pool(other.pool) {}
  T* allocate(size_t n) { return static_cast<T*>(pool->Take(n * sizeof(T))); }
  void deallocate(T* p, size_t n) { pool->Give(p, n * sizeof(T)); }
  template <typename U>
  bool operator==(const NodeAlloc<U>& other) const {
    return pool == other.pool;
  }
  template <typename U>
  bool operator!=(const NodeAlloc<U>& other) const {
    return pool != other.pool;
  }

  NodePool* pool;
};

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
//
// The pieces' recency is a list threaded through the map's own entries (least recent first): an
// access only ever makes the most recent piece, and a piece split by a hit keeps its two parts
// where it was, so the list is the order of (access, address) without a second tree. A row far
// from the last (a 16-bit outermost reduction's column chunks) is an insert and an eviction; a
// set of (stamp, first line) beside the map took five to eight tree searches per row over twice
// the nodes, 16 % of that reduction's host time (issue 29, session 26).
class L2Share {
 public:
  explicit L2Share(uint64_t capacity_bytes);
  // Movable (a vector of shares), not assignable: the map's nodes live in this share's pool.
  L2Share(L2Share&& other) noexcept;
  L2Share& operator=(L2Share&&) = delete;
  // The map is not destroyed (see pieces_).
  ~L2Share() {}

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
  struct Piece;
  using Entry = std::pair<const uint64_t, Piece>;  // (first line, piece)
  // Lines [first, end) touched in address order by accesses with no other line touched in
  // between; `older`/`newer` its neighbours in recency (null at the ends). Entries do not move
  // while they are in the map (extract and insert keep them), so the links are their addresses.
  struct Piece {
    uint64_t end;
    Entry* older;
    Entry* newer;
  };
  using Pieces = std::map<uint64_t, Piece, std::less<uint64_t>, NodeAlloc<Entry>>;

  uint64_t Touch(uint32_t region, uint64_t offset, uint64_t bytes, bool count_hits);
  // Drops lines [lo, hi) from the piece at `it`, which holds them.
  void Cut(Pieces::iterator it, uint64_t lo, uint64_t hi);
  // Appends lines [lo, hi) to the most recent piece, or makes them the most recent piece, which
  // goes just before `next` in the map when that is its place (a search otherwise).
  void Claim(uint64_t lo, uint64_t hi, Pieces::const_iterator next);
  // Drops the least recent lines while more than the capacity are held.
  void Evict();
  // Moves a piece's first line to `first` (its lines before it have left); it keeps its place
  // among the pieces, by address and by recency.
  void Rekey(Pieces::iterator it, uint64_t first);
  // Puts the piece `e` in the recency list just more recent than `older` (null: least recent).
  void Link(Entry* e, Entry* older);
  // Makes the piece `e`, all of whose lines an access touched, the most recent: its lines keep
  // their order, so the line LRU is the same as after cutting it out and claiming it again, and
  // the map is not touched (an AR reduction writes each tile's results into the line the last
  // tile's went to: two tree updates a tile saved).
  void Renew(Entry* e);
  // Takes the piece out of the recency list (not the map).
  void Unlink(Entry* e);
  // Takes the piece out of the recency list and the map.
  void Erase(Pieces::iterator it);

  uint64_t capacity_;  // in lines
  uint64_t held_ = 0;  // lines held
  // The nodes of pieces_, recycled: an access of rows far apart makes and drops a piece per
  // row, and a malloc and free per node were ~10 % of the host's instructions on a 16-bit
  // outermost reduction (session 23). Held on the heap, so that a moved share's map still finds
  // it, and declared before it, so that it outlives it.
  std::unique_ptr<NodePool> nodes_;
  // Never destroyed: its entries are trivially destructible and its nodes go with the pool's
  // chunks, while the map's destructor visits every node, thousands a share scattered over the
  // chunks (a piece per row of a strided tile): 3 % of a bfloat16 middle reduction's launch
  // (issue 29, session 41).
  union {
    Pieces pieces_;
  };
  Entry* oldest_ = nullptr;  // the recency list's ends
  Entry* newest_ = nullptr;
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

// One share per core slot, each of `capacity_bytes`.
std::vector<L2Share> L2Shares(uint32_t slots, uint64_t capacity_bytes);

// The transfer time of one GM -> core read on MTE2: misses at the DMA rate + hits at the L2
// rate. The bytes that hit are added to the core's MTE2 statistics (l2_hit_bytes: no HBM
// traffic). A shared L2 orders the read by MTE2's clock, which it holds dma_issue_ns + the
// transfer (dma_setup.h).
double GmReadTransferNs(Core& core, const GmRef& gm, const GmRows& at);
// Records a core's GM write on `pipe` (MTE3, FIX), which holds the pipe `hold_ns`, in the L2.
void GmWriteLines(Core& core, const GmRef& gm, const GmRows& at, Pipe pipe, double hold_ns);

}  // namespace opsim::sim::detail
