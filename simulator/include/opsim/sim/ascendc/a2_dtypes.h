// The element types each vector instruction takes on the 910B (Atlas A2/A3, dav-2201), from
// CANN's dav_c220 implementation in asc-devkit (impl/basic_api/dav_c220/, the SupportType<...>
// checks: most of them static_asserts in the intrinsic wrappers, so another type does not compile
// for the NPU). This is the one table: the kernel API's entries check it (OPSIM_A2_TAKES: an
// `unsupported` fault on the 910B profile, a static_assert in strict portability mode), and
// docs/OPERATORS.md's table is rendered from it (A2DtypeTableMarkdown; a test holds the two in
// step). An element type on the list costs nothing at run time: the test is `if constexpr`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "opsim/core/dtype.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::a2 {

template <typename... D>
constexpr uint64_t TypesOf(D... d) {
  return ((uint64_t{1} << static_cast<int>(d)) | ... | uint64_t{0});
}
constexpr DType kH = DType::kFloat16, kF = DType::kFloat32, kBf = DType::kBFloat16,
                kS8 = DType::kInt8, kU8 = DType::kUInt8, kS16 = DType::kInt16,
                kU16 = DType::kUInt16, kS32 = DType::kInt32, kU32 = DType::kUInt32,
                kS64 = DType::kInt64;

enum class Row : uint8_t {
  kArith,
  kFloatMath,
  kRelu,
  kAddSubRelu,
  kFusedMulAdd,
  kLogicCount,
  kLogicRepeat,
  kShift,
  kDuplicate,
  kBrcb,
  kReduce,
  kGather,
  kGatherb,
  kCreateVecIndex,
  kTranspose,
  kTransDataTo5HD,
  kCompare,
  kSelect,
};

struct RowInfo {
  Row row;
  const char* instructions;  // as docs/OPERATORS.md lists them
  uint64_t types;            // bit DType: the element types the 910B takes
  const char* cann_file;     // under impl/basic_api/ in asc-devkit
};

