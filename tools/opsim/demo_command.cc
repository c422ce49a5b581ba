// `opsim demo`: the example add kernel on a simulated chip, checked against plain C++.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "add/add_custom.h"
#include "commands.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/launch.h"

namespace opsim::cli {
namespace {

bool ParseInt(const std::string& s, int* out) {
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || v < 1 || v > 1024) return false;
  *out = static_cast<int>(v);
  return true;
}

}  // namespace

int RunDemo(const std::vector<std::string>& args) {
  std::string device_name = "ascend910b";
  std::string trace_path;
  int threads = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const bool has_value = i + 1 < args.size();
    if (args[i] == "--device" && has_value) {
      device_name = args[++i];
    } else if (args[i] == "--trace" && has_value) {
      trace_path = args[++i];
    } else if (args[i] == "--threads" && has_value) {
      if (!ParseInt(args[++i], &threads)) {
        std::fprintf(stderr, "opsim demo: --threads '%s' must be an integer in [1, 1024]\n",
                     args[i].c_str());
        return 2;
      }
    } else {
      std::fprintf(stderr,
                   "opsim demo: unknown or incomplete option '%s' "
                   "(usage: opsim demo [--device NAME] [--threads N] [--trace FILE])\n",
                   args[i].c_str());
      return 2;
    }
  }
  sim::DeviceProfile device;
  if (Status st = sim::LoadNamedDeviceProfile(device_name, &device); !st.ok()) {
    std::fprintf(stderr, "opsim demo: %s\n", st.ToString().c_str());
    return 1;
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
    std::fprintf(stderr, "opsim demo: %s\n", r.status.ToString().c_str());
    return 1;
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
      std::fprintf(stderr, "opsim demo: %s\n", st.ToString().c_str());
      return 1;
    }
    std::printf("trace written to %s (open in https://ui.perfetto.dev)\n", trace_path.c_str());
  }
  return wrong == 0 ? 0 : 1;
}

}  // namespace opsim::cli
