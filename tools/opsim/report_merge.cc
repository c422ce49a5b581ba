#include "report_merge.h"

#include <algorithm>

#include "opsim/cases/output_digest.h"

namespace opsim::cli {
namespace {

Status Refuse(std::string message) { return {ErrorCode::kInvalidParam, std::move(message)}; }

std::string Q(const std::string& file) { return "'" + file + "'"; }

std::string ShardText(const ShardPart& p) {
  return std::to_string(p.index) + "/" + std::to_string(p.total);
}

std::string Mode(const RunSummary& s) {
  return std::string(s.checked ? "checked" : "--unchecked") +
         (s.copy_elision ? "" : " --copy-elision off");
}

std::string SeedText(const RunSummary& s) {
  return s.selection.seed ? std::to_string(*s.selection.seed) : "none";
}

std::string FilterText(const RunSummary& s) {
  return s.selection.filter.empty() ? "none" : "'" + s.selection.filter + "'";
}

std::string BaselineText(const RunSummary& s) { return s.baseline ? s.baseline->file : "none"; }

// Two reports that are not shards of one run: the first member that differs, both values.
Status SameRun(const NamedReport& a, const NamedReport& b) {
  const RunSummary &x = a.summary, &y = b.summary;
  const auto differ = [&](const std::string& what, const std::string& u, const std::string& v,
                          const std::string& rule) {
    return Refuse(Q(b.file) + " and " + Q(a.file) + " differ in " + what + " (" + v + " and " + u +
                  "): " + rule);
  };
  const std::string one_run = "merge the reports of the shards of one run";
  if (x.build_id != y.build_id) {
    return differ("build_id", x.build_id, y.build_id, "merge reports of one opsim build");
  }
  if (Mode(x) != Mode(y)) return differ("mode", Mode(x), Mode(y), one_run);
  if (x.device != y.device) return differ("--device", x.device, y.device, one_run);
  if (x.selection.filter != y.selection.filter) {
    return differ("--filter", FilterText(x), FilterText(y), one_run);
  }
  if (SeedText(x) != SeedText(y)) return differ("--seed", SeedText(x), SeedText(y), one_run);
  if (x.selection.digest != y.selection.digest || x.selection.cases != y.selection.cases) {
    const auto sel = [](const RunSummary& s) {
      return std::to_string(s.selection.cases) + " cases, digest " +
             cases::DigestHex(s.selection.digest);
    };
    return differ("suite", sel(x), sel(y), "shards of one suite run the same case files");
  }
  if (x.shard.total != y.shard.total) {
    return differ("the number of shards", ShardText(x.shard), ShardText(y.shard), one_run);
  }
  if (BaselineText(x) != BaselineText(y)) {
    return differ("--baseline", BaselineText(x), BaselineText(y), one_run);
  }
  return Status::Ok();
}

Status EveryShardOnce(const std::vector<NamedReport>& reports) {
  const uint32_t total = reports.front().summary.shard.total;
  std::vector<const std::string*> file_of(total, nullptr);
  for (const NamedReport& r : reports) {
    const ShardPart& p = r.summary.shard;
    if (p.index >= total) return Refuse(Q(r.file) + " is shard " + ShardText(p) + ": out of range");
    if (file_of[p.index] != nullptr) {
      return Refuse(Q(r.file) + " and " + Q(*file_of[p.index]) + " are both shard " + ShardText(p) +
                    " (each shard once)");
    }
    file_of[p.index] = &r.file;
    if (r.summary.outcomes.size() != p.cases) {
      return Refuse(Q(r.file) + " lists " + std::to_string(r.summary.outcomes.size()) +
                    " cases, its shard " + ShardText(p) + " ran " + std::to_string(p.cases) +
                    " (a cut or edited report)");
    }
  }
  std::string missing;
  for (uint32_t i = 0; i < total; ++i) {
    if (file_of[i] != nullptr) continue;
    if (!missing.empty()) missing.append(", ");
    missing.append(std::to_string(i));
  }
  if (missing.empty()) return Status::Ok();
  return Refuse("no report of shard " + missing + " of " + std::to_string(total) +
                " (give the report of every shard)");
}

// The cases by their place in the selection: each exactly once.
Status EveryCaseOnce(const std::vector<NamedReport>& reports, std::vector<CaseOutcome>* out) {
  const size_t total = reports.front().summary.selection.cases;
  std::vector<const std::string*> file_of(total, nullptr);
  out->assign(total, CaseOutcome{});
  for (const NamedReport& r : reports) {
    for (const CaseOutcome& o : r.summary.outcomes) {
      if (o.index >= total) {
        return Refuse(Q(r.file) + ": case '" + o.name + "' has index " + std::to_string(o.index) +
                      ", past the " + std::to_string(total) + " cases of the selection");
      }
      if (file_of[o.index] != nullptr) {
        return Refuse("case '" + o.name + "' (index " + std::to_string(o.index) + ") is in " +
                      Q(*file_of[o.index]) + " and in " + Q(r.file) + " (each case once)");
      }
      file_of[o.index] = &r.file;
      (*out)[o.index] = o;
    }
  }
  size_t absent = 0;
  std::string first;
  for (size_t i = 0; i < total; ++i) {
    if (file_of[i] != nullptr) continue;
    if (++absent > 5) continue;
    if (!first.empty()) first.append(", ");
    first.append(std::to_string(i));
  }
  if (absent == 0) return Status::Ok();
  return Refuse(std::to_string(absent) + " of the " + std::to_string(total) +
                " cases of the selection are in no report (indices " + first +
                (absent > 5 ? ", ..." : "") + ")");
}

}  // namespace

Status MergeReports(const std::vector<NamedReport>& reports, RunSummary* out) {
  if (reports.empty()) return Refuse("no reports to merge");
  for (size_t i = 1; i < reports.size(); ++i) {
    OPSIM_RETURN_IF_ERROR(SameRun(reports.front(), reports[i]));
  }
  OPSIM_RETURN_IF_ERROR(EveryShardOnce(reports));
  RunSummary m;
  OPSIM_RETURN_IF_ERROR(EveryCaseOnce(reports, &m.outcomes));
  const RunSummary& first = reports.front().summary;
  m.suites = first.suites;
  m.device = first.device;
  m.checked = first.checked;
  m.copy_elision = first.copy_elision;
  m.build_id = first.build_id;
  m.selection = first.selection;
  for (const NamedReport& r : reports) {
    const RunSummary& s = r.summary;
    m.passed += s.passed;
    m.failed += s.failed;
    m.skipped += s.skipped;
    m.wall_s = std::max(m.wall_s, s.wall_s);
    m.threads = std::max(m.threads, s.threads);
    if (s.baseline) {
      if (!m.baseline) m.baseline = BaselineCounts{s.baseline->file};
      m.baseline->compared += s.baseline->compared;
      m.baseline->differing += s.baseline->differing;
      m.baseline->not_in_baseline += s.baseline->not_in_baseline;
      m.baseline->without_digests += s.baseline->without_digests;
    }
    ShardPart part = s.shard;
    part.file = r.file;
    m.merged_from.push_back(part);
    m.shard.cost += part.cost;
  }
  std::sort(m.merged_from.begin(), m.merged_from.end(),
            [](const ShardPart& a, const ShardPart& b) { return a.index < b.index; });
  m.shard.cases = m.outcomes.size();
  m.shard.wall_s = m.wall_s;
  m.shard.threads = m.threads;
  *out = std::move(m);
  return Status::Ok();
}

}  // namespace opsim::cli
