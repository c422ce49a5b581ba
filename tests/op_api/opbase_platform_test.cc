// fe::PlatFormInfos as CANN's resource table and PlatformAscendC's rules over it (issue 25
// step 2): core counts by core_type_list, CANN's 256 B UB/L1 reservation on ASCEND910B only,
// NpuArch, CalcTschNumBlocks, and opsim's own figures kept apart from CANN's.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

#include "opsim/op_api/platform_figures.h"
#include "platform/platform_infos_def.h"
#include "tiling/platform/platform_ascendc.h"

namespace {

using opsim::op_api::PlatformDescription;
using platform_ascendc::CoreMemType;
using platform_ascendc::PlatformAscendC;
using platform_ascendc::SocVersion;

PlatformDescription Chip910B() {
  PlatformDescription d;
  d.profile = "ascend910b";
  d.soc_version = "Ascend910B";
  d.short_soc_version = "Ascend910B";
  d.npu_arch = 2201;
  d.split_vector_cube = true;
  d.vector_cores = 48;
  d.ub_bytes = 196608;
  d.has_data_copy_pad = true;
  d.l1_bytes = 524288;
  d.l0_a_bytes = 65536;
  return d;
}

PlatformDescription Chip310P() {
  PlatformDescription d;
  d.profile = "ascend310p";
  d.soc_version = "Ascend310P";
  d.short_soc_version = "Ascend310P";
  d.npu_arch = 2002;
  d.vector_cores = 8;
  d.ub_bytes = 253952;
  return d;
}

uint64_t MemSize(const PlatformAscendC& p, CoreMemType type) {
  uint64_t size = 12345;
  p.GetCoreMemSize(type, size);
  return size;
}

TEST(PlatformAscendCRules, A910BSplitsVectorAndCubeCoresAndReservesUb) {
  fe::PlatFormInfos info;
  opsim::op_api::MakePlatformInfos(Chip910B(), &info);
  PlatformAscendC p(&info);
  EXPECT_EQ(p.GetCoreNumAiv(), 48u);
  EXPECT_EQ(p.GetCoreNumAic(), 24u);
  EXPECT_EQ(p.GetCoreNum(), 48u);       // the runtime's count for a vector kernel
  EXPECT_EQ(p.GetCoreNumVector(), 0u);  // 310P only
  EXPECT_EQ(p.GetSocVersion(), SocVersion::ASCEND910B);
  EXPECT_EQ(p.GetCurNpuArch(), NpuArch::DAV_2201);
  EXPECT_EQ(MemSize(p, CoreMemType::UB), 196608u - 256);
  EXPECT_EQ(MemSize(p, CoreMemType::L1), 524288u - 256);
  EXPECT_EQ(MemSize(p, CoreMemType::L0_A), 65536u);
  EXPECT_EQ(MemSize(p, CoreMemType::L0_C), 0u);  // not in the table
  EXPECT_EQ(p.GetLibApiWorkSpaceSize(), 16u * 1024 * 1024);
  EXPECT_EQ(p.GetResCubeGroupWorkSpaceSize(), 1u * 1024 * 1024);
  p.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_16K);
  EXPECT_EQ(MemSize(p, CoreMemType::UB), 196608u - 256 - 16384);
  EXPECT_EQ(MemSize(p, CoreMemType::L1), 524288u - 256);  // UB only
  // opsim's own figures stay the profile's.
  const opsim::op_api::OpsimFigures own = opsim::op_api::OpsimFiguresOf(info);
  EXPECT_EQ(own.profile, "ascend910b");
  EXPECT_EQ(own.ub_bytes, 196608u);
  EXPECT_EQ(own.vector_cores, 48u);
  EXPECT_TRUE(own.has_data_copy_pad);
}

