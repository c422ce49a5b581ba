// TplCenter's kernel unit test in the form operator repositories write theirs: the kernel file
// included, the template kernel instantiated per key by hand (withScale), the tiling struct filled
// by hand in GM, a workspace of Ascend C's library space plus the cores' partial sums, data made
// and checked by the scripts of tpl_center_data/.
#include "../../../op_kernel/tpl_center.cpp"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "data_utils.h"
#include "gtest/gtest.h"
#include "tikicpulib.h"

class TplCenterTest : public testing::Test {
 protected:
  static void SetUpTestCase() {
    const std::string cmd = "cp -rf " + dataPath + " ./ && chmod -R 755 ./tpl_center_data/";
    ASSERT_EQ(system(cmd.c_str()), 0) << cmd;
  }

  // Runs `kernel` over the input gen_data.py makes for the shape and scale, and returns
  // compare_data.py's verdict.
  template <typename Kernel>
  static int Run(Kernel kernel, const std::string& shape, float scale,
                 const TplCenterTilingData& tilingData) {
    const std::string args = "'" + shape + "' " + std::to_string(scale);
    if (system(("cd ./tpl_center_data/ && python3 gen_data.py " + args).c_str()) != 0) return -1;
    const size_t bytes = static_cast<size_t>(tilingData.totalLength) * sizeof(float);
    // As the tiling asks: the library's 16 MiB on NpuArch 2201, one 32 B partial per core.
    const size_t workspaceBytes = 16 * 1024 * 1024 + tilingData.usedCoreNum * 32;
    uint8_t* x = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    uint8_t* y = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(workspaceBytes));
    uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(TplCenterTilingData)));
    size_t read = 0;
    const bool ok = ReadFile("./tpl_center_data/x.bin", read, x, bytes);
    *reinterpret_cast<TplCenterTilingData*>(tiling) = tilingData;
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(kernel, tilingData.usedCoreNum, x, y, workspace, tiling);
    const bool written = WriteFile("./tpl_center_data/y.bin", y, bytes);
    for (uint8_t* p : {x, y, workspace, tiling}) AscendC::GmFree(p);
    if (!ok || !written) return -1;
    const std::string compare =
        "cd ./tpl_center_data/ && python3 compare_data.py " + std::to_string(scale);
    return system(compare.c_str());
  }

 private:
  static const std::string rootPath;
  static const std::string dataPath;
};

const std::string TplCenterTest::rootPath = "../../../../";
const std::string TplCenterTest::dataPath =
    rootPath + "tests/op_api/testdata/tpl_dialect/tests/ut/op_kernel/tpl_center_data";

TEST_F(TplCenterTest, partials_of_47_cores_without_scale) {
  // [3, 5001] as the tiling gives it on 48 cores: 320 values on each of 46, 283 on the 47th;
  // scale 1 selects the key withScale = 0.
  TplCenterTilingData tiling{};
  tiling.totalLength = 15003;
  tiling.perCoreLength = 320;
  tiling.tileLength = 9736;
  tiling.scale = 1.0f;
  tiling.usedCoreNum = 47;
  EXPECT_EQ(Run(tpl_center<false>, "(3, 5001)", 1.0f, tiling), 0);
}

TEST_F(TplCenterTest, several_tiles_per_core_scaled) {
  // 8 cores of 1880 values (three tiles of 512 and 344), the last 1843.
  TplCenterTilingData tiling{};
  tiling.totalLength = 15003;
  tiling.perCoreLength = 1880;
  tiling.tileLength = 512;
  tiling.scale = -2.5f;
  tiling.usedCoreNum = 8;
  EXPECT_EQ(Run(tpl_center<true>, "(15003,)", -2.5f, tiling), 0);
}
