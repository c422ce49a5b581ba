// A tiling-data definition with every field kind, compiled host-side in tiling_data_test.cc and
// kernel-side (OPSIM_KERNEL_TILING) in tiling_data_kernel_side.cc: the two must agree on bytes.
#pragma once
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ProbeInner)
TILING_DATA_FIELD_DEF(uint32_t, a);
TILING_DATA_FIELD_DEF(uint32_t, b);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(ProbeTiling)
TILING_DATA_FIELD_DEF(int64_t, total);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(uint32_t, tiles);
TILING_DATA_FIELD_DEF_ARR(int32_t, 4, dims);
TILING_DATA_FIELD_DEF_STRUCT(ProbeInner, inner);
TILING_DATA_FIELD_DEF(uint16_t, flag);
TILING_DATA_FIELD_DEF(uint8_t, mode);
TILING_DATA_FIELD_DEF(uint8_t, spare);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(OpsimProbe, ProbeTiling)

// uint8_t then uint32_t: CANN's host image moves `wide` to byte 4 (a placeholder after
// `small`), where a kernel struct has it too.
BEGIN_TILING_DATA_DEF(MisalignedTiling)
TILING_DATA_FIELD_DEF(uint8_t, small);
TILING_DATA_FIELD_DEF(uint32_t, wide);
END_TILING_DATA_DEF;

// A 4-byte-aligned struct after a uint32_t: CANN places it at byte 8 (a placeholder field in
// the host image and in the kernel struct its build generates), as the Matmul samples' tiling
// (a float or int32_t, then TCubeTiling) needs.
BEGIN_TILING_DATA_DEF(NestedAtFourTiling)
TILING_DATA_FIELD_DEF(uint32_t, first);
TILING_DATA_FIELD_DEF_STRUCT(ProbeInner, inner);
END_TILING_DATA_DEF;
// A nested struct of 5 B with 4-byte alignment: the kernel's struct pads it to 8 B where the
// host image has the next field at byte 5 (still refused).
BEGIN_TILING_DATA_DEF(OddInner)
TILING_DATA_FIELD_DEF(uint32_t, a);
TILING_DATA_FIELD_DEF(uint8_t, b);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(NestedOddTiling)
TILING_DATA_FIELD_DEF_STRUCT(OddInner, inner);
TILING_DATA_FIELD_DEF(uint8_t, after);
// No semicolon: CANN's END_TILING_DATA_DEF brings its own (ops-nn's GeGluGradV2 ends so).
END_TILING_DATA_DEF
}  // namespace optiling
