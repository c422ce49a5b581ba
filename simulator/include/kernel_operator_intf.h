// CANN's kernel_operator_intf.h: the basic API's declarations, all in kernel_operator.h here.
#pragma once

#include "kernel_operator.h"
