// TplAddBcast's kernel unit test in the form operator repositories write theirs: the kernel file
// included, the template kernel instantiated per key by hand (D_T_X, schMode), the tiling struct
// filled by hand in GM, data made and checked by the scripts of tpl_add_bcast_data/.
#include "../../../op_kernel/tpl_add_bcast.cpp"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "data_utils.h"
#include "gtest/gtest.h"
#include "tikicpulib.h"

class TplAddBcastTest : public testing::Test {
 protected:
  static void SetUpTestCase() {
    const std::string cmd = "cp -rf " + dataPath + " ./ && chmod -R 755 ./tpl_add_bcast_data/";
    ASSERT_EQ(system(cmd.c_str()), 0) << cmd;
  }

  // Runs `kernel` over inputs gen_data.py makes for the shapes, and compare_data.py's verdict.
  template <typename Kernel>
  static int Run(Kernel kernel, const std::string& shape1, const std::string& shape2,
                 const std::string& dtype, size_t elemBytes, size_t n1, size_t n2, size_t ny,
                 const TplAddBcastTilingData& tilingData) {
    const std::string gen = "cd ./tpl_add_bcast_data/ && python3 gen_data.py '" + shape1 + "' '" +
                            shape2 + "' '" + dtype + "'";
    if (system(gen.c_str()) != 0) return -1;
    uint8_t* x1 = static_cast<uint8_t*>(AscendC::GmAlloc(n1 * elemBytes));
    uint8_t* x2 = static_cast<uint8_t*>(AscendC::GmAlloc(n2 * elemBytes));
    uint8_t* y = static_cast<uint8_t*>(AscendC::GmAlloc(ny * elemBytes));
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(1024));
    uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(TplAddBcastTilingData)));
    size_t read = 0;
    const bool ok = ReadFile("./tpl_add_bcast_data/x1.bin", read, x1, n1 * elemBytes) &&
                    ReadFile("./tpl_add_bcast_data/x2.bin", read, x2, n2 * elemBytes);
    *reinterpret_cast<TplAddBcastTilingData*>(tiling) = tilingData;
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(kernel, tilingData.usedCoreNum, x1, x2, y, workspace, tiling);
    const bool written = WriteFile("./tpl_add_bcast_data/y.bin", y, ny * elemBytes);
    for (uint8_t* p : {x1, x2, y, workspace, tiling}) AscendC::GmFree(p);
    if (!ok || !written) return -1;
    const std::string compare =
        "cd ./tpl_add_bcast_data/ && python3 compare_data.py '" + dtype + "'";
    return system(compare.c_str());
  }

 private:
  static const std::string rootPath;
  static const std::string dataPath;
};

const std::string TplAddBcastTest::rootPath = "../../../../";
const std::string TplAddBcastTest::dataPath =
    rootPath + "tests/op_api/testdata/tpl_dialect/tests/ut/op_kernel/tpl_add_bcast_data";

TEST_F(TplAddBcastTest, same_shape_float32) {
  // 4773 values over 8 cores of 600 (whole 32 B blocks), tiles of 1024.
  TplAddBcastTilingData tiling{};
  tiling.rows = 1;
  tiling.rowLength = 37 * 129;
  tiling.perCoreLength = 600;
  tiling.tileLength = 1024;
  tiling.usedCoreNum = 8;
  auto func = tpl_add_bcast<float, TPL_ADD_BCAST_SAME_SHAPE>;
  EXPECT_EQ(Run(func, "(37, 129)", "(37, 129)", "float32", 4, 4773, 4773, 4773, tiling), 0);
}

TEST_F(TplAddBcastTest, x2_repeats_along_rows_float16) {
  // y [300, 7]: 38 rows per core on 8 cores, x2 one row of 7.
  TplAddBcastTilingData tiling{};
  tiling.rows = 300;
  tiling.rowLength = 7;
  tiling.perCoreLength = 38;
  tiling.tileLength = 512;
  tiling.usedCoreNum = 8;
  tiling.x2Broadcast = 1;
  auto func = tpl_add_bcast<half, TPL_ADD_BCAST_ROWS>;
  EXPECT_EQ(Run(func, "(300, 7)", "(7,)", "float16", 2, 2100, 7, 2100, tiling), 0);
}
