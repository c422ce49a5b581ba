// Fuzz target: the YAML loaders. The first byte chooses one (modulo 4): an op description
// (LoadOpDescription), a graph (LoadGraphDescription, next to copies of configs/graphs so nested
// graph files resolve), a case suite (LoadCaseFile, expansion included) or a device profile
// (sim::LoadDeviceProfile); the rest is the file. One target for the four saves fuzzing time:
// they share the YAML reader, and libFuzzer learns the selector byte like any other.
//
// Every input must end in Ok or a non-Ok Status with a message (the loaders document
// kConfigError and kIoError; an operator's own refusal is passed on with its code); anything
// else (a crash, an uncaught exception, a sanitizer report, a hang, a leak) is a finding.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_files.h"
#include "opsim/cases/case_loader.h"
#include "opsim/framework/description_loader.h"
#include "opsim/sim/device_profile.h"

namespace {

void RequireClean(const opsim::Status& st) {
  if (!st.ok() && st.message().empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  opsim::fuzz::FuzzDir& dir = opsim::fuzz::FuzzDir::Get(OPSIM_SOURCE_DIR "/configs/graphs");
  const std::string path = dir.Write("fuzz.yaml", data + 1, size - 1);
  switch (data[0] % 4) {
    case 0: {
      opsim::LoadedOp op;
      RequireClean(opsim::LoadOpDescription(path, &op));
      break;
    }
    case 1: {
      opsim::LoadedGraph graph;
      RequireClean(opsim::LoadGraphDescription(path, &graph));
      break;
    }
    case 2: {
      std::vector<opsim::cases::Case> cases;
      opsim::cases::CaseLoadOptions options;
      // Named here so no case load lists the profile directory.
      options.known_devices = {"ascend910b", "ascend910a", "ascend310p"};
      RequireClean(opsim::cases::LoadCaseFile(path, &cases, options));
      break;
    }
    default: {
      opsim::sim::DeviceProfile profile;
      RequireClean(opsim::sim::LoadDeviceProfile(path, &profile));
      break;
    }
  }
  return 0;
}
