// The one Eigen pipeline behind the reference: pad to rank 8, shuffle kept dims first and reduced
// dims last, view as [K, R], reduce dim 1. One instantiation per (input, accumulator, reducer)
// triple instead of one per rank.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <unsupported/Eigen/CXX11/Tensor>

#include "opsim/core/shape.h"

namespace opsim::ref::internal {

inline constexpr int kPadRank = 8;
static_assert(kPadRank >= kMaxRank, "the padded rank must hold every legal input rank");

struct ReducePlan {
  Eigen::array<Eigen::Index, kPadRank> dims;  // input dims, padded in front with 1s
  Eigen::array<int, kPadRank> perm;           // kept dims (in order), then reduced dims
  Eigen::Index k = 1;                         // number of outputs
  Eigen::Index r = 1;                         // elements folded into each output
};

// axes must be valid for in (sorted, unique, in range).
inline ReducePlan MakePlan(const Shape& in, std::span<const int64_t> axes) {
  ReducePlan plan;
  const int pad = kPadRank - in.rank();
  std::array<bool, kPadRank> reduced{};
  for (int64_t a : axes) reduced[static_cast<size_t>(pad + a)] = true;
  size_t next = 0;
  for (int i = 0; i < kPadRank; ++i) {
    plan.dims[static_cast<size_t>(i)] = i < pad ? 1 : in[i - pad];
  }
  for (int pass = 0; pass < 2; ++pass) {  // pass 0 places kept dims, pass 1 reduced dims
    for (int i = 0; i < kPadRank; ++i) {
      if (reduced[static_cast<size_t>(i)] != (pass == 1)) continue;
      plan.perm[next++] = i;
      (pass == 0 ? plan.k : plan.r) *= plan.dims[static_cast<size_t>(i)];
    }
  }
  return plan;
}

// out[0..k) = reducer over each row of the [K, R] view of in, after casting to Acc (and taking
// |x| when kAbs). Requires k > 0 and r > 0: empty slices are the caller's business, so their
// value comes from docs/SPEC.md and not from Eigen's zero-size paths.
template <bool kAbs, typename In, typename Acc, typename EigenReducer>
void ReduceRows(const In* in, const ReducePlan& plan, const EigenReducer& reducer, Acc* out) {
  Eigen::TensorMap<const Eigen::Tensor<In, kPadRank, Eigen::RowMajor>> x(in, plan.dims);
  Eigen::TensorMap<Eigen::Tensor<Acc, 1, Eigen::RowMajor>> y(out, plan.k);
  const Eigen::DSizes<Eigen::Index, 2> rows(plan.k, plan.r);
  const Eigen::array<Eigen::Index, 1> along_row{{1}};
  auto values = x.shuffle(plan.perm).reshape(rows).template cast<Acc>();
  if constexpr (kAbs) {
    y = values.abs().reduce(along_row, reducer);
  } else {
    y = values.reduce(along_row, reducer);
  }
}

}  // namespace opsim::ref::internal
