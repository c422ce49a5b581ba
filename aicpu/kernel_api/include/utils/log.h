// log.h under utils/, as some kernels include it.
#include "../log.h"
