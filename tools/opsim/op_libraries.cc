#include "op_libraries.h"

#include <cstdlib>
#include <iostream>

#include "cli_util.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::cli {

std::shared_ptr<std::vector<std::string>> AddLibraryOption(CLI::App* command) {
  auto libraries = std::make_shared<std::vector<std::string>>();
  command
      ->add_option("--library", *libraries,
                   "Operator library to load (opsim_add_op_library; repeatable; also "
                   "OPSIM_OP_LIBRARIES=a.so:b.so)")
      ->allow_extra_args(false);  // one path per --library, so positionals stay positionals
  return libraries;
}

int LoadOperatorLibraries(const std::string& command, const std::vector<std::string>& libraries) {
  if (const char* env = std::getenv("OPSIM_OP_LIBRARIES"); env != nullptr) {
    if (Status st = op_api::LoadOpLibraries(env); !st.ok()) {
      return Report(command, "OPSIM_OP_LIBRARIES: " + st.message(), kExitFailure);
    }
  }
  for (const std::string& path : libraries) {
    if (path.empty()) return UsageError(command, "--library: the path is empty");
    std::vector<std::string> replaced;
    if (Status st = op_api::LoadOpLibrary(path, nullptr, &replaced); !st.ok()) {
      return Report(command, "--library: " + st.message(), kExitFailure);
    }
    // Said once per op, so a user who meant opsim's own op sees why another one runs.
    for (const std::string& type : replaced) {
      std::cerr << "opsim " << command << ": note: --library " << path << ": its op " << type
                << " replaces opsim's built-in " << type << "\n";
    }
  }
  return 0;
}

}  // namespace opsim::cli
