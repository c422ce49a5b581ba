// securec.h (c_sec): each rule of the checked copies, including what a failed call leaves.
#include "securec.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

TEST(SecurecTest, MemsetSChecksSizes) {
  char buf[8];
  EXPECT_EQ(memset_s(buf, sizeof(buf), 'a', 4), EOK);
  EXPECT_EQ(std::memcmp(buf, "aaaa", 4), 0);
  EXPECT_EQ(memset_s(buf, 0, 'b', 1), ERANGE);
  EXPECT_EQ(memset_s(nullptr, 8, 'b', 1), EINVAL);
  EXPECT_EQ(memset_s(buf, sizeof(buf), 'c', 9), ERANGE_AND_RESET);
  EXPECT_EQ(buf[7], 'c');  // destMax bytes were set
}

TEST(SecurecTest, MemcpySResetsTheDestinationOnError) {
  char dst[4] = {'x', 'x', 'x', 'x'};
  const char src[8] = "abcdefg";
  EXPECT_EQ(memcpy_s(dst, sizeof(dst), src, 3), EOK);
  EXPECT_EQ(std::memcmp(dst, "abcx", 4), 0);
  EXPECT_EQ(memcpy_s(dst, sizeof(dst), src, 5), ERANGE_AND_RESET);
  EXPECT_EQ(dst[0], 0);
  EXPECT_EQ(dst[3], 0);
  std::memset(dst, 'x', sizeof(dst));
  EXPECT_EQ(memcpy_s(dst, sizeof(dst), nullptr, 1), EINVAL_AND_RESET);
  EXPECT_EQ(dst[0], 0);
  EXPECT_EQ(memcpy_s(nullptr, 4, src, 1), EINVAL);
  EXPECT_EQ(memcpy_s(dst, SECUREC_MEM_MAX_LEN + 1, src, 1), ERANGE);
  char overlap[8] = "abcdefg";
  EXPECT_EQ(memcpy_s(overlap + 1, 7, overlap, 4), EOVERLAP_AND_RESET);
  EXPECT_EQ(overlap[1], 0);
  EXPECT_EQ(memcpy_s(dst, sizeof(dst), src, 0), EOK);
}

TEST(SecurecTest, MemmoveSAllowsOverlap) {
  char buf[8] = "abcdefg";
  EXPECT_EQ(memmove_s(buf + 1, 7, buf, 4), EOK);
  EXPECT_EQ(std::memcmp(buf, "aabcdfg", 7), 0);
  EXPECT_EQ(memmove_s(buf, 2, buf + 4, 3), ERANGE_AND_RESET);
}

TEST(SecurecTest, StrcpySCopiesTheTerminatorOrResets) {
  char dst[4] = "zzz";
  EXPECT_EQ(strcpy_s(dst, sizeof(dst), "abc"), EOK);
  EXPECT_STREQ(dst, "abc");
  EXPECT_EQ(strcpy_s(dst, sizeof(dst), "abcd"), ERANGE_AND_RESET);
  EXPECT_STREQ(dst, "");
  EXPECT_EQ(strcpy_s(dst, sizeof(dst), nullptr), EINVAL_AND_RESET);
  EXPECT_EQ(strcpy_s(nullptr, 4, "a"), EINVAL);
  EXPECT_EQ(strcpy_s(dst, 0, "a"), ERANGE);
  char same[8] = "abc";
  EXPECT_EQ(strcpy_s(same + 1, 7, same), EOVERLAP_AND_RESET);
}

}  // namespace
