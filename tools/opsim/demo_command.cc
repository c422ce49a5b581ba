// `opsim demo`: the example add kernel on a simulated chip, checked against plain C++.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "add/add_custom.h"
#include "cli_util.h"
#include "commands.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/launch.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

struct DemoOptions {
  std::string device_name = "ascend910b";
  std::string trace_path;
  int threads = 0;
};

int RunDemo(const DemoOptions& o) {
  const std::string& device_name = o.device_name;
  const std::string& trace_path = o.trace_path;
  const int threads = o.threads;
  sim::DeviceProfile device;
  if (Status st = sim::LoadNamedDeviceProfile(device_name, &device); !st.ok()) {
    return Report("demo", st.ToString(), kExitFailure);
  }

  const uint32_t blocks = device.vector_cores;
  kernels::AddTilingData tiling;
  tiling.tile = 4096;
  tiling.total = blocks * tiling.tile * 16;
  std::vector<float> x(tiling.total), y(tiling.total), z(tiling.total, 0.0f);
  for (uint32_t i = 0; i < tiling.total; ++i) {
    x[i] = static_cast<float>(i % 1000) * 0.5f;
    y[i] = static_cast<float>(i % 7) - 3.0f;
  }
  sim::LaunchOptions options;
  options.host_threads = threads;
  options.checked = true;
  options.trace = !trace_path.empty();
  options.regions = {
      {x.data(), x.size() * 4, "x"}, {y.data(), y.size() * 4, "y"}, {z.data(), z.size() * 4, "z"}};
  auto* tiling_ptr = reinterpret_cast<uint8_t*>(&tiling);
  const auto start = std::chrono::steady_clock::now();
  const sim::LaunchResult r = sim::Launch(device, blocks, options, [&] {
    kernels::add_custom_f32(reinterpret_cast<uint8_t*>(x.data()),
                            reinterpret_cast<uint8_t*>(y.data()),
                            reinterpret_cast<uint8_t*>(z.data()), nullptr, tiling_ptr);
  });
  const double host_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!r.status.ok()) {
    return Report("demo", r.status.ToString(), kExitFailure);
  }
  size_t wrong = 0;
  for (uint32_t i = 0; i < tiling.total; ++i) wrong += z[i] != x[i] + y[i];
  std::printf("add_custom<float>: %u elements on %s, %u blocks, checked mode\n", tiling.total,
              device.name.c_str(), blocks);
  std::printf("%s", sim::FormatStats(r.stats).c_str());
  std::printf("host time %.2f ms; %zu of %u results differ from x + y\n", host_ms, wrong,
              tiling.total);
  if (!trace_path.empty()) {
    if (Status st = sim::WriteChromeTrace(r.stats, trace_path); !st.ok()) {
      return Report("demo", st.ToString(), kExitFailure);
    }
    std::printf("trace written to %s (open in https://ui.perfetto.dev)\n", trace_path.c_str());
  }
  return wrong == 0 ? 0 : 1;
}

}  // namespace

CommandRunner AddDemoCommand(CLI::App& parent) {
  auto options = std::make_shared<DemoOptions>();
  CLI::App* app = parent.add_subcommand(
      "demo", "Run the example add kernel on the simulated NPU and report its cost");
  app->add_option("--device", options->device_name, "Device profile name")->capture_default_str();
  AddIntegerOption(app, "--threads", &options->threads, 0, 1024, "Host threads (0: all)");
  app->add_option("--trace", options->trace_path, "Write a Chrome trace to FILE")
      ->check(NonEmptyPath());
  return [options] { return RunDemo(*options); };
}

}  // namespace opsim::cli
