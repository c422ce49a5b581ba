// Graphs: chains, diamonds and nested graphs of reduce nodes against the chained reference,
// every validation error, workspace reuse by lifetime, and Execute's checks.
#include <gtest/gtest.h>

#include <algorithm>

#include "framework_test_util.h"
#include "opsim/framework/graph.h"

namespace opsim::testing {
namespace {

using RP = infer::ReduceParam;

// A host-side elementwise add of two int32 tensors: a second operator, so a diamond can join.
class AddInt32 final : public Operation {
 public:
  std::string GetName() const override { return "AddInt32"; }
  uint32_t GetInputNum() const override { return 2; }
  uint32_t GetOutputNum() const override { return 1; }
  Status InferShape(const SVector<TensorDesc>& in, SVector<TensorDesc>& out) const override {
    if (in.size() != 2) return {ErrorCode::kInvalidInTensorNum, "AddInt32: needs 2 inputs"};
    if (!(in[0] == in[1]) || in[0].dtype != ACL_INT32) {
      return {ErrorCode::kInvalidTensorDtype, "AddInt32: inputs must be equal int32"};
    }
    out.clear();
    out.push_back(in[0]);
    return Status::Ok();
  }
  Status Setup(const VariantPack& pack, uint64_t& workspaceSize, Context* context) override {
    SVector<TensorDesc> in;
    SVector<TensorDesc> out;
    for (const Tensor& t : pack.inTensors) in.push_back(t.desc);
    OPSIM_RETURN_IF_ERROR(InferShape(in, out));
    workspaceSize = 0;
    context_ = context;
    return Status::Ok();
  }
  Status Execute(const VariantPack& pack, uint8_t*, uint64_t, Context* context) override {
    if (context != context_) return {ErrorCode::kInvalidContextAddr, "AddInt32: context"};
    const auto* a = static_cast<const int32_t*>(pack.inTensors[0].deviceData);
    const auto* b = static_cast<const int32_t*>(pack.inTensors[1].deviceData);
    auto* y = static_cast<int32_t*>(pack.outTensors[0].deviceData);
    for (uint64_t i = 0; i < pack.outTensors[0].dataSize / 4; ++i) y[i] = a[i] + b[i];
    return Status::Ok();
  }

 private:
  Context* context_ = nullptr;
};

// Nodes are owned here until CreateGraphOperation succeeds, then by the graph.
struct GraphBuilder {
  GraphParam param;
  std::vector<std::unique_ptr<Operation>> ops;

