#include "opsim/core/file_read.h"

#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace opsim {
namespace {

template <typename Buffer>
Status ReadInto(const std::string& path, uint64_t max_bytes, const std::string& what, Buffer* out,
                size_t spare_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    out->clear();
    return {ErrorCode::kIoError, path + ": cannot open for reading: " + std::strerror(errno)};
  }
  struct stat st {};
  Status status = Status::Ok();
  if (::fstat(fd, &st) != 0) {
    status = {ErrorCode::kIoError, path + ": cannot stat: " + std::strerror(errno)};
  } else if (!S_ISREG(st.st_mode)) {
    status = {ErrorCode::kIoError,
              path + " is " + FileKindName(st.st_mode) + ", not " + what + " (a regular file)"};
  } else if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    status = {ErrorCode::kIoError, path + " holds " + std::to_string(st.st_size) +
                                       " B, more than " + std::to_string(max_bytes) + " B " + what +
                                       " may hold here"};
  } else {
    out->reserve(static_cast<size_t>(st.st_size) + spare_bytes);
    out->resize(static_cast<size_t>(st.st_size));
    size_t done = 0;
    while (done < out->size()) {
      const ssize_t n = ::read(fd, reinterpret_cast<char*>(out->data()) + done, out->size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        status = {ErrorCode::kIoError,
                  path + ": read failed after " + std::to_string(done) + " of " +
                      std::to_string(out->size()) + " B" +
                      (n < 0 ? std::string(": ") + std::strerror(errno) : std::string())};
        break;
      }
      done += static_cast<size_t>(n);
    }
  }
  ::close(fd);
  if (!status.ok()) out->clear();
  return status;
}

}  // namespace

const char* FileKindName(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

Status ReadRegularFile(const std::string& path, uint64_t max_bytes, const std::string& what,
                       std::string* out) {
  return ReadInto(path, max_bytes, what, out, 0);
}

Status ReadRegularFile(const std::string& path, uint64_t max_bytes, const std::string& what,
                       std::vector<uint8_t>* out, size_t spare_bytes) {
  return ReadInto(path, max_bytes, what, out, spare_bytes);
}

uint64_t HalfOfMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return uint64_t{1} << 40;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2;
}

std::string ComparablePath(const std::string& path) {
  std::error_code error;
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(path, error);
  if (!error) return resolved.string();
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  return (error ? std::filesystem::path(path) : absolute).lexically_normal().string();
}

bool PathEntryExists(const std::string& path) {
  std::error_code error;
  return std::filesystem::exists(std::filesystem::symlink_status(path, error));
}

}  // namespace opsim
