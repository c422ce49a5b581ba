// CANN's exe_graph/runtime/kernel_run_context.h: the C layout of a kernel's run context in
// CANN's graph executor (a value slot with its deleter; the context's input and output counts,
// node info pointers and value slots). opsim's gert contexts are C++ classes that do not sit on
// this layout, and nothing in opsim hands one out: the header is here because operators' tiling
// files include it (ops-nn's swi_glu_grad and six arch35 tilings), and its types keep CANN's
// fields so that code naming them compiles.
#pragma once

#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*FreeCallback)(void*);

typedef struct {
  union {
    void* pointer;
    unsigned char inplace[sizeof(void*)];
  } data;
  FreeCallback deleter;
} AsyncAnyValue;

typedef struct {
  size_t input_size;
  size_t output_size;
  const void* compute_node_info;
  const void* kernel_extend_info;
  AsyncAnyValue** output_start;
  AsyncAnyValue* values[1];
} KernelRunContext;

#ifdef __cplusplus
}
#endif
