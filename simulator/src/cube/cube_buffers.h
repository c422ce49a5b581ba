// The cube's local memories (L1, L0A, L0B, L0C, BT) and the TPositions that live in them: where
// each position's buffers are carved from on the running chip and core type, and which pipes
// produce and consume a queue at that position (docs/CUBE.md).
#pragma once

#include <cstdint>
#include <string>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

inline constexpr int kUbMemory = -1;                // CubeMemoryOf's answer for the Unified Buffer
inline constexpr uint32_t kCubeC0Bytes = 32;        // one NZ row of a fractal
inline constexpr uint32_t kCubeFractalBytes = 512;  // one L0A/L0B fractal

bool IsCubePosition(Position pos);
const char* CubePositionName(Position pos);
// The memory `pos` lives in on the running core (kUbMemory or a CubeMem); faults (kUnsupported)
// when the running core type has no such memory (an AIV's L1 on the 910B, an AIC's UB) or the
// position is Global Memory on this chip (CO2 on dav-2201). With `other_core`, a memory of the
// other core type is no fault: *other_core is set (a static tensor's constructor only names an
// address, which the chip lets either core do).
int CubeMemoryOf(const Core& core, Position pos, const char* instr, bool* other_core = nullptr);
// The fault of using a LocalTensor whose position is the other core type's (kOtherCoreBuf).
[[noreturn]] void RaiseOtherCoreTensor(const Core& core, const UbRef& ref, const char* instr,
                                       const char* operand);
// The pipe that fills a queue at `src` and the one that drains it at `dst`.
Pipe CubeProducer(Position src);
Pipe CubeConsumer(Position dst);
// Start alignment of buffers in `mem`: 32 B in L1, 512 B in L0A/L0B (one fractal), 64 B in L0C
// and BT (Ascend C general constraints, alignment table).
uint32_t CubeAlignment(int mem);
// `num` buffers of `bytes` (already a multiple of CubeAlignment) from `mem`: the first offset
// from Core::ub. Faults (kUbOverflow, naming the memory) when they do not fit.
uint32_t CarveCube(Core& core, int mem, uint32_t bytes, uint32_t num, const char* instr);
// "L1", "L0A", ... for an offset from Core::ub ("UB" below the cube's memories), and the offset
// within that memory.
const char* LocalMemoryName(const Core& core, uint64_t offset);
uint64_t LocalMemoryOffset(const Core& core, uint64_t offset);
// The memory (kUbMemory or a CubeMem) holding byte `offset` of Core::ub's array.
int LocalMemoryAt(const Core& core, uint64_t offset);
// Whether the running chip's cube is the Atlas A2/A3 generation (dav-2201, as the 910B): the
// one CANN gives unitFlag, Mmad's kDirectionAlign, DataCopy CO1 -> GM/L1, the transposing 2-D
// load and LoadData3DV2; not the 910A (dav-1001), the 310P (dav-2002) or a chip with no L0C.
bool IsA2GenerationCube(const Core& core);

}  // namespace opsim::sim::detail

namespace opsim::sim::detail {

// Faults unless `ref` is a live view in `mem` (or `alt_mem`, when >= 0) with a start aligned to
// `align` bytes of its memory. `where` names the positions for the message ("A2 (L0A)").
void RequireCubeOperand(Core& core, const UbRef& ref, int mem, int alt_mem, uint32_t align,
                        const char* instr, const char* operand, const char* where);
// Nanoseconds for `cycles` of the core's clock.
inline double CubeNs(const Core& core, double cycles) { return cycles * core.ns_per_cycle; }
// Checked mode: whether every byte of [ptr, ptr + bytes) (local memory) was written.
bool LocalWritten(const Core& core, const uint8_t* ptr, uint64_t bytes);

}  // namespace opsim::sim::detail
