// The opsim subcommands. Each takes the arguments after its name and returns the exit status.
#pragma once

#include <string>
#include <vector>

namespace opsim::cli {

int RunDemo(const std::vector<std::string>& args);
int RunDevices(const std::vector<std::string>& args);

}  // namespace opsim::cli
