// Shared helpers for the simulator runtime tests: a fixed device and a one-block launcher.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "opsim/sim/device_profile.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::testing {

// A small, fully specified chip so the tests do not depend on the shipped YAML figures.
inline DeviceProfile TestDevice(uint32_t cores = 4, bool has_pad = true, uint32_t ub = 192 * 1024) {
  DeviceProfile d;
  d.name = has_pad ? "testchip" : "testchip-nopad";
  d.architecture = "test";
  d.vector_cores = cores;
  d.ub_bytes = ub;
  d.copy_align_bytes = 32;
  d.vector_repeat_bytes = 256;
  d.max_repeat = 255;
  d.has_data_copy_pad = has_pad;
  d.clock_ghz = 1.0;
  d.hbm_gbps = 1000;
  d.dma_gbps_per_core = 32;
  d.vector_cycles_per_repeat = 1;
  d.scalar_cycles = 1;
  d.launch_us = 2;
  d.instr_issue_cycles = 4;
  d.dma_setup_ns = 100;
  d.dma_issue_ns = 10;
  d.sync_all_ns = 500;
  return d;
}

// Runs `kernel` on one block of TestDevice() and returns the result.
inline LaunchResult RunOne(const std::function<void()>& kernel, bool checked = true,
                           std::vector<GmRegion> regions = {}, bool has_pad = true) {
  LaunchOptions options;
  options.checked = checked;
  options.regions = std::move(regions);
  return Launch(TestDevice(4, has_pad), 1, options, kernel);
}

// A GM region named for the checks' messages, over a test's host vector.
template <typename T>
GmRegion Region(const std::vector<T>& v, const char* name) {
  return GmRegion{v.data(), v.size() * sizeof(T), name};
}

}  // namespace opsim::sim::testing
