#include "cube/cube_buffers.h"

#include <string>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/fault.h"
#include "runtime/gm_init.h"

namespace opsim::sim::detail {
namespace {

constexpr const char* kCubeMemNames[kCubeMemCount] = {"L1", "L0A", "L0B", "L0C", "BT", "FB"};

// A chip whose AI core holds both units (910A, 310P) reaches every memory from one core; the
// 910B's AIC and AIV are separate cores.
bool SplitCores(const DeviceProfile& d) { return d.cube_cores < d.vector_cores; }

}  // namespace

void SetLocalMemories(Core& core, const DeviceProfile& d) {
  const uint32_t sizes[kCubeMemCount] = {d.l1_bytes,  d.l0a_bytes,        d.l0b_bytes,
                                         d.l0c_bytes, d.bias_table_bytes, d.fixpipe_buffer_bytes};
  uint32_t at = d.ub_bytes;
  for (int m = 0; m < kCubeMemCount; ++m) {
    core.cube_base[static_cast<size_t>(m)] = at;
    core.cube_bytes[static_cast<size_t>(m)] = sizes[m];
    at += sizes[m];
  }
  core.local_bytes = at;
}

bool IsCubePosition(Position pos) { return pos >= Position::kA1; }

bool IsA2GenerationCube(const Core& core) {
  const std::string& arch = core.device->architecture;
  return core.device->l0c_bytes > 0 && arch != "dav-1001" && arch != "dav-2002";
}

const char* CubePositionName(Position pos) {
  switch (pos) {
    case Position::kA1: return "A1";
    case Position::kA2: return "A2";
    case Position::kB1: return "B1";
    case Position::kB2: return "B2";
    case Position::kC1: return "C1";
    case Position::kC2: return "C2";
    case Position::kCO1: return "CO1";
    case Position::kCO2: return "CO2";
    case Position::kC2Pipe2Gm: return "C2PIPE2GM";
    default: return "?";
  }
}

int CubeMemoryOf(const Core& core, Position pos, const char* instr, bool* other_core) {
  const DeviceProfile& d = *core.device;
  // dav-2201 (a bias table exists): C1 is L1, C2 the BT, CO2 Global Memory. Older chips: C1 and
  // CO2 are the UB, C2 is L0C (Ascend C general constraints, the TPosition table).
  const bool has_bt = d.bias_table_bytes > 0;
  int mem = kUbMemory;
  switch (pos) {
    case Position::kA1:
    case Position::kB1: mem = static_cast<int>(CubeMem::kL1); break;
    case Position::kA2: mem = static_cast<int>(CubeMem::kL0A); break;
    case Position::kB2: mem = static_cast<int>(CubeMem::kL0B); break;
    case Position::kCO1: mem = static_cast<int>(CubeMem::kL0C); break;
    case Position::kC1: mem = has_bt ? static_cast<int>(CubeMem::kL1) : kUbMemory; break;
    case Position::kC2: mem = static_cast<int>(has_bt ? CubeMem::kBT : CubeMem::kL0C); break;
    case Position::kCO2:
      if (has_bt) {
        RaiseFault(FaultKind::kUnsupported, instr,
                   "CO2 is Global Memory on " + d.name +
                       " (Fixpipe writes L0C results to GM or the UB directly): it has no local "
                       "buffers to allocate");
      }
      mem = kUbMemory;
      break;
    case Position::kC2Pipe2Gm:
      // CANN's Ascend C has no Fixpipe buffer on the 910A/310P (their SetFixPipeConfig page: not
      // supported); the profile says 0 bytes there.
      if (d.fixpipe_buffer_bytes == 0) {
        RaiseFault(FaultKind::kUnsupported, instr,
                   "C2PIPE2GM is the Fixpipe buffer, which " + d.name + " (" + d.architecture +
                       ") does not have (fixpipe_buffer_bytes = 0)");
      }
      mem = static_cast<int>(CubeMem::kFB);
      break;
    default: mem = kUbMemory; break;
  }
  if (!SplitCores(d)) return mem;
  const bool other = (mem != kUbMemory && core.core_type == CoreType::kAiv) ||
                     (mem == kUbMemory && core.core_type == CoreType::kAic);
  if (other && other_core != nullptr) {
    *other_core = true;
    return mem;
  }
  if (mem != kUbMemory && core.core_type == CoreType::kAiv) {
    RaiseFault(FaultKind::kUnsupported, instr,
               std::string("the AIV (vector) core of ") + d.name + " has no " + kCubeMemNames[mem] +
                   " buffer: cube positions belong to the AIC core " +
                   "(launch with CoreType::kAic, or KERNEL_TYPE_AIC_ONLY)");
  }
  if (mem == kUbMemory && core.core_type == CoreType::kAic) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "the AIC (cube) core of " + d.name +
                   " has no Unified Buffer: VECIN/VECOUT/VECCALC belong to its AIV cores");
  }
  return mem;
}

void RaiseOtherCoreTensor(const Core& core, const UbRef& ref, const char* instr,
                          const char* operand) {
  const bool aiv = core.core_type == CoreType::kAiv;
  // RawLocal keeps the memory there (an AIV's TSCM view keeps its AIC buffer's gen above it).
  const int mem = static_cast<int8_t>(ref.gen & 0xff);
  RaiseFault(FaultKind::kUnsupported, instr,
             std::string(operand) + " is a LocalTensor in the " +
                 (mem == kUbMemory ? std::string("Unified Buffer") : kCubeMemNames[mem]) +
                 ", which on " + core.device->name + " belongs to the " +
                 (aiv ? "AIC (cube)" : "AIV (vector)") + " core: the " + (aiv ? "AIV" : "AIC") +
                 " core running this cannot reach it (constructing the tensor only names an "
                 "address; put its use under ASCEND_IS_" +
                 (aiv ? "AIC" : "AIV") + ")");
}