TEST(PlatformAscendCRules, Ascend910_93IsAscend910BAndOthersKeepTheirUb) {
  fe::PlatFormInfos info;
  PlatformDescription d = Chip910B();
  d.short_soc_version = "Ascend910_93";
  opsim::op_api::MakePlatformInfos(d, &info);
  EXPECT_EQ(PlatformAscendC(&info).GetSocVersion(), SocVersion::ASCEND910B);
  EXPECT_EQ(MemSize(PlatformAscendC(&info), CoreMemType::UB), 196608u - 256);

  fe::PlatFormInfos small;
  opsim::op_api::MakePlatformInfos(Chip310P(), &small);
  PlatformAscendC p(&small);
  EXPECT_EQ(p.GetSocVersion(), SocVersion::ASCEND310P);
  EXPECT_EQ(p.GetCoreNumAiv(), 8u);  // core_type_list "AICore": ai_core_cnt for both kinds
  EXPECT_EQ(p.GetCoreNumAic(), 8u);
  EXPECT_EQ(p.GetCoreNum(), 8u);
  EXPECT_EQ(MemSize(p, CoreMemType::UB), 253952u);
  EXPECT_EQ(p.GetLibApiWorkSpaceSize(), 2u * 1024 * 1024);
  std::map<std::string, std::string> soc{{"ai_core_cnt", "8"}, {"vector_core_cnt", "7"}};
  small.SetPlatformRes("SoCInfo", soc);
  EXPECT_EQ(p.GetCoreNumVector(), 7u);  // 310P's separate vector cores, when the table has them
}

TEST(PlatformAscendCRules, CalcTschNumBlocksPairsVectorBlocksWithCubeCores) {
  fe::PlatFormInfos info;
  opsim::op_api::MakePlatformInfos(Chip910B(), &info);
  const PlatformAscendC p(&info);
  EXPECT_EQ(p.CalcTschNumBlocks(10, 0, 48), 10u);    // a vector-only kernel: the slices
  EXPECT_EQ(p.CalcTschNumBlocks(10, 24, 0), 10u);    // a cube-only kernel
  EXPECT_EQ(p.CalcTschNumBlocks(10, 40, 20), 10u);   // aic > aiv
  EXPECT_EQ(p.CalcTschNumBlocks(11, 24, 48), 6u);    // ceil(11 / 2)
  EXPECT_EQ(p.CalcTschNumBlocks(60, 24, 48), 0u);    // 30 blocks > 24 cube cores
  EXPECT_EQ(p.CalcTschNumBlocks(100, 10, 30), 34u);  // ratio 3: no bound
  EXPECT_EQ(p.CalcTschBlockDim(11, 24, 48), 6u);     // the deprecated name
}

TEST(PlatformAscendCRules, MissingFiguresGiveCannsAnswers) {
  fe::PlatFormInfos info;
  info.Init();
  PlatformAscendC p(&info);
  EXPECT_EQ(p.GetSocVersion(), SocVersion::RESERVED_VERSION);
  EXPECT_EQ(p.GetCurNpuArch(), NpuArch::DAV_RESV);
  EXPECT_EQ(p.GetLibApiWorkSpaceSize(), UINT32_MAX);
  EXPECT_EQ(p.GetVecRegLen(), 0u);
  EXPECT_EQ(p.GetCoreNumAiv(), 0u);
  uint64_t fb = 77;
  p.GetCoreMemSize(CoreMemType::FB, fb);
  EXPECT_EQ(fb, 77u);  // left as it was
  std::map<std::string, std::string> spec{{"vector_reg_width", "256"}, {"fb0_size", "4096"}};
  info.SetPlatformRes("AICoreSpec", spec);
  EXPECT_EQ(p.GetVecRegLen(), 256u);
  p.GetCoreMemSize(CoreMemType::FB, fb);
  EXPECT_EQ(fb, 4096u);
  std::map<std::string, std::string> version{{"Short_SoC_version", "Ascend950"},
                                             {"NpuArch", "3510"}};
  info.SetPlatformRes("version", version);
  EXPECT_EQ(p.GetSocVersion(), SocVersion::ASCEND950);
  EXPECT_EQ(p.GetSocVersion(), SocVersion::ASCEND910_95);
  EXPECT_EQ(p.GetLibApiWorkSpaceSize(), 16u * 1024 * 1024);
}

