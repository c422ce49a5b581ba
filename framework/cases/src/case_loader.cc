// Case suites: YAML -> checked CaseSpecs -> expanded ReduceCases (docs/CASES.md).
#include "opsim/cases/case_loader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "case_yaml.h"
#include "opsim/cases/case_data.h"
#include "opsim/cases/case_run.h"
#include "opsim/sim/device_profile.h"
#include "reduce/reduce_dtype_support.h"

namespace opsim::cases {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTopKeys[] = {"suite", "description", "defaults", "cases"};
constexpr std::string_view kCaseKeys[] = {
    "name",      "description",          "front_door", "reducers", "dtypes", "shape",  "axes",
    "keep_dims", "noop_with_empty_axes", "atb_strict", "devices",  "data",   "values", "seed",
    "expected",  "expected_shape",       "tolerance",  "skip"};
constexpr std::string_view kDataKeys[] = {"kind",   "low",      "high", "mean",
                                          "stddev", "specials", "rate"};
constexpr std::string_view kToleranceKeys[] = {"rel", "abs"};
constexpr std::string_view kFrontDoors[] = {"atb", "onnx", "openvino"};
constexpr std::string_view kReducers[] = {"sum", "max", "min", "prod"};
constexpr std::string_view kDataKinds[] = {"auto",      "uniform", "normal",
                                           "int_range", "special", "values"};

// A key of a mapping with its value and where both were written.
struct Entry {
  YAML::Node node;
  SourceMark key_mark;
  SourceMark value_mark;
};
using Fields = std::map<std::string, Entry, std::less<>>;

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string JoinNames(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

// What one `cases:` entry says, checked, before expansion.
struct CaseSpec {
  std::string name;
  SourceMark mark;
  FrontDoor front_door = FrontDoor::kOnnx;
  std::vector<ReduceKind> kinds;
  bool all_dtypes = false;
  std::vector<std::pair<DType, SourceMark>> dtypes;
  SourceMark dtypes_mark;
  std::vector<int64_t> shape;
  std::optional<std::vector<int64_t>> axes;
  std::vector<bool> keeps;
  bool noop_with_empty_axes = false;
  bool atb_strict = false;
  std::vector<std::string> devices;
  DataSpec data;
  uint64_t seed = 0;
  std::optional<std::vector<CaseValue>> expected;
  SourceMark expected_mark;
  std::optional<std::vector<int64_t>> expected_shape;
  std::optional<ToleranceOverride> tolerance;
  std::string skip;
};

class SuiteParser {
 public:
  SuiteParser(std::string file, std::vector<std::string> devices)
      : file_(std::move(file)), known_devices_(std::move(devices)) {}

  Status Parse(const YAML::Node& root, std::string* suite, std::vector<CaseSpec>* specs);

 private:
  Status ReadMap(const YAML::Node& map, const SourceMark& where, std::string_view what,
                 std::span<const std::string_view> keys, Fields* out);
  Status ParseCase(const YAML::Node& node, const Fields& defaults, CaseSpec* spec);
  Status ParseData(const Entry& e, DataSpec* data);

  Status Text(const Entry& e, std::string_view key, std::string* out);
  Status Bool(const Entry& e, std::string_view key, bool* out);
  Status Int(const Entry& e, std::string_view key, int64_t* out);
  Status Real(const Entry& e, std::string_view key, double* out);
  Status IntList(const Entry& e, std::string_view key, std::vector<int64_t>* out);
  // A scalar or a sequence of scalars, each with its mark.
  Status Names(const Entry& e, std::string_view key,
               std::vector<std::pair<std::string, SourceMark>>* out);
  // Scalars, sequences flattened in order (nested lists read as row-major values).
  Status Values(const YAML::Node& node, const SourceMark& fallback, std::string_view key,
                std::vector<CaseValue>* out);

  std::string file_;
  std::vector<std::string> known_devices_;
};

Status SuiteParser::ReadMap(const YAML::Node& map, const SourceMark& where, std::string_view what,
                            std::span<const std::string_view> keys, Fields* out) {
  if (!map.IsMap()) {
    return CaseError(where, "", std::string(what) + " must be a mapping, got " + DescribeNode(map));
  }
  for (const auto& item : map) {
    const YAML::Node key = item.first;
    const YAML::Node value = item.second;
    const SourceMark key_mark = MarkOf(file_, key, where);
    if (!key.IsScalar()) {
      return CaseError(key_mark, "", "a key in " + std::string(what) + " is " + DescribeNode(key));
    }
    const std::string& name = key.Scalar();
    if (std::find(keys.begin(), keys.end(), name) == keys.end()) {
      return CaseError(key_mark, name,
                       "unknown key in " + std::string(what) + " (did you mean '" +
                           std::string(NearestName(name, keys)) +
                           "'? valid keys: " + JoinNames(keys) + ")");
    }
    if (out->count(name) != 0) {
      return CaseError(key_mark, name, "the key appears twice in " + std::string(what));
    }
    out->emplace(name, Entry{value, key_mark, MarkOf(file_, value, key_mark)});
  }
  return Status::Ok();
}

Status SuiteParser::Text(const Entry& e, std::string_view key, std::string* out) {
  if (!e.node.IsScalar() || e.node.Scalar().empty()) {
    return CaseError(e.value_mark, key, "expected a non-empty text, got " + DescribeNode(e.node));
  }
  *out = e.node.Scalar();
  return Status::Ok();
}

Status SuiteParser::Bool(const Entry& e, std::string_view key, bool* out) {
  const std::string v = e.node.IsScalar() ? Lower(e.node.Scalar()) : "";
  if (v == "true" || v == "yes" || v == "on") {
    *out = true;
  } else if (v == "false" || v == "no" || v == "off") {
    *out = false;
  } else {
    return CaseError(e.value_mark, key, "expected true or false, got " + DescribeNode(e.node));
  }
  return Status::Ok();
}

Status ParseInt(const YAML::Node& node, int64_t* out) {
  if (!node.IsScalar()) return Status(ErrorCode::kConfigError, "");
  const std::string& s = node.Scalar();
  const char* first = s.data();
  const char* last = s.data() + s.size();
  if (first != last && *first == '+') ++first;
  const auto r = std::from_chars(first, last, *out);
  if (first == last || r.ec != std::errc() || r.ptr != last) {
    return Status(ErrorCode::kConfigError, "");
  }
  return Status::Ok();
}

Status SuiteParser::Int(const Entry& e, std::string_view key, int64_t* out) {
  if (!ParseInt(e.node, out).ok()) {
    return CaseError(e.value_mark, key, "expected an integer, got " + DescribeNode(e.node));
  }
  return Status::Ok();
}

Status SuiteParser::Real(const Entry& e, std::string_view key, double* out) {
  const std::string s = e.node.IsScalar() ? e.node.Scalar() : "";
  char* end = nullptr;
  const double v = s.empty() ? 0.0 : std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) {
    return CaseError(e.value_mark, key, "expected a finite number, got " + DescribeNode(e.node));
  }
  *out = v;
  return Status::Ok();
}

Status SuiteParser::IntList(const Entry& e, std::string_view key, std::vector<int64_t>* out) {
  if (!e.node.IsSequence()) {
    return CaseError(e.value_mark, key,
                     "expected a sequence of integers like [2, 3], got " + DescribeNode(e.node));
  }
  std::vector<int64_t> values;
  for (const YAML::Node& item : e.node) {
    int64_t v = 0;
    if (!ParseInt(item, &v).ok()) {
      return CaseError(MarkOf(file_, item, e.value_mark), key,
                       "expected an integer, got " + DescribeNode(item));
    }
    values.push_back(v);
  }
  *out = std::move(values);
  return Status::Ok();
}

Status SuiteParser::Names(const Entry& e, std::string_view key,
                          std::vector<std::pair<std::string, SourceMark>>* out) {
  out->clear();
  if (e.node.IsScalar()) {
    out->emplace_back(e.node.Scalar(), e.value_mark);
    return Status::Ok();
  }
  if (!e.node.IsSequence() || e.node.size() == 0) {
    return CaseError(
        e.value_mark, key,
        "expected a name or a non-empty sequence of names, got " + DescribeNode(e.node));
  }
  for (const YAML::Node& item : e.node) {
    const SourceMark m = MarkOf(file_, item, e.value_mark);
    if (!item.IsScalar()) {
      return CaseError(m, key, "expected a name, got " + DescribeNode(item));
    }
    out->emplace_back(item.Scalar(), m);
  }
  return Status::Ok();
}

Status SuiteParser::Values(const YAML::Node& node, const SourceMark& fallback, std::string_view key,
                           std::vector<CaseValue>* out) {
  const SourceMark m = MarkOf(file_, node, fallback);
  if (node.IsScalar()) {
    out->push_back(CaseValue{node.Scalar(), m});
    return Status::Ok();
  }
  if (!node.IsSequence()) {
    return CaseError(m, key, "expected a value or a sequence of values, got " + DescribeNode(node));
  }
  for (const YAML::Node& item : node) OPSIM_RETURN_IF_ERROR(Values(item, m, key, out));
  return Status::Ok();
}

std::optional<ReduceKind> ParseReducer(std::string_view name) {
  std::string n = Lower(name);
  // ATB's REDUCE_SUM and ONNX's ReduceSum name the same reducer as plain "sum".
  if (n.rfind("reduce_", 0) == 0) {
    n.erase(0, 7);
  } else if (n.rfind("reduce", 0) == 0) {
    n.erase(0, 6);
  }
  if (n == "sum") return ReduceKind::kSum;
  if (n == "max") return ReduceKind::kMax;
  if (n == "min") return ReduceKind::kMin;
  if (n == "prod") return ReduceKind::kProd;
  return std::nullopt;
}

Status SuiteParser::ParseData(const Entry& e, DataSpec* data) {
  Fields f;
  if (e.node.IsScalar()) {
    f.emplace("kind", e);
  } else {
    OPSIM_RETURN_IF_ERROR(ReadMap(e.node, e.value_mark, "data", kDataKeys, &f));
  }
  if (f.count("kind") == 0) {
    return CaseError(e.value_mark, "kind", "data needs a 'kind' (" + JoinNames(kDataKinds) + ")");
  }
  std::string kind;
  OPSIM_RETURN_IF_ERROR(Text(f["kind"], "kind", &kind));
  const std::string k = Lower(kind);
  if (k == "auto") {
    data->kind = DataKind::kAuto;
  } else if (k == "uniform") {
    data->kind = DataKind::kUniform;
  } else if (k == "normal") {
    data->kind = DataKind::kNormal;
  } else if (k == "int_range") {
    data->kind = DataKind::kIntRange;
  } else if (k == "special") {
    data->kind = DataKind::kSpecial;
  } else {
    return CaseError(f["kind"].value_mark, "kind",
                     "unknown data kind '" + kind + "' (did you mean '" +
                         std::string(NearestName(kind, kDataKinds)) +
                         "'? explicit values go in the case's 'values' key)");
  }
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
    if (f.count("low")) OPSIM_RETURN_IF_ERROR(Int(f["low"], "low", &data->int_low));
    if (f.count("high")) OPSIM_RETURN_IF_ERROR(Int(f["high"], "high", &data->int_high));
    if (data->int_low > data->int_high) {
      return CaseError(e.value_mark, "low",
                       std::to_string(data->int_low) + " is above high = " +
                           std::to_string(data->int_high) + " (expected low <= high)");
    }
    return Status::Ok();
  }
  if (f.count("low")) OPSIM_RETURN_IF_ERROR(Real(f["low"], "low", &data->low));
  if (f.count("high")) OPSIM_RETURN_IF_ERROR(Real(f["high"], "high", &data->high));
  if (f.count("mean")) OPSIM_RETURN_IF_ERROR(Real(f["mean"], "mean", &data->mean));
  if (f.count("stddev")) OPSIM_RETURN_IF_ERROR(Real(f["stddev"], "stddev", &data->stddev));
  if (f.count("rate")) OPSIM_RETURN_IF_ERROR(Real(f["rate"], "rate", &data->rate));
  if (data->low > data->high) {
    return CaseError(e.value_mark, "low", "is above high (expected low <= high)");
  }
  if (data->stddev < 0) {
    return CaseError(f["stddev"].value_mark, "stddev", "must be >= 0");
  }
  if (data->rate < 0 || data->rate > 1) {
    return CaseError(f["rate"].value_mark, "rate", "must be in [0, 1]");
  }
  if (data->kind == DataKind::kSpecial) {
    if (f.count("specials") == 0) {
      return CaseError(e.value_mark, "specials",
                       "missing: data kind 'special' needs a list of special values");
    }
    OPSIM_RETURN_IF_ERROR(
        Values(f["specials"].node, f["specials"].value_mark, "specials", &data->specials));
    if (data->specials.empty()) {
      return CaseError(f["specials"].value_mark, "specials", "must not be empty");
    }
  }
  return Status::Ok();
}

