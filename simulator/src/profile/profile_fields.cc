#include "profile_fields.h"

#include <array>
#include <charconv>
#include <cmath>

namespace opsim::sim::profile {
namespace {

using P = DeviceProfile;

// Upper bounds are sanity limits that catch unit slips (bytes for KiB, MB/s for GB/s), not
// claims about real hardware. blockDim is a 16-bit quantity in Ascend C, hence 65535 cores.
constexpr double kMaxUbBytes = 16.0 * 1024 * 1024;
constexpr double kMaxRate = 1e6;       // GB/s; no device memory is near a petabyte per second
constexpr double kMaxCycles = 1e6;     // cycles per repeat / access
constexpr double kMaxFixedCost = 1e9;  // us or ns or cycles of fixed overhead
constexpr double kMaxLocalBytes = 64.0 * 1024 * 1024;  // L1 and L0 buffers
constexpr double kMaxMacs = 1e7;                       // MACs per cycle of one cube
constexpr double kMaxL2Bytes = 4294967295.0;           // a uint32_t: 4 GiB, far above any L2

const std::array<FieldSpec, 33> kFigures = {{
    {"vector_cores", FigureKind::kCount, &P::vector_cores, 1, 65535},
    {"ub_bytes", FigureKind::kCount, &P::ub_bytes, 32, kMaxUbBytes, false,
     CountRule::kMultipleOf32},
    {"copy_align_bytes", FigureKind::kCount, &P::copy_align_bytes, 1, 4096, false,
     CountRule::kPowerOfTwo},
    {"vector_repeat_bytes", FigureKind::kCount, &P::vector_repeat_bytes, 32, 4096, false,
     CountRule::kPowerOfTwo},
    {"max_repeat", FigureKind::kCount, &P::max_repeat, 1, 255},
    {"has_data_copy_pad", FigureKind::kFlag, &P::has_data_copy_pad},
    {"clock_ghz", FigureKind::kReal, &P::clock_ghz, 0, 100, true},
    {"hbm_gbps", FigureKind::kReal, &P::hbm_gbps, 0, kMaxRate, true},
    {"dma_gbps_per_core", FigureKind::kReal, &P::dma_gbps_per_core, 0, kMaxRate, true},
    {"vector_cycles_per_repeat", FigureKind::kReal, &P::vector_cycles_per_repeat, 0, kMaxCycles,
     true},
    {"scalar_cycles", FigureKind::kReal, &P::scalar_cycles, 0, kMaxCycles, true},
    {"launch_us", FigureKind::kReal, &P::launch_us, 0, kMaxFixedCost},
    {"instr_issue_cycles", FigureKind::kReal, &P::instr_issue_cycles, 0, kMaxFixedCost},
    {"dma_setup_ns", FigureKind::kReal, &P::dma_setup_ns, 0, kMaxFixedCost},
    {"dma_issue_ns", FigureKind::kReal, &P::dma_issue_ns, 0, kMaxFixedCost},
    {"sync_all_ns", FigureKind::kReal, &P::sync_all_ns, 0, kMaxFixedCost},
    {"flag_sync_cycles", FigureKind::kReal, &P::flag_sync_cycles, 0, kMaxFixedCost},
    // A TPipe holds at most 64 buffers in all, so no position can hold more.
    {"queue_buffers_per_position", FigureKind::kCount, &P::queue_buffers_per_position, 1, 64},
    // The Cube unit. Local memories are whole 512 B fractals (L0A/L0B) or 32 B blocks; a chip
    // without a bias table (C2 in L0C) says 0, one without float Mmad 0 MACs.
    {"cube_cores", FigureKind::kCount, &P::cube_cores, 1, 65535},
    {"l1_bytes", FigureKind::kCount, &P::l1_bytes, 512, kMaxLocalBytes, false,
     CountRule::kMultipleOf32},
    {"l0a_bytes", FigureKind::kCount, &P::l0a_bytes, 512, kMaxLocalBytes, false,
     CountRule::kMultipleOf512},
    {"l0b_bytes", FigureKind::kCount, &P::l0b_bytes, 512, kMaxLocalBytes, false,
     CountRule::kMultipleOf512},
    {"l0c_bytes", FigureKind::kCount, &P::l0c_bytes, 1024, kMaxLocalBytes, false,
     CountRule::kMultipleOf512},
    {"bias_table_bytes", FigureKind::kCount, &P::bias_table_bytes, 0, kMaxLocalBytes, false,
     CountRule::kMultipleOf32},
    // The Fixpipe buffer (C2PIPE2GM); 0 on a chip whose Ascend C has none.
    {"fixpipe_buffer_bytes", FigureKind::kCount, &P::fixpipe_buffer_bytes, 0, kMaxLocalBytes, false,
     CountRule::kMultipleOf32},
    {"cube_f16_macs_per_cycle", FigureKind::kReal, &P::cube_f16_macs_per_cycle, 0, kMaxMacs, true},
    {"cube_int8_macs_per_cycle", FigureKind::kReal, &P::cube_int8_macs_per_cycle, 0, kMaxMacs},
    {"cube_f32_macs_per_cycle", FigureKind::kReal, &P::cube_f32_macs_per_cycle, 0, kMaxMacs},
    {"mte1_bytes_per_cycle", FigureKind::kReal, &P::mte1_bytes_per_cycle, 0, kMaxRate, true},
    {"fixpipe_bytes_per_cycle", FigureKind::kReal, &P::fixpipe_bytes_per_cycle, 0, kMaxRate, true},
    // The L2 in front of HBM: 0 bytes for a chip without one (every GM read then misses).
    {"l2_bytes", FigureKind::kCount, &P::l2_bytes, 0, kMaxL2Bytes},
    {"l2_gbps_per_core", FigureKind::kReal, &P::l2_gbps_per_core, 0, kMaxRate, true},
    {"l2_write_gbps_per_core", FigureKind::kReal, &P::l2_write_gbps_per_core, 0, kMaxRate, true},
}};

constexpr std::array<std::string_view, 35> kTopLevelKeys = {kNameField,
                                                            kArchitectureField,
                                                            "vector_cores",
                                                            "ub_bytes",
                                                            "copy_align_bytes",
                                                            "vector_repeat_bytes",
                                                            "max_repeat",
                                                            "has_data_copy_pad",
                                                            "clock_ghz",
                                                            "hbm_gbps",
                                                            "dma_gbps_per_core",
                                                            "vector_cycles_per_repeat",
                                                            "scalar_cycles",
                                                            "launch_us",
                                                            "instr_issue_cycles",
                                                            "dma_setup_ns",
                                                            "dma_issue_ns",
                                                            "sync_all_ns",
                                                            "flag_sync_cycles",
                                                            "queue_buffers_per_position",
                                                            "cube_cores",
                                                            "l1_bytes",
                                                            "l0a_bytes",
                                                            "l0b_bytes",
                                                            "l0c_bytes",
                                                            "bias_table_bytes",
                                                            "fixpipe_buffer_bytes",
                                                            "cube_f16_macs_per_cycle",
                                                            "cube_int8_macs_per_cycle",
                                                            "cube_f32_macs_per_cycle",
                                                            "mte1_bytes_per_cycle",
                                                            "fixpipe_bytes_per_cycle",
                                                            "l2_bytes",
                                                            "l2_gbps_per_core",
                                                            "l2_write_gbps_per_core"};

}  // namespace

std::string FormatNumber(double value) {
  // Shortest text that reads back as the same double: 204.8, not 204.80000000000001.
  std::array<char, 32> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), result.ptr);
}

