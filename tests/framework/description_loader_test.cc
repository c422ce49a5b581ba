// YAML op and graph descriptions: every example in configs/graphs/ loads and runs against the
// Eigen reference, and every malformed fixture in testdata/ gives its documented error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <string>
#include <vector>

#include "framework_test_util.h"
#include "opsim/framework/description_loader.h"

namespace opsim::testing {
namespace {

using ref::Reducer;

std::string Example(const std::string& name) {
  return std::string(OPSIM_SOURCE_DIR) + "/configs/graphs/" + name;
}
std::string Fixture(const std::string& name) {
  return std::string(OPSIM_SOURCE_DIR) + "/tests/framework/testdata/" + name;
}

std::vector<int64_t> DimsOf(const TensorDesc& desc) {
  return {desc.shape.dims, desc.shape.dims + desc.shape.dimNum};
}

struct OpExample {
  const char* file;
  const char* registry_name;
  const char* reading;
  Reducer reducer;
  std::vector<int64_t> axes;  // normalised
  bool keep_dims;
  int64_t reduce_len;
  const char* output_name;
};

TEST(DescriptionLoader, EveryOpExampleLoadsAndMatchesTheReference) {
  const OpExample examples[] = {
      {"op_atb_reduce_sum.yaml", "Reduce", "", Reducer::kSum, {1}, false, 32, "y"},
      {"op_onnx_reduce_max.yaml", "ReduceMax", "", Reducer::kMax, {2}, true, 16, "reduced"},
      {"op_openvino_reduce_prod.yaml",
       "OpenVINO.ReduceProd",
       "openvino",
       Reducer::kProd,
       {0},
       true,
       6,
       "y"},
  };
  auto context = MakeContext(/*strict=*/true);
  ASSERT_NE(context, nullptr);
  for (const OpExample& e : examples) {
    SCOPED_TRACE(e.file);
    LoadedOp loaded;
    const Status st = LoadOpDescription(Example(e.file), &loaded);
    ASSERT_TRUE(st.ok()) << st.ToString();
    EXPECT_EQ(loaded.registry_name, e.registry_name);
    EXPECT_EQ(loaded.reading, e.reading);
    ASSERT_EQ(loaded.inputs.size(), 1u);
    ASSERT_EQ(loaded.outputs.size(), 1u);
    EXPECT_EQ(loaded.outputs[0].name, e.output_name);
    HostTensor x(loaded.inputs[0].desc);
    Fill(x, 11);
    HostTensor y(loaded.outputs[0].desc);
    const Status run = SetupAndExecute(*loaded.operation, Pack({&x}, {&y}), context.get());
    ASSERT_TRUE(run.ok()) << run.ToString();
    const HostTensor want = ReferenceReduceNormalised(e.reducer, e.axes, e.keep_dims, x);
    EXPECT_EQ(CompareNormalised(e.reducer, e.reduce_len, want, y), "");
  }
}

TEST(DescriptionLoader, ChainExampleRunsThroughAnInternalTensor) {
  LoadedGraph graph;
  const Status st = LoadGraphDescription(Example("chain.yaml"), &graph);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(graph.name, "sum_then_max");
  ASSERT_EQ(graph.inputs.size(), 1u);
  ASSERT_EQ(graph.outputs.size(), 1u);
  EXPECT_EQ(graph.inputs[0].name, "x");
  EXPECT_EQ(graph.outputs[0].name, "y");
  EXPECT_EQ(DimsOf(graph.outputs[0].desc), (std::vector<int64_t>{16}));
  EXPECT_EQ(graph.internals, (std::vector<std::string>{"s"}));
  auto context = MakeContext();
  HostTensor x(graph.inputs[0].desc);
  Fill(x, 5);
  HostTensor y(graph.outputs[0].desc);
  ASSERT_TRUE(SetupAndExecute(*graph.operation, Pack({&x}, {&y}), context.get()).ok());
  const HostTensor s = ReferenceReduceNormalised(Reducer::kSum, {2}, false, x);
  const HostTensor want = ReferenceReduceNormalised(Reducer::kMax, {0}, false, s);
  EXPECT_EQ(CompareNormalised(Reducer::kSum, 32, want, y), "");
}

TEST(DescriptionLoader, TwoHeadsExampleFeedsOneOutputEach) {
  LoadedGraph graph;
  const Status st = LoadGraphDescription(Example("two_heads.yaml"), &graph);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(graph.outputs.size(), 2u);
  EXPECT_EQ(graph.outputs[0].name, "lo");
  EXPECT_EQ(graph.outputs[1].name, "hi");
  EXPECT_TRUE(graph.internals.empty());
  auto context = MakeContext();
  HostTensor x(graph.inputs[0].desc);
  Fill(x, 8);
  HostTensor lo(graph.outputs[0].desc);
  HostTensor hi(graph.outputs[1].desc);
  ASSERT_TRUE(SetupAndExecute(*graph.operation, Pack({&x}, {&lo, &hi}), context.get()).ok());
  EXPECT_EQ(CompareNormalised(Reducer::kMin, 64,
                              ReferenceReduceNormalised(Reducer::kMin, {1}, false, x), lo),
            "");
  EXPECT_EQ(CompareNormalised(Reducer::kMax, 64,
                              ReferenceReduceNormalised(Reducer::kMax, {1}, false, x), hi),
            "");
}

TEST(DescriptionLoader, NestedExampleRunsTheIncludedGraph) {
  LoadedGraph graph;
  const Status st = LoadGraphDescription(Example("nested.yaml"), &graph);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(graph.name, "nested_chain");
  EXPECT_EQ(graph.internals, (std::vector<std::string>{"y"}));
  EXPECT_EQ(graph.outputs[0].desc.shape.dimNum, 0u);
  auto context = MakeContext();
  HostTensor x(graph.inputs[0].desc);
  Fill(x, 6);
  HostTensor z(graph.outputs[0].desc);
  ASSERT_TRUE(SetupAndExecute(*graph.operation, Pack({&x}, {&z}), context.get()).ok());
  const HostTensor s = ReferenceReduceNormalised(Reducer::kSum, {2}, false, x);
  const HostTensor y = ReferenceReduceNormalised(Reducer::kMax, {0}, false, s);
  const HostTensor want = ReferenceReduceNormalised(Reducer::kSum, {0}, false, y);
  EXPECT_EQ(CompareNormalised(Reducer::kSum, 32 * 16, want, z), "");
}

TEST(DescriptionLoader, ExamplesLoadAsTheOtherKindNever) {
  LoadedGraph graph;
  EXPECT_EQ(LoadGraphDescription(Example("op_onnx_reduce_max.yaml"), &graph).code(),
            ErrorCode::kConfigError);
  LoadedOp op;
  EXPECT_EQ(LoadOpDescription(Example("chain.yaml"), &op).code(), ErrorCode::kConfigError);
}

struct ErrorCase {
  const char* file;
  bool graph;
  const char* where;  // "line:col: 'key': " after the path
  const char* message;
};

TEST(DescriptionLoader, MalformedFilesGiveTheDocumentedErrors) {
  const ErrorCase cases[] = {
      {"op_unknown_key.yaml", false, "2:1: 'inptus': ",
       "unknown key in an op description (did you mean 'inputs'? expected one of: op, reading, "
       "params, inputs, outputs)"},
      {"op_bad_dtype.yaml", false, "3:37: 'dtype': ",
       "unknown dtype 'flaot32' (did you mean 'float32'? expected one of: float32"},
      {"op_unknown_op.yaml", false, "1:5: 'op': ",
       // The registered list grows with every operator; its start is not this test's concern.
       "unknown op type 'ReduceSun' (did you mean 'ReduceSum'? registered: "},
      {"op_bad_param_key.yaml", false, "4:3: 'params.axis': ",
       "ReduceSum: unknown attribute 'axis' (did you mean 'axes'?); ReduceSum declares axes, "
       "keepdims, noop_with_empty_axes"},
      {"op_wrong_type.yaml", false, "4:12: 'shape': ", "expected a sequence of integers, got '5'"},
      {"op_output_mismatch.yaml", false,
       "6:5: 'y': ", "declared as float32 ND [3] but shape inference gives float32 ND [1,3]"},
      {"op_bad_reading.yaml", false, "2:10: 'reading': ",
       "unknown reading 'openvinoo' (did you mean 'openvino'? expected one of: openvino)"},
      {"op_reading_mismatch.yaml", false, "2:10: 'reading': ",
       "op 'OpenVINO.ReduceSum' names its reading already (leave 'reading' out"},
      {"op_syntax_error.yaml", false, "3:1: ", "YAML syntax error"},
      {"op_number_out_of_range.yaml", false,
       "4:13: 'params.keepdims': ", "'1e400' is beyond the range of a double"},
      {"op_infer_fails.yaml", false,
       "4:3: ", "ReduceSum: shape inference failed: ONNX ReduceSum: axes[0] = 2"},
      {"graph_read_before_write.yaml", true, "6:51: 'inputs': ",
       "nodes[0] (ReduceSum) input 't' is read before it is written (nodes[1] writes it"},
      {"graph_never_produced.yaml", true,
       "6:51: 'inputs': ", "nodes[0] (ReduceSum) input 'x_typo' is never produced"},
      {"graph_produced_twice.yaml", true, "7:65: 'outputs': ",
       "nodes[1] (ReduceMax) output 't' is produced twice (nodes[0] already writes it at line 6)"},
      {"graph_output_never_produced.yaml", true,
       "4:14: 'outputs': ", "graph output 'w' is never produced (no node writes it)"},
      {"graph_unknown_node_key.yaml", true,
       "8:5: 'ouputs': ", "unknown key in a node (did you mean 'outputs'?"},
      {"graph_nested_missing.yaml", true,
       "6:13: 'graph': ", "cannot load graph 'no_such_graph.yaml': "},
      {"graph_self_include.yaml", true,
       "6:13: 'graph': ", "graph file 'graph_self_include.yaml' includes itself"},
      {"graph_nested_bad.yaml", true, "6:13: 'graph': ",
       "graph_never_produced.yaml:6:51: 'inputs': nodes[0] (ReduceSum) input 'x_typo' is never "
       "produced"},
      {"graph_input_count.yaml", true,
       "6:29: 'inputs': ", "nodes[0] (ReduceSum) names 3 inputs but its operation takes 2"},
      {"graph_repeated_key.yaml", true, "2:1: ", "'graph': the key appears twice in one mapping"},
      {"graph_two_documents.yaml", true, "8:1: ", "2 YAML documents, this is the second"},
      {"op_stray_comma.yaml", false, "2:1: ", "YAML syntax error: unexpected ','"},
      {"graph_later_node_not_mapping.yaml", true,
       "10:66: 'inputs': ", "node 'first' (ReduceSum) input 't' is never produced"},
      {"graph_deep_nesting.yaml", true, "2:136: ", "YAML nested more than 128 levels deep"},
      {"graph_alias_bomb.yaml", true, "1:19: ", "the file expands to more than 1000000 YAML nodes"},
      {"graph_writes_input.yaml", true, "7:44: 'outputs': ",
       "nodes[1] (ReduceSum) output 'x' is produced twice (it is a graph input at line 3)"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.file);
    const std::string path = Fixture(c.file);
    Status st;
    if (c.graph) {
      LoadedGraph graph;
      st = LoadGraphDescription(path, &graph);
      EXPECT_EQ(graph.operation, nullptr);
    } else {
      LoadedOp op;
      st = LoadOpDescription(path, &op);
      EXPECT_EQ(op.operation, nullptr);
    }
    EXPECT_EQ(st.code(), ErrorCode::kConfigError) << st.ToString();
    const std::string prefix = path + ":" + c.where;
    EXPECT_EQ(st.message().rfind(prefix, 0), 0u) << st.message() << "\nexpected prefix " << prefix;
    EXPECT_NE(st.message().find(c.message), std::string::npos) << st.message();
  }
}

// Graph files written to a fresh directory: g<i> includes g<i-1> once (a chain) or twice.
class NestedGraphFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/opsim_nested_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& prefix, int levels, int copies) {
    const std::string io = "inputs:\n  - {name: x, shape: [2, 3], dtype: float32}\noutputs: [y]\n";
    std::ofstream(dir_ / (prefix + "0.yaml"))
        << "graph: " << prefix << "0\n"
        << io << "nodes:\n  - {op: ReduceSum, params: {axes: [1]}, inputs: [x], outputs: [y]}\n";
    for (int i = 1; i <= levels; ++i) {
      std::ofstream f(dir_ / (prefix + std::to_string(i) + ".yaml"));
      f << "graph: " << prefix << i << "\n" << io << "nodes:\n";
      for (int c = 0; c < copies; ++c) {
        f << "  - {graph: " << prefix << i - 1 << ".yaml, inputs: [x], outputs: [";
        if (c + 1 == copies) {
          f << "y]}\n";
        } else {
          f << 't' << c << "]}\n";
        }
      }
    }
    return (dir_ / (prefix + std::to_string(levels) + ".yaml")).string();
  }
  std::filesystem::path dir_;
};

