// Fuzz target: the aclnn object constructors and queries (aclnn/acl_meta.h) on arbitrary
// arguments, as an application passes them: dims, strides, offsets, dtypes and formats of any
// value, lists built from live, destroyed, repeated and foreign handles, arrays of any size.
// Every call must end in a handle or a status (never a crash); a refused call must leave a
// message; an accepted tensor's view must stay inside its storage and read back as given.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "byte_reader.h"
#include "opdev/op_errno.h"

namespace {

using opsim::fuzz::ByteReader;

std::vector<int64_t> Dims(ByteReader& in, size_t count) {
  std::vector<int64_t> dims(count);
  for (int64_t& d : dims) {
    // Mostly small, sometimes anything (negative, huge), so both rules and arithmetic are hit.
    d = in.Bit() ? static_cast<int64_t>(in.Below(6)) : static_cast<int64_t>(in.U64());
  }
  return dims;
}

void RequireMessageOnError(aclnnStatus st) {
  if (st != ACLNN_SUCCESS && std::string(aclGetRecentErrMsg()).empty()) std::abort();
}

aclTensor* MakeTensor(ByteReader& in) {
  const size_t rank = in.Below(10);  // past the 8 a tensor may have, sometimes
  const std::vector<int64_t> view = Dims(in, rank);
  const std::vector<int64_t> strides = Dims(in, rank);
  const std::vector<int64_t> storage = Dims(in, in.Below(10));
  const int64_t offset =
      in.Bit() ? static_cast<int64_t>(in.Below(8)) : static_cast<int64_t>(in.U64());
  const auto dtype = static_cast<aclDataType>(static_cast<int>(in.Below(40)) - 1);
  const auto format = static_cast<aclFormat>(static_cast<int>(in.Below(50)) - 1);
  aclTensor* t =
      aclCreateTensor(view.data(), view.size(), dtype, in.Bit() ? strides.data() : nullptr, offset,
                      format, storage.data(), storage.size(), nullptr);
  if (t == nullptr) {
    if (std::string(aclGetRecentErrMsg()).empty()) std::abort();
    return nullptr;
  }
  int64_t* dims = nullptr;
  uint64_t n = 0;
  if (aclGetViewShape(t, &dims, &n) != ACLNN_SUCCESS || n != view.size()) std::abort();
  for (uint64_t i = 0; i < n; ++i) {
    if (dims[i] != view[i]) std::abort();
  }
  delete[] dims;
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  std::vector<aclTensor*> tensors;  // live ones, and some destroyed (kept to pass again)
  for (size_t k = in.Below(6); k > 0; --k) tensors.push_back(MakeTensor(in));
  // A list of some of them, repeats and nulls allowed: accepted lists own their tensors.
  std::vector<const aclTensor*> members;
  for (size_t k = in.Below(5); k > 0 && !tensors.empty(); --k) {
    members.push_back(tensors[in.Below(tensors.size())]);
  }
  aclTensorList* list = aclCreateTensorList(members.data(), members.size());
  if (list == nullptr && std::string(aclGetRecentErrMsg()).empty()) std::abort();
  std::vector<int64_t> ints(in.Below(5));
  for (int64_t& v : ints) v = static_cast<int64_t>(in.U64());
  aclIntArray* array = aclCreateIntArray(in.Bit() ? ints.data() : nullptr, ints.size());
  uint64_t got = 0;
  if (array != nullptr &&
      (aclGetIntArraySize(array, &got) != ACLNN_SUCCESS || got != ints.size())) {
    std::abort();
  }
  // Queries and destruction in any order; a handle destroyed already is an error, not a crash.
  for (size_t k = in.Below(8); k > 0 && !tensors.empty(); --k) {
    aclTensor* t = tensors[in.Below(tensors.size())];
    aclDataType dtype;
    RequireMessageOnError(in.Bit() ? aclDestroyTensor(t) : aclGetDataType(t, &dtype));
  }
  RequireMessageOnError(aclDestroyTensorList(list));
  RequireMessageOnError(aclDestroyIntArray(array));
  for (aclTensor* t : tensors) aclDestroyTensor(t);  // what is left (errors for the dead)
  return 0;
}
