// CANN's graph/tensor.h, the part operator projects use on the host: ge::Shape, a tensor's dims
// as the graph engine holds them (tiling code builds them for the high-level APIs' helpers in
// tiling/tiling_api.h, which brings this header as CANN's does). TensorDesc and Tensor, the rest
// of CANN's header, are not here yet.
//
// Copies share their dims, as CANN's do (the class holds a shared implementation): SetDim on a
// copy changes the original.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "graph/types.h"

namespace ge {

// Dims CANN reserves (graph/types.h there): an unknown dim, and an unknown rank ([-2]).
inline constexpr int64_t UNKNOWN_DIM = -1;
inline constexpr int64_t UNKNOWN_DIM_NUM = -2;

class ShapeImpl;

class Shape {
 public:
  Shape();  // no dims: a scalar
  ~Shape() = default;
  explicit Shape(const std::vector<int64_t>& dims);

  // The number of dims; 0 when the rank is unknown (a dim is UNKNOWN_DIM_NUM), where
  // GetDims().size() still counts it.
  size_t GetDimNum() const;
  // Dim idx; 0 when idx is not below GetDims().size().
  int64_t GetDim(size_t idx) const;
  // GRAPH_FAILED when idx is not below GetDims().size(); the shape is then unchanged.
  graphStatus SetDim(size_t idx, int64_t value);
  std::vector<int64_t> GetDims() const;
  // The product of the dims: -1 when one is UNKNOWN_DIM or UNKNOWN_DIM_NUM, 0 for a scalar (no
  // dims), 0 when the product overflows int64.
  int64_t GetShapeSize() const;

 private:
  std::shared_ptr<ShapeImpl> impl_;
};

}  // namespace ge
