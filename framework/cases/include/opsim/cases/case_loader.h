// Loads case suites (docs/CASES.md) and expands them into concrete Cases.
//
// Every error is kConfigError and names the file, line:column and key, with the rule that was
// broken (an unknown key, dtype, device or operator suggests the nearest valid one). Expansion
// also creates every (op, attributes, dtype) through the registry and infers its outputs, and
// encodes every explicit value and expected output, so a suite that loads runs. The operators
// of an operator library must be loaded (op_api::LoadOpLibrary) before its suites.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "opsim/cases/case.h"
#include "opsim/core/status.h"

namespace opsim::cases {

struct CaseLoadOptions {
  // Device names a case may use; empty: the profiles in sim::DefaultDeviceDir().
  std::vector<std::string> known_devices;
  // When set, only the cases whose full name ("suite/name/.../device") it accepts are expanded
  // and returned: a run of a few cases out of thousands does not create, dry-run and encode
  // the rest. Their YAML is still parsed and checked; what only expansion finds (an operator
  // refusing its attributes, values that do not encode) shows in a load that selects them.
  std::function<bool(const std::string& full_name)> select;
};

// Loads one suite file and appends its expanded cases to *cases (nothing on error).
Status LoadCaseFile(const std::string& path, std::vector<Case>* cases,
                    const CaseLoadOptions& options = {});

// Loads every *.yaml in dir, in file-name order. Case full names must be unique over the dir.
Status LoadCaseDir(const std::string& dir, std::vector<Case>* cases,
                   const CaseLoadOptions& options = {});

// One `cases:` entry of a suite, before expansion: enough to name it and find its cases
// again (Case::base_name == name in LoadCaseFile(file)).
struct CaseEntry {
  std::string file;
  std::string suite;
  std::string name;
  SourceMark mark;
};

// Lists the entries of every *.yaml in dir (file-name order) without checking or expanding
// them: a quick scan for test registration and `--list`. Only YAML syntax errors and a
// missing `cases:` sequence or entry name are reported; LoadCaseFile checks the rest.
Status ListCaseEntries(const std::string& dir, std::vector<CaseEntry>* entries);

// The shipped suites: $OPSIM_CONFIG_DIR/cases if set, else <source tree>/configs/cases.
std::string DefaultCaseDir();

}  // namespace opsim::cases
