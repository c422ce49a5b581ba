#include "report_read.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

#include "nlohmann/json.hpp"
#include "strict_json.h"

namespace opsim::cli {
namespace {

using nlohmann::json;

// The writer prints device_ns / 1000; the device_ns it came from is within an ulp or two of
// us * 1000, so a report read and written again (merged) keeps its numbers bit for bit.
double NanosecondsOf(double us) {
  const double ns = us * 1000.0;
  double down = ns, up = ns;
  for (int step = 0; step < 4; ++step) {
    if (up / 1000.0 == us) return up;
    if (down / 1000.0 == us) return down;
    up = std::nextafter(up, std::numeric_limits<double>::infinity());
    down = std::nextafter(down, -std::numeric_limits<double>::infinity());
  }
  return ns;
}

// The members of one JSON object, read by type; each error names the object's place.
class Fields {
 public:
  Fields(const json& object, std::string where) : o_(object), where_(std::move(where)) {}

  Status Text(const char* key, std::string* out) const {
    const json* v = Find(key);
    if (v == nullptr || !v->is_string()) return Missing(key, "string");
    *out = v->get<std::string>();
    return Status::Ok();
  }
  Status Bool(const char* key, bool* out) const {
    const json* v = Find(key);
    if (v == nullptr || !v->is_boolean()) return Missing(key, "true or false");
    *out = v->get<bool>();
    return Status::Ok();
  }
  template <typename T>
  Status Unsigned(const char* key, T* out) const {
    const json* v = Find(key);
    if (v == nullptr || !v->is_number_unsigned()) return Missing(key, "integer >= 0");
    *out = static_cast<T>(v->get<uint64_t>());
    return Status::Ok();
  }
  // A number, or null (what the writer makes of inf and NaN) read as `null_value`.
  Status Real(const char* key, double* out, double null_value = 0) const {
    const json* v = Find(key);
    if (v != nullptr && v->is_null()) {
      *out = null_value;
      return Status::Ok();
    }
    if (v == nullptr || !v->is_number()) return Missing(key, "number");
    *out = v->get<double>();
    return Status::Ok();
  }
  Status Digest(const char* key, uint64_t* out) const {
    std::string text;
    OPSIM_RETURN_IF_ERROR(Text(key, &text));
    if (!ParseDigest(text, out)) return Missing(key, "digest (16 hex digits)");
    return Status::Ok();
  }
  const json* Find(const char* key) const {
    const auto it = o_.find(key);
    return it == o_.end() ? nullptr : &*it;
  }
  Status Missing(const char* key, const std::string& type) const {
    return {ErrorCode::kInvalidParam, where_ + " has no " + type + " \"" + key + "\""};
  }
  const std::string& where() const { return where_; }

