// Checks an operator library can load before the process loads it: the library's static
// initialisers (a user's globals, not only OP_ADD) run inside dlopen, where an exception either
// ends in std::terminate or (glibc 2.36) unwinds out of dlopen with the loader's lock still held,
// and exit() or a crash there would end the process with nothing said.
#pragma once

#include <string>

#include "opsim/core/status.h"

namespace opsim::op_api {

// dlopens `path` once in a forked child. Ok when the child's load returned (whether or not
// dlopen succeeded: the caller's own dlopen reports that); kInvalidParam naming the library when
// a static initialiser threw (with the exception's text), called exit, died of a signal or was
// still running after OPSIM_LIBRARY_LOAD_TIMEOUT seconds (default 60).
Status ProbeLibraryLoad(const std::string& path);

}  // namespace opsim::op_api
