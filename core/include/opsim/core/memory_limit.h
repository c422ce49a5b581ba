// Refusing, before anything is allocated, buffers that do not fit this machine. With overcommit a
// too-large allocation succeeds and the process is killed while filling it (or std::bad_alloc
// ends it), so every command and the case runner size what they will hold first and ask here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "opsim/core/status.h"

namespace opsim {

// kInvalidTensorSize "<what> would take <X> GB, more than half of this machine's <Y> GB" when
// `bytes` exceed HalfOfMemory() (opsim/core/file_read.h).
Status CheckFitsMemory(double bytes, const std::string& what);

// The bytes of `dims` elements of `item_size` bytes each; nullopt when a dim is negative or the
// product overflows uint64.
std::optional<uint64_t> ShapeBytes(const std::vector<int64_t>& dims, uint64_t item_size);

}  // namespace opsim
