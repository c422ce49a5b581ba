// `opsim devices`: the shipped device profiles and their figures.
#include <cstdio>

#include "cli_util.h"
#include "commands.h"
#include "opsim/sim/device_profile.h"

namespace opsim::cli {

CommandRunner AddDevicesCommand(CLI::App& parent) {
  parent.add_subcommand("devices", "List the device profiles and their figures");
  return [] {
    std::vector<sim::DeviceProfile> profiles;
    const Status st = sim::LoadDeviceProfiles(sim::DefaultDeviceDir(), &profiles);
    if (!st.ok()) return Report("devices", st.ToString(), kExitFailure);
    std::printf("%-12s %-10s %6s %8s %6s %8s %9s %10s\n", "name", "arch", "cores", "UB KiB", "pad",
                "GHz", "HBM GB/s", "DMA GB/s");
    for (const sim::DeviceProfile& d : profiles) {
      std::printf("%-12s %-10s %6u %8u %6s %8.2f %9.1f %10.2f\n", d.name.c_str(),
                  d.architecture.c_str(), d.vector_cores, d.ub_bytes / 1024,
                  d.has_data_copy_pad ? "yes" : "no", d.clock_ghz, d.hbm_gbps, d.dma_gbps_per_core);
    }
    return 0;
  };
}

}  // namespace opsim::cli
