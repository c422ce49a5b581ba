// The kernel of OpenVINO.ReduceL1 (OpenVINO): the one Reduce launch. The axes input was read on the
// host, by the tiling, as a ValueDepend input is.
#include "reduce/entries/reduce_entry.h"

extern "C" __global__ __aicore__ void open_vino_reduce_l1(GM_ADDR data, GM_ADDR axes,
                                                          GM_ADDR output, GM_ADDR workspace,
                                                          GM_ADDR tiling) {
  (void)axes;
  opsim_reduce_launch(data, output, workspace, tiling);
}