Status SuiteParser::ParseCase(const YAML::Node& node, const Fields& defaults, CaseSpec* spec) {
  spec->mark = MarkOf(file_, node, SourceMark{file_, 0, 0});
  Fields own;
  OPSIM_RETURN_IF_ERROR(ReadMap(node, spec->mark, "a case", kCaseKeys, &own));
  // Never assign one YAML::Node to another: yaml-cpp then rewrites the node it referred to
  // (here: the defaults, for every later case). Erase and copy-construct instead.
  Fields f = defaults;
  for (const auto& [key, entry] : own) {
    f.erase(key);
    f.emplace(key, entry);
  }
  auto need = [&](std::string_view key) -> Status {
    if (f.count(key) != 0) return Status::Ok();
    return CaseError(spec->mark, key, "missing required key in a case");
  };
  OPSIM_RETURN_IF_ERROR(need("name"));
  OPSIM_RETURN_IF_ERROR(Text(f["name"], "name", &spec->name));
  if (spec->name.find('/') != std::string::npos) {
    return CaseError(f["name"].value_mark, "name",
                     "'" + spec->name + "' must not contain '/' (it separates name parts)");
  }
  if (f.count("front_door")) {
    std::string door;
    OPSIM_RETURN_IF_ERROR(Text(f["front_door"], "front_door", &door));
    const std::string d = Lower(door);
    if (d == "atb") {
      spec->front_door = FrontDoor::kAtb;
    } else if (d == "onnx") {
      spec->front_door = FrontDoor::kOnnx;
    } else if (d == "openvino") {
      spec->front_door = FrontDoor::kOpenVino;
    } else {
      return CaseError(f["front_door"].value_mark, "front_door",
                       "unknown front door '" + door + "' (did you mean '" +
                           std::string(NearestName(door, kFrontDoors)) + "'? expected " +
                           JoinNames(kFrontDoors) + ")");
    }
  }
  const bool atb = spec->front_door == FrontDoor::kAtb;
  const bool onnx = spec->front_door == FrontDoor::kOnnx;

  OPSIM_RETURN_IF_ERROR(need("reducers"));
  std::vector<std::pair<std::string, SourceMark>> names;
  OPSIM_RETURN_IF_ERROR(Names(f["reducers"], "reducers", &names));
  for (const auto& [n, m] : names) {
    if (Lower(n) == "all" && names.size() == 1) {
      spec->kinds = {ReduceKind::kSum, ReduceKind::kMax, ReduceKind::kMin, ReduceKind::kProd};
      break;
    }
    const std::optional<ReduceKind> kind = ParseReducer(n);
    if (!kind) {
      return CaseError(m, "reducers",
                       "unknown reducer '" + n + "' (did you mean '" +
                           std::string(NearestName(n, kReducers)) + "'? expected " +
                           JoinNames(kReducers) + " or all)");
    }
    if (std::find(spec->kinds.begin(), spec->kinds.end(), *kind) != spec->kinds.end()) {
      return CaseError(m, "reducers", "reducer '" + n + "' is listed twice");
    }
    spec->kinds.push_back(*kind);
  }

  OPSIM_RETURN_IF_ERROR(need("dtypes"));
  spec->dtypes_mark = f["dtypes"].value_mark;
  OPSIM_RETURN_IF_ERROR(Names(f["dtypes"], "dtypes", &names));
  for (const auto& [n, m] : names) {
    if (Lower(n) == "all" && names.size() == 1) {
      spec->all_dtypes = true;
      break;
    }
    const std::optional<DType> dtype = ParseDType(n);
    if (!dtype) {
      std::vector<std::string_view> known;
      for (DType d : AllDTypes()) known.push_back(DTypeName(d));
      return CaseError(m, "dtypes",
                       "unknown dtype '" + n + "' (did you mean '" +
                           std::string(NearestName(n, known)) + "'? expected " + JoinNames(known) +
                           " or all)");
    }
    for (const auto& seen : spec->dtypes) {
      if (seen.first == *dtype) {
        return CaseError(m, "dtypes", "dtype '" + n + "' is listed twice");
      }
    }
    spec->dtypes.emplace_back(*dtype, m);
  }

  OPSIM_RETURN_IF_ERROR(need("shape"));
  OPSIM_RETURN_IF_ERROR(IntList(f["shape"], "shape", &spec->shape));
  if (f.count("axes")) {
    std::vector<int64_t> axes;
    OPSIM_RETURN_IF_ERROR(IntList(f["axes"], "axes", &axes));
    spec->axes = std::move(axes);
  } else if (!onnx) {
    return CaseError(spec->mark, "axes",
                     "missing: the " + std::string(FrontDoorName(spec->front_door)) +
                         " front door needs axes (only ONNX may leave them out)");
  }

  if (f.count("keep_dims")) {
    const Entry& e = f["keep_dims"];
    if (e.node.IsScalar() && Lower(e.node.Scalar()) == "both") {
      spec->keeps = {false, true};
    } else if (e.node.IsSequence()) {
      for (const YAML::Node& item : e.node) {
        bool keep = false;
        OPSIM_RETURN_IF_ERROR(
            Bool(Entry{item, e.key_mark, MarkOf(file_, item, e.value_mark)}, "keep_dims", &keep));
        spec->keeps.push_back(keep);
      }
      if (spec->keeps.empty() || (spec->keeps.size() == 2 && spec->keeps[0] == spec->keeps[1]) ||
          spec->keeps.size() > 2) {
        return CaseError(e.value_mark, "keep_dims",
                         "a list must hold false, true or both once each");
      }
    } else {
      bool keep = false;
      OPSIM_RETURN_IF_ERROR(Bool(e, "keep_dims", &keep));
      spec->keeps = {keep};
    }
    if (atb && std::find(spec->keeps.begin(), spec->keeps.end(), true) != spec->keeps.end()) {
      return CaseError(e.value_mark, "keep_dims",
                       "the ATB front door never keeps reduced dims (expected false)");
    }
  } else {
    spec->keeps = {onnx ? kOnnxDefaultKeepdims : kOpenVinoDefaultKeepDims};
  }
  if (f.count("noop_with_empty_axes")) {
    if (!onnx) {
      return CaseError(f["noop_with_empty_axes"].key_mark, "noop_with_empty_axes",
                       "applies to the onnx front door only");
    }
    OPSIM_RETURN_IF_ERROR(
        Bool(f["noop_with_empty_axes"], "noop_with_empty_axes", &spec->noop_with_empty_axes));
  }
  if (f.count("atb_strict")) {
    if (!atb) {
      return CaseError(f["atb_strict"].key_mark, "atb_strict",
                       "applies to the atb front door only");
    }
    OPSIM_RETURN_IF_ERROR(Bool(f["atb_strict"], "atb_strict", &spec->atb_strict));
  }

  if (f.count("devices")) {
    OPSIM_RETURN_IF_ERROR(Names(f["devices"], "devices", &names));
    for (const auto& [n, m] : names) {
      if (Lower(n) == "all" && names.size() == 1) {
        spec->devices = known_devices_;
        break;
      }
      if (std::find(known_devices_.begin(), known_devices_.end(), n) == known_devices_.end()) {
        std::vector<std::string_view> known(known_devices_.begin(), known_devices_.end());
        std::string list;
        for (const auto& d : known_devices_) list += (list.empty() ? "" : ", ") + d;
        return CaseError(m, "devices",
                         "unknown device '" + n + "' (did you mean '" +
                             std::string(NearestName(n, known)) + "'? known: " + list + ")");
      }
      if (std::find(spec->devices.begin(), spec->devices.end(), n) != spec->devices.end()) {
        return CaseError(m, "devices", "device '" + n + "' is listed twice");
      }
      spec->devices.push_back(n);
    }
  } else {
    spec->devices = known_devices_;
  }

  if (own.count("data") && own.count("values")) {
    return CaseError(own["values"].key_mark, "values",
                     "a case gives either 'values' or 'data', not both");
  }
  // A case's own choice wins over the defaults' one.
  if (own.count("values") || (f.count("values") && !own.count("data"))) {
    spec->data.kind = DataKind::kValues;
    OPSIM_RETURN_IF_ERROR(
        Values(f["values"].node, f["values"].value_mark, "values", &spec->data.values));
  } else if (f.count("data")) {
    OPSIM_RETURN_IF_ERROR(ParseData(f["data"], &spec->data));
  }
  if (f.count("seed")) {
    int64_t seed = 0;
    OPSIM_RETURN_IF_ERROR(Int(f["seed"], "seed", &seed));
    if (seed < 0) return CaseError(f["seed"].value_mark, "seed", "must be >= 0");
    spec->seed = static_cast<uint64_t>(seed);
  }
  if (f.count("expected")) {
    spec->expected_mark = f["expected"].value_mark;
    std::vector<CaseValue> values;
    OPSIM_RETURN_IF_ERROR(Values(f["expected"].node, spec->expected_mark, "expected", &values));
    spec->expected = std::move(values);
  }
  if (f.count("expected_shape")) {
    std::vector<int64_t> shape;
    OPSIM_RETURN_IF_ERROR(IntList(f["expected_shape"], "expected_shape", &shape));
    spec->expected_shape = std::move(shape);
  }
  if (f.count("tolerance")) {
    Fields t;
    OPSIM_RETURN_IF_ERROR(
        ReadMap(f["tolerance"].node, f["tolerance"].value_mark, "tolerance", kToleranceKeys, &t));
    ToleranceOverride tol;
    if (t.count("rel")) OPSIM_RETURN_IF_ERROR(Real(t["rel"], "rel", &tol.rel));
    if (t.count("abs")) OPSIM_RETURN_IF_ERROR(Real(t["abs"], "abs", &tol.abs));
    if (tol.rel < 0 || tol.abs < 0) {
      return CaseError(f["tolerance"].value_mark, "tolerance", "rel and abs must be >= 0");
    }
    spec->tolerance = tol;
  }
  if (f.count("skip")) OPSIM_RETURN_IF_ERROR(Text(f["skip"], "skip", &spec->skip));
  if (f.count("description")) {
    std::string unused;
    OPSIM_RETURN_IF_ERROR(Text(f["description"], "description", &unused));
  }
  return Status::Ok();
}

