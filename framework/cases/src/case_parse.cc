// Case suites: YAML -> checked CaseSpecs (docs/CASES.md). Everything that can be checked without
// the operator is checked here; case_expand.cc checks the rest against the registry.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "case_parse_keys.h"
#include "case_spec.h"
#include "case_yaml.h"
#include "opsim/yaml/strict_yaml.h"

namespace opsim::cases {
namespace {

constexpr std::string_view kTopKeys[] = {"suite", "description", "defaults", "cases"};
constexpr std::string_view kCaseKeys[] = {
    "name",    "description", "op",       "attrs",          "vary",      "dtypes", "inputs",
    "devices", "seed",        "expected", "expected_shape", "tolerance", "skip"};
constexpr std::string_view kInputKeys[] = {"dtype", "shape", "data", "values", "npy"};
constexpr std::string_view kToleranceKeys[] = {"rel", "abs"};

bool EndsWithNpy(const YAML::Node& node) {
  if (!node.IsScalar()) return false;
  const std::string s = Lower(node.Scalar());
  return s.size() > 4 && s.compare(s.size() - 4, 4, ".npy") == 0;
}

class SuiteParser {
 public:
  SuiteParser(const std::string& file, std::vector<std::string> devices)
      : yaml_(file), known_devices_(std::move(devices)) {}

  Status Parse(const YAML::Node& root, std::string* suite, std::vector<CaseSpec>* specs);

 private:
  Status ParseCase(const YAML::Node& node, const Fields& defaults, CaseSpec* spec);
  Status ParseDTypes(const Entry& e, CaseSpec* spec);
  Status ParseInputs(const Entry& e, CaseSpec* spec);
  Status ParseDevices(const Entry& e, CaseSpec* spec);
  Status ParseExpected(const Entry& e, CaseSpec* spec);
  Status ParseExpectedShape(const Entry& e, CaseSpec* spec);
  Status ParseTolerance(const Entry& e, CaseSpec* spec);

  // A file named in the suite, relative to the suite's folder.
  std::string Resolve(const std::string& name) const {
    const std::filesystem::path p(name);
    const std::filesystem::path dir = std::filesystem::path(yaml_.file()).parent_path();
    return (p.is_absolute() ? p : dir / p).lexically_normal().string();
  }

