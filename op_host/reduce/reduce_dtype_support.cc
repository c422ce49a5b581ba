#include "reduce/reduce_dtype_support.h"

#include <array>

namespace opsim {
namespace {

constexpr ReduceKindSet kSum = ReduceKindBit(ReduceKind::kSum);
constexpr ReduceKindSet kMax = ReduceKindBit(ReduceKind::kMax);
constexpr ReduceKindSet kMin = ReduceKindBit(ReduceKind::kMin);
constexpr ReduceKindSet kProd = ReduceKindBit(ReduceKind::kProd);
constexpr ReduceKindSet kAll = kSum | kMax | kMin | kProd;
constexpr ReduceKindSet kMaxMin = kMax | kMin;
constexpr ReduceKindSet kNone = 0;
constexpr ReduceEngine kCore = ReduceEngine::kAiCore;
constexpr ReduceEngine kCpu = ReduceEngine::kAiCpu;

// Package: ONNX ReduceProd's list for all four, plus int8/uint8 for MAX/MIN (docs/SPEC.md §2).
// Engine: the AI Core for the floats the vector unit reduces, the AI CPU for the rest.
// ATB: MAX/MIN on int32 and bfloat16, SUM on float16 and bfloat16; no PROD (our extension).
constexpr std::array<ReduceDTypeSupport, 16> kTable = {{
    {DType::kFloat32, kAll, kNone, kCore},
    {DType::kFloat16, kAll, kSum, kCore},
    {DType::kBFloat16, kAll, kSum | kMaxMin, kCore},
    {DType::kFloat64, kAll, kNone, kCpu},
    {DType::kInt32, kAll, kMaxMin, kCpu},
    {DType::kInt64, kAll, kNone, kCpu},
    {DType::kUInt32, kAll, kNone, kCpu},
    {DType::kUInt64, kAll, kNone, kCpu},
    {DType::kInt8, kMaxMin, kNone, kCpu},
    {DType::kUInt8, kMaxMin, kNone, kCpu},
    {DType::kBool, kNone, kNone, kCpu},
    {DType::kInt16, kNone, kNone, kCpu},  // not in SPEC.md's list: the operator refuses them
    {DType::kUInt16, kNone, kNone, kCpu},
    {DType::kComplex64, kNone, kNone,
     kCpu},  // carried as bytes only: nothing reduces a complex pair
    {DType::kComplex32, kNone, kNone, kCpu},
    {DType::kInt4, kNone, kNone, kCpu},  // packed two a byte: no reduction takes it
}};

const ReduceDTypeSupport* Find(DType dtype) {
  for (const ReduceDTypeSupport& row : kTable) {
    if (row.dtype == dtype) return &row;
  }
  return nullptr;
}

}  // namespace

std::span<const ReduceDTypeSupport> ReduceDTypeTable() { return kTable; }

bool PackageSupportsReduce(ReduceKind kind, DType dtype) {
  const ReduceDTypeSupport* row = Find(dtype);
  return row && (row->package & ReduceKindBit(kind));
}

bool AtbShipsReduce(ReduceKind kind, DType dtype) {
  const ReduceDTypeSupport* row = Find(dtype);
  return row && (row->atb & ReduceKindBit(kind));
}

bool ReduceRunsOnAiCore(DType dtype) {
  const ReduceDTypeSupport* row = Find(dtype);
  return row && row->engine == ReduceEngine::kAiCore;
}

std::string ReduceDTypeList(ReduceKind kind, bool atb_strict) {
  std::string out;
  for (const ReduceDTypeSupport& row : kTable) {
    if (!((atb_strict ? row.atb : row.package) & ReduceKindBit(kind))) continue;
    if (!out.empty()) out += ", ";
    out += DTypeName(row.dtype);
  }
  return out.empty() ? "none" : out;
}

}  // namespace opsim
