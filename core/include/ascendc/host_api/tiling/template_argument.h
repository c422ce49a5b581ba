// CANN's template tiling keys (ascendc/host_api/tiling/template_argument.h): an operator declares
// its kernel's template parameters (ASCENDC_TPL_ARGS_DECL: data types, formats, unsigned values,
// flags), the combinations it builds (ASCENDC_TPL_SEL), and its tiling function encodes the
// combination it chose into the tiling key (GET_TPL_TILING_KEY, ASCENDC_TPL_SEL_PARAM). This is
// the header's host form, which CANN also uses for CPU-debug kernel builds: real data structures
// (opsim never builds for the device, where the macros expand to nothing). In opsim_core, so that
// host code, kernels and CPU-debug programs all see this one header.
// The key packs each declared parameter in declaration order from bit 0, `bitWidth` bits each:
// the value for a data type, format or flag, the value's index in the declared list for an
// unsigned parameter. Unlike CANN's normal host build, where ASCENDC_TPL_SEL expands to nothing,
// the selection is kept (as CANN's ASCENDC_DEBUG build keeps it) and registered with the
// declaration by file, so that opsim's build step instantiates the selected kernels and a key no
// selection covers is refused by name (docs/OPERATORS.md).
#ifndef OPSIM_ASCENDC_TEMPLATE_ARGUMENT_H_
#define OPSIM_ASCENDC_TEMPLATE_ARGUMENT_H_

#include <cstdint>
#include <string>
#include <vector>

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
#define ASCENDC_TPL_DETERMINISTIC 5
#define ASCENDC_TPL_SHARED_KERNEL_TYPE 6

// How an unsigned parameter lists its values: ranges (a count, then low, high pairs), a list, or
// ranges then listed values.
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

// A data type parameter restricted to the dtype of an input or output in each OpDef column.
#define ASCENDC_TPL_INPUT(x) (100000000 + (x))
#define ASCENDC_TPL_OUTPUT(x) (900000000 + (x))

// Kernel types (ASCENDC_TPL_KERNEL_TYPE_SEL).
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11

namespace AscendC {

constexpr uint64_t INVALID_TILING_KEY = 0xFFFFFFFFFFFFFFFFULL;
constexpr uint32_t MAX_BITS_NUM = 64;

struct ParamStruct {
  // An unsigned parameter's `vals` are given as ASCENDC_TPL_UINT_DECL and _SEL write them (the
  // flag, then ranges or values) and kept expanded: every value, in order.
  ParamStruct(const char* name, uint32_t paramType, uint8_t bitWidth, std::vector<uint64_t> vals,
              const char* macroType, bool opsimDataType = false);

  const char* name;
  uint32_t paramType;
  uint8_t bitWidth;
  std::vector<uint64_t> vals;
  const char* macroType;  // "DECL" or "SEL"
  // opsim: written with ASCENDC_TPL_DATATYPE_* (the kernel's template parameter is a type,
  // TypeFromId<value>) rather than ASCENDC_TPL_DTYPE_* (an integer); the key is the same.
  bool opsimDataType = false;
};

using TilingDeclareParams = std::vector<ParamStruct>;
using TilingSelectParams = std::vector<std::vector<ParamStruct>>;

// The key of `args` (one per declared parameter, in order), as CANN's normal host build computes
// it; INVALID_TILING_KEY, with "[ERROR] ..." on stderr, when an unsigned value is not declared,
// the count differs or the widths pass 64 bits.
uint64_t FastEncodeTilingKeyDirect(const TilingDeclareParams& declare,
                                   const std::vector<uint64_t>& args);
// The same after checking the selection against the declaration and `args` against the
// selection (CANN's ASCENDC_DEBUG build): a selected name must be declared with its kind, its
// values among the declared ones; `args` must match one ASCENDC_TPL_ARGS_SEL group.
uint64_t EncodeTilingKey(const TilingDeclareParams& declare, const TilingSelectParams& select,
                         const std::vector<uint64_t>& args);

// opsim: the declaration and selection of each file that declares them, for the build step that
// instantiates the kernel once per selected combination.
struct TemplateArguments {
  std::string file;
  std::string label;  // ASCENDC_TPL_ARGS_DECL's first argument, by convention the op type
  const TilingDeclareParams* declare = nullptr;
  const TilingSelectParams* select = nullptr;  // null when the file selects nothing
};
int RegisterTemplateDeclare(const char* file, const char* label,
                            const TilingDeclareParams* declare);
int RegisterTemplateSelect(const char* file, const TilingSelectParams* select);
std::vector<TemplateArguments> RegisteredTemplateArguments();

}  // namespace AscendC

