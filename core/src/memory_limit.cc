#include "opsim/core/memory_limit.h"

#include <cstdio>
#include <limits>

#include "opsim/core/file_read.h"

namespace opsim {

Status CheckFitsMemory(double bytes, const std::string& what) {
  const double half = static_cast<double>(HalfOfMemory());
  if (bytes <= half) return Status::Ok();
  char why[160];
  std::snprintf(why, sizeof(why), " would take %.1f GB, more than half of this machine's %.1f GB",
                bytes / 1e9, 2 * half / 1e9);
  return {ErrorCode::kInvalidTensorSize, what + why};
}

std::optional<uint64_t> ShapeBytes(const std::vector<int64_t>& dims, uint64_t item_size) {
  uint64_t bytes = item_size;
  bool zero = false;
  for (int64_t d : dims) {
    if (d < 0) return std::nullopt;
    zero = zero || d == 0;
  }
  // A zero dim makes the tensor empty whatever the others are ([0, 2^62] holds no byte).
  if (zero) return 0;
  for (int64_t d : dims) {
    const auto u = static_cast<uint64_t>(d);
    if (bytes > std::numeric_limits<uint64_t>::max() / u) return std::nullopt;
    bytes *= u;
  }
  return bytes;
}

}  // namespace opsim
