// Ascend C's template-tiling declarations (ASCENDC_TPL_*), kernel side. A kernel's
// *_tiling_key.h declares its template parameters with these macros; on the kernel side they
// expand to nothing, as in CANN with ASCENDC_TPL_KERNEL. The host side (encoding a tiling key
// from the declarations) is not here: a host package may define the macros before this header.
#pragma once

// Bit widths of a parameter in the tiling key.
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8
// Parameter kinds.
#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
#define ASCENDC_TPL_KERNEL_TYPE 4
// How an ASCENDC_TPL_UINT parameter lists its values.
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

#ifndef ASCENDC_TPL_ARGS_DECL
#define ASCENDC_TPL_DTYPE_DECL(...)
#define ASCENDC_TPL_DATATYPE_DECL(...)
#define ASCENDC_TPL_FORMAT_DECL(...)
#define ASCENDC_TPL_UINT_DECL(...)
#define ASCENDC_TPL_BOOL_DECL(...)
#define ASCENDC_TPL_KERNEL_TYPE_DECL(...)
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_DATATYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)
#endif
