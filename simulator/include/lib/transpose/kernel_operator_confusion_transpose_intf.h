// CANN's kernel_operator_confusion_transpose_intf.h: the deprecated spelling of
// confusion_transpose.h, which it includes.
#pragma once

#include "confusion_transpose.h"
