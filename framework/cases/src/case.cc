#include "opsim/cases/case.h"

namespace opsim::cases {

std::string_view DataKindName(DataKind kind) {
  switch (kind) {
    case DataKind::kAuto: return "auto";
    case DataKind::kUniform: return "uniform";
    case DataKind::kNormal: return "normal";
    case DataKind::kIntRange: return "int_range";
    case DataKind::kBits: return "bits";
    case DataKind::kSpecial: return "special";
    case DataKind::kValues: return "values";
    case DataKind::kNpy: return "npy";
  }
  return "unknown";
}

std::string SourceMark::ToString() const {
  if (line <= 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

}  // namespace opsim::cases
