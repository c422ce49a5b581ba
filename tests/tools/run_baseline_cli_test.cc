// End-to-end tests of `opsim run`'s output digests, --unchecked, --copy-elision and --baseline
// (docs/CASES.md, "Fast path, digests and baselines") on the built binary.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "nlohmann/json.hpp"
#include "tools/cli_fixture.h"

namespace opsim {
namespace {

using testing::LastLine;
using testing::OpsimCli;
using testing::ReadText;
using testing::Result;

constexpr const char* kSuite = "tests/tools/testdata/cli_pass.yaml";

// FNV-1a 64 written again here, so that the binary's digest is checked against an independent
// computation of the same published function (not against itself).
uint64_t Fnv1a64(const std::string& bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// What the report writes: 16 lowercase hex digits. (No std::regex: GCC 12 warns inside it under
// the ASan preset, bug 105562.)
bool IsDigestText(const std::string& s) {
  if (s.size() != 16) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

std::string Hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

class RunBaselineCli : public OpsimCli {
 protected:
  nlohmann::json RunReport(const std::string& name, const std::string& args = "") {
    const Result r = Run(std::string("run ") + kSuite + " --report " + Path(name) + " " + args);
    EXPECT_EQ(r.rc, 0) << r.out << r.err;
    return nlohmann::json::parse(ReadText(Path(name)));
  }
  std::string WriteJson(const std::string& name, const std::string& text) {
    std::ofstream(Path(name), std::ios::binary) << text;
    return Path(name);
  }
};

TEST_F(RunBaselineCli, FnvOfTheTestMatchesThePublishedVectors) {
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ull);
}

TEST_F(RunBaselineCli, DigestsAreStableAndCoverExactlyTheOutputBytes) {
  const nlohmann::json a = RunReport("a.json");
  const nlohmann::json b = RunReport("b.json", "--threads 1");
  ASSERT_EQ(a["cases"].size(), 6u);
  ASSERT_EQ(b["cases"].size(), 6u);
  EXPECT_EQ(a["checked"], true);
  EXPECT_EQ(a["copy_elision"], true);
  for (size_t i = 0; i < a["cases"].size(); ++i) {
    const nlohmann::json& c = a["cases"][i];
    EXPECT_EQ(c["outputs"], b["cases"][i]["outputs"]) << c["name"];
    if (c["verdict"] == "skip") {
      EXPECT_TRUE(c["outputs"].empty()) << "a skipped case has no digests";
      continue;
    }
    ASSERT_EQ(c["outputs"].size(), 1u) << c["name"];
    EXPECT_TRUE(IsDigestText(c["outputs"][0].get<std::string>())) << c["outputs"];
  }
  // prod_example's output is [3,8,35,48,99,120] float32 (its expected values): 24 bytes, while
  // its device buffer is padded to 64; the digest is of the 24 only.
  const nlohmann::json& prod = a["cases"][4];
  ASSERT_EQ(prod["name"], "cli_pass/prod_example/ReduceProd/float32/ascend910b");
  std::string bytes;
  for (float f : {3.0f, 8.0f, 35.0f, 48.0f, 99.0f, 120.0f}) {
    bytes.append(reinterpret_cast<const char*>(&f), sizeof(f));  // little-endian host
  }
  EXPECT_EQ(prod["outputs"][0], Hex(Fnv1a64(bytes)));
  // Other data gives other bits: the digest is not a constant.
  const nlohmann::json seeded = RunReport("c.json", "--seed 5");
  EXPECT_NE(seeded["cases"][0]["outputs"], a["cases"][0]["outputs"]);
}

TEST_F(RunBaselineCli, UncheckedAndCopyElisionGiveTheCheckedBits) {
  // Row reductions over split and tiled extents (large/) and the seed pages' examples, on every
  // device: the cases copy elision acts on, with and without DataCopyPad.
  const std::string filter = "--filter '^(seeds|large)/'";
  Result r = Run("run " + filter + " --report " + Path("checked.json"));
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json checked = nlohmann::json::parse(ReadText(Path("checked.json")));
  const int passed = checked["passed"].get<int>();
  ASSERT_GT(passed, 100);
  // Copy elision is on by default (the explicit `on` is checked on the small suite below).
#ifdef OPSIM_FAST_MODES_ONE
  const std::vector<const char*> modes = {OPSIM_FAST_MODES_ONE};
#else
  const std::vector<const char*> modes = {"--unchecked", "--unchecked --copy-elision off",
                                          "--copy-elision off"};
#endif
  for (const char* mode : modes) {
    r = Run("run " + filter + " " + mode + " --baseline " + Path("checked.json") + " --report " +
            Path("fast.json"));
    EXPECT_EQ(r.rc, 0) << mode << "\n" << r.err;
    const std::string counts = "baseline " + Path("checked.json") + ": " + std::to_string(passed) +
                               " compared, 0 differing, 0 not in the baseline";
    EXPECT_NE(r.out.find(counts), std::string::npos) << mode << "\n" << LastLine(r.out);
    const nlohmann::json fast = nlohmann::json::parse(ReadText(Path("fast.json")));
    EXPECT_EQ(fast["checked"], std::string(mode).find("--unchecked") == std::string::npos);
    EXPECT_EQ(fast["copy_elision"], std::string(mode).find("off") == std::string::npos);
    EXPECT_EQ(fast["baseline"]["compared"], passed);
    EXPECT_EQ(fast["baseline"]["differing"], 0);
    ASSERT_EQ(fast["cases"].size(), checked["cases"].size());
    for (size_t i = 0; i < fast["cases"].size(); ++i) {
      EXPECT_EQ(fast["cases"][i]["outputs"], checked["cases"][i]["outputs"])
          << mode << " " << fast["cases"][i]["name"];
    }
  }
  r = Run(std::string("run ") + kSuite + " --unchecked --copy-elision on --report " +
          Path("on.json"));
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(ReadText(Path("on.json")))["copy_elision"], true);
}

TEST_F(RunBaselineCli, BaselineFailsACaseWhoseBitsChanged) {
  nlohmann::json report = RunReport("base.json");
  const std::string original = report["cases"][0]["outputs"][0];
  const std::string edited = original.substr(0, 15) + (original[15] == '0' ? "1" : "0");
  report["cases"][0]["outputs"][0] = edited;
  const std::string base = WriteJson("edited.json", report.dump());

  Result r =
      Run(std::string("run ") + kSuite + " --baseline " + base + " --report " + Path("r.json"));
  EXPECT_EQ(r.rc, 1) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "4 passed, 1 failed, 1 skipped");
  const std::string why =
      "output 0 differs from the baseline (digest " + original + ", baseline " + edited + ")";
  EXPECT_NE(r.out.find(why), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": 5 compared, 1 differing, 0 not in the baseline"), std::string::npos)
      << r.out;
  const nlohmann::json j = nlohmann::json::parse(ReadText(Path("r.json")));
  EXPECT_EQ(j["cases"][0]["verdict"], "FAIL");
  EXPECT_EQ(j["cases"][0]["message"], why);
  EXPECT_EQ(j["cases"][0]["outputs"][0], original) << "the report keeps this run's bits";
  EXPECT_EQ(j["baseline"]["differing"], 1);

