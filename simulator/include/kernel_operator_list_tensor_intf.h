// Ascend C's header for ListTensorDesc; kernel_operator.h already includes it.
#pragma once
#include "kernel_operator.h"
