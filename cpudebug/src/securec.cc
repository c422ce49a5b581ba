// securec.h (library c_sec): the checked memory and string copies.
#include "securec.h"

#include <cstdint>
#include <cstring>

namespace {

bool Overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
  const auto x = reinterpret_cast<uintptr_t>(a);
  const auto y = reinterpret_cast<uintptr_t>(b);
  return x < y + b_bytes && y < x + a_bytes;
}

// The checks memcpy_s and memmove_s share; EOK means "go ahead".
errno_t CheckCopy(void* dest, size_t destMax, const void* src, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) {
    std::memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    std::memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  return EOK;
}

}  // namespace

extern "C" errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (count > destMax) {
    std::memset(dest, c, destMax);
    return ERANGE_AND_RESET;
  }
  std::memset(dest, c, count);
  return EOK;
}

extern "C" errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
  const errno_t checked = CheckCopy(dest, destMax, src, count);
  if (checked != EOK) return checked;
  if (count > 0 && Overlap(dest, count, src, count)) {
    std::memset(dest, 0, destMax);
    return EOVERLAP_AND_RESET;
  }
  if (count > 0) std::memcpy(dest, src, count);
  return EOK;
}

extern "C" errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
  const errno_t checked = CheckCopy(dest, destMax, src, count);
  if (checked != EOK) return checked;
  if (count > 0) std::memmove(dest, src, count);
  return EOK;
}

extern "C" errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc) {
  if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return ERANGE;
  if (strDest == nullptr) return EINVAL;
  if (strSrc == nullptr) {
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  const size_t bytes = std::strlen(strSrc) + 1;
  if (bytes > destMax) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  if (Overlap(strDest, bytes, strSrc, bytes)) {
    strDest[0] = '\0';
    return EOVERLAP_AND_RESET;
  }
  std::memcpy(strDest, strSrc, bytes);
  return EOK;
}
