// ImplSoftsign's compile info, apart from its tiling source as today's CANN operators keep theirs
// (op_host/<op>_tiling.h): TilingParse fills it once per op, and a host unit test builds its own
// to stand for a chip.
#ifndef IMPL_SOFTSIGN_TILING_H
#define IMPL_SOFTSIGN_TILING_H

#include <cstdint>

namespace optiling {

struct ImplSoftsignCompileInfo {
  uint32_t coreNum = 0;
  uint64_t ubSize = 0;
};

}  // namespace optiling

#endif  // IMPL_SOFTSIGN_TILING_H
