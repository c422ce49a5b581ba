#include "view_copy.h"

#include <cstring>
#include <vector>

namespace opsim::aclnn {
namespace {

// Calls visit(element address, k) for the k-th element of the view in row-major order.
template <typename Visit>
void ForEachElement(const aclTensor& t, Visit visit) {
  const size_t rank = t.view_dims.size();
  int64_t count = 1;
  for (int64_t d : t.view_dims) count *= d;
  if (count == 0) return;
  const int64_t element = static_cast<int64_t>(aclDataTypeSize(t.dtype));
  auto* base = static_cast<uint8_t*>(t.data);
  std::vector<int64_t> index(rank, 0);
  int64_t at = t.offset;  // element offset of the current index
  for (int64_t k = 0; k < count; ++k) {
    visit(base + at * element, k);
    for (size_t i = rank; i > 0; --i) {  // the next index, last dimension fastest
      if (++index[i - 1] < t.view_dims[i - 1]) {
        at += t.strides[i - 1];
        break;
      }
      at -= (t.view_dims[i - 1] - 1) * t.strides[i - 1];
      index[i - 1] = 0;
    }
  }
}

}  // namespace

bool IsContiguous(const aclTensor& t) {
  int64_t expected = 1;
  for (size_t i = t.view_dims.size(); i > 0; --i) {
    const int64_t dim = t.view_dims[i - 1];
    if (dim != 1 && t.strides[i - 1] != expected) return false;
    expected *= dim;
  }
  return true;
}

void GatherView(const aclTensor& t, uint8_t* dst) {
  const size_t element = aclDataTypeSize(t.dtype);
  ForEachElement(t, [&](const uint8_t* p, int64_t k) {
    std::memcpy(dst + static_cast<size_t>(k) * element, p, element);
  });
}

void ScatterView(const aclTensor& t, const uint8_t* src) {
  const size_t element = aclDataTypeSize(t.dtype);
  ForEachElement(t, [&](uint8_t* p, int64_t k) {
    std::memcpy(p, src + static_cast<size_t>(k) * element, element);
  });
}

void CopyView(const aclTensor& from, const aclTensor& to) {
  int64_t count = 1;
  for (int64_t d : from.view_dims) count *= d;
  std::vector<uint8_t> staged(static_cast<size_t>(count) * aclDataTypeSize(from.dtype));
  GatherView(from, staged.data());
  ScatterView(to, staged.data());
}

}  // namespace opsim::aclnn
