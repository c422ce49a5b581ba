// CANN's AI CPU kernel helper utils/eigen_tensor.h: Eigen TensorMap types over an API tensor's
// data (TTypes, as TensorFlow's tensor_types.h names them) and EigenTensor, a view of a Tensor.
#ifndef AICPU_EIGENTENSOR_H
#define AICPU_EIGENTENSOR_H

#include <cstddef>

#include "cpu_tensor.h"
#include "log.h"
#include "unsupported/Eigen/CXX11/Tensor"

namespace aicpu {

template <typename T, int NDIMS = 1, typename IndexType = Eigen::DenseIndex>
struct TTypes {
  using Tensor =
      Eigen::TensorMap<Eigen::Tensor<T, NDIMS, Eigen::RowMajor, IndexType>, Eigen::Aligned>;
  using ConstTensor =
      Eigen::TensorMap<Eigen::Tensor<const T, NDIMS, Eigen::RowMajor, IndexType>, Eigen::Aligned>;
  using UnalignedTensor = Eigen::TensorMap<Eigen::Tensor<T, NDIMS, Eigen::RowMajor, IndexType>>;
  using UnalignedConstTensor =
      Eigen::TensorMap<Eigen::Tensor<const T, NDIMS, Eigen::RowMajor, IndexType>>;
  using Tensor32Bit =
      Eigen::TensorMap<Eigen::Tensor<T, NDIMS, Eigen::RowMajor, int>, Eigen::Aligned>;
  using Scalar =
      Eigen::TensorMap<Eigen::TensorFixedSize<T, Eigen::Sizes<>, Eigen::RowMajor, IndexType>,
                       Eigen::Aligned>;
  using ConstScalar =
      Eigen::TensorMap<Eigen::TensorFixedSize<const T, Eigen::Sizes<>, Eigen::RowMajor, IndexType>,
                       Eigen::Aligned>;
  using UnalignedScalar =
      Eigen::TensorMap<Eigen::TensorFixedSize<T, Eigen::Sizes<>, Eigen::RowMajor, IndexType>>;
  using UnalignedConstScalar =
      Eigen::TensorMap<Eigen::TensorFixedSize<const T, Eigen::Sizes<>, Eigen::RowMajor, IndexType>>;
  using Flat = Eigen::TensorMap<Eigen::Tensor<T, 1, Eigen::RowMajor, IndexType>, Eigen::Aligned>;
  using ConstFlat =
      Eigen::TensorMap<Eigen::Tensor<const T, 1, Eigen::RowMajor, IndexType>, Eigen::Aligned>;
  using Vec = Flat;
  using ConstVec = ConstFlat;
  using UnalignedFlat = Eigen::TensorMap<Eigen::Tensor<T, 1, Eigen::RowMajor, IndexType>>;
  using UnalignedConstFlat =
      Eigen::TensorMap<Eigen::Tensor<const T, 1, Eigen::RowMajor, IndexType>>;
  using UnalignedVec = UnalignedFlat;
  using UnalignedConstVec = UnalignedConstFlat;
  using Matrix = Eigen::TensorMap<Eigen::Tensor<T, 2, Eigen::RowMajor, IndexType>, Eigen::Aligned>;
  using ConstMatrix =
      Eigen::TensorMap<Eigen::Tensor<const T, 2, Eigen::RowMajor, IndexType>, Eigen::Aligned>;
  using UnalignedMatrix = Eigen::TensorMap<Eigen::Tensor<T, 2, Eigen::RowMajor, IndexType>>;
  using UnalignedConstMatrix =
      Eigen::TensorMap<Eigen::Tensor<const T, 2, Eigen::RowMajor, IndexType>>;
};

// A view of tensor's shape over data (normally tensor->GetData()).
class EigenTensor {
 public:
  EigenTensor() = delete;
  EigenTensor(Tensor* tensor, void* data) : tensor_(tensor), tensor_data_(data) {}
  ~EigenTensor() = default;

  const Tensor* GetTensor() const { return tensor_; }

  template <typename T>
  typename TTypes<T>::Vec vec() {
    return tensor<T, 1>();
  }
  template <typename T>
  typename TTypes<T>::Matrix matrix() {
    return tensor<T, 2>();
  }
  template <typename T>
  typename TTypes<T>::ConstMatrix matrix() const {
    return tensor<T, 2>();
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::Tensor tensor() {
    return typename TTypes<T, NDIMS>::Tensor(static_cast<T*>(tensor_data_), AsEigenDSizes<NDIMS>());
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::ConstTensor tensor() const {
    return typename TTypes<T, NDIMS>::ConstTensor(static_cast<const T*>(tensor_data_),
                                                  AsEigenDSizes<NDIMS>());
  }
  template <typename T>
  typename TTypes<T>::Flat flat() {
    return typename TTypes<T>::Flat(static_cast<T*>(tensor_data_),
                                    {tensor_->GetTensorShape()->NumElements()});
  }

  // The tensor's dims, padded with 1s up to NDIMS (a tensor of more dims logs an error and keeps
  // the first NDIMS).
  template <int NDIMS, typename IndexType>
  Eigen::DSizes<IndexType, NDIMS> AsEigenDSizesWithPadding() const {
    const auto dims = tensor_->GetTensorShape()->GetDimSizes();
    if (dims.size() > static_cast<size_t>(NDIMS)) {
      KERNEL_LOG_ERROR("EigenTensor: a tensor of %zu dims viewed with %d", dims.size(), NDIMS);
    }
    Eigen::DSizes<IndexType, NDIMS> sizes;
    for (int d = 0; d < NDIMS; ++d) {
      sizes[d] = static_cast<size_t>(d) < dims.size() ? static_cast<IndexType>(dims[d]) : 1;
    }
    return sizes;
  }
  template <int NDIMS, typename IndexType = Eigen::DenseIndex>
  Eigen::DSizes<IndexType, NDIMS> AsEigenDSizes() const {
    return AsEigenDSizesWithPadding<NDIMS, IndexType>();
  }

 private:
  Tensor* tensor_;
  void* tensor_data_;
};

}  // namespace aicpu

#endif  // AICPU_EIGENTENSOR_H
