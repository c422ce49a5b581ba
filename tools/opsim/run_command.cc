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
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>

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
#include "strict_flags.h"

namespace opsim::cli {
namespace {

constexpr const char* kCmd = "run";

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

int RunSuites(const RunOptions& o) {
  // The filter first: a pattern that cannot be run is refused before any suite is read.
  std::optional<std::regex> filter;
  if (o.filter) {
    filter.emplace();
    if (Status st = CompileRegex("--filter", *o.filter, &*filter); !st.ok()) {
      return UsageError(kCmd, st.message());
    }
  }
  // The baseline too: a bad one is a usage error before any case runs.
  std::optional<Baseline> baseline;
  if (!o.baseline.empty()) {
    baseline.emplace();
    if (Status st = Baseline::Load(o.baseline, &*baseline); !st.ok()) {
      return UsageError(kCmd, st.message());
    }
  }
  std::vector<cases::Case> all;
  std::vector<std::string> files = o.suites;
  if (files.empty()) {
    const std::string dir = cases::DefaultCaseDir();
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
      if (e.path().extension() == ".yaml") files.push_back(e.path().string());
    }
    if (ec) return Report(kCmd, "cannot list " + dir + ": " + ec.message(), kExitFailure);
    std::sort(files.begin(), files.end());
    if (Status st = cases::LoadCaseDir(dir, &all); !st.ok()) {
      return Report(kCmd, st.ToString(), kExitFailure);
    }
  } else {
    for (const std::string& f : files) {
      if (Status st = cases::LoadCaseFile(f, &all); !st.ok()) {
        return Report(kCmd, st.ToString(), kExitFailure);
      }
    }
  }

  if (o.device) {
    sim::DeviceProfile profile;
    if (Status st = sim::LoadNamedDeviceProfile(*o.device, &profile); !st.ok()) {
      return UsageError(kCmd, "--device '" + *o.device + "': " + st.message());
    }
  }
  std::vector<cases::Case> selected;
  for (cases::Case& c : all) {
    if (o.device && c.device != *o.device) continue;
    if (filter && !std::regex_search(c.FullName(), *filter)) continue;
    if (o.seed) {
      for (cases::CaseInput& in : c.inputs) in.seed = Mix(in.seed, *o.seed);
    }
    selected.push_back(std::move(c));
  }
  if (!o.trace_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.trace_dir, ec);
    if (ec) return Report(kCmd, "--trace " + o.trace_dir + ": " + ec.message(), kExitFailure);
  }

  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const size_t workers = std::max<size_t>(
      1, std::min<size_t>(o.threads > 0 ? static_cast<size_t>(o.threads) : hw, selected.size()));
  HarnessOptions harness;
  harness.host_threads = 1;  // parallelism is across cases: many small cases dominate a suite
  harness.trace = !o.trace_dir.empty();
  harness.checked = !o.unchecked;
  harness.copy_elision = o.copy_elision;

  size_t name_width = 4;
  for (const auto& c : selected) name_width = std::max(name_width, c.FullName().size());
  Table table(name_width, isatty(STDERR_FILENO) != 0, selected.size());
  table.Header();

  RunSummary summary;
  summary.suites = files;
  summary.device = o.device.value_or("");
  summary.threads = static_cast<int>(workers);
  summary.checked = harness.checked;
  summary.copy_elision = harness.copy_elision;
  summary.outcomes.resize(selected.size());
  std::vector<char> ready(selected.size(), 0);
  std::mutex mutex;
  std::condition_variable cv;
  std::atomic<size_t> next{0};
  const auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    for (size_t i = next++; i < selected.size(); i = next++) {
      CaseOutcome outcome = RunCase(selected[i], harness);
      std::lock_guard<std::mutex> lock(mutex);
      summary.outcomes[i] = std::move(outcome);
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
    CaseOutcome& out = summary.outcomes[i];
    if (baseline) baseline->Check(&out);
    table.Row(out);
    if (out.verdict == Verdict::kPass) ++summary.passed;
    if (out.verdict == Verdict::kFail) ++summary.failed;
    if (out.verdict == Verdict::kSkip) ++summary.skipped;
    if (harness.trace && !out.traces.empty()) {
      const std::string path =
          (std::filesystem::path(o.trace_dir) / TraceFileName(out.name)).string();
      if (Status st = WriteTextFile(path, CaseTraceJson(out.traces)); !st.ok()) {
        Report(kCmd, st.ToString(), 0);
        ++trace_errors;
      }
      out.traces.clear();
      out.traces.shrink_to_fit();
    }
  }
  for (std::thread& t : pool) t.join();
  table.Finish();
  summary.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (baseline) summary.baseline = baseline->counts();

  int rc = summary.failed == 0 && trace_errors == 0 ? 0 : kExitFailure;
  if (!o.report.empty()) {
    if (Status st = WriteTextFile(o.report, RunReportJson(summary)); !st.ok()) {
      rc = Report(kCmd, "--report: " + st.ToString(), kExitFailure);
    }
  }
  if (!o.junit.empty()) {
    if (Status st = WriteTextFile(o.junit, RunJUnitXml(summary)); !st.ok()) {
      rc = Report(kCmd, "--junit: " + st.ToString(), kExitFailure);
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
          "checked-only checks (missing sync, overlapping writes, uninitialized reads, unwritten "
          "outputs); a fault it still raises (out of bounds, ...) fails the case");
  AddCopyElisionOption(app, &o->copy_elision);
  app->add_option("--baseline", o->baseline,
                  "A JSON report of an earlier run (--report): a case whose output digests "
                  "differ from the same case's there fails; cases it lacks are counted")
      ->check(NonEmptyPath());
  return [o] { return RunSuites(*o); };
}

}  // namespace opsim::cli
