#include "reduce/reduce_pattern.h"

#include <algorithm>

namespace opsim {

std::string ReducePattern::Name() const {
  if (dims.empty()) return "A";
  std::string name;
  for (bool r : reduced) name += r ? 'R' : 'A';
  return name;
}

ReducePattern SimplifyReduce(const Shape& input, std::span<const int64_t> axes) {
  ReducePattern p;
  for (int i = 0; i < input.rank(); ++i) {
    const bool r = std::find(axes.begin(), axes.end(), i) != axes.end();
    if (input[i] == 0) (r ? p.empty_reduce : p.empty_output) = true;
  }
  if (p.empty_output) {
    p.outputs = 0;
    p.empty_reduce = false;
    return p;
  }
  // Only now multiply the kept dims: with a kept 0 among them, the ones before it could overflow
  // (an empty shape bounds nothing: [14, 2^63-1, 0]); without one, they are the output's
  // element count.
  p.outputs = 1;
  for (int i = 0; i < input.rank(); ++i) {
    if (std::find(axes.begin(), axes.end(), i) == axes.end()) p.outputs *= input[i];
  }
  if (p.empty_reduce) {
    // Every output folds an empty set: one row per output, nothing in it.
    p.dims = {p.outputs, 0};
    p.reduced = {false, true};
    return p;
  }
  for (int i = 0; i < input.rank(); ++i) {
    if (input[i] == 1) continue;
    const bool r = std::find(axes.begin(), axes.end(), i) != axes.end();
    if (!p.dims.empty() && p.reduced[p.reduced.size() - 1] == r) {
      p.dims[p.dims.size() - 1] *= input[i];
    } else {
      p.dims.push_back(input[i]);
      p.reduced.push_back(r);
    }
  }
  return p;
}

}  // namespace opsim
