// CANN's AI CPU kernel helpers (utils/kernel_util.h of CANN's AI CPU package, which operator
// repositories' kernels include): input/output checks, type names, overflow-checked arithmetic,
// the shape predicates. opsim's own text; it brings Eigen's Tensor module, as CANN's does, since
// kernels use Eigen::half and TensorMap through it.
#ifndef AICPU_UTILS_KERNEL_UTIL_H_
#define AICPU_UTILS_KERNEL_UTIL_H_

#include <algorithm>
#include <climits>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "cpu_context.h"
#include "log.h"
#include "status.h"
// opsim's library defines OPSIM_KERNEL_UTIL_NO_EIGEN to compile the out-of-line helpers without
// parsing Eigen; kernels never define it.
#ifndef OPSIM_KERNEL_UTIL_NO_EIGEN
#include "unsupported/Eigen/CXX11/Tensor"
#endif

namespace aicpu {

// The cores a kernel leaves to the AI CPU's scheduler: max(1, GetCPUNum(ctx) - kResvCpuNum).
constexpr uint32_t kResvCpuNum = 2;
constexpr uint32_t kThreadNum = 32;
constexpr uint32_t kFirstInputIndex = 0;
constexpr uint32_t kSecondInputIndex = 1;
constexpr uint32_t kThirdInputIndex = 2;
constexpr uint32_t kFourthInputIndex = 3;
constexpr uint32_t kFifthInputIndex = 4;
constexpr uint32_t kSixthInputIndex = 5;
constexpr uint32_t kSeventhInputIndex = 6;
constexpr uint32_t kEighthInputIndex = 7;
constexpr uint32_t kNinthInputIndex = 8;
constexpr uint32_t kTenthInputIndex = 9;
constexpr uint32_t kEleventhInputIndex = 10;
constexpr uint32_t kTwelfthInputIndex = 11;
constexpr uint32_t kFirstOutputIndex = 0;
constexpr uint32_t kSecondOutputIndex = 1;
constexpr uint32_t kThirdOutputIndex = 2;
// NormalCheck's inputs_num (outputs_num) that checks no count.
constexpr int32_t kDynamicInput = -1;
constexpr int32_t kDynamicOutput = -2;
constexpr uint64_t kEigenAlignmentBytes = 16;

constexpr uint64_t kFormatNCHWIndexN = 0;
constexpr uint64_t kFormatNCHWIndexC = 1;
constexpr uint64_t kFormatNCHWIndexH = 2;
constexpr uint64_t kFormatNCHWIndexW = 3;
constexpr uint64_t kFormatCHWIndexC = 0;
constexpr uint64_t kFormatCHWIndexH = 1;
constexpr uint64_t kFormatCHWIndexW = 2;
constexpr uint64_t kFormatNHWCIndexN = 0;
constexpr uint64_t kFormatNHWCIndexH = 1;
constexpr uint64_t kFormatNHWCIndexW = 2;
constexpr uint64_t kFormatNHWCIndexC = 3;
constexpr uint64_t kFormatHWCIndexH = 0;
constexpr uint64_t kFormatHWCIndexW = 1;
constexpr uint64_t kFormatHWCIndexC = 2;

const size_t INPUT_NUM0 = 0;
const size_t INPUT_NUM1 = 1;
const size_t INPUT_NUM2 = 2;
const size_t INPUT_NUM3 = 3;
const size_t INPUT_NUM4 = 4;
const size_t INPUT_NUM5 = 5;
const size_t INPUT_NUM6 = 6;
const size_t INPUT_NUM7 = 7;
const size_t INPUT_NUM8 = 8;
const size_t INPUT_NUM9 = 9;
const size_t INPUT_NUM32 = 32;

constexpr int kRank1 = 1;
constexpr int kRank2 = 2;
constexpr int kRank3 = 3;
constexpr int kRank4 = 4;
constexpr int kRank5 = 5;
constexpr int kRank6 = 6;
constexpr int kRank7 = 7;
constexpr int kRank8 = 8;
constexpr int kShift8 = 8;
constexpr int kShift32 = 32;

template <typename T>
std::string ConcatString(T arg) {
  std::ostringstream oss;
  oss << arg;
  return oss.str();
}

template <typename T, typename... Ts>
std::string ConcatString(T arg, Ts... rest) {
  return ConcatString(arg) + ConcatString(rest...);
}

// "1, 2, 3"
template <typename T>
inline std::string VectorToString(const std::vector<T>& values) {
  std::ostringstream oss;
  for (size_t i = 0; i < values.size(); ++i) oss << (i == 0 ? "" : ", ") << values[i];
  return oss.str();
}

// "[t]"
template <typename T>
std::string FmtToStr(const T& t) {
  std::ostringstream oss;
  oss << "[" << t << "]";
  return oss.str();
}

AICPU_VISIBILITY std::string FormatToSerialString(Format format);

// A format's low byte is its primary format, the next two bytes its sub-format.
inline int32_t GetPrimaryFormat(int32_t format) {
  return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xffU);
}
inline int32_t GetSubFormat(int32_t format) {
  return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xffff00U) >> kShift8);
}
inline bool HasSubFormat(int32_t format) { return GetSubFormat(format) > 0; }