  // Another number of outputs is a difference too.
  report["cases"][0]["outputs"] = {original, original};
  r = Run(std::string("run ") + kSuite + " --baseline " + WriteJson("two.json", report.dump()));
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.out.find("the case gave 1 outputs, the baseline 2"), std::string::npos) << r.out;
}

TEST_F(RunBaselineCli, CasesTheBaselineDoesNotListAreCountedNotFailed) {
  nlohmann::json report = RunReport("base.json");
  report["cases"].erase(1);
  report["cases"][0]["attrs"] = "axes=[1],keepdims=0";  // another identity: not the same case
  const Result r =
      Run(std::string("run ") + kSuite + " --baseline " + WriteJson("partial.json", report.dump()));
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "5 passed, 0 failed, 1 skipped");
  EXPECT_NE(r.out.find(": 3 compared, 0 differing, 2 not in the baseline\n"), std::string::npos)
      << r.out;

  // A case that gave outputs where the baseline has none (skipped or faulted there) is counted.
  report = RunReport("base2.json");
  report["cases"][2]["outputs"] = nlohmann::json::array();
  const Result r2 =
      Run(std::string("run ") + kSuite + " --baseline " + WriteJson("hollow.json", report.dump()));
  EXPECT_EQ(r2.rc, 0) << r2.out << r2.err;
  EXPECT_NE(r2.out.find(": 4 compared, 0 differing, 0 not in the baseline, 1 without outputs on "
                        "one side"),
            std::string::npos)
      << r2.out;
}

