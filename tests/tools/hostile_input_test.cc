// Hostile and broken input to the built `opsim`, one row per input of each class of
// docs/INPUTS.md: sizes before allocation, files that are not regular files, recursion and
// expansion, strictness, no partial output, messages. Every row must end in a clean error: an
// exit code of 1 or 2 (no signal, no timeout), a message naming the file or value and the rule,
// within a time bound, and no file left behind in the folder it ran in.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "opsim/npy/npy.h"

namespace opsim {
namespace {

namespace fs = std::filesystem;

// Generous for the ASan preset; every row takes well under a second in a release build.
constexpr int kTimeLimitSeconds = 60;

struct Outcome {
  bool exited = false;
  int code = -1;
  int signal = 0;
  bool timed_out = false;
  std::string output;  // stdout then stderr
};

std::string ReadFile(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// ---- a minimal protobuf writer for the ONNX rows (field numbers from onnx.proto) ----

std::string Varint(uint64_t n) {
  std::string out;
  do {
    uint8_t b = n & 0x7f;
    n >>= 7;
    if (n != 0) b |= 0x80;
    out.push_back(static_cast<char>(b));
  } while (n != 0);
  return out;
}
std::string Int(int field, int64_t v) {
  return Varint(static_cast<uint64_t>(field) << 3) + Varint(static_cast<uint64_t>(v));
}
std::string Bytes(int field, const std::string& b) {
  return Varint((static_cast<uint64_t>(field) << 3) | 2) + Varint(b.size()) + b;
}
std::string TensorType(int elem, const std::vector<int64_t>& dims) {
  std::string shape;
  for (int64_t d : dims) shape += Bytes(1, Int(1, d));
  return Bytes(1, Int(1, elem) + Bytes(2, shape));  // TypeProto.tensor_type
}
std::string ValueInfo(const std::string& name, const std::string& type) {
  return Bytes(1, name) + Bytes(2, type);
}
std::string ReduceSumNode(const std::string& in, const std::string& out, const std::string& name,
                          bool axis0) {
  std::string n = Bytes(1, in) + Bytes(2, out) + Bytes(3, name) + Bytes(4, "ReduceSum");
  if (axis0) n += Bytes(5, Bytes(1, "axes") + Int(8, 0) + Int(20, 7));  // INTS
  n += Bytes(5, Bytes(1, "keepdims") + Int(3, 0) + Int(20, 2));         // INT
  return n;
}
std::string Model(int64_t opset, const std::string& input, const std::vector<std::string>& nodes,
                  const std::string& output) {
  std::string graph;
  for (const std::string& n : nodes) graph += Bytes(1, n);
  graph += Bytes(2, "g") + Bytes(11, input) + Bytes(12, output);
  return Int(1, 8) + Bytes(7, graph) + Bytes(8, Bytes(1, "") + Int(2, opset));
}
std::string Tensor(const std::string& name, const std::vector<int64_t>& dims,
                   const std::string& raw) {
  std::string t;
  for (int64_t d : dims) t += Int(1, d);
  return t + Int(2, 1) + Bytes(8, name) + Bytes(9, raw);  // float32
}

class HostileInput : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/opsim_hostile_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = new fs::path(tmpl);
    MakeFiles();
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
  }

  static std::string P(const std::string& name) { return (*dir_ / name).string(); }
  static void Text(const std::string& name, const std::string& text) {
    std::ofstream(*dir_ / name, std::ios::binary) << text;
  }
  static void Npy(const std::string& name, const std::string& descr, std::vector<int64_t> shape,
                  size_t bytes) {
    npy::NpyArray a;
    a.descr = descr;
    a.shape = std::move(shape);
    a.data.assign(bytes, 0);
    ASSERT_TRUE(npy::WriteNpy(P(name), a).ok()) << name;
  }
  static void Onnx(const std::string& folder, const std::string& model, const std::string& input_pb,
                   const std::string& output_pb) {
    fs::create_directories(*dir_ / folder / "test_data_set_0");
    Text(folder + "/model.onnx", model);
    Text(folder + "/test_data_set_0/input_0.pb", input_pb);
    Text(folder + "/test_data_set_0/output_0.pb", output_pb);
  }

