// The .npy reader/writer: round trips, header versions, and every malformed input it must refuse.
#include "opsim/npy/npy.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace opsim::npy {
namespace {

std::vector<uint8_t> Image(int major, const std::string& header, size_t data_bytes) {
  std::vector<uint8_t> b = {0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<uint8_t>(major), 0};
  const size_t len = header.size();
  const size_t len_bytes = major == 1 ? 2 : 4;
  for (size_t i = 0; i < len_bytes; ++i) b.push_back(static_cast<uint8_t>(len >> (8 * i)));
  b.insert(b.end(), header.begin(), header.end());
  for (size_t i = 0; i < data_bytes; ++i) b.push_back(static_cast<uint8_t>(i));
  return b;
}

std::string Header(const std::string& descr, const std::string& shape, bool fortran = false) {
  return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
         ", 'shape': " + shape + ", }\n";
}

Status Parse(const std::vector<uint8_t>& bytes, NpyArray* out) {
  return ParseNpy(bytes, "x.npy", out);
}

void ExpectError(const std::vector<uint8_t>& bytes, const std::string& needle) {
  NpyArray a;
  const Status st = Parse(bytes, &a);
  ASSERT_FALSE(st.ok()) << needle;
  EXPECT_EQ(st.code(), ErrorCode::kIoError);
  EXPECT_NE(st.message().find("x.npy"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find(needle), std::string::npos) << st.message();
}

TEST(Npy, RoundTripsEveryDescrAndShape) {
  for (const char* descr :
       {"<f4", "<f8", "<f2", "<i4", "<i8", "<u4", "<u8", "|i1", "|u1", "|b1", "<u2"}) {
    for (const std::vector<int64_t>& shape :
         {std::vector<int64_t>{}, {3}, {2, 3}, {2, 0, 4}, {1, 1, 1, 1, 1, 1, 1, 1, 2}}) {
      NpyArray a;
      a.descr = descr;
      a.shape = shape;
      size_t n = DescrItemSize(descr);
      for (int64_t d : shape) n *= static_cast<size_t>(d);
      for (size_t i = 0; i < n; ++i) a.data.push_back(static_cast<uint8_t>(i * 7));
      std::vector<uint8_t> bytes;
      ASSERT_TRUE(EncodeNpy(a, &bytes).ok());
      const size_t data_start = bytes.size() - a.data.size();
      EXPECT_EQ(data_start % 64, 0u) << "numpy aligns the data to 64 bytes";
      EXPECT_EQ(bytes[data_start - 1], '\n');
      NpyArray b;
      ASSERT_TRUE(Parse(bytes, &b).ok()) << descr;
      EXPECT_EQ(b.descr, a.descr);
      EXPECT_EQ(b.shape, a.shape);
      EXPECT_EQ(b.data, a.data);
    }
  }
}

TEST(Npy, WritesNumpyShapeTuples) {
  NpyArray a;
  a.descr = "<f4";
  a.data.resize(4);
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(EncodeNpy(a, &bytes).ok());
  EXPECT_NE(std::string(bytes.begin(), bytes.end()).find("'shape': ()"), std::string::npos);
  a.shape = {1};
  ASSERT_TRUE(EncodeNpy(a, &bytes).ok());
  EXPECT_NE(std::string(bytes.begin(), bytes.end()).find("'shape': (1,)"), std::string::npos);
}

TEST(Npy, ReadsVersions2And3AndNumpySpellings) {
  NpyArray a;
  ASSERT_TRUE(Parse(Image(2, Header("<i4", "(2,)"), 8), &a).ok());
  EXPECT_EQ(a.shape, (std::vector<int64_t>{2}));
  ASSERT_TRUE(Parse(Image(3, Header("<f8", "(1, 1)"), 8), &a).ok());
  // Double quotes, no trailing comma, '<' for a one-byte type, Python 2 long dims.
  ASSERT_TRUE(
      Parse(Image(1, "{\"descr\": \"<u1\", \"fortran_order\": False, \"shape\": (3L,)}", 3), &a)
          .ok());
  EXPECT_EQ(a.descr, "|u1");
  EXPECT_EQ(DTypeFromDescr(a.descr, false), DType::kUInt8);
}

TEST(Npy, MapsDescrsToDTypes) {
  EXPECT_EQ(DTypeFromDescr("<f2", false), DType::kFloat16);
  EXPECT_EQ(DTypeFromDescr("|b1", false), DType::kBool);
  // "<u2" is uint16 unless the caller says its files hold bfloat16 bits; "<i2" is int16.
  EXPECT_EQ(DTypeFromDescr("<u2", false), DType::kUInt16);
  EXPECT_EQ(DTypeFromDescr("<u2", true), DType::kBFloat16);
  EXPECT_EQ(DTypeFromDescr("<i2", false), DType::kInt16);
  EXPECT_EQ(DTypeFromDescr("<i2", true), DType::kInt16);
  EXPECT_EQ(DTypeFromDescr(">i2", false), std::nullopt);  // big-endian: not a descr opsim reads
  EXPECT_EQ(DescrItemSize("<i2"), 2u);
  EXPECT_EQ(DescrFromDType(DType::kBFloat16), "<u2");
  EXPECT_EQ(DescrFromDType(DType::kUInt16), "<u2");
  EXPECT_EQ(DescrFromDType(DType::kInt16), "<i2");
  EXPECT_EQ(DescrFromDType(DType::kInt8), "|i1");
  // numpy's complex64 is CANN's; complex32 has no numpy dtype.
  EXPECT_EQ(DTypeFromDescr("<c8", false), DType::kComplex64);
  EXPECT_EQ(DescrItemSize("<c8"), 8u);
  EXPECT_EQ(DescrFromDType(DType::kComplex64), "<c8");
  EXPECT_EQ(DescrFromDType(DType::kComplex32), std::nullopt);
}

TEST(Npy, RefusesTruncatedFiles) {
  const std::vector<uint8_t> good = Image(1, Header("<f4", "(2, 3)"), 24);
  ExpectError({}, "magic");
  ExpectError(std::vector<uint8_t>(good.begin(), good.begin() + 4), "magic");
  ExpectError(std::vector<uint8_t>(good.begin(), good.begin() + 9), "header length");
  ExpectError(std::vector<uint8_t>(good.begin(), good.begin() + 30), "truncated .npy header");
  ExpectError(std::vector<uint8_t>(good.begin(), good.end() - 1), "(truncated)");
  std::vector<uint8_t> extra = good;
  extra.push_back(0);
  ExpectError(extra, "needs 24");
}

TEST(Npy, RefusesMalformedHeaders) {
  ExpectError(Image(4, Header("<f4", "(1,)"), 4), "version 4");
  ExpectError(Image(1, "'descr': '<f4'}", 4), "does not start with '{'");
  ExpectError(Image(1, "{'descr': '<f4', 'fortran_order': False}", 4), "lacks");
  ExpectError(Image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", 4),
              "unknown header key 'x'");
  ExpectError(Image(1, "{'descr': '<f4', 'fortran_order': maybe, 'shape': (1,)}", 4),
              "True or False");
  ExpectError(Image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': [1]}", 4), "tuple");
  ExpectError(Image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}", 4),
              "non-negative");
  ExpectError(Image(1, "{'descr': '<f4, 'fortran_order': False, 'shape': (1,)}", 4), "expected");
  ExpectError(Image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)} junk", 4),
              "after the header");
  ExpectError(
      Image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,)}", 4),
      "overflows");
  ExpectError(Image(1, Header("<f4", "(4294967296, 4294967296)"), 4), "overflows");
}

