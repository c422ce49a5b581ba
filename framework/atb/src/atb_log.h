// The facade's error log, as ATB logs its errors: one line per failed call, to stdout when
// ASCEND_SLOG_PRINT_TO_STDOUT=1 or ASDOPS_LOG_TO_STDOUT=1, unless the level (ATB's
// Utils::SetLogLevel, else ASCEND_GLOBAL_LOG_LEVEL 0..4) is NONE.
#pragma once

#include <string_view>

#include "atb/types.h"
#include "opsim/core/status.h"

namespace opsim::atb_facade {

// Logs `status` when it is an error: "[ERROR] ATB <call>: ERROR_...: <message>".
void LogError(std::string_view call, const Status& status);
void SetLogLevel(atb::LogLevel level);
void ResetLogLevel();

}  // namespace opsim::atb_facade
