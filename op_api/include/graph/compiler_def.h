// CANN's compiler attribute spellings (graph/compiler_def.h) used by its registration macros.
#pragma once

#ifndef VAR_UNUSED
#define VAR_UNUSED __attribute__((unused))
#endif