Status SuiteParser::Parse(const YAML::Node& root, std::string* suite,
                          std::vector<CaseSpec>* specs) {
  const SourceMark top{file_, 1, 1};
  Fields f;
  OPSIM_RETURN_IF_ERROR(ReadMap(root, top, "the top level", kTopKeys, &f));
  if (f.count("suite")) OPSIM_RETURN_IF_ERROR(Text(f["suite"], "suite", suite));
  if (f.count("description")) {
    std::string unused;
    OPSIM_RETURN_IF_ERROR(Text(f["description"], "description", &unused));
  }
  Fields defaults;
  if (f.count("defaults")) {
    OPSIM_RETURN_IF_ERROR(
        ReadMap(f["defaults"].node, f["defaults"].value_mark, "defaults", kCaseKeys, &defaults));
    for (std::string_view own_only : {"name", "expected", "expected_shape"}) {
      if (defaults.count(own_only)) {
        return CaseError(defaults.find(own_only)->second.key_mark, own_only,
                         "belongs to each case, not to defaults");
      }
    }
  }
  if (f.count("cases") == 0) {
    return CaseError(top, "cases", "missing: a suite needs a 'cases' sequence");
  }
  const Entry& cases = f["cases"];
  if (!cases.node.IsSequence() || cases.node.size() == 0) {
    return CaseError(cases.value_mark, "cases",
                     "expected a non-empty sequence of cases, got " + DescribeNode(cases.node));
  }
  std::map<std::string, SourceMark> names;
  for (const YAML::Node& item : cases.node) {
    CaseSpec spec;
    OPSIM_RETURN_IF_ERROR(ParseCase(item, defaults, &spec));
    const auto [it, fresh] = names.emplace(spec.name, spec.mark);
    if (!fresh) {
      return CaseError(
          spec.mark, "name",
          "'" + spec.name + "' is used twice (first at " + it->second.ToString() + ")");
    }
    specs->push_back(std::move(spec));
  }
  return Status::Ok();
}

