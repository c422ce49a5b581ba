// CANN trees put utils/ on the include path too: kernel_util.h by its bare name.
#include "utils/kernel_util.h"
