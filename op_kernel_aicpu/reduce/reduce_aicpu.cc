// The Reduce family's AI CPU kernel, in CANN's AI CPU kernel API: the element types the 910B's
// vector unit does not reduce (double; int8, uint8, int32, uint32, int64, uint64; bool for ONNX
// ReduceMax/Min and OpenVINO's ReduceLogicalAnd/Or), which the AI CPU OpDefs (op_host/reduce/
// op_def) take. One kernel class serves every op type of every reading: ONNX (ReduceSum ...
// ReduceLogSumExp: the axes input or attribute, keepdims, noop_with_empty_axes), OpenVINO.*
// (the axes input or reduction_axes, keep_dims) and ATB's Reduce (reduceType, axis).
// Numerics are the operators' (docs/SPEC.md): integers wrap, integer means truncate toward zero,
// bool reduces as its bytes (MAX any, MIN all), float64 accumulates in float64.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "cpu_kernel.h"
#include "cpu_types.h"
#include "log.h"
#include "reduce_aicpu_compute.h"

namespace aicpu {
namespace {

using reduce_cpu::Finish;
using reduce_cpu::Map;
using reduce_cpu::Reducer;

enum class Reading { kOnnx, kOpenVino, kAtb };
enum class Family { kPlain, kMean, kSumSquare, kL1, kL2, kLogSum, kLogSumExp };

struct OpInfo {
  const char* name;
  Reading reading;
  Reducer reducer;  // ATB's comes from reduceType
  Family family;
};

const OpInfo kOps[] = {
    {"ReduceSum", Reading::kOnnx, Reducer::kSum, Family::kPlain},
    {"ReduceMax", Reading::kOnnx, Reducer::kMax, Family::kPlain},
    {"ReduceMin", Reading::kOnnx, Reducer::kMin, Family::kPlain},
    {"ReduceProd", Reading::kOnnx, Reducer::kProd, Family::kPlain},
    {"ReduceMean", Reading::kOnnx, Reducer::kSum, Family::kMean},
    {"ReduceSumSquare", Reading::kOnnx, Reducer::kSum, Family::kSumSquare},
    {"ReduceL1", Reading::kOnnx, Reducer::kSum, Family::kL1},
    {"ReduceL2", Reading::kOnnx, Reducer::kSum, Family::kL2},
    {"ReduceLogSum", Reading::kOnnx, Reducer::kSum, Family::kLogSum},
    {"ReduceLogSumExp", Reading::kOnnx, Reducer::kSum, Family::kLogSumExp},
    {"OpenVINO.ReduceSum", Reading::kOpenVino, Reducer::kSum, Family::kPlain},
    {"OpenVINO.ReduceMax", Reading::kOpenVino, Reducer::kMax, Family::kPlain},
    {"OpenVINO.ReduceMin", Reading::kOpenVino, Reducer::kMin, Family::kPlain},
    {"OpenVINO.ReduceProd", Reading::kOpenVino, Reducer::kProd, Family::kPlain},
    {"OpenVINO.ReduceMean", Reading::kOpenVino, Reducer::kSum, Family::kMean},
    {"OpenVINO.ReduceL1", Reading::kOpenVino, Reducer::kSum, Family::kL1},
    {"OpenVINO.ReduceL2", Reading::kOpenVino, Reducer::kSum, Family::kL2},
    {"OpenVINO.ReduceLogicalAnd", Reading::kOpenVino, Reducer::kMin, Family::kPlain},
    {"OpenVINO.ReduceLogicalOr", Reading::kOpenVino, Reducer::kMax, Family::kPlain},
    {"Reduce", Reading::kAtb, Reducer::kSum, Family::kPlain},
};

// What one call reduces: the op, the input's dims, which of them are reduced, and the output's
// dims it must have.
struct ReduceJob {
  Reducer reducer = Reducer::kSum;
  Family family = Family::kPlain;
  std::vector<int64_t> dims;
  std::vector<bool> reduced;
  std::vector<int64_t> out_dims;
};

const OpInfo* FindOp(const std::string& type) {
  for (const OpInfo& op : kOps) {
    if (type == op.name) return &op;
  }
  return nullptr;
}

int64_t AttrInt(CpuKernelContext& ctx, const char* name, int64_t fallback) {
  AttrValue* attr = ctx.GetAttr(name);
  return attr == nullptr ? fallback : attr->GetInt();
}

// reduceType as ATB's number (1 MAX, 2 MIN, 3 SUM, 4 PROD) or a name ("sum", "REDUCE_SUM").
bool AtbReducer(const std::string& text, Reducer* out) {
  std::string upper = text;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper.rfind("REDUCE_", 0) == 0) upper = upper.substr(7);
  const char* const names[] = {"MAX", "MIN", "SUM", "PROD"};
  const Reducer reducers[] = {Reducer::kMax, Reducer::kMin, Reducer::kSum, Reducer::kProd};
  for (int k = 0; k < 4; ++k) {
    if (upper == names[k] || upper == std::to_string(k + 1)) {
      *out = reducers[k];
      return true;
    }
  }
  return false;
}

// The axes input (1-D int32 or int64, as the NodeDef carries a constant ValueDepend input).
bool AxesFromInput(CpuKernelContext& ctx, const std::string& op, std::vector<int64_t>* axes) {
  Tensor* t = ctx.Input(1);
  const DataType type = t == nullptr ? DT_UNDEFINED : t->GetDataType();
  const int64_t n = t == nullptr ? -1 : t->GetTensorShape()->NumElements();
  const uint64_t size = type == DT_INT32 ? 4 : 8;
  if ((type != DT_INT32 && type != DT_INT64) || n < 0 || t->GetTensorShape()->GetDims() > 1 ||
      (n > 0 && (t->GetData() == nullptr || t->GetDataSize() < static_cast<uint64_t>(n) * size))) {
    KERNEL_LOG_ERROR(
        "%s: the axes input (data type %d) is not a 1-D int32 or int64 tensor with "
        "its values",
        op.c_str(), static_cast<int>(type));
    return false;
  }
  for (int64_t i = 0; i < n; ++i) {
    axes->push_back(type == DT_INT32 ? static_cast<const int32_t*>(t->GetData())[i]
                                     : static_cast<const int64_t*>(t->GetData())[i]);
  }
  return true;
}

// The reading's axes and keep-dims flag; `all` when the call reduces every axis.
bool ReadAxes(CpuKernelContext& ctx, const OpInfo& info, ReduceJob* job, std::vector<int64_t>* axes,
              bool* all, bool* keep) {
  const std::string op = info.name;
  *all = false;
  if (info.reading == Reading::kAtb) {
    AttrValue* type = ctx.GetAttr("reduceType");
    if (type == nullptr || !AtbReducer(type->GetString(), &job->reducer)) {
      KERNEL_LOG_ERROR(
          "%s: attribute reduceType = \"%s\" is not a reducer (sum, max, min, prod or "
          "ATB's number 1..4)",
          op.c_str(), type == nullptr ? "" : type->GetString().c_str());
      return false;
    }
    AttrValue* axis = ctx.GetAttr("axis");
    if (axis != nullptr) *axes = axis->GetListInt();
    *keep = false;
    return true;
  }
  const bool onnx = info.reading == Reading::kOnnx;
  AttrValue* listed = ctx.GetAttr(onnx ? "axes" : "reduction_axes");
  if (ctx.GetInputsSize() > 1) {
    if (listed != nullptr) {
      KERNEL_LOG_ERROR("%s: the axes are given twice, as input 1 and as an attribute", op.c_str());
      return false;
    }
    if (!AxesFromInput(ctx, op, axes)) return false;
  } else if (listed != nullptr) {
    *axes = listed->GetListInt();
  } else if (!onnx) {
    KERNEL_LOG_ERROR("%s: the axes are missing (input 1, or the attribute reduction_axes)",
                     op.c_str());
    return false;
  }
  if (onnx) {
    const int64_t keepdims = AttrInt(ctx, "keepdims", 1);
    const int64_t noop = AttrInt(ctx, "noop_with_empty_axes", 0);
    if ((keepdims != 0 && keepdims != 1) || (noop != 0 && noop != 1)) {
      KERNEL_LOG_ERROR("%s: keepdims = %lld and noop_with_empty_axes = %lld must be 0 or 1",
                       op.c_str(), static_cast<long long>(keepdims), static_cast<long long>(noop));
      return false;
    }
    *keep = keepdims == 1;
    *all = axes->empty() && noop == 0;
  } else {
    AttrValue* keep_dims = ctx.GetAttr("keep_dims");
    *keep = keep_dims != nullptr && keep_dims->GetBool();
  }
  return true;
}

// Normalises the axes (negatives count from the end; OpenVINO's may repeat, the others' may not)
// into job->reduced, and the output dims they give.
bool MarkAxes(const OpInfo& info, const std::vector<int64_t>& axes, bool all, bool keep,
              ReduceJob* job) {
  const int64_t rank = static_cast<int64_t>(job->dims.size());
  job->reduced.assign(job->dims.size(), all);
  for (size_t k = 0; k < axes.size(); ++k) {
    const int64_t a = axes[k] < 0 ? axes[k] + rank : axes[k];
    if (a < 0 || a >= rank) {
      KERNEL_LOG_ERROR("%s: axes[%zu] = %lld is out of range for an input of rank %lld", info.name,
                       k, static_cast<long long>(axes[k]), static_cast<long long>(rank));
      return false;
    }
    if (job->reduced[static_cast<size_t>(a)] && info.reading != Reading::kOpenVino) {
      KERNEL_LOG_ERROR("%s: axes[%zu] = %lld repeats an axis", info.name, k,
                       static_cast<long long>(axes[k]));
      return false;
    }
    job->reduced[static_cast<size_t>(a)] = true;
  }
  job->out_dims.clear();
  for (size_t d = 0; d < job->dims.size(); ++d) {
    if (!job->reduced[d]) {
      job->out_dims.push_back(job->dims[d]);
    } else if (keep) {
      job->out_dims.push_back(1);
    }
  }
  return true;
}

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string text;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (d > 0) text.append(",");
    text.append(std::to_string(dims[d]));
  }
  return text;
}