uint64_t Fnv1a(std::string_view text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// splitmix64 finaliser: nearby seeds give unrelated streams.
uint64_t Mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::string KindSlug(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kSum: return "sum";
    case ReduceKind::kMax: return "max";
    case ReduceKind::kMin: return "min";
    case ReduceKind::kProd: return "prod";
  }
  return "unknown";
}

Status Expand(const std::string& suite, const CaseSpec& spec, std::vector<ReduceCase>* out) {
  for (ReduceKind kind : spec.kinds) {
    std::vector<std::pair<DType, SourceMark>> dtypes = spec.dtypes;
    if (spec.all_dtypes) {
      for (const ReduceDTypeSupport& row : ReduceDTypeTable()) {
        const ReduceKindSet set = spec.atb_strict ? row.atb : row.package;
        if (set & ReduceKindBit(kind)) dtypes.emplace_back(row.dtype, spec.dtypes_mark);
      }
    }
    for (const auto& [dtype, dtype_mark] : dtypes) {
      if (!PackageSupportsReduce(kind, dtype)) {
        return CaseError(dtype_mark, "dtypes",
                         "case '" + spec.name + "': " + std::string(ReduceKindName(kind)) +
                             " does not support " + std::string(DTypeName(dtype)) +
                             " (supported: " + ReduceDTypeList(kind, false) + ")");
      }
      // Every value must encode in this dtype (checked once per dtype, not per device).
      std::vector<uint8_t> bytes;
      OPSIM_RETURN_IF_ERROR(EncodeValues(spec.data.values, dtype, &bytes));
      OPSIM_RETURN_IF_ERROR(EncodeValues(spec.data.specials, dtype, &bytes));
      if (spec.expected) OPSIM_RETURN_IF_ERROR(EncodeValues(*spec.expected, dtype, &bytes));
      const std::string stem =
          spec.name + "/" + KindSlug(kind) + "/" + std::string(DTypeName(dtype));
      ReduceCase c;
      c.suite = suite;
      c.base_name = spec.name;
      c.mark = spec.mark;
      c.front_door = spec.front_door;
      c.kind = kind;
      c.dtype = dtype;
      c.shape = spec.shape;
      c.axes = spec.axes;
      c.noop_with_empty_axes = spec.noop_with_empty_axes;
      c.atb_strict = spec.atb_strict;
      c.data = spec.data;
      // Data depends on the seed, name, reducer and dtype, not on the device or keep-dims:
      // every device reduces the same input.
      c.seed = Mix(spec.seed ^ Fnv1a(stem));
      c.expected = spec.expected;
      c.expected_shape = spec.expected_shape;
      c.tolerance = spec.tolerance;
      c.skip = spec.skip;
      for (bool keep : spec.keeps) {
        c.keep_dims = keep;
        const std::string keep_stem = stem + (keep ? "/keep/" : "/drop/");
        // The device does not take part in lowering: one check covers them all.
        c.name = keep_stem + spec.devices.front();
        ReduceRequest request;
        const Status lowered = LowerCase(c, &request);
        if (!lowered.ok()) {
          return CaseError(spec.mark, "",
                           "case '" + c.name + "' does not lower: " + lowered.ToString());
        }
        const int64_t inputs = *request.input.NumElements();
        if (c.data.kind == DataKind::kValues &&
            static_cast<int64_t>(c.data.values.size()) != inputs) {
          return CaseError(c.data.values.empty() ? spec.mark : c.data.values.front().mark, "values",
                           std::to_string(c.data.values.size()) + " values for input shape " +
                               request.input.ToString() + " of " + std::to_string(inputs) +
                               " elements");
        }
        const int64_t outputs = *request.output.NumElements();
        if (c.expected && static_cast<int64_t>(c.expected->size()) != outputs) {
          return CaseError(spec.expected_mark, "expected",
                           std::to_string(c.expected->size()) + " values for output shape " +
                               request.output.ToString() + " of " + std::to_string(outputs) +
                               " elements (case '" + c.name + "')");
        }
        for (const std::string& device : spec.devices) {
          c.name = keep_stem + device;
          c.device = device;
          out->push_back(c);
        }
      }
    }
  }
  return Status::Ok();
}

