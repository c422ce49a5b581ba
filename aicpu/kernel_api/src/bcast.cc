// utils/bcast.h: numpy broadcasting as CANN's AI CPU kernels read it.
#include "utils/bcast.h"

#include <algorithm>
#include <cstddef>
#include <string>

#include "log.h"
#include "status.h"

namespace aicpu {
namespace {

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    text += (i == 0 ? "" : ", ") + std::to_string(shape[i]);
  }
  return text + "]";
}

// `shape` with leading 1s up to `rank` dimensions.
std::vector<int64_t> PadTo(const std::vector<int64_t>& shape, size_t rank) {
  std::vector<int64_t> padded(rank - shape.size(), 1);
  padded.insert(padded.end(), shape.begin(), shape.end());
  return padded;
}

// Row-major strides of `shape`.
std::vector<int64_t> StridesOf(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i > 1; --i) strides[i - 2] = strides[i - 1] * shape[i - 1];
  return strides;
}

int64_t InputIndex(int64_t index, const std::vector<int64_t>& reshape,
                   const std::vector<int64_t>& input_strides,
                   const std::vector<int64_t>& output_strides) {
  int64_t input_index = 0;
  for (size_t i = 0; i < output_strides.size(); ++i) {
    const int64_t coordinate = index / output_strides[i];
    index -= coordinate * output_strides[i];
    if (reshape[i] != 1) input_index += coordinate * input_strides[i];
  }
  return input_index;
}

}  // namespace

uint32_t Bcast::Init(const std::vector<int64_t>& x, const std::vector<int64_t>& y) {
  const size_t rank = std::max(x.size(), y.size());
  // A failed Init leaves no strides, so the index getters read nothing stale.
  x_input_strides_.clear();
  y_input_strides_.clear();
  x_output_strides_.clear();
  y_output_strides_.clear();
  x_reshape_ = PadTo(x, rank);
  y_reshape_ = PadTo(y, rank);
  x_bcast_.assign(rank, 1);
  y_bcast_.assign(rank, 1);
  result_shape_.assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t dx = x_reshape_[i];
    const int64_t dy = y_reshape_[i];
    if (dx < 0 || dy < 0) {
      KERNEL_LOG_ERROR("Broadcast failed: shape %s or %s has a negative dimension at %zu.",
                       ShapeText(x).c_str(), ShapeText(y).c_str(), i);
      return KERNEL_STATUS_PARAM_INVALID;
    }
    if (dx == dy) {
      result_shape_[i] = dx;
    } else if (dx == 1) {
      x_bcast_[i] = dy;
      result_shape_[i] = dy;
    } else if (dy == 1) {
      y_bcast_[i] = dx;
      result_shape_[i] = dx;
    } else {
      KERNEL_LOG_ERROR(
          "Broadcast failed: shape %s and shape %s differ at dimension %zu (%ld vs %ld) and "
          "neither is 1.",
          ShapeText(x).c_str(), ShapeText(y).c_str(), i, dx, dy);
      return KERNEL_STATUS_PARAM_INVALID;
    }
  }
  shape_out_ = result_shape_;
  x_input_strides_ = StridesOf(x_reshape_);
  y_input_strides_ = StridesOf(y_reshape_);
  x_output_strides_ = StridesOf(result_shape_);
  y_output_strides_ = x_output_strides_;
  return KERNEL_STATUS_OK;
}

// Equal shapes (two scalars too) are one dimension of all their elements, as CANN's kernels
// expect: they switch on XReshape().size() from 1 up.
Bcast::Bcast(std::vector<int64_t>& x_shape, std::vector<int64_t>& y_shape) : valid_(true) {
  if (x_shape != y_shape) {
    valid_ = Init(x_shape, y_shape) == KERNEL_STATUS_OK;
    return;
  }
  int64_t elements = 1;
  for (int64_t d : x_shape) elements *= d;
  const std::vector<int64_t> flat = {elements};
  valid_ = Init(flat, flat) == KERNEL_STATUS_OK;
  shape_out_ = x_shape;
}

uint32_t Bcast::GenerateBcastInfo(const BCalcInfo& calc_info) {
  if (calc_info.input_0 == nullptr || calc_info.input_1 == nullptr) {
    KERNEL_LOG_ERROR("GenerateBcastInfo: input_%d of the BCalcInfo is null.",
                     calc_info.input_0 == nullptr ? 0 : 1);
    valid_ = false;
    return KERNEL_STATUS_PARAM_INVALID;
  }
  const std::vector<int64_t> x = calc_info.input_0->GetTensorShape()->GetDimSizes();
  const std::vector<int64_t> y = calc_info.input_1->GetTensorShape()->GetDimSizes();
  const uint32_t status = Init(x, y);
  valid_ = status == KERNEL_STATUS_OK;
  return status;
}

void Bcast::GetBcastVec(BCalcInfo& calc_info) {
  calc_info.reshape_0 = std::move(x_reshape_);
  calc_info.reshape_1 = std::move(y_reshape_);
  calc_info.shape_out = std::move(shape_out_);
  calc_info.bcast_0 = std::move(x_bcast_);
  calc_info.bcast_1 = std::move(y_bcast_);
}

void Bcast::BCastIndexes(std::vector<int64_t>& x_indexes, std::vector<int64_t>& y_indexes) {
  int64_t count = 1;
  for (int64_t d : shape_out_) count *= d;
  x_indexes.reserve(x_indexes.size() + static_cast<size_t>(std::max<int64_t>(count, 0)));
  y_indexes.reserve(y_indexes.size() + static_cast<size_t>(std::max<int64_t>(count, 0)));
  for (int64_t i = 0; i < count; ++i) {
    x_indexes.push_back(InputIndex(i, x_reshape_, x_input_strides_, x_output_strides_));
    y_indexes.push_back(InputIndex(i, y_reshape_, y_input_strides_, y_output_strides_));
  }
}

int64_t Bcast::GetBroadcastXIndex(int64_t index) const {
  return InputIndex(index, x_reshape_, x_input_strides_, x_output_strides_);
}

int64_t Bcast::GetBroadcastYIndex(int64_t index) const {
  return InputIndex(index, y_reshape_, y_input_strides_, y_output_strides_);
}

}  // namespace aicpu
