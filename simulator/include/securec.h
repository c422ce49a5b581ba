/* Huawei's bounds-checked C functions (library c_sec) as CANN samples and operator repositories
 * call them: the memory functions, the string copies and concatenations, strtok_s, gets_s and the
 * formatted output (sprintf_s, snprintf_s, their v-forms and the truncating ones), with securec's
 * error codes and its rule that a failed call resets the destination where it can. The scanf_s
 * family and the wide-character forms are not here. Plain C: safe across string ABIs. */
#ifndef OPSIM_SECUREC_H_
#define OPSIM_SECUREC_H_

#include <stdarg.h>
#include <stddef.h>

#ifndef errno_t
typedef int errno_t;
#endif
#ifndef EOK
#define EOK 0
#endif
#ifndef EINVAL
#define EINVAL 22
#endif
#ifndef EINVAL_AND_RESET
#define EINVAL_AND_RESET (22 | 128)
#endif
#ifndef ERANGE
#define ERANGE 34
#endif
#ifndef ERANGE_AND_RESET
#define ERANGE_AND_RESET (34 | 128)
#endif
#ifndef EOVERLAP_AND_RESET
#define EOVERLAP_AND_RESET (54 | 128)
#endif
/* The largest destMax the functions accept. */
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif
#ifndef SECUREC_STRING_MAX_LEN
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* destMax 0 or above the maximum: ERANGE; dest null: EINVAL; count above destMax: destMax bytes
 * set, ERANGE_AND_RESET. */
errno_t memset_s(void* dest, size_t destMax, int c, size_t count);
/* As memset_s for dest and destMax; src null: dest zeroed, EINVAL_AND_RESET; count above
 * destMax: dest zeroed, ERANGE_AND_RESET; overlapping buffers: dest zeroed,
 * EOVERLAP_AND_RESET. */
errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count);
/* memcpy_s's rules, except that the buffers may overlap. */
errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count);
/* Copies src with its terminator; src null, too long or overlapping: dest[0] = 0 and
 * EINVAL_AND_RESET, ERANGE_AND_RESET or EOVERLAP_AND_RESET. */
errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc);
/* At most count characters of strSrc, then the terminator (count 0: an empty string); the
 * copy's length at or above destMax: ERANGE_AND_RESET; otherwise as strcpy_s. */
errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count);
/* Appends strSrc; strDest not terminated within destMax: EINVAL_AND_RESET; the result too long
 * for destMax: ERANGE_AND_RESET; src null or overlapping: as strcpy_s (strDest[0] = 0). */
errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc);
/* strcat_s of at most count characters of strSrc. */
errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count);
/* strtok with its position in *context: null strDelimit or context, or a null strToken with a
 * null *context, gives NULL. */
char* strtok_s(char* strToken, const char* strDelimit, char** context);
/* One line of stdin without its newline; destMax 0 or above the maximum or buffer null: NULL; a
 * line too long for destMax: buffer[0] = 0 and NULL. */
char* gets_s(char* buffer, size_t destMax);

/* Formatted output. Each returns the characters written (without the terminator) or -1: dest or
 * format null, destMax 0 or above SECUREC_STRING_MAX_LEN (strDest[0] = 0 where it can). */
/* The output too long for destMax: strDest[0] = 0, -1. */
int sprintf_s(char* strDest, size_t destMax, const char* format, ...);
int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList);
/* At most count characters (count (size_t)-1: as many as destMax holds): count below destMax and
 * the output longer: the first count characters kept, -1; count at or above destMax and the output
 * too long for destMax: strDest[0] = 0, -1. count above the maximum (but (size_t)-1): -1. */
int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...);
int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format, va_list argList);
/* The output cut to destMax - 1 characters: returns the characters kept. */
int snprintf_truncated_s(char* strDest, size_t destMax, const char* format, ...);
int vsnprintf_truncated_s(char* strDest, size_t destMax, const char* format, va_list argList);

#ifdef __cplusplus
}
#endif

#endif /* OPSIM_SECUREC_H_ */
