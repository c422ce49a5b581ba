// ComplexColumn's kernel: it reads its input type from DTYPE_REAL and never names DTYPE_OUT, whose
// dtype (DT_COMPLEX64) no kernel type stands for.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void complex_column(GM_ADDR real, GM_ADDR out, GM_ADDR workspace,
                                                     GM_ADDR tiling) {
  static_assert(sizeof(DTYPE_REAL) == 4, "the real column is float");
  (void)real;
  (void)out;
  (void)workspace;
  (void)tiling;
}