bool MakeJob(CpuKernelContext& ctx, const OpInfo& info, ReduceJob* job) {
  const uint32_t inputs = ctx.GetInputsSize();
  const uint32_t max_inputs = info.reading == Reading::kAtb ? 1 : 2;
  if (inputs < 1 || inputs > max_inputs || ctx.GetOutputsSize() != 1 || ctx.Input(0) == nullptr ||
      ctx.Output(0) == nullptr) {
    KERNEL_LOG_ERROR("%s: takes 1 to %u inputs and 1 output, given %u and %u", info.name,
                     max_inputs, inputs, ctx.GetOutputsSize());
    return false;
  }
  job->reducer = info.reducer;
  job->family = info.family;
  job->dims = ctx.Input(0)->GetTensorShape()->GetDimSizes();
  for (int64_t d : job->dims) {
    if (d < 0) {
      KERNEL_LOG_ERROR("%s: the input has a dim of %lld", info.name, static_cast<long long>(d));
      return false;
    }
  }
  std::vector<int64_t> axes;
  bool all = false;
  bool keep = false;
  if (!ReadAxes(ctx, info, job, &axes, &all, &keep)) return false;
  if (!MarkAxes(info, axes, all, keep, job)) return false;
  const std::vector<int64_t> out = ctx.Output(0)->GetTensorShape()->GetDimSizes();
  if (out != job->out_dims) {
    const std::string got = DimsText(out), want = DimsText(job->out_dims);
    KERNEL_LOG_ERROR("%s: the output's shape is [%s]; the axes and keep-dims flag give [%s]",
                     info.name, got.c_str(), want.c_str());
    return false;
  }
  return true;
}

