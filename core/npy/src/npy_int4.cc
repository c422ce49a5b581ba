// int4 in .npy files: one value a byte on disk, two a byte in a tensor (npy.h says why).
#include <string>

#include "opsim/npy/npy.h"

namespace opsim::npy {

Status PackInt4(std::string_view what, NpyArray* array) {
  std::vector<uint8_t>& data = array->data;
  const size_t n = data.size();
  for (size_t i = 0; i < n; ++i) {
    const auto v = static_cast<int8_t>(data[i]);
    if (v < -8 || v > 7) {
      return {ErrorCode::kInvalidParam, std::string(what) + ": element " + std::to_string(i) +
                                            " is " + std::to_string(v) +
                                            ", outside int4's [-8, 7]"};
    }
  }
  for (size_t i = 0; i < n; i += 2) {
    const uint8_t high = i + 1 < n ? static_cast<uint8_t>(data[i + 1] << 4) : 0;
    data[i / 2] = static_cast<uint8_t>(high | (data[i] & 0x0F));
  }
  data.resize((n + 1) / 2);
  return Status::Ok();
}

Status UnpackInt4(std::span<const int64_t> shape, std::span<const uint8_t> bytes, NpyArray* out) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  if (static_cast<uint64_t>(n + 1) / 2 != bytes.size()) {
    return {ErrorCode::kInvalidParam, "npy: " + std::to_string(bytes.size()) +
                                          " bytes do not hold " + std::to_string(n) +
                                          " int4 values (two a byte)"};
  }
  out->descr = "|i1";
  out->shape.assign(shape.begin(), shape.end());
  out->data.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const uint8_t nibble = (bytes[static_cast<size_t>(i / 2)] >> (i % 2 * 4)) & 0x0F;
    out->data[static_cast<size_t>(i)] = static_cast<uint8_t>(nibble >= 8 ? nibble | 0xF0 : nibble);
  }
  return Status::Ok();
}

}  // namespace opsim::npy
