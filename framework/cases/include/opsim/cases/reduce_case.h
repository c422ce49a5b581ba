// One concrete Reduce case, as a case suite (configs/cases/*.yaml, docs/CASES.md) expands to:
// a front door with its attributes, one reducer, one dtype, one keep-dims choice, one device,
// a data generator with its seed, and optionally the values the result must equal.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"
#include "reduce/reduce_request.h"

namespace opsim::cases {

// Which of the three front doors (docs/SPEC.md §1) the case goes through.
enum class FrontDoor { kAtb, kOnnx, kOpenVino };

// "atb", "onnx", "openvino".
std::string_view FrontDoorName(FrontDoor door);

// Where a value was written, for messages: "configs/cases/seeds.yaml:12:7".
struct SourceMark {
  std::string file;
  int line = 0;    // 1-based; 0 when unknown
  int column = 0;  // 1-based
  std::string ToString() const;
};

// A number as written in the suite, or a special token (nan, inf, -inf, -0.0, max, lowest,
// min_normal, subnormal, -subnormal), kept as text so each dtype encodes it exactly.
struct CaseValue {
  std::string text;
  SourceMark mark;
};

enum class DataKind {
  kAuto,      // what keeps sums and products meaningful for the reducer (see GenerateInput)
  kUniform,   // floats in [low, high); integers: rounded and saturated
  kNormal,    // mean, stddev; integers: rounded and saturated
  kIntRange,  // integers in [int_low, int_high] (floats get integer values)
  kSpecial,   // each element is one of `specials` with probability `rate`, else uniform
  kValues,    // the explicit `values`, row-major
};

// "auto", "uniform", "normal", "int_range", "special", "values".
std::string_view DataKindName(DataKind kind);

struct DataSpec {
  DataKind kind = DataKind::kAuto;
  double low = -1.0;
  double high = 1.0;
  double mean = 0.0;
  double stddev = 1.0;
  int64_t int_low = -3;
  int64_t int_high = 3;
  std::vector<CaseValue> specials;
  double rate = 0.25;
  std::vector<CaseValue> values;
};

// Replaces the reference's Compare rules when a case compares against explicit expected
// values: |actual - expected| <= abs + rel * |expected|.
struct ToleranceOverride {
  double rel = 0.0;
  double abs = 0.0;
};

struct ReduceCase {
  std::string suite;  // the file's `suite:` (default: the file name stem)
  // "<case name>/<reducer>/<dtype>/<keep|drop>/<device>", e.g.
  // innermost/sum/float16/keep/ascend310p
  std::string name;
  std::string base_name;  // the case's `name:` alone
  SourceMark mark;        // where the case starts in its file

  FrontDoor front_door = FrontDoor::kOnnx;
  ReduceKind kind = ReduceKind::kSum;
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
  // Axes as written (ONNX: may be negative; OpenVINO: may repeat). nullopt: ONNX axes absent.
  std::optional<std::vector<int64_t>> axes;
  bool keep_dims = false;
  bool noop_with_empty_axes = false;  // ONNX only
  bool atb_strict = false;            // ATB only: the dtype table real ATB ships
  std::string device;

  DataSpec data;
  uint64_t seed = 0;  // the data seed: the suite's seed mixed with name, reducer and dtype

  std::optional<std::vector<CaseValue>> expected;  // row-major output values
  std::optional<std::vector<int64_t>> expected_shape;
  std::optional<ToleranceOverride> tolerance;
  std::string skip;  // non-empty: the reason the case is not run

  // suite + "/" + name: unique over a directory of suites.
  std::string FullName() const { return suite + "/" + name; }
};

}  // namespace opsim::cases