Status ReadText(const std::string& path, std::string* text) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) {
    return Status(ErrorCode::kConfigError, path + ": case suite file does not exist");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (!in) return Status(ErrorCode::kConfigError, path + ": case suite file cannot be read");
  *text = buffer.str();
  return Status::Ok();
}

Status KnownDevices(const CaseLoadOptions& options, std::vector<std::string>* names) {
  if (!options.known_devices.empty()) {
    *names = options.known_devices;
    return Status::Ok();
  }
  std::vector<sim::DeviceProfile> profiles;
  const Status st = sim::LoadDeviceProfiles(sim::DefaultDeviceDir(), &profiles);
  if (!st.ok()) {
    return Status(ErrorCode::kConfigError,
                  "case suites: cannot list the device profiles: " + st.ToString());
  }
  // The suites' default device order: the flagship first, as SPEC and the tests list them.
  for (const auto& p : profiles) names->push_back(p.name);
  if (names->empty()) {
    return Status(ErrorCode::kConfigError,
                  "case suites: " + sim::DefaultDeviceDir() + " holds no device profile");
  }
  std::sort(names->begin(), names->end(), std::greater<>());
  return Status::Ok();
}

// The *.yaml files of dir, sorted by name.
Status SuiteFiles(const std::string& dir, std::vector<std::string>* files) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) {
    return Status(ErrorCode::kConfigError, dir + ": case suite directory does not exist");
  }
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") {
      files->push_back(entry.path().string());
    }
  }
  std::sort(files->begin(), files->end());
  if (files->empty()) return Status(ErrorCode::kConfigError, dir + ": holds no *.yaml case suite");
  return Status::Ok();
}

}  // namespace

