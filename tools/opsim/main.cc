// opsim: the command line of the simulated NPU.
#include <cstdio>
#include <string>
#include <vector>

#include "commands.h"

namespace {

constexpr const char* kUsage =
    "usage: opsim <command> [options]\n"
    "commands:\n"
    "  demo [--device NAME] [--threads N] [--trace FILE]\n"
    "        run the example add kernel on the simulated NPU and report its cost\n"
    "  devices\n"
    "        list the device profiles and their figures\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::fputs(kUsage, args.empty() ? stderr : stdout);
    return args.empty() ? 2 : 0;
  }
  const std::string command = args[0];
  args.erase(args.begin());
  if (command == "demo") return opsim::cli::RunDemo(args);
  if (command == "devices") return opsim::cli::RunDevices(args);
  std::fprintf(stderr, "opsim: unknown command '%s'\n%s", command.c_str(), kUsage);
  return 2;
}
