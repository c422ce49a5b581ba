// GetBroadCastMaxMinTmpSize: the shared formula (opsim/core/broadcast_tmp_size.h) on the
// platform's NPU arch, with CANN's refusals reported on stderr.
#include "lib/pad/broadcast_tiling.h"

#include <cstdio>
#include <vector>

#include "opsim/core/broadcast_tmp_size.h"

namespace AscendC {

void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                               const ge::Shape& srcShape, const ge::Shape& dstShape,
                               uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue) {
  const std::vector<int64_t> src = srcShape.GetDims();
  const std::vector<int64_t> dst = dstShape.GetDims();
  if (src.size() != dst.size()) {
    std::fprintf(stderr,
                 "[ERROR] GetBroadCastMaxMinTmpSize: srcShape has %zu dims, dstShape %zu; they "
                 "must have as many\n",
                 src.size(), dst.size());
    return;
  }
  if (isReuseSource) {
    std::fprintf(stderr,
                 "[WARNING] GetBroadCastMaxMinTmpSize: isReuseSource is true, which Broadcast "
                 "may not use\n");
  }
  opsim::broadcast::TmpQuery q;
  q.npu_arch = static_cast<uint32_t>(ascendcPlatform.GetCurNpuArch());
  q.rank = src.size();
  q.src = src.data();
  q.dst = dst.data();
  q.type_size = typeSize;
  const opsim::broadcast::TmpSize size = opsim::broadcast::BroadcastTmpSize(q);
  if (!size.ok) {
    std::fprintf(stderr, "[ERROR] GetBroadCastMaxMinTmpSize: %s (typeSize %u)\n", size.rule,
                 typeSize);
    return;
  }
  if (!size.figures) {
    std::fprintf(stderr,
                 "[WARNING] GetBroadCastMaxMinTmpSize: NPU arch %u has no figures (CANN gives "
                 "them for 2201 and 2002); maxValue and minValue are left as they were\n",
                 q.npu_arch);
    return;
  }
  minValue = size.min_bytes;
  maxValue = size.max_bytes;
}

}  // namespace AscendC