// The dims with size-1 dims left out and neighbours of the same kind merged: kept and reduced
// groups alternate. No reduced group left: one of 1, so the family's map and finish still apply.
void Simplify(const ReduceJob& job, std::vector<int64_t>* dims, std::vector<bool>* reduced) {
  for (size_t d = 0; d < job.dims.size(); ++d) {
    if (job.dims[d] == 1) continue;
    if (!dims->empty() && reduced->back() == job.reduced[d]) {
      dims->back() *= job.dims[d];
    } else {
      dims->push_back(job.dims[d]);
      reduced->push_back(job.reduced[d]);
    }
  }
  if (std::find(reduced->begin(), reduced->end(), true) == reduced->end()) {
    dims->push_back(1);
    reduced->push_back(true);
  }
}

// Only what each type takes is instantiated (TakesType): MAX and MIN plain; the 8-bit types
// nothing else; PROD plain; SUM with the family's map on the first pass (abs of an unsigned
// value is the value).
template <typename T>
void Pass(const ReduceJob& job, bool first, const T* x, T* y, int64_t outer, int64_t r,
          int64_t inner) {
  using reduce_cpu::ReducePass;
  if constexpr (std::is_floating_point_v<T>) {
    if (job.family == Family::kLogSumExp) {
      reduce_cpu::LogSumExpPass(x, y, outer, r, inner);
      return;
    }
  }
  if (job.reducer == Reducer::kMax) {
    ReducePass<Reducer::kMax, Map::kNone>(x, y, outer, r, inner);
  } else if (job.reducer == Reducer::kMin) {
    ReducePass<Reducer::kMin, Map::kNone>(x, y, outer, r, inner);
  } else if constexpr (sizeof(T) >= sizeof(uint32_t)) {
    constexpr bool kHasAbs = std::is_signed_v<T> || std::is_floating_point_v<T>;
    if (kHasAbs && first && job.family == Family::kL1) {
      ReducePass<Reducer::kSum, kHasAbs ? Map::kAbs : Map::kNone>(x, y, outer, r, inner);
      return;
    }
    // Wrapping SUM and PROD give a signed integer the bits of its unsigned twin's: one
    // instantiation serves both (a signed type's object may be read through its unsigned type).
    using U = typename reduce_cpu::ArithOf<T>::type;
    const U* ux = reinterpret_cast<const U*>(x);
    U* uy = reinterpret_cast<U*>(y);
    if (job.reducer == Reducer::kProd) {
      ReducePass<Reducer::kProd, Map::kNone>(ux, uy, outer, r, inner);
    } else if (first && (job.family == Family::kSumSquare || job.family == Family::kL2)) {
      ReducePass<Reducer::kSum, Map::kSquare>(ux, uy, outer, r, inner);
    } else {
      ReducePass<Reducer::kSum, Map::kNone>(ux, uy, outer, r, inner);
    }
  }
}

