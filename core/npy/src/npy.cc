#include "opsim/npy/npy.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

#include "opsim/core/file_read.h"

namespace opsim::npy {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;

struct DescrInfo {
  const char* descr;
  size_t size;
  std::optional<DType> dtype;
};

constexpr DescrInfo kDescrs[] = {
    {"<f4", 4, DType::kFloat32},
    {"<f8", 8, DType::kFloat64},
    {"<f2", 2, DType::kFloat16},
    {"<i4", 4, DType::kInt32},
    {"<i8", 8, DType::kInt64},
    {"<u4", 4, DType::kUInt32},
    {"<u8", 8, DType::kUInt64},
    {"|i1", 1, DType::kInt8},
    {"|u1", 1, DType::kUInt8},
    {"|b1", 1, DType::kBool},
    {"<i2", 2, DType::kInt16},
    {"<u2", 2, DType::kUInt16},
    // numpy's complex64: (real, imaginary) float32 pairs, as CANN stores them. complex32 has no
    // numpy dtype, so it has no descr and an npy of it is refused by name.
    {"<c8", 8, DType::kComplex64},
};

Status Bad(std::string_view what, const std::string& rule) {
  return {ErrorCode::kIoError, std::string(what) + ": " + rule};
}

// A tiny reader for the Python dict literal numpy writes as the header.
class HeaderParser {
 public:
  HeaderParser(std::string_view text, std::string_view what) : text_(text), what_(what) {}

  Status Parse(NpyArray* out, bool* fortran) {
    bool have_descr = false, have_fortran = false, have_shape = false;
    SkipSpace();
    if (!Eat('{')) return Error("header does not start with '{'");
    while (true) {
      SkipSpace();
      if (Eat('}')) break;
      std::string key;
      OPSIM_RETURN_IF_ERROR(ReadString(&key));
      SkipSpace();
      if (!Eat(':')) return Error("expected ':' after key '" + key + "'");
      SkipSpace();
      if (key == "descr") {
        OPSIM_RETURN_IF_ERROR(ReadString(&out->descr));
        have_descr = true;
      } else if (key == "fortran_order") {
        OPSIM_RETURN_IF_ERROR(ReadBool(fortran));
        have_fortran = true;
      } else if (key == "shape") {
        OPSIM_RETURN_IF_ERROR(ReadShape(&out->shape));
        have_shape = true;
      } else {
        return Error("unknown header key '" + key + "' (expected descr, fortran_order, shape)");
      }
      SkipSpace();
      if (Eat(',')) continue;
      if (Eat('}')) break;
      return Error("expected ',' or '}' after the value of '" + key + "'");
    }
    SkipSpace();
    if (pos_ != text_.size()) return Error("unexpected text after the header dict");
    if (!have_descr || !have_fortran || !have_shape) {
      return Error("header lacks one of 'descr', 'fortran_order', 'shape'");
    }
    return Status::Ok();
  }

 private:
  Status Error(const std::string& rule) const {
    return Bad(what_, "malformed .npy header at byte " + std::to_string(pos_) + ": " + rule);
  }
  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\t' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool Eat(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  Status ReadString(std::string* out) {
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) {
      return Error("expected a quoted string");
    }
    const char quote = text_[pos_++];
    const size_t end = text_.find(quote, pos_);
    if (end == std::string_view::npos) return Error("unterminated string");
    *out = std::string(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return Status::Ok();
  }
  Status ReadBool(bool* out) {
    if (text_.substr(pos_, 4) == "True") {
      pos_ += 4;
      *out = true;
    } else if (text_.substr(pos_, 5) == "False") {
      pos_ += 5;
      *out = false;
    } else {
      return Error("fortran_order must be True or False");
    }
    return Status::Ok();
  }
  Status ReadShape(std::vector<int64_t>* out) {
    out->clear();
    if (!Eat('(')) return Error("shape must be a tuple");
    while (true) {
      SkipSpace();
      if (Eat(')')) return Status::Ok();
      int64_t v = 0;
      bool any = false;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
        const int digit = text_[pos_++] - '0';
        if (v > (std::numeric_limits<int64_t>::max() - digit) / 10) {
          return Error("shape dimension overflows int64");
        }
        v = v * 10 + digit;
        any = true;
      }
      if (!any) return Error("shape entries must be non-negative integers");
      if (pos_ < text_.size() && text_[pos_] == 'L') ++pos_;  // Python 2 longs
      out->push_back(v);
      SkipSpace();
      if (Eat(',')) continue;
      if (Eat(')')) return Status::Ok();
      return Error("expected ',' or ')' in shape");
    }
  }

  std::string_view text_;
  std::string_view what_;
  size_t pos_ = 0;
};

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