  static void MakeFiles() {
    const int64_t big = int64_t{1} << 40, huge = int64_t{1} << 62;
    Npy("x23.npy", "<f4", {2, 3}, 24);
    Npy("x564.npy", "<i4", {5, 64}, 5 * 64 * 4);
    Npy("zero_big.npy", "<f4", {0, big}, 0);
    Npy("zero_huge.npy", "<f4", {0, huge}, 0);
    fs::create_directory(*dir_ / "a_folder");
    ASSERT_EQ(mkfifo(P("fifo.npy").c_str(), 0644), 0);
    fs::create_symlink(P("loop_b.npy"), P("loop_a.npy"));
    fs::create_symlink(P("loop_a.npy"), P("loop_b.npy"));

    // YAML graphs and suites.
    const std::string x23 = "inputs:\n  - {name: x, shape: [2, 3], dtype: float32}\n";
    Text("g_repeated_key.yaml", "graph: a\ngraph: b\n" + x23);
    Text("g_two_documents.yaml", "graph: a\n" + x23 + "---\ngraph: b\n");
    Text("g_keep_dims_yes.yaml",
         "graph: g\n" + x23 +
             "outputs: [y]\nnodes:\n  - {op: OpenVINO.ReduceSum, params: {reduction_axes: [0], "
             "keep_dims: yes}, inputs: [x], outputs: [y]}\n");
    Text("g_1e400.yaml", "graph: g\n" + x23 +
                             "outputs: [y]\nnodes:\n  - {op: ReduceSum, params: {axes: [0], "
                             "keepdims: 1e400}, inputs: [x], outputs: [y]}\n");
    Text("g_nested_deep.yaml",
         "graph: g\nx: " + std::string(3000, '[') + std::string(3000, ']') + "\n");
    std::string bomb = "a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n";
    for (int level = 1; level < 9; ++level) {
      const std::string prev = std::string("*a").append(std::to_string(level - 1));
      bomb.append("a").append(std::to_string(level)).append(": &a");
      bomb.append(std::to_string(level)).append(" [").append(prev);
      for (int i = 1; i < 10; ++i) bomb.append(", ").append(prev);
      bomb.append("]\n");
    }
    Text("g_alias_bomb.yaml", "graph: g\n" + bomb);
    Text("g_loop.yaml", "graph: g\n" + x23 +
                            "outputs: [y]\nnodes:\n  - {name: l, graph: loop_a.npy, inputs: "
                            "[x], outputs: [y]}\n");
    Text("g_self.yaml", "graph: g\n" + x23 +
                            "outputs: [y]\nnodes:\n  - {name: me, graph: g_self.yaml, inputs: "
                            "[x], outputs: [y]}\n");
    Text("g_internal_big.yaml",
         "graph: g\ninputs:\n  - {name: x, shape: [0, 1099511627776], dtype: float32}\n"
         "outputs: [y]\nnodes:\n"
         "  - {name: a, op: ReduceSum, params: {axes: [0], keepdims: 0}, inputs: [x], "
         "outputs: [t]}\n"
         "  - {name: b, op: ReduceSum, params: {keepdims: 0}, inputs: [t], outputs: [y]}\n");
    Text("g_zero_big.yaml",
         "graph: g\ninputs:\n  - {name: x, shape: [0, 1099511627776], dtype: float32}\n"
         "outputs: [y]\nnodes:\n"
         "  - {op: ReduceSum, params: {axes: [0], keepdims: 0}, inputs: [x], outputs: [y]}\n");
    Text("g_zero_huge.yaml",
         "graph: g\ninputs:\n  - {name: x, shape: [0, 4611686018427387904], dtype: float32}\n"
         "outputs: [y]\nnodes:\n"
         "  - {op: ReduceSum, params: {axes: [0], keepdims: 0}, inputs: [x], outputs: [y]}\n");
    auto suite = [](const std::string& body) {
      return "suite: s\ncases:\n  - name: c\n    op: ReduceSum\n    dtypes: [float32]\n"
             "    devices: [ascend910b]\n" +
             body;
    };
    Text("s_gen_big.yaml", suite("    attrs: {axes: [0], keepdims: 0}\n    inputs:\n"
                                 "      - shape: [100000, 100000]\n"));
    Text("s_zero_big.yaml", suite("    attrs: {axes: [0], keepdims: 0}\n    inputs:\n"
                                  "      - shape: [0, 1099511627776]\n"));
    Text("s_zero_huge.yaml", suite("    attrs: {axes: [0], keepdims: 0}\n    inputs:\n"
                                   "      - shape: [0, 4611686018427387904]\n"));
    Text("s_expected_shape.yaml", suite("    attrs: {axes: [0], keepdims: 0}\n    inputs:\n"
                                        "      - shape: [2, 3]\n    expected_shape: [7, 7]\n"));
    Text("s_keepdims_yes.yaml", suite("    attrs: {axes: [0], keepdims: yes}\n    inputs:\n"
                                      "      - shape: [2, 3]\n"));
    Text("s_repeated_key.yaml", "suite: a\nsuite: b\ncases: []\n");
    Text("s_two_documents.yaml", "suite: a\ncases: []\n---\nsuite: b\n");
    Text("s_nested_deep.yaml",
         "suite: s\ncases: " + std::string(20000, '[') + std::string(20000, ']') + "\n");
    Text("s_alias_bomb.yaml", "suite: s\n" + bomb);
    Text("s_self_alias.yaml", "suite: s\ncases: &a [*a]\n");
    // Baseline reports (run --baseline; the rest of their rules: run_baseline_cli_test.cc).
    Text("b_repeated_key.json", "{\"cases\": [], \"cases\": []}");
    Text("b_nested_deep.json", std::string(100000, '[') + std::string(100000, ']'));
    Text("b_not_json.json", "{\"cases\": [");

    // ONNX folders (ReduceSum, opset 11).
    const std::string y3 = ValueInfo("y", TensorType(1, {3}));
    const std::string six_floats(24, '\0'), three_floats(12, '\0');
    const std::string x23_pb = Tensor("x", {2, 3}, six_floats);
    const std::string y3_pb = Tensor("y", {3}, three_floats);
    Onnx("onnx_opset_999999",
         Model(999999, ValueInfo("x", TensorType(1, {2, 3})), {ReduceSumNode("x", "y", "n", true)},
               y3),
         x23_pb, y3_pb);
    const std::string sequence = Bytes(4, Bytes(1, TensorType(1, {2, 3})));
    Onnx("onnx_sequence_input",
         Model(11, ValueInfo("x", sequence), {ReduceSumNode("x", "y", "n", true)}, y3), x23_pb,
         y3_pb);
    Onnx("onnx_internal_big",
         Model(11, ValueInfo("x", TensorType(1, {0, big})),
               {ReduceSumNode("x", "t", "a", true), ReduceSumNode("t", "y", "b", false)},
               ValueInfo("y", TensorType(1, {}))),
         Tensor("x", {0, big}, ""), Tensor("y", {}, std::string(4, '\0')));
    Onnx("onnx_fifo_model",
         Model(11, ValueInfo("x", TensorType(1, {2, 3})), {ReduceSumNode("x", "y", "n", true)}, y3),
         x23_pb, y3_pb);
    Onnx("onnx_loop_model",
         Model(11, ValueInfo("x", TensorType(1, {2, 3})), {ReduceSumNode("x", "y", "n", true)}, y3),
         x23_pb, y3_pb);
    fs::remove(*dir_ / "onnx_loop_model" / "test_data_set_0" / "input_0.pb");
    fs::create_symlink(P("loop_a.npy"), P("onnx_loop_model/test_data_set_0/input_0.pb"));
    fs::remove(*dir_ / "onnx_fifo_model" / "model.onnx");
    ASSERT_EQ(mkfifo(P("onnx_fifo_model/model.onnx").c_str(), 0644), 0);
  }

