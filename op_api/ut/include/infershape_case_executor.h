// Running an op's shape inference as operator repositories' unit tests do
// (tests/ut/common/infershape_case_executor.h of hicann/ops-math): the function
// IMPL_OP_INFERSHAPE registered, its status and output shapes checked with GoogleTest. opsim's
// implementation of that public surface (op_api/ut/src/infershape_case_executor.cc).
#ifndef OPSIM_OP_UT_INFERSHAPE_CASE_EXECUTOR_H_
#define OPSIM_OP_UT_INFERSHAPE_CASE_EXECUTOR_H_

#include <cstdint>
#include <vector>

#include "infershape_context_faker.h"

// Runs the shape inference and expects `expectResult`; on success, output i's dimensions equal
// expectOutputShape[i] for every i listed.
void ExecuteTestCase(gert::InfershapeContextPara& infershapeContextPara,
                     ge::graphStatus expectResult = ge::GRAPH_FAILED,
                     const std::vector<std::vector<int64_t>>& expectOutputShape = {});

#endif  // OPSIM_OP_UT_INFERSHAPE_CASE_EXECUTOR_H_
