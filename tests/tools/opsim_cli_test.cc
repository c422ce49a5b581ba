// End-to-end tests of the built `opsim` binary (OPSIM_BINARY): run, exec, graph, bench, devices.
#include <expat.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "opsim/core/float16.h"
#include "opsim/npy/npy.h"
#include "tools/cli_fixture.h"

namespace opsim {
namespace {

namespace fs = std::filesystem;
using testing::LastLine;
using testing::OpsimCli;
using testing::ParseXml;
using testing::ReadText;
using testing::Result;

TEST_F(OpsimCli, RunPassingSuiteWritesReportJUnitAndTraces) {
  const Result r = Run("run tests/tools/testdata/cli_pass.yaml --threads 2 --report " +
                       Path("r.json") + " --junit " + Path("r.xml") + " --trace " + Path("tr"));
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "5 passed, 0 failed, 1 skipped");
  EXPECT_NE(r.out.find("cli_pass/rows/ReduceSum/int32/ascend910b"), std::string::npos);
  EXPECT_NE(r.out.find("axes=[1],keepdims=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[3,2,2] -> [3,1,2]"), std::string::npos);
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << "no progress bar when not on a terminal";

  const nlohmann::json j = nlohmann::json::parse(ReadText(Path("r.json")));
  EXPECT_EQ(j["passed"], 5);
  EXPECT_EQ(j["failed"], 0);
  EXPECT_EQ(j["skipped"], 1);
  ASSERT_EQ(j["cases"].size(), 6u);
  EXPECT_EQ(j["cases"][0]["verdict"], "pass");
  EXPECT_GT(j["cases"][0]["device_us"].get<double>(), 0);
  EXPECT_EQ(j["cases"][5]["verdict"], "skip");
  EXPECT_EQ(j["cases"][0]["op"], "ReduceSum");
  EXPECT_EQ(j["cases"][0]["attrs"], "axes=[1],keepdims=1");

  int testcases = 0;
  ASSERT_TRUE(ParseXml(ReadText(Path("r.xml")), "testcase", &testcases));
  EXPECT_EQ(testcases, 6);
  int skipped = 0;
  ASSERT_TRUE(ParseXml(ReadText(Path("r.xml")), "skipped", &skipped));
  EXPECT_EQ(skipped, 1);