template <typename T>
T EmptyValue(Reducer reducer) {
  switch (reducer) {
    case Reducer::kMax: return reduce_cpu::IdentityOf<T, Reducer::kMax>();
    case Reducer::kMin: return reduce_cpu::IdentityOf<T, Reducer::kMin>();
    case Reducer::kProd: return T(1);
    case Reducer::kSum: break;
  }
  return T(0);
}

// One pass per reduced group of the simplified dims, the innermost first, each into a buffer of
// its results (the last into y); the map on the first, the finish after the last.
template <typename T>
void Reduce(const ReduceJob& job, bool bool_min, const T* x, T* y, int64_t outputs) {
  uint64_t count = 1;
  int64_t elements = 1;
  for (size_t d = 0; d < job.dims.size(); ++d) {
    elements *= job.dims[d];
    if (job.reduced[d]) count *= static_cast<uint64_t>(job.dims[d]);
  }
  Finish finish = bool_min ? Finish::kBoolMin : Finish::kNone;
  if (job.family == Family::kMean) finish = Finish::kMean;
  if (job.family == Family::kL2) finish = Finish::kSqrt;
  if (job.family == Family::kLogSum) finish = Finish::kLog;
  if (elements == 0) {  // every output's slice is empty (a reduced dim of 0)
    const bool lse = job.family == Family::kLogSumExp;
    const T empty = lse ? -std::numeric_limits<T>::infinity() : EmptyValue<T>(job.reducer);
    std::fill(y, y + outputs, empty);
    reduce_cpu::FinishAll(finish, count, y, outputs);
    return;
  }
  std::vector<int64_t> dims;
  std::vector<bool> reduced;
  Simplify(job, &dims, &reduced);
  std::vector<T> buffers[2];
  const T* src = x;
  for (bool first = true;; first = false) {
    size_t k = reduced.size();
    while (!reduced[k - 1]) --k;
    const size_t r_index = k - 1;
    const int64_t r = dims[r_index];
    int64_t outer = 1, inner = 1;
    for (size_t i = 0; i < r_index; ++i) outer *= dims[i];
    for (size_t i = r_index + 1; i < dims.size(); ++i) inner *= dims[i];
    dims.resize(r_index);
    reduced.resize(r_index);
    if (inner > 1) {
      if (!reduced.empty() && !reduced.back()) {
        dims.back() *= inner;
      } else {
        dims.push_back(inner);
        reduced.push_back(false);
      }
    }
    const bool last = std::find(reduced.begin(), reduced.end(), true) == reduced.end();
    std::vector<T>& next = buffers[src == buffers[0].data() ? 1 : 0];
    if (!last) next.resize(static_cast<size_t>(outer * inner));
    T* dst = last ? y : next.data();
    Pass(job, first, src, dst, outer, r, inner);
    src = dst;
    if (last) break;
  }
  reduce_cpu::FinishAll(finish, count, y, outputs);
}

