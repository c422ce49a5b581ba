// securec.h (c_sec): each rule of the checked copies, concatenations and formatted output,
// including what a failed call leaves.
#include "securec.h"

#include <gtest/gtest.h>

#include <cstdarg>
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

TEST(SecurecTest, StrncpySCopiesAtMostCount) {
  char dst[4] = "zzz";
  EXPECT_EQ(strncpy_s(dst, sizeof(dst), "abcdef", 2), EOK);
  EXPECT_STREQ(dst, "ab");
  EXPECT_EQ(strncpy_s(dst, sizeof(dst), "abcdef", 0), EOK);
  EXPECT_STREQ(dst, "");
  EXPECT_EQ(strncpy_s(dst, sizeof(dst), "abcdef", 4), ERANGE_AND_RESET);
  EXPECT_EQ(strncpy_s(dst, sizeof(dst), nullptr, 1), EINVAL_AND_RESET);
  EXPECT_EQ(strncpy_s(dst, 0, "a", 1), ERANGE);
}

TEST(SecurecTest, StrcatSAppendsOrResets) {
  char dst[8] = "ab";
  EXPECT_EQ(strcat_s(dst, sizeof(dst), "cde"), EOK);
  EXPECT_STREQ(dst, "abcde");
  EXPECT_EQ(strcat_s(dst, sizeof(dst), "fgh"), ERANGE_AND_RESET);  // 8 bytes with the terminator
  EXPECT_STREQ(dst, "");
  EXPECT_EQ(strcat_s(dst, sizeof(dst), nullptr), EINVAL_AND_RESET);
  EXPECT_EQ(strcat_s(nullptr, 8, "a"), EINVAL);
  EXPECT_EQ(strcat_s(dst, SECUREC_STRING_MAX_LEN + 1, "a"), ERANGE);
  char unterminated[3] = {'a', 'b', 'c'};
  EXPECT_EQ(strcat_s(unterminated, sizeof(unterminated), "d"), EINVAL_AND_RESET);
  EXPECT_EQ(unterminated[0], '\0');
  char self[8] = "abc";
  EXPECT_EQ(strcat_s(self, sizeof(self), self + 1), EOVERLAP_AND_RESET);
  char n[8] = "ab";
  EXPECT_EQ(strncat_s(n, sizeof(n), "cdefgh", 2), EOK);
  EXPECT_STREQ(n, "abcd");
  EXPECT_EQ(strncat_s(n, sizeof(n), "efgh", 4), ERANGE_AND_RESET);
}

TEST(SecurecTest, StrtokSKeepsItsPlaceInContext) {
  char text[] = ",a,,bc,";
  char* context = nullptr;
  EXPECT_STREQ(strtok_s(text, ",", &context), "a");
  EXPECT_STREQ(strtok_s(nullptr, ",", &context), "bc");
  EXPECT_EQ(strtok_s(nullptr, ",", &context), nullptr);
  EXPECT_EQ(strtok_s(text, nullptr, &context), nullptr);
  EXPECT_EQ(strtok_s(text, ",", nullptr), nullptr);
}

int CallVsnprintfS(char* dst, size_t destMax, size_t count, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf_s(dst, destMax, count, format, args);
  va_end(args);
  return n;
}

TEST(SecurecTest, FormattedOutputCountsOrRefuses) {
  char dst[8] = "zzzzzzz";
  EXPECT_EQ(sprintf_s(dst, sizeof(dst), "%d-%s", 12, "ab"), 5);
  EXPECT_STREQ(dst, "12-ab");
  EXPECT_EQ(sprintf_s(dst, sizeof(dst), "%s", "abcdefgh"), -1);
  EXPECT_STREQ(dst, "");
  EXPECT_EQ(sprintf_s(dst, sizeof(dst), nullptr), -1);
  // count below destMax: the first count characters stay, the call says -1.
  EXPECT_EQ(CallVsnprintfS(dst, sizeof(dst), 3, "%s", "abcdef"), -1);
  EXPECT_STREQ(dst, "abc");
  EXPECT_EQ(CallVsnprintfS(dst, sizeof(dst), 3, "%s", "ab"), 2);
  // count at or above destMax: too long for destMax resets.
  EXPECT_EQ(snprintf_s(dst, sizeof(dst), sizeof(dst), "%s", "abcdefgh"), -1);
  EXPECT_STREQ(dst, "");
  EXPECT_EQ(snprintf_s(dst, sizeof(dst), static_cast<size_t>(-1), "%x", 255), 2);
  EXPECT_STREQ(dst, "ff");
  EXPECT_EQ(snprintf_s(dst, sizeof(dst), SECUREC_STRING_MAX_LEN, "%d", 1), -1);
  EXPECT_EQ(snprintf_s(dst, 0, 1, "%d", 1), -1);
  EXPECT_EQ(snprintf_truncated_s(dst, sizeof(dst), "%s", "abcdefghij"), 7);
  EXPECT_STREQ(dst, "abcdefg");
  EXPECT_EQ(snprintf_truncated_s(dst, sizeof(dst), "%d", 42), 2);
}

}  // namespace