Status LoadCaseFile(const std::string& path, std::vector<ReduceCase>* cases,
                    const CaseLoadOptions& options) {
  if (cases == nullptr) {
    return Status(ErrorCode::kInvalidParam, "LoadCaseFile: cases is null (expected a vector)");
  }
  std::string text;
  OPSIM_RETURN_IF_ERROR(ReadText(path, &text));
  std::vector<std::string> devices;
  OPSIM_RETURN_IF_ERROR(KnownDevices(options, &devices));
  std::string suite = fs::path(path).stem().string();
  std::vector<CaseSpec> specs;
  try {
    const std::vector<YAML::Node> documents = YAML::LoadAll(text);
    if (documents.size() != 1) {
      return CaseError(SourceMark{path, 1, 1}, "",
                       "the file holds " + std::to_string(documents.size()) +
                           " YAML documents (expected exactly one suite)");
    }
    SuiteParser parser(path, devices);
    OPSIM_RETURN_IF_ERROR(parser.Parse(documents.front(), &suite, &specs));
  } catch (const YAML::Exception& e) {
    return CaseError(MarkOf(path, e.mark), "", "YAML syntax error: " + e.msg);
  }
  std::vector<ReduceCase> expanded;
  for (const CaseSpec& spec : specs) OPSIM_RETURN_IF_ERROR(Expand(suite, spec, &expanded));
  cases->insert(cases->end(), std::make_move_iterator(expanded.begin()),
                std::make_move_iterator(expanded.end()));
  return Status::Ok();
}