// The types the kernel takes for the job's op: MAX and MIN every type of the AI CPU's columns
// (bool as its bytes), the arithmetic reducers double and the 32- and 64-bit integers, L2, LogSum
// and LogSumExp double only.
template <typename T>
bool TakesType(const ReduceJob& job) {
  const bool floats_only = job.family == Family::kL2 || job.family == Family::kLogSum ||
                           job.family == Family::kLogSumExp;
  if (floats_only) return std::is_floating_point_v<T>;
  if (job.reducer == Reducer::kMax || job.reducer == Reducer::kMin) return true;
  return job.family == Family::kPlain || job.family == Family::kMean ||
                 job.family == Family::kSumSquare || job.family == Family::kL1
             ? sizeof(T) >= sizeof(uint32_t)
             : false;
}

template <typename T>
uint32_t Compute(CpuKernelContext& ctx, const std::string& op, const ReduceJob& job,
                 bool bool_data) {
  if (!TakesType<T>(job) || (bool_data && job.family != Family::kPlain) ||
      (bool_data && job.reducer != Reducer::kMax && job.reducer != Reducer::kMin)) {
    KERNEL_LOG_ERROR("%s: data type %d is not one its AI CPU kernel reduces this way", op.c_str(),
                     static_cast<int>(ctx.Input(0)->GetDataType()));
    return KERNEL_STATUS_PARAM_INVALID;
  }
  Tensor* in = ctx.Input(0);
  Tensor* out = ctx.Output(0);
  const int64_t elements = in->GetTensorShape()->NumElements();
  const int64_t outputs = out->GetTensorShape()->NumElements();
  const uint64_t in_bytes = static_cast<uint64_t>(elements) * sizeof(T);
  const uint64_t out_bytes = static_cast<uint64_t>(outputs) * sizeof(T);
  if (elements < 0 || outputs < 0 || in->GetDataSize() < in_bytes ||
      out->GetDataSize() < out_bytes || (elements > 0 && in->GetData() == nullptr) ||
      (outputs > 0 && out->GetData() == nullptr)) {
    KERNEL_LOG_ERROR(
        "%s: the input holds %llu bytes of the %llu its shape needs, the output %llu "
        "of %llu (or a buffer is null)",
        op.c_str(), static_cast<unsigned long long>(in->GetDataSize()),
        static_cast<unsigned long long>(in_bytes),
        static_cast<unsigned long long>(out->GetDataSize()),
        static_cast<unsigned long long>(out_bytes));
    return KERNEL_STATUS_PARAM_INVALID;
  }
  if (outputs == 0) return KERNEL_STATUS_OK;
  const bool bool_min = bool_data && job.reducer == Reducer::kMin;
  Reduce(job, bool_min, static_cast<const T*>(in->GetData()), static_cast<T*>(out->GetData()),
         outputs);
  return KERNEL_STATUS_OK;
}

}  // namespace

