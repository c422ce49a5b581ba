// utils/bcast.h of CANN's AI CPU package: numpy broadcasting of two inputs for the kernels of the
// operator repositories (ops-math's add, div, greater, mul, pow, tile, ...). Declared as CANN
// declares it; opsim's own implementation (src/bcast.cc). Every shape vector here is outermost
// dimension first, padded with leading 1s to the longer rank, as CANN's kernels index them.
#ifndef _AICPU_AICPU_DEVICE_CPU_KERNELS_UTILS_BCAST_H_
#define _AICPU_AICPU_DEVICE_CPU_KERNELS_UTILS_BCAST_H_

#include <cstdint>
#include <vector>

#include "cpu_context.h"

namespace aicpu {
// How the two inputs relate, for the kernels' fast paths.
enum class BcastShapeType {
  SAME_SHAPE = 0,
  X_ONE_ELEMENT = 1,
  Y_ONE_ELEMENT = 2,
  DIFF_SHAPE = 3,
};

struct BCalcInfo {
  BCalcInfo() : input_0(nullptr), input_1(nullptr), output(nullptr) {}
  Tensor* input_0;
  Tensor* input_1;
  Tensor* output;
  std::vector<int64_t> reshape_0;
  std::vector<int64_t> reshape_1;
  std::vector<int64_t> shape_out;
  std::vector<int64_t> bcast_0;
  std::vector<int64_t> bcast_1;
  std::vector<int64_t> x_indexes;
  std::vector<int64_t> y_indexes;
};

class Bcast {
 public:
  Bcast() : valid_(true) {}
  // Broadcasts x_shape against y_shape; IsValid() is false (and an error logged) when they do not.
  Bcast(std::vector<int64_t>& x_shape, std::vector<int64_t>& y_shape);
  ~Bcast() = default;

  // The same from the tensors of calc_info (input_0 against input_1): KERNEL_STATUS_OK, or
  // KERNEL_STATUS_PARAM_INVALID naming the dimensions that do not broadcast.
  uint32_t GenerateBcastInfo(const BCalcInfo& calc_info);
  // Moves the shapes of the last GenerateBcastInfo into calc_info (reshape_0/1, shape_out,
  // bcast_0/1).
  void GetBcastVec(BCalcInfo& calc_info);
  // For each output element in row-major order, the flat index of the x and y elements it reads.
  void BCastIndexes(std::vector<int64_t>& x_indexes, std::vector<int64_t>& y_indexes);
  int64_t GetBroadcastXIndex(int64_t index) const;
  int64_t GetBroadcastYIndex(int64_t index) const;
  bool IsValid() const { return valid_; }
  const std::vector<int64_t>& XReshape() const { return x_reshape_; }
  const std::vector<int64_t>& YReshape() const { return y_reshape_; }
  const std::vector<int64_t>& ResultShape() const { return result_shape_; }
  const std::vector<int64_t>& XBcast() const { return x_bcast_; }
  const std::vector<int64_t>& YBcast() const { return y_bcast_; }

 private:
  uint32_t Init(const std::vector<int64_t>& x, const std::vector<int64_t>& y);

  bool valid_;
  std::vector<int64_t> x_reshape_;
  std::vector<int64_t> y_reshape_;
  std::vector<int64_t> shape_out_;
  std::vector<int64_t> x_bcast_;
  std::vector<int64_t> y_bcast_;
  std::vector<int64_t> result_shape_;
  std::vector<int64_t> x_input_strides_;
  std::vector<int64_t> y_input_strides_;
  std::vector<int64_t> x_output_strides_;
  std::vector<int64_t> y_output_strides_;
};
}  // namespace aicpu
#endif  // _AICPU_AICPU_DEVICE_CPU_KERNELS_UTILS_BCAST_H_
