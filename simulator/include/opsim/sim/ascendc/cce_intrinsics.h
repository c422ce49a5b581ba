// What CANN's kernel headers and its CPU-debug build give a kernel besides the Ascend C classes:
// the build macros (the core-type guards), the CCE compiler intrinsics
// (pipe_barrier, set_flag, wait_flag) and the constants of kernel_utils.h. Kernels compile as for
// a 910B (DAV C220) vector core (cube-only #ifdef code is compiled out); at run time the guards
// follow the launch: ASCEND_IS_AIC on the cube cores, ASCEND_IS_AIV elsewhere.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/types.h"

// __CCE_KT_TEST__ is not defined here: as in CANN, only the command line of a CPU-debug or
// kernel-UT build defines it (the tikicpulib::<SoC> targets, ccec, AddOpTestCase), never a
// header, so an operator library's kernel (CANN's device build) does not see it.

// The compiler defines __DAV_C220_VEC__ when it builds a kernel for a 910B vector core (and
// __DAV_C220_CUBE__ for its cube core, which the simulator does not have).
#ifndef __DAV_C220_VEC__
#define __DAV_C220_VEC__ 1
#endif
// It also defines __CCE_AICORE__, the core generation: 220 for the DAV C220. Operator
// repositories choose their 910B code by it (ops-nn's kernels test it in 324 files; its
// AddOpTestCase lines pass -D__CCE_AICORE__=220 for the 910B), and without it they take the
// older generations' branches. A command line that sets it wins.
#ifndef __CCE_AICORE__
#define __CCE_AICORE__ 220
#endif

namespace AscendC {
// Core types (CANN's kernel_utils constants).
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

// Vector geometry constants of CANN's kernel_utils.h, used unqualified by many kernels.
const int32_t ONE_BLK_SIZE = 32;
const uint32_t ONE_BLOCK_SIZE = 32;
const int32_t ONE_REPEAT_BYTE_SIZE = 256;
const uint32_t VECTOR_REG_WIDTH = 256;
const int32_t DEFAULT_BLK_NUM = 8;
const uint8_t DEFAULT_BLK_STRIDE = 1;
const uint8_t DEFAULT_REPEAT_STRIDE = 8;
const uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
const int32_t MAX_REPEAT_TIMES = 255;
const uint8_t B32_DATA_NUM_PER_BLOCK = 8;
const uint8_t B16_DATA_NUM_PER_BLOCK = 16;
const int32_t B32_DATA_NUM_PER_REPEAT = 64;
const int32_t B16_DATA_NUM_PER_REPEAT = 128;
const int32_t ONE_BYTE_BIT_SIZE = 8;
// The cube's fractal edge (16 rows of a 512-byte fractal), its elements (16 x 16) and the most
// dimensions a slice DataCopy takes (SliceInfo arrays).
const int32_t BLOCK_CUBE = 16;
const int32_t CUBE_MAX_SIZE = 256;
const int32_t K_MAX_DIM = 8;
}  // namespace AscendC

// The core type of the running block, as CANN's CPU-debug build declares it: AIC in a launch on
// the cube cores (CoreType::kAic, ICPU_RUN_KF's AIC_MODE), AIV otherwise (a MIX kernel's code
// runs on its AIV cores). Per host thread: each runs one simulated core at a time.
extern thread_local int32_t g_coreType;
#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AscendC::AIC)

namespace opsim::sim::detail {
// The HardEvent of a set_flag/wait_flag pipe pair; a pair the vector core has no flag for is a
// fault naming both pipes.
AscendC::HardEvent EventOfPipes(const char* instr, pipe_t src, pipe_t dst);
}  // namespace opsim::sim::detail

// CCE intrinsics (global scope, as the compiler provides them).
inline void pipe_barrier(pipe_t pipe) { opsim::sim::detail::BarrierPipes(pipe); }
inline void set_flag(pipe_t pipe, pipe_t tpipe, event_t eventId) {
  opsim::sim::detail::SetFlagImpl(opsim::sim::detail::EventOfPipes("set_flag", pipe, tpipe),
                                  eventId);
}
inline void wait_flag(pipe_t pipe, pipe_t tpipe, event_t eventId) {
  opsim::sim::detail::WaitFlagImpl(opsim::sim::detail::EventOfPipes("wait_flag", pipe, tpipe),
                                   eventId);
}
