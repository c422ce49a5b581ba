// The kernel side of testdata/probe_tiling.h, as a kernel unit of an operator library sees it.
#define OPSIM_KERNEL_TILING 1
#include <cstddef>
#include <cstring>
#include <vector>

#include "testdata/probe_tiling.h"

namespace opsim::testing {

// The struct GET_TILING_DATA would fill from these bytes, read back field by field.
std::vector<int64_t> ReadProbeKernelSide(const void* bytes) {
  optiling::OpsimTilingDataOf_OpsimProbe t;
  std::memcpy(&t, bytes, sizeof(t));
  return {t.total,   static_cast<int64_t>(t.scale * 4),
          t.tiles,   t.dims[0],
          t.dims[3], t.inner.a,
          t.inner.b, t.flag,
          t.mode,    t.spare};
}

size_t ProbeKernelStructSize() { return sizeof(optiling::ProbeTiling); }

std::vector<int64_t> ReadMisalignedKernelSide(const void* bytes) {
  optiling::MisalignedTiling t;
  std::memcpy(&t, bytes, sizeof(t));
  return {t.small, t.wide};
}

std::vector<int64_t> ReadNestedAtFourKernelSide(const void* bytes) {
  optiling::NestedAtFourTiling t;
  std::memcpy(&t, bytes, sizeof(t));
  return {t.first, t.inner.a, t.inner.b,
          static_cast<int64_t>(offsetof(optiling::NestedAtFourTiling, inner))};
}

}  // namespace opsim::testing
