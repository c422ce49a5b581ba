// Running an op's tiling function as operator repositories' tiling unit tests do
// (tests/ut/common/tiling_case_executor.h of hicann/ops-math): the function IMPL_OP_OPTILING
// registered, on a fake chip with TilingContextPara's cores and UB (core_type_list "AICore", as
// the repositories' fake has it), its results checked with GoogleTest. opsim's implementation of
// that public surface (op_api/ut/src/tiling_case_executor.cc).
#ifndef OPSIM_OP_UT_TILING_CASE_EXECUTOR_H_
#define OPSIM_OP_UT_TILING_CASE_EXECUTOR_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tiling_context_faker.h"

// The repositories' header brings namespace std in; tests written against it rely on that.
using namespace std;

// As the expected tiling data: the data is not compared.
const string EMPTY_EXPECT_TILING_DATA = "EMPTY_EXPECT_TILING_DATA";

struct TilingInfo {
  int64_t tilingKey = -1;
  std::vector<int64_t> workspaceSizes;
  std::unique_ptr<uint8_t[]> tilingData;
  size_t tilingDataSize = 0;
  size_t blockNum = 0;
};

// Runs the tiling and expects `expectResult`; on success also the workspace sizes (when the
// tiling set any), the tiling key, and the tiling data printed as int64 words each followed by a
// space ("1 0 64 "), unless expectTilingData is EMPTY_EXPECT_TILING_DATA.
void ExecuteTestCase(const gert::TilingContextPara& tilingContextPara,
                     ge::graphStatus expectResult = ge::GRAPH_FAILED, uint64_t expectTilingKey = 0,
                     const string& expectTilingData = "",
                     const std::vector<size_t>& expectWorkspaces = {});
void ExecuteTestCase(const gert::TilingContextPara& tilingContextPara, ge::graphStatus expectResult,
                     uint64_t expectTilingKey, const std::vector<size_t>& expectWorkspaces);
// The same for the elementwise template's tiling struct, printed field by field (int64 dim0,
// int32 coreNum, int32 ubFormer, seven int64, uint64 scheMode); key and data checked on request.
void ExecuteTestCaseForEle(const gert::TilingContextPara& tilingContextPara,
                           ge::graphStatus expectResult, bool needCheckTilingKey,
                           uint64_t expectTilingKey, bool needCheckTilingData,
                           const string& expectTilingData,
                           const std::vector<size_t>& expectWorkspaces);
// Runs the tiling; on success fills `tilingInfo` (key, block count, workspaces, the data's
// bytes) and returns true.
bool ExecuteTiling(const gert::TilingContextPara& tilingContextPara, TilingInfo& tilingInfo);

#endif  // OPSIM_OP_UT_TILING_CASE_EXECUTOR_H_
