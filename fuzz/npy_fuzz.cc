// Fuzz target: the .npy reader (tools/opsim/npy.h ParseNpy) on arbitrary bytes. Every input must
// end in Ok or a kIoError naming the rule; on Ok the array must hold exactly the bytes its
// shape and descr claim, and encoding it again must succeed.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "opsim/npy/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  opsim::npy::NpyArray array;
  const opsim::Status st =
      opsim::npy::ParseNpy(std::span<const uint8_t>(data, size), "fuzz.npy", &array);
  if (!st.ok()) {
    if (st.code() != opsim::ErrorCode::kIoError || st.message().empty()) std::abort();
    return 0;
  }
  // An accepted shape must be non-negative and its byte count must fit 64 bits.
  uint64_t bytes = opsim::npy::DescrItemSize(array.descr);
  for (int64_t d : array.shape) {
    if (d < 0 || __builtin_mul_overflow(bytes, static_cast<uint64_t>(d), &bytes)) std::abort();
  }
  if (bytes != array.data.size()) std::abort();
  std::vector<uint8_t> encoded;
  if (!opsim::npy::EncodeNpy(array, &encoded).ok()) std::abort();
  return 0;
}
