// The device profile the Google Benchmark programs run on, loaded once.
#pragma once

#include "opsim/sim/device_profile.h"

namespace opsim::bench {

inline const sim::DeviceProfile& Device() {
  static const sim::DeviceProfile device = [] {
    sim::DeviceProfile d;
    (void)sim::LoadNamedDeviceProfile("ascend910b", &d);
    return d;
  }();
  return device;
}

}  // namespace opsim::bench