  // Every path below the folder (the listing a run must leave as it found it).
  static std::set<std::string> Listing() {
    std::set<std::string> names;
    for (const auto& e : fs::recursive_directory_iterator(*dir_)) names.insert(e.path().string());
    return names;
  }

  // Runs opsim with `args` in the folder, stdout and stderr to files outside it.
  static Outcome Run(const std::vector<std::string>& args) {
    const fs::path out =
        fs::temp_directory_path() / ("opsim_hostile_out_" + std::to_string(getpid()) + ".txt");
    const pid_t pid = fork();
    if (pid == 0) {
      const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(fd, 1);
      dup2(fd, 2);
      if (chdir(dir_->c_str()) != 0) _exit(126);
      setenv("OPSIM_CONFIG_DIR", OPSIM_SOURCE_DIR "/configs", 1);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(OPSIM_BINARY));
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(OPSIM_BINARY, argv.data());
      _exit(127);
    }
    Outcome o;
    int status = 0;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(kTimeLimitSeconds);
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        o.timed_out = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    o.exited = WIFEXITED(status);
    o.code = o.exited ? WEXITSTATUS(status) : -1;
    o.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    o.output = ReadFile(out);
    fs::remove(out);
    return o;
  }

  // The row's contract: a clean refusal naming what and why, nothing left behind.
  static void ExpectRefused(const std::vector<std::string>& args,
                            const std::vector<std::string>& says) {
    std::string line = "opsim";
    for (const std::string& a : args) line.append(" ").append(a, 0, 80);  // -Wrestrict on +
    SCOPED_TRACE(line);
    const std::set<std::string> before = Listing();
    const Outcome o = Run(args);
    EXPECT_FALSE(o.timed_out) << "still running after " << kTimeLimitSeconds << " s";
    EXPECT_TRUE(o.exited) << "signal " << o.signal << "\n" << o.output;
    EXPECT_TRUE(o.code == 1 || o.code == 2) << "exit code " << o.code << "\n" << o.output;
    for (const std::string& s : says) {
      EXPECT_NE(o.output.find(s), std::string::npos) << "no '" << s << "' in:\n" << o.output;
    }
    EXPECT_EQ(Listing(), before) << "a file was left behind or removed";
  }

