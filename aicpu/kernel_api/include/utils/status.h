// status.h under utils/, as some kernels include it.
#include "../status.h"
