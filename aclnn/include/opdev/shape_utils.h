// nnopbase's shape helpers for op-API layers (opdev/shape_utils.h).
#pragma once

#include <cstdint>

#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"

namespace op {

ge::AscendString ToString(const Shape& shape);
ge::AscendString ToString(const Strides& strides);
void ToShape(const int64_t* dims, uint64_t dimNum, Shape& shape);
void ToShape(const ShapeVector& shapeVector, Shape& shape);
ShapeVector ToShapeVector(const Shape& shape);
// numpy's broadcasting: whether the two shapes broadcast, and to what.
bool CheckBroadcastShape(const Shape& self, const Shape& other);
bool BroadcastInferShape(const Shape& self, const Shape& other, Shape& broadcastShape);

}  // namespace op