class ReduceCpuKernel : public CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    const std::string op = ctx.GetOpType();
    const OpInfo* info = FindOp(op);
    if (info == nullptr) {
      KERNEL_LOG_ERROR("%s: not an op type of the Reduce AI CPU kernel", op.c_str());
      return KERNEL_STATUS_PARAM_INVALID;
    }
    ReduceJob job;
    if (!MakeJob(ctx, *info, &job)) return KERNEL_STATUS_PARAM_INVALID;
    const DataType type = ctx.Input(0)->GetDataType();
    if (ctx.Output(0)->GetDataType() != type) {
      KERNEL_LOG_ERROR("%s: the output's data type %d is not the input's %d", op.c_str(),
                       static_cast<int>(ctx.Output(0)->GetDataType()), static_cast<int>(type));
      return KERNEL_STATUS_PARAM_INVALID;
    }
    switch (type) {
      case DT_DOUBLE: return aicpu::Compute<double>(ctx, op, job, false);
      case DT_INT8: return aicpu::Compute<int8_t>(ctx, op, job, false);
      case DT_UINT8: return aicpu::Compute<uint8_t>(ctx, op, job, false);
      case DT_BOOL: return aicpu::Compute<uint8_t>(ctx, op, job, true);
      case DT_INT32: return aicpu::Compute<int32_t>(ctx, op, job, false);
      case DT_UINT32: return aicpu::Compute<uint32_t>(ctx, op, job, false);
      case DT_INT64: return aicpu::Compute<int64_t>(ctx, op, job, false);
      case DT_UINT64: return aicpu::Compute<uint64_t>(ctx, op, job, false);
      default: break;
    }
    KERNEL_LOG_ERROR(
        "%s: data type %d is not one its AI CPU kernel takes (double, bool and the "
        "8-, 32- and 64-bit integers)",
        op.c_str(), static_cast<int>(type));
    return KERNEL_STATUS_PARAM_INVALID;
  }
};

// REGISTER_CPU_KERNEL names a variable after its first argument: the dotted OpenVINO types get
// identifiers of their own.
const char* const kReduceSum = "ReduceSum";
const char* const kReduceMax = "ReduceMax";
const char* const kReduceMin = "ReduceMin";
const char* const kReduceProd = "ReduceProd";
const char* const kReduceMean = "ReduceMean";
const char* const kReduceSumSquare = "ReduceSumSquare";
const char* const kReduceL1 = "ReduceL1";
const char* const kReduceL2 = "ReduceL2";
const char* const kReduceLogSum = "ReduceLogSum";
const char* const kReduceLogSumExp = "ReduceLogSumExp";
const char* const kOvReduceSum = "OpenVINO.ReduceSum";
const char* const kOvReduceMax = "OpenVINO.ReduceMax";
const char* const kOvReduceMin = "OpenVINO.ReduceMin";
const char* const kOvReduceProd = "OpenVINO.ReduceProd";
const char* const kOvReduceMean = "OpenVINO.ReduceMean";
const char* const kOvReduceL1 = "OpenVINO.ReduceL1";
const char* const kOvReduceL2 = "OpenVINO.ReduceL2";
const char* const kOvReduceLogicalAnd = "OpenVINO.ReduceLogicalAnd";
const char* const kOvReduceLogicalOr = "OpenVINO.ReduceLogicalOr";
const char* const kAtbReduce = "Reduce";
REGISTER_CPU_KERNEL(kReduceSum, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceMax, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceMin, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceProd, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceMean, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceSumSquare, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceL1, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceL2, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceLogSum, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kReduceLogSumExp, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceSum, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceMax, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceMin, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceProd, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceMean, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceL1, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceL2, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceLogicalAnd, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kOvReduceLogicalOr, ReduceCpuKernel);
REGISTER_CPU_KERNEL(kAtbReduce, ReduceCpuKernel);

}  // namespace aicpu
