// The vector unit: type-erased SIMD kernels (Highway, runtime dispatch) behind the AscendC API.
// Every function processes whole arrays; none is called per element. Pointers may alias only
// exactly (dst == src), as on the chip.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"

namespace opsim::sim::vec {

enum class BinaryOp : uint8_t { kAdd, kSub, kMul, kDiv, kMax, kMin };
enum class UnaryOp : uint8_t { kAbs, kCopy };
// dst = op(src, scalar): Adds, Muls, Maxs, Mins.
enum class ScalarOp : uint8_t { kAdd, kMul, kMax, kMin };
enum class ReduceOp : uint8_t { kSum, kMax, kMin, kProd };
// AscendC RoundMode: CAST_NONE rounds like CAST_RINT when the conversion loses precision.
enum class Round : uint8_t { kNone, kRint, kFloor, kCeil, kRound, kTrunc, kOdd };

// Semantics shared by all ops:
// - float16/bfloat16 arithmetic is computed in float32 and rounded to nearest-even once per op;
// - integer Add/Sub/Mul wrap modulo 2^bits (no undefined behaviour);
// - Max/Min return NaN when either operand is NaN; Div by zero on integers gives 0.
void Binary(BinaryOp op, DType dtype, void* dst, const void* a, const void* b, size_t n);
void Unary(UnaryOp op, DType dtype, void* dst, const void* src, size_t n);
// `scalar` points at one element of `dtype`.
void Scalar(ScalarOp op, DType dtype, void* dst, const void* src, const void* scalar, size_t n);
// Duplicate: dst[i] = *value.
void Fill(DType dtype, void* dst, const void* value, size_t n);
// Float -> float narrowing rounds per `round` (RINT = nearest-even); float -> int rounds per
// `round` (kNone = RINT) and saturates, NaN -> 0; int -> float rounds to nearest-even;
// int -> int wraps (two's complement truncation).
void Cast(DType dst_type, void* dst, DType src_type, const void* src, Round round, size_t n);

// Reduce n elements to *dst (one element of dtype). Sum/Prod of floats use a blocked tree order
// (never one serial chain); f16/bf16 accumulate in float32 and round once; integers wrap.
// Max/Min propagate NaN; when `index` is non-null it receives the position of the first
// max/min (first NaN when there is one). n == 0 gives the reducer's identity.
void Reduce(ReduceOp op, DType dtype, void* dst, const void* src, size_t n, uint32_t* index);
// One result per row: dst[r] = reduce(src[r * row_stride .. + cols]), r < rows (same rules).
void ReduceRows(ReduceOp op, DType dtype, void* dst, const void* src, size_t rows, size_t cols,
                size_t row_stride);
// acc[c] = combine(acc[c], reduce over r of src[r * row_stride + c]) for c < cols, r < rows.
// Floats combine the rows pairwise (tree), so the chain length is log2(rows), not rows.
// f16/bf16 are not accepted here: kernels accumulate them as float32 (AccumulateRowsWiden).
void AccumulateRows(ReduceOp op, DType dtype, void* acc, const void* src, size_t rows, size_t cols,
                    size_t row_stride);

// Widening forms for kernels that reduce float16/bfloat16 in float32: src holds `src_type`
// (kFloat16 or kBFloat16; other types are a precondition violation and write nothing), dst/acc
// hold float32. The bits are those of Cast(kFloat32) of the rows followed by ReduceRows /
// AccumulateRows of kFloat32 (same order, NaN rule, signed zeros); the source is widened in
// small cache-resident chunks, so it is read once and no float32 copy of it is made.
void ReduceRowsWiden(ReduceOp op, DType src_type, float* dst, const void* src, size_t rows,
                     size_t cols, size_t row_stride);
void AccumulateRowsWiden(ReduceOp op, DType src_type, float* acc, const void* src, size_t rows,
                         size_t cols, size_t row_stride);

// An elementwise map in front of a row reduction: the ReduceSumSquare / ReduceL1 family.
enum class RowMap : uint8_t { kSquare, kAbs };
// ReduceRows / AccumulateRows of `acc_type` over map(src): each source element (of `src_type`:
// acc_type itself, or float16/bfloat16 when acc_type is float32) is converted exactly to acc_type,
// then squared or made absolute in acc_type (integers wrap), then reduced with `op` as ReduceRows /
// AccumulateRows reduce acc_type (same order and rules). The mapped rows are staged in a
// per-thread host buffer.
void ReduceRowsMapped(RowMap map, ReduceOp op, DType src_type, DType acc_type, void* dst,
                      const void* src, size_t rows, size_t cols, size_t row_stride);
void AccumulateRowsMapped(RowMap map, ReduceOp op, DType src_type, DType acc_type, void* acc,
                          const void* src, size_t rows, size_t cols, size_t row_stride);
// ReduceLogSumExp in one pass (the online form): a running (max, sum) pair per output, both of
// acc_type (float32, or float64 from float64), starting at (-inf, 0). An update by elements x_i
// (src_type: acc_type, or float16/bfloat16 widened exactly to float32) sets
//   max' = max(max, x_i)  (NaN when any is NaN),
//   sum' = sum * (max == max' ? 1 : exp(max - max')) + sum_i exp(x_i - shift(max')),
// shift(v) = v when finite, else 0; the finish (LogAddShift) gives log(sum) + shift(max). So a row
// of -inf gives -inf, one with +inf gives +inf, one with NaN gives NaN, and no exp overflows on
// finite inputs. Rows: pair r takes src[r * row_stride + 0 .. cols). Columns: pair c takes
// src[r * row_stride + c] for r < rows. The exp is ExpFloat's (its float64 twin for float64);
// a row's exp terms are summed by ReduceRows' tree, a column's in blocks of 16 rows (an update
// holding a NaN or an infinity: one serial sum). Bitwise the same on every Highway target.
void LogSumExpRows(DType src_type, DType acc_type, void* max, void* sum, const void* src,
                   size_t rows, size_t cols, size_t row_stride);
void LogSumExpColumns(DType src_type, DType acc_type, void* max, void* sum, const void* src,
                      size_t rows, size_t cols, size_t row_stride);
// The finish: acc[i] = log(acc[i]) + shift[i] (a shift that is not finite counts as 0).
void LogAddShift(DType acc_type, void* acc, const void* shift, size_t n);
// The float32 exp of the Exp instruction: Highway's contrib Exp reduction and polynomial without
// fused multiply-adds, so bitwise the same on every Highway target (max 0.923 ulp from the
// exact value, measured on every float in [-104, 89]); +inf from 88.72283935546875 on, NaN for NaN,
// 0 below -104.
void ExpFloat(float* dst, const float* src, size_t n);

// Ascend C's math, logic and compare/select instructions, on Highway (vector_math.cc,
// vector_logic.cc) and bit for bit the per-element model (vector_math_model.h) on every target.
// Float ops compute float32 in double and round once; float16/bfloat16 compute the float32
// result and round it to nearest-even once more (the chip computes them in float32). Exp of
// float32/float16/bfloat16 is the exception: ExpFloat's float32 result (within 1 ulp, as
// ReduceLogSumExp's exp), rounded once more for the 16-bit types.
enum class MathOp : uint8_t { kExp, kLn, kSqrt, kRsqrt, kReciprocal, kRelu };
// Floats only, except kRelu (also signed integers: max(x, 0)). NaN in gives NaN out.
void Math(MathOp op, DType dtype, void* dst, const void* src, size_t n);
// dst = x >= 0 ? x : x * alpha (floats; x * alpha in float32 as the chip does).
void LeakyRelu(DType dtype, void* dst, const void* src, double alpha, size_t n);
enum class BitOp : uint8_t { kAnd, kOr, kNot };
// Bitwise on raw bits of `elem_bytes`-byte elements (b is unused by kNot).
void Bitwise(BitOp op, size_t elem_bytes, void* dst, const void* a, const void* b, size_t n);
// Logical shift left; shift right is arithmetic for signed, logical for unsigned elements.
// A shift of the element width or more gives 0 (or -1 for a negative signed right shift).
void Shift(bool left, size_t elem_bytes, bool is_signed, void* dst, const void* src, uint32_t shift,
           size_t n);
enum class CmpMode : uint8_t { kLt, kGt, kEq, kLe, kGe, kNe };
// Bit i of dst (LSB first in each byte) = a[i] cmp b[i] (b[0] for every i when b_scalar).
// Writes ceil(n / 8) bytes; unused high bits of the last byte are 0. NaN compares false
// except kNe.
void Compare(CmpMode mode, DType dtype, uint8_t* dst, const void* a, const void* b, bool b_scalar,
             size_t n);
// dst[i] = bit i of `bits` ? a[i] : b[i] (b[0] when b_scalar); elements copied as raw bits.
void Select(size_t elem_bytes, void* dst, const uint8_t* bits, const void* a, const void* b,
            bool b_scalar, size_t n);

// Fused instructions (floats): kAddRelu dst = max(a + b, 0), kSubRelu dst = max(a - b, 0),
// kMulAddDst dst = a * b + dst, kFusedMulAdd dst = a * dst + b, kAxpy dst = a * b[0] + dst,
// kMulAddRelu dst = max(a * dst + b, 0) (Relu applied before the float32 rounding).
// One float32 rounding for the whole expression (double intermediate), then the 16-bit one.
// A NaN operand of a step (a + b, a * b, then + c) comes out quieted, the left one first.
// kAddRelu and kSubRelu also take int16_t: the sum or difference wrapping as Add/Sub, then Relu.
enum class FusedOp : uint8_t { kAddRelu, kSubRelu, kMulAddDst, kFusedMulAdd, kAxpy, kMulAddRelu };
void Fused(FusedOp op, DType dtype, void* dst, const void* a, const void* b, size_t n);
// MulAddDst's mixed form (half sources, float dst): dst = float(a) * float(b) + dst, rounded once
// to float32 (the product of two halves is exact in float32); Fused's NaN rule.
void MulAddDstHalfToFloat(float* dst, const uint16_t* a, const uint16_t* b, size_t n);

// Cast int32 -> float16 with the DEQSCALE register: dst = half(float32(src * scale)), the
// product exact in double, rounded to float32 then to nearest-even float16.
void DeqInt32ToHalf(uint16_t* dst, const int32_t* src, float scale, size_t n);

// Highway targets compiled into this build ("AVX3", "AVX2", "SSE4", "EMU128"/"SCALAR", ...),
// best first, restricted to those this CPU supports.
std::vector<std::string> SupportedTargets();
// Tests: make dispatch use only the named target (one of SupportedTargets()); "" restores all.
void ForceTargetForTest(const std::string& target);
// The target dispatch currently uses.
std::string ActiveTarget();

}  // namespace opsim::sim::vec