  GraphBuilder(const char* name, uint32_t in, uint32_t out, uint32_t internal) {
    param.name = name;
    param.inTensorNum = in;
    param.outTensorNum = out;
    param.internalTensorNum = internal;
  }
  GraphBuilder& Add(std::unique_ptr<Operation> op, std::initializer_list<uint32_t> in,
                    std::initializer_list<uint32_t> out) {
    Node node;
    node.operation = op.get();
    for (uint32_t id : in) node.inTensorIds.push_back(id);
    for (uint32_t id : out) node.outTensorIds.push_back(id);
    param.nodes.push_back(node);
    ops.push_back(std::move(op));
    return *this;
  }
  Status Build(std::unique_ptr<Operation>* graph) {
    Status st = CreateGraphOperation(param, graph);
    if (st.ok()) {
      for (auto& op : ops) (void)op.release();
    }
    return st;
  }
};

// ATB's ReduceOperation with opsim's extensions (the package's dtype table, rank 0).
constexpr AtbRules kGraphRules = AtbRules::kExtended;

std::unique_ptr<Operation> Sum(std::initializer_list<int64_t> axes) {
  return MakeReduce(RP::REDUCE_SUM, axes, kGraphRules);
}

TEST(Graph, ChainOfReducesMatchesChainedReference) {
  auto context = MakeContext(/*strict=*/false);
  // x[6,10,12] -sum{2}-> t0[6,10] -max{1}-> t1[6] -min{0}-> y[]
  GraphBuilder b("chain", 1, 1, 2);
  b.Add(Sum({2}), {0}, {2})
      .Add(MakeReduce(RP::REDUCE_MAX, {1}, kGraphRules), {2}, {3})
      .Add(MakeReduce(RP::REDUCE_MIN, {0}, kGraphRules), {3}, {1});
  std::unique_ptr<Operation> graph;
  ASSERT_TRUE(b.Build(&graph).ok());
  EXPECT_EQ(graph->GetName(), "chain");
  EXPECT_EQ(graph->GetInputNum(), 1u);
  EXPECT_EQ(graph->GetOutputNum(), 1u);

  HostTensor x(Desc(ACL_INT32, {6, 10, 12}));
  Fill(x, 11);
  SVector<TensorDesc> in;
  SVector<TensorDesc> out;
  in.push_back(x.desc);
  ASSERT_TRUE(graph->InferShape(in, out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], Desc(ACL_INT32, {}));
  HostTensor y(out[0]);
  ASSERT_TRUE(SetupAndExecute(*graph, Pack({&x}, {&y}), context.get()).ok());

  const HostTensor t0 = ReferenceReduce(RP::REDUCE_SUM, {2}, x);
  const HostTensor t1 = ReferenceReduce(RP::REDUCE_MAX, {1}, t0);
  const HostTensor want = ReferenceReduce(RP::REDUCE_MIN, {0}, t1);
  EXPECT_EQ(CompareWithReference(RP::REDUCE_MIN, 6, want, y), "");
}

TEST(Graph, DiamondOfReducesJoinedByAnAdd) {
  auto context = MakeContext(/*strict=*/false);
  // x -sum{0}-> t0; t0 -max{1}-> t1; t0 -min{1}-> t2; t1 + t2 -> y0; t0 is also output y1.
  GraphBuilder b("diamond", 1, 2, 3);
  b.Add(Sum({0}), {0}, {5})
      .Add(MakeReduce(RP::REDUCE_MAX, {1}, kGraphRules), {5}, {3})
      .Add(MakeReduce(RP::REDUCE_MIN, {1}, kGraphRules), {5}, {4})
      .Add(std::make_unique<AddInt32>(), {3, 4}, {1})
      .Add(MakeReduce(RP::REDUCE_MAX, {0}, kGraphRules), {5}, {2});
  std::unique_ptr<Operation> graph;
  ASSERT_TRUE(b.Build(&graph).ok());
  HostTensor x(Desc(ACL_INT32, {5, 7, 9}));
  Fill(x, 5);
  HostTensor y0(Desc(ACL_INT32, {7}));
  HostTensor y1(Desc(ACL_INT32, {9}));
  ASSERT_TRUE(SetupAndExecute(*graph, Pack({&x}, {&y0, &y1}), context.get()).ok());

  const HostTensor t0 = ReferenceReduce(RP::REDUCE_SUM, {0}, x);
  const HostTensor t1 = ReferenceReduce(RP::REDUCE_MAX, {1}, t0);
  const HostTensor t2 = ReferenceReduce(RP::REDUCE_MIN, {1}, t0);
  std::vector<int32_t> want0(7);
  for (size_t i = 0; i < 7; ++i) want0[i] = t1.As<int32_t>()[i] + t2.As<int32_t>()[i];
  EXPECT_EQ(y0.As<int32_t>(), want0);
  EXPECT_EQ(CompareWithReference(RP::REDUCE_MAX, 7, ReferenceReduce(RP::REDUCE_MAX, {0}, t0), y1),
            "");
}

TEST(Graph, Float16GraphInStrictModeMatchesReference) {
  auto context = MakeContext(/*strict=*/true);
  GraphBuilder b("f16", 1, 1, 1);
  b.Add(MakeReduce(RP::REDUCE_SUM, {2}, AtbRules::kStrict), {0}, {2})
      .Add(MakeReduce(RP::REDUCE_SUM, {0}, AtbRules::kStrict), {2}, {1});
  std::unique_ptr<Operation> graph;
  ASSERT_TRUE(b.Build(&graph).ok());
  HostTensor x(Desc(ACL_FLOAT16, {16, 8, 100}));
  Fill(x, 8);
  HostTensor y(Desc(ACL_FLOAT16, {8}));
  ASSERT_TRUE(SetupAndExecute(*graph, Pack({&x}, {&y}), context.get()).ok());
  const HostTensor t0 = ReferenceReduce(RP::REDUCE_SUM, {2}, x);
  EXPECT_EQ(CompareWithReference(RP::REDUCE_SUM, 16, ReferenceReduce(RP::REDUCE_SUM, {0}, t0), y),
            "");
  // The strict table applies inside graphs too.
  HostTensor xf(Desc(ACL_FLOAT, {16, 8, 100}));
  HostTensor yf(Desc(ACL_FLOAT, {8}));
  uint64_t ws = 0;
  const Status st = graph->Setup(Pack({&xf}, {&yf}), ws, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorIniMatch);
  EXPECT_NE(st.message().find("graph 'f16' node[0]: ReduceOperation"), std::string::npos)
      << st.message();
}

TEST(Graph, NestedGraphRunsAsANode) {
  auto context = MakeContext(/*strict=*/false);
  GraphBuilder inner("inner", 1, 1, 1);
  inner.Add(Sum({1}), {0}, {2}).Add(MakeReduce(RP::REDUCE_MAX, {0}, kGraphRules), {2}, {1});
  std::unique_ptr<Operation> inner_graph;
  ASSERT_TRUE(inner.Build(&inner_graph).ok());
  // outer: x[4,6,8] -min{0}-> t[6,8] -inner-> y[]... inner reduces {1} then {0}: [6,8] -> [6] -> []
  GraphBuilder outer("outer", 1, 1, 1);
  outer.Add(MakeReduce(RP::REDUCE_MIN, {0}, kGraphRules), {0}, {2})
      .Add(std::move(inner_graph), {2}, {1});
  std::unique_ptr<Operation> graph;
  ASSERT_TRUE(outer.Build(&graph).ok());
  HostTensor x(Desc(ACL_INT32, {4, 6, 8}));
  Fill(x, 21);
  HostTensor y(Desc(ACL_INT32, {}));
  uint64_t ws = 0;
  ASSERT_TRUE(SetupAndExecute(*graph, Pack({&x}, {&y}), context.get(), &ws).ok());
  const HostTensor t = ReferenceReduce(RP::REDUCE_MIN, {0}, x);
  const HostTensor u = ReferenceReduce(RP::REDUCE_SUM, {1}, t);
  EXPECT_EQ(CompareWithReference(RP::REDUCE_MAX, 6, ReferenceReduce(RP::REDUCE_MAX, {0}, u), y),
            "");
  // The outer workspace holds t and the inner graph's own workspace (its internal [6]).
  const GraphWorkspaceLayout* layout = GetGraphWorkspaceLayout(*graph);
  ASSERT_NE(layout, nullptr);
  EXPECT_EQ(layout->internal_bytes, std::vector<uint64_t>{6 * 8 * 4});
  EXPECT_GE(layout->scratch_bytes, 6u * 4u);
  EXPECT_EQ(ws, layout->total_bytes);
}

TEST(Graph, WorkspaceReusesInternalsWhoseLifetimesAreDisjoint) {
  auto context = MakeContext(/*strict=*/false);
  // x[8,8,8,8,8] -> t0[8,8,8,8] -> t1[8,8,8] -> t2[8,8] -> t3[8] -> y[]: t0 dies at node 1, so
  // t2 can take its bytes; t1 and t3 likewise.
  GraphBuilder b("long_chain", 1, 1, 4);
  b.Add(Sum({4}), {0}, {2})
      .Add(Sum({3}), {2}, {3})
      .Add(Sum({2}), {3}, {4})
      .Add(Sum({1}), {4}, {5})
      .Add(Sum({0}), {5}, {1});
  std::unique_ptr<Operation> graph;
  ASSERT_TRUE(b.Build(&graph).ok());
  EXPECT_EQ(GetGraphWorkspaceLayout(*graph), nullptr);  // not set up yet
  HostTensor x(Desc(ACL_INT32, {8, 8, 8, 8, 8}));
  Fill(x, 2);
  HostTensor y(Desc(ACL_INT32, {}));
  ASSERT_TRUE(SetupAndExecute(*graph, Pack({&x}, {&y}), context.get()).ok());
  const GraphWorkspaceLayout* layout = GetGraphWorkspaceLayout(*graph);
  ASSERT_NE(layout, nullptr);
  const uint64_t sum = 4096 * 4 + 512 * 4 + 64 * 4 + 8 * 4;
  EXPECT_EQ(layout->internal_sum_bytes, 4096 * 4 + 512 * 4 + 256 + 64);
  EXPECT_LT(layout->internal_region_bytes, sum);
  // t0 and t1 are live together (node 1), so they cannot share: the region is at least both.
  EXPECT_GE(layout->internal_region_bytes, 4096u * 4 + 512u * 4);
  EXPECT_EQ(layout->internal_offsets[2], layout->internal_offsets[0]);  // t2 reuses t0's bytes
  int64_t total = 0;
  for (int32_t v : x.As<int32_t>()) total += v;
  EXPECT_EQ(y.As<int32_t>()[0], static_cast<int32_t>(total));
}

TEST(BufferPlan, PacksByLifetimeAndAlignment) {
  const BufferLifetime buffers[] = {{100, 0, 1}, {50, 1, 2}, {100, 2, 3}, {10, 3, 3}};
  const BufferPlan plan = PlanBuffers(buffers, 64);
  ASSERT_EQ(plan.offsets.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(plan.offsets[i] % 64, 0u);
    for (size_t j = 0; j < i; ++j) {
      const bool live_together =
          buffers[i].first <= buffers[j].last && buffers[j].first <= buffers[i].last;
      const bool overlap = plan.offsets[i] < plan.offsets[j] + buffers[j].bytes &&
                           plan.offsets[j] < plan.offsets[i] + buffers[i].bytes;
      EXPECT_FALSE(live_together && overlap) << i << " and " << j;
    }
  }
  EXPECT_EQ(plan.total_bytes, 128u + 64u);
  const BufferLifetime all_live[] = {{100, 0, 3}, {100, 0, 3}};
  EXPECT_EQ(PlanBuffers(all_live, 64).total_bytes, 256u);
  EXPECT_EQ(PlanBuffers({}, 64).total_bytes, 0u);
}

struct BadGraph {
  const char* name;
  std::function<void(GraphBuilder&)> build;
  const char* message;
};

TEST(GraphValidation, EveryFaultHasItsOwnMessage) {
  const BadGraph cases[] = {
      {"id out of range", [](GraphBuilder& b) { b.Add(Sum({0}), {7}, {1}); },
       "node[0] (ReduceOperation) inTensorIds[0] = 7 is out of range (the graph has 3 tensor "
       "ids: inputs 0..0, outputs 1..1, internals 2..2)"},
      {"internal read before written",
       [](GraphBuilder& b) { b.Add(Sum({0}), {2}, {1}).Add(Sum({0}), {0}, {2}); },
       "node[0] (ReduceOperation) inTensorIds[0] = 2 reads internal tensor before any node "
       "writes it"},
      {"output never written", [](GraphBuilder& b) { b.Add(Sum({0}), {0}, {2}); },
       "output tensor id 1 is never written by any node"},
      {"internal never written", [](GraphBuilder& b) { b.Add(Sum({0}), {0}, {1}); },
       "internal tensor id 2 is never written by any node"},
      {"tensor written twice",
       [](GraphBuilder& b) {
         b.Add(Sum({0}), {0}, {2}).Add(Sum({0}), {0}, {2}).Add(Sum({0}), {2}, {1});
       },
       "node[1] (ReduceOperation) outTensorIds[0] = 2 writes internal tensor written twice: "
       "node[0] already wrote it"},
      {"node input count wrong",
       [](GraphBuilder& b) {
         b.Add(Sum({0}), {0, 0}, {2}).Add(Sum({0}), {2}, {1});
       },
       "node[0] (ReduceOperation) has 2 inTensorIds but its operation takes 1 inputs"},
      {"node output count wrong",
       [](GraphBuilder& b) {
         b.Add(Sum({0}), {0}, {2, 1});
       },
       "node[0] (ReduceOperation) has 2 outTensorIds but its operation produces 1 outputs"},
      {"writes a graph input", [](GraphBuilder& b) { b.Add(Sum({0}), {0}, {0}); },
       "node[0] (ReduceOperation) outTensorIds[0] = 0 writes a graph input"},
      {"null operation", [](GraphBuilder& b) { b.param.nodes.push_back(Node{}); },
       "node[0].operation is null"},
      {"shared operation",
       [](GraphBuilder& b) {
         b.Add(Sum({0}), {0}, {2});
         b.param.nodes.push_back(b.param.nodes[0]);
       },
       "node[1].operation is the same object as node[0]'s"},
  };
  for (const BadGraph& c : cases) {
    SCOPED_TRACE(c.name);
    GraphBuilder b("bad", 1, 1, 1);
    c.build(b);
    std::unique_ptr<Operation> graph;
    const Status st = b.Build(&graph);
    EXPECT_EQ(st.code(), ErrorCode::kInvalidGraph) << st.ToString();
    EXPECT_NE(st.message().find(std::string("graph 'bad': ") + c.message), std::string::npos)
        << st.message();
    EXPECT_EQ(graph, nullptr);
  }
}

struct GraphFixture {
  std::unique_ptr<Context> context = MakeContext(false);
  std::unique_ptr<Operation> graph;
  HostTensor x{Desc(ACL_FLOAT16, {8, 16, 32})};
  HostTensor y{Desc(ACL_FLOAT16, {16})};
  uint64_t ws = 0;
  std::vector<uint8_t> workspace;

