// Reading a whole file for a parser, safely: only a regular file (a directory, a device such as
// /dev/zero, a FIFO or a socket is refused by what it is, so nothing reads forever), no larger
// than the caller's limit (checked before anything is allocated), in one read into its final
// buffer (memory is the file's size, not twice it).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "opsim/core/status.h"

namespace opsim {

// kIoError naming the path: missing, unreadable (the system's reason, e.g. a symlink loop), not
// a regular file (and what it is), or more than max_bytes (its size and the limit, named `what`
// the file is, e.g. "a .npy file").
Status ReadRegularFile(const std::string& path, uint64_t max_bytes, const std::string& what,
                       std::string* out);
// `spare_bytes`: capacity reserved past the file's bytes, so that a caller that appends (pads)
// does not reallocate and copy a large buffer.
Status ReadRegularFile(const std::string& path, uint64_t max_bytes, const std::string& what,
                       std::vector<uint8_t>* out, size_t spare_bytes = 0);

// What a file that is not regular is, for a message: "a directory", "a FIFO", ..., or
// "not a regular file".
const char* FileKindName(mode_t mode);

// Half of this machine's memory: the largest input file a command reads whole.
uint64_t HalfOfMemory();

// Paths from users, never throwing (std::filesystem's throwing calls end the process on a symlink
// loop or a component that is not a directory):
// the path as the file system resolves it (weakly_canonical), to tell whether two names are one
// file; when it cannot be resolved, the absolute, lexically normal path, which still names it.
std::string ComparablePath(const std::string& path);
// Whether anything is at `path`, a dangling or looping symlink included: the reader that opens
// it then names the error.
bool PathEntryExists(const std::string& path);

}  // namespace opsim
