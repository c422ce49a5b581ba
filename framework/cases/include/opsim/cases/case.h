// One concrete case, as a case suite (configs/cases/*.yaml, docs/CASES.md) expands to: a
// registry operator with its attributes, its inputs (dtype, shape and how the bytes are made),
// one device, and what its outputs must equal: the operator's registered reference, explicit
// expected values or .npy files, or both.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::cases {

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
  kAuto,      // what the op's reference asks for (ref::OpReference::Auto); else uniform/int_range
  kUniform,   // floats in [low, high); integers: rounded and saturated
  kNormal,    // mean, stddev; integers: rounded and saturated
  kIntRange,  // integers in [int_low, int_high] (floats get integer values)
  kBits,      // any bit pattern (integer dtypes only)
  kSpecial,   // each element is one of `specials` with probability `rate`, else uniform
  kValues,    // the explicit `values`, row-major
  kNpy,       // the bytes of a .npy file (`npy:`), which also gives the dtype and shape
};

// "auto", "uniform", "normal", "int_range", "bits", "special", "values", "npy".
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
  std::shared_ptr<const std::vector<uint8_t>> npy_bytes;  // kNpy: read once, shared by the cases
  std::string npy_file;                                   // kNpy: its path, for messages
};

// One input of a concrete case. `data` is resolved: kAuto never reaches a concrete case.
struct CaseInput {
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
  DataSpec data;
  uint64_t seed = 0;  // the suite's seed mixed with the case name, op, dtype and input index
  SourceMark mark;    // where the input is written
  // Held by the operation as a constant ("=<name>"), not passed as a tensor: an OpDef input read
  // on the host (ValueDepend, say axes) whose values the case gives, as CANN hands a Const
  // node's value to such an input. The reference still sees it as an input.
  bool constant = false;
};

// What one output must equal, resolved when the suite loads: encoded in the output's dtype.
struct ExpectedOutput {
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
  std::string source;  // "expected at <file:line:col>" or the .npy path, for messages
};

// Replaces the reference's rules when a case compares with explicit expected values:
// |actual - expected| <= abs + rel * |expected| (NaN matches NaN, an infinity only itself).
struct ToleranceOverride {
  double rel = 0.0;
  double abs = 0.0;
};

struct Case {
  std::string suite;  // the file's `suite:` (default: the file name stem)
  // "<name>/<op>[/<attr>=<value>...]/<dtype>/<device>": the varied attributes only, e.g.
  // rows/LeakyReluCustom/negative_slope=0.5/float32/ascend910b
  std::string name;
  std::string base_name;  // the case's `name:` alone
  SourceMark mark;        // where the case starts in its file

  std::string op;  // registry name
  AttrMap attrs;
  std::vector<CaseInput> inputs;
  std::string device;

  // One entry per output of the op (as it inferred them when the suite loaded).
  std::vector<std::optional<std::vector<int64_t>>> expected_shapes;
  std::vector<std::optional<ExpectedOutput>> expected;
  std::optional<ToleranceOverride> tolerance;  // for `expected` only
  std::string skip;                            // non-empty: the reason the case is not run
  // Non-empty: the op's user code threw (or faulted) when the suite loaded; the case fails with
  // this, and the rest of the suite runs.
  std::string user_code_failure;

  // suite + "/" + name: unique over a directory of suites.
  std::string FullName() const { return suite + "/" + name; }
};

}  // namespace opsim::cases