Pipe CubeProducer(Position src) {
  switch (src) {
    case Position::kA1:
    case Position::kB1:
    case Position::kC1: return Pipe::kMte2;  // GM -> L1 (DataCopy)
    case Position::kA2:
    case Position::kB2:
    case Position::kC2: return Pipe::kMte1;  // L1 -> L0A/L0B/BT (LoadData, DataCopy)
    case Position::kCO1: return Pipe::kM;    // Mmad
    case Position::kCO2:
      return Pipe::kFix;  // Fixpipe / L0C copy-out
    // DataCopy L1 -> FB is a FIX instruction (CANN's DataCopyL12FBImpl is __inout_pipe__(FIX);
    // its sample orders it after the GM -> L1 copy with MTE2_FIX), read by FIX.
    case Position::kC2Pipe2Gm: return Pipe::kFix;
    default: return Pipe::kV;
  }
}

Pipe CubeConsumer(Position dst) {
  switch (dst) {
    case Position::kA1:
    case Position::kB1:
    case Position::kC1: return Pipe::kMte1;
    case Position::kA2:
    case Position::kB2:
    case Position::kC2: return Pipe::kM;
    case Position::kCO1: return Pipe::kFix;
    case Position::kCO2: return Pipe::kMte3;
    case Position::kC2Pipe2Gm: return Pipe::kFix;
    default: return Pipe::kV;
  }
}

uint32_t CubeAlignment(int mem) {
  switch (static_cast<CubeMem>(mem)) {
    case CubeMem::kL1: return 32;
    case CubeMem::kL0A:
    case CubeMem::kL0B: return 512;
    case CubeMem::kL0C:
    case CubeMem::kBT: return 64;
    case CubeMem::kFB: return 128;  // the L1 -> FB page; SetFixPipeConfig's address in 128 B units
  }
  return 32;
}

uint32_t CarveCube(Core& core, int mem, uint32_t bytes, uint32_t num, const char* instr) {
  const auto m = static_cast<size_t>(mem);
  const uint64_t want = static_cast<uint64_t>(bytes) * num;
  const uint32_t left = core.cube_bytes[m] - core.cube_used[m];
  if (want > left) {
    RaiseFault(FaultKind::kUbOverflow, instr,
               "requested " + std::to_string(num) + " x " + std::to_string(bytes) + " = " +
                   std::to_string(want) + " B of " + kCubeMemNames[m] + " but only " +
                   std::to_string(left) + " B of " + std::to_string(core.cube_bytes[m]) + " B (" +
                   core.device->name + ") are left");
  }
  const uint32_t offset = core.cube_base[m] + core.cube_used[m];
  core.cube_used[m] += static_cast<uint32_t>(want);
  NoteChanged(core, m + 1, core.cube_base[m], core.cube_base[m] + core.cube_used[m]);
  return offset;
}

uint64_t LocalPhyAddr(const uint8_t* ptr) {
  const Core& core = Cur();
  return LocalMemoryOffset(core, static_cast<uint64_t>(ptr - core.ub));
}

int LocalMemoryAt(const Core& core, uint64_t offset) {
  for (int m = kCubeMemCount - 1; m >= 0; --m) {
    const auto i = static_cast<size_t>(m);
    if (core.cube_bytes[i] > 0 && offset >= core.cube_base[i]) return m;
  }
  return kUbMemory;
}

const char* LocalMemoryName(const Core& core, uint64_t offset) {
  const int m = LocalMemoryAt(core, offset);
  return m == kUbMemory ? "UB" : kCubeMemNames[m];
}

uint64_t LocalMemoryOffset(const Core& core, uint64_t offset) {
  const int m = LocalMemoryAt(core, offset);
  return m == kUbMemory ? offset : offset - core.cube_base[static_cast<size_t>(m)];
}

}  // namespace opsim::sim::detail

namespace opsim::sim::detail {

void RequireCubeOperand(Core& core, const UbRef& ref, int mem, int alt_mem, uint32_t align,
                        const char* instr, const char* operand, const char* where) {
  CheckUbInPlace(core, ref, 0, instr, operand);  // live buffer of this kernel
  const auto at = static_cast<uint64_t>(ref.ptr - core.ub);
  const int found = LocalMemoryAt(core, at);
  if (found != mem && (alt_mem < 0 || found != alt_mem)) {
    RaiseFault(
        FaultKind::kInvalidArgument, instr,
        std::string(operand) + " is in " + LocalMemoryName(core, at) + " but must be in " + where);
  }
  const uint64_t offset = LocalMemoryOffset(core, at);
  if (offset % align != 0) {
    RaiseFault(FaultKind::kMisalignedCopy, instr,
               std::string(operand) + " starts at " + LocalMemoryName(core, at) + " offset " +
                   std::to_string(offset) + ", which is not " + std::to_string(align) +
                   " B aligned");
  }
}

bool LocalWritten(const Core& core, const uint8_t* ptr, uint64_t bytes) {
  const auto at = static_cast<uint64_t>(ptr - core.ub);
  return FindUbBit(core, at, at + bytes, false) == at + bytes;
}

}  // namespace opsim::sim::detail