  const fs::path trace =
      fs::path(Path("tr")) / "cli_pass_prod_example_ReduceProd_float32_ascend910b.json";
  ASSERT_TRUE(fs::exists(trace));
  const nlohmann::json t = nlohmann::json::parse(ReadText(trace));
  size_t complete = 0;
  for (const auto& e : t["traceEvents"]) complete += e["ph"] == "X";
  EXPECT_GT(complete, 0u);
  size_t traces = 0;
  for (const auto& e : fs::directory_iterator(Path("tr"))) traces += e.is_regular_file();
  // One per case that launched the AI Core: the two int32 rows ran on Reduce's AI CPU kernel,
  // which has no timeline to trace.
  EXPECT_EQ(traces, 3u) << "one per case that ran on the AI Core";
}

TEST_F(OpsimCli, RunFailingSuiteExitsOneAndReportsTheFailure) {
  const Result r = Run("run tests/tools/testdata/cli_fail.yaml --report " + Path("r.json") +
                       " --junit " + Path("r.xml"));
  EXPECT_EQ(r.rc, 1);
  EXPECT_EQ(LastLine(r.out), "1 passed, 1 failed");
  EXPECT_NE(r.out.find("FAIL"), std::string::npos);
  EXPECT_NE(r.out.find("expected 121"), std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(ReadText(Path("r.json")));
  EXPECT_EQ(j["failed"], 1);
  EXPECT_EQ(j["cases"][1]["verdict"], "FAIL");
  int failures = 0;
  ASSERT_TRUE(ParseXml(ReadText(Path("r.xml")), "failure", &failures));
  EXPECT_EQ(failures, 1);
}

TEST_F(OpsimCli, RunFiltersBySuiteNameAndDevice) {
  Result r = Run("run tests/tools/testdata/cli_fail.yaml --filter 'rows/'");
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "1 passed, 0 failed");
  r = Run("run tests/tools/testdata/cli_fail.yaml --device ascend310p");
  EXPECT_EQ(r.rc, 0);
  EXPECT_EQ(LastLine(r.out), "0 passed, 0 failed");
  r = Run("run --filter 'seeds/atb_.*ascend910b' --seed 7");
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
}

TEST_F(OpsimCli, BadFlagsAndValuesAreUsageErrors) {
  for (const char* args :
       {"run --threads x", "run --no-such-flag", "run --filter '('", "run --device nosuchchip",
        "run no_such_file.yaml", "exec --op ReduceSum --input a.npy", "bench --op ReduceSum",
        "bench --op ReduceSum --shape 4 --dtype float33", "devices --verbose", "frobnicate", "demo",
        "", "exec --op ReduceSum --keepdim 0 --input a --output b", "run --filter '(a+)+$'",
        "run --filter '((((((((((((((((((x))))))))))))))))))'",
        "exec --op Reduce --axes 0 --input a --output b",
        "exec --op ReduceSum --axes 1,x --input a --output b"}) {
    const Result r = Run(args);
    EXPECT_EQ(r.rc, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("--help"), std::string::npos) << args << "\n" << r.err;
  }
  for (const char* cmd : {"run", "exec", "bench", "graph", "onnx-test"}) {
    for (const char* seconds : {"-1", "2e6", "soon", "nan"}) {
      const Result r = Run(std::string(cmd) + " --launch-timeout " + seconds);
      EXPECT_EQ(r.rc, 2) << cmd << " " << seconds << "\n" << r.err;
      EXPECT_NE(r.err.find(std::string("--launch-timeout = '") + seconds + "'"), std::string::npos)
          << r.err;
    }
  }
  for (const char* cmd : {"run", "exec", "graph", "bench", "devices", "onnx-test", "report"}) {
    const Result r = Run(std::string(cmd) + " --help");
    EXPECT_EQ(r.rc, 0) << cmd;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << cmd;
  }
}

TEST_F(OpsimCli, ExecReducesEveryDType) {
  const std::vector<int64_t> shape = {2, 3};
  auto check = [&](const std::string& descr, const std::string& op, auto values, auto expected,
                   const std::string& extra = "") {
    using T = typename decltype(values)::value_type;
    const std::string in = WriteArray<T>("in_" + descr.substr(1) + ".npy", descr, shape, values);
    const std::string out = Path("out_" + descr.substr(1) + ".npy");
    const Result r = Run("exec --op " + op + " --axes 1 --keepdims 0 --input " + in + " --output " +
                         out + " " + extra);
    ASSERT_EQ(r.rc, 0) << descr << r.err;
    npy::NpyArray a;
    EXPECT_EQ(ReadArray<T>(out, &a), expected) << descr;
    EXPECT_EQ(a.descr, descr);
    EXPECT_EQ(a.shape, (std::vector<int64_t>{2}));
  };
  check("<f4", "ReduceSum", std::vector<float>{1, 2, 3, 4, 5, 6}, std::vector<float>{6, 15});
  check("<f8", "ReduceProd", std::vector<double>{1, 2, 3, 4, 5, 6}, std::vector<double>{6, 120});
  check("<i4", "ReduceMin", std::vector<int32_t>{-1, 2, 3, 4, -5, 6}, std::vector<int32_t>{-1, -5});
  check("<i8", "ReduceSum", std::vector<int64_t>{1, 2, 3, 4, 5, 6}, std::vector<int64_t>{6, 15});
  check("<u4", "ReduceMax", std::vector<uint32_t>{1, 9, 3, 4, 5, 6}, std::vector<uint32_t>{9, 6});
  check("<u8", "ReduceSum", std::vector<uint64_t>{1, 2, 3, 4, 5, 6}, std::vector<uint64_t>{6, 15});
  check("|i1", "ReduceMax", std::vector<int8_t>{-1, -2, -3, 4, 5, 6}, std::vector<int8_t>{-1, 6});
  check("|u1", "ReduceMin", std::vector<uint8_t>{200, 2, 3, 4, 5, 6}, std::vector<uint8_t>{2, 4});
  auto half = [](std::vector<float> v) {
    std::vector<uint16_t> h;
    for (float f : v) h.push_back(FloatToHalfBits(f));
    return h;
  };
  auto bf16 = [](std::vector<float> v) {
    std::vector<uint16_t> h;
    for (float f : v) h.push_back(FloatToBFloat16Bits(f));
    return h;
  };
  check("<f2", "ReduceSum", half({1, 2, 3, 4, 5, 6}), half({6, 15}));
  check("<u2", "ReduceSum", bf16({1, 2, 3, 4, 5, 6}), bf16({6, 15}), "--dtype bfloat16");
  check("<u2", "ReduceMax", bf16({-1.5f, 0.25f, 3, 4, 5, 6}), bf16({3, 6}), "--dtype bf16");
}

TEST_F(OpsimCli, ExecReadingsAndZeroDimOutput) {
  const std::string in =
      WriteArray<float>("x.npy", "<f4", {2, 3}, std::vector<float>{1, 2, 3, 4, 5, 6});
  npy::NpyArray a;
  // No --axes: reduce all; keepdims 0 gives a 0-d array.
  ASSERT_EQ(Run("exec --op ReduceSum --keepdims 0 --input " + in + " --output " + Path("s.npy")).rc,
            0);
  EXPECT_EQ(ReadArray<float>(Path("s.npy"), &a), std::vector<float>{21});
  EXPECT_TRUE(a.shape.empty());
  // keepdims defaults to 1.
  ASSERT_EQ(Run("exec --op ReduceMax --input " + in + " --output " + Path("k.npy")).rc, 0);
  EXPECT_EQ(ReadArray<float>(Path("k.npy"), &a), std::vector<float>{6});
  EXPECT_EQ(a.shape, (std::vector<int64_t>{1, 1}));
  // Negative axes; --axes "" with noop_with_empty_axes is the identity.
  ASSERT_EQ(Run("exec --op ReduceSum --axes=-2 --input " + in + " --output " + Path("n.npy")).rc,
            0);
  EXPECT_EQ(ReadArray<float>(Path("n.npy"), &a), (std::vector<float>{5, 7, 9}));
  EXPECT_EQ(a.shape, (std::vector<int64_t>{1, 3}));
  ASSERT_EQ(Run("exec --op ReduceSum --axes '' --noop-with-empty-axes 1 --input " + in +
                " --output " + Path("i.npy"))
                .rc,
            0);
  EXPECT_EQ(ReadArray<float>(Path("i.npy"), &a), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  // ATB: strict axes, reduced dims removed.
  const Result r = Run("exec --op Reduce --reduce-type REDUCE_PROD --axis 0 --input " + in +
                       " --output " + Path("p.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(ReadArray<float>(Path("p.npy"), &a), (std::vector<float>{4, 10, 18}));
  EXPECT_EQ(a.shape, (std::vector<int64_t>{3}));
  // A 0-d input.
  const std::string scalar = WriteArray<float>("sc.npy", "<f4", {}, std::vector<float>{2.5f});
  ASSERT_EQ(Run("exec --op ReduceSum --input " + scalar + " --output " + Path("o.npy")).rc, 0);
  EXPECT_EQ(ReadArray<float>(Path("o.npy"), &a), std::vector<float>{2.5f});
  EXPECT_TRUE(a.shape.empty());
}

TEST_F(OpsimCli, ExecErrorsLeaveNoOutputFile) {
  const std::string in =
      WriteArray<float>("x.npy", "<f4", {2, 3}, std::vector<float>{1, 2, 3, 4, 5, 6});
  const std::string u16 = WriteArray<uint16_t>("u.npy", "<u2", {2}, std::vector<uint16_t>{1, 2});
  const std::string flags = WriteArray<uint8_t>("b.npy", "|b1", {2}, std::vector<uint8_t>{1, 0});
  // No elements, but reduced over axis 0 a 4 TiB output: refused before it is allocated.
  const std::string vast =
      WriteArray<float>("vast.npy", "<f4", {0, int64_t{1} << 40}, std::vector<float>{});
  {
    std::vector<uint8_t> bytes;
    npy::NpyArray a;
    ASSERT_TRUE(npy::ReadNpy(in, &a).ok());
    ASSERT_TRUE(npy::EncodeNpy(a, &bytes).ok());
    std::ofstream(Path("t.npy"), std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size() - 5));
    // The same bytes as a [1, 3] complex64 tensor, which ReduceSum's OpDef does not take.
    std::string text(bytes.begin(), bytes.end());
    text.replace(text.find("<f4"), 3, "<c8");
    text.replace(text.find("(2, 3)"), 6, "(1, 3)");
    std::ofstream(Path("c.npy"), std::ios::binary) << text;
  }
  const size_t files = FileCount();
  const std::string out = Path("y.npy");
  struct Bad {
    std::string args;
    std::string needle;
  };
  for (const Bad& b : std::vector<Bad>{
           {"--op ReduceSum --axes 5 --input " + in, "axes"},
           {"--op ReduceSum --axes 1,-1 --input " + in, "repeats"},
           {"--op Reduce --reduce-type REDUCE_SUM --axis -1 --input " + in, "axis"},
           {"--op Reduce --reduce-type REDUCE_SUM --axis 0,0 --input " + in, "axis"},
           {"--op Reduce --reduce-type REDUCE_NOPE --axis 0 --input " + in, "reduceType"},
           {"--op ReduceSum --input " + Path("missing.npy"), "missing.npy"},
           {"--op ReduceSum --input " + Path("t.npy"), "truncated"},
           {"--op ReduceSum --input " + Path("c.npy"),
            "ReduceSum: input 0 (x) dtype complex64 is not supported (the OpDef allows"},
           // "<u2" is uint16 unless --dtype bfloat16 says the files hold bfloat16 bits.
           {"--op ReduceSum --input " + u16, "dtype uint16 is not supported"},
           {"--op ReduceSum --input " + in + " --dtype bfloat16", "<u2"},
           {"--op ReduceSum --input " + flags, "bool"},
           {"--op ReduceSum --keepdims 2 --input " + in, "'keepdims' = 2 is not 0 or 1"},
           {"--op ReduceSum --axes 0 --input " + vast, "more than half of this machine's"},
           {"--op ReduceSum --input /dev/zero", "/dev/zero is a character device"},
           {"--op ReduceSum --input " + Path(""), "is a directory"},
           {"--op ReduceSum --input " + in + " --device nosuchchip", "nosuchchip"},
       }) {
    const Result r = Run("exec " + b.args + " --output " + out);
    EXPECT_NE(r.rc, 0) << b.args;
    EXPECT_NE(r.err.find(b.needle), std::string::npos) << b.args << "\n" << r.err;
    EXPECT_FALSE(fs::exists(out)) << b.args;
    EXPECT_EQ(FileCount(), files) << b.args;
  }
}

TEST_F(OpsimCli, GraphWritesAllOutputsOrNone) {
  std::vector<int32_t> x(5 * 64, 3);
  const std::string in = WriteArray<int32_t>("x.npy", "<i4", {5, 64}, x);
  const size_t files = FileCount();
  // hi cannot be written: lo must not be left behind.
  Result r = Run("graph configs/graphs/two_heads.yaml --input x=" + in +
                 " --output lo=" + Path("lo.npy") + " --output hi=" + Path("no_dir/hi.npy"));
  EXPECT_EQ(r.rc, 1);
  EXPECT_EQ(FileCount(), files) << r.err;
  r = Run("graph configs/graphs/two_heads.yaml --input x=" + in +
          " --output lo=" + Path("same.npy") + " --output hi=" + Path("same.npy"));
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("the same file is named for two arrays"), std::string::npos) << r.err;
  EXPECT_EQ(FileCount(), files);
}

TEST_F(OpsimCli, GraphRunsAShippedExample) {
  // configs/graphs/chain.yaml: y[j] = max_i sum_k x[i][j][k], x of [8,16,32] float32.
  std::vector<float> x(8 * 16 * 32);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 37) % 11) - 5.0f;
  const std::string in = WriteArray<float>("x.npy", "<f4", {8, 16, 32}, x);
  const Result r =
      Run("graph configs/graphs/chain.yaml --input x=" + in + " --output y=" + Path("y.npy"));
  ASSERT_EQ(r.rc, 0) << r.err;
  npy::NpyArray a;
  const std::vector<float> y = ReadArray<float>(Path("y.npy"), &a);
  ASSERT_EQ(a.shape, (std::vector<int64_t>{16}));
  for (int j = 0; j < 16; ++j) {
    float best = -1e30f;
    for (int i = 0; i < 8; ++i) {
      float s = 0;
      for (int k = 0; k < 32; ++k) s += x[static_cast<size_t>((i * 16 + j) * 32 + k)];
      best = std::max(best, s);
    }
    EXPECT_EQ(y[static_cast<size_t>(j)], best) << j;
  }
  const size_t files = FileCount();
  for (const std::string& args : {"--input z=" + in + " --output y=" + Path("y2.npy"),
                                  "--input x=" + Path("y.npy") + " --output y=" + Path("y2.npy"),
                                  "--input x=" + in + " --output q=" + Path("y2.npy")}) {
    const Result bad = Run("graph configs/graphs/chain.yaml " + args);
    EXPECT_NE(bad.rc, 0) << args;
    EXPECT_FALSE(bad.err.empty());
    EXPECT_EQ(FileCount(), files) << args;
  }
}

