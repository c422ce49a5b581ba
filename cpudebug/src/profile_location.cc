#include "profile_location.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

namespace opsim::cpudebug {
namespace {

namespace fs = std::filesystem;

// <dir of this library>/../share/opsim/devices, when it exists.
std::string InstalledDeviceDir() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(&InstalledDeviceDir), &info) == 0 ||
      info.dli_fname == nullptr) {
    return "";
  }
  std::error_code error;
  // canonical: the library may be reached through lib64 or tools/tikicpulib/lib links.
  const fs::path library = fs::canonical(info.dli_fname, error);
  if (error) return "";
  const fs::path dir = library.parent_path().parent_path() / "share" / "opsim" / "devices";
  return fs::is_directory(dir, error) ? dir.string() : "";
}

}  // namespace

std::string DeviceProfileDir() {
  const char* config_dir = std::getenv("OPSIM_CONFIG_DIR");
  if (config_dir != nullptr && *config_dir != '\0') return std::string(config_dir) + "/devices";
  const std::string installed = InstalledDeviceDir();
  return installed.empty() ? sim::DefaultDeviceDir() : installed;
}

Status LoadProfile(const std::string& name, sim::DeviceProfile* out) {
  const std::string dir = DeviceProfileDir();
  const std::string path = dir + "/" + name + ".yaml";
  std::error_code error;
  if (!fs::exists(path, error)) {
    return Status(ErrorCode::kConfigError,
                  "device profile '" + name + "' not found: " + path +
                      " does not exist (set OPSIM_CONFIG_DIR to the directory holding devices/)");
  }
  return sim::LoadDeviceProfile(path, out);
}

}  // namespace opsim::cpudebug
