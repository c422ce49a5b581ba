// End-to-end tests of `opsim report merge` and `opsim report compare` (docs/CASES.md,
// "Sharding") on the built binary: shards of one run merge into the unsharded run's report;
// reports that are not the shards of one run are refused, naming the files and the rule.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tools/cli_fixture.h"

namespace opsim {
namespace {

using testing::OpsimCli;
using testing::ReadText;
using testing::Result;

constexpr const char* kMergeSuite = "tests/tools/testdata/cli_pass.yaml";

class ReportMergeCli : public OpsimCli {
 protected:
  // Runs the suite (as shard `shard` when not empty) and returns the report's path.
  std::string RunReport(const std::string& name, const std::string& args = "") const {
    const Result r =
        Run(std::string("run ") + kMergeSuite + " --report " + Path(name) + " " + args);
    EXPECT_EQ(r.rc, 0) << args << "\n" << r.err;
    return Path(name);
  }
  std::vector<std::string> Shards(int total, const std::string& args = "") const {
    std::vector<std::string> files;
    for (int i = 0; i < total; ++i) {
      const std::string shard = std::to_string(i) + "/" + std::to_string(total);
      files.push_back(RunReport(std::string("s") + std::to_string(i) + ".json",
                                "--shard " + shard + " " + args));
    }
    return files;
  }
  nlohmann::json Json(const std::string& path) const {
    return nlohmann::json::parse(ReadText(path));
  }
  std::string Write(const std::string& name, const nlohmann::json& j) const {
    std::ofstream(Path(name), std::ios::binary) << j.dump(2);
    return Path(name);
  }
  Result Merge(const std::vector<std::string>& inputs, const std::string& extra = "") const {
    std::string args = "report merge " + Path("merged.json");
    for (const std::string& f : inputs) args += " " + f;
    return Run(args + " " + extra);
  }
  void ExpectRefused(const std::vector<std::string>& inputs,
                     const std::vector<std::string>& phrases) const {
    testing::fs::remove(Path("merged.json"));
    const Result r = Merge(inputs);
    EXPECT_EQ(r.rc, 2) << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(testing::fs::exists(Path("merged.json"))) << "wrote a merged report";
    for (const std::string& p : phrases) EXPECT_NE(r.err.find(p), std::string::npos) << r.err;
  }
};

TEST_F(ReportMergeCli, MergedShardsEqualTheUnshardedRun) {
  const std::string whole = RunReport("whole.json");
  const std::vector<std::string> shards = Shards(3);
  const Result r = Merge({shards[2], shards[0], shards[1]}, "--junit " + Path("merged.xml"));
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("merged 3 shards into"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("slowest shard: "), std::string::npos) << r.out;
  const nlohmann::json w = Json(whole), m = Json(Path("merged.json"));
  ASSERT_EQ(m["cases"].size(), w["cases"].size());
  for (size_t i = 0; i < w["cases"].size(); ++i) {
    for (const char* key : {"name", "op", "dtype", "device", "attrs", "verdict", "message",
                            "outputs", "output_shape", "index", "cost"}) {
      EXPECT_EQ(m["cases"][i][key], w["cases"][i][key]) << key << " of " << w["cases"][i]["name"];
    }
  }
  for (const char* key : {"passed", "failed", "skipped", "build_id", "selection", "checked"}) {
    EXPECT_EQ(m[key], w[key]) << key;
  }
  EXPECT_EQ(m["shard"]["total"], 1);
  ASSERT_EQ(m["merged_from"].size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(m["merged_from"][i]["index"], i);
  // The merged report is one a run writes: compare, --baseline and merge read it.
  Result c = Run("report compare " + whole + " " + Path("merged.json"));
  EXPECT_EQ(c.rc, 0) << c.out << c.err;
  EXPECT_NE(c.out.find("the same 6 cases"), std::string::npos) << c.out;
  c = Run(std::string("run ") + kMergeSuite + " --baseline " + Path("merged.json"));
  EXPECT_EQ(c.rc, 0) << c.err;
  EXPECT_NE(c.out.find("5 compared, 0 differing, 0 not in the baseline"), std::string::npos)
      << c.out;
  int testcases = 0;
  EXPECT_TRUE(testing::ParseXml(ReadText(Path("merged.xml")), "testcase", &testcases));
  EXPECT_EQ(testcases, 6);
}

TEST_F(ReportMergeCli, MergeRefusesReportsThatAreNotTheShardsOfOneRun) {
  const std::vector<std::string> s = Shards(2);
  ExpectRefused({s[0]}, {"no report of shard 1 of 2", "every shard"});
  ExpectRefused({s[0], s[0], s[1]}, {"are both shard 0/2", "each shard once"});
  const std::string seeded = RunReport("seeded.json", "--shard 1/2 --seed 7");
  ExpectRefused({s[0], seeded}, {"differ in --seed (7 and none)"});
  const std::string fast = RunReport("fast.json", "--shard 1/2 --unchecked");
  ExpectRefused({s[0], fast}, {"differ in mode (--unchecked and checked)"});
  const std::string filtered = RunReport("filtered.json", "--shard 1/2 --filter rows");
  ExpectRefused({s[0], filtered}, {"differ in --filter ('rows' and none)"});
  const std::string three = RunReport("three.json", "--shard 1/3");
  ExpectRefused({s[0], three}, {"differ in the number of shards (1/3 and 0/2)"});

  nlohmann::json j = Json(s[1]);
  j["build_id"] = "0123456789abcdef";
  ExpectRefused({s[0], Write("build.json", j)}, {"differ in build_id", "one opsim build"});
  j = Json(s[1]);
  j["selection"]["digest"] = "0123456789abcdef";
  ExpectRefused({s[0], Write("suite.json", j)}, {"differ in suite", "0123456789abcdef"});
  j = Json(s[1]);
  j.erase("build_id");
  ExpectRefused({s[0], Write("old.json", j)}, {"from before sharding", "run it again"});
  j = Json(s[1]);
  ASSERT_GE(j["cases"].size(), 1u);
  j["cases"].erase(j["cases"].begin());
  ExpectRefused({s[0], Write("cut.json", j)},
                {"lists " + std::to_string(j["cases"].size()) + " cases, its shard 1/2 ran"});
  j = Json(s[1]);
  j["cases"][0]["index"] = Json(s[0])["cases"][0]["index"];
  ExpectRefused({s[0], Write("overlap.json", j)}, {"is in", "each case once"});
  j = Json(s[1]);
  j["cases"][0]["index"] = 99;
  ExpectRefused({s[0], Write("past.json", j)}, {"has index 99, past the 6 cases"});
  j = Json(s[1]);
  j["cases"][0]["verdict"] = "maybe";
  ExpectRefused({s[0], Write("verdict.json", j)},
                {"cases[0] has \"verdict\": 'maybe' (expected pass, FAIL or skip)"});
}

// A case's warnings (docs/CHECKS.md, "Warnings") survive a merge into the JSON report and reach
// the JUnit file as the testcase's system-err; a "warnings" that is not a list of strings is
// refused, naming the case.
TEST_F(ReportMergeCli, WarningsSurviveTheMergeIntoJsonAndJUnit) {
  const std::vector<std::string> s = Shards(2);
  nlohmann::json j = Json(s[0]);
  const std::string warning =
      "Add: core 0: DataCopy: src accesses GM 'x' [0x0, 0x40) of 96 B, past the 48 B the "
      "GlobalTensor declares [global_tensor_overrun] (x3)";
  j["cases"][0]["warnings"] = nlohmann::json::array({warning});
  const std::string warned = Write("warned.json", j);
  const Result r = Merge({warned, s[1]}, "--junit " + Path("merged.xml"));
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json m = Json(Path("merged.json"));
  const std::string name = j["cases"][0]["name"];
  bool seen = false;
  for (const nlohmann::json& c : m["cases"]) {
    if (c["name"] != name) {
      EXPECT_FALSE(c.contains("warnings")) << c["name"];
      continue;
    }
    seen = true;
    EXPECT_EQ(c["warnings"], nlohmann::json::array({warning}));
  }
  EXPECT_TRUE(seen) << name;
  const std::string xml = ReadText(Path("merged.xml"));
  EXPECT_NE(xml.find("<system-err>warning: Add: core 0: DataCopy: src accesses GM &apos;x&apos;"),
            std::string::npos)
      << xml;
  j["cases"][0]["warnings"] = "not a list";
  ExpectRefused({Write("bad.json", j), s[1]},
                {"cases[0] has \"warnings\": \"not a list\" (expected an array of strings)"});
}

TEST_F(ReportMergeCli, CompareNamesTheCasesThatDiffer) {
  const std::string a = RunReport("a.json");
  nlohmann::json j = Json(a);
  const std::string digest = j["cases"][1]["outputs"][0];
  j["cases"][1]["outputs"][0] = digest.substr(0, 15) + (digest[15] == '0' ? "1" : "0");
  j["cases"][2]["verdict"] = "FAIL";
  const Result r = Run("report compare " + a + " " + Write("b.json", j));
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.out.find("cases[1] " + j["cases"][1]["name"].get<std::string>() + ": outputs"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("cases[2] " + j["cases"][2]["name"].get<std::string>() +
                       ": verdict 'pass' / 'FAIL'"),
            std::string::npos)
      << r.out;
  j = Json(a);
  j["cases"].erase(j["cases"].begin());
  EXPECT_EQ(Run("report compare " + a + " " + Write("c.json", j)).rc, 1);
  // Times and the build are not results.
  j = Json(a);
  j["build_id"] = "0123456789abcdef";
  j["cases"][0]["host_ms"] = 12345.0;
  EXPECT_EQ(Run("report compare " + a + " " + Write("d.json", j)).rc, 0);
}

}  // namespace
}  // namespace opsim