  static fs::path* dir_;
};

fs::path* HostileInput::dir_ = nullptr;

using Args = std::vector<std::string>;

TEST_F(HostileInput, SizesBeforeAllocation) {
  ExpectRefused(
      {"exec", "--op", "ReduceSum", "--axes", "0", "--input", "zero_big.npy", "--output", "y.npy"},
      {"ReduceSum's inputs and outputs would take 4398.0 GB", "more than half"});
  ExpectRefused(
      {"exec", "--op", "ReduceSum", "--axes", "0", "--input", "zero_huge.npy", "--output", "y.npy"},
      {"[1,4611686018427387904]", "more bytes than 2^64"});
  ExpectRefused({"graph", "g_zero_big.yaml", "--input", "x=zero_big.npy", "--output", "y=y.npy"},
                {"the graph's inputs and outputs would take 4398.0 GB"});
  ExpectRefused(
      {"graph", "g_internal_big.yaml", "--input", "x=zero_big.npy", "--output", "y=y.npy"},
      {"the graph's workspace would take 4398.0 GB"});
  ExpectRefused({"graph", "g_zero_huge.yaml", "--input", "x=zero_huge.npy", "--output", "y=y.npy"},
                {"the graph's output 0 float32 ND [4611686018427387904]", "more bytes than 2^64"});
  ExpectRefused({"run", "s_gen_big.yaml"},
                {"s_gen_big.yaml:3:5", "case 'c/ReduceSum/float32'", "would take 40.0 GB"});
  ExpectRefused({"run", "s_zero_big.yaml"}, {"s_zero_big.yaml", "would take 4398.0 GB"});
  ExpectRefused({"run", "s_zero_huge.yaml"},
                {"s_zero_huge.yaml", "[4611686018427387904]", "more bytes than 2^64"});
  ExpectRefused({"bench", "--op", "ReduceSum", "--shape", "0,1099511627776", "--axes", "0",
                 "--dtype", "float32"},
                {"would take 4398.0 GB"});
  ExpectRefused(
      {"bench", "--op", "ReduceSum", "--shape", "0,4611686018427387904", "--axes", "0", "--dtype",
       "float32"},
      {"ReduceSum's output 0 float32 ND [1,4611686018427387904]", "more bytes than 2^64"});
  ExpectRefused({"onnx-test", "onnx_internal_big"},
                {"FAIL onnx_internal_big", "the model's workspace would take 4398.0 GB"});
}

