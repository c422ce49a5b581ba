// utils/kernel_util.h's out-of-line helpers: the checks kernels start with, type and format
// names, checked memory copies.
// The declarations alone: the templates over Eigen's types are the kernels' to instantiate.
#define OPSIM_KERNEL_UTIL_NO_EIGEN
#include "utils/kernel_util.h"

#include <cstring>
#include <string>
#include <vector>

#include "api_impl.h"
#include "cpu_kernel_utils.h"

namespace aicpu {

namespace {

const char* const kFormatNames[] = {"NCHW",
                                    "NHWC",
                                    "ND",
                                    "NC1HWC0",
                                    "FRACTAL_Z",
                                    "NC1C0HWPAD",
                                    "NHWC1C0",
                                    "FSR_NCHW",
                                    "FRACTAL_DECONV",
                                    "C1HWNC0",
                                    "FRACTAL_DECONV_TRANSPOSE",
                                    "FRACTAL_DECONV_SP_STRIDE_TRANS",
                                    "NC1HWC0_C04",
                                    "FRACTAL_Z_C04",
                                    "CHWN",
                                    "FRACTAL_DECONV_SP_STRIDE8_TRANS",
                                    "HWCN",
                                    "NC1KHKWHWC0",
                                    "BN_WEIGHT",
                                    "FILTER_HWCK",
                                    "HASHTABLE_LOOKUP_LOOKUPS",
                                    "HASHTABLE_LOOKUP_KEYS",
                                    "HASHTABLE_LOOKUP_VALUE",
                                    "HASHTABLE_LOOKUP_OUTPUT",
                                    "HASHTABLE_LOOKUP_HITS",
                                    "C1HWNCoC0",
                                    "MD",
                                    "NDHWC",
                                    "FRACTAL_ZZ",
                                    "FRACTAL_NZ",
                                    "NCDHW",
                                    "DHWCN",
                                    "NDC1HWC0",
                                    "FRACTAL_Z_3D",
                                    "CN",
                                    "NC",
                                    "DHWNC",
                                    "FRACTAL_Z_3D_TRANSPOSE",
                                    "FRACTAL_ZN_LSTM",
                                    "FRACTAL_Z_G",
                                    "RESERVED",
                                    "ALL",
                                    "NULL"};

// One tensor of a kernel's checks: present, and with data unless it has no elements.
uint32_t CheckTensorPresent(const CpuKernelContext& ctx, const char* role, uint32_t index,
                            const Tensor* t) {
  const std::string op = ctx.GetOpType();
  KERNEL_CHECK_NULLPTR(t, KERNEL_STATUS_PARAM_INVALID, "%s: %s %u is missing", op.c_str(), role,
                       index);
  if (t->GetData() == nullptr && t->NumElements() != 0) {
    KERNEL_LOG_ERROR("%s: %s %u has no data (%lld elements)", op.c_str(), role, index,
                     static_cast<long long>(t->NumElements()));
    return KERNEL_STATUS_PARAM_INVALID;
  }
  return KERNEL_STATUS_OK;
}

}  // namespace

std::string FormatToSerialString(Format format) {
  const int i = GetPrimaryFormat(static_cast<int32_t>(format));
  if (i < 0 || i >= static_cast<int>(sizeof kFormatNames / sizeof kFormatNames[0])) {
    return "UNDEFINED";
  }
  return kFormatNames[i];
}

bool IsEmptyTensor(Tensor* tensor) {
  return tensor == nullptr || tensor->GetData() == nullptr || tensor->NumElements() == 0;
}

// CANN's check of a binary math kernel: exactly two inputs and one output, present, with data, and
// the two inputs of one dtype (ops-math's Add test of int32 + int64 relies on the last).
uint32_t NormalMathCheck(CpuKernelContext& ctx) {
  const std::string op = ctx.GetOpType();
  KERNEL_CHECK_FALSE(ctx.GetInputsSize() == 2 && ctx.GetOutputsSize() == 1,
                     KERNEL_STATUS_PARAM_INVALID, "%s: %u inputs and %u outputs, expected 2 and 1",
                     op.c_str(), ctx.GetInputsSize(), ctx.GetOutputsSize());
  const uint32_t s = NormalCheck(ctx, 2, 1);
  if (s != KERNEL_STATUS_OK) return s;
  const DataType x0 = ctx.Input(0)->GetDataType();
  const DataType x1 = ctx.Input(1)->GetDataType();
  KERNEL_CHECK_FALSE(x0 == x1, KERNEL_STATUS_PARAM_INVALID,
                     "%s: the inputs' dtypes differ: input 0 is %s, input 1 is %s", op.c_str(),
                     DTypeStr(x0).c_str(), DTypeStr(x1).c_str());
  return KERNEL_STATUS_OK;
}

uint32_t NormalCheck(CpuKernelContext& ctx, const uint32_t inputs_num, const uint32_t outputs_num) {
  const std::string op = ctx.GetOpType();
  const bool anyInputs = static_cast<int32_t>(inputs_num) == kDynamicInput;
  const bool anyOutputs = static_cast<int32_t>(outputs_num) == kDynamicOutput;
  KERNEL_CHECK_FALSE(anyInputs || ctx.GetInputsSize() >= inputs_num, KERNEL_STATUS_PARAM_INVALID,
                     "%s: %u inputs, the kernel takes %u", op.c_str(), ctx.GetInputsSize(),
                     inputs_num);
  KERNEL_CHECK_FALSE(anyOutputs || ctx.GetOutputsSize() >= outputs_num, KERNEL_STATUS_PARAM_INVALID,
                     "%s: %u outputs, the kernel takes %u", op.c_str(), ctx.GetOutputsSize(),
                     outputs_num);
  const uint32_t nIn = anyInputs ? ctx.GetInputsSize() : inputs_num;
  const uint32_t nOut = anyOutputs ? ctx.GetOutputsSize() : outputs_num;
  for (uint32_t i = 0; i < nIn; ++i) {
    const uint32_t s = CheckTensorPresent(ctx, "input", i, ctx.Input(i));
    if (s != KERNEL_STATUS_OK) return s;
  }
  for (uint32_t i = 0; i < nOut; ++i) {
    const uint32_t s = CheckTensorPresent(ctx, "output", i, ctx.Output(i));
    if (s != KERNEL_STATUS_OK) return s;
  }
  return KERNEL_STATUS_OK;
}

uint32_t NormalCheck(CpuKernelContext& ctx, const uint32_t inputs_num, const uint32_t outputs_num,
                     const std::vector<std::string>& attr_names) {
  const uint32_t s = NormalCheck(ctx, inputs_num, outputs_num);
  if (s != KERNEL_STATUS_OK) return s;
  for (const auto& name : attr_names) {
    KERNEL_CHECK_NULLPTR(ctx.GetAttr(name), KERNEL_STATUS_PARAM_INVALID,
                         "%s: attribute '%s' is missing", ctx.GetOpType().c_str(), name.c_str());
  }
  return KERNEL_STATUS_OK;
}

bool IsScalar(const std::vector<int64_t>& shape) { return shape.empty(); }
bool IsVector(const std::vector<int64_t>& shape) { return shape.size() == 1; }
bool IsMatrix(const std::vector<int64_t>& shape) { return shape.size() == 2; }
bool IsSquareMatrix(const std::vector<int64_t>& shape) {
  return shape.size() == 2 && shape[0] == shape[1];
}
bool IsVectorOrHigher(const std::vector<int64_t>& shape) { return !shape.empty(); }

bool AddrAlignedCheck(const void* addr, uint64_t alignment) {
  return alignment != 0 && reinterpret_cast<uintptr_t>(addr) % alignment == 0;
}

DataType DType(std::string dtype_str) {
  for (int t = 0; t < DT_MAX; ++t) {
    if (dtype_str == DataTypeName(static_cast<DataType>(t))) return static_cast<DataType>(t);
  }
  return DT_UNDEFINED;
}

std::string DTypeStr(DataType dtype) {
  const std::string name = DataTypeName(dtype);
  return name == "DT_UNKNOWN" ? "DT_UNDEFINED" : name;
}

bool BiggerMemCpy(void* dst_addr, const std::size_t dst_len, const void* src_addr,
                  const std::size_t src_len) {
  if (dst_addr == nullptr || src_addr == nullptr || dst_len < src_len) {
    KERNEL_LOG_ERROR("BiggerMemCpy: %zu bytes into %zu (%s)", src_len, dst_len,
                     dst_addr == nullptr || src_addr == nullptr ? "a null pointer"
                                                                : "the destination is shorter");
    return false;
  }
  if (src_len != 0) std::memmove(dst_addr, src_addr, src_len);
  return true;
}

bool BiggerMemSet(void* dst_addr, const std::size_t dst_len, const int c, const std::size_t count) {
  if (dst_addr == nullptr || dst_len < count) {
    KERNEL_LOG_ERROR("BiggerMemSet: %zu bytes of %zu (%s)", count, dst_len,
                     dst_addr == nullptr ? "a null pointer" : "the destination is shorter");
    return false;
  }
  if (count != 0) std::memset(dst_addr, c, count);
  return true;
}

int64_t CeilMultiple(const int64_t x, const int64_t base) {
  if (base <= 0) return x;
  const int64_t r = x % base;
  return r == 0 ? x : x + (r > 0 ? base - r : -r);
}

uint64_t AlignedTo(const uint64_t size, const uint64_t alignment) {
  if (alignment == 0) return size;
  return (size + alignment - 1) / alignment * alignment;
}

int64_t GetMaxCompilerCoreNum() {
  CpuKernelContext ctx(HOST);
  return CpuKernelUtils::GetCPUNum(ctx);
}

}  // namespace aicpu