// True for a null tensor's absence of elements: no data, or a shape of no elements.
AICPU_VISIBILITY bool IsEmptyTensor(Tensor* tensor);

// x * y of two nonnegative values; false on overflow or a negative factor.
inline bool MulWithoutOverflow(const int64_t x, const int64_t y, int64_t& xy) {
  if (x < 0 || y < 0) return false;
  if (x != 0 && y > INT64_MAX / x) return false;
  xy = x * y;
  return true;
}

// x + y; false on overflow (sum then holds the wrapped value).
inline bool AddWithoutOverflow(const int64_t x, const int64_t y, int64_t& sum) {
  sum = static_cast<int64_t>(static_cast<uint64_t>(x) + static_cast<uint64_t>(y));
  return !((x >= 0) == (y >= 0) && (sum >= 0) != (x >= 0));
}

// True when a * b does not overflow.
inline bool CheckUint32MulOverflow(const uint32_t a, const uint32_t b) {
  return a == 0U || b == 0U || a <= UINT32_MAX / b;
}
inline bool CheckUint64MulOverflow(const uint64_t a, const uint64_t b) {
  return a == 0U || b == 0U || a <= UINT64_MAX / b;
}
inline bool CheckInt32MulOverflow(const int32_t a, const int32_t b) {
  const int64_t p = static_cast<int64_t>(a) * static_cast<int64_t>(b);
  return p >= INT32_MIN && p <= INT32_MAX;
}
inline bool CheckInt64MulOverflow(const int64_t a, const int64_t b) {
  if (a == 0 || b == 0) return true;
  if (a > 0) return b > 0 ? a <= INT64_MAX / b : b >= INT64_MIN / a;
  return b > 0 ? a >= INT64_MIN / b : b >= INT64_MAX / a;
}

template <typename TI, typename TO>
inline auto PtrToPtr(TI* const ptr) -> TO* {
  return reinterpret_cast<TO*>(ptr);
}

// True when a + b is finite.
inline bool CheckFloatAddOverflow(float a, float b) { return std::isfinite(a + b); }

// Two inputs and one output, all present with data.
AICPU_VISIBILITY uint32_t NormalMathCheck(CpuKernelContext& ctx);
// At least inputs_num inputs and outputs_num outputs (kDynamicInput / kDynamicOutput: any),
// each present with data (an input or output of no elements may have none).
AICPU_VISIBILITY uint32_t NormalCheck(CpuKernelContext& ctx, const uint32_t inputs_num,
                                      const uint32_t outputs_num);
// The same, and every attribute of attr_names present.
AICPU_VISIBILITY uint32_t NormalCheck(CpuKernelContext& ctx, const uint32_t inputs_num,
                                      const uint32_t outputs_num,
                                      const std::vector<std::string>& attr_names);

