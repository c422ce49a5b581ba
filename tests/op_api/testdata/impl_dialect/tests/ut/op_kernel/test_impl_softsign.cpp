// ImplSoftsign's kernel unit test in the form operator repositories write theirs: the kernel file
// included, its tiling key set with ICPU_SET_TILING_KEY, the tiling struct filled by hand in GM,
// data made and checked by the scripts of impl_softsign_data/.
#include "../../../op_kernel/impl_softsign.cpp"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "data_utils.h"
#include "gtest/gtest.h"
#include "tikicpulib.h"

class ImplSoftsignTest : public testing::Test {
 protected:
  static void SetUpTestCase() {
    const std::string cmd = "cp -rf " + dataPath + " ./ && chmod -R 755 ./impl_softsign_data/";
    ASSERT_EQ(system(cmd.c_str()), 0) << cmd;
  }

  // Runs the kernel under `key` over the input gen_data.py makes for the shape and scale, and
  // returns compare_data.py's verdict.
  static int Run(uint64_t key, const std::string& shape, float scale,
                 const ImplSoftsignTilingData& tilingData) {
    const std::string gen =
        "cd ./impl_softsign_data/ && python3 gen_data.py '" + shape + "' " + std::to_string(scale);
    if (system(gen.c_str()) != 0) return -1;
    const size_t bytes = static_cast<size_t>(tilingData.totalLength) * sizeof(float);
    uint8_t* x = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    uint8_t* y = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(1024));
    uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(ImplSoftsignTilingData)));
    size_t read = 0;
    const bool ok = ReadFile("./impl_softsign_data/x.bin", read, x, bytes);
    *reinterpret_cast<ImplSoftsignTilingData*>(tiling) = tilingData;
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_SET_TILING_KEY(key);
    ICPU_RUN_KF(impl_softsign, tilingData.usedCoreNum, x, y, workspace, tiling);
    const bool written = WriteFile("./impl_softsign_data/y.bin", y, bytes);
    for (uint8_t* p : {x, y, workspace, tiling}) AscendC::GmFree(p);
    if (!ok || !written) return -1;
    return system("cd ./impl_softsign_data/ && python3 compare_data.py");
  }

 private:
  static const std::string rootPath;
  static const std::string dataPath;
};

const std::string ImplSoftsignTest::rootPath = "../../../../";
const std::string ImplSoftsignTest::dataPath =
    rootPath + "tests/op_api/testdata/impl_dialect/tests/ut/op_kernel/impl_softsign_data";

TEST_F(ImplSoftsignTest, one_tile_per_core_float32) {
  // [3, 1000] as the tiling gives it on 48 cores: 64 values on each of 46, 56 on the 47th.
  ImplSoftsignTilingData tiling{};
  tiling.totalLength = 3000;
  tiling.perCoreLength = 64;
  tiling.tailCoreLength = 56;
  tiling.tileLength = 9816;
  tiling.scale = 1.0f;
  tiling.usedCoreNum = 47;
  EXPECT_EQ(Run(1, "(3, 1000)", 1.0f, tiling), 0);
}

TEST_F(ImplSoftsignTest, several_tiles_and_a_ragged_tail_scaled) {
  // 50000 values on 8 cores of 6256 (six tiles of 1024 and 112), the last 6208 (six and 64).
  ImplSoftsignTilingData tiling{};
  tiling.totalLength = 50000;
  tiling.perCoreLength = 6256;
  tiling.tailCoreLength = 6208;
  tiling.tileLength = 1024;
  tiling.scale = -2.5f;
  tiling.usedCoreNum = 8;
  EXPECT_EQ(Run(1, "(50000,)", -2.5f, tiling), 0);
}
