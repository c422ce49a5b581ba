// ReadFile / WriteFile of data_utils.h: the kernel unit tests' binary data files.
#include "data_utils.h"

#include <cerrno>
#include <cstring>

bool ReadFile(const std::string& filePath, size_t& fileSize, void* buffer, size_t bufferSize) {
  struct stat info {};
  if (stat(filePath.c_str(), &info) != 0) {
    ERROR_LOG("ReadFile: %s: %s", filePath.c_str(), std::strerror(errno));
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    ERROR_LOG("ReadFile: %s is not a regular file", filePath.c_str());
    return false;
  }
  const auto size = static_cast<size_t>(info.st_size);
  if (size == 0) {
    ERROR_LOG("ReadFile: %s is empty", filePath.c_str());
    return false;
  }
  if (buffer == nullptr || size > bufferSize) {
    ERROR_LOG("ReadFile: %s holds %zu bytes, more than the buffer's %zu", filePath.c_str(), size,
              buffer == nullptr ? size_t{0} : bufferSize);
    return false;
  }
  std::ifstream in(filePath, std::ios::binary);
  if (!in.read(static_cast<char*>(buffer), static_cast<std::streamsize>(size))) {
    ERROR_LOG("ReadFile: %s: read %lld of %zu bytes", filePath.c_str(),
              static_cast<long long>(in.gcount()), size);
    return false;
  }
  fileSize = size;
  return true;
}

bool WriteFile(const std::string& filePath, const void* buffer, size_t size) {
  if (buffer == nullptr) {
    ERROR_LOG("WriteFile: %s: the buffer is null", filePath.c_str());
    return false;
  }
  std::ofstream out(filePath, std::ios::binary | std::ios::trunc);
  if (!out) {
    ERROR_LOG("WriteFile: %s cannot be opened for writing", filePath.c_str());
    return false;
  }
  if (!out.write(static_cast<const char*>(buffer), static_cast<std::streamsize>(size)) ||
      !out.flush()) {
    ERROR_LOG("WriteFile: %s: writing %zu bytes failed", filePath.c_str(), size);
    return false;
  }
  return true;
}
