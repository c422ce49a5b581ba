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

// Package: ONNX ReduceProd's list for all four, plus int8/uint8 for MAX/MIN (docs/SPEC.md §2).
// ATB: MAX/MIN on int32 and bfloat16, SUM on float16 and bfloat16; no PROD (our extension).
constexpr std::array<ReduceDTypeSupport, 15> kTable = {{
    {DType::kFloat32, kAll, kNone},
    {DType::kFloat16, kAll, kSum},
    {DType::kBFloat16, kAll, kSum | kMaxMin},
    {DType::kFloat64, kAll, kNone},
    {DType::kInt32, kAll, kMaxMin},
    {DType::kInt64, kAll, kNone},
    {DType::kUInt32, kAll, kNone},
    {DType::kUInt64, kAll, kNone},
    {DType::kInt8, kMaxMin, kNone},
    {DType::kUInt8, kMaxMin, kNone},
    {DType::kBool, kNone, kNone},
    {DType::kInt16, kNone, kNone},  // not in SPEC.md's list: the operator refuses them
    {DType::kUInt16, kNone, kNone},
    {DType::kComplex64, kNone, kNone},  // carried as bytes only: nothing reduces a complex pair
    {DType::kComplex32, kNone, kNone},
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
