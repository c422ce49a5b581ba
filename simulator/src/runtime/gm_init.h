// Checked mode's GM initialisation check: the bytes of output and workspace regions start
// unwritten (inputs, tilings and regions of unknown role count as written). As MemorySanitizer
// does, a DMA of unwritten GM into the UB is not itself a fault (kernels load whole tiles and use
// part of them): the UB bytes stay unwritten, and the UB check reports their use, naming the GM
// bytes they came from. Scalar reads and atomic accumulation onto unwritten bytes are faults at
// once. Every such fault waits for the epoch's end, where a race (a missing SyncAll) wins.
#pragma once

#include <cstdint>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// A GM -> UB load of `bytes` GM bytes at `gm_lo` (inside gm's region) into the UB row
// [row, row + row_bytes), the data at row + data_off: marks the row written, or, where the GM
// bytes are unwritten, only its 32 B blocks that hold some written byte.
void MarkLoaded(Core& core, const GmRef& gm, const uint8_t* gm_lo, uint64_t bytes, uint8_t* row,
                uint64_t row_bytes, uint64_t data_off, const UbRef& dst, const char* instr);

// The UB check found bytes [hole_lo, hole_hi) (UB offsets) of `buf` unwritten: when a GM load
// left them so, defers a kUninitializedRead fault naming the GM bytes and returns true.
bool DeferIfLoadedUnwritten(const Core& core, int16_t buf, uint64_t hole_lo, uint64_t hole_hi,
                            uint64_t read_lo, uint64_t read_hi, const char* instr,
                            const char* operand);

// GlobalTensor::GetValue of [lo, lo + bytes): defers a fault when nothing wrote them.
void CheckScalarGmRead(Core& core, const GmRef& gm, const uint8_t* lo, uint64_t bytes);

// Atomic accumulation onto [lo, lo + bytes): defers a fault when nothing wrote them.
void CheckAtomicTarget(Core& core, const uint8_t* lo, uint64_t bytes, const char* instr);

// Checked mode: the first UB byte in [lo, hi) (UB offsets) whose written flag is `written`, or
// hi (core.cc).
uint64_t FindUbBit(const Core& core, uint64_t lo, uint64_t hi, bool written);

// A DMA out of UB [src + off, + bytes) to GM at `gm`, issued at `t`: faults (the UB check) when a
// 32 B UB block of it holds no written byte. When every block holds some but not every byte is
// written, the copy is legal (the chip moves whole blocks: ReduceCustom computes one float and
// copies its block out) and a partial_block_copy_out warning; the GM bytes of the unwritten ones
// are then logged as unwritten garbage, and it returns true (the caller logs nothing more).
bool CheckCopyOut(Core& core, const UbRef& src, uint64_t off, uint64_t bytes, const uint8_t* gm,
                  const char* instr, double t);

}  // namespace opsim::sim::detail
