#include "seeded_support.h"

#include <map>
#include <stdexcept>

#include "opsim/sim/device_profile.h"

namespace opsim::seeded {
namespace {

std::map<std::string, RunFn>& Registry() {
  static std::map<std::string, RunFn> registry;
  return registry;
}

}  // namespace

Registrar::Registrar(const char* name, RunFn run) {
  // Two copies with one name would make one of them untested.
  if (!Registry().emplace(name, std::move(run)).second) {
    throw std::logic_error(std::string("seeded kernel '") + name + "' is registered twice");
  }
}

const RunFn* FindRun(const std::string& name) {
  const auto it = Registry().find(name);
  return it == Registry().end() ? nullptr : &it->second;
}

sim::LaunchResult RunChecked(uint32_t block_dim, std::vector<GmTensor>& tensors,
                             const std::function<void()>& kernel) {
  sim::DeviceProfile device;
  const Status loaded = sim::LoadNamedDeviceProfile("ascend910b", &device);
  if (!loaded.ok()) {
    sim::LaunchResult r;
    r.status = loaded;
    return r;
  }
  sim::LaunchOptions options;
  options.checked = true;
  options.host_threads = 1;
  for (GmTensor& t : tensors) {
    sim::GmRegion region{t.bytes.data(), t.bytes.size(), t.name};
    if (t.output) region.output_bytes = region.bytes;
    // The roles the OpDef framework gives (the GM initialisation check reads them): a tensor
    // named "workspace" is the launch's workspace, as the framework names it.
    region.role = t.output                ? sim::GmRole::kOutput
                  : t.name == "workspace" ? sim::GmRole::kWorkspace
                                          : sim::GmRole::kInput;
    options.regions.push_back(region);
  }
  return sim::Launch(device, block_dim, options, kernel);
}

}  // namespace opsim::seeded
