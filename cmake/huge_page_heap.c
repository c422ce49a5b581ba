/* Preloaded into the compiler and linker processes of opsim's own build
 * (cmake/opsim_huge_page_heap.cmake).
 *
 * Why: GCC takes its memory in anonymous mappings of a few megabytes and writes every page of
 * them; with transparent huge pages in "madvise" mode (Debian's default) each 4 KiB page is a
 * separate page fault, 50,000 to 120,000 per unit. In a virtual machine a fault costs several
 * microseconds, so they were a fifth to a third of the build's CPU time (docs/PERFORMANCE.md,
 * "Session 22"). Advising huge pages on the large anonymous mappings makes one fault per 2 MiB.
 * malloc's own mappings are covered by GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (glibc calls its
 * internal mmap, which this cannot see). Nothing else changes: where the kernel has no
 * transparent huge pages, madvise fails and is ignored. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/types.h>

typedef void *(*mmap_function)(void *, size_t, int, int, int, off_t);

static mmap_function real_mmap;

__attribute__((constructor)) static void find_real_mmap(void) {
  real_mmap = (mmap_function)dlsym(RTLD_NEXT, "mmap");
}

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
  if (!real_mmap) find_real_mmap();
  void *mapped = real_mmap(address, length, protection, flags, fd, offset);
  const size_t huge_page = (size_t)1 << 21;
  if (mapped != MAP_FAILED && (flags & MAP_ANONYMOUS) && length >= huge_page) {
    madvise(mapped, length, MADV_HUGEPAGE);
  }
  return mapped;
}