Status LoadCaseDir(const std::string& dir, std::vector<ReduceCase>* cases,
                   const CaseLoadOptions& options) {
  if (cases == nullptr) {
    return Status(ErrorCode::kInvalidParam, "LoadCaseDir: cases is null (expected a vector)");
  }
  std::vector<std::string> files;
  OPSIM_RETURN_IF_ERROR(SuiteFiles(dir, &files));
  // The profiles are listed once for the whole directory.
  CaseLoadOptions resolved = options;
  if (resolved.known_devices.empty()) {
    OPSIM_RETURN_IF_ERROR(KnownDevices(options, &resolved.known_devices));
  }
  std::vector<ReduceCase> all;
  for (const std::string& file : files) {
    OPSIM_RETURN_IF_ERROR(LoadCaseFile(file, &all, resolved));
  }
  std::map<std::string, const ReduceCase*> seen;
  for (const ReduceCase& c : all) {
    const auto [it, fresh] = seen.emplace(c.FullName(), &c);
    if (!fresh) {
      return CaseError(c.mark, "suite",
                       "case '" + c.FullName() + "' is also defined at " +
                           it->second->mark.ToString() + " (give each file its own suite name)");
    }
  }
  cases->insert(cases->end(), std::make_move_iterator(all.begin()),
                std::make_move_iterator(all.end()));
  return Status::Ok();
}

