// Ascend C's high-level Broadcast (CANN's lib/pad/broadcast.h; kernel_operator.h brings it):
// dst = src broadcast numpy-style from srcShape to dstShape, 1-D or 2-D, along `axis`. Spelt
// BroadCast (the name CANN's implementation and older samples use) and Broadcast (the documented
// one). One V instruction here; its sharedTmpBuffer must hold at least the minimum
// GetBroadCastMaxMinTmpSize gives (opsim/core/broadcast_tmp_size.h, the same formula), else the
// call faults as the chip's would overrun it. Without a sharedTmpBuffer the chip takes its
// scratch from the UB the pipe left free; that use is not modelled (no UB is charged).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/broadcast_tmp_size.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

// CANN's NpuArch number of the simulated device ("dav-2201" -> 2201; 0 when not of that form).
inline uint32_t CurrentNpuArch() {
  const DeviceProfile* device = Cur().device;
  if (device == nullptr || device->architecture.rfind("dav-", 0) != 0) return 0;
  uint32_t arch = 0;
  for (char c : device->architecture.substr(4)) {
    if (c < '0' || c > '9') return 0;
    arch = arch * 10 + static_cast<uint32_t>(c - '0');
  }
  return arch;
}

template <typename T, int32_t kDim>
void BroadcastRun(const char* name, const AscendC::LocalTensor<T>& dst,
                  const AscendC::LocalTensor<T>& src, const uint32_t* dst_shape,
                  const uint32_t* src_shape, const AscendC::LocalTensor<uint8_t>* tmp) {
  int64_t src_dims[2] = {1, 1};
  int64_t dst_dims[2] = {1, 1};
  for (int32_t i = 0; i < kDim; ++i) {
    src_dims[i] = src_shape[i];
    dst_dims[i] = dst_shape[i];
  }
  broadcast::TmpQuery q;
  q.npu_arch = CurrentNpuArch();
  q.rank = kDim;
  q.src = src_dims;
  q.dst = dst_dims;
  q.type_size = sizeof(T);
  const broadcast::TmpSize need = broadcast::BroadcastTmpSize(q);
  if (!need.ok) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               std::string("srcShape {") + std::to_string(src_dims[0]) + ", " +
                   std::to_string(src_dims[1]) + "} to dstShape {" + std::to_string(dst_dims[0]) +
                   ", " + std::to_string(dst_dims[1]) + "}: " + need.rule);
  }
  const uint64_t src_n = static_cast<uint64_t>(src_dims[0]) * static_cast<uint64_t>(src_dims[1]);
  const uint64_t dst_n = static_cast<uint64_t>(dst_dims[0]) * static_cast<uint64_t>(dst_dims[1]);
  UbRef srcs[2] = {src.ref(), src.ref()};
  uint64_t src_bytes[2] = {src_n * sizeof(T), 0};
  int nsrc = 1;
  if (tmp != nullptr && need.figures && need.min_bytes > 0) {
    const uint64_t have = static_cast<uint64_t>(tmp->GetSize());
    if (have < need.min_bytes) {
      RaiseFault(FaultKind::kInvalidArgument, name,
                 "sharedTmpBuffer holds " + std::to_string(have) + " B, below the " +
                     std::to_string(need.min_bytes) +
                     " B GetBroadCastMaxMinTmpSize gives as the minimum for these shapes");
    }
    srcs[1] = tmp->ref();
    src_bytes[1] = have < need.max_bytes ? have : need.max_bytes;
    nsrc = 2;
  }
  const auto body = [&] {
    T* out = dst.data();
    const T* in = src.data();
    const uint64_t cols = static_cast<uint64_t>(dst_dims[1]);
    for (uint64_t r = 0; r < static_cast<uint64_t>(dst_dims[0]); ++r) {
      const uint64_t sr = src_dims[0] == 1 ? 0 : r;
      for (uint64_t c = 0; c < cols; ++c) {
        const uint64_t sc = src_dims[1] == 1 ? 0 : c;
        std::memcpy(static_cast<void*>(out + r * cols + c),
                    static_cast<const void*>(in + sr * static_cast<uint64_t>(src_dims[1]) + sc),
                    sizeof(T));
      }
    }
  };
  if (nsrc == 2) {
    VectorOp<-1, kLastSrcIsWork>(name, dst.ref(), dst_n * sizeof(T), srcs, src_bytes, 2, body);
  } else {
    VectorOp(name, dst.ref(), dst_n * sizeof(T), srcs, src_bytes, 1, body);
  }
}

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
               const uint32_t dstShape[dim], const uint32_t srcShape[dim],
               LocalTensor<uint8_t>& sharedTmpBuffer) {
  static_assert(dim == 1 || dim == 2, "Broadcast takes 1-D or 2-D shapes");
  static_assert(axis >= 0 && axis < dim, "Broadcast's axis must be a dim of the shape");
  opsim::sim::detail::BroadcastRun<T, dim>("Broadcast", dstLocal, srcLocal, dstShape, srcShape,
                                           &sharedTmpBuffer);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
               const uint32_t dstShape[dim], const uint32_t srcShape[dim]) {
  static_assert(dim == 1 || dim == 2, "Broadcast takes 1-D or 2-D shapes");
  static_assert(axis >= 0 && axis < dim, "Broadcast's axis must be a dim of the shape");
  opsim::sim::detail::BroadcastRun<T, dim>("Broadcast", dstLocal, srcLocal, dstShape, srcShape,
                                           nullptr);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
               const uint32_t dstShape[dim], const uint32_t srcShape[dim],
               LocalTensor<uint8_t>& sharedTmpBuffer) {
  BroadCast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, sharedTmpBuffer);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
               const uint32_t dstShape[dim], const uint32_t srcShape[dim]) {
  BroadCast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape);
}

}  // namespace AscendC