  YamlReader yaml_;
  std::vector<std::string> known_devices_;
};

Status SuiteParser::ParseDTypes(const Entry& e, CaseSpec* spec) {
  spec->dtypes_mark = e.value_mark;
  std::vector<std::pair<std::string, SourceMark>> names;
  OPSIM_RETURN_IF_ERROR(yaml_.Names(e, "dtypes", &names));
  for (const auto& [n, m] : names) {
    if (Lower(n) == "all" && names.size() == 1) {
      spec->all_dtypes = true;
      return Status::Ok();
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
      if (seen.first == *dtype) return CaseError(m, "dtypes", "dtype '" + n + "' is listed twice");
    }
    spec->dtypes.emplace_back(*dtype, m);
  }
  return Status::Ok();
}

Status SuiteParser::ParseInputs(const Entry& e, CaseSpec* spec) {
  if (!e.node.IsSequence() || e.node.size() == 0) {
    return CaseError(e.value_mark, "inputs",
                     "expected a non-empty sequence of inputs ({shape: [..], ...}), got " +
                         DescribeNode(e.node));
  }
  for (const YAML::Node& item : e.node) {
    InputSpec in;
    in.mark = yaml_.Mark(item, e.value_mark);
    Fields f;
    OPSIM_RETURN_IF_ERROR(yaml_.ReadMap(item, in.mark, "an input", kInputKeys, &f));
    if (f.count("npy")) {
      for (const auto& [key, entry] : f) {
        if (key != "npy") {
          return CaseError(entry.key_mark, key,
                           "does not go with 'npy' (the file gives the dtype, shape and data)");
        }
      }
      if (!EndsWithNpy(f["npy"].node)) {
        return CaseError(f["npy"].value_mark, "npy",
                         "expected a .npy file name, got " + DescribeNode(f["npy"].node));
      }
      in.npy = Resolve(f["npy"].node.Scalar());
      in.data.kind = DataKind::kNpy;
      in.data.npy_file = in.npy;
      spec->inputs.push_back(std::move(in));
      continue;
    }
    if (f.count("shape") == 0) {
      return CaseError(in.mark, "shape", "missing required key in an input");
    }
    OPSIM_RETURN_IF_ERROR(yaml_.IntList(f["shape"], "shape", &in.shape));
    if (f.count("dtype")) {
      std::string name;
      OPSIM_RETURN_IF_ERROR(yaml_.Text(f["dtype"], "dtype", &name));
      in.dtype = ParseDType(name);
      if (!in.dtype) {
        std::vector<std::string_view> known;
        for (DType d : AllDTypes()) known.push_back(DTypeName(d));
        return CaseError(f["dtype"].value_mark, "dtype",
                         "unknown dtype '" + name + "' (did you mean '" +
                             std::string(NearestName(name, known)) + "'?)");
      }
    }
    if (f.count("data") && f.count("values")) {
      return CaseError(f["values"].key_mark, "values",
                       "an input gives either 'values' or 'data', not both");
    }
    if (f.count("values")) {
      in.data.kind = DataKind::kValues;
      OPSIM_RETURN_IF_ERROR(
          yaml_.Values(f["values"].node, f["values"].value_mark, "values", &in.data.values));
    } else if (f.count("data")) {
      OPSIM_RETURN_IF_ERROR(ParseDataSpec(yaml_, f["data"], &in.data));
    }
    spec->inputs.push_back(std::move(in));
  }
  return Status::Ok();
}

Status SuiteParser::ParseDevices(const Entry& e, CaseSpec* spec) {
  std::vector<std::pair<std::string, SourceMark>> names;
  OPSIM_RETURN_IF_ERROR(yaml_.Names(e, "devices", &names));
  for (const auto& [n, m] : names) {
    if (Lower(n) == "all" && names.size() == 1) {
      spec->devices = known_devices_;
      return Status::Ok();
    }
    if (std::find(known_devices_.begin(), known_devices_.end(), n) == known_devices_.end()) {
      std::vector<std::string_view> known(known_devices_.begin(), known_devices_.end());
      return CaseError(m, "devices",
                       "unknown device '" + n + "' (did you mean '" +
                           std::string(NearestName(n, known)) + "'? known: " + JoinNames(known) +
                           ")");
    }
    if (std::find(spec->devices.begin(), spec->devices.end(), n) != spec->devices.end()) {
      return CaseError(m, "devices", "device '" + n + "' is listed twice");
    }
    spec->devices.push_back(n);
  }
  return Status::Ok();
}

// Values of output 0, or .npy files: one (output 0) or a list (one per output, in order).
Status SuiteParser::ParseExpected(const Entry& e, CaseSpec* spec) {
  auto npy = [&](const YAML::Node& node, const SourceMark& mark) {
    ExpectedSpec x;
    x.mark = mark;
    x.npy = Resolve(node.Scalar());
    return x;
  };
  if (EndsWithNpy(e.node)) {
    spec->expected.emplace_back(npy(e.node, e.value_mark));
    return Status::Ok();
  }
  bool files = e.node.IsSequence() && e.node.size() > 0;
  bool any_file = false;
  if (e.node.IsSequence()) {
    for (const YAML::Node& item : e.node) {
      files = files && EndsWithNpy(item);
      any_file = any_file || EndsWithNpy(item);
    }
  }
  if (files) {
    for (const YAML::Node& item : e.node) {
      spec->expected.emplace_back(npy(item, yaml_.Mark(item, e.value_mark)));
    }
    return Status::Ok();
  }
  if (any_file) {
    return CaseError(e.value_mark, "expected",
                     "mixes .npy files and values (expected: values of output 0, or one .npy "
                     "file per output)");
  }
  ExpectedSpec x;
  x.mark = e.value_mark;
  OPSIM_RETURN_IF_ERROR(yaml_.Values(e.node, e.value_mark, "expected", &x.values));
  spec->expected.emplace_back(std::move(x));
  return Status::Ok();
}

// [dims] of output 0, or [[dims], [dims], ...] one per output.
Status SuiteParser::ParseExpectedShape(const Entry& e, CaseSpec* spec) {
  spec->expected_shape_mark = e.value_mark;
  bool nested = e.node.IsSequence() && e.node.size() > 0;
  if (e.node.IsSequence()) {
    for (const YAML::Node& item : e.node) nested = nested && item.IsSequence();
  }
  if (!nested) {
    std::vector<int64_t> dims;
    OPSIM_RETURN_IF_ERROR(yaml_.IntList(e, "expected_shape", &dims));
    spec->expected_shapes.emplace_back(std::move(dims));
    return Status::Ok();
  }
  for (const YAML::Node& item : e.node) {
    std::vector<int64_t> dims;
    const SourceMark m = yaml_.Mark(item, e.value_mark);
    OPSIM_RETURN_IF_ERROR(yaml_.IntList(Entry{item, m, m}, "expected_shape", &dims));
    spec->expected_shapes.emplace_back(std::move(dims));
  }
  return Status::Ok();
}

// Bounds for the `expected` values, which the case must have.
Status SuiteParser::ParseTolerance(const Entry& e, CaseSpec* spec) {
  Fields t;
  OPSIM_RETURN_IF_ERROR(yaml_.ReadMap(e.node, e.value_mark, "tolerance", kToleranceKeys, &t));
  ToleranceOverride tol;
  if (t.count("rel")) OPSIM_RETURN_IF_ERROR(yaml_.Real(t["rel"], "rel", &tol.rel));
  if (t.count("abs")) OPSIM_RETURN_IF_ERROR(yaml_.Real(t["abs"], "abs", &tol.abs));
  if (tol.rel < 0 || tol.abs < 0) {
    return CaseError(e.value_mark, "tolerance", "rel and abs must be >= 0");
  }
  if (spec->expected.empty()) {
    return CaseError(e.key_mark, "tolerance", "applies to 'expected' only, and the case has none");
  }
  spec->tolerance = tol;
  return Status::Ok();
}

Status SuiteParser::ParseCase(const YAML::Node& node, const Fields& defaults, CaseSpec* spec) {
  spec->mark = yaml_.Mark(node, SourceMark{yaml_.file(), 0, 0});
  Fields own;
  OPSIM_RETURN_IF_ERROR(yaml_.ReadMap(node, spec->mark, "a case", kCaseKeys, &own));
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
  OPSIM_RETURN_IF_ERROR(yaml_.Text(f["name"], "name", &spec->name));
  if (spec->name.find('/') != std::string::npos) {
    return CaseError(f["name"].value_mark, "name",
                     "'" + spec->name + "' must not contain '/' (it separates name parts)");
  }
  OPSIM_RETURN_IF_ERROR(need("op"));
  OPSIM_RETURN_IF_ERROR(yaml_.Names(f["op"], "op", &spec->ops));
  for (size_t i = 0; i < spec->ops.size(); ++i) {
    const auto& [op, mark] = spec->ops[i];
    if (op.find('/') != std::string::npos || op.empty()) {
      return CaseError(mark, "op", "'" + op + "' is not an operator name");
    }
    for (size_t j = 0; j < i; ++j) {
      if (spec->ops[j].first == op) return CaseError(mark, "op", "'" + op + "' is listed twice");
    }
  }
  OPSIM_RETURN_IF_ERROR(ParseCaseAttrs(yaml_, defaults, own, spec));
  if (f.count("dtypes")) OPSIM_RETURN_IF_ERROR(ParseDTypes(f["dtypes"], spec));
  OPSIM_RETURN_IF_ERROR(need("inputs"));
  OPSIM_RETURN_IF_ERROR(ParseInputs(f["inputs"], spec));
  if (spec->dtypes.empty() && !spec->all_dtypes) {
    for (const InputSpec& in : spec->inputs) {
      if (!in.dtype && in.npy.empty()) {
        return CaseError(in.mark, "dtype",
                         "missing: this input names no dtype and the case has no 'dtypes'");
      }
    }
  }
  if (f.count("devices")) {
    OPSIM_RETURN_IF_ERROR(ParseDevices(f["devices"], spec));
  } else {
    spec->devices = known_devices_;
  }
  if (f.count("seed")) {
    int64_t seed = 0;
    OPSIM_RETURN_IF_ERROR(yaml_.Int(f["seed"], "seed", &seed));
    if (seed < 0) return CaseError(f["seed"].value_mark, "seed", "must be >= 0");
    spec->seed = static_cast<uint64_t>(seed);
  }
  if (f.count("expected")) OPSIM_RETURN_IF_ERROR(ParseExpected(f["expected"], spec));
  if (f.count("expected_shape")) {
    OPSIM_RETURN_IF_ERROR(ParseExpectedShape(f["expected_shape"], spec));
  }
  if (f.count("tolerance")) OPSIM_RETURN_IF_ERROR(ParseTolerance(f["tolerance"], spec));
  if (f.count("skip")) OPSIM_RETURN_IF_ERROR(yaml_.Text(f["skip"], "skip", &spec->skip));
  if (f.count("description")) {
    std::string unused;
    OPSIM_RETURN_IF_ERROR(yaml_.Text(f["description"], "description", &unused));
  }
  return Status::Ok();
}

Status SuiteParser::Parse(const YAML::Node& root, std::string* suite,
                          std::vector<CaseSpec>* specs) {
  const SourceMark top{yaml_.file(), 1, 1};
  Fields f;
  OPSIM_RETURN_IF_ERROR(yaml_.ReadMap(root, top, "the top level", kTopKeys, &f));
  if (f.count("suite")) OPSIM_RETURN_IF_ERROR(yaml_.Text(f["suite"], "suite", suite));
  if (f.count("description")) {
    std::string unused;
    OPSIM_RETURN_IF_ERROR(yaml_.Text(f["description"], "description", &unused));
  }
  Fields defaults;
  if (f.count("defaults")) {
    OPSIM_RETURN_IF_ERROR(yaml_.ReadMap(f["defaults"].node, f["defaults"].value_mark, "defaults",
                                        kCaseKeys, &defaults));
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

}  // namespace

Status ParseSuite(const std::string& file, const YAML::Node& root,
                  const std::vector<std::string>& known_devices, std::string* suite,
                  std::vector<CaseSpec>* specs) {
  SuiteParser parser(file, known_devices);
  return parser.Parse(root, suite, specs);
}

}  // namespace opsim::cases
