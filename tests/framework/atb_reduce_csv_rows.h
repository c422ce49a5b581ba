// Every ReduceOperation row of ATB's public CSV tests (hicann/ascend-transformer-boost):
//   apitest reduce.csv   tests/apitest/opstest/csv/reduce.csv
//   Boundary_value       tests/high_level_test/ReduceOperation/Boundary_value/csv_test/*.csv
//   Dtype_dataFormat     tests/high_level_test/ReduceOperation/Dtype_dataFormat/*.csv
//   Smoke                tests/high_level_test/ReduceOperation/Smoke/*.csv
//   Performance          tests/high_level_test/ReduceOperation/Performance/*_Perf_TestCase.csv
// restated as data: the parameters, the tensors, the data range and what ATB expects: the stage
// (C: CreateOperation, I: InferShape, S: Setup, '-': none, NO_ERROR) and the code. Rows whose
// output columns are "reserved" take the inferred output (std::nullopt).
#pragma once

#include <optional>
#include <vector>

#include "atb/types.h"

namespace atb_csv {

using Dims = std::vector<int64_t>;

struct CsvRow {
  const char* source;  // "<suite> row <CaseNum> <CaseName>"
  int reduce_type;
  Dims axis;
  int rsv0;  // the row sets rsv[0]
  aclDataType in_dtype;
  aclFormat in_format;
  Dims in_shape;
  aclDataType out_dtype;
  aclFormat out_format;
  std::optional<Dims> out_shape;
  const char* data_range;  // DataGenRange: "0,1", "-100,100", "nan", "-INF,INF"
  char stage;
  atb::Status expected;
};

inline const std::vector<CsvRow>& ReduceCsvRows() {
  // One row per line, as in the CSV files.
  // clang-format off
  static const std::vector<CsvRow> rows = {
    {"apitest reduce.csv row 1 reduceMax", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"apitest reduce.csv row 2 reduceMin", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"apitest reduce.csv row 3 wrongDtype", 1, {1}, 0, ACL_FLOAT, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"apitest reduce.csv row 4 wrongFormat", 1, {1}, 0, ACL_INT32, ACL_FORMAT_NHWC, Dims{16,32}, ACL_INT32, ACL_FORMAT_NHWC, Dims{16,16}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"apitest reduce.csv row 5 wrongParam1", 1, {}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"apitest reduce.csv row 6 wrongParam2", 1, {0,1,2,3,4}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,3,4,2}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"apitest reduce.csv row 7 wrongParam3", 1, {0,1,2,4}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,3,4,2}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"apitest reduce.csv row 8 wrongParam4", 4, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"apitest reduce.csv row 9 wrongoutputDtype", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT, ACL_FORMAT_ND, Dims{4}, "0,1", 'S', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"apitest reduce.csv row 10 wrongoutputFormat", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4,4}, ACL_INT32, ACL_FORMAT_NHWC, Dims{4,4}, "0,1", 'S', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"apitest reduce.csv row 11 reduceSum", 3, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"apitest reduce.csv row 12 wrongAxis", 1, {-1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"apitest reduce.csv row 13 reduceSum0", 3, {0}, 0, ACL_BF16, ACL_FORMAT_ND, Dims{4,8}, ACL_BF16, ACL_FORMAT_ND, Dims{8}, "0,1", '-', atb::NO_ERROR},
    {"apitest reduce.csv row 14 reduceSum1", 3, {1}, 0, ACL_BF16, ACL_FORMAT_ND, Dims{4,8}, ACL_BF16, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"apitest reduce.csv row 15 reduceSum2", 3, {1}, 0, ACL_BF16, ACL_FORMAT_ND, Dims{5,8,3584}, ACL_BF16, ACL_FORMAT_ND, Dims{5,3584}, "0,1", '-', atb::NO_ERROR},
    {"apitest reduce.csv row 16 rsv", 1, {1}, 1, ACL_DT_UNDEFINED, ACL_FORMAT_ND, Dims{}, ACL_DT_UNDEFINED, ACL_FORMAT_ND, std::nullopt, "", 'C', atb::ERROR_INVALID_PARAM},
    {"apitest reduce.csv row 17 reduceMax", 1, {1}, 0, ACL_BF16, ACL_FORMAT_ND, Dims{4,4}, ACL_BF16, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"apitest reduce.csv row 18 reduceMin", 2, {1}, 0, ACL_BF16, ACL_FORMAT_ND, Dims{4,4}, ACL_BF16, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Boundary_value row 1 reduceMax", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Boundary_value row 2 reduceMin", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Boundary_value row 3 wrongDtype", 1, {1}, 0, ACL_FLOAT, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Boundary_value row 4 wrongFormat", 1, {1}, 0, ACL_INT32, ACL_FORMAT_FRACTAL_NZ, Dims{16,32}, ACL_INT32, ACL_FORMAT_FRACTAL_NZ, Dims{16,16}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Boundary_value row 5 wrongParam1", 1, {}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"Boundary_value row 6 wrongParam2", 1, {0,1,2,3,4}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,3,4,2}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"Boundary_value row 7 wrongParam3", 1, {0,1,2,4}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,3,4,2}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"Boundary_value row 8 wrongParam4", 4, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"Boundary_value row 9 wrongoutputDtype", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT, ACL_FORMAT_ND, Dims{4}, "0,1", 'S', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Boundary_value row 10 wrongoutputFormat", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4,4}, ACL_INT32, ACL_FORMAT_FRACTAL_NZ, Dims{4,4}, "0,1", 'S', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Boundary_value row 11 reduceSum", 3, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Boundary_value row 12 wrongAxis", 1, {-1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"Boundary_value row 13 reduceMax", 1, {0,1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"Boundary_value row 14 reduceMax", 1, {1,2,-1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_PARAM},
    {"Dtype_dataFormat row 1 reduceMax", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 2 reduceMin", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 3 reduceSum", 3, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 4 reduceMax_nan", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "nan", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 5 reduceMax_inf", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "-INF,INF", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 6 reduceMax_100", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "-100,100", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 7 reduceMax_5", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "-5,5", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 8 reduceMin_inf", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "-INF,INF", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 9 reduceMin_nan", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "nan", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 10 reduceMin_100", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "-100,100", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 11 reduceMin_5", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, Dims{4}, "-5,5", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 12 reduceSum_nan", 3, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4}, "nan", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 13 reduceSum_100", 3, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4}, "-100,100", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 14 reduceSum_5", 3, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4}, "-5,5", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 15 wrongDtype_21", 1, {1}, 0, ACL_FLOAT, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 16 wrongDtype_22", 1, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 17 wrongDtype_23", 1, {1}, 0, ACL_BF16, ACL_FORMAT_ND, Dims{4,4}, ACL_BF16, ACL_FORMAT_ND, Dims{4}, "0,1", '-', atb::NO_ERROR},
    {"Dtype_dataFormat row 18 wrongDtype_24", 1, {1}, 0, ACL_INT8, ACL_FORMAT_ND, Dims{4,4}, ACL_INT8, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 19 wrongDtype_25", 1, {1}, 0, ACL_INT16, ACL_FORMAT_ND, Dims{4,4}, ACL_INT16, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 20 wrongDtype_26", 1, {1}, 0, ACL_UINT8, ACL_FORMAT_ND, Dims{4,4}, ACL_UINT8, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 21 wrongDtype_27", 1, {1}, 0, ACL_BOOL, ACL_FORMAT_ND, Dims{4,4}, ACL_BOOL, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 22 wrongDtype_28", 1, {1}, 0, ACL_COMPLEX64, ACL_FORMAT_ND, Dims{4,4}, ACL_COMPLEX64, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 23 wrongDtype_29", 1, {1}, 0, ACL_COMPLEX128, ACL_FORMAT_ND, Dims{4,4}, ACL_COMPLEX128, ACL_FORMAT_ND, Dims{4}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 24 wrongFormat_11", 1, {1}, 0, ACL_INT32, ACL_FORMAT_FRACTAL_Z, Dims{16,32}, ACL_INT32, ACL_FORMAT_ND, Dims{16,16}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 25 wrongFormat_12", 1, {1}, 0, ACL_INT32, ACL_FORMAT_NHWC, Dims{16,32}, ACL_INT32, ACL_FORMAT_ND, Dims{16,16}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 26 wrongFormat_13", 1, {1}, 0, ACL_INT32, ACL_FORMAT_NC1HWC0, Dims{16,32}, ACL_INT32, ACL_FORMAT_ND, Dims{16,16}, "0,1", 'I', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 27 wrongFormat_15", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{16,32}, ACL_INT32, ACL_FORMAT_FRACTAL_Z, Dims{16,16}, "0,1", 'S', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 28 wrongFormat_11", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{16,32}, ACL_INT32, ACL_FORMAT_NHWC, Dims{16,16}, "0,1", 'S', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Dtype_dataFormat row 29 wrongFormat_11", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{16,32}, ACL_INT32, ACL_FORMAT_NC1HWC0, Dims{16,16}, "0,1", 'S', atb::ERROR_INVALID_TENSOR_INI_MATCH},
    {"Smoke row 1 ReduceOperation1", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{7,7,4}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 2 ReduceOperation2", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{19,7,6,8}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 3 ReduceOperation3", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{71,17,3,15}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 4 ReduceOperation4", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{14,1,38,7,7}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 5 ReduceOperation5", 1, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{20,3,15,53}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 6 ReduceOperation6", 1, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{9,13,54,20,76}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 7 ReduceOperation7", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{1,66}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 8 ReduceOperation8", 2, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{57,18,16}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 9 ReduceOperation9", 2, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{47,4,59,60}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 10 ReduceOperation10", 2, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{32,3,12,8,66}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 11 ReduceOperation11", 2, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{79,20,2,12}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 12 ReduceOperation12", 2, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{16,68,5,5,4,3}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 13 ReduceOperation13", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{1,69,3,64}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 14 ReduceOperation14", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{77,7,53,14,71}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 15 ReduceOperation15", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{12,13,57,18}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 16 ReduceOperation16", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{8,86,84,60,98}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 17 ReduceOperation17", 1, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{39,25,20,12}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 18 ReduceOperation18", 1, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{9,76,39,18,35}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 19 ReduceOperation19", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{15,2,48,8}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 20 ReduceOperation20", 2, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{13,69,72}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 21 ReduceOperation21", 2, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{22,16,21,3,10}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 22 ReduceOperation22", 2, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{56,10,7,8,100}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 23 ReduceOperation23", 2, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{11,37,15,7,19}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 24 ReduceOperation24", 2, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{53,89,17,12}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 25 ReduceOperation25", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{15,19}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 26 ReduceOperation26", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{33,54,79,10}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 27 ReduceOperation27", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{53,14,26,12}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 28 ReduceOperation28", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{17,86,63}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 29 ReduceOperation29", 1, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{19,92,86,1}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 30 ReduceOperation30", 1, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{2,8,17,18}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 31 ReduceOperation31", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{14,35,18}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 32 ReduceOperation32", 2, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{25,8,100}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 33 ReduceOperation33", 2, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{2,16,1,12,29}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 34 ReduceOperation34", 2, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{2,5,9}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 35 ReduceOperation35", 2, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{3,17,87,19,7}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 36 ReduceOperation36", 2, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{15,16,14,11}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 37 ReduceOperation37", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{86,9,64}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 38 ReduceOperation38", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{83,30,46,20}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 39 ReduceOperation39", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{24,5,7,61,3}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 40 ReduceOperation40", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{8,11,18,13}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 41 ReduceOperation41", 1, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{26,15,66,20,88}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 42 ReduceOperation42", 1, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{83,7,18,54,28}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 43 ReduceOperation43", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{13,19,18,3}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 44 ReduceOperation44", 2, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{20,6,89}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 45 ReduceOperation45", 2, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{6,97,10,11,12}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 46 ReduceOperation46", 2, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{16,26,55,4,77}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 47 ReduceOperation47", 2, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{16,19,80,5}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 48 ReduceOperation48", 2, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{2,19,20,6,60}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 49 ReduceOperation49", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{14,83,5,10,8}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 50 ReduceOperation50", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{58,49,17,3}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 51 ReduceOperation51", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{7,6,9,12,11}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 52 ReduceOperation52", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,3,96,16}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 53 ReduceOperation53", 1, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{6,8,19,12}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 54 ReduceOperation54", 1, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{15,16,19,4,42}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 55 ReduceOperation55", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{14,55,37}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 56 ReduceOperation56", 2, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{7,15,7}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 57 ReduceOperation57", 2, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{66,4,40,3}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 58 ReduceOperation58", 2, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{9,15,4}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 59 ReduceOperation59", 2, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{23,94,54,23,40}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 60 ReduceOperation60", 2, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{15,16,9,7}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 61 ReduceOperation61", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{44,17,62,30}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 62 ReduceOperation62", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{11,97,12,27,16}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 63 ReduceOperation63", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{32,13,84,66}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 64 ReduceOperation64", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{21,16,13}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 65 ReduceOperation65", 1, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{10,3,10,92}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 66 ReduceOperation66", 1, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{14,59,18,84}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 67 ReduceOperation67", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{86,18,17}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 68 ReduceOperation68", 2, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{37,11,72,2,18}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 69 ReduceOperation69", 2, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{6,19,14,10,5}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 70 ReduceOperation70", 2, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{96,8,89,4,97}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 71 ReduceOperation71", 2, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{71,18,7,4,20}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 72 ReduceOperation72", 2, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{18,11,1,7}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 73 ReduceOperation73", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{42,19,6,15}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 74 ReduceOperation74", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{92,25,1,18}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 75 ReduceOperation75", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{5,20,78,6,1}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 76 ReduceOperation76", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{15,19,11,18}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 77 ReduceOperation77", 1, {2,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{96,9,41,10}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 78 ReduceOperation78", 1, {1,3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{7,18,10,3}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 79 ReduceOperation79", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{9,9}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 709 reduceMax_smoke", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 710 reduceMin_smoke", 2, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{4,4}, ACL_INT32, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 711 reduceSum_smoke", 3, {1}, 0, ACL_FLOAT16, ACL_FORMAT_ND, Dims{4,4}, ACL_FLOAT16, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Smoke row 712 reduceSum_smoke", 3, {1}, 0, ACL_BF16, ACL_FORMAT_ND, Dims{4,4}, ACL_BF16, ACL_FORMAT_ND, std::nullopt, "-100,100", '-', atb::NO_ERROR},
    {"Performance row 1 ReduceOperation1", 1, {1}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{14,11,17,18}, ACL_INT32, ACL_FORMAT_ND, Dims{14,17,18}, "0,1", '-', atb::NO_ERROR},
    {"Performance row 2 ReduceOperation2", 1, {2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{20,13,8,13}, ACL_INT32, ACL_FORMAT_ND, Dims{20,13,13}, "0,1", '-', atb::NO_ERROR},
    {"Performance row 3 ReduceOperation3", 1, {3}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{8,20,3,7}, ACL_INT32, ACL_FORMAT_ND, Dims{8,20,3}, "0,1", '-', atb::NO_ERROR},
    {"Performance row 4 ReduceOperation4", 1, {1,2}, 0, ACL_INT32, ACL_FORMAT_ND, Dims{17,9,2}, ACL_INT32, ACL_FORMAT_ND, Dims{17}, "0,1", '-', atb::NO_ERROR},
  };
  // clang-format on
  return rows;
}

}  // namespace atb_csv