TEST(PlatFormInfosTable, InitCountsMemoriesAndBuffers) {
  fe::PlatFormInfos info;
  std::string value;
  EXPECT_FALSE(info.GetPlatformRes("SoCInfo", "ai_core_cnt", value));  // nothing before Init
  EXPECT_EQ(info.GetCoreNum(), 0u);
  info.Init();
  std::map<std::string, std::string> soc{{"ai_core_cnt", "24"},
                                         {"vector_core_cnt", "48"},
                                         {"l2_size", "201326592"},
                                         {"memory_size", "oops"}};
  info.SetPlatformResWithLock("SoCInfo", soc);
  std::map<std::string, std::string> rates{{"l2_rate", "110"}, {"ddr_rate", "17"}};
  info.SetPlatformRes("AICoreMemoryRates", rates);
  info.SetCoreNumByCoreType("MIX_AIV");
  EXPECT_EQ(info.GetCoreNum(), 48u);
  EXPECT_EQ(info.GetCoreNumByType("MIX_AIV"), 24u);  // GetCoreNumByType: VectorCore/AIV only
  EXPECT_EQ(info.GetCoreNumByType("AIV"), 48u);
  info.SetCoreNumByCoreType("AiCore");
  EXPECT_EQ(info.GetCoreNum(), 24u);
  uint64_t size = 0;
  info.GetLocalMemSize(fe::LocalMemType::L2, size);
  EXPECT_EQ(size, 201326592u);
  info.GetLocalMemSize(fe::LocalMemType::HBM, size);
  EXPECT_EQ(size, 0u);  // not a number
  info.GetLocalMemBw(fe::LocalMemType::HBM, size);
  EXPECT_EQ(size, 17u);

  const std::string saved = info.SaveToBuffer();
  fe::PlatFormInfos loaded;
  ASSERT_TRUE(loaded.LoadFromBuffer(saved.data(), saved.size()));
  EXPECT_EQ(loaded.GetCoreNum(), 24u);
  ASSERT_TRUE(loaded.GetPlatformRes("AICoreMemoryRates", "l2_rate", value));
  EXPECT_EQ(value, "110");
  EXPECT_FALSE(loaded.LoadFromBuffer("no separators", 13));

  fe::PlatFormInfos copy = info;  // shares the table, as CANN's copies do
  std::map<std::string, std::string> version{{"NpuArch", "2201"}};
  copy.SetPlatformRes("version", version);
  EXPECT_TRUE(info.GetPlatformRes("version", "NpuArch", value));
}

TEST(PlatformAscendCManagerInOpsim, AnswersTheCallInProgress) {
  EXPECT_EQ(platform_ascendc::PlatformAscendCManager::GetInstance(), nullptr);
  fe::PlatFormInfos info;
  opsim::op_api::MakePlatformInfos(Chip910B(), &info);
  {
    const opsim::op_api::ScopedCurrentPlatform current(&info);
    PlatformAscendC* p = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->GetCoreNumAiv(), 48u);
  }
  EXPECT_EQ(platform_ascendc::PlatformAscendCManager::GetInstance(), nullptr);
}

// A CPU-debug runtime's resolver: the 910B and the 310P by their SoC names.
bool ResolveTwoChips(const char* soc, fe::PlatFormInfos* out) {
  const std::string name = soc;
  if (name != "Ascend910B1" && name != "Ascend310P3") return false;
  opsim::op_api::MakePlatformInfos(name == "Ascend910B1" ? Chip910B() : Chip310P(), out);
  return true;
}

// Each case in a child process: the singleton lives as long as the process.
TEST(PlatformAscendCManagerInOpsim, OnlyTheFirstSocTakesEffect) {
  EXPECT_EXIT(
      {
        opsim::op_api::SetSocPlatformResolver(&ResolveTwoChips);
        PlatformAscendC* first =
            platform_ascendc::PlatformAscendCManager::GetInstance("Ascend310P3");
        PlatformAscendC* second =
            platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
        const bool ok = first != nullptr && second == first &&
                        second->GetSocVersion() == SocVersion::ASCEND310P &&
                        platform_ascendc::PlatformAscendCManager::GetInstance() == first;
        std::exit(ok ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

TEST(PlatformAscendCManagerInOpsim, AnswersTheProgramsSocOutsideACall) {
  EXPECT_EXIT(
      {
        opsim::op_api::SetSocPlatformResolver(&ResolveTwoChips);
        opsim::op_api::NoteProgramSoc("Ascend910B1");  // what a tikicpulib program's units do
        PlatformAscendC* p = platform_ascendc::PlatformAscendCManager::GetInstance();
        const bool ok = p != nullptr && p->GetSocVersion() == SocVersion::ASCEND910B &&
                        p->GetCoreNumAiv() == 48 &&
                        platform_ascendc::PlatformAscendCManager::GetInstance("Ascend310P3") == p;
        std::exit(ok ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

TEST(PlatformAscendCManagerInOpsim, AnUnknownSocMakesNoSingleton) {
  EXPECT_EXIT(
      {
        opsim::op_api::SetSocPlatformResolver(&ResolveTwoChips);
        const bool unknown =
            platform_ascendc::PlatformAscendCManager::GetInstance("Ascend999") == nullptr;
        PlatformAscendC* p = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
        std::exit(unknown && p != nullptr && p->GetCoreNumAiv() == 48 ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

}  // namespace
