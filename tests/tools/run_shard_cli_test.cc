// End-to-end tests of `opsim run --shard I/N`, the test-sharding environment (TEST_* and
// GTEST_*), --list and the assignment's guarantees (docs/CASES.md, "Sharding") on the built
// binary.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tools/cli_fixture.h"

namespace opsim {
namespace {

using testing::OpsimCli;
using testing::ReadText;
using testing::Result;

constexpr const char* kShardSuite = "tests/tools/testdata/cli_pass.yaml";

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream s(text);
  for (std::string line; std::getline(s, line);) lines.push_back(line);
  return lines;
}

// A suite of `light` one-line cases c0, c1, ... (a few elements each) and `heavy` cases h0, ...
// of 400000 elements each (above the heavy threshold), plus `extra` when not empty.
std::string SuiteText(int light, int heavy, const std::string& extra = "") {
  std::string y = "suite: grow\ndefaults: {devices: ascend910b, dtypes: float32}\ncases:\n";
  const auto add = [&y](const std::string& name, int elements) {
    y += "  - name: " + name + "\n    op: ReduceSum\n    attrs: {axes: [0]}\n" +
         "    inputs: [{shape: [" + std::to_string(elements) + "]}]\n";
  };
  // Appended, not "c" + to_string(i): GCC 12 warns falsely (-Wrestrict) on that when inlined.
  const auto named = [](char prefix, int i) {
    return std::string(1, prefix).append(std::to_string(i));
  };
  for (int i = 0; i < light; ++i) add(named('c', i), 1 + i);
  for (int i = 0; i < heavy; ++i) add(named('h', i), 400000 + i);
  if (!extra.empty()) add(extra, extra[0] == 'h' ? 500000 : 7);
  return y;
}

class RunShardCli : public OpsimCli {
 protected:
  std::string WriteSuite(const std::string& name, const std::string& text) const {
    std::ofstream(Path(name), std::ios::binary) << text;
    return Path(name);
  }
  // The case names `run --list` prints for one shard (or all, with `shard` empty).
  std::vector<std::string> List(const std::string& suite, const std::string& shard,
                                const std::string& env = "") const {
    const Result r =
        Run("run " + suite + " --list" + (shard.empty() ? "" : " --shard " + shard), env);
    EXPECT_EQ(r.rc, 0) << r.err;
    return Lines(r.out);
  }
  // For each case of the suite: the shard --list puts it on, for `total` shards.
  std::map<std::string, int> ShardOfEach(const std::string& suite, int total) const {
    std::map<std::string, int> shard_of;
    for (int i = 0; i < total; ++i) {
      for (const std::string& name : List(suite, std::to_string(i) + "/" + std::to_string(total))) {
        EXPECT_TRUE(shard_of.emplace(name, i).second) << name << " is on two shards";
      }
    }
    return shard_of;
  }
  void ExpectRefused(const std::string& args, const std::string& env,
                     const std::vector<std::string>& phrases) const {
    const Result r = Run(
        "run " + std::string(kShardSuite) + " " + args + " --report " + Path("never.json"), env);
    EXPECT_EQ(r.rc, 2) << env << " " << args << "\n" << r.err;
    EXPECT_EQ(r.out, "") << "partial output for " << env << " " << args;
    EXPECT_FALSE(testing::fs::exists(Path("never.json")));
    for (const std::string& p : phrases) {
      EXPECT_NE(r.err.find(p), std::string::npos) << env << " " << args << "\n" << r.err;
    }
  }
};

TEST_F(RunShardCli, BadShardFlagsAreRefusedNamingTheValueAndTheRule) {
  ExpectRefused("--shard 4/4", "", {"--shard = '4/4'", "index 4 is not below", "count from 0"});
  ExpectRefused("--shard 2/1", "", {"'2/1'", "not below the number of shards 1"});
  ExpectRefused("--shard 0/0", "", {"--shard N = '0'", "out of range", "from 1 to 100000"});
  ExpectRefused("--shard x/2", "", {"--shard I = 'x'", "'x' is not a decimal digit"});
  ExpectRefused("--shard 1/two", "", {"--shard N = 'two'", "not a decimal digit"});
  ExpectRefused("--shard -1/2", "", {"--shard I = '-1'", "a sign where only numbers >= 0"});
  ExpectRefused("--shard 0x1/2", "", {"--shard I = '0x1'", "'x' is not a decimal digit"});
  ExpectRefused("--shard 2", "", {"--shard = '2'", "not I/N"});
  ExpectRefused("--shard 1/2/3", "", {"--shard = '1/2/3'", "not I/N"});
  ExpectRefused("--shard ''", "", {"--shard = ''", "not I/N"});
  ExpectRefused("--shard 0/100001", "", {"--shard N = '100001'", "out of range"});
}

TEST_F(RunShardCli, BadShardingEnvironmentsAreRefusedNamingTheVariableAndTheRule) {
  ExpectRefused("", "TEST_TOTAL_SHARDS=0 TEST_SHARD_INDEX=0",
                {"TEST_TOTAL_SHARDS = '0'", "out of range", "from 1 to"});
  ExpectRefused("", "TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=2",
                {"TEST_SHARD_INDEX = '2' is not below TEST_TOTAL_SHARDS = '2'"});
  ExpectRefused("", "TEST_TOTAL_SHARDS=two TEST_SHARD_INDEX=0",
                {"TEST_TOTAL_SHARDS = 'two'", "'t' is not a decimal digit"});
  ExpectRefused("", "TEST_TOTAL_SHARDS= TEST_SHARD_INDEX=0", {"TEST_TOTAL_SHARDS = ''", "empty"});
  ExpectRefused("", "TEST_SHARD_INDEX=1",
                {"TEST_SHARD_INDEX = '1' is set without TEST_TOTAL_SHARDS", "both or neither"});
  ExpectRefused("", "TEST_TOTAL_SHARDS=3",
                {"TEST_TOTAL_SHARDS = '3' is set without TEST_SHARD_INDEX"});
  ExpectRefused("", "GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=-1",
                {"GTEST_SHARD_INDEX = '-1'", "a sign where only numbers >= 0"});
  ExpectRefused("", "GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=1.0",
                {"GTEST_SHARD_INDEX = '1.0'", "'.' is not a decimal digit"});
  ExpectRefused("",
                "TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=0 GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=1",
                {"TEST_TOTAL_SHARDS = '2' and TEST_SHARD_INDEX = '0' disagree with "
                 "GTEST_TOTAL_SHARDS = '2' and GTEST_SHARD_INDEX = '1'"});
  ExpectRefused("", "TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=0 TEST_SHARD_STATUS_FILE=",
                {"TEST_SHARD_STATUS_FILE is set but empty"});
}

TEST_F(RunShardCli, TheEnvironmentShardsAndTouchesTheStatusFile) {
  const std::vector<std::string> one = List(kShardSuite, "1/2");
  const std::string bazel_status = Path("bazel_status"), gtest_status = Path("gtest_status");
  EXPECT_EQ(List(kShardSuite, "",
                 "TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=1 TEST_SHARD_STATUS_FILE=" + bazel_status),
            one);
  EXPECT_TRUE(testing::fs::exists(bazel_status));
  EXPECT_EQ(
      List(kShardSuite, "",
           "GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=1 GTEST_SHARD_STATUS_FILE=" + gtest_status),
      one);
  EXPECT_TRUE(testing::fs::exists(gtest_status));
  // Bazel sets both pairs alike.
  EXPECT_EQ(List(kShardSuite, "",
                 "TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=1 GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=1"),
            one);
  // A status file that cannot be created fails the run before any case.
  const Result r = Run(std::string("run ") + kShardSuite,
                       "TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=1 TEST_SHARD_STATUS_FILE=" +
                           Path("no_such_dir/status"));
  EXPECT_EQ(r.rc, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("cannot touch the shard status file"), std::string::npos) << r.err;
}

TEST_F(RunShardCli, AnExplicitShardBeatsTheEnvironment) {
  const std::vector<std::string> zero = List(kShardSuite, "0/2");
  const std::string status = Path("status");
  EXPECT_EQ(List(kShardSuite, "0/2",
                 "TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=1 TEST_SHARD_STATUS_FILE=" + status),
            zero);
  EXPECT_FALSE(testing::fs::exists(status)) << "the environment is not read under --shard";
  EXPECT_EQ(List(kShardSuite, "0/2", "TEST_TOTAL_SHARDS=0 GTEST_SHARD_INDEX=x"), zero);
}

TEST_F(RunShardCli, ShardsPartitionTheSuite) {
  const std::string suite = WriteSuite("grow.yaml", SuiteText(40, 3));
  const std::vector<std::string> all = List(suite, "");
  ASSERT_EQ(all.size(), 43u);
  for (int total : {1, 3, 7}) {
    const std::map<std::string, int> shard_of = ShardOfEach(suite, total);
    EXPECT_EQ(shard_of.size(), all.size()) << total << " shards";
    for (const std::string& name : all) EXPECT_EQ(shard_of.count(name), 1u) << name;
  }
  // More shards than cases: some shards are empty, and still succeed.
  EXPECT_EQ(ShardOfEach(kShardSuite, 8).size(), 6u);
  const Result empty = Run(std::string("run ") + kShardSuite + " --shard 99999/100000");
  EXPECT_EQ(empty.rc, 0) << empty.err;
  EXPECT_NE(empty.out.find("0 passed, 0 failed"), std::string::npos) << empty.out;
  const Result r = Run("run " + suite + " --list --shard 1/3");
  EXPECT_NE(r.err.find("shard 1/3: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" of 43 cases, cost "), std::string::npos) << r.err;
}

TEST_F(RunShardCli, AddingACaseMovesNoOtherCase) {
  const std::string before = WriteSuite("before.yaml", SuiteText(40, 4));
  const std::map<std::string, int> base = ShardOfEach(before, 3);
  // A light case moves nothing, heavy cases included.
  const std::map<std::string, int> light =
      ShardOfEach(WriteSuite("light.yaml", SuiteText(40, 4, "c_new")), 3);
  for (const auto& [name, shard] : base) EXPECT_EQ(light.at(name), shard) << name;
  // A heavy case may move heavy cases, never a light one.
  const std::map<std::string, int> heavy =
      ShardOfEach(WriteSuite("heavy.yaml", SuiteText(40, 4, "h_new")), 3);
  for (const auto& [name, shard] : base) {
    if (name.find("grow/c") == 0) {
      EXPECT_EQ(heavy.at(name), shard) << name;
    }
  }
}

TEST_F(RunShardCli, HeavyCasesAreSpreadByCost) {
  const std::string suite = WriteSuite("heavy.yaml", SuiteText(4, 8));
  int heavy_total = 0;
  for (int i = 0; i < 4; ++i) {
    int heavy = 0;
    for (const std::string& name : List(suite, std::to_string(i) + "/4")) {
      heavy += name.find("grow/h") == 0;
    }
    EXPECT_EQ(heavy, 2) << "shard " << i;
    heavy_total += heavy;
  }
  EXPECT_EQ(heavy_total, 8);
}

TEST_F(RunShardCli, AShardRunsItsCasesAndSaysWhichInItsReport) {
  const std::vector<std::string> mine = List(kShardSuite, "1/2");
  const Result r =
      Run(std::string("run ") + kShardSuite + " --shard 1/2 --report " + Path("s.json"));
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json s = nlohmann::json::parse(ReadText(Path("s.json")));
  EXPECT_EQ(s["shard"]["index"], 1);
  EXPECT_EQ(s["shard"]["total"], 2);
  EXPECT_EQ(s["shard"]["cases"], mine.size());
  EXPECT_EQ(s["selection"]["cases"], 6);
  EXPECT_EQ(s["build_id"].get<std::string>().size(), 16u);
  ASSERT_EQ(s["cases"].size(), mine.size());
  std::set<size_t> indices;
  for (size_t i = 0; i < mine.size(); ++i) {
    EXPECT_EQ(s["cases"][i]["name"], mine[i]);
    EXPECT_NE(r.out.find(mine[i]), std::string::npos) << "no row for " << mine[i];
    indices.insert(s["cases"][i]["index"].get<size_t>());
  }
  EXPECT_EQ(indices.size(), mine.size());
  // The unsharded report says 0/1 and numbers every case in order.
  const Result whole = Run(std::string("run ") + kShardSuite + " --report " + Path("w.json"));
  ASSERT_EQ(whole.rc, 0) << whole.err;
  const nlohmann::json w = nlohmann::json::parse(ReadText(Path("w.json")));
  EXPECT_EQ(w["shard"]["total"], 1);
  EXPECT_EQ(w["selection"]["digest"], s["selection"]["digest"]);
  EXPECT_EQ(w["build_id"], s["build_id"]);
  for (size_t i = 0; i < w["cases"].size(); ++i) EXPECT_EQ(w["cases"][i]["index"], i);
}

}  // namespace
}  // namespace opsim
