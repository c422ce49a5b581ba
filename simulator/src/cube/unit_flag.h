// unitFlag: the fine-grained Mmad -> Fixpipe hand-off over L0C (docs/CUBE.md, "unitFlag"). L0C is
// a row of 1 KiB units (one 16 x 16 fractal of 32-bit results); a Mmad with unitFlag 3 marks each
// unit it writes as done, a Fixpipe with unitFlag reads a unit once it is marked (3: and clears the
// mark), and a Mmad with unitFlag 2 or 3 writes a unit only while it is not marked. Each
// instruction works through its units in L0C address order at an even rate, so a Fixpipe follows
// the Mmad that feeds it unit by unit, and the next Mmad follows the Fixpipe.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

inline constexpr uint32_t kL0cUnitBytes = 1024;

// The FIX pipe's registers a kernel sets for DataCopy CO1 -> GM/L1: SetFixpipeNz2ndFlag's NZ -> ND
// layout and SetFixpipePreQuantFlag's quantisation word. Unset until the block sets them.
struct FixpipeRegs {
  bool nz2nd_set = false;
  uint16_t nd_num = 1;
  uint16_t src_nd_stride = 0;
  uint16_t dst_nd_stride = 0;
  bool quant_set = false;
  uint64_t quant_pre = 0;
  // SetFixPipeConfig's quant tensor in the Fixpipe buffer: the vector modes' per-column words.
  bool words_set = false;
  UbRef words;
};

// The MTE1 registers LoadData3DV2 reads (cube_load3d.cc): the left and right feature maps
// (SetFmatrix: l1H, l1W, padList), the padding value, the repeat and the L1 boundary. The fmatrix
// and padding start unset (what an earlier kernel left); repeat and boundary at CANN's defaults.
struct Load3dRegs {
  bool fmatrix_set[2] = {false, false};
  uint16_t l1h[2] = {0, 0};
  uint16_t l1w[2] = {0, 0};
  uint8_t pad[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
  bool padding_set = false;
  uint64_t padding = 0;
  uint16_t repeat_stride = 0;
  uint8_t repeat_time = 1;
  uint8_t repeat_mode = 0;
  uint32_t boundary = 0;
};

// A FIX-pipe read-out waiting in the FIX queue: a Fixpipe with unitFlag whose units no Mmad has
// marked yet (`units`), or any read-out issued behind it (empty `units`). `run` performs it.
struct HeldFixpipe {
  std::vector<uint32_t> units;
  std::function<void()> run;
  const char* instr = "";
};

// One core's unit marks for its current block (the chip's flags start clear), and the FIX pipe's
// registers, kept with them because both live as long as the block on that core.
struct L0cUnitFlags {
  int32_t block = -1;
  std::vector<uint8_t> marked;  // set by a Mmad with unitFlag 3, cleared by a Fixpipe with 3
  std::vector<double> ready;    // when the marking Mmad finished the unit
  std::vector<double> freed;    // when the last clearing Fixpipe finished reading the unit
  FixpipeRegs fixpipe;
  Load3dRegs load3d;
  std::deque<HeldFixpipe> held;  // in program order
  bool releasing = false;        // a held read-out is running: it does not queue again
};

// The running core's FIX registers for its current block.
FixpipeRegs& FixpipeRegsOf(const Core& core);
// The running core's LoadData3DV2 registers for its current block.
Load3dRegs& Load3dRegsOf(const Core& core);

// Faults unless `flag` is 0, 2 or 3 (kInvalidArgument), or when it is not 0 on a chip without
// the feature (kUnsupported: dav-1001, dav-2002).
void CheckUnitFlag(const Core& core, uint8_t flag, const char* instr);

// A Mmad with unitFlag 2 or 3 writing `count` units from L0C byte `l0c_offset`, costing
// `cost_ns`: faults (kDeadlock) when one is marked (its Fixpipe with unitFlag 3 not yet issued:
// the Mmad would wait for ever); else the earliest start that writes each unit after its last
// read-out.
double MmadUnitStart(Core& core, uint64_t l0c_offset, uint32_t count, double cost_ns,
                     const char* instr);
// After that Mmad issued at `start`: with unitFlag 3 its units are marked, each done at its share
// of the Mmad's time.
void MmadUnitsDone(Core& core, uint64_t l0c_offset, uint32_t count, double start, double cost_ns,
                   uint8_t flag);

// A Mmad (dense or sparse) writing `units` L0C units from byte `l0c_offset` (its dst), costing
// `cost_ns`, issued on M: after its units' last read-out when `flag` is set (MmadUnitStart), its
// units marked with 3 (MmadUnitsDone). `start` is its issue time; `dst_start` the start the
// missing-sync check sees for dst (UnitOrderedStart under a unitFlag, else `start`).
struct MmadIssue {
  double start;
  double dst_start;
};
MmadIssue IssueMmad(Core& core, const UbRef& dst, uint64_t l0c_offset, uint32_t units,
                    double cost_ns, uint8_t flag, const char* instr);

// A Fixpipe with unitFlag reading `units` (L0C unit indices, in its read order) at an even rate
// over `transfer_ns`: faults (kDeadlock) when one is not marked (no Mmad with unitFlag 3 wrote it
// since its last read-out: the Fixpipe would wait for ever); else the earliest start of the
// transfer that reads each unit after its Mmad finished it.
double FixpipeUnitStart(Core& core, const std::vector<uint32_t>& units, double transfer_ns,
                        const char* instr);
// After that Fixpipe's transfer began at `begin`: with unitFlag 3 its units are cleared, each free
// for the next Mmad once read.
void FixpipeUnitsDone(Core& core, const std::vector<uint32_t>& units, double begin,
                      double transfer_ns, uint8_t flag);

// Whether a Fixpipe reading `units` (empty: no unitFlag) must wait in the FIX queue: some unit is
// not marked yet, or an earlier read-out is waiting. On the chip the FIX pipe then waits while the
// core issues on: the Mmad that marks the units may come after the Fixpipe in program order
// (docs/CUBE.md, "unitFlag").
bool FixpipeMustWait(const Core& core, const std::vector<uint32_t>& units);
// Queues such a read-out; it runs when a Mmad with unitFlag 3 has marked what it waits for.
void HoldFixpipe(Core& core, std::vector<uint32_t> units, std::function<void()> run,
                 const char* instr);
// After a Mmad with unitFlag 3 has written L0C: runs the waiting read-outs, in order, while the
// first one's units are all marked.
void ReleaseHeldFixpipes(Core& core);
// Faults (kDeadlock) when a read-out still waits at `what` (the block's end, a barrier on FIX):
// the unit it waits for would never be marked.
void RequireNoHeldFixpipe(Core& core, const char* what);

// Clears the marks of the units under `ref` (an L0C view) without a read-out: the Matmul's End
// dropping a tile it computed and nobody fetched.
void DropUnitMarks(const UbRef& ref);

// SetFixPipeConfig(..., isUnitFlag = true): every L0C unit's mark back to 0 (the page).
void ClearAllUnitMarks(const Core& core);

// The start the missing-sync check (TrackRead/TrackWrite) sees for an instruction on `pipe` whose
// L0C units the unit marks ordered after the other pipe's accesses of `ref`'s buffer (M's writes
// for a Fixpipe, FIX's reads for a Mmad): no earlier than their end. A hazard with another
// instruction is then missed, never invented.
double UnitOrderedStart(const Core& core, const UbRef& ref, Pipe pipe, double start);

}  // namespace opsim::sim::detail
