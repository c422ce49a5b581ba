// The seeded-bug suite: every mutant of seeded_mutants.cmake must stop with its fault kind,
// block and instruction (and a key phrase of the message) in checked mode; every unmutated
// kernel must run clean. docs/CHECKS.md must hold the table generated from the same list.
#include <gtest/gtest.h>

#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "opsim/sim/fault.h"
#include "opsim/sim/launch.h"
#include "seeded_support.h"

namespace opsim::seeded {
namespace {

struct Expectation {
  const char* name;
  const char* family;
  const char* kind;  // FaultKindName; empty: the kernel must run clean
  int32_t block;
  const char* instruction;
  const char* phrase;
  const char* bug;
};

const Expectation kExpectations[] = {
#include "seeded_expectations.inc"
};

// gtest names a failing parameter by this instead of dumping its bytes.
void PrintTo(const Expectation& e, std::ostream* os) { *os << e.name; }

class SeededBug : public ::testing::TestWithParam<Expectation> {};

TEST_P(SeededBug, IsReportedExactly) {
  const Expectation& e = GetParam();
  const RunFn* run = FindRun(e.name);
  ASSERT_NE(run, nullptr) << e.name << " was not compiled into the suite";
  const sim::LaunchResult r = (*run)();
  if (std::string(e.kind).empty()) {
    EXPECT_TRUE(r.status.ok()) << e.name
                               << ": the unmutated kernel faults: " << r.status.ToString();
    return;
  }
  if (std::string(e.kind) == "none") {
    EXPECT_TRUE(r.status.ok()) << e.name << " (" << e.bug
                               << ") is listed as invisible to every check but now faults: "
                                  "give it its kind in seeded_mutants.cmake and docs/CHECKS.md: "
                               << r.status.ToString();
    return;
  }
  const std::string kind = e.kind;
  if (kind.rfind("warning.", 0) == 0) {  // legal on the chip: no fault, that warning
    EXPECT_TRUE(r.status.ok()) << e.name << ": " << r.status.ToString();
    const sim::Warning* seen = nullptr;
    for (const sim::Warning& w : r.warnings) {
      if ("warning." + w.kind == kind && seen == nullptr) seen = &w;
    }
    ASSERT_NE(seen, nullptr) << e.name << " (" << e.bug << ") gave no " << kind;
    EXPECT_EQ(seen->block, e.block) << seen->ToString();
    EXPECT_EQ(seen->instruction, e.instruction) << seen->ToString();
    EXPECT_NE(seen->message.find(e.phrase), std::string::npos)
        << "message lacks '" << e.phrase << "': " << seen->ToString();
    return;
  }
  ASSERT_TRUE(r.fault.has_value())
      << e.name << " (" << e.bug << ") ran " << (r.status.ok() ? "clean" : r.status.ToString());
  const sim::Fault& f = *r.fault;
  EXPECT_EQ(std::string(sim::FaultKindName(f.kind)), e.kind) << f.ToString();
  EXPECT_EQ(f.block, e.block) << f.ToString();
  EXPECT_EQ(f.instruction, e.instruction) << f.ToString();
  EXPECT_NE(f.message.find(e.phrase), std::string::npos)
      << "message lacks '" << e.phrase << "': " << f.ToString();
}

std::string NameOf(const ::testing::TestParamInfo<Expectation>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Mutants, SeededBug, ::testing::ValuesIn(kExpectations), NameOf);

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SeededBugDocs, ChecksMdHoldsTheGeneratedTable) {
  const std::string table = ReadAll(OPSIM_SEEDED_TABLE_FILE);
  ASSERT_FALSE(table.empty()) << OPSIM_SEEDED_TABLE_FILE;
  const std::string doc = ReadAll(std::string(OPSIM_SOURCE_DIR) + "/docs/CHECKS.md");
  EXPECT_NE(doc.find(table), std::string::npos)
      << "docs/CHECKS.md is out of step with tests/simulator/seeded/seeded_mutants.cmake: copy "
      << OPSIM_SEEDED_TABLE_FILE << " into its seeded-bug section";
}

TEST(SeededBugDocs, EveryFamilyHasItsOriginalAndAMutant) {
  std::vector<std::string> families;
  for (const Expectation& e : kExpectations) {
    if (std::string(e.kind).empty()) families.push_back(e.family);
  }
  for (const std::string& family : families) {
    int mutants = 0;
    for (const Expectation& e : kExpectations) {
      mutants += family == e.family && !std::string(e.kind).empty();
    }
    EXPECT_GT(mutants, 0) << family;
  }
}

}  // namespace
}  // namespace opsim::seeded
