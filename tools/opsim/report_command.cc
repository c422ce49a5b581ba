// `opsim report`: work on the JSON reports of `opsim run --report` without running anything.
//   merge OUT.json IN.json... [--junit OUT.xml]   one report from the shards of one run
//   compare A.json B.json                         the same results? (report_compare.h)
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "commands.h"
#include "report_compare.h"
#include "report_merge.h"
#include "report_read.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

struct ReportOptions {
  std::string out;
  std::vector<std::string> inputs;
  std::string junit;
  std::string a, b;
};

// One line per shard and the balance: slowest shard against the mean, in wall time and cost.
void PrintShards(const RunSummary& m) {
  double wall_sum = 0, wall_max = 0, cost_max = 0;
  for (const ShardPart& p : m.merged_from) {
    const double share = m.shard.cost > 0 ? 100.0 * p.cost / m.shard.cost : 0;
    std::printf("shard %u/%u %s: %zu cases, %.1f%% of the cost, %.2f s\n", p.index, p.total,
                p.file.c_str(), p.cases, share, p.wall_s);
    wall_sum += p.wall_s;
    wall_max = std::max(wall_max, p.wall_s);
    cost_max = std::max(cost_max, static_cast<double>(p.cost));
  }
  const double n = static_cast<double>(m.merged_from.size());
  const double wall_ratio = wall_sum > 0 ? wall_max * n / wall_sum : 1;
  const double cost_ratio = m.shard.cost > 0 ? cost_max * n / static_cast<double>(m.shard.cost) : 1;
  std::printf("slowest shard: %.2fx the mean wall time, %.2fx the mean cost\n", wall_ratio,
              cost_ratio);
}

int Merge(const ReportOptions& o) {
  constexpr const char* kCmd = "report merge";
  std::vector<NamedReport> reports(o.inputs.size());
  for (size_t i = 0; i < o.inputs.size(); ++i) {
    reports[i].file = o.inputs[i];
    if (Status st = ReadRunReport(o.inputs[i], "report merge", &reports[i].summary); !st.ok()) {
      return UsageError(kCmd, st.message());
    }
  }
  RunSummary merged;
  if (Status st = MergeReports(reports, &merged); !st.ok()) return UsageError(kCmd, st.message());
  if (Status st = WriteTextFile(o.out, RunReportJson(merged)); !st.ok()) {
    return Report(kCmd, st.ToString(), kExitFailure);
  }
  if (!o.junit.empty()) {
    if (Status st = WriteTextFile(o.junit, RunJUnitXml(merged)); !st.ok()) {
      return Report(kCmd, "--junit: " + st.ToString(), kExitFailure);
    }
  }
  PrintShards(merged);
  std::printf("merged %zu shards into %s: %d passed, %d failed", reports.size(), o.out.c_str(),
              merged.passed, merged.failed);
  if (merged.skipped > 0) std::printf(", %d skipped", merged.skipped);
  std::printf("\n");
  return 0;
}

int Compare(const ReportOptions& o) {
  constexpr const char* kCmd = "report compare";
  RunSummary a, b;
  for (const auto& [file, target] : {std::pair{&o.a, &a}, {&o.b, &b}}) {
    if (Status st = ReadRunReport(*file, kCmd, target); !st.ok()) {
      return UsageError(kCmd, st.message());
    }
  }
  const std::vector<std::string> differences = CompareReports(a, b, 20);
  for (const std::string& line : differences) std::printf("%s\n", line.c_str());
  if (!differences.empty()) {
    std::printf("%s and %s differ\n", o.a.c_str(), o.b.c_str());
    return kExitFailure;
  }
  std::printf("%s and %s: the same %zu cases, verdicts, messages and output digests\n", o.a.c_str(),
              o.b.c_str(), a.outcomes.size());
  return 0;
}

}  // namespace

CommandRunner AddReportCommand(CLI::App& parent) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* app = parent.add_subcommand(
      "report", "Work on JSON reports of `opsim run --report`: merge shards, compare runs");
  app->require_subcommand(1, 1);
  CLI::App* merge = app->add_subcommand(
      "merge",
      "One report from the reports of every shard of one run (opsim run --shard I/N); refuses "
      "reports of different builds or suites, a shard twice or missing, a case twice or in none");
  merge->add_option("out", o->out, "The merged report to write (JSON)")
      ->required()
      ->check(NonEmptyPath());
  merge->add_option("inputs", o->inputs, "The shards' reports")
      ->required()
      ->check(CLI::ExistingFile);
  merge->add_option("--junit", o->junit, "Also write the merged JUnit XML to FILE")
      ->check(NonEmptyPath());
  CLI::App* compare = app->add_subcommand(
      "compare",
      "Exit 1 unless two reports list the same cases in the same order with the same shapes, "
      "verdicts, messages and output digests (times and build are not compared)");
  compare->add_option("a", o->a, "A report")->required()->check(CLI::ExistingFile);
  compare->add_option("b", o->b, "Another report")->required()->check(CLI::ExistingFile);
  return [o, merge] { return merge->parsed() ? Merge(*o) : Compare(*o); };
}

}  // namespace opsim::cli
