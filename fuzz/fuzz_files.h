// Fuzz targets whose API takes a path: each input is written to a file in one private temporary
// directory (created on first use, removed at exit), next to copies of the files a fuzzed file may
// name relatively (the shipped graphs, so `graph: chain.yaml` in a fuzzed graph resolves).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace opsim::fuzz {

class FuzzDir {
 public:
  // The process's directory; `with_files_from`, if any, is copied into it once.
  static FuzzDir& Get(const std::filesystem::path& with_files_from = {}) {
    static FuzzDir dir(with_files_from);
    return dir;
  }

  // Writes `bytes` to <dir>/<name> and returns its path.
  std::string Write(std::string_view name, const uint8_t* bytes, size_t size) {
    const std::filesystem::path path = root_ / std::string(name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes), static_cast<std::streamsize>(size));
    out.close();
    if (!out) std::abort();  // the target cannot run; not a finding of the code under test
    return path.string();
  }

  ~FuzzDir() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }

 private:
  explicit FuzzDir(const std::filesystem::path& with_files_from) {
    std::string templ = (std::filesystem::temp_directory_path() / "opsim_fuzz_XXXXXX").string();
    if (mkdtemp(templ.data()) == nullptr) std::abort();
    root_ = templ;
    if (!with_files_from.empty()) {
      std::filesystem::copy(with_files_from, root_, std::filesystem::copy_options::recursive);
    }
  }
  std::filesystem::path root_;
};

}  // namespace opsim::fuzz