  static bool ParseDigest(const std::string& text, uint64_t* out) {
    if (text.size() != 16) return false;
    for (char c : text) {
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return std::from_chars(text.data(), text.data() + 16, *out, 16).ec == std::errc();
  }

 private:
  const json& o_;
  std::string where_;
};

Status ReadVerdict(const Fields& f, Verdict* out) {
  std::string text;
  OPSIM_RETURN_IF_ERROR(f.Text("verdict", &text));
  for (Verdict v : {Verdict::kPass, Verdict::kFail, Verdict::kSkip}) {
    if (text == VerdictName(v)) {
      *out = v;
      return Status::Ok();
    }
  }
  return {ErrorCode::kInvalidParam,
          f.where() + " has \"verdict\": '" + text + "' (expected pass, FAIL or skip)"};
}

Status ReadCase(const json& c, const std::string& where, CaseOutcome* o) {
  if (!c.is_object()) return {ErrorCode::kInvalidParam, where + " is not an object"};
  const Fields f(c, where);
  for (const auto& [key, target] : {std::pair{"name", &o->name},
                                    {"op", &o->op},
                                    {"dtype", &o->dtype},
                                    {"device", &o->device},
                                    {"attrs", &o->attrs},
                                    {"input_shape", &o->input_shape},
                                    {"output_shape", &o->output_shape},
                                    {"message", &o->message}}) {
    OPSIM_RETURN_IF_ERROR(f.Text(key, target));
  }
  OPSIM_RETURN_IF_ERROR(ReadVerdict(f, &o->verdict));
  const json* outputs = f.Find("outputs");
  if (outputs == nullptr || !outputs->is_array()) return f.Missing("outputs", "array");
  for (size_t k = 0; k < outputs->size(); ++k) {
    const json one = {{"digest", (*outputs)[k]}};
    uint64_t d = 0;
    OPSIM_RETURN_IF_ERROR(
        Fields(one, where + ".outputs[" + std::to_string(k) + "]").Digest("digest", &d));
    o->output_digests.push_back(d);
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  OPSIM_RETURN_IF_ERROR(f.Real("max_abs_err", &o->max_abs_err, nan));
  OPSIM_RETURN_IF_ERROR(f.Real("max_rel_err", &o->max_rel_err, nan));
  OPSIM_RETURN_IF_ERROR(f.Real("host_ms", &o->host_ms));
  double device_us = 0;
  OPSIM_RETURN_IF_ERROR(f.Real("device_us", &device_us));
  o->device_ns = NanosecondsOf(device_us);
  OPSIM_RETURN_IF_ERROR(f.Real("roofline_share", &o->roofline));
  OPSIM_RETURN_IF_ERROR(f.Unsigned("input_bytes", &o->input_bytes));
  OPSIM_RETURN_IF_ERROR(f.Unsigned("index", &o->index));
  // Optional: written only for cases that warned (and absent from older reports).
  if (const json* warnings = f.Find("warnings"); warnings != nullptr) {
    const bool strings =
        warnings->is_array() && std::all_of(warnings->begin(), warnings->end(),
                                            [](const json& w) { return w.is_string(); });
    if (!strings) {
      return {ErrorCode::kInvalidParam, f.where() + " has \"warnings\": " + warnings->dump() +
                                            " (expected an array of strings)"};
    }
    for (const json& w : *warnings) o->warnings.push_back(w.get<std::string>());
  }
  return f.Unsigned("cost", &o->cost);
}

Status ReadShardPart(const json& j, const std::string& where, ShardPart* p) {
  if (!j.is_object()) return {ErrorCode::kInvalidParam, where + " is not an object"};
  const Fields f(j, where);
  OPSIM_RETURN_IF_ERROR(f.Unsigned("index", &p->index));
  OPSIM_RETURN_IF_ERROR(f.Unsigned("total", &p->total));
  OPSIM_RETURN_IF_ERROR(f.Unsigned("cases", &p->cases));
  OPSIM_RETURN_IF_ERROR(f.Unsigned("cost", &p->cost));
  OPSIM_RETURN_IF_ERROR(f.Real("wall_s", &p->wall_s));
  OPSIM_RETURN_IF_ERROR(f.Unsigned("threads", &p->threads));
  if (f.Find("file") != nullptr) OPSIM_RETURN_IF_ERROR(f.Text("file", &p->file));
  return Status::Ok();
}

Status ReadIdentity(const Fields& f, RunSummary* s) {
  const char* kOld = " (a report of an opsim from before sharding and merging: run it again)";
  if (f.Find("build_id") == nullptr || f.Find("selection") == nullptr) {
    return {ErrorCode::kInvalidParam, f.where() + " has no \"build_id\" and \"selection\"" + kOld};
  }
  OPSIM_RETURN_IF_ERROR(f.Text("build_id", &s->build_id));
  OPSIM_RETURN_IF_ERROR(f.Text("filter", &s->selection.filter));
  if (const json* seed = f.Find("seed"); seed == nullptr || !seed->is_null()) {
    uint64_t v = 0;
    OPSIM_RETURN_IF_ERROR(f.Unsigned("seed", &v));
    s->selection.seed = v;
  }
  const json& sel = *f.Find("selection");
  if (!sel.is_object()) return f.Missing("selection", "object");
  const Fields fs(sel, f.where() + ".selection");
  OPSIM_RETURN_IF_ERROR(fs.Unsigned("cases", &s->selection.cases));
  OPSIM_RETURN_IF_ERROR(fs.Digest("digest", &s->selection.digest));
  OPSIM_RETURN_IF_ERROR(fs.Unsigned("cost", &s->selection.cost));
  const json* shard = f.Find("shard");
  if (shard == nullptr) return f.Missing("shard", "object");
  return ReadShardPart(*shard, f.where() + ".shard", &s->shard);
}

Status ReadBaselineCounts(const Fields& f, RunSummary* s) {
  const json* b = f.Find("baseline");
  if (b == nullptr) return Status::Ok();
  if (!b->is_object()) return f.Missing("baseline", "object");
  const Fields fb(*b, f.where() + ".baseline");
  BaselineCounts c;
  OPSIM_RETURN_IF_ERROR(fb.Text("file", &c.file));
  OPSIM_RETURN_IF_ERROR(fb.Unsigned("compared", &c.compared));
  OPSIM_RETURN_IF_ERROR(fb.Unsigned("differing", &c.differing));
  OPSIM_RETURN_IF_ERROR(fb.Unsigned("not_in_baseline", &c.not_in_baseline));
  OPSIM_RETURN_IF_ERROR(fb.Unsigned("without_digests", &c.without_digests));
  s->baseline = c;
  return Status::Ok();
}

Status ReadTop(const json& r, const std::string& where, RunSummary* s) {
  if (!r.is_object()) return {ErrorCode::kInvalidParam, where + "is not a JSON object"};
  const Fields f(r, where.substr(0, where.size() - 2));
  std::string tool;
  OPSIM_RETURN_IF_ERROR(f.Text("tool", &tool));
  if (tool != "opsim run") return f.Missing("tool", "\"opsim run\" as");
  const json* suites = f.Find("suites");
  if (suites == nullptr || !suites->is_array()) return f.Missing("suites", "array");
  for (const json& file : *suites) {
    if (!file.is_string()) return f.Missing("suites", "array of strings as");
    s->suites.push_back(file.get<std::string>());
  }
  OPSIM_RETURN_IF_ERROR(f.Text("device", &s->device));
  if (s->device == "all") s->device.clear();
  OPSIM_RETURN_IF_ERROR(f.Unsigned("threads", &s->threads));
  OPSIM_RETURN_IF_ERROR(f.Bool("checked", &s->checked));
  OPSIM_RETURN_IF_ERROR(f.Bool("copy_elision", &s->copy_elision));
  OPSIM_RETURN_IF_ERROR(f.Real("wall_s", &s->wall_s));
  OPSIM_RETURN_IF_ERROR(ReadIdentity(f, s));
  OPSIM_RETURN_IF_ERROR(ReadBaselineCounts(f, s));
  if (const json* parts = f.Find("merged_from"); parts != nullptr) {
    if (!parts->is_array()) return f.Missing("merged_from", "array");
    s->merged_from.resize(parts->size());
    for (size_t i = 0; i < parts->size(); ++i) {
      OPSIM_RETURN_IF_ERROR(ReadShardPart(
          (*parts)[i], f.where() + ".merged_from[" + std::to_string(i) + "]", &s->merged_from[i]));
    }
  }
  return Status::Ok();
}

}  // namespace

Status ReadRunReport(const std::string& path, const std::string& what, RunSummary* out) {
  json r;
  OPSIM_RETURN_IF_ERROR(ReadStrictJson(path, what, "a run report", &r));
  const std::string where = what + " '" + path + "': ";
  RunSummary s;
  OPSIM_RETURN_IF_ERROR(ReadTop(r, where, &s));
  const json* cases = Fields(r, where).Find("cases");
  if (cases == nullptr || !cases->is_array()) {
    return {ErrorCode::kInvalidParam, where + "has no array \"cases\""};
  }
  s.outcomes.resize(cases->size());
  for (size_t i = 0; i < cases->size(); ++i) {
    OPSIM_RETURN_IF_ERROR(
        ReadCase((*cases)[i], where + "cases[" + std::to_string(i) + "]", &s.outcomes[i]));
    const Verdict v = s.outcomes[i].verdict;
    s.passed += v == Verdict::kPass;
    s.failed += v == Verdict::kFail;
    s.skipped += v == Verdict::kSkip;
  }
  *out = std::move(s);
  return Status::Ok();
}

}  // namespace opsim::cli
