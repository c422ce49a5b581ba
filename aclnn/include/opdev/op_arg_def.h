// The arguments of a level-0 launch (opdev/op_arg_def.h): OP_INPUT(...), OP_OUTPUT(...),
// OP_ATTR(...) hold their values in tuples; GetOpArgContext turns them into one list per kind,
// which the launcher reads (tensors, lists, scalars, numbers, strings, arrays, data types).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "opdev/common_types.h"
#include "opdev/op_def.h"

namespace op {

enum OpArgDef {
  OP_INPUT_ARG = 0,
  OP_OUTPUT_ARG = 1,
  OP_ATTR_ARG = 2,
  OP_WORKSPACE_ARG = 3,
  OP_OUTSHAPE_ARG = 4,
  OP_OPTION_ARG = 5,
  OP_EXEC_MODE_ARG = 6,
  OP_MEMSET_ARG = 7,
  OP_EMPTY_ARG = 8,
  OP_ARG_DEF_BUTT = 9,
};

enum class OpArgType {
  OPARG_ACLTENSOR,
  OPARG_ACLTENSOR_LIST,
  OPARG_ACLSCALAR,
  OPARG_STRING,
  OPARG_BOOL,
  OPARG_INT,
  OPARG_UINT,
  OPARG_FLOAT,
  OPARG_DOUBLE,
  OPARG_DATATYPE,
  OPARG_INT_LIST,
  OPARG_UINT_LIST,
  OPARG_FLOAT_LIST,
  OPARG_BOOL_LIST,
  OPARG_IMPLMODE,
  OPARG_MEMSET_WORKSPACE
};

constexpr size_t OP_ARG_TYPE_NUM = OP_EXEC_MODE_ARG + 1;

// One argument: its kind and value (a handle, a number or a string).
struct OpArg {
  OpArgType type = OpArgType::OPARG_ACLTENSOR;
  const void* pointer = nullptr;
  int64_t ivalue = 0;
  double dvalue = 0;
  std::string text;
};

struct OpArgList {
  std::vector<OpArg> args;
  size_t count = 0;
  int argType = 0;
  OpArg& operator[](uint64_t i) { return args[i]; }
};

struct OpArgContext {
  OpArgList* GetOpArg(OpArgDef type) {
    return type >= OP_INPUT_ARG && type <= OP_EXEC_MODE_ARG ? &argLists[type] : nullptr;
  }
  bool ContainsOpArgType(OpArgDef type) {
    return type >= OP_INPUT_ARG && type <= OP_EXEC_MODE_ARG && argLists[type].count > 0;
  }
  std::array<OpArgList, OP_ARG_TYPE_NUM> argLists;
};

// OP_INPUT(...) and its kin: the kind (`value`) and the arguments.
template <int Kind, typename... T>
struct OpArgPack {
  using IsOpArgPack = void;
  static constexpr int value = Kind;
  explicit OpArgPack(std::tuple<T...> arg) : arg_(std::move(arg)) {}
  std::tuple<T...> arg_;
};

#define OPSIM_OP_ARG_KIND(Name, Kind)       \
  template <typename... T>                  \
  struct Name : OpArgPack<Kind, T...> {     \
    using OpArgPack<Kind, T...>::OpArgPack; \
  };                                        \
  template <typename... T>                  \
  Name(std::tuple<T...>) -> Name<T...>;

OPSIM_OP_ARG_KIND(OpInput, OP_INPUT_ARG)
OPSIM_OP_ARG_KIND(OpOutput, OP_OUTPUT_ARG)
OPSIM_OP_ARG_KIND(OpAttr, OP_ATTR_ARG)
OPSIM_OP_ARG_KIND(OpWorkspace, OP_WORKSPACE_ARG)
OPSIM_OP_ARG_KIND(OpOutshape, OP_OUTSHAPE_ARG)
OPSIM_OP_ARG_KIND(OpOption, OP_OPTION_ARG)
OPSIM_OP_ARG_KIND(OpMode, OP_EXEC_MODE_ARG)
OPSIM_OP_ARG_KIND(OpEmpty, OP_EMPTY_ARG)
#undef OPSIM_OP_ARG_KIND

inline OpArg MakeOpArg(OpArgType type, const void* pointer) {
  OpArg a;
  a.type = type;
  a.pointer = pointer;
  return a;
}
inline OpArg ToOpArg(const aclTensor* v) { return MakeOpArg(OpArgType::OPARG_ACLTENSOR, v); }
inline OpArg ToOpArg(std::nullptr_t) { return MakeOpArg(OpArgType::OPARG_ACLTENSOR, nullptr); }
inline OpArg ToOpArg(const aclTensorList* v) {
  return MakeOpArg(OpArgType::OPARG_ACLTENSOR_LIST, v);
}
inline OpArg ToOpArg(const aclScalar* v) { return MakeOpArg(OpArgType::OPARG_ACLSCALAR, v); }
inline OpArg ToOpArg(const aclIntArray* v) { return MakeOpArg(OpArgType::OPARG_INT_LIST, v); }
inline OpArg ToOpArg(const aclFloatArray* v) { return MakeOpArg(OpArgType::OPARG_FLOAT_LIST, v); }
inline OpArg ToOpArg(const aclBoolArray* v) { return MakeOpArg(OpArgType::OPARG_BOOL_LIST, v); }
inline OpArg ToOpArg(const std::string& v) {
  OpArg a = MakeOpArg(OpArgType::OPARG_STRING, nullptr);
  a.text = v;
  return a;
}
inline OpArg ToOpArg(const char* v) { return ToOpArg(std::string(v == nullptr ? "" : v)); }
inline OpArg ToOpArg(DataType v) {
  OpArg a = MakeOpArg(OpArgType::OPARG_DATATYPE, nullptr);
  a.ivalue = static_cast<int64_t>(v);
  return a;
}
inline OpArg ToOpArg(OpImplMode v) {
  OpArg a = MakeOpArg(OpArgType::OPARG_IMPLMODE, nullptr);
  a.ivalue = static_cast<int64_t>(v);
  return a;
}
template <typename T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
OpArg ToOpArg(T v) {
  OpArg a;
  if constexpr (std::is_same_v<T, bool>) {
    a.type = OpArgType::OPARG_BOOL;
    a.ivalue = v ? 1 : 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    a.type = std::is_same_v<T, float> ? OpArgType::OPARG_FLOAT : OpArgType::OPARG_DOUBLE;
    a.dvalue = static_cast<double>(v);
  } else {
    a.type = std::is_signed_v<T> ? OpArgType::OPARG_INT : OpArgType::OPARG_UINT;
    a.ivalue = static_cast<int64_t>(v);
  }
  return a;
}

template <int Kind, typename... T>
void AppendOpArgs(OpArgContext* ctx, const OpArgPack<Kind, T...>& pack) {
  OpArgList& list = ctx->argLists[Kind < static_cast<int>(OP_ARG_TYPE_NUM) ? Kind : 0];
  if (Kind >= static_cast<int>(OP_ARG_TYPE_NUM)) return;
  std::apply([&](const auto&... v) { (list.args.push_back(ToOpArg(v)), ...); }, pack.arg_);
  list.count = list.args.size();
  list.argType = Kind;
}

// What a launch passes besides its argument packs (a core type, an AI CPU layer's attribute
// names), which CANN's context builder passes over as well.
template <typename T, typename = void>
struct IsOpArgPackType : std::false_type {};
template <typename T>
struct IsOpArgPackType<T, std::void_t<typename T::IsOpArgPack>> : std::true_type {};
template <typename T, std::enable_if_t<!IsOpArgPackType<T>::value, int> = 0>
void AppendOpArgs(OpArgContext*, const T&) {}

// A launch's arguments by kind; the launcher takes it (and frees it).
template <typename... Ts>
OpArgContext* GetOpArgContext(const Ts&... ts) {
  auto* ctx = new OpArgContext();
  (AppendOpArgs(ctx, ts), ...);
  return ctx;
}

inline void DestroyOpArgContext(OpArgContext* ctx) { delete ctx; }

}  // namespace op

#define OP_INPUT(x...) op::OpInput(std::make_tuple(x))
#define OP_OUTPUT(x...) op::OpOutput(std::make_tuple(x))
#define OP_ATTR(x...) op::OpAttr(std::make_tuple(x))
#define OP_WORKSPACE(x...) op::OpWorkspace(std::make_tuple(x))
#define OP_OPTION(x...) op::OpOption(std::make_tuple(x))
#define OP_MODE(x...) op::OpMode(std::make_tuple(x))
#define OP_EMPTY_ARG op::OpEmpty(std::make_tuple())