  Status Setup() {
    GraphBuilder b("g", 1, 1, 1);
    b.Add(Sum({2}), {0}, {2}).Add(Sum({0}), {2}, {1});
    OPSIM_RETURN_IF_ERROR(b.Build(&graph));
    Fill(x, 4);
    OPSIM_RETURN_IF_ERROR(graph->Setup(Pack({&x}, {&y}), ws, context.get()));
    workspace.assign(ws, 0);
    return Status::Ok();
  }
};

TEST(GraphExecute, RefusesWhatAnOperationRefuses) {
  GraphFixture f;
  ASSERT_TRUE(f.Setup().ok());
  ASSERT_GT(f.ws, 0u);
  const VariantPack pack = Pack({&f.x}, {&f.y});
  EXPECT_EQ(f.graph->Execute(pack, f.workspace.data(), f.ws - 1, f.context.get()).code(),
            ErrorCode::kInvalidWorkspaceSize);
  EXPECT_EQ(f.graph->Execute(pack, nullptr, f.ws, f.context.get()).code(),
            ErrorCode::kInvalidWorkspaceAddr);
  auto other = MakeContext(false);
  EXPECT_EQ(f.graph->Execute(pack, f.workspace.data(), f.ws, other.get()).code(),
            ErrorCode::kInvalidContextAddr);
  HostTensor x2(Desc(ACL_FLOAT16, {8, 16, 33}));
  EXPECT_EQ(f.graph->Execute(Pack({&x2}, {&f.y}), f.workspace.data(), f.ws, f.context.get()).code(),
            ErrorCode::kInvalidParam);
  EXPECT_TRUE(f.graph->Execute(pack, f.workspace.data(), f.ws, f.context.get()).ok());
}

TEST(GraphSetup, ChecksCountsOutputsAndNodeShapes) {
  GraphFixture f;
  ASSERT_TRUE(f.Setup().ok());
  uint64_t ws = 0;
  HostTensor wrong(Desc(ACL_FLOAT16, {17}));
  EXPECT_EQ(f.graph->Setup(Pack({&f.x}, {&wrong}), ws, f.context.get()).code(),
            ErrorCode::kInvalidTensorDim);
  EXPECT_EQ(f.graph->Setup(Pack({}, {&f.y}), ws, f.context.get()).code(),
            ErrorCode::kInvalidInTensorNum);
  EXPECT_EQ(f.graph->Setup(Pack({&f.x}, {}), ws, f.context.get()).code(),
            ErrorCode::kInvalidTensorNum);
  EXPECT_EQ(f.graph->Setup(Pack({&f.x}, {&f.y}), ws, nullptr).code(),
            ErrorCode::kInvalidContextAddr);
  // A node's InferShape error comes back with the node named: rank 1 has no axis 2.
  SVector<TensorDesc> in;
  SVector<TensorDesc> out;
  in.push_back(Desc(ACL_FLOAT16, {8}));
  const Status st = f.graph->InferShape(in, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("graph 'g' node[0]: ReduceOperation: axis[0] = 2"), std::string::npos)
      << st.message();
  // After failed Setups the graph refuses to run.
  EXPECT_EQ(
      f.graph->Execute(Pack({&f.x}, {&f.y}), f.workspace.data(), f.ws, f.context.get()).code(),
      ErrorCode::kOperationNullRunner);
}

}  // namespace
}  // namespace opsim::testing