TEST_F(HostileInput, FilesThatAreNotRegularFiles) {
  for (const char* input : {"a_folder", "/dev/zero", "fifo.npy", "loop_a.npy"}) {
    ExpectRefused(
        {"exec", "--op", "ReduceSum", "--axes", "0", "--input", input, "--output", "y.npy"},
        {input});
  }
  ExpectRefused({"exec", "--op", "ReduceSum", "--input", "/dev/zero", "--output", "y.npy"},
                {"/dev/zero is a character device"});
  ExpectRefused({"exec", "--op", "ReduceSum", "--input", "fifo.npy", "--output", "y.npy"},
                {"is a FIFO"});
  ExpectRefused({"exec", "--op", "ReduceSum", "--input", "loop_a.npy", "--output", "y.npy"},
                {"loop_a.npy", "symbolic links"});
  ExpectRefused({"run", "/dev/zero"}, {"/dev/zero is a character device, not a case suite file"});
  ExpectRefused({"run", "fifo.npy"}, {"fifo.npy is a FIFO, not a case suite file"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--baseline", "fifo.npy"},
                {"fifo.npy is a FIFO, not a baseline report"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--baseline", "a_folder"},
                {"a_folder is a directory, not a baseline report"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--baseline", "loop_a.npy"},
                {"loop_a.npy", "symbolic links"});
  ExpectRefused({"graph", "fifo.npy", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"fifo.npy is a FIFO"});
  ExpectRefused({"onnx-test", "onnx_fifo_model"}, {"model.onnx is a FIFO"});
  // A symlink loop where a path is only compared or tested, not opened, is named, not thrown.
  ExpectRefused({"graph", "g_loop.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"cannot load graph 'loop_a.npy'", "symbolic links"});
  ExpectRefused({"onnx-test", "onnx_loop_model"}, {"FAIL onnx_loop_model", "symbolic links"});
}

TEST_F(HostileInput, RecursionAndExpansion) {
  ExpectRefused({"graph", "g_self.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"g_self.yaml", "includes itself"});
  ExpectRefused({"graph", "g_alias_bomb.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"g_alias_bomb.yaml", "expands to more than 1000000 YAML nodes"});
  ExpectRefused({"graph", "g_nested_deep.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"g_nested_deep.yaml:2", "nested more than 128 levels deep"});
  ExpectRefused({"run", "s_alias_bomb.yaml"},
                {"s_alias_bomb.yaml", "expands to more than 1000000 YAML nodes"});
  ExpectRefused({"run", "s_self_alias.yaml"},
                {"s_self_alias.yaml:2", "nested more than 128 levels deep"});
  ExpectRefused({"run", "s_nested_deep.yaml"},
                {"s_nested_deep.yaml:2", "nested more than 128 levels deep"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--baseline", "b_nested_deep.json"},
                {"--baseline 'b_nested_deep.json': is not a JSON object"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--filter",
                 std::string(20000, '(') + "x" + std::string(20000, ')')},
                {"--filter"});
  ExpectRefused({"run", "--filter", "(a+)+$", "s_expected_shape.yaml"}, {"--filter", "repeat"});
}

TEST_F(HostileInput, Strictness) {
  ExpectRefused({"graph", "g_repeated_key.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"g_repeated_key.yaml:2:1", "'graph'", "appears twice"});
  ExpectRefused({"graph", "g_two_documents.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"g_two_documents.yaml:5:1", "2 YAML documents"});
  ExpectRefused({"graph", "g_keep_dims_yes.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"g_keep_dims_yes.yaml:6:71", "keep_dims", "'yes' is a bool in YAML 1.1"});
  ExpectRefused({"graph", "g_1e400.yaml", "--input", "x=x23.npy", "--output", "y=y.npy"},
                {"g_1e400.yaml:6:51", "'1e400' is beyond the range of a double"});
  ExpectRefused({"run", "s_keepdims_yes.yaml"},
                {"s_keepdims_yes.yaml:7:34", "'keepdims'", "'yes' is a bool in YAML 1.1"});
  ExpectRefused({"run", "s_repeated_key.yaml"},
                {"s_repeated_key.yaml:2:1", "'suite'", "appears twice"});
  ExpectRefused({"run", "s_two_documents.yaml"}, {"s_two_documents.yaml:4:1", "2 YAML documents"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--baseline", "b_repeated_key.json"},
                {"--baseline 'b_repeated_key.json'", "the member 'cases' twice"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--baseline", "b_not_json.json"},
                {"--baseline 'b_not_json.json': is not JSON", "line 1, column 12"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--unchecked=yes"},
                {"--unchecked takes no value"});
  ExpectRefused({"run", "s_expected_shape.yaml", "--copy-elision", "yes"},
                {"--copy-elision = 'yes'", "expected on or off"});
  ExpectRefused({"run", "s_expected_shape.yaml"},
                {"s_expected_shape.yaml", "'expected_shape': [7,7] for output 0", "gives [3]"});
  ExpectRefused({"run", "--seed", "-1", "s_expected_shape.yaml"},
                {"--seed = '-1'", "from 0 to 18446744073709551615"});
  ExpectRefused({"run", "--seed", "0x10", "s_expected_shape.yaml"},
                {"--seed = '0x10'", "not a decimal digit"});
  ExpectRefused({"run", "--threads", "5x", "s_expected_shape.yaml"},
                {"--threads = '5x'", "from 0 to 1024"});
  for (const char* command : {"exec", "graph", "bench", "onnx-test"}) {
    ExpectRefused({command, "--threads", "0x2"}, {"--threads = '0x2'", "from 0 to 1024"});
  }
  ExpectRefused(
      {"bench", "--op", "ReduceSum", "--shape", "8", "--dtype", "float32", "--repeat", "+3"},
      {"--repeat = '+3'", "from 1 to 100000"});
  ExpectRefused(
      {"bench", "--op", "ReduceSum", "--shape", "8", "--dtype", "float32", "--checked=yes"},
      {"--checked takes no value"});
  ExpectRefused(
      {"exec", "--op", "ReduceSum", "--input", "x23.npy", "--output", "y.npy", "--checked=2"},
      {"--checked takes no value"});
  ExpectRefused({"onnx-test", "onnx_opset_999999", "--require-pass-count", "-1"},
                {"--require-pass-count = '-1'"});
  ExpectRefused(
      {"exec", "--op", "ReduceSum", "--input", "x23.npy", "--keepdims", "0x1", "--output", "y.npy"},
      {"--attr keepdims = '0x1'", "not a decimal digit"});
  ExpectRefused(
      {"exec", "--op", "ReduceSum", "--input", "x23.npy", "--axes", "0,1e3", "--output", "y.npy"},
      {"--attr axes item = '1e3'"});
  ExpectRefused({"exec", "--op", "OpenVINO.ReduceSum", "--input", "x23.npy", "--input", "x23.npy",
                 "--keep-dims", "yes", "--output", "y.npy"},
                {"--attr keep_dims = 'yes': not a bool"});
  ExpectRefused({"graph", std::string(OPSIM_SOURCE_DIR) + "/configs/graphs/two_heads.yaml",
                 "--input", "x=x564.npy", "--output", "lo=same.npy", "--output", "hi=same.npy"},
                {"same.npy", "named for two arrays"});
  ExpectRefused({"onnx-test", "onnx_opset_999999"},
                {"FAIL onnx_opset_999999", "version 999999", "expected 1 to 23"});
  ExpectRefused({"onnx-test", "onnx_sequence_input"},
                {"FAIL onnx_sequence_input", "graph input 'x' is a sequence, not a tensor"});
}

TEST_F(HostileInput, NoPartialOutput) {
  // The second output's name is a folder: the first must not appear either.
  ExpectRefused({"graph", std::string(OPSIM_SOURCE_DIR) + "/configs/graphs/two_heads.yaml",
                 "--input", "x=x564.npy", "--output", "lo=lo.npy", "--output", "hi=a_folder"},
                {"a_folder", "is not a regular file"});
}

TEST_F(HostileInput, MessagesNameTheValueAndTheRule) {
  ExpectRefused({"run", "/dev/null"}, {"/dev/null is a character device, not a case suite file"});
  ExpectRefused({"exec", "--op", "ReduceSum", "--input", "x23.npy", "--output", ""},
                {"--output : the path is empty"});
  ExpectRefused({"graph", std::string(OPSIM_SOURCE_DIR) + "/configs/graphs/chain.yaml", "--input",
                 "x=x23.npy", "--output", "y="},
                {"--output y=: the path is empty"});
  ExpectRefused({"run", "--report", "", "s_expected_shape.yaml"},
                {"--report", "the path is empty"});
  ExpectRefused({"run", "--junit", "", "s_expected_shape.yaml"}, {"--junit", "the path is empty"});
#ifdef OPSIM_SAMPLE_LEAKY_LIBRARY
  // A float attribute beyond float32: a short number and the limit, not 310 digits.
  ExpectRefused({"exec", "--library", OPSIM_SAMPLE_LEAKY_LIBRARY, "--op", "LeakyReluCustom",
                 "--attr", "negative_slope=1e300", "--input", "x23.npy", "--output", "y.npy"},
                {"'negative_slope' = 1.0000000000000001e+300 does not fit a float32 attribute",
                 "3.4028235e38"});
  ExpectRefused({"exec", "--library", OPSIM_SAMPLE_LEAKY_LIBRARY, "--op", "LeakyReluCustom",
                 "--attr", "negative_slope=1e400", "--input", "x23.npy", "--output", "y.npy"},
                {"'1e400': beyond the range of a double"});
#endif
}

}  // namespace
}  // namespace opsim
