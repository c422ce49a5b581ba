// Graphs of operations, as ATB describes them. Tensor ids number the graph's inputs first, then
// its outputs, then its internal tensors. Nodes run in the order given. A graph is itself an
// Operation, so a node's operation may be another graph.
//
// Field names follow ATB (atb::Node, atb::GraphParam are aliases of these).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/core/svector.h"

namespace opsim {

struct Node {
  Operation* operation = nullptr;
  SVector<uint32_t> inTensorIds;
  SVector<uint32_t> outTensorIds;
};

struct GraphParam {
  std::string name;
  uint32_t inTensorNum = 0;
  uint32_t outTensorNum = 0;
  uint32_t internalTensorNum = 0;
  std::vector<Node> nodes;  // in execution order
};

// kInvalidGraph with a message naming the graph, the node and the id, for the first of:
// a null or shared operation; a node whose id count differs from its operation's input or
// output count; an id out of range; a read of an output or internal tensor before a node wrote
// it; a write to a graph input; a tensor written twice; an output or internal tensor no node
// writes.
Status ValidateGraph(const GraphParam& param);

// Validates, then builds the graph operation. On success the graph owns every node's operation
// (destroying the graph destroys them, as in ATB); on error the caller still owns them.
Status CreateGraphOperation(const GraphParam& param, std::unique_ptr<Operation>* out);

// Where a graph's workspace puts things, filled by Setup. Internal tensors are packed by
// lifetime (two whose lifetimes are disjoint may share bytes); the nodes' own workspaces share
// one scratch region after them, since nodes run one at a time.
struct GraphWorkspaceLayout {
  std::vector<uint64_t> internal_offsets;  // per internal tensor, from the workspace start
  std::vector<uint64_t> internal_bytes;    // per internal tensor
  uint64_t internal_region_bytes = 0;      // packed size of all internal tensors
  uint64_t internal_sum_bytes = 0;         // what they would take without reuse (aligned)
  uint64_t scratch_offset = 0;
  uint64_t scratch_bytes = 0;  // the largest node workspace
  uint64_t total_bytes = 0;    // the workspaceSize Setup reports
};

// The layout of a graph operation after a successful Setup; nullptr for another operation or
// a graph not set up.
const GraphWorkspaceLayout* GetGraphWorkspaceLayout(const Operation& operation);

// One buffer's size and the node interval [first, last] (inclusive) in which it must stay live.
struct BufferLifetime {
  uint64_t bytes = 0;
  size_t first = 0;
  size_t last = 0;
};

struct BufferPlan {
  std::vector<uint64_t> offsets;  // per buffer, multiples of the alignment
  uint64_t total_bytes = 0;
};

// `bytes` rounded up to `alignment`, a power of two: the room a buffer takes in a plan.
uint64_t AlignBufferBytes(uint64_t bytes, uint64_t alignment);

// Greedy best-fit packing, largest first: each buffer goes to the lowest aligned offset where
// it overlaps no placed buffer whose lifetime overlaps its own. alignment must be a power of 2.
BufferPlan PlanBuffers(std::span<const BufferLifetime> buffers, uint64_t alignment);

inline constexpr uint64_t kGraphTensorAlignment = 64;

}  // namespace opsim