// Element count; nullopt on overflow.
std::optional<uint64_t> Elements(const std::vector<int64_t>& shape, size_t item) {
  uint64_t n = item;
  for (int64_t d : shape) {
    if (d < 0) return std::nullopt;
    if (d != 0 &&
        n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) / static_cast<uint64_t>(d)) {
      return std::nullopt;
    }
    n *= static_cast<uint64_t>(d);
  }
  return n;
}

}  // namespace

size_t DescrItemSize(std::string_view descr) {
  for (const DescrInfo& d : kDescrs) {
    if (descr == d.descr) return d.size;
  }
  return 0;
}

std::optional<DType> DTypeFromDescr(std::string_view descr, bool u2_is_bfloat16, bool i1_is_int4) {
  if (descr == "<u2" && u2_is_bfloat16) return DType::kBFloat16;
  if (descr == "|i1" && i1_is_int4) return DType::kInt4;
  for (const DescrInfo& d : kDescrs) {
    if (descr == d.descr) return d.dtype;
  }
  return std::nullopt;
}

std::optional<std::string> DescrFromDType(DType dtype) {
  if (dtype == DType::kBFloat16) return "<u2";
  if (dtype == DType::kInt4) return "|i1";
  for (const DescrInfo& d : kDescrs) {
    if (d.dtype == dtype) return d.descr;
  }
  return std::nullopt;
}

namespace {

// Everything of a .npy image but its payload: the array's descr and shape in *out (its data left
// empty) and where the payload starts.
Status ParseHeader(std::span<const uint8_t> bytes, std::string_view what, NpyArray* out,
                   size_t* payload_offset) {
  if (bytes.size() < kMagicLen + 2 || std::memcmp(bytes.data(), kMagic, kMagicLen) != 0) {
    return Bad(what, "not a .npy file (missing the \\x93NUMPY magic)");
  }
  const int major = bytes[6];
  if (major < 1 || major > 3) {
    return Bad(what, ".npy format version " + std::to_string(major) + "." +
                         std::to_string(bytes[7]) + " is not supported (expected 1.x to 3.x)");
  }
  const size_t len_bytes = major == 1 ? 2 : 4;
  const size_t prefix = kMagicLen + 2 + len_bytes;
  if (bytes.size() < prefix) return Bad(what, "truncated .npy header length field");
  uint64_t header_len = 0;
  for (size_t i = 0; i < len_bytes; ++i) {
    header_len |= static_cast<uint64_t>(bytes[kMagicLen + 2 + i]) << (8 * i);
  }
  if (header_len > bytes.size() - prefix) {
    return Bad(what, "truncated .npy header: it declares " + std::to_string(header_len) +
                         " bytes but the file has " + std::to_string(bytes.size() - prefix));
  }
  const std::string_view text(reinterpret_cast<const char*>(bytes.data() + prefix), header_len);
  NpyArray array;
  bool fortran = false;
  OPSIM_RETURN_IF_ERROR(HeaderParser(text, what).Parse(&array, &fortran));
  if (fortran) return Bad(what, "fortran_order is True; only C order is supported");
  if (!array.descr.empty() && array.descr[0] == '>') {
    return Bad(what, "dtype '" + array.descr + "' is big-endian; only little-endian is supported");
  }
  // numpy writes '|' for one-byte types; accept '<' too, it means the same.
  if (array.descr.size() == 3 && array.descr[0] == '<' && array.descr[2] == '1') {
    array.descr[0] = '|';
  }
  const size_t item = DescrItemSize(array.descr);
  if (item == 0) {
    return Bad(what, "dtype '" + array.descr +
                         "' is not supported (expected one of <f4 <f8 <f2 <i4 <i8 <u4 <u8 "
                         "|i1 |u1 |b1, or <u2 with --dtype bfloat16)");
  }
  const std::optional<uint64_t> size = Elements(array.shape, item);
  if (!size) return Bad(what, "shape " + ShapeText(array.shape) + " overflows int64 bytes");
  const uint64_t payload = bytes.size() - prefix - header_len;
  if (payload != *size) {
    return Bad(what, "data holds " + std::to_string(payload) + " bytes but shape " +
                         ShapeText(array.shape) + " of '" + array.descr + "' needs " +
                         std::to_string(*size) + (payload < *size ? " (truncated)" : ""));
  }
  *payload_offset = prefix + header_len;
  *out = std::move(array);
  return Status::Ok();
}

}  // namespace

