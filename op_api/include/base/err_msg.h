// CANN's error-manager reporting macros (metadef base/err_msg.h) as operator host code uses them.
// CANN hands the message to the graph engine's error manager, which the caller prints; opsim
// records it as the calling thread's operator error (opsim/op_api/op_error.h), which the OpDef
// operation returns as its Status when the InferShape or tiling function fails.
#pragma once

#include <vector>

#include "op_common/op_host/util/opbase_export.h"

namespace opsim {
namespace opbase {

// Records "<code>: <message>" (message printf-formatted) as the thread's operator error. An
// error already recorded during the same call is kept in front: the first one is usually the
// cause, the later ones what the callers made of it. Returns 0, as CANN's report call does.
OPBASE_API int ReportInnerErrMsg(const char* code, const char* fmt, ...);
// Records "<code>: key=value, ..." from the two parallel lists (a shorter list ends it).
OPBASE_API int ReportPredefinedErrMsg(const char* code, const std::vector<const char*>& keys,
                                      const std::vector<const char*>& values);

}  // namespace opbase
}  // namespace opsim

// The format must be a string literal, as in CANN (where the macro pastes a prefix onto it).
#define REPORT_INNER_ERR_MSG(error_code, ...) \
  ::opsim::opbase::ReportInnerErrMsg((error_code), "" __VA_ARGS__)
#define REPORT_PREDEFINED_ERR_MSG(error_code, keys, values) \
  ::opsim::opbase::ReportPredefinedErrMsg((error_code), (keys), (values))
