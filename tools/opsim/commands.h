// The opsim subcommands. Each Add*Command registers its CLI11 subcommand on `parent`, binding
// its options to state the returned runner owns; main runs the runner of the parsed command and
// exits with what it returns (0 success, 1 failure, 2 bad usage).
#pragma once

#include <functional>

#include "CLI/CLI.hpp"

namespace opsim::cli {

using CommandRunner = std::function<int()>;

CommandRunner AddRunCommand(CLI::App& parent);
CommandRunner AddExecCommand(CLI::App& parent);
CommandRunner AddGraphCommand(CLI::App& parent);
CommandRunner AddBenchCommand(CLI::App& parent);
CommandRunner AddDevicesCommand(CLI::App& parent);
CommandRunner AddOnnxTestCommand(CLI::App& parent);
CommandRunner AddReportCommand(CLI::App& parent);

}  // namespace opsim::cli