TEST(Npy, RefusesLayoutsAndDTypesItCannotHold) {
  ExpectError(Image(1, Header("<f4", "(2, 2)", true), 16), "fortran_order");
  ExpectError(Image(1, Header(">f4", "(2,)"), 8), "big-endian");
  ExpectError(Image(1, Header("<c16", "(2,)"), 32), "'<c16' is not supported");  // complex128
  ExpectError(Image(1, Header("|O", "(2,)"), 16), "not supported");
  NpyArray a;
  a.descr = "<f4";
  a.shape = {2};
  a.data.resize(7);
  std::vector<uint8_t> bytes;
  EXPECT_EQ(EncodeNpy(a, &bytes).code(), ErrorCode::kInvalidParam);
  a.descr = "<c16";
  EXPECT_EQ(EncodeNpy(a, &bytes).code(), ErrorCode::kInvalidParam);
}

TEST(Npy, WriteIsAtomicAndReadable) {
  char tmpl[] = "/tmp/npy_test_XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  const std::filesystem::path dir = tmpl;
  const std::string path = (dir / "a.npy").string();
  NpyArray a;
  a.descr = "<i8";
  a.shape = {2};
  a.data.resize(16, 1);
  ASSERT_TRUE(WriteNpy(path, a).ok());
  NpyArray b;
  ASSERT_TRUE(ReadNpy(path, &b).ok());
  EXPECT_EQ(b.data, a.data);
  a.data.resize(3);  // inconsistent: nothing is written, the old file stays
  EXPECT_FALSE(WriteNpy(path, a).ok());
  EXPECT_FALSE(WriteNpy((dir / "missing_dir" / "b.npy").string(), b).ok());
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1u) << "no temporary file left behind";
  NpyArray c;
  const Status st = ReadNpy((dir / "nope.npy").string(), &c);
  EXPECT_EQ(st.code(), ErrorCode::kIoError);
  EXPECT_NE(st.message().find("nope.npy"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Npy, SeveralFilesAreWrittenAllOrNone) {
  char tmpl[] = "/tmp/npy_test_XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  const std::filesystem::path dir = tmpl;
  NpyArray a;
  a.descr = "<f4";
  a.shape = {2};
  a.data.resize(8, 0);
  const std::string first = (dir / "first.npy").string();
  // The second cannot be written: the first must not appear either, nor any temporary.
  Status st = WriteNpyFiles({{first, &a}, {(dir / "missing_dir" / "b.npy").string(), &a}});
  EXPECT_FALSE(st.ok());
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  st = WriteNpyFiles({{first, &a}, {(dir / "." / "first.npy").string(), &a}});
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("the same file is named for two arrays"), std::string::npos);
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  // The second name is a folder: its rename would fail after the first took its name.
  std::filesystem::create_directory(dir / "a_folder");
  st = WriteNpyFiles({{first, &a}, {(dir / "a_folder").string(), &a}});
  EXPECT_NE(st.message().find("is not a regular file"), std::string::npos) << st.message();
  EXPECT_FALSE(std::filesystem::exists(first));
  std::filesystem::remove(dir / "a_folder");
  ASSERT_TRUE(WriteNpyFiles({{first, &a}, {(dir / "second.npy").string(), &a}}).ok());
  EXPECT_TRUE(std::filesystem::exists(dir / "second.npy"));
  // Written again over existing files: the old copies kept for a failure are gone after success.
  ASSERT_TRUE(WriteNpyFiles({{first, &a}, {(dir / "second.npy").string(), &a}}).ok());
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 2u);
  std::filesystem::remove_all(dir);
}

// The payload is read into the buffer that becomes the array's data, with the spare capacity
// asked for: exec pads it as device memory without copying a large input again.
TEST(Npy, ReadKeepsSpareCapacityForPadding) {
  char tmpl[] = "/tmp/npy_test_XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  const std::filesystem::path dir = tmpl;
  NpyArray a;
  a.descr = "<f4";
  a.shape = {1000};
  a.data.resize(4000);
  for (size_t i = 0; i < a.data.size(); ++i) a.data[i] = static_cast<uint8_t>(i * 7);
  const std::string path = (dir / "a.npy").string();
  ASSERT_TRUE(WriteNpy(path, a).ok());
  NpyArray b;
  ASSERT_TRUE(ReadNpy(path, &b, 63).ok());
  EXPECT_EQ(b.data, a.data);
  EXPECT_GE(b.data.capacity(), a.data.size() + 63);
  const uint8_t* before = b.data.data();
  b.data.resize(b.data.size() + 63, 0);
  EXPECT_EQ(b.data.data(), before) << "padding reallocated the buffer";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace opsim::npy
