#include "l0op_host_ops.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opsim/core/shape.h"

namespace opsim::aclnn {
namespace {

bool IsHostTensor(const aclOpExecutor& e, const aclTensor* t) {
  return std::find(e.host_tensors.begin(), e.host_tensors.end(), t) != e.host_tensors.end();
}

// The values of a 1-D (or rank-0) INT32 or INT64 host tensor: the first stage reads them, and a
// device tensor has values only when the second stage runs.
aclnnStatus ReadInts(const char* api, const std::string& what, const aclOpExecutor& e,
                     const aclTensor* t, std::vector<int64_t>* values) {
  if (!IsHostTensor(e, t)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                what +
                    " is not a host tensor (ConvertToTensor, AllocHostTensor): opsim reads its "
                    "values in the first stage");
  }
  if (t->view_dims.size() > 1 || (t->dtype != ::ACL_INT32 && t->dtype != ::ACL_INT64)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                what + " is " + t->ToString().GetString() +
                    "; a 1-D int32 or int64 tensor of dims is expected");
  }
  const auto* first = static_cast<const uint8_t*>(FirstElement(*t));
  values->clear();
  for (int64_t k = 0; k < t->Numel(); ++k) {
    int64_t v = 0;
    if (t->dtype == ::ACL_INT32) {
      int32_t narrow = 0;
      std::memcpy(&narrow, first + k * sizeof(int32_t), sizeof(int32_t));
      v = narrow;
    } else {
      std::memcpy(&v, first + k * sizeof(int64_t), sizeof(int64_t));
    }
    if (v < 0) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  what + "[" + std::to_string(k) + "] = " + std::to_string(v) + " is negative");
    }
    values->push_back(v);
  }
  if (values->size() > MAX_DIM) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                what + " has " + std::to_string(values->size()) + " dims (at most " +
                    std::to_string(MAX_DIM) + ")");
  }
  return ACLNN_SUCCESS;
}

// Strides that read `x` as `dims` by numpy's broadcasting: the dims aligned at the last, a dim of
// 1 of x (or one x lacks in front) repeated with stride 0.
aclnnStatus BroadcastStrides(const char* api, const char* op, const aclTensor& x,
                             const std::vector<int64_t>& dims, std::vector<int64_t>* strides) {
  const std::string rule = std::string(op) + ": " + x.ToString().GetString() +
                           " does not broadcast to " + DimsToString(dims);
  if (x.view_dims.size() > dims.size()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api, rule + " (it has more dims)");
  }
  const size_t lead = dims.size() - x.view_dims.size();
  strides->assign(dims.size(), 0);
  for (size_t k = 0; k < x.view_dims.size(); ++k) {
    const int64_t from = x.view_dims[k];
    const int64_t to = dims[lead + k];
    if (from == to) {
      (*strides)[lead + k] = from == 1 ? 0 : x.strides[k];
    } else if (from != 1) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  rule + " (dim " + std::to_string(lead + k) + ": " + std::to_string(from) +
                      " to " + std::to_string(to) + "; numpy's rule: equal, or 1)");
    }
  }
  return ACLNN_SUCCESS;
}

// A copy from `x` read with `strides` as `to`'s dims into `to`: a view of x's storage that each
// run points at x's memory again (CreateView's storage views), then a host copy step.
aclnnStatus AddBroadcastCopy(const char* api, const char* op, aclOpExecutor* e, const aclTensor* x,
                             const std::vector<int64_t>& strides, const aclTensor* to) {
  auto* view = new aclTensor;
  const std::vector<int64_t>& dims = to->view_dims;
  if (const aclnnStatus st =
          Describe(api, view, dims.data(), dims.size(), x->dtype, strides.data(), x->offset,
                   x->format, x->storage_dims.data(), x->storage_dims.size(),
                   x->data != nullptr ? x->data : UnplacedAddress());
      st != ACLNN_SUCCESS) {
    delete view;
    return st;
  }
  AddHandle(view, HandleKind::kTensor);
  e->storage_views.emplace_back(view, x);
  auto step = std::make_unique<aclOpExecutor>();
  step->op_type = op;
  step->copy_from = view;
  step->copy_to = to;
  e->steps.push_back(std::move(step));
  return ACLNN_SUCCESS;
}

aclnnStatus Count(const char* api, const char* op, const char* side, size_t want,
                  const std::vector<const aclTensor*>& given) {
  if (given.size() == want) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, api,
              std::string(op) + " takes " + std::to_string(want) + " " + side + "s; " +
                  std::to_string(given.size()) + " are given");
}

