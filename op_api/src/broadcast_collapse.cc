// Op-base's DimensionCollapse (op_common/atvoss/broadcast/broadcast_tiling.h): the axes of a
// broadcast merged where every input behaves alike, with the element strides of the result.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "op_common/atvoss/broadcast/broadcast_tiling.h"
#include "op_common/log/log.h"

namespace Ops {
namespace Base {
namespace {

// Bit i (counting from the last input) set where input i is 1 on the axis: inputs that repeat
// along the same axes share a pattern, and only axes of equal pattern may merge.
using Pattern = uint64_t;

// One collapsed shape: axis j merges into the one before when the patterns agree, or when the
// one before is an all-ones axis of size 1 (nothing to loop over); an all-ones axis of size 1
// after the first is dropped.
std::vector<int64_t> Collapse(const std::vector<int64_t>& shape, const std::vector<Pattern>& flags,
                              const std::vector<int64_t>& out, Pattern all_ones) {
  std::vector<int64_t> merged{shape[0]};
  Pattern previous = flags[0];
  for (size_t j = 1; j < shape.size(); ++j) {
    const bool previous_is_empty = previous == all_ones && out[j - 1] == 1;
    if (flags[j] == previous || previous_is_empty) {
      merged.back() *= shape[j];
      previous = flags[j];
    } else if (!(flags[j] == all_ones && out[j] == 1)) {
      merged.push_back(shape[j]);
      previous = flags[j];
    }
  }
  return merged;
}

}  // namespace

ge::graphStatus DimensionCollapse(const std::vector<gert::Shape>& inShapes,
                                  const gert::Shape& outShapes,
                                  std::vector<std::vector<int64_t>>& dims,
                                  std::vector<std::vector<int64_t>>& strides) {
  const size_t rank = outShapes.GetDimNum();
  // The patterns are one bit per input; CANN's build holds them in 64 bits too.
  if (rank == 0 || inShapes.empty() || inShapes.size() > 63) {
    OP_LOGE("BroadcastTiling",
            "DimensionCollapse: %zu inputs and an output of rank %zu (expected "
            "1 to 63 inputs and a rank of at least 1)",
            inShapes.size(), rank);
    return ge::GRAPH_FAILED;
  }
  std::vector<int64_t> out(rank);
  for (size_t j = 0; j < rank; ++j) out[j] = outShapes.GetDim(j);
  std::vector<std::vector<int64_t>> inputs;
  for (size_t i = 0; i < inShapes.size(); ++i) {
    const size_t in_rank = inShapes[i].GetDimNum();
    if (in_rank > rank) {
      OP_LOGE("BroadcastTiling",
              "DimensionCollapse: input %zu has rank %zu, above the output's %zu", i, in_rank,
              rank);
      return ge::GRAPH_FAILED;
    }
    std::vector<int64_t> aligned(rank - in_rank, 1);
    for (size_t j = 0; j < in_rank; ++j) aligned.push_back(inShapes[i].GetDim(j));
    inputs.push_back(aligned);
  }
  std::vector<Pattern> flags(rank, 0);
  for (size_t j = 0; j < rank; ++j) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      const int64_t d = inputs[i][j];
      if (d <= 0 || (d != 1 && d != out[j])) {
        OP_LOGE("BroadcastTiling",
                "DimensionCollapse: input %zu axis %zu is %ld; it must be 1 or "
                "the output's %ld, and positive",
                i, j, static_cast<long>(d), static_cast<long>(out[j]));
        return ge::GRAPH_FAILED;
      }
      flags[j] = (flags[j] << 1) | (d == 1 ? 1U : 0U);
    }
  }
  const Pattern all_ones = (Pattern{1} << inputs.size()) - 1;
  std::vector<std::vector<int64_t>> collapsed;
  for (const auto& input : inputs) collapsed.push_back(Collapse(input, flags, out, all_ones));
  collapsed.push_back(Collapse(out, flags, out, all_ones));
  const std::vector<int64_t>& out_collapsed = collapsed.back();
  for (size_t i = 0; i < collapsed.size(); ++i) {
    const bool is_output = i + 1 == collapsed.size();
    std::vector<int64_t> stride(collapsed[i].size());
    int64_t step = 1;
    for (size_t k = collapsed[i].size(); k-- > 0;) {
      // An input's axis of 1 where the output's is longer repeats: stride 0.
      const bool repeats =
          !is_output && collapsed[i][k] == 1 && k < out_collapsed.size() && out_collapsed[k] != 1;
      stride[k] = repeats ? 0 : step;
      if (!repeats) step *= collapsed[i][k];
    }
    strides.push_back(stride);
  }
  dims.insert(dims.end(), collapsed.begin(), collapsed.end());
  return ge::GRAPH_SUCCESS;
}

}  // namespace Base
}  // namespace Ops
