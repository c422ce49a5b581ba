// securec.h (library c_sec): the checked memory and string functions and formatted output.
#include "securec.h"

#include <cstdint>
#include <cstdio>
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

extern "C" errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return ERANGE;
  if (strDest == nullptr) return EINVAL;
  if (strSrc == nullptr) {
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  if (count > SECUREC_STRING_MAX_LEN) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  const size_t length = strnlen(strSrc, count);
  if (length >= destMax) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  if (length > 0 && Overlap(strDest, length + 1, strSrc, length)) {
    strDest[0] = '\0';
    return EOVERLAP_AND_RESET;
  }
  std::memcpy(strDest, strSrc, length);
  strDest[length] = '\0';
  return EOK;
}

namespace {

// strcat_s and strncat_s: append at most `count` characters of strSrc.
errno_t Concatenate(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return ERANGE;
  if (strDest == nullptr) return EINVAL;
  if (strSrc == nullptr) {
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  const size_t kept = strnlen(strDest, destMax);
  if (kept == destMax) {  // no terminator within destMax
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  const size_t added = strnlen(strSrc, count);
  if (kept + added >= destMax) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  if (Overlap(strDest, kept + added + 1, strSrc, added + 1)) {
    strDest[0] = '\0';
    return EOVERLAP_AND_RESET;
  }
  std::memcpy(strDest + kept, strSrc, added);
  strDest[kept + added] = '\0';
  return EOK;
}

}  // namespace

extern "C" errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc) {
  return Concatenate(strDest, destMax, strSrc, SIZE_MAX);
}

extern "C" errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (count > SECUREC_STRING_MAX_LEN && destMax != 0 && destMax <= SECUREC_STRING_MAX_LEN &&
      strDest != nullptr) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  return Concatenate(strDest, destMax, strSrc, count);
}

extern "C" char* strtok_s(char* strToken, const char* strDelimit, char** context) {
  if (strDelimit == nullptr || context == nullptr) return nullptr;
  char* at = strToken != nullptr ? strToken : *context;
  if (at == nullptr) return nullptr;
  at += std::strspn(at, strDelimit);
  if (*at == '\0') {
    *context = at;
    return nullptr;
  }
  char* end = at + std::strcspn(at, strDelimit);
  if (*end != '\0') *end++ = '\0';
  *context = end;
  return at;
}

extern "C" char* gets_s(char* buffer, size_t destMax) {
  if (buffer == nullptr || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return nullptr;
  if (std::fgets(buffer, static_cast<int>(destMax), stdin) == nullptr) return nullptr;
  const size_t length = std::strlen(buffer);
  if (length > 0 && buffer[length - 1] == '\n') {
    buffer[length - 1] = '\0';
    return buffer;
  }
  if (std::feof(stdin) == 0) {  // the line goes on past destMax - 1 characters
    buffer[0] = '\0';
    return nullptr;
  }
  return buffer;
}

namespace {

bool BadOutput(const char* strDest, size_t destMax, const char* format) {
  return strDest == nullptr || format == nullptr || destMax == 0 ||
         destMax > SECUREC_STRING_MAX_LEN;
}

void ClearIfValid(char* strDest, size_t destMax) {
  if (strDest != nullptr && destMax != 0 && destMax <= SECUREC_STRING_MAX_LEN) strDest[0] = '\0';
}

}  // namespace

extern "C" int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList) {
  if (BadOutput(strDest, destMax, format)) {
    ClearIfValid(strDest, destMax);
    return -1;
  }
  const int n = std::vsnprintf(strDest, destMax, format, argList);
  if (n < 0 || static_cast<size_t>(n) >= destMax) {
    strDest[0] = '\0';
    return -1;
  }
  return n;
}

extern "C" int sprintf_s(char* strDest, size_t destMax, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsprintf_s(strDest, destMax, format, args);
  va_end(args);
  return n;
}

extern "C" int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format,
                           va_list argList) {
  if (BadOutput(strDest, destMax, format) ||
      (count > SECUREC_STRING_MAX_LEN - 1 && count != static_cast<size_t>(-1))) {
    ClearIfValid(strDest, destMax);
    return -1;
  }
  if (count < destMax) {  // cut to count characters: what is kept stays, the call says -1
    const int n = std::vsnprintf(strDest, count + 1, format, argList);
    if (n < 0) strDest[0] = '\0';
    return n < 0 || static_cast<size_t>(n) > count ? -1 : n;
  }
  const int n = std::vsnprintf(strDest, destMax, format, argList);
  if (n < 0 || static_cast<size_t>(n) >= destMax) {
    strDest[0] = '\0';
    return -1;
  }
  return n;
}

extern "C" int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf_s(strDest, destMax, count, format, args);
  va_end(args);
  return n;
}

extern "C" int vsnprintf_truncated_s(char* strDest, size_t destMax, const char* format,
                                     va_list argList) {
  if (BadOutput(strDest, destMax, format)) {
    ClearIfValid(strDest, destMax);
    return -1;
  }
  const int n = std::vsnprintf(strDest, destMax, format, argList);
  if (n < 0) {
    strDest[0] = '\0';
    return -1;
  }
  return static_cast<size_t>(n) >= destMax ? static_cast<int>(destMax - 1) : n;
}

extern "C" int snprintf_truncated_s(char* strDest, size_t destMax, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf_truncated_s(strDest, destMax, format, args);
  va_end(args);
  return n;
}
