// How an operator's host functions (InferShape, InferDataType, tiling) say why they failed. CANN's
// functions return only a graphStatus; opsim's own operators also report the error a caller
// should see (a code and a message naming the value and the rule), which the operation that
// called the function returns instead of its generic "failed (returned N)".
#pragma once

#include <string>

#include "opsim/core/status.h"

namespace opsim::op_api {

// Records `status` for the calling thread; a later report replaces an earlier one.
void ReportOpError(Status status);
// Appends `text` to the thread's operator error (kInvalidParam when there was none): the first
// error of a call is usually the cause, the later ones what its callers made of it, so all are
// kept, in order, joined by "; " (up to about 4 KiB). CANN's OP_LOGE records this way.
void AppendOpError(const std::string& text);
// The last report of this thread (Ok when none), cleared.
Status TakeOpError();

}  // namespace opsim::op_api
