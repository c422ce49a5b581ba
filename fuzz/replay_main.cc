// Replays fuzz inputs through a fuzz target without libFuzzer, for the normal build's ctest:
// every regular file of every directory named on the command line, in name order, once each.
// The first directory is the target's corpus and must hold at least one file (an empty or
// missing corpus would make the test pass without running anything); the others (the committed
// crash reproducers) may be missing or empty. A finding aborts the program (a sanitizer report,
// a crash) or leaves a message behind; a target returns 0 for every input it handles cleanly.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

std::vector<std::filesystem::path> FilesIn(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.is_regular_file(ec)) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR [MORE_DIRS...]\n", argv[0]);
    return 2;
  }
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  size_t total = 0;
  for (int i = 1; i < argc; ++i) {
    const std::vector<std::filesystem::path> files = FilesIn(argv[i]);
    if (i == 1 && files.empty()) {
      std::fprintf(stderr, "%s: no corpus files (the replay would test nothing)\n", argv[i]);
      return 1;
    }
    for (const std::filesystem::path& file : files) {
      std::ifstream in(file, std::ios::binary);
      const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                    std::istreambuf_iterator<char>());
      if (!in.eof() && in.fail()) {
        std::fprintf(stderr, "%s: cannot read\n", file.c_str());
        return 1;
      }
      const int rc =
          LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      if (rc != 0) {
        std::fprintf(stderr, "%s: the target returned %d\n", file.c_str(), rc);
        return 1;
      }
      ++total;
    }
    std::printf("%s: %zu files\n", argv[i], files.size());
  }
  std::printf("replayed %zu inputs, no finding\n", total);
  return 0;
}