Status ParseNpy(std::span<const uint8_t> bytes, std::string_view what, NpyArray* out) {
  NpyArray array;
  size_t offset = 0;
  OPSIM_RETURN_IF_ERROR(ParseHeader(bytes, what, &array, &offset));
  array.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(offset), bytes.end());
  *out = std::move(array);
  return Status::Ok();
}

Status ReadNpy(const std::string& path, NpyArray* out, size_t spare_bytes) {
  // One buffer: the file is read into it, and the payload slides down over the header (a
  // memmove, no second copy), so memory is the file's size, plus `spare_bytes` of capacity
  // that the caller may pad into without a reallocation.
  std::vector<uint8_t> bytes;
  OPSIM_RETURN_IF_ERROR(ReadRegularFile(path, HalfOfMemory(), "a .npy file", &bytes, spare_bytes));
  NpyArray array;
  size_t offset = 0;
  OPSIM_RETURN_IF_ERROR(ParseHeader(bytes, path, &array, &offset));
  bytes.erase(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(offset));
  array.data = std::move(bytes);
  *out = std::move(array);
  return Status::Ok();
}

Status EncodeNpy(const NpyArray& array, std::vector<uint8_t>* out) {
  const size_t item = DescrItemSize(array.descr);
  if (item == 0) {
    return {ErrorCode::kInvalidParam, "npy: dtype '" + array.descr + "' is not supported"};
  }
  const std::optional<uint64_t> size = Elements(array.shape, item);
  if (!size || *size != array.data.size()) {
    return {ErrorCode::kInvalidParam, "npy: " + std::to_string(array.data.size()) +
                                          " data bytes do not match shape " +
                                          ShapeText(array.shape) + " of '" + array.descr + "'"};
  }
  std::string header = "{'descr': '" + array.descr +
                       "', 'fortran_order': False, 'shape': " + ShapeText(array.shape) + ", }";
  // Pad with spaces and a final newline so the data starts on a 64-byte boundary.
  const bool v2 = header.size() + 1 + kMagicLen + 4 > 65535;
  const size_t prefix = kMagicLen + 2 + (v2 ? 4 : 2);
  const size_t total = (prefix + header.size() + 1 + 63) / 64 * 64;
  header.append(total - prefix - header.size() - 1, ' ');
  header.push_back('\n');
  out->clear();
  out->reserve(total + array.data.size());
  out->insert(out->end(), kMagic, kMagic + kMagicLen);
  out->push_back(v2 ? 2 : 1);
  out->push_back(0);
  const size_t len = header.size();
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i) out->push_back(static_cast<uint8_t>(len >> (8 * i)));
  out->insert(out->end(), header.begin(), header.end());
  out->insert(out->end(), array.data.begin(), array.data.end());
  return Status::Ok();
}