// Rows in Row's order (a static_assert below checks it).
inline constexpr RowInfo kRows[] = {
    {Row::kArith, "`Add`, `Sub`, `Mul`, `Max`, `Min`, `Adds`, `Muls`, `Maxs`, `Mins`",
     TypesOf(kH, kF, kS16, kS32),
     "dav_c220/kernel_operator_vec_binary_impl.h, "
     "dav_c220/kernel_operator_vec_binary_scalar_impl.h"},
    {Row::kFloatMath, "`Div`, `Exp`, `Ln`, `Abs`, `Sqrt`, `Rsqrt`, `Reciprocal`, `LeakyRelu`",
     TypesOf(kH, kF),
     "dav_c220/kernel_operator_vec_binary_impl.h, dav_c220/kernel_operator_vec_unary_impl.h, "
     "dav_c220/kernel_operator_vec_binary_scalar_impl.h"},
    {Row::kRelu, "`Relu`", TypesOf(kH, kF, kS32), "dav_c220/kernel_operator_vec_unary_impl.h"},
    {Row::kAddSubRelu, "`AddRelu`, `SubRelu`", TypesOf(kH, kF, kS16),
     "dav_c220/kernel_operator_vec_binary_impl.h"},
    {Row::kFusedMulAdd,
     "`FusedMulAdd`, `FusedMulAddRelu` (`MulAddRelu`), `Axpy` (one element type)", TypesOf(kH, kF),
     "dav_c220/kernel_operator_vec_binary_impl.h, "
     "dav_c220/kernel_operator_vec_ternary_scalar_impl.h"},
    {Row::kLogicCount, "`And`, `Or` (count form)", TypesOf(kS16, kU16, kS32, kU32),
     "dav_c220/kernel_operator_vec_binary_impl.h"},
    {Row::kLogicRepeat, "`And`, `Or` (level-0 form), `Not`", TypesOf(kS16, kU16),
     "dav_c220/kernel_operator_vec_binary_impl.h, dav_c220/kernel_operator_vec_unary_impl.h"},
    {Row::kShift, "`ShiftLeft`, `ShiftRight`", TypesOf(kS16, kU16, kS32, kU32),
     "dav_c220/kernel_operator_vec_binary_scalar_impl.h"},
    {Row::kDuplicate, "`Duplicate`", TypesOf(kH, kBf, kS16, kU16, kS32, kU32, kF),
     "dav_c220/kernel_operator_vec_duplicate_impl.h"},
    {Row::kBrcb, "`Brcb`", TypesOf(kH, kBf, kS16, kU16, kS32, kU32, kF),
     "dav_c220/kernel_operator_vec_brcb_impl.h"},
    {Row::kReduce,
     "`ReduceSum`, `ReduceMax`, `ReduceMin`, `WholeReduceSum/Max/Min`, `BlockReduceSum/Max/Min`, "
     "`PairReduceSum`, `RepeatReduceSum`, `ReduceDataBlock`, `ReducePairElem`, `ReduceRepeat`",
     TypesOf(kH, kF),
     "kernel_operator_vec_reduce_intf_impl.h, dav_c220/kernel_operator_vec_reduce_impl.h"},
    {Row::kGather, "`Gather`, `GatherMask`", TypesOf(kH, kBf, kU16, kS16, kF, kU32, kS32),
     "dav_c220/kernel_operator_vec_gather_impl.h, dav_c220/kernel_operator_vec_gather_mask_impl.h"},
    {Row::kGatherb, "`Gatherb`", TypesOf(kU16, kU32), "dav_c220/kernel_operator_vec_gather_impl.h"},
    {Row::kCreateVecIndex, "`CreateVecIndex`", TypesOf(kH, kS16, kF, kS32),
     "kernel_operator_vec_createvecindex_intf_impl.h"},
    {Row::kTranspose, "`Transpose` (16 x 16)", TypesOf(kS16, kU16, kH),
     "kernel_operator_vec_transpose_intf_impl.h"},
    {Row::kTransDataTo5HD, "`TransDataTo5HD`", TypesOf(kS8, kU8, kS16, kU16, kH, kF, kS32, kU32),
     "dav_c220/kernel_operator_vec_transpose_impl.h"},
    {Row::kCompare, "`Compare`, `CompareScalar` / `Compares` (int32_t: `CMPMODE::EQ` only)",
     TypesOf(kH, kF, kS32), "dav_c220/kernel_operator_vec_cmp_impl.h"},
    {Row::kSelect, "`Select`", TypesOf(kH, kF), "dav_c220/kernel_operator_vec_cmpsel_impl.h"},
};
inline constexpr size_t kRowCount = sizeof(kRows) / sizeof(kRows[0]);
constexpr bool RowsInOrder() {
  for (size_t i = 0; i < kRowCount; ++i) {
    if (static_cast<size_t>(kRows[i].row) != i) return false;
  }
  return true;
}
static_assert(RowsInOrder(), "kRows must list the rows in Row's order");

// Instructions of two element types: the (source, destination) pairs the 910B converts.
enum class PairRow : uint8_t { kCast, kCastDeq, kAddSubReluCast, kMulCast, kMulAddDst };
struct Pair {
  DType src, dst;
};
inline constexpr Pair kCastPairs[] = {
    {kH, kF},     {kH, kS32},   {kH, kS16}, {kH, kS8},    {kH, kU8},  {kF, kF},
    {kF, kS32},   {kF, kH},     {kF, kS64}, {kF, kS16},   {kF, kBf},  {kBf, kF},
    {kBf, kS32},  {kS8, kH},    {kU8, kH},  {kS16, kH},   {kS16, kF}, {kS32, kF},
    {kS32, kS16}, {kS32, kS64}, {kS32, kH}, {kS64, kS32}, {kS64, kF}};
