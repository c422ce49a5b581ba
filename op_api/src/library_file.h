// What a library path names, checked before dlopen maps it: the loader trusts the file's
// headers, so a truncated library dies of SIGBUS inside dlopen and a FIFO blocks it for ever.
#pragma once

#include <string>

#include "opsim/core/status.h"

namespace opsim::op_api {

// A path without '/' names a file in the current folder when one is there (as a user expects;
// dlopen alone would search the loader path): `*open_path` is then "./<path>". Otherwise the
// path as given. kIoError naming the path when it is not a regular file, not a 64-bit ELF shared
// object, or shorter than its own headers and segments say.
Status CheckLibraryFile(const std::string& path, std::string* open_path);

}  // namespace opsim::op_api
