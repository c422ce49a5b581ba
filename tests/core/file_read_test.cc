// ReadRegularFile: the one way the parsers read a whole file.
#include "opsim/core/file_read.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace opsim {
namespace {

namespace fs = std::filesystem;

class ReadRegularFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/opsim_file_read_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(ReadRegularFileTest, ReadsARegularFileWhole) {
  std::ofstream(dir_ / "a.txt", std::ios::binary) << "hello";
  std::string text;
  ASSERT_TRUE(ReadRegularFile((dir_ / "a.txt").string(), 5, "a test file", &text).ok());
  EXPECT_EQ(text, "hello");
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(ReadRegularFile((dir_ / "a.txt").string(), 5, "a test file", &bytes).ok());
  EXPECT_EQ(bytes.size(), 5u);
}

TEST_F(ReadRegularFileTest, RefusesWhatIsNotARegularFileOrTooLarge) {
  std::ofstream(dir_ / "big.txt", std::ios::binary) << "0123456789";
  ASSERT_EQ(mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  fs::create_symlink(dir_ / "loop2", dir_ / "loop1");
  fs::create_symlink(dir_ / "loop1", dir_ / "loop2");
  struct Case {
    std::string path;
    std::string message;
  };
  for (const Case& c :
       {Case{(dir_ / "missing").string(), "cannot open for reading: No such file"},
        Case{dir_.string(), "is a directory, not a test file"},
        Case{"/dev/zero", "is a character device"}, Case{(dir_ / "fifo").string(), "is a FIFO"},
        Case{(dir_ / "loop1").string(), "Too many levels of symbolic links"},
        Case{(dir_ / "big.txt").string(), "holds 10 B, more than 4 B a test file may hold here"}}) {
    SCOPED_TRACE(c.path);
    std::string text = "left";
    const Status st = ReadRegularFile(c.path, 4, "a test file", &text);
    EXPECT_EQ(st.code(), ErrorCode::kIoError);
    EXPECT_NE(st.message().find(c.message), std::string::npos) << st.message();
    EXPECT_TRUE(text.empty());
  }
  EXPECT_GT(HalfOfMemory(), 0u);
}

TEST_F(ReadRegularFileTest, PathsFromUsersNeverThrow) {
  fs::create_symlink(dir_ / "loop_b", dir_ / "loop_a");
  fs::create_symlink(dir_ / "loop_a", dir_ / "loop_b");
  std::ofstream(dir_ / "a.txt", std::ios::binary) << "x";
  fs::create_symlink(dir_ / "a.txt", dir_ / "link.txt");
  // One file under two names; a looping or missing one still compares by its own name.
  EXPECT_EQ(ComparablePath((dir_ / "link.txt").string()),
            ComparablePath((dir_ / "a.txt").string()));
  EXPECT_EQ(ComparablePath((dir_ / "loop_a" / ".." / "loop_a").string()),
            ComparablePath((dir_ / "loop_a").string()));
  EXPECT_NE(ComparablePath((dir_ / "loop_a").string()), ComparablePath((dir_ / "loop_b").string()));
  EXPECT_NE(ComparablePath((dir_ / "loop_a" / "x").string()), "");
  // A looping or dangling link is there (for its reader to name the error); nothing is not.
  EXPECT_TRUE(PathEntryExists((dir_ / "loop_a").string()));
  EXPECT_TRUE(PathEntryExists((dir_ / "link.txt").string()));
  EXPECT_FALSE(PathEntryExists((dir_ / "missing").string()));
  EXPECT_FALSE(PathEntryExists((dir_ / "loop_a" / "x").string()));
}

}  // namespace
}  // namespace opsim