TEST_F(NestedGraphFiles, DeepAndExponentialInclusionsAreBounded) {
  LoadedGraph graph;
  EXPECT_TRUE(LoadGraphDescription(Write("chain", 60, 1), &graph).ok());
  Status st = LoadGraphDescription(Write("deep", 70, 1), &graph);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("graph files nest more than 64 deep"), std::string::npos);
  // 2^30 inclusions: refused after 4096, at once.
  st = LoadGraphDescription(Write("twice", 30, 2), &graph);
  EXPECT_EQ(st.code(), ErrorCode::kConfigError);
  EXPECT_NE(st.message().find("includes more than 4096 graph files in all"), std::string::npos)
      << st.message().substr(0, 300);
}

TEST(DescriptionLoader, MissingFilesAndNullOutputsAreRefused) {
  LoadedOp op;
  const Status st = LoadOpDescription(Fixture("does_not_exist.yaml"), &op);
  EXPECT_EQ(st.code(), ErrorCode::kIoError);
  EXPECT_NE(
      st.message().find("does_not_exist.yaml: cannot open for reading: No such file or directory"),
      std::string::npos);
  EXPECT_EQ(LoadOpDescription(Example("chain.yaml"), nullptr).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(LoadGraphDescription(Example("chain.yaml"), nullptr).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(ReadingOf("Reduce"), "");
  EXPECT_EQ(ReadingOf("OpenVINO.ReduceSum"), "openvino");
  EXPECT_EQ(ReadingOf("ReduceSum"), "");
}

}  // namespace
}  // namespace opsim::testing
