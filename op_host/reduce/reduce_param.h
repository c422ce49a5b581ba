// The ATB-style parameter of ReduceOperation, spelled as ATB spells it so that the atb::
// facade can alias it (atb::infer::ReduceParam = opsim::infer::ReduceParam).
#pragma once

#include <cstdint>

#include "opsim/core/svector.h"

namespace opsim::infer {

struct ReduceParam {
  // REDUCE_PROD is our extension, appended so ATB's values stay. The fixed underlying type
  // (ATB's enum has none) makes any int a defined value, so garbage from a caller reaches
  // the validator instead of being undefined behaviour on load.
  enum ReduceType : int {
    REDUCE_UNDEFINED = 0,
    REDUCE_MAX,
    REDUCE_MIN,
    REDUCE_SUM,
    REDUCE_PROD,
  };
  ReduceType reduceType = REDUCE_UNDEFINED;
  SVector<int64_t> axis;
  uint8_t rsv[8] = {0};
};

}  // namespace opsim::infer
