// Where the CPU-debug runtime finds the device profiles, with nothing set by the user.
#pragma once

#include <string>

#include "opsim/core/status.h"
#include "opsim/sim/device_profile.h"

namespace opsim::cpudebug {

// The devices/ directory: $OPSIM_CONFIG_DIR/devices when set; else <prefix>/share/opsim/devices
// beside the installed library that holds this code (found from its own path, so a program
// copied out of its build tree still finds it); else the source tree's configs/devices.
std::string DeviceProfileDir();
// Loads DeviceProfileDir()/<name>.yaml.
Status LoadProfile(const std::string& name, sim::DeviceProfile* out);

}  // namespace opsim::cpudebug
