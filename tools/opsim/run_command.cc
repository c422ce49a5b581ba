// `opsim run`: the harness. Loads case suites, runs every case through the registry on the
// simulated device (checked mode unless --unchecked), judges it (the op's reference, the case's
// expected values, with --baseline an earlier report's output digests) and prints one row per
// case.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>

#include <string>
#include <thread>
#include <vector>
#include "safe_regex.h"

#include "case_harness.h"
#include "cli_util.h"
#include "commands.h"
#include "opsim/cases/case_loader.h"
#include "opsim/sim/device_profile.h"
#include "run_baseline.h"
#include "run_report.h"
#include "shard_assign.h"
#include "shard_spec.h"
#include "strict_flags.h"
#include "suite_identity.h"

namespace opsim::cli {
namespace {

constexpr const char* kRunCmd = "run";

struct RunOptions {
  std::vector<std::string> suites;
  std::optional<std::string> device;
  std::optional<std::string> filter;
  int threads = 0;
  std::optional<uint64_t> seed;
  std::string report;
  std::string junit;
  std::string trace_dir;
  bool unchecked = false;
  bool copy_elision = true;
  std::string baseline;
  std::optional<std::string> shard;  // --shard I/N
  bool list = false;
};

// A case of this shard, with its place in the whole selection and its cost.
struct ShardCase {
  cases::Case c;
  size_t index = 0;
  uint64_t cost = 0;
};

// splitmix64: spreads --seed over the case seeds so nearby seeds give unrelated data.
uint64_t Mix(uint64_t a, uint64_t b) {
  uint64_t z = a + 0x9E3779B97F4A7C15ull * (b + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::string TraceFileName(const std::string& case_name) {
  std::string s = case_name;
  for (char& c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
  }
  return s + ".json";
}

std::string ErrText(const CaseOutcome& o) {
  if (o.verdict == Verdict::kSkip || o.output_shape == "?") return "-";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2e", o.max_abs_err);
  return buf;
}

class Table {
 public:
  Table(size_t name_width, bool progress, size_t total)
      : name_width_(name_width), progress_(progress), total_(total) {}

  void Header() const {
    std::printf("%-*s %-20s %-8s %-30s %-24s %9s %-7s %9s %11s %8s\n",
                static_cast<int>(name_width_), "case", "op", "dtype", "shape", "attrs", "max err",
                "verdict", "host ms", "sim us", "roofline");
  }

  void Row(const CaseOutcome& o) {
    ClearBar();
    const std::string shapes = o.input_shape + " -> " + o.output_shape;
    char roof[16] = "-";
    if (o.roofline > 0) std::snprintf(roof, sizeof(roof), "%.1f%%", o.roofline * 100);
    std::printf("%-*s %-20s %-8s %-30s %-24s %9s %-7s %9.2f %11.2f %8s\n",
                static_cast<int>(name_width_), o.name.c_str(), o.op.c_str(), o.dtype.c_str(),
                shapes.c_str(), o.attrs.c_str(), ErrText(o).c_str(),
                std::string(VerdictName(o.verdict)).c_str(), o.host_ms, o.device_ns / 1000.0, roof);
    if (o.verdict != Verdict::kPass) std::printf("    %s\n", o.message.c_str());
    for (const std::string& w : o.warnings) std::printf("    warning: %s\n", w.c_str());
    ++done_;
    DrawBar();
  }

  void Finish() { ClearBar(); }

 private:
  void ClearBar() {
    if (!progress_) return;
    std::fflush(stdout);
    std::fputs("\r\033[K", stderr);
  }
  void DrawBar() {
    if (!progress_) return;
    std::fflush(stdout);
    constexpr size_t kWidth = 40;
    const size_t filled = total_ == 0 ? kWidth : done_ * kWidth / total_;
    std::string bar(filled, '#');
    bar.append(kWidth - filled, '.');
    std::fprintf(stderr, "[%s] %zu/%zu", bar.c_str(), done_, total_);
    std::fflush(stderr);
  }

  size_t name_width_;
  bool progress_;
  size_t total_;
  size_t done_ = 0;
};

// Loads the suites named on the command line, or every suite of the default folder, into
// `all`; `files` gets the files. 0, or the exit code of the error it reported.
int LoadSuites(const RunOptions& o, const cases::CaseLoadOptions& load,
               std::vector<std::string>* files, std::vector<cases::Case>* all) {
  *files = o.suites;
  if (!files->empty()) {
    for (const std::string& f : *files) {
      if (Status st = cases::LoadCaseFile(f, all, load); !st.ok()) {
        return Report(kRunCmd, st.ToString(), kExitFailure);
      }
    }
    return 0;
  }
  const std::string dir = cases::DefaultCaseDir();
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    if (e.path().extension() == ".yaml") files->push_back(e.path().string());
  }
  if (ec) return Report(kRunCmd, "cannot list " + dir + ": " + ec.message(), kExitFailure);
  std::sort(files->begin(), files->end());
  if (Status st = cases::LoadCaseDir(dir, all, load); !st.ok()) {
    return Report(kRunCmd, st.ToString(), kExitFailure);
  }
  return 0;
}

// This shard's cases of the whole selection (all of them unsharded), each with its place in the
// selection and its cost; `summary` gets the selection's identity and the shard's part.
std::vector<ShardCase> TakeShard(std::vector<cases::Case> selected, const RunOptions& o,
                                 const ShardRequest& request, RunSummary* summary) {
  std::vector<std::string> names;
  std::vector<uint64_t> costs;
  for (const cases::Case& c : selected) {
    names.push_back(c.FullName());
    costs.push_back(CaseCost(c));
  }
  const ShardPlan plan = PlanShards(names, costs, request.shard.total);
  summary->selection.cases = selected.size();
  summary->selection.digest = SuiteFingerprint(selected);
  for (uint64_t c : costs) summary->selection.cost += c;
  summary->selection.filter = o.filter.value_or("");
  summary->selection.seed = o.seed;
  summary->shard.index = request.shard.index;
  summary->shard.total = request.shard.total;
  summary->shard.cost = plan.shard_cost[request.shard.index];
  std::vector<ShardCase> mine;
  for (size_t i = 0; i < selected.size(); ++i) {
    if (plan.shard_of[i] == request.shard.index) {
      mine.push_back({std::move(selected[i]), i, costs[i]});
    }
  }
  summary->shard.cases = mine.size();
  return mine;
}

// --list: the shard's cases, one full name a line on stdout; the shard's share on stderr.
int ListCases(const std::vector<ShardCase>& mine, const RunSummary& summary) {
  for (const ShardCase& c : mine) std::printf("%s\n", c.c.FullName().c_str());
  const double share = summary.selection.cost > 0 ? 100.0 * summary.shard.cost /
                                                        static_cast<double>(summary.selection.cost)
                                                  : 0;
  std::fprintf(stderr, "shard %u/%u: %zu of %zu cases, cost %llu of %llu (%.1f%%)\n",
               summary.shard.index, summary.shard.total, mine.size(), summary.selection.cases,
               static_cast<unsigned long long>(summary.shard.cost),
               static_cast<unsigned long long>(summary.selection.cost), share);
  return 0;
}

// Runs the shard's cases on `o.threads` workers, prints a row per case in case order and fills
// `summary`; returns the number of trace files that could not be written.
int RunCases(const RunOptions& o, const std::vector<ShardCase>& selected,
             std::optional<Baseline>* baseline, RunSummary* summary) {
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const size_t workers = std::max<size_t>(
      1, std::min<size_t>(o.threads > 0 ? static_cast<size_t>(o.threads) : hw, selected.size()));
  HarnessOptions harness;
  harness.host_threads = 1;  // parallelism is across cases: many small cases dominate a suite
  harness.trace = !o.trace_dir.empty();
  harness.checked = !o.unchecked;
  harness.copy_elision = o.copy_elision;

  size_t name_width = 4;
  for (const auto& c : selected) name_width = std::max(name_width, c.c.FullName().size());
  Table table(name_width, isatty(STDERR_FILENO) != 0, selected.size());
  table.Header();

  summary->device = o.device.value_or("");
  summary->threads = static_cast<int>(workers);
  summary->checked = harness.checked;
  summary->copy_elision = harness.copy_elision;
  summary->outcomes.resize(selected.size());
  std::vector<char> ready(selected.size(), 0);
  std::mutex mutex;
  std::condition_variable cv;
  std::atomic<size_t> next{0};
  const auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    for (size_t i = next++; i < selected.size(); i = next++) {
      CaseOutcome outcome = RunCase(selected[i].c, harness);
      outcome.index = selected[i].index;
      outcome.cost = selected[i].cost;
      std::lock_guard<std::mutex> lock(mutex);
      summary->outcomes[i] = std::move(outcome);
      ready[i] = 1;
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (size_t w = 0; w < workers; ++w) pool.emplace_back(work);
  // Rows come out in case order whatever order the workers finish in.
  int trace_errors = 0;
  for (size_t i = 0; i < selected.size(); ++i) {
    {
      std::unique_lock<std::mutex> lock(mutex);
      cv.wait(lock, [&] { return ready[i] != 0; });
    }
    CaseOutcome& out = summary->outcomes[i];
    if (*baseline) (*baseline)->Check(&out);
    table.Row(out);
    if (out.verdict == Verdict::kPass) ++summary->passed;
    if (out.verdict == Verdict::kFail) ++summary->failed;
    if (out.verdict == Verdict::kSkip) ++summary->skipped;
    if (harness.trace && !out.traces.empty()) {
      const std::string path =
          (std::filesystem::path(o.trace_dir) / TraceFileName(out.name)).string();
      if (Status st = WriteTextFile(path, CaseTraceJson(out.traces)); !st.ok()) {
        Report(kRunCmd, st.ToString(), 0);
        ++trace_errors;
      }
      out.traces.clear();
      out.traces.shrink_to_fit();
    }
  }
  for (std::thread& t : pool) t.join();
  table.Finish();
  summary->wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  summary->shard.wall_s = summary->wall_s;
  summary->shard.threads = summary->threads;
  if (*baseline) summary->baseline = (*baseline)->counts();

  return trace_errors;
}

// Writes --report and --junit and prints the last lines; returns the exit code.
int Finish(const RunOptions& o, const std::optional<Baseline>& baseline, const RunSummary& summary,
           int trace_errors) {
  int rc = summary.failed == 0 && trace_errors == 0 ? 0 : kExitFailure;
  if (!o.report.empty()) {
    if (Status st = WriteTextFile(o.report, RunReportJson(summary)); !st.ok()) {
      rc = Report(kRunCmd, "--report: " + st.ToString(), kExitFailure);
    }
  }
  if (!o.junit.empty()) {
    if (Status st = WriteTextFile(o.junit, RunJUnitXml(summary)); !st.ok()) {
      rc = Report(kRunCmd, "--junit: " + st.ToString(), kExitFailure);
    }
  }
  if (baseline) {
    const BaselineCounts& b = baseline->counts();
    std::printf("baseline %s: %d compared, %d differing, %d not in the baseline", b.file.c_str(),
                b.compared, b.differing, b.not_in_baseline);
    if (b.without_digests > 0) std::printf(", %d without outputs on one side", b.without_digests);
    std::printf("\n");
  }
  std::printf("%d passed, %d failed", summary.passed, summary.failed);
  if (summary.skipped > 0) std::printf(", %d skipped", summary.skipped);
  std::printf("\n");
  return rc;
}

int RunSuites(const RunOptions& o) {
  // The shard first: a bad --shard or environment is refused before anything is read or shown.
  ShardRequest shard;
  if (Status st = ResolveShard(
          o.shard, [](const char* name) { return std::getenv(name); }, &shard);
      !st.ok()) {
    return UsageError(kRunCmd, st.message());
  }
  // Then the filter: a pattern that cannot be run is refused before any suite is read.
  std::optional<SafeRegex> filter;
  if (o.filter) {
    filter.emplace();
    if (Status st = CompileRegex("--filter", *o.filter, &*filter); !st.ok()) {
      return UsageError(kRunCmd, st.message());
    }
  }
  // The baseline too: a bad one is a usage error before any case runs.
  std::optional<Baseline> baseline;
  if (!o.baseline.empty()) {
    baseline.emplace();
    if (Status st = Baseline::Load(o.baseline, &*baseline); !st.ok()) {
      return UsageError(kRunCmd, st.message());
    }
  }
  // --device and --filter select while the suites expand: the other cases are never built.
  cases::CaseLoadOptions load;
  if (o.device || filter) {
    load.select = [&](const std::string& full_name) {
      return (!o.device || full_name.ends_with("/" + *o.device)) &&
             (!filter || filter->Finds(full_name));
    };
  }
  std::vector<cases::Case> all;
  std::vector<std::string> files;
  if (int rc = LoadSuites(o, load, &files, &all); rc != 0) return rc;

  if (o.device) {
    sim::DeviceProfile profile;
    if (Status st = sim::LoadNamedDeviceProfile(*o.device, &profile); !st.ok()) {
      return UsageError(kRunCmd, "--device '" + *o.device + "': " + st.message());
    }
  }
  if (o.seed) {
    for (cases::Case& c : all) {
      for (cases::CaseInput& in : c.inputs) in.seed = Mix(in.seed, *o.seed);
    }
  }
  RunSummary summary;
  summary.build_id = BuildId();
  summary.suites = files;
  std::vector<ShardCase> selected = TakeShard(std::move(all), o, shard, &summary);
  // The protocol's acknowledgement, once the shard is known to be valid (--list too).
  if (Status st = TouchStatusFiles(shard.status_files); !st.ok()) {
    return Report(kRunCmd, st.message(), kExitFailure);
  }
  if (o.list) return ListCases(selected, summary);
  if (!o.trace_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.trace_dir, ec);
    if (ec) return Report(kRunCmd, "--trace " + o.trace_dir + ": " + ec.message(), kExitFailure);
  }

  const int trace_errors = RunCases(o, selected, &baseline, &summary);
  return Finish(o, baseline, summary, trace_errors);
}

}  // namespace

CommandRunner AddRunCommand(CLI::App& parent) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* app = parent.add_subcommand(
      "run",
      "Run case suites of any registered operator on the simulated NPU (checked mode unless "
      "--unchecked) and compare with the op's registered reference (ours: Eigen) and the cases' "
      "expected values or .npy files.\nWithout SUITE arguments: every configs/cases/*.yaml. "
      "Suites of an operator library's ops need --library.");
  app->add_option("suites", o->suites, "Case suite files (YAML, docs/CASES.md)")
      ->check(CLI::ExistingFile);
  app->add_option("--device", o->device, "Only the cases expanded for this device profile");
  app->add_option("--filter", o->filter, "Only cases whose full name matches this regex");
  AddIntegerOption(app, "--threads", &o->threads, 0, 1024,
                   "Host threads running cases (0: all cores)");
  AddUnsignedOption(app, "--seed", &o->seed, "Mix this seed into every generated input");
  app->add_option("--report", o->report, "Write a JSON report to FILE")->check(NonEmptyPath());
  app->add_option("--junit", o->junit, "Write JUnit XML (for CI) to FILE")->check(NonEmptyPath());
  app->add_option("--trace", o->trace_dir, "Write a Chrome trace per case into DIR")
      ->check(NonEmptyPath());
  AddFlag(app, "--unchecked", &o->unchecked,
          "Run every case in the simulator's fast path, where copy elision applies: without the "
          "checked-only checks (missing sync, GM races, uninitialized reads, unwritten "
          "outputs); a fault it still raises (out of bounds, ...) fails the case");
  AddCopyElisionOption(app, &o->copy_elision);
  AddLaunchTimeoutOption(app);
  app->add_option("--baseline", o->baseline,
                  "A JSON report of an earlier run (--report): a case whose output digests "
                  "differ from the same case's there fails; cases it lacks are counted")
      ->check(NonEmptyPath());
  app->add_option("--shard", o->shard,
                  "Run shard I of N (I/N, I from 0): a stable, cost-balanced part of the cases; "
                  "beats TEST_TOTAL_SHARDS/TEST_SHARD_INDEX and GTEST_TOTAL_SHARDS/"
                  "GTEST_SHARD_INDEX, which are read when it is absent (docs/CASES.md)")
      ->type_name("I/N");
  AddFlag(app, "--list", &o->list,
          "Print the full names of the shard's cases (all cases unsharded), one a line, and run "
          "nothing");
  return [o] { return RunSuites(*o); };
}

}  // namespace opsim::cli
