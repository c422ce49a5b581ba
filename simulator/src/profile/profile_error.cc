#include "profile_error.h"

namespace opsim::sim::profile {

Status ProfileError(const std::string& file, const YAML::Mark& mark, std::string_view field,
                    std::string_view what) {
  const int line = mark.is_null() ? 1 : mark.line + 1;
  const int column = mark.is_null() ? 1 : mark.column + 1;
  std::string message = file;
  message += ':' + std::to_string(line) + ':' + std::to_string(column) + ": ";
  if (!field.empty()) {
    message += "field '";
    message += field;
    message += "': ";
  }
  message += what;
  return Status(ErrorCode::kConfigError, std::move(message));
}

YAML::Mark KnownMark(const YAML::Mark& preferred, const YAML::Mark& fallback) {
  return preferred.is_null() ? fallback : preferred;
}

}  // namespace opsim::sim::profile
