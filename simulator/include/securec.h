/* Huawei's bounds-checked C functions (library c_sec) as CANN samples call them: the memory
 * functions and strcpy_s, with securec's error codes and its rule that a failed call resets the
 * destination where it can. Plain C: safe across string ABIs. */
#ifndef OPSIM_SECUREC_H_
#define OPSIM_SECUREC_H_

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

#ifdef __cplusplus
}
#endif

#endif /* OPSIM_SECUREC_H_ */
