#include "run_report.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>

#include "nlohmann/json.hpp"
#include "opsim/cases/output_digest.h"

namespace opsim::cli {
namespace {

// JSON has no inf or NaN; an unmatched NaN/inf error is reported as null.
nlohmann::json Number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nullptr; }

std::string XmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\n': out += "&#10;"; break;
      default:
        // Control characters are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t') {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.6f", s);
  return buf;
}

nlohmann::json ShardJson(const ShardPart& p) {
  nlohmann::json j = {{"index", p.index}, {"total", p.total},   {"cases", p.cases},
                      {"cost", p.cost},   {"wall_s", p.wall_s}, {"threads", p.threads}};
  if (!p.file.empty()) j["file"] = p.file;
  return j;
}

}  // namespace

std::string RunReportJson(const RunSummary& s) {
  nlohmann::json cases = nlohmann::json::array();
  for (const CaseOutcome& o : s.outcomes) {
    nlohmann::json digests = nlohmann::json::array();
    for (uint64_t d : o.output_digests) digests.push_back(cases::DigestHex(d));
    nlohmann::json entry = {{"input_shape", o.input_shape},
                            {"output_shape", o.output_shape},
                            {"verdict", std::string(VerdictName(o.verdict))},
                            {"message", o.message},
                            {"outputs", std::move(digests)},
                            {"max_abs_err", Number(o.max_abs_err)},
                            {"max_rel_err", Number(o.max_rel_err)},
                            {"host_ms", o.host_ms},
                            {"device_us", o.device_ns / 1000.0},
                            {"input_bytes", o.input_bytes},
                            {"roofline_share", o.roofline},
                            {"index", o.index},
                            {"cost", o.cost}};
    // The identity --baseline matches cases by, written from the one list it reads.
    const CaseKey key = KeyOf(o);
    for (size_t f = 0; f < kCaseKeyFields.size(); ++f) entry[kCaseKeyFields[f]] = key[f];
    if (!o.warnings.empty()) entry["warnings"] = o.warnings;
    cases.push_back(std::move(entry));
  }
  nlohmann::json report = {{"tool", "opsim run"},
                           {"suites", s.suites},
                           {"device", s.device.empty() ? "all" : s.device},
                           {"threads", s.threads},
                           {"checked", s.checked},
                           {"copy_elision", s.copy_elision},
                           {"passed", s.passed},
                           {"failed", s.failed},
                           {"skipped", s.skipped},
                           {"wall_s", s.wall_s},
                           {"build_id", s.build_id},
                           {"seed", s.selection.seed ? nlohmann::json(*s.selection.seed) : nullptr},
                           {"filter", s.selection.filter},
                           {"selection",
                            {{"cases", s.selection.cases},
                             {"digest", cases::DigestHex(s.selection.digest)},
                             {"cost", s.selection.cost}}},
                           {"shard", ShardJson(s.shard)},
                           {"cases", cases}};
  if (!s.merged_from.empty()) {
    nlohmann::json parts = nlohmann::json::array();
    for (const ShardPart& p : s.merged_from) parts.push_back(ShardJson(p));
    report["merged_from"] = std::move(parts);
  }
  if (s.baseline) {
    report["baseline"] = {{"file", s.baseline->file},
                          {"compared", s.baseline->compared},
                          {"differing", s.baseline->differing},
                          {"not_in_baseline", s.baseline->not_in_baseline},
                          {"without_digests", s.baseline->without_digests}};
  }
  return report.dump(2) + "\n";
}

std::string RunJUnitXml(const RunSummary& s) {
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  const std::string counts = " tests=\"" + std::to_string(s.outcomes.size()) + "\" failures=\"" +
                             std::to_string(s.failed) + "\" errors=\"0\" skipped=\"" +
                             std::to_string(s.skipped) + "\" time=\"" + Seconds(s.wall_s) + "\"";
  x += "<testsuites name=\"opsim run\"" + counts + ">\n";
  x += "  <testsuite name=\"opsim\"" + counts + ">\n";
  for (const CaseOutcome& o : s.outcomes) {
    // classname = the suite, name = the rest, so CI tools group cases by suite file.
    const size_t slash = o.name.find('/');
    const std::string suite = o.name.substr(0, slash);
    const std::string rest = slash == std::string::npos ? o.name : o.name.substr(slash + 1);
    x += "    <testcase classname=\"" + XmlEscape(suite) + "\" name=\"" + XmlEscape(rest) +
         "\" time=\"" + Seconds(o.host_ms / 1000.0) + "\"";
    if (o.verdict == Verdict::kPass && o.warnings.empty()) {
      x += "/>\n";
      continue;
    }
    x += ">\n";
    if (o.verdict == Verdict::kFail) {
      x += "      <failure message=\"" + XmlEscape(o.message) + "\">" + XmlEscape(o.message) +
           "</failure>\n";
    } else if (o.verdict == Verdict::kSkip) {
      x += "      <skipped message=\"" + XmlEscape(o.message) + "\"/>\n";
    }
    // Warnings do not fail a case; CI tools show a test case's system-err next to it.
    if (!o.warnings.empty()) {
      x += "      <system-err>";
      for (const std::string& w : o.warnings) x += XmlEscape("warning: " + w) + "\n";
      x += "</system-err>\n";
    }
    x += "    </testcase>\n";
  }
  x += "  </testsuite>\n</testsuites>\n";
  return x;
}

Status WriteTextFile(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return {ErrorCode::kIoError, "cannot open '" + path + "' for writing"};
  file << text;
  file.close();
  if (!file) return {ErrorCode::kIoError, "writing '" + path + "' failed"};
  return Status::Ok();
}

}  // namespace opsim::cli
