// Case suites: files and folders -> parsed entries (case_parse.cc) -> concrete Cases
// (case_expand.cc). docs/CASES.md describes the format.
#include "opsim/cases/case_loader.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "case_spec.h"
#include "case_yaml.h"
#include "opsim/core/file_read.h"
#include "opsim/sim/device_profile.h"
#include "opsim/yaml/strict_yaml.h"

namespace opsim::cases {
namespace {

namespace fs = std::filesystem;

// A suite is a few hundred lines; this bounds what the YAML parser is handed.
constexpr uint64_t kMaxSuiteBytes = 64 << 20;

Status ReadText(const std::string& path, std::string* text) {
  const Status read = ReadRegularFile(path, kMaxSuiteBytes, "a case suite file", text);
  if (!read.ok()) return Status(ErrorCode::kConfigError, read.message());
  return Status::Ok();
}

// The suite's one document, held to the rules every loader shares (opsim/yaml/strict_yaml.h).
Status ParseSuiteText(const std::string& path, const std::string& text, YAML::Node* root) {
  yaml::YamlProblem problem;
  if (yaml::ParseStrictYaml(text, root, &problem)) return Status::Ok();
  return CaseError(MarkOf(path, problem.mark), problem.key, problem.what);
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

Status LoadCaseFile(const std::string& path, std::vector<Case>* cases,
                    const CaseLoadOptions& options) {
  if (cases == nullptr) {
    return Status(ErrorCode::kInvalidParam, "LoadCaseFile: cases is null (expected a vector)");
  }
  std::string text;
  OPSIM_RETURN_IF_ERROR(ReadText(path, &text));
  std::vector<std::string> devices;
  OPSIM_RETURN_IF_ERROR(KnownDevices(options, &devices));
  std::string suite = fs::path(path).stem().string();
  YAML::Node root;
  OPSIM_RETURN_IF_ERROR(ParseSuiteText(path, text, &root));
  std::vector<CaseSpec> specs;
  try {
    OPSIM_RETURN_IF_ERROR(ParseSuite(path, root, devices, &suite, &specs));
  } catch (const YAML::Exception& e) {
    return CaseError(MarkOf(path, e.mark), "", "YAML error: " + e.msg);
  }
  std::vector<Case> expanded;
  for (const CaseSpec& spec : specs)
    OPSIM_RETURN_IF_ERROR(ExpandCase(suite, spec, options.select, &expanded));
  cases->insert(cases->end(), std::make_move_iterator(expanded.begin()),
                std::make_move_iterator(expanded.end()));
  return Status::Ok();
}

Status LoadCaseDir(const std::string& dir, std::vector<Case>* cases,
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
  std::vector<Case> all;
  for (const std::string& file : files) {
    OPSIM_RETURN_IF_ERROR(LoadCaseFile(file, &all, resolved));
  }
  std::map<std::string, const Case*> seen;
  for (const Case& c : all) {
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
    YAML::Node root;
    OPSIM_RETURN_IF_ERROR(ParseSuiteText(file, text, &root));
    try {
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
      return CaseError(MarkOf(file, e.mark), "", "YAML error: " + e.msg);
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
