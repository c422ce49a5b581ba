// CANN's register/register_types.h (metadef): the symbol-visibility macros registration classes
// are declared with, the deprecation macro, and the graph framework's (domi) tensor-format
// enumeration. ops-nn's common/inc/op_host/register/tuning_bank_key_registry.h includes it for
// FMK_FUNC_HOST_VISIBILITY (its cube tilings: conv3d backprop, mat_mul_v3 and their users).
#pragma once

// Default visibility when the build asks for it (HOST_VISIBILITY / DEV_VISIBILITY), as CANN's.
#if defined(HOST_VISIBILITY) && defined(__GNUC__)
#define FMK_FUNC_HOST_VISIBILITY __attribute__((visibility("default")))
#else
#define FMK_FUNC_HOST_VISIBILITY
#endif
#if defined(DEV_VISIBILITY) && defined(__GNUC__)
#define FMK_FUNC_DEV_VISIBILITY __attribute__((visibility("default")))
#else
#define FMK_FUNC_DEV_VISIBILITY
#endif

// NO_METADEF_ABI_COMPATIABLE (CANN's spelling) turns the deprecation warnings off.
#ifdef NO_METADEF_ABI_COMPATIABLE
#define ATTRIBUTED_DEPRECATED(replacement)
#else
#define ATTRIBUTED_DEPRECATED(replacement) \
  __attribute__((deprecated("Please use " #replacement " instead.")))
#endif

namespace domi {
// The tensor formats of CANN's model parsers, in CANN's order (the values are CANN's).
typedef enum tagDomiTensorFormat {
  DOMI_TENSOR_NCHW = 0,
  DOMI_TENSOR_NHWC,
  DOMI_TENSOR_ND,
  DOMI_TENSOR_NC1HWC0,
  DOMI_TENSOR_FRACTAL_Z,
  DOMI_TENSOR_NC1C0HWPAD,
  DOMI_TENSOR_NHWC1C0,
  DOMI_TENSOR_FSR_NCHW,
  DOMI_TENSOR_FRACTAL_DECONV,
  DOMI_TENSOR_BN_WEIGHT,
  DOMI_TENSOR_CHWN,
  DOMI_TENSOR_FILTER_HWCK,
  DOMI_TENSOR_NDHWC,
  DOMI_TENSOR_NCDHW,
  DOMI_TENSOR_DHWCN,
  DOMI_TENSOR_DHWNC,
  DOMI_TENSOR_RESERVED
} domiTensorFormat_t;
}  // namespace domi
