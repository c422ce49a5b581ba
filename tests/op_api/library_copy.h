// A built operator library copied under a name of its own, so that this process loads it afresh
// (LoadOpLibrary refuses a second load of one file). A process's copies share one directory,
// removed when the process ends normally: the loaded copies stay mapped, and ctest runs these
// binaries on every CI run, which left two directories in the temporary folder each time.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace opsim::testing {

inline std::string FreshLibraryCopy(const std::string& library, const std::string& stem,
                                    const std::string& tag) {
  namespace fs = std::filesystem;
  struct ProcessDirectory {
    pid_t owner = getpid();
    fs::path path = fs::temp_directory_path() / ("opsim_library_copies_" + std::to_string(owner));
    ~ProcessDirectory() {
      // A forked child that returns through exit() leaves the directory to its parent.
      std::error_code ignored;
      if (getpid() == owner) fs::remove_all(path, ignored);
    }
  };
  static const ProcessDirectory directory;
  fs::create_directories(directory.path);
  const fs::path copy = directory.path / ("lib" + stem + "_" + tag + ".so");
  fs::copy_file(library, copy, fs::copy_options::overwrite_existing);
  return copy.string();
}

}  // namespace opsim::testing
