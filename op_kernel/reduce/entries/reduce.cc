// The kernel of Reduce (ATB's ReduceOperation): the one Reduce launch.
#include "reduce/entries/reduce_entry.h"

extern "C" __global__ __aicore__ void reduce(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                             GM_ADDR tiling) {
  opsim_reduce_launch(x, y, workspace, tiling);
}