TEST_F(RunBaselineCli, BadBaselinesAreUsageErrorsNamingTheFileAndTheRule) {
  const nlohmann::json good = RunReport("good.json");
  const std::string c0 = good["cases"][0].dump();
  auto with = [&](const std::string& field, const nlohmann::json& value) {
    nlohmann::json c = good["cases"][0];
    if (value.is_null()) {
      c.erase(field);
    } else {
      c[field] = value;
    }
    return "{\"cases\": [" + c.dump() + "]}";
  };
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"{\"cases\": [", "is not JSON"},
      {"", "is not JSON"},
      {"{\"cases\": []} trailing", "is not JSON"},
      {deep, "is not a JSON object"},
      {"[]", "is not a JSON object"},
      {"{}", "has no \"cases\" array"},
      {"{\"cases\": {}}", "has no \"cases\" array"},
      {"{\"cases\": [1]}", "cases[0] is not an object"},
      {with("name", nullptr), "cases[0] has no string \"name\""},
      {with("attrs", 3), "cases[0] has no string \"attrs\""},
      {with("device", nullptr), "cases[0] has no string \"device\""},
      {with("outputs", nullptr), "cases[0] has no \"outputs\" array"},
      {with("outputs", "0123456789abcdef"), "cases[0] has no \"outputs\" array"},
      {with("outputs", {"xyz"}), "cases[0].outputs[0] = \"xyz\" is not a digest"},
      {with("outputs", {"0123456789abcdef0"}), "is not a digest (a string of 16 hex digits)"},
      {with("outputs", {"0123456789abcdeg"}), "is not a digest"},
      {with("outputs", {"+123456789abcdef"}), "is not a digest"},
      {with("outputs", {5}), "cases[0].outputs[0] = 5 is not a digest"},
      {"{\"cases\": [], \"cases\": []}", "an object has the member 'cases' twice"},
      {"{\"cases\": [" + c0.substr(0, c0.size() - 1) + ", \"outputs\": []}]}",
       "an object has the member 'outputs' twice"},
      {"{\"cases\": [" + c0 + ", " + c0 + "]}",
       "cases[1] is the same case as cases[0] (name 'cli_pass/rows/ReduceSum/float32/"
       "ascend910b', op 'ReduceSum', dtype 'float32', device 'ascend910b', attrs "
       "'axes=[1],keepdims=1'): each case once, by name, op, dtype, device and attrs"},
  };
  for (size_t i = 0; i < bad.size(); ++i) {
    const std::string file = WriteJson("bad" + std::to_string(i) + ".json", bad[i].first);
    const Result r = Run(std::string("run ") + kSuite + " --baseline " + file);
    EXPECT_EQ(r.rc, 2) << bad[i].second << "\n" << r.err;
    EXPECT_NE(r.err.find("--baseline '" + file + "': "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(bad[i].second), std::string::npos) << bad[i].second << "\n" << r.err;
    EXPECT_NE(r.err.find("--help"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << "refused before any case runs: " << r.out;
  }
  // Files that cannot be read, and flags with wrong values.
  const std::vector<std::pair<std::string, std::string>> bad_args = {
      {"--baseline " + Path("missing.json"), Path("missing.json") + ": cannot open for reading"},
      {"--baseline " + dir_.string(), dir_.string() + " is a directory, not a baseline report"},
      {"--baseline /dev/zero", "/dev/zero is a character device, not a baseline report"},
      {"--baseline ''", "--baseline: the path is empty"},
      {"--unchecked=yes", "--unchecked takes no value"},
      {"--copy-elision maybe", "--copy-elision = 'maybe': not a switch value (expected on or off)"},
      {"--copy-elision", "--copy-elision"},
  };
  for (const auto& [args, why] : bad_args) {
    const Result r = Run(std::string("run ") + kSuite + " " + args);
    EXPECT_EQ(r.rc, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << args << "\n" << r.out;
  }
}

}  // namespace
}  // namespace opsim
