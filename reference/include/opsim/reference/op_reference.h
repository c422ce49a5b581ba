// The references of registry operators, by registry name: what `opsim run` case suites
// (docs/CASES.md) judge an operator against when a case gives no expected values.
//
// A reference computes, from the op's attributes and its inputs (descriptions and bytes), the
// outputs the op must produce, and judges an actual output against an expected one with the
// op's own tolerance rules (Reduce: ref::Compare, which depends on the reducer, the reduced
// length and the inputs' magnitudes). It also says what the case key `data: auto` means for
// each input, and which dtypes it covers (`dtypes: all`).
//
// opsim registers its own references (reference/<operator>/) when Global() is first used; an
// operator library may register more for its ops.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/attr_map.h"
#include "opsim/core/dtype.h"
#include "opsim/core/status.h"

namespace opsim::ref {

// One tensor on the host: dtype, dims (row-major, contiguous) and its bytes (f16/bf16 as bit
// patterns).
struct HostTensor {
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
};

// What `data: auto` generates for one input: data that keeps the op's result meaningful (say
// products near 1 for a product). The case library draws it with its own seeded generator.
struct AutoData {
  enum class Kind {
    kUniform,   // reals uniform in [low, high); integer dtypes round and saturate
    kIntRange,  // integers uniform in [int_low, int_high]; integer dtypes wrap
    kBits,      // any bit pattern (integer dtypes)
  };
  Kind kind = Kind::kUniform;
  double low = -1.0;
  double high = 1.0;
  int64_t int_low = -3;
  int64_t int_high = 3;
};

// A judgement of one output.
struct Judgement {
  bool ok = false;
  double max_abs_err = 0;
  double max_rel_err = 0;
  std::string message;  // names the first bad index when !ok
};

class OpReference {
 public:
  virtual ~OpReference() = default;

  // The dtypes this reference covers for these attributes (input 0's dtype), in the order a
  // suite's `dtypes: all` expands them.
  virtual std::vector<DType> DTypes(const AttrMap& attrs) const = 0;

  // `data: auto` for input `index` of `dtype`; kInvalidParam when that input has no automatic
  // data (say an axes input: its values must be given).
  virtual Status Auto(const AttrMap& attrs, size_t index, DType dtype, AutoData* out) const = 0;

  // The outputs the op must produce for these attributes and inputs (shapes and bytes). The
  // op's own attribute and input rules apply: an invalid combination is an error, not a guess.
  virtual Status Compute(const AttrMap& attrs, std::span<const HostTensor> inputs,
                         std::vector<HostTensor>* outputs) const = 0;

  // Judges output `index`: `actual` against `expected` (same dtype and shape; Compute's or a
  // case's explicit values), with the op's tolerance rules.
  virtual Judgement Judge(const AttrMap& attrs, std::span<const HostTensor> inputs, size_t index,
                          const HostTensor& expected, const HostTensor& actual) const = 0;
};

class ReferenceRegistry {
 public:
  // The process-wide registry, with opsim's references already registered.
  static ReferenceRegistry& Global();

  // kInvalidParam when the name is empty or taken, or the reference is null.
  Status Register(std::string op, std::shared_ptr<const OpReference> reference);
  // nullptr when `op` has no reference.
  std::shared_ptr<const OpReference> Find(std::string_view op) const;
  std::vector<std::string> Names() const;  // sorted

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const OpReference>, std::less<>> references_;
};

}  // namespace opsim::ref
