// opsim: the command line of the simulated NPU and its test harness.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "CLI/CLI.hpp"
#include "cli_util.h"
#include "commands.h"
#include "op_libraries.h"
#include "strict_flags.h"

int main(int argc, char** argv) {
  CLI::App app{"opsim: run operators on the simulated Ascend-style NPU and check them"};
  app.name("opsim");
  app.require_subcommand(1, 1);
  app.fallthrough(false);
  const std::vector<std::pair<const char*, opsim::cli::CommandRunner>> commands = {
      {"run", opsim::cli::AddRunCommand(app)},
      {"exec", opsim::cli::AddExecCommand(app)},
      {"graph", opsim::cli::AddGraphCommand(app)},
      {"bench", opsim::cli::AddBenchCommand(app)},
      {"devices", opsim::cli::AddDevicesCommand(app)},
      {"onnx-test", opsim::cli::AddOnnxTestCommand(app)},
      {"report", opsim::cli::AddReportCommand(app)},
  };
  // The commands that run operators also run the ones of user libraries.
  std::vector<std::pair<std::string, std::shared_ptr<std::vector<std::string>>>> libraries;
  for (const char* name : {"run", "exec", "graph", "bench", "onnx-test"}) {
    libraries.emplace_back(name, opsim::cli::AddLibraryOption(app.get_subcommand(name)));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::string where = "opsim";
    for (const CLI::App* sub : app.get_subcommands()) where += " " + sub->get_name();
    std::fprintf(stderr, "%s: %s\nRun '%s --help' for usage.\n", where.c_str(),
                 opsim::cli::UsageMessage(e.what()).c_str(), where.c_str());
    return opsim::cli::kExitUsage;
  }
  for (const auto& [name, list] : libraries) {
    if (!app.got_subcommand(name)) continue;
    if (int rc = opsim::cli::LoadOperatorLibraries(name, *list); rc != 0) return rc;
  }
  for (const auto& [name, runner] : commands) {
    if (app.got_subcommand(name)) return runner();
  }
  return opsim::cli::kExitUsage;
}