AICPU_VISIBILITY bool IsScalar(const std::vector<int64_t>& shape);
AICPU_VISIBILITY bool IsMatrix(const std::vector<int64_t>& shape);
AICPU_VISIBILITY bool IsVector(const std::vector<int64_t>& shape);
AICPU_VISIBILITY bool IsSquareMatrix(const std::vector<int64_t>& shape);
AICPU_VISIBILITY bool IsVectorOrHigher(const std::vector<int64_t>& shape);
AICPU_VISIBILITY bool AddrAlignedCheck(const void* addr, uint64_t alignment = kEigenAlignmentBytes);

// "DT_FLOAT" <-> DT_FLOAT; an unknown name gives DT_UNDEFINED, an unknown type "DT_UNDEFINED".
AICPU_VISIBILITY DataType DType(std::string dtype_str);
AICPU_VISIBILITY std::string DTypeStr(DataType dtype);

// memcpy / memset with the destination's length checked; false (logged) when it is too short
// or a pointer is null.
AICPU_VISIBILITY bool BiggerMemCpy(void* dst_addr, const std::size_t dst_len, const void* src_addr,
                                   const std::size_t src_len);
AICPU_VISIBILITY bool BiggerMemSet(void* dst_addr, const std::size_t dst_len, const int c,
                                   const std::size_t count);

// The least multiple of base at or above x (x itself for base <= 0).
AICPU_VISIBILITY int64_t CeilMultiple(const int64_t x, const int64_t base);
AICPU_VISIBILITY uint64_t AlignedTo(const uint64_t size, const uint64_t alignment);
// The cores GetCPUNum reports.
AICPU_VISIBILITY int64_t GetMaxCompilerCoreNum();

#ifndef OPSIM_KERNEL_UTIL_NO_EIGEN
template <typename T, typename std::enable_if<std::is_integral<T>::value, T>::type* = nullptr>
inline bool IsNanVal(T) {
  return false;
}
template <typename T, typename std::enable_if<std::is_floating_point<T>::value, T>::type* = nullptr>
inline bool IsNanVal(T val) {
  return std::isnan(val);
}
template <typename T, typename std::enable_if<std::is_same<T, Eigen::half>::value ||
                                                  std::is_same<T, Eigen::bfloat16>::value,
                                              T>::type* = nullptr>
inline bool IsNanVal(T val) {
  return std::isnan(static_cast<float>(val));
}
template <typename T, typename std::enable_if<std::is_same<T, std::complex<float>>::value ||
                                                  std::is_same<T, std::complex<double>>::value,
                                              T>::type* = nullptr>
inline bool IsNanVal(T val) {
  return std::isnan(val.real()) || std::isnan(val.imag());
}

// Exact for everything but float, double and half, which compare with a relative tolerance
// (1e-5, 1e-9 and 1e-3 of the larger magnitude).
template <typename T>
typename std::enable_if<!(std::is_same<T, float>::value || std::is_same<T, double>::value ||
                          std::is_same<T, Eigen::half>::value),
                        bool>::type
IsValueEqual(T a, T b) {
  return a == b;
}
template <typename T>
typename std::enable_if<std::is_same<T, float>::value || std::is_same<T, double>::value, bool>::type
IsValueEqual(T a, T b) {
  const T tolerance = std::is_same<T, float>::value ? T(1e-5) : T(1e-9);
  return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}
template <typename T>
typename std::enable_if<std::is_same<T, Eigen::half>::value, bool>::type IsValueEqual(T a, T b) {
  const float fa = static_cast<float>(a);
  const float fb = static_cast<float>(b);
  return std::abs(fa - fb) <= 1e-3F * std::max(std::abs(fa), std::abs(fb));
}

#endif  // OPSIM_KERNEL_UTIL_NO_EIGEN

}  // namespace aicpu

#endif  // AICPU_UTILS_KERNEL_UTIL_H_