#define OPSIM_TPL_CAT2(a, b) a##b
#define OPSIM_TPL_CAT(a, b) OPSIM_TPL_CAT2(a, b)

#if defined(ASCENDC_TPL_KERNEL)
// The kernel side (CANN's build compiles kernels, their CPU-debug unit tests included, with
// ASCENDC_TPL_KERNEL): declarations and selections expand to nothing, so a key header without an
// include guard that reaches a test twice (through the kernel and the host tiling header) is no
// redefinition. The key is the host's business; opsim_op_gen reads the host library's.
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
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)
#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)
#else  // the host side

#define ASCENDC_TPL_DTYPE_DECL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__ }, "DECL" }
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__ }, "DECL", true }
#define ASCENDC_TPL_FORMAT_DECL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__ }, "DECL" }
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_UINT, bw, {__VA_ARGS__ }, "DECL" }
#define ASCENDC_TPL_BOOL_DECL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__ }, "DECL" }
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__ }, "DECL" }

#define ASCENDC_TPL_DTYPE_SEL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__ }, "SEL" }
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__ }, "SEL", true }
#define ASCENDC_TPL_FORMAT_SEL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__ }, "SEL" }
#define ASCENDC_TPL_UINT_SEL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_UINT, 0, {__VA_ARGS__ }, "SEL" }
#define ASCENDC_TPL_BOOL_SEL(x, ...) \
  AscendC::ParamStruct { #x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__ }, "SEL" }
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) \
  AscendC::ParamStruct { "kernel_type", ASCENDC_TPL_KERNEL_TYPE, 0, {__VA_ARGS__}, "SEL" }
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) \
  AscendC::ParamStruct { "deterministic", ASCENDC_TPL_DETERMINISTIC, 0, {__VA_ARGS__}, "SEL" }
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)                                   \
  AscendC::ParamStruct {                                                          \
    "shared_kernel_type", ASCENDC_TPL_SHARED_KERNEL_TYPE, 0, {__VA_ARGS__}, "SEL" \
  }
// The tiling struct a selection uses: a device-build matter, nothing on the host.
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)

#define ASCENDC_TPL_ARGS_DECL(x, ...)                                            \
  static AscendC::TilingDeclareParams g_tilingDeclareParams{__VA_ARGS__};        \
  [[maybe_unused]] static const int OPSIM_TPL_CAT(g_opsimTplDeclare, __LINE__) = \
      AscendC::RegisterTemplateDeclare(__FILE__, #x, &g_tilingDeclareParams)
#define ASCENDC_TPL_ARGS_SEL(...) \
  { __VA_ARGS__ }
#define ASCENDC_TPL_SEL(...)                                                    \
  static AscendC::TilingSelectParams g_tilingSelectParams{__VA_ARGS__};         \
  [[maybe_unused]] static const int OPSIM_TPL_CAT(g_opsimTplSelect, __LINE__) = \
      AscendC::RegisterTemplateSelect(__FILE__, &g_tilingSelectParams)

#define GET_TPL_TILING_KEY(...) \
  AscendC::FastEncodeTilingKeyDirect(g_tilingDeclareParams, {__VA_ARGS__})
#define ASCENDC_TPL_SEL_PARAM(context, ...)         \
  do {                                              \
    uint64_t key = GET_TPL_TILING_KEY(__VA_ARGS__); \
    (context)->SetTilingKey(key);                   \
  } while (0)

#endif  // ASCENDC_TPL_KERNEL

#endif  // OPSIM_ASCENDC_TEMPLATE_ARGUMENT_H_