std::span<const FieldSpec> FigureFields() { return kFigures; }

const FieldSpec* FindFigure(std::string_view name) {
  for (const FieldSpec& spec : kFigures) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

std::span<const std::string_view> TopLevelKeys() { return kTopLevelKeys; }

std::string CheckFigureRange(const FieldSpec& spec, double value) {
  if (spec.kind == FigureKind::kFlag) return {};
  const bool below = spec.min_exclusive ? !(value > spec.min) : !(value >= spec.min);
  if (below || !(value <= spec.max)) {
    std::string reason = FormatNumber(value) + " is out of range (expected " +
                         FormatNumber(spec.min) + (spec.min_exclusive ? " < " : " <= ");
    reason += spec.name;
    reason += " <= " + FormatNumber(spec.max) + ")";
    return reason;
  }
  if (spec.kind != FigureKind::kCount) return {};
  const auto count = static_cast<uint64_t>(value);
  if (spec.rule == CountRule::kMultipleOf32 && count % 32 != 0) {
    return FormatNumber(value) + " is not a multiple of 32 (" + std::string(spec.name) +
           " is a whole number of 32-byte blocks)";
  }
  if (spec.rule == CountRule::kMultipleOf512 && count % 512 != 0) {
    return FormatNumber(value) + " is not a multiple of 512 (" + std::string(spec.name) +
           " is a whole number of 512-byte fractals)";
  }
  if (spec.rule == CountRule::kPowerOfTwo && (count & (count - 1)) != 0) {
    return FormatNumber(value) + " is not a power of two (" + std::string(spec.name) +
           " must be 1, 2, 4, 8, ...)";
  }
  return {};
}

}  // namespace opsim::sim::profile
