// The fixture of the end-to-end tests of the built `opsim` binary (OPSIM_BINARY): a temporary
// folder, running the binary from the source tree, .npy files in and out.
#pragma once

#include <expat.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "opsim/npy/npy.h"

namespace opsim::testing {

namespace fs = std::filesystem;

struct Result {
  int rc = -1;
  std::string out;
  std::string err;
};

inline std::string ReadText(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

inline std::string LastLine(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

// Well-formed XML per expat; counts the elements named `count_tag`.
inline bool ParseXml(const std::string& text, const std::string& count_tag, int* count) {
  struct State {
    std::string tag;
    int count = 0;
  } state{count_tag, 0};
  XML_Parser p = XML_ParserCreate(nullptr);
  XML_SetUserData(p, &state);
  XML_SetStartElementHandler(p, [](void* data, const XML_Char* name, const XML_Char**) {
    auto* s = static_cast<State*>(data);
    if (s->tag == name) ++s->count;
  });
  const bool ok = XML_Parse(p, text.data(), static_cast<int>(text.size()), 1) == XML_STATUS_OK;
  XML_ParserFree(p);
  *count = state.count;
  return ok;
}

class OpsimCli : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/opsim_cli_test_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  // `env`: variables for this run only ("A=1 B=2"). The test-sharding variables `opsim run`
  // reads (docs/CASES.md, "Sharding") are cleared first, so that a test binary that is itself
  // run as a shard does not shard the runs it makes.
  Result Run(const std::string& args, const std::string& env = "") const {
    const std::string out = Path("stdout.txt"), err = Path("stderr.txt");
    const std::string cmd = std::string("cd '") + OPSIM_SOURCE_DIR +
                            "' && env -u TEST_TOTAL_SHARDS -u TEST_SHARD_INDEX "
                            "-u TEST_SHARD_STATUS_FILE -u GTEST_TOTAL_SHARDS -u GTEST_SHARD_INDEX "
                            "-u GTEST_SHARD_STATUS_FILE " +
                            env + " '" + OPSIM_BINARY + "' " + args + " >'" + out + "' 2>'" + err +
                            "'";
    const int status = std::system(cmd.c_str());
    Result r;
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = ReadText(out);
    r.err = ReadText(err);
    fs::remove(out);
    fs::remove(err);
    return r;
  }

  template <typename T>
  std::string WriteArray(const std::string& name, const std::string& descr,
                         std::vector<int64_t> shape, const std::vector<T>& values) const {
    npy::NpyArray a;
    a.descr = descr;
    a.shape = std::move(shape);
    a.data.resize(values.size() * sizeof(T));
    if (!values.empty()) std::memcpy(a.data.data(), values.data(), a.data.size());  // no null src
    EXPECT_TRUE(npy::WriteNpy(Path(name), a).ok());
    return Path(name);
  }

  template <typename T>
  std::vector<T> ReadArray(const std::string& path, npy::NpyArray* array) const {
    EXPECT_TRUE(npy::ReadNpy(path, array).ok()) << path;
    std::vector<T> v(array->data.size() / sizeof(T));
    std::memcpy(v.data(), array->data.data(), array->data.size());
    return v;
  }

  // Only the files a test wrote itself: a failed exec must leave nothing (no temp file either).
  size_t FileCount() const {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir_)) n += e.is_regular_file();
    return n;
  }

  fs::path dir_;
};

}  // namespace opsim::testing