aclnnStatus SameType(const char* api, const char* op, const aclTensor& from, const aclTensor& to) {
  if (from.dtype == to.dtype) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, api,
              std::string(op) + ": the output " + to.ToString().GetString() +
                  " is not of the input's type (" + from.ToString().GetString() + ")");
}

// When the op's dims input is a host tensor, its values must be the output's dims (the kernel
// on the chip writes the output the dims describe).
aclnnStatus DimsAgree(const char* api, const char* op, const aclOpExecutor& e,
                      const aclTensor* dims_input, const aclTensor& out) {
  if (!IsHostTensor(e, dims_input)) return ACLNN_SUCCESS;
  std::vector<int64_t> dims;
  const std::string what = std::string(op) + "'s dims input";
  if (const aclnnStatus st = ReadInts(api, what, e, dims_input, &dims); st != ACLNN_SUCCESS) {
    return st;
  }
  if (dims == out.view_dims) return ACLNN_SUCCESS;
  return Fail(
      ACLNN_ERR_PARAM_INVALID, api,
      what + " says " + DimsToString(dims) + "; the output is " + out.ToString().GetString());
}

// BroadcastTo(x, shape) -> y: x broadcast to the dims `shape` holds.
aclnnStatus InferBroadcastTo(const char* api, const aclOpExecutor& e,
                             const std::vector<const aclTensor*>& in, std::vector<int64_t>* dims) {
  if (const aclnnStatus st = Count(api, "BroadcastTo", "input", 2, in); st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = ReadInts(api, "BroadcastTo's shape", e, in[1], dims);
      st != ACLNN_SUCCESS) {
    return st;
  }
  std::vector<int64_t> strides;
  return BroadcastStrides(api, "BroadcastTo", *in[0], *dims, &strides);
}

aclnnStatus LaunchBroadcastTo(const char* api, aclOpExecutor* e,
                              const std::vector<const aclTensor*>& in,
                              const std::vector<const aclTensor*>& out) {
  aclnnStatus st = Count(api, "BroadcastTo", "input", 2, in);
  if (st == ACLNN_SUCCESS) st = Count(api, "BroadcastTo", "output", 1, out);
  if (st == ACLNN_SUCCESS) st = SameType(api, "BroadcastTo", *in[0], *out[0]);
  if (st == ACLNN_SUCCESS) st = DimsAgree(api, "BroadcastTo", *e, in[1], *out[0]);
  std::vector<int64_t> strides;
  if (st == ACLNN_SUCCESS) {
    st = BroadcastStrides(api, "BroadcastTo", *in[0], out[0]->view_dims, &strides);
  }
  if (st != ACLNN_SUCCESS) return st;
  return AddBroadcastCopy(api, "BroadcastTo", e, in[0], strides, out[0]);
}

// Fill(dims, value) -> y: y of the dims `dims` holds, every element `value` (one element).
aclnnStatus InferFill(const char* api, const aclOpExecutor& e,
                      const std::vector<const aclTensor*>& in, std::vector<int64_t>* dims) {
  if (const aclnnStatus st = Count(api, "Fill", "input", 2, in); st != ACLNN_SUCCESS) return st;
  return ReadInts(api, "Fill's dims", e, in[0], dims);
}

aclnnStatus LaunchFill(const char* api, aclOpExecutor* e, const std::vector<const aclTensor*>& in,
                       const std::vector<const aclTensor*>& out) {
  aclnnStatus st = Count(api, "Fill", "input", 2, in);
  if (st == ACLNN_SUCCESS) st = Count(api, "Fill", "output", 1, out);
  if (st == ACLNN_SUCCESS && in[1]->Numel() != 1) {
    st = Fail(
        ACLNN_ERR_PARAM_INVALID, api,
        std::string("Fill: the value ") + in[1]->ToString().GetString() + " is not one element");
  }
  if (st == ACLNN_SUCCESS) st = SameType(api, "Fill", *in[1], *out[0]);
  if (st == ACLNN_SUCCESS) st = DimsAgree(api, "Fill", *e, in[0], *out[0]);
  if (st != ACLNN_SUCCESS) return st;
  const std::vector<int64_t> repeat(out[0]->view_dims.size(), 0);
  return AddBroadcastCopy(api, "Fill", e, in[1], repeat, out[0]);
}

const HostLevel0Op kOps[] = {
    {"BroadcastTo", InferBroadcastTo, LaunchBroadcastTo},
    {"Fill", InferFill, LaunchFill},
};

}  // namespace

const HostLevel0Op* FindHostLevel0Op(const std::string& type) {
  for (const HostLevel0Op& op : kOps) {
    if (type == op.type) return &op;
  }
  return nullptr;
}

}  // namespace opsim::aclnn