TEST_F(OpsimCli, BenchJsonHasItsFields) {
  const Result r =
      Run("bench --op ReduceMax --shape 64,1000 --axes 1 --dtype float16 --repeat 3 --threads 1 "
          "--json");
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["op"], "ReduceMax");
  EXPECT_EQ(j["dtype"], "float16");
  EXPECT_EQ(j["input_bytes"], 64 * 1000 * 2);
  EXPECT_EQ(j["output_bytes"], 64 * 2);
  EXPECT_EQ(j["host_ms"].size(), 3u);
  EXPECT_EQ(j["host_cpu_ms"].size(), 3u);
  for (const char* key :
       {"host_ms_median", "host_cpu_ms_median", "input_gbps", "device_us", "roofline_share"}) {
    ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_GT(j[key].get<double>(), 0) << key;
  }
  EXPECT_LE(j["roofline_share"].get<double>(), 1.0);
  const Result text = Run("bench --op ReduceSum --shape 1000 --dtype float16 --repeat 1");
  EXPECT_EQ(text.rc, 0);
  EXPECT_NE(text.out.find("roofline"), std::string::npos);
  // Reduce's integer types run on its AI CPU kernel (the 910B's reduce instructions take floats).
  const Result ints = Run("bench --op ReduceSum --shape 1000 --dtype int32 --repeat 1");
  ASSERT_EQ(ints.rc, 0) << ints.err;
  EXPECT_NE(ints.out.find("none   the op ran on the AI CPU"), std::string::npos) << ints.out;
  EXPECT_NE(Run("bench --op ReduceSum --shape 4,4 --axes 9 --dtype float32").rc, 0);
  // A type the AI Core's prototype leaves to the AI CPU: no launch, so no simulated time.
  const Result aicpu =
      Run("bench --op Mul --shape 64 --shape 64 --dtype float64 --repeat 1 --threads 1");
  ASSERT_EQ(aicpu.rc, 0) << aicpu.err;
  EXPECT_NE(aicpu.out.find("none   the op ran on the AI CPU"), std::string::npos) << aicpu.out;
  const Result huge = Run("bench --op ReduceSum --shape 1048576,1048576,64 --dtype float32");
  EXPECT_NE(huge.rc, 0);
  EXPECT_NE(huge.err.find("more than half of this machine's"), std::string::npos) << huge.err;
  const Result checked =
      Run("bench --op ReduceSum --shape 300,70 --axes 0 --dtype float32 --repeat 1 --checked "
          "--trace --json");
  ASSERT_EQ(checked.rc, 0) << checked.err;
  const nlohmann::json c = nlohmann::json::parse(checked.out);
  EXPECT_TRUE(c["checked"].get<bool>());
  EXPECT_TRUE(c["trace"].get<bool>());
  EXPECT_GE(c["peak_rss_bytes"].get<double>(), 300.0 * 70 * 4);
}

TEST_F(OpsimCli, DevicesListsTheProfiles) {
  const Result r = Run("devices");
  EXPECT_EQ(r.rc, 0);
  for (const char* d : {"ascend910b", "ascend910a", "ascend310p"}) {
    EXPECT_NE(r.out.find(d), std::string::npos) << d;
  }
}

}  // namespace
}  // namespace opsim