inline constexpr Pair kCastDeqPairs[] = {{kS16, kS8}, {kS16, kU8}, {kS32, kH}};
inline constexpr Pair kAddSubReluCastPairs[] = {{kH, kS8}, {kF, kH}, {kS16, kS8}};
inline constexpr Pair kMulCastPairs[] = {{kH, kS8}, {kH, kU8}};
inline constexpr Pair kMulAddDstPairs[] = {{kH, kH}, {kF, kF}, {kH, kF}};
struct PairRowInfo {
  PairRow row;
  const char* instructions;
  const Pair* pairs;
  size_t count;
  const char* cann_file;
};
inline constexpr PairRowInfo kPairRows[] = {
    {PairRow::kCast, "`Cast`", kCastPairs, sizeof(kCastPairs) / sizeof(Pair),
     "dav_c220/kernel_operator_vec_vconv_impl.h"},
    {PairRow::kCastDeq, "`CastDeq` / `CastDequant`", kCastDeqPairs,
     sizeof(kCastDeqPairs) / sizeof(Pair), "dav_c220/kernel_operator_vec_vconv_impl.h"},
    {PairRow::kAddSubReluCast, "`AddReluCast`, `SubReluCast`", kAddSubReluCastPairs,
     sizeof(kAddSubReluCastPairs) / sizeof(Pair), "dav_c220/kernel_operator_vec_vconv_impl.h"},
    {PairRow::kMulCast, "`MulCast`", kMulCastPairs, sizeof(kMulCastPairs) / sizeof(Pair),
     "dav_c220/kernel_operator_vec_mulcast_impl.h"},
    {PairRow::kMulAddDst, "`MulAddDst`", kMulAddDstPairs, sizeof(kMulAddDstPairs) / sizeof(Pair),
     "dav_c220/kernel_operator_vec_binary_impl.h"},
};

template <typename T>
constexpr bool Takes(Row row) {
  return (kRows[static_cast<size_t>(row)].types >> static_cast<int>(AscendC::DTypeOf<T>())) & 1u;
}
template <typename S, typename D>
constexpr bool TakesPair(PairRow row) {
  const PairRowInfo& info = kPairRows[static_cast<size_t>(row)];
  for (size_t i = 0; i < info.count; ++i) {
    if (info.pairs[i].src == AscendC::DTypeOf<S>() && info.pairs[i].dst == AscendC::DTypeOf<D>())
      return true;
  }
  return false;
}

// A kernel called `instruction` on a type off its row: an `unsupported` fault naming the
// instruction, the type, the 910B's list and the CANN file, on the 910B profile (and a profile
// with no chip's architecture, whose defaults are the 910B's); nothing on another chip's profile.
void OffList(Row row, const char* instruction, DType type);
void OffPairList(PairRow row, const char* instruction, DType src, DType dst);
// False on a profile of another chip (an architecture "dav-..." other than the 910B's dav-2201).
bool ChecksA2VectorDtypes();
// docs/OPERATORS.md's table, rendered from kRows and kPairRows.
std::string A2DtypeTableMarkdown();

#if defined(OPSIM_STRICT_ASCENDC)
inline constexpr bool kStrict = true;
#else
inline constexpr bool kStrict = false;
#endif

}  // namespace opsim::sim::a2

// At a kernel API entry (not in the helpers the high-level library and the simulator share):
// `Name` a string literal, T the element type. Strict mode: a compile error naming the
// instruction; otherwise a type off the list calls OffList (the fault) and one on it nothing.
#define OPSIM_A2_TAKES(RowName, T, Name)                                                        \
  static_assert(                                                                                \
      !::opsim::sim::a2::kStrict || ::opsim::sim::a2::Takes<T>(::opsim::sim::a2::Row::RowName), \
      "strict portability: the 910B (dav_c220) has no " Name                                    \
      " for this element type (docs/OPERATORS.md, \"The dtypes each instruction "               \
      "takes on the 910B\")");                                                                  \
  if constexpr (!::opsim::sim::a2::Takes<T>(::opsim::sim::a2::Row::RowName))                    \
  ::opsim::sim::a2::OffList(::opsim::sim::a2::Row::RowName, Name, ::AscendC::DTypeOf<T>())

#define OPSIM_A2_TAKES_PAIR(RowName, S, D, Name)                                                   \
  static_assert(!::opsim::sim::a2::kStrict ||                                                      \
                    ::opsim::sim::a2::TakesPair<S, D>(::opsim::sim::a2::PairRow::RowName),         \
                "strict portability: the 910B (dav_c220) has no " Name                             \
                " for this pair of element types (docs/OPERATORS.md, \"The dtypes each "           \
                "instruction takes on the 910B\")");                                               \
  if constexpr (!::opsim::sim::a2::TakesPair<S, D>(::opsim::sim::a2::PairRow::RowName))            \
  ::opsim::sim::a2::OffPairList(::opsim::sim::a2::PairRow::RowName, Name, ::AscendC::DTypeOf<S>(), \
                                ::AscendC::DTypeOf<D>())
