// Finding profiles on disk: the default directory, loading all of them, loading one by name.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "opsim/sim/device_profile.h"

namespace opsim::sim {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kExtension = ".yaml";
constexpr std::string_view kVariantsDir = "variants";

// The *.yaml regular files of dir, sorted by file name.
Status ListProfileFiles(const std::string& dir, std::vector<fs::path>* files) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) {
    return Status(ErrorCode::kConfigError,
                  dir +
                      ": device profile directory does not exist (set OPSIM_CONFIG_DIR to the "
                      "configs/ directory that holds devices/)");
  }
  fs::directory_iterator it(dir, error);
  if (error) {
    return Status(ErrorCode::kConfigError,
                  dir + ": device profile directory cannot be read: " + error.message());
  }
  for (; it != fs::directory_iterator(); it.increment(error)) {
    if (error) break;
    if (it->path().extension() != kExtension) continue;
    std::error_code type_error;
    if (!it->is_regular_file(type_error)) continue;
    files->push_back(it->path());
  }
  if (error) {
    return Status(ErrorCode::kConfigError,
                  dir + ": device profile directory cannot be read: " + error.message());
  }
  std::sort(files->begin(), files->end(),
            [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
  return Status::Ok();
}

bool IsBareName(const std::string& name) {
  return !name.empty() && name.find('/') == std::string::npos &&
         name.find('\\') == std::string::npos && name.find("..") == std::string::npos &&
         name.find('\0') == std::string::npos;
}

}  // namespace

std::string DefaultDeviceDir() {
  const char* config_dir = std::getenv("OPSIM_CONFIG_DIR");
  if (config_dir != nullptr && *config_dir != '\0') return std::string(config_dir) + "/devices";
  return OPSIM_SOURCE_CONFIG_DIR "/devices";
}

Status LoadDeviceProfiles(const std::string& dir, std::vector<DeviceProfile>* out) {
  if (out == nullptr) {
    return Status(ErrorCode::kInvalidParam, "LoadDeviceProfiles: out is null (expected a vector)");
  }
  std::vector<fs::path> files;
  OPSIM_RETURN_IF_ERROR(ListProfileFiles(dir, &files));
  std::vector<DeviceProfile> profiles(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    OPSIM_RETURN_IF_ERROR(LoadDeviceProfile(files[i].string(), &profiles[i]));
  }
  *out = std::move(profiles);
  return Status::Ok();
}

Status LoadNamedDeviceProfile(const std::string& name, DeviceProfile* out) {
  if (!IsBareName(name)) {
    return Status(ErrorCode::kInvalidParam,
                  "device profile name '" + name +
                      "' is not a bare profile name (expected a non-empty name without '/', "
                      "'\\' or '..', such as ascend910b)");
  }
  const std::string dir = DefaultDeviceDir();
  // The suite's devices first, then the variants (SoC variants and chips the built-in operators
  // do not declare, kept out of `devices: all`), which a run may still name.
  const fs::path path = fs::path(dir) / (name + std::string(kExtension));
  const fs::path variant = fs::path(dir) / kVariantsDir / (name + std::string(kExtension));
  std::error_code error;
  if (fs::exists(path, error)) return LoadDeviceProfile(path.string(), out);
  if (fs::exists(variant, error)) return LoadDeviceProfile(variant.string(), out);
  std::vector<fs::path> files;
  OPSIM_RETURN_IF_ERROR(ListProfileFiles(dir, &files));
  std::vector<fs::path> variants;
  if (fs::is_directory(fs::path(dir) / kVariantsDir, error)) {
    OPSIM_RETURN_IF_ERROR(ListProfileFiles((fs::path(dir) / kVariantsDir).string(), &variants));
  }
  std::string available;
  for (const fs::path& file : files) {
    available += available.empty() ? "" : ", ";
    available += file.stem().string();
  }
  std::string more;
  for (const fs::path& file : variants) more += (more.empty() ? "" : ", ") + file.stem().string();
  if (!more.empty())
    available += (available.empty() ? "" : "; ") + std::string("variants: ") + more;
  return Status(ErrorCode::kConfigError,
                "unknown device profile '" + name + "' in " + dir +
                    " (available: " + (available.empty() ? std::string("none") : available) + ")");
}

}  // namespace opsim::sim