namespace {

// Writes the image of `array` to a new temporary file beside `path`; *tmp names it.
Status WriteTemporary(const std::string& path, const NpyArray& array, std::string* tmp) {
  std::vector<uint8_t> bytes;
  OPSIM_RETURN_IF_ERROR(EncodeNpy(array, &bytes));
  *tmp = path + ".tmpXXXXXX";
  const int fd = mkstemp(tmp->data());
  if (fd < 0) {
    tmp->clear();
    return Bad(path, std::string("cannot create a temporary file: ") + std::strerror(errno));
  }
  fchmod(fd, 0644);  // mkstemp's 0600 would surprise whoever reads the result
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) {
      const int err = errno;
      close(fd);
      std::remove(tmp->c_str());
      tmp->clear();
      return Bad(path, std::string("write failed: ") + std::strerror(err));
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0) {
    const int err = errno;
    std::remove(tmp->c_str());
    tmp->clear();
    return Bad(path, std::string("cannot write: ") + std::strerror(err));
  }
  return Status::Ok();
}

}  // namespace

Status WriteNpy(const std::string& path, const NpyArray& array) {
  return WriteNpyFiles({{path, &array}});
}

Status WriteNpyFiles(const std::vector<std::pair<std::string, const NpyArray*>>& files) {
  for (size_t i = 0; i < files.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (ComparablePath(files[i].first) == ComparablePath(files[j].first)) {
        return {ErrorCode::kInvalidParam,
                files[i].first + ": the same file is named for two arrays"};
      }
    }
  }
  // A name that is a folder (or a device, a FIFO...) would refuse the rename after the names
  // before it were taken: refused before any file is written.
  for (const auto& [path, array] : files) {
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
      return Bad(path, "is not a regular file, so it cannot be written as an output");
    }
  }
  std::vector<std::string> temps;
  auto discard = [&temps] {
    for (const std::string& t : temps) std::remove(t.c_str());
  };
  for (const auto& [path, array] : files) {
    std::string tmp;
    if (Status st = WriteTemporary(path, *array, &tmp); !st.ok()) {
      discard();
      return st;
    }
    temps.push_back(tmp);
  }
  // Every file is complete before the first takes its name. A file that exists already is kept
  // under a second name (a hard link) until every rename succeeded, so that a late failure can
  // put back what was there and remove what was new: all or none.
  std::vector<std::string> backups(files.size());
  std::vector<bool> existed(files.size(), false);
  for (size_t i = 0; i < files.size(); ++i) {
    std::error_code error;
    existed[i] = std::filesystem::exists(files[i].first, error);
    if (!existed[i]) continue;
    std::string backup = files[i].first + ".oldXXXXXX";
    const int fd = mkstemp(backup.data());
    if (fd < 0) continue;  // nowhere to keep the old file: the temporary's rename still replaces it
    close(fd);
    std::remove(backup.c_str());
    if (link(files[i].first.c_str(), backup.c_str()) == 0) backups[i] = backup;
  }
  auto drop_backups = [&backups] {
    for (const std::string& b : backups) {
      if (!b.empty()) std::remove(b.c_str());
    }
  };
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].c_str(), files[i].first.c_str()) != 0) {
      const int err = errno;
      for (size_t j = i; j < temps.size(); ++j) std::remove(temps[j].c_str());
      for (size_t j = 0; j < i; ++j) {
        if (!existed[j]) {
          std::remove(files[j].first.c_str());
        } else if (!backups[j].empty() &&
                   std::rename(backups[j].c_str(), files[j].first.c_str()) == 0) {
          backups[j].clear();
        }
      }
      drop_backups();
      return Bad(files[i].first, std::string("cannot write: ") + std::strerror(err));
    }
  }
  drop_backups();
  return Status::Ok();
}

}  // namespace opsim::npy
