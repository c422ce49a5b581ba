#include "run_baseline.h"

#include <charconv>
#include <utility>

#include "nlohmann/json.hpp"
#include "opsim/cases/output_digest.h"
#include "strict_json.h"

namespace opsim::cli {
namespace {

Status Bad(const std::string& path, const std::string& rule) {
  return {ErrorCode::kInvalidParam, "--baseline '" + path + "': " + rule};
}

bool ParseDigest(const std::string& text, uint64_t* out) {
  if (text.size() != 16) return false;
  for (char c : text) {
    const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!hex) return false;
  }
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out, 16);
  return ec == std::errc() && end == text.data() + text.size();
}

std::string KeyText(const CaseKey& key) {
  std::string out;
  for (size_t i = 0; i < key.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::string(kCaseKeyFields[i]) + " '" + key[i] + "'";
  }
  return out;
}

std::string KeyFieldList() {
  std::string out;
  for (size_t i = 0; i < kCaseKeyFields.size(); ++i) {
    if (i > 0) out += i + 1 == kCaseKeyFields.size() ? " and " : ", ";
    out += kCaseKeyFields[i];
  }
  return out;
}

}  // namespace

CaseKey KeyOf(const CaseOutcome& o) { return {o.name, o.op, o.dtype, o.device, o.attrs}; }

Status Baseline::Load(const std::string& path, Baseline* out) {
  nlohmann::json report;
  OPSIM_RETURN_IF_ERROR(ReadStrictJson(path, "--baseline", "a baseline report", &report));
  const std::string shape =
      "(a report of `opsim run --report`: {\"cases\": [{\"name\": ..., "
      "\"outputs\": [\"<16 hex digits>\", ...]}, ...]})";
  if (!report.is_object()) return Bad(path, "is not a JSON object " + shape);
  const auto cases = report.find("cases");
  if (cases == report.end() || !cases->is_array()) {
    return Bad(path, "has no \"cases\" array " + shape);
  }
  Baseline b;
  b.counts_.file = path;
  std::map<CaseKey, size_t> first_index;
  for (size_t i = 0; i < cases->size(); ++i) {
    const nlohmann::json& c = (*cases)[i];
    const std::string where = "cases[" + std::to_string(i) + "]";
    if (!c.is_object()) return Bad(path, where + " is not an object " + shape);
    CaseKey key;
    for (size_t f = 0; f < kCaseKeyFields.size(); ++f) {
      const auto v = c.find(kCaseKeyFields[f]);
      if (v == c.end() || !v->is_string()) {
        return Bad(path, where + " has no string \"" + kCaseKeyFields[f] + "\" (every case names " +
                             KeyFieldList() + ")");
      }
      key[f] = v->get<std::string>();
    }
    const auto outputs = c.find("outputs");
    if (outputs == c.end() || !outputs->is_array()) {
      return Bad(path, where +
                           " has no \"outputs\" array (reports before output digests have "
                           "none: write the baseline again with this opsim)");
    }
    std::vector<uint64_t> digests;
    for (size_t k = 0; k < outputs->size(); ++k) {
      const nlohmann::json& d = (*outputs)[k];
      uint64_t digest = 0;
      if (!d.is_string() || !ParseDigest(d.get<std::string>(), &digest)) {
        return Bad(path, where + ".outputs[" + std::to_string(k) + "] = " + d.dump() +
                             " is not a digest (a string of 16 hex digits)");
      }
      digests.push_back(digest);
    }
    if (const auto [at, fresh] = first_index.emplace(key, i); !fresh) {
      return Bad(path, where + " is the same case as cases[" + std::to_string(at->second) + "] (" +
                           KeyText(key) + "): each case once, by " + KeyFieldList());
    }
    b.digests_.emplace(std::move(key), std::move(digests));
  }
  *out = std::move(b);
  return Status::Ok();
}

void Baseline::Check(CaseOutcome* o) {
  const auto it = digests_.find(KeyOf(*o));
  if (it == digests_.end()) {
    ++counts_.not_in_baseline;
    return;
  }
  const std::vector<uint64_t>& want = it->second;
  const std::vector<uint64_t>& got = o->output_digests;
  if (want.empty() && got.empty()) return;  // skipped (or refused) both times: nothing to say
  if (want.empty() || got.empty()) {
    ++counts_.without_digests;
    return;
  }
  ++counts_.compared;
  std::string difference;
  if (want.size() != got.size()) {
    difference = "the case gave " + std::to_string(got.size()) + " outputs, the baseline " +
                 std::to_string(want.size());
  } else {
    for (size_t i = 0; i < want.size() && difference.empty(); ++i) {
      if (want[i] == got[i]) continue;
      difference = "output " + std::to_string(i) + " differs from the baseline (digest " +
                   cases::DigestHex(got[i]) + ", baseline " + cases::DigestHex(want[i]) + ")";
    }
  }
  if (difference.empty()) return;
  ++counts_.differing;
  // A case that already failed keeps its own reason first.
  o->message = o->verdict == Verdict::kFail && !o->message.empty() ? o->message + "; " + difference
                                                                   : difference;
  o->verdict = Verdict::kFail;
}

}  // namespace opsim::cli
