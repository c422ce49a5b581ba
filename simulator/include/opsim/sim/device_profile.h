// Device profiles: the figures of one simulated chip, loaded from configs/devices/*.yaml.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "opsim/core/status.h"

namespace opsim::sim {

struct DeviceProfile {
  std::string name;                     // "ascend910b"
  std::string architecture;             // "dav-2201"
  uint32_t vector_cores = 0;            // AIV cores a kernel can use (blockDim that run at once)
  uint32_t ub_bytes = 0;                // usable Unified Buffer per core
  uint32_t copy_align_bytes = 32;       // DataCopy UB address and length granule
  uint32_t vector_repeat_bytes = 256;   // bytes one vector repeat processes
  uint32_t max_repeat = 255;            // repeats one vector instruction may carry
  bool has_data_copy_pad = false;       // DataCopyPad available
  double clock_ghz = 0;                 // AI core clock
  double hbm_gbps = 0;                  // device memory bandwidth shared by all cores
  double dma_gbps_per_core = 0;         // one core's MTE2 / MTE3 rate
  double vector_cycles_per_repeat = 1;  // cycles a vector repeat occupies the V pipe
  double scalar_cycles = 1;             // cycles of one scalar (S pipe) UB access
  double launch_us = 0;                 // fixed cost of a kernel launch
  double instr_issue_cycles = 0;        // fixed cost per vector instruction
  double dma_setup_ns = 0;              // a DMA's latency besides its transfer
  double dma_issue_ns = 0;              // a DMA's occupancy of its pipe besides its transfer
  double sync_all_ns = 0;               // cost of a cross-core SyncAll
  double flag_sync_cycles = 0;          // SetFlag/WaitFlag pair: producer's end to waiter's start
  uint32_t queue_buffers_per_position = 8;  // queue buffers InitBuffer may give one TPosition
  // The Cube unit (docs/CUBE.md). Defaults are the 910B's, so profiles built in code have a cube.
  uint32_t cube_cores = 24;                // AIC cores: blockDim of a cube (AIC-only) launch
  uint32_t l1_bytes = 524288;              // L1 buffer per AIC (TPosition A1, B1, C1)
  uint32_t l0a_bytes = 65536;              // L0A (A2)
  uint32_t l0b_bytes = 65536;              // L0B (B2)
  uint32_t l0c_bytes = 131072;             // L0C (CO1)
  uint32_t bias_table_bytes = 1024;        // BT (C2); 0 where C2 is L0C (dav-1001, dav-2002)
  uint32_t fixpipe_buffer_bytes = 7168;    // FB (C2PIPE2GM): quantisation words; 0: none
  double cube_f16_macs_per_cycle = 4096;   // half and bfloat16_t products per cycle
  double cube_int8_macs_per_cycle = 8192;  // 0: the chip has no such Mmad
  double cube_f32_macs_per_cycle = 2048;
  double mte1_bytes_per_cycle = 512;     // L1 -> L0A/L0B (LoadData)
  double fixpipe_bytes_per_cycle = 256;  // L0C -> GM/UB (Fixpipe), before the DMA's own rate
  // The L2 cache in front of HBM (docs/PERFORMANCE.md, "Issue 30 (session 19)"): a GM read that
  // hits runs at l2_gbps_per_core instead of dma_gbps_per_core and costs no HBM bandwidth.
  uint32_t l2_bytes = 0;        // 0 (profiles built in code): no L2, every read goes to HBM
  double l2_gbps_per_core = 0;  // one core's GM -> core rate on an L2 hit
  // One core's rate into the L2 for the Fixpipe's GM writes (write-back: they land in the L2);
  // 0 (profiles built in code) or no L2: dma_gbps_per_core. The vector unit's MTE3 writes keep
  // dma_gbps_per_core (docs/CUBE.md, "The Fixpipe's GM writes").
  double l2_write_gbps_per_core = 0;
  // Where each figure comes from: field -> "source: ..." or "assumption: ...".
  std::map<std::string, std::string> provenance;
  std::string file;  // the YAML file it was loaded from (empty for built-in)
};

// Loads one profile. Errors (kConfigError) name the file, line, column and field.
Status LoadDeviceProfile(const std::string& path, DeviceProfile* out);
// Loads every *.yaml in dir, sorted by name.
Status LoadDeviceProfiles(const std::string& dir, std::vector<DeviceProfile>* out);
// The directory of the shipped profiles: $OPSIM_CONFIG_DIR/devices, else the source tree's.
std::string DefaultDeviceDir();
// Loads DefaultDeviceDir()/<name>.yaml, else DefaultDeviceDir()/variants/<name>.yaml (SoC
// variants and chips kept out of the case suite's `devices: all`).
Status LoadNamedDeviceProfile(const std::string& name, DeviceProfile* out);

}  // namespace opsim::sim
