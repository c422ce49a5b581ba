// Normalising a reduction before tiling: size-1 dims dropped, adjacent reduced dims and adjacent
// kept dims merged, and the result named by its pattern (A kept, R reduced): "R", "AR", "RA",
// "ARA", "RAR", ... "A" means nothing is left to reduce (a copy).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "opsim/core/shape.h"
#include "opsim/core/svector.h"

namespace opsim {

struct ReducePattern {
  SVector<int64_t, kMaxRank> dims;  // merged extents, kept and reduced alternating
  SVector<bool, kMaxRank> reduced;  // per merged dim
  bool empty_output = false;        // a kept dim is 0: nothing to compute or write
  bool empty_reduce = false;        // a reduced dim is 0: every output is the identity
  int64_t outputs = 0;              // output elements
  std::string Name() const;
};

// `axes` sorted, unique, in range (a normalised ReduceRequest's).
ReducePattern SimplifyReduce(const Shape& input, std::span<const int64_t> axes);

}  // namespace opsim
