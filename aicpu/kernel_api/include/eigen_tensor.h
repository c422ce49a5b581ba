// CANN trees put utils/ on the include path too: eigen_tensor.h by its bare name.
#include "utils/eigen_tensor.h"