Status ListCaseEntries(const std::string& dir, std::vector<CaseEntry>* entries) {
  if (entries == nullptr) {
    return Status(ErrorCode::kInvalidParam, "ListCaseEntries: entries is null (expected a vector)");
  }
  std::vector<std::string> files;
  OPSIM_RETURN_IF_ERROR(SuiteFiles(dir, &files));
  std::vector<CaseEntry> out;
  for (const std::string& file : files) {
    std::string text;
    OPSIM_RETURN_IF_ERROR(ReadText(file, &text));
    try {
      const YAML::Node root = YAML::Load(text);
      const SourceMark top{file, 1, 1};
      std::string suite = fs::path(file).stem().string();
      if (root.IsMap() && root["suite"] && root["suite"].IsScalar()) {
        suite = root["suite"].Scalar();
      }
      const YAML::Node cases = root.IsMap() ? root["cases"] : YAML::Node();
      if (!cases || !cases.IsSequence()) {
        return CaseError(top, "cases", "missing: a suite needs a 'cases' sequence");
      }
      for (const YAML::Node& item : cases) {
        const SourceMark mark = MarkOf(file, item, top);
        const YAML::Node name = item.IsMap() ? item["name"] : YAML::Node();
        if (!name || !name.IsScalar()) {
          return CaseError(mark, "name", "missing required key in a case");
        }
        out.push_back(CaseEntry{file, suite, name.Scalar(), mark});
      }
    } catch (const YAML::Exception& e) {
      return CaseError(MarkOf(file, e.mark), "", "YAML syntax error: " + e.msg);
    }
  }
  entries->insert(entries->end(), out.begin(), out.end());
  return Status::Ok();
}

std::string DefaultCaseDir() {
  const char* config_dir = std::getenv("OPSIM_CONFIG_DIR");
  if (config_dir != nullptr && *config_dir != '\0') return std::string(config_dir) + "/cases";
  return OPSIM_SOURCE_CONFIG_DIR "/cases";
}

}  // namespace opsim::cases
