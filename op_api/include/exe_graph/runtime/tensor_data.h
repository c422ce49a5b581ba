// gert::TensorData (CANN's exe_graph/runtime/tensor_data.h): a tensor's data address, its size in
// bytes and where it lives. opsim frees nothing through it: the address belongs to its creator
// (CANN's manager callback, which would free it, is taken and not called).
#pragma once

#include <cstddef>
#include <cstdint>

#include "graph/types.h"

namespace gert {

enum TensorPlacement : int32_t {
  kOnDeviceHbm,  // device memory
  kOnHost,       // host memory
  kFollowing,    // host memory right after the gert::Tensor
  kOnDeviceP2p,
  kTensorPlacementEnd
};

enum TensorOperateType : int32_t {
  kGetTensorAddress,
  kFreeTensor,
  kPlusShareCount,
  kTensorOperateType
};

using TensorAddress = void*;
using TensorAddrManager = ge::graphStatus (*)(TensorAddress addr, TensorOperateType operate_type,
                                              void** out);

class TensorData {
 public:
  explicit TensorData(TensorAddress addr = nullptr, const TensorAddrManager manager = nullptr)
      : TensorData(addr, manager, 0U, kTensorPlacementEnd) {}
  TensorData(TensorAddress addr, const TensorAddrManager /*manager*/, size_t size,
             TensorPlacement placement)
      : addr_(addr), size_(size), placement_(placement) {}
  TensorAddress GetAddr() const { return addr_; }
  size_t GetSize() const { return size_; }
  void SetSize(const size_t size) { size_ = size; }
  TensorPlacement GetPlacement() const { return placement_; }
  void SetPlacement(const TensorPlacement placement) { placement_ = placement; }

 private:
  TensorAddress addr_ = nullptr;
  size_t size_ = 0;
  TensorPlacement placement_ = kTensorPlacementEnd;
};

}  // namespace gert
