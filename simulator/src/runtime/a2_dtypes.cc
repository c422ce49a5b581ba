// The 910B's per-instruction element types (a2_dtypes.h): the faults and the docs table.
#include "opsim/sim/ascendc/a2_dtypes.h"

#include <string>

#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::a2 {
namespace {

// Ascend C's spelling of an element type, as CANN's lists and kernels write it.
const char* AscName(DType t) {
  switch (t) {
    case DType::kFloat32: return "float";
    case DType::kFloat16: return "half";
    case DType::kBFloat16: return "bfloat16_t";
    case DType::kFloat64: return "double";
    case DType::kInt8: return "int8_t";
    case DType::kUInt8: return "uint8_t";
    case DType::kInt16: return "int16_t";
    case DType::kUInt16: return "uint16_t";
    case DType::kInt32: return "int32_t";
    case DType::kUInt32: return "uint32_t";
    case DType::kInt64: return "int64_t";
    case DType::kUInt64: return "uint64_t";
    case DType::kBool: return "bool";
    default: return "?";
  }
}

// The element types of a row, in a fixed order (the docs table's).
std::string TypeList(uint64_t types) {
  static const DType kOrder[] = {DType::kFloat16, DType::kBFloat16, DType::kFloat32,
                                 DType::kInt8,    DType::kUInt8,    DType::kInt16,
                                 DType::kUInt16,  DType::kInt32,    DType::kUInt32,
                                 DType::kInt64,   DType::kUInt64,   DType::kFloat64};
  std::string out;
  for (const DType t : kOrder) {
    if (((types >> static_cast<int>(t)) & 1u) == 0) continue;
    if (!out.empty()) out += ", ";
    out += AscName(t);
  }
  return out;
}

// "half -> float, int32_t; float -> ...": the pairs grouped by source, in the table's order.
std::string PairList(const PairRowInfo& info) {
  std::string out;
  for (size_t i = 0; i < info.count; ++i) {
    const DType src = info.pairs[i].src;
    bool seen = false;
    for (size_t j = 0; j < i; ++j) seen = seen || info.pairs[j].src == src;
    if (seen) continue;
    uint64_t dsts = 0;
    for (size_t j = i; j < info.count; ++j) {
      if (info.pairs[j].src == src) dsts |= uint64_t{1} << static_cast<int>(info.pairs[j].dst);
    }
    if (!out.empty()) out += "; ";
    out += std::string(AscName(src)) + " -> " + TypeList(dsts);
  }
  return out;
}

}  // namespace

bool ChecksA2VectorDtypes() {
  const std::string& arch = detail::Cur().device->architecture;
  return arch.rfind("dav-", 0) != 0 || arch == "dav-2201";
}

void OffList(Row row, const char* instruction, DType type) {
  if (!ChecksA2VectorDtypes()) return;
  const RowInfo& info = kRows[static_cast<size_t>(row)];
  RaiseFault(FaultKind::kUnsupported, instruction,
             std::string(instruction) + " on " + AscName(type) + ": the 910B (dav-2201) takes " +
                 TypeList(info.types) + " only (CANN's dav_c220 SupportType list; asc-devkit " +
                 "impl/basic_api/" + info.cann_file + "); Cast to a type it takes first");
}

void OffPairList(PairRow row, const char* instruction, DType src, DType dst) {
  if (!ChecksA2VectorDtypes()) return;
  const PairRowInfo& info = kPairRows[static_cast<size_t>(row)];
  RaiseFault(FaultKind::kUnsupported, instruction,
             std::string(instruction) + " " + AscName(src) + " -> " + AscName(dst) +
                 ": the 910B (dav-2201) converts " + PairList(info) +
                 " only (CANN's dav_c220 SupportType list; asc-devkit impl/basic_api/" +
                 info.cann_file + "); go through float or half where that is exact");
}

std::string A2DtypeTableMarkdown() {
  std::string out = "| instruction | element types on the 910B | CANN file (impl/basic_api/) |\n";
  out += "|---|---|---|\n";
  for (const RowInfo& r : kRows) {
    out += std::string("| ") + r.instructions + " | " + TypeList(r.types) + " | " + r.cann_file +
           " |\n";
  }
  for (const PairRowInfo& r : kPairRows) {
    out += std::string("| ") + r.instructions + " (src -> dst) | " + PairList(r) + " | " +
           r.cann_file + " |\n";
  }
  return out;
}

}  // namespace opsim::sim::a2
