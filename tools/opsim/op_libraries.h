// --library FILE (repeatable) on the commands that run operators, and OPSIM_OP_LIBRARIES: user
// operator libraries (opsim_add_op_library) loaded before the command runs.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"

namespace opsim::cli {

// Adds --library to `command`; the returned list fills when the command line is parsed.
std::shared_ptr<std::vector<std::string>> AddLibraryOption(CLI::App* command);

// Loads OPSIM_OP_LIBRARIES (colon-separated), then `libraries`. Reports the first error as
// "opsim <command>: ..." and returns kExitFailure; 0 when all loaded.
int LoadOperatorLibraries(const std::string& command, const std::vector<std::string>& libraries);

}  // namespace opsim::cli
