// An input's `data` key (docs/CASES.md): a kind name, or a mapping with `kind` and the keys that
// kind reads; a key the kind ignores, an empty range or a missing `specials` is an error.
#include "case_parse_keys.h"

namespace opsim::cases {
namespace {

constexpr std::string_view kDataKeys[] = {"kind",   "low",      "high", "mean",
                                          "stddev", "specials", "rate"};
constexpr std::string_view kDataKinds[] = {"auto",      "uniform", "normal",
                                           "int_range", "bits",    "special"};

// The generator `kind` names.
Status ReadKind(const YamlReader& yaml, const Entry& e, DataKind* out) {
  std::string kind;
  OPSIM_RETURN_IF_ERROR(yaml.Text(e, "kind", &kind));
  const std::string k = Lower(kind);
  constexpr std::pair<std::string_view, DataKind> kKinds[] = {
      {"auto", DataKind::kAuto},     {"uniform", DataKind::kUniform},
      {"normal", DataKind::kNormal}, {"int_range", DataKind::kIntRange},
      {"bits", DataKind::kBits},     {"special", DataKind::kSpecial}};
  for (const auto& [name, value] : kKinds) {
    if (k == name) {
      *out = value;
      return Status::Ok();
    }
  }
  return CaseError(e.value_mark, "kind",
                   "unknown data kind '" + kind + "' (did you mean '" +
                       std::string(NearestName(kind, kDataKinds)) +
                       "'? explicit values go in the input's 'values' key)");
}

}  // namespace

Status ParseDataSpec(const YamlReader& yaml, const Entry& e, DataSpec* data) {
  Fields f;
  if (e.node.IsScalar()) {
    f.emplace("kind", e);
  } else {
    OPSIM_RETURN_IF_ERROR(yaml.ReadMap(e.node, e.value_mark, "data", kDataKeys, &f));
  }
  if (f.count("kind") == 0) {
    return CaseError(e.value_mark, "kind", "data needs a 'kind' (" + JoinNames(kDataKinds) + ")");
  }
  OPSIM_RETURN_IF_ERROR(ReadKind(yaml, f["kind"], &data->kind));
  // Which keys each kind reads: a key the kind ignores is a mistake worth reporting.
  auto allowed = [&](std::string_view key) {
    switch (data->kind) {
      case DataKind::kUniform: return key == "low" || key == "high";
      case DataKind::kNormal: return key == "mean" || key == "stddev";
      case DataKind::kIntRange: return key == "low" || key == "high";
      case DataKind::kSpecial:
        return key == "low" || key == "high" || key == "specials" || key == "rate";
      default: return false;
    }
  };
  for (const auto& [key, entry] : f) {
    if (key != "kind" && !allowed(key)) {
      return CaseError(
          entry.key_mark, key,
          "does not apply to data kind '" + std::string(DataKindName(data->kind)) + "'");
    }
  }
  if (data->kind == DataKind::kIntRange) {
    if (f.count("low")) OPSIM_RETURN_IF_ERROR(yaml.Int(f["low"], "low", &data->int_low));
    if (f.count("high")) OPSIM_RETURN_IF_ERROR(yaml.Int(f["high"], "high", &data->int_high));
    if (data->int_low > data->int_high) {
      return CaseError(e.value_mark, "low",
                       std::to_string(data->int_low) + " is above high = " +
                           std::to_string(data->int_high) + " (expected low <= high)");
    }
    return Status::Ok();
  }
  if (f.count("low")) OPSIM_RETURN_IF_ERROR(yaml.Real(f["low"], "low", &data->low));
  if (f.count("high")) OPSIM_RETURN_IF_ERROR(yaml.Real(f["high"], "high", &data->high));
  if (f.count("mean")) OPSIM_RETURN_IF_ERROR(yaml.Real(f["mean"], "mean", &data->mean));
  if (f.count("stddev")) OPSIM_RETURN_IF_ERROR(yaml.Real(f["stddev"], "stddev", &data->stddev));
  if (f.count("rate")) OPSIM_RETURN_IF_ERROR(yaml.Real(f["rate"], "rate", &data->rate));
  if (data->low > data->high) {
    return CaseError(e.value_mark, "low", "is above high (expected low <= high)");
  }
  if (data->stddev < 0) return CaseError(f["stddev"].value_mark, "stddev", "must be >= 0");
  if (data->rate < 0 || data->rate > 1) {
    return CaseError(f["rate"].value_mark, "rate", "must be in [0, 1]");
  }
  if (data->kind == DataKind::kSpecial) {
    if (f.count("specials") == 0) {
      return CaseError(e.value_mark, "specials",
                       "missing: data kind 'special' needs a list of special values");
    }
    OPSIM_RETURN_IF_ERROR(
        yaml.Values(f["specials"].node, f["specials"].value_mark, "specials", &data->specials));
    if (data->specials.empty()) {
      return CaseError(f["specials"].value_mark, "specials", "must not be empty");
    }
  }
  return Status::Ok();
}

}  // namespace opsim::cases
