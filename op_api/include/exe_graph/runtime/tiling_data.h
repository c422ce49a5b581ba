// gert::TilingData: the raw tiling buffer a tiling function fills (capacity fixed by the runtime).
#pragma once

#include <securec.h>  // as CANN's: tiling functions call memset_s/memcpy_s through this header

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "graph/types.h"

namespace gert {

class TilingData {
 public:
  TilingData(void* data, size_t capacity) : data_(data), capacity_(capacity) {}
  size_t GetCapacity() const { return capacity_; }
  size_t GetDataSize() const { return data_size_; }
  // The runtime refuses a size above the capacity when it reads the tiling (an error naming
  // both), so a too-large size is recorded as given.
  void SetDataSize(size_t size) { data_size_ = size; }
  void* GetData() { return data_; }
  const void* GetData() const { return data_; }
  // Appends a value after the current data; GRAPH_FAILED when it does not fit.
  template <typename T>
  ge::graphStatus Append(const T& value) {
    if (data_size_ + sizeof(T) > capacity_) return ge::GRAPH_FAILED;
    std::memcpy(static_cast<uint8_t*>(data_) + data_size_, &value, sizeof(T));
    data_size_ += sizeof(T);
    return ge::GRAPH_SUCCESS;
  }

 private:
  void* data_;
  size_t capacity_;
  size_t data_size_ = 0;
};

}  // namespace gert
