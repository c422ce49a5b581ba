// The shipped profiles in configs/devices load and carry the documented figures (DESIGN.md §4).
#include <gtest/gtest.h>

#include <string>

#include "opsim/sim/device_profile.h"

namespace opsim::sim {
namespace {

const std::string kShippedProfiles = OPSIM_SOURCE_DIR "/configs/devices";

DeviceProfile LoadShipped(const std::string& name) {
  DeviceProfile profile;
  const Status status = LoadDeviceProfile(kShippedProfiles + "/" + name + ".yaml", &profile);
  EXPECT_TRUE(status.ok()) << status.ToString();
  return profile;
}

// Facts every shipped chip shares, and the provenance rule.
void ExpectCommonFacts(const DeviceProfile& p) {
  EXPECT_EQ(p.copy_align_bytes, 32u) << p.name;
  EXPECT_EQ(p.vector_repeat_bytes, 256u) << p.name;
  EXPECT_EQ(p.max_repeat, 255u) << p.name;
  EXPECT_GT(p.clock_ghz, 0) << p.name;
  // The cost model takes max(slowest core, bytes / HBM): all cores must be able to saturate it.
  EXPECT_GE(p.vector_cores * p.dma_gbps_per_core, p.hbm_gbps) << p.name;
  EXPECT_EQ(p.provenance.size(), 33u) << p.name;
  // An L2 hit is never slower than a read from HBM (the loader's rule).
  EXPECT_GT(p.l2_bytes, 0u) << p.name;
  EXPECT_GE(p.l2_gbps_per_core, p.dma_gbps_per_core) << p.name;
  // Every chip has a cube with the CANN L0A/L0B sizes; its memories hold whole fractals.
  EXPECT_EQ(p.l0a_bytes, 64u * 1024) << p.name;
  EXPECT_EQ(p.l0b_bytes, 64u * 1024) << p.name;
  EXPECT_GE(p.vector_cores, p.cube_cores) << p.name;
  for (const auto& [field, provenance] : p.provenance) {
    const bool sourced = provenance.rfind("source: ", 0) == 0;
    const bool assumed = provenance.rfind("assumption: ", 0) == 0;
    EXPECT_TRUE(sourced || assumed) << p.name << "." << field << ": " << provenance;
    EXPECT_GT(provenance.size(), std::string("assumption: ").size() + 10)
        << p.name << "." << field << " has no real explanation: " << provenance;
  }
}

TEST(ShippedProfileTest, Ascend910b) {
  const DeviceProfile p = LoadShipped("ascend910b");
  EXPECT_EQ(p.name, "ascend910b");
  EXPECT_EQ(p.architecture, "dav-2201");
  EXPECT_EQ(p.vector_cores, 48u);
  EXPECT_EQ(p.ub_bytes, 192u * 1024);
  EXPECT_TRUE(p.has_data_copy_pad);
  EXPECT_DOUBLE_EQ(p.hbm_gbps, 1600);
  // One AIC to two AIV; L1 and L0C as kernel_utils_constants.h has them for dav-2201.
  EXPECT_EQ(p.cube_cores * 2, p.vector_cores);
  EXPECT_EQ(p.l1_bytes, 512u * 1024);
  EXPECT_EQ(p.l0c_bytes, 128u * 1024);
  EXPECT_GT(p.bias_table_bytes, 0u);
  // The Fixpipe buffer: CANN's CPU-mode buffer table for dav-2201 (FIXBUF 7 KiB).
  EXPECT_EQ(p.fixpipe_buffer_bytes, 7u * 1024);
  // CANN's Ascend910B2C.ini: l2_size 192 MiB, l2_read_rate 110 B per cycle at 1.8 GHz.
  EXPECT_EQ(p.l2_bytes, 192u << 20);
  EXPECT_DOUBLE_EQ(p.l2_gbps_per_core, 198);
  // Ascend910B1.ini's l2_write_rate 86 B per cycle at 1.8 GHz, for the Fixpipe's GM writes.
  EXPECT_DOUBLE_EQ(p.l2_write_gbps_per_core, 154.8);
  ExpectCommonFacts(p);
}

TEST(ShippedProfileTest, Ascend910a) {
  const DeviceProfile p = LoadShipped("ascend910a");
  EXPECT_EQ(p.name, "ascend910a");
  EXPECT_EQ(p.architecture, "dav-1001");
  EXPECT_EQ(p.vector_cores, 32u);
  EXPECT_EQ(p.ub_bytes, 248u * 1024);
  EXPECT_FALSE(p.has_data_copy_pad);
  EXPECT_DOUBLE_EQ(p.hbm_gbps, 1200);
  EXPECT_EQ(p.provenance.at("hbm_gbps").rfind("source: ", 0), 0u);
  ExpectCommonFacts(p);
}

TEST(ShippedProfileTest, Ascend310p) {
  const DeviceProfile p = LoadShipped("ascend310p");
  EXPECT_EQ(p.name, "ascend310p");
  EXPECT_EQ(p.architecture, "dav-2002");
  EXPECT_EQ(p.vector_cores, 8u);
  EXPECT_EQ(p.ub_bytes, 248u * 1024);
  EXPECT_FALSE(p.has_data_copy_pad);
  EXPECT_DOUBLE_EQ(p.hbm_gbps, 204.8);
  // The cube and the vector unit share one AI core; C2 is L0C, no bias table.
  EXPECT_EQ(p.cube_cores, p.vector_cores);
  EXPECT_EQ(p.l0c_bytes, 256u * 1024);
  EXPECT_EQ(p.bias_table_bytes, 0u);
  EXPECT_EQ(p.fixpipe_buffer_bytes, 0u);  // SetFixPipeConfig's page: not supported
  ExpectCommonFacts(p);
}

TEST(ShippedProfileTest, Ascend310b) {
  // Atlas 200I/500 A2: CANN's Ascend310B1.ini figures (one AI core, 248 KiB UB, 1224 MHz).
  const DeviceProfile p = LoadShipped("variants/ascend310b");
  EXPECT_EQ(p.name, "ascend310b");
  EXPECT_EQ(p.architecture, "dav-3002");
  EXPECT_EQ(p.vector_cores, 1u);
  EXPECT_EQ(p.cube_cores, 1u);
  EXPECT_EQ(p.ub_bytes, 248u * 1024);
  EXPECT_TRUE(p.has_data_copy_pad);
  EXPECT_DOUBLE_EQ(p.clock_ghz, 1.224);
  EXPECT_EQ(p.l1_bytes, 1024u * 1024);
  EXPECT_EQ(p.l0c_bytes, 128u * 1024);
  EXPECT_EQ(p.bias_table_bytes, 1024u);
  EXPECT_EQ(p.provenance.at("ub_bytes").rfind("source: ", 0), 0u);
  EXPECT_EQ(p.provenance.at("hbm_gbps").rfind("assumption: ", 0), 0u);
  ExpectCommonFacts(p);
}

TEST(ShippedProfileTest, DmaIssueIsTheAtlasA2MeasurementAndBelowTheSetUp) {
  // Only the 910B's comes from a measurement (asc-devkit's data_copy on Atlas A2); the others
  // borrow it and must say so.
  for (const std::string name : {"ascend910b", "ascend910a", "ascend310p", "variants/ascend310b",
                                 "variants/ascend310p1", "variants/ascend910b3"}) {
    const DeviceProfile p = LoadShipped(name);
    EXPECT_DOUBLE_EQ(p.dma_issue_ns, 8.6) << name;
    EXPECT_LT(p.dma_issue_ns, p.dma_setup_ns) << name;
    const bool measured = name == "ascend910b";
    EXPECT_EQ(p.provenance.at("dma_issue_ns").rfind(measured ? "source: " : "assumption: ", 0), 0u)
        << name;
  }
}

TEST(ShippedProfileTest, UnsourceableFiguresAreMarkedAsAssumptions) {
  // DESIGN.md §4: DMA rates and fixed costs are not published; they must not claim a source.
  for (const std::string name : {"ascend910b", "ascend910a", "ascend310p", "variants/ascend310b"}) {
    const DeviceProfile p = LoadShipped(name);
    for (const char* field :
         {"dma_gbps_per_core", "launch_us", "dma_setup_ns", "sync_all_ns", "flag_sync_cycles",
          "mte1_bytes_per_cycle", "fixpipe_bytes_per_cycle"}) {
      EXPECT_EQ(p.provenance.at(field).rfind("assumption: ", 0), 0u) << name << "." << field;
    }
  }
}

}  // namespace
}  // namespace opsim::sim
