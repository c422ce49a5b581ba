#include "report_compare.h"

#include <utility>

#include "opsim/cases/output_digest.h"

namespace opsim::cli {
namespace {

std::string Digests(const std::vector<uint64_t>& d) {
  std::string out = "[";
  for (size_t i = 0; i < d.size(); ++i) {
    if (i > 0) out.push_back(',');
    out.append(cases::DigestHex(d[i]));
  }
  out.push_back(']');
  return out;
}

// The first field two outcomes of the same place differ in, or empty.
std::string FirstDifference(const CaseOutcome& a, const CaseOutcome& b) {
  const CaseKey ka = KeyOf(a), kb = KeyOf(b);
  for (size_t f = 0; f < ka.size(); ++f) {
    if (ka[f] != kb[f])
      return std::string(kCaseKeyFields[f]) + " '" + ka[f] + "' / '" + kb[f] + "'";
  }
  const std::pair<const char*, std::pair<std::string, std::string>> fields[] = {
      {"input_shape", {a.input_shape, b.input_shape}},
      {"output_shape", {a.output_shape, b.output_shape}},
      {"verdict", {std::string(VerdictName(a.verdict)), std::string(VerdictName(b.verdict))}},
      {"message", {a.message, b.message}},
      {"outputs", {Digests(a.output_digests), Digests(b.output_digests)}}};
  for (const auto& [name, values] : fields) {
    if (values.first != values.second) {
      return std::string(name) + " '" + values.first + "' / '" + values.second + "'";
    }
  }
  return "";
}

}  // namespace

std::vector<std::string> CompareReports(const RunSummary& a, const RunSummary& b, size_t limit) {
  std::vector<std::string> lines;
  size_t more = 0;
  const auto add = [&](std::string line) {
    if (lines.size() < limit) {
      lines.push_back(std::move(line));
    } else {
      ++more;
    }
  };
  if (a.outcomes.size() != b.outcomes.size()) {
    add("the first lists " + std::to_string(a.outcomes.size()) + " cases, the second " +
        std::to_string(b.outcomes.size()));
  }
  const size_t n = std::min(a.outcomes.size(), b.outcomes.size());
  for (size_t i = 0; i < n; ++i) {
    const std::string d = FirstDifference(a.outcomes[i], b.outcomes[i]);
    if (!d.empty()) add("cases[" + std::to_string(i) + "] " + a.outcomes[i].name + ": " + d);
  }
  if (more > 0) lines.push_back("... and " + std::to_string(more) + " more differences");
  return lines;
}

}  // namespace opsim::cli
