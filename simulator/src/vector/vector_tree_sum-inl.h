// Per-target tree sums in the chip's order (opsim/sim/vector_tree_sum.h). A level of the tree
// adds adjacent lanes: for two vectors lo, hi holding 2 * Lanes(d) consecutive lanes,
// ConcatEven(hi, lo) + ConcatOdd(hi, lo) is their Lanes(d) pair sums, in order. Groups are
// powers of two and start at multiples of their size, so log2(group) such levels over a run of
// whole groups leave exactly one sum per group, in order, whatever Lanes(d) is: every target
// computes the same adds on the same operands, hence the same bits.
#if defined(OPSIM_SIM_VECTOR_TREE_SUM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_TREE_SUM_INL_H_
#undef OPSIM_SIM_VECTOR_TREE_SUM_INL_H_
#else
#define OPSIM_SIM_VECTOR_TREE_SUM_INL_H_
#endif

#include <cstdint>
#include <cstring>
#include <type_traits>

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The lanes a tree of S adds in: float64 for float64, float32 for the others (a float32 add of
// two float16/bfloat16 values rounded to 16 bits is the correctly rounded 16-bit add: float32's
// 24 bits are at least 2p + 2 for p = 11 and 8, so the double rounding is innocuous).
template <typename S>
using TreeLane = std::conditional_t<std::is_same_v<S, double>, double, float>;

// Group sums held at once by the callers (on the stack).
constexpr size_t kTreeChunkGroups = 64;

// An add's result rounded to S as the chip rounds it: float16 saturates at +-65504 (an add of
// finite operands never gives an infinity, CANN's BlockReduceSum and ReduceSum pages).
template <typename S, class D>
HWY_INLINE hn::Vec<D> RoundAs(D d, hn::Vec<D> v) {
  if constexpr (std::is_same_v<S, hwy::float16_t>) {
    const auto lim = hn::Set(d, 65504.0f);
    const auto sat = hn::Min(hn::Max(v, hn::Neg(lim)), lim);
    return HalfToF32(d, F32ToHalf(d, hn::IfThenElse(hn::IsFinite(v), sat, v)));
  } else if constexpr (std::is_same_v<S, hwy::bfloat16_t>) {
    return BF16ToF32(d, F32ToBF16(d, v));
  } else {
    (void)d;
    return v;
  }
}

// Lanes(d) elements of In at p as tree lanes (In is S on the first level, the lanes after it).
// Every loaded lane meets an add of the tree (groups have two lanes or more, padding included),
// so float16 takes the conversion for arithmetic (HalfToF32ForArithmetic: the same bits after
// the add, without a NaN test per vector).
template <typename In, class D>
HWY_INLINE hn::Vec<D> LoadLanes(D d, const In* p) {
  if constexpr (std::is_same_v<In, hn::TFromD<D>>) {
    return hn::LoadU(d, p);
  } else {
    const hn::Rebind<uint16_t, D> d16;
    const auto h = hn::LoadU(d16, reinterpret_cast<const uint16_t*>(p));
    if constexpr (std::is_same_v<In, hwy::float16_t>) return HalfToF32ForArithmetic(d, h);
    return BF16ToF32(d, h);
  }
}

// One add of the tree on two vectors holding 2 * Lanes(d) consecutive lanes: their Lanes(d)
// adjacent pair sums, in order, rounded as S.
template <typename S, class D>
HWY_INLINE hn::Vec<D> AddPairs(D d, hn::Vec<D> lo, hn::Vec<D> hi) {
#if HWY_TARGET == HWY_SCALAR
  return RoundAs<S>(d, hn::Add(lo, hi));  // one lane: the pair is (lo, hi)
#else
#if HWY_TARGET == HWY_AVX2
  if constexpr (std::is_same_v<hn::TFromD<D>, float> && hn::MaxLanes(D()) == 8) {
    // ConcatEven and ConcatOdd are each a shuffle within 128-bit blocks and a permute of 64-bit
    // quarters; the permute moves lanes only, so it commutes with the lane-wise add: the same
    // adds on the same operands in the same order, with one permute of their sums instead of
    // two (the trees were bound by the shuffles: issue 29, session 37).
    const __m256 even = _mm256_shuffle_ps(lo.raw, hi.raw, 0x88);
    const __m256 odd = _mm256_shuffle_ps(lo.raw, hi.raw, 0xDD);
    const __m256d sums = _mm256_castps_pd(_mm256_add_ps(even, odd));
    return RoundAs<S>(d, hn::Vec<D>{_mm256_castpd_ps(_mm256_permute4x64_pd(sums, 0xD8))});
  }
#endif
  return RoundAs<S>(d, hn::Add(hn::ConcatEven(d, hi, lo), hn::ConcatOdd(d, hi, lo)));
#endif
}

// Whether D is AVX2's vector of 8 float lanes, whose 128-bit blocks the trees below keep apart.
template <class D>
constexpr bool kEightFloatBlocks =
    HWY_TARGET == HWY_AVX2&& std::is_same_v<hn::TFromD<D>, float>&& hn::MaxLanes(D()) == 8;

#if HWY_TARGET == HWY_AVX2
// a + b with a as the instruction's first source, so that of two NaNs a's comes out (quieted),
// the left one first as everywhere else: the compiler may swap the operands of an add written
// as an intrinsic, and did for the upper half in TreesOfEightOfFour.
HWY_INLINE __m256 AddLeftFirst(__m256 a, __m256 b) {
  __m256 r;
  asm("vaddps %2, %1, %0" : "=x"(r) : "x"(a), "xm"(b));
  return r;
}
HWY_INLINE __m128 AddLeftFirst(__m128 a, __m128 b) {
  __m128 r;
  asm("vaddps %2, %1, %0" : "=x"(r) : "x"(a), "xm"(b));
  return r;
}

// A level of the tree within each 128-bit block: block j of the result is [a0 + a1, a2 + a3,
// b0 + b1, b2 + b3] of block j of a and of b, rounded as S. No lane leaves its block, so the
// level takes two in-block shuffles and no permute (AddPairs needs one to keep lanes in order).
template <typename S, class D>
HWY_INLINE hn::Vec<D> AddPairsInBlocks(D d, hn::Vec<D> a, hn::Vec<D> b) {
  const __m256 even = _mm256_shuffle_ps(a.raw, b.raw, 0x88);
  const __m256 odd = _mm256_shuffle_ps(a.raw, b.raw, 0xDD);
  return RoundAs<S>(d, hn::Vec<D>{AddLeftFirst(even, odd)});
}

// Lane k of the result: the tree sum of the 8 lanes of v[k], k < 8. Two in-block levels leave
// block j of b0 holding the sums of block j (lanes 4j .. 4j + 3) of v[0..3], of b1 those of
// v[4..7]; the third level adds each v[k]'s block 0 sum to its block 1 sum, lower lanes first as
// in AddPairs. The same adds on the same operands as three levels of AddPairs, with 14 shuffles
// instead of 21 (issue 29, session 38).
// The vectors come from `at(k)`, each once, in memory order (named values: an array of vectors
// went through the stack in 16-byte halves and stalled its 32-byte reloads; and arguments, which
// the compiler evaluates last first, read each pair of subtrees backwards, slower from DRAM).
template <typename S, class D, class At>
HWY_INLINE hn::Vec<D> PairInBlocksAt(D d, const At& at, size_t k) {
  const auto lo = at(k);
  return AddPairsInBlocks<S>(d, lo, at(k + 1));
}
template <typename S, class D, class At>
HWY_INLINE hn::Vec<D> TreesOfEight(D d, const At& at) {
  const auto a0 = PairInBlocksAt<S>(d, at, 0);
  const auto a1 = PairInBlocksAt<S>(d, at, 2);
  const auto b0 = AddPairsInBlocks<S>(d, a0, a1);
  const auto a2 = PairInBlocksAt<S>(d, at, 4);
  const auto a3 = PairInBlocksAt<S>(d, at, 6);
  const auto b1 = AddPairsInBlocks<S>(d, a2, a3);
  const __m256 lo = _mm256_permute2f128_ps(b0.raw, b1.raw, 0x20);
  const __m256 hi = _mm256_permute2f128_ps(b0.raw, b1.raw, 0x31);
  return RoundAs<S>(d, hn::Vec<D>{AddLeftFirst(lo, hi)});
}

// The first level of the tree on bfloat16 elements at p: lane j of block 0 is p[2j] + p[2j + 1],
// lane j of block 1 is p[32 + 2j] + p[33 + 2j] (j < 4), rounded as S. A bfloat16 is the upper
// half of its float32, so a 32-bit lane holding an element pair gives the even element by a shift
// and the odd one by a mask: no widening shuffle and no pair shuffle (issue 29, session 39).
template <typename S, class D>
HWY_INLINE hn::Vec<D> PairSumsOfBF16(D d, const hwy::bfloat16_t* p) {
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 32));
  const __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
  const __m256 even = _mm256_castsi256_ps(_mm256_slli_epi32(v, 16));
  const __m256 odd = _mm256_and_ps(_mm256_castsi256_ps(v),
                                   _mm256_castsi256_ps(_mm256_set1_epi32(int32_t(0xFFFF0000u))));
  return RoundAs<S>(d, hn::Vec<D>{AddLeftFirst(even, odd)});
}

// TreesOfEight of the 8 vectors of bfloat16 elements at p (v[k] = p[8k .. 8k + 8)): the first
// level pairs v[k] with v[k + 4] across the blocks (PairSumsOfBF16), so that after the two
// in-block levels block 0 holds v[0..3]'s sums and block 1 v[4..7]'s, in order, with no
// permute. The same adds on the same operands in the same order as TreesOfEight.
template <typename S, class D>
HWY_INLINE hn::Vec<D> TreesOfEightBF16(D d, const hwy::bfloat16_t* p) {
  const auto q0 = PairSumsOfBF16<S>(d, p);
  const auto q1 = PairSumsOfBF16<S>(d, p + 8);
  const auto a = AddPairsInBlocks<S>(d, q0, q1);  // v0, v1 | v4, v5: their half sums
  const auto q2 = PairSumsOfBF16<S>(d, p + 16);
  const auto q3 = PairSumsOfBF16<S>(d, p + 24);
  const auto b = AddPairsInBlocks<S>(d, q2, q3);  // v2, v3 | v6, v7
  return AddPairsInBlocks<S>(d, a, b);
}

// Lane k of the result (4 lanes): the tree sum of the 8 lanes of v[k], k < 4, as TreesOfEight.
template <typename S, class D, class At>
HWY_INLINE hn::Vec<hn::Half<D>> TreesOfEightOfFour(D d, const At& at) {
  const auto a0 = PairInBlocksAt<S>(d, at, 0);
  const auto a1 = PairInBlocksAt<S>(d, at, 2);
  const auto b = AddPairsInBlocks<S>(d, a0, a1);
  const hn::Half<D> dh;
  const __m128 sums = AddLeftFirst(hn::LowerHalf(dh, b).raw, hn::UpperHalf(dh, b).raw);
  return RoundAs<S>(dh, hn::Vec<hn::Half<D>>{sums});
}
#endif

// In (the elements' storage) is S, or a 16-bit float widened to S = float32 on load: a widening
// Cast's float32 lanes summed where the Cast read them (RepeatSumsInOrderWidened).
template <typename S, size_t kVecs, class D, typename In>
HWY_INLINE hn::Vec<D> TreeOfVectors(D d, const In* p);

// The subtree of 8 vectors, out of line: inlining whole trees of up to 128 vectors for every
// type, group and target tripled this file's compile time for no speed (a call per 8 vectors).
template <typename S, class D, typename In>
HWY_NOINLINE hn::Vec<D> TreeOfEightVectors(D d, const In* p) {
  constexpr size_t kN = hn::MaxLanes(D());
#if HWY_TARGET == HWY_AVX2
  if constexpr (kEightFloatBlocks<D> && std::is_same_v<In, hwy::bfloat16_t>) {
    return TreesOfEightBF16<S>(d, p);
  } else if constexpr (kEightFloatBlocks<D>) {
    return TreesOfEight<S>(d, [&](size_t k) { return LoadLanes(d, p + k * kN); });
  }
#endif
  const auto lo = TreeOfVectors<S, 4>(d, p);
  return AddPairs<S>(d, lo, TreeOfVectors<S, 4>(d, p + 4 * kN));
}

// The tree over kVecs consecutive vectors at p (a power of two), in registers: the pairs of
// vectors merge as the levels of the tree merge lanes, so for kVecs = kGroup it leaves lane j
// holding group j's sum of the Lanes(d) groups at p. Depth first: log2(kVecs) live vectors.
template <typename S, size_t kVecs, class D, typename In>
HWY_INLINE hn::Vec<D> TreeOfVectors(D d, const In* p) {
  if constexpr (kVecs == 1) {
    return LoadLanes(d, p);
  } else if constexpr (kVecs == 8) {
    return TreeOfEightVectors<S>(d, p);
#if HWY_TARGET == HWY_AVX2
  } else if constexpr (kEightFloatBlocks<D> && kVecs >= 64) {
    // Lane k of subtree k holds the sum of lanes [kVecs / 8 * m, + kVecs / 8) of its span.
    constexpr size_t kN = hn::MaxLanes(D());
    return TreesOfEight<S>(
        d, [&](size_t k) { return TreeOfVectors<S, kVecs / 8>(d, p + k * kVecs / 8 * kN); });
#endif
  } else {
    constexpr size_t kN = hn::MaxLanes(D());
    const auto lo = TreeOfVectors<S, kVecs / 2>(d, p);
    const auto hi = TreeOfVectors<S, kVecs / 2>(d, p + kVecs / 2 * kN);
    return AddPairs<S>(d, lo, hi);
  }
}

// The bits of -0 in S: the identity padding lanes outside a mask.
template <typename S>
S NegZero() {
  S z;
  if constexpr (sizeof(S) == 2) {
    const uint16_t bits = 0x8000;
    std::memcpy(&z, &bits, 2);
  } else {
    z = S(-0.0);
  }
  return z;
}

#if HWY_TARGET != HWY_SCALAR  // one lane: no tail (and no UpperHalf)
// The tree's last log2(kM) levels within one vector: adjacent lanes pairwise, halving the
// vector each time (lane j of the result: the sum of lanes [j * kM, (j + 1) * kM) of v).
template <typename S, size_t kM, class D>
HWY_INLINE auto FoldLanes(D d, hn::Vec<D> v) {
  if constexpr (kM == 1) {
    (void)d;
    return v;
  } else {
    const hn::Half<D> dh;
    const auto lo = hn::LowerHalf(dh, v);
    const auto hi = hn::UpperHalf(dh, v);
    if constexpr (hn::MaxLanes(dh) == 1) {
      return RoundAs<S>(dh, hn::Add(lo, hi));  // one lane each: the pair is (lo, hi)
    } else {
      return FoldLanes<S, kM / 2>(dh, AddPairs<S>(dh, lo, hi));
    }
  }
}

// The last `groups` (fewer than 2 * kLanes) groups, kLanes at a time, then half as many. kLanes
// groups fill whole vectors of the target's width: the tree of vectors leaves chunk sums of
// kGroup * kLanes / Lanes(d) lanes, FoldLanes finishes each group. Tiny groups that do not fill
// a vector pad the last group with a -0 group. A group's adds do not depend on how its lanes
// sit in vectors, so the bits are those of one wide tree, and a row of a few repeats (a level-2
// ReduceSum per row) is neither staged nor padded to a whole vector of groups.
template <typename S, size_t kGroup, size_t kLanes, typename In>
void TreeGroupsTail(const In* src, size_t groups, TreeLane<S>* out) {
  using T = TreeLane<S>;
  const hn::ScalableTag<T> d;
  constexpr size_t kN = hn::MaxLanes(hn::ScalableTag<T>());
  if (groups >= kLanes) {
#if HWY_TARGET == HWY_AVX2
    if constexpr (kEightFloatBlocks<decltype(d)> && kLanes == 4 && kGroup >= kN) {
      // Four groups (a level-2 ReduceSum of 1 KB, say): a subtree per group, its 8 lanes
      // folded as TreesOfEight folds them.
      const auto at = [&](size_t k) { return TreeOfVectors<S, kGroup / kN>(d, src + k * kGroup); };
      hn::StoreU(TreesOfEightOfFour<S>(d, at), hn::Half<decltype(d)>(), out);
    } else
#endif
        if constexpr (kGroup * kLanes >= kN) {
      const auto sums =
          FoldLanes<S, kN / kLanes>(d, TreeOfVectors<S, kGroup * kLanes / kN>(d, src));
      hn::StoreU(sums, hn::DFromV<decltype(sums)>(), out);
    } else {
      HWY_ALIGN In staged[kN * kGroup];
      std::memcpy(static_cast<void*>(staged), src, kLanes * kGroup * sizeof(In));
      const In z = NegZero<In>();
      for (size_t k = kLanes * kGroup; k < kN * kGroup; ++k) staged[k] = z;
      HWY_ALIGN T sums[kN];
      hn::Store(TreeOfVectors<S, kGroup>(d, staged), d, sums);
      std::memcpy(out, sums, kLanes * sizeof(T));
    }
    src += kLanes * kGroup;
    out += kLanes;
    groups -= kLanes;
  }
  if constexpr (kLanes > 1) TreeGroupsTail<S, kGroup, kLanes / 2>(src, groups, out);
}

#endif  // HWY_TARGET != HWY_SCALAR

// Prefetches the cache lines of [p + ahead, p + ahead + bytes): never faults, so it may run past
// the data (the address is formed as an integer: a pointer past an array would be UB).
inline void PrefetchLinesAhead(const void* p, size_t bytes, size_t ahead) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(p) + ahead;
  for (size_t off = 0; off < bytes; off += 64)
    hwy::Prefetch(reinterpret_cast<const uint8_t*>(at + off));
}

// out[g] = the tree sum of src[g * kGroup .. + kGroup), g < groups, as tree lanes: Lanes(d)
// groups per tree of vectors, the last ones in narrower vectors (TreeGroupsTail).
template <typename S, size_t kGroup, typename In>
void TreeGroups(const In* src, size_t groups, TreeLane<S>* out) {
  using T = TreeLane<S>;
  const hn::ScalableTag<T> d;
  constexpr size_t kN = hn::MaxLanes(hn::ScalableTag<T>());
  size_t g = 0;
  for (; g + kN <= groups; g += kN) {
    // Widened 16-bit elements are read in place from GM (a tile's rows, piece after piece):
    // their lines 4 KB on are fetched as the trees go, not in a burst (issue 29, session 37).
    // Elements of S: on the AVX2 machines (Zen 3) they keep to the hardware prefetcher, as
    // stream_read does (fetching theirs 8 KB ahead cost the float32 rows 7-15 % of their CPU
    // time, session 39); on the AVX-512 ones (Zen 5) fetching them 2 KB ahead as the trees go
    // saves 10-20 % of a float32 innermost launch's CPU (session 44).
    if constexpr (!std::is_same_v<In, S>) {
      PrefetchLinesAhead(src + g * kGroup, kN * kGroup * sizeof(In), 2048 * sizeof(In));
    } else if constexpr (HWY_TARGET == HWY_AVX3) {
      PrefetchLinesAhead(src + g * kGroup, kN * kGroup * sizeof(In), 2048);
    }
    hn::StoreU(TreeOfVectors<S, kGroup>(d, src + g * kGroup), d, out + g);
  }
#if HWY_TARGET != HWY_SCALAR
  TreeGroupsTail<S, kGroup, kN / 2>(src + g * kGroup, groups - g, out + g);
#endif
}

// TreeGroups for a group size known at run time (a power of two, at most one repeat).
template <typename S, typename In = S>
void TreeSumsToLanes(const In* src, size_t groups, size_t group, TreeLane<S>* out) {
  switch (group) {
    case 2: return TreeGroups<S, 2>(src, groups, out);
    case 4: return TreeGroups<S, 4>(src, groups, out);
    case 8: return TreeGroups<S, 8>(src, groups, out);
    case 16: return TreeGroups<S, 16>(src, groups, out);
    case 32: return TreeGroups<S, 32>(src, groups, out);
    default: break;
  }
  if constexpr (sizeof(S) <= 4) {
    if (group == 64) return TreeGroups<S, 64>(src, groups, out);
  }
  if constexpr (sizeof(S) == 2) {
    if (group == 128) return TreeGroups<S, 128>(src, groups, out);
  }
}

// A tree lane as S (exact: every lane already holds a value of S).
template <typename S>
S FromLane(TreeLane<S> v) {
  if constexpr (std::is_same_v<S, hwy::float16_t> || std::is_same_v<S, hwy::bfloat16_t>) {
    const uint16_t bits =
        std::is_same_v<S, hwy::float16_t> ? FloatToHalfBits(v) : FloatToBFloat16Bits(v);
    S out;
    std::memcpy(&out, &bits, 2);
    return out;
  } else {
    return v;
  }
}

template <typename S>
void TreeSumsOf(void* dst, const void* src, size_t groups, size_t group) {
  TreeLane<S> sums[kTreeChunkGroups];
  auto* out = static_cast<S*>(dst);
  const auto* in = static_cast<const S*>(src);
  for (size_t g0 = 0; g0 < groups; g0 += kTreeChunkGroups) {
    const size_t here = groups - g0 < kTreeChunkGroups ? groups - g0 : kTreeChunkGroups;
    TreeSumsToLanes<S>(in + g0 * group, here, group, sums);
    for (size_t g = 0; g < here; ++g) out[g0 + g] = FromLane<S>(sums[g]);
  }
}

// Rows up to this many bytes prefetch the rows 4 KB on (RepeatSumsOf).
constexpr size_t kShortRowBytes = 4096;

// ReduceSum's count form: whole repeats tree-summed a chunk at a time and added in order, then
// the last, padded repeat. A short row (a few repeats) first prefetches as many bytes 4 KB past
// it: kernels reduce a tile read in place from GM (copy_elision.h) a row per call, and the trees'
// loads waited on DRAM (perf: the loads of TreeOfEightVectors; session 22). Widened rows of a
// vector of groups or more prefetch as their trees go (TreeGroups), not in a burst per 16 KB
// chunk, which competed with the loads; longer rows of S keep to the hardware prefetcher.
// Widened 16-bit elements (In != S) are a float32 piece a Cast would have written, read where the
// Cast read them, in GM, as rows of 16-bit elements are.
template <typename S, typename In = S>
void RepeatSumsOf(void* dst, const void* src, size_t n) {
  using T = TreeLane<S>;
  constexpr size_t kPer = 256 / sizeof(S);
  const hn::CappedTag<T, 1> d1;  // the in-order adds, one lane, rounded as the tree's
  T sums[kTreeChunkGroups];
  const auto* in = static_cast<const In*>(src);
  const size_t whole = n / kPer;
  bool first = true;
  auto acc = hn::Zero(d1);
  auto fold = [&](size_t count) {
    size_t r = 0;
    if (first && count != 0) {
      acc = hn::Set(d1, sums[r++]);
      first = false;
    }
    if constexpr (std::is_same_v<S, T>) {
      // No rounding between the adds: one scalar add per sum on the chain, unrolled, so that
      // the loop's few instructions leave the out-of-order window to the work after it (the
      // vector form took four per add, and a row's 64 dependent adds filled the window).
      T a = hn::GetLane(acc);
#pragma GCC unroll 8
      for (; r < count; ++r) a = a + sums[r];
      acc = hn::Set(d1, a);
    } else {
      for (; r < count; ++r) acc = RoundAs<S>(d1, hn::Add(acc, hn::Set(d1, sums[r])));
    }
  };
  for (size_t r0 = 0; r0 < whole; r0 += kTreeChunkGroups) {
    const size_t here = whole - r0 < kTreeChunkGroups ? whole - r0 : kTreeChunkGroups;
    // Widened rows of a vector of groups or more prefetch as their trees go (TreeGroups).
    const bool trees_prefetch =
        !std::is_same_v<In, S> && here >= hn::MaxLanes(hn::ScalableTag<T>());
    if (n * sizeof(In) <= kShortRowBytes && !trees_prefetch) {
      PrefetchLinesAhead(in + r0 * kPer, here * kPer * sizeof(In), 4096);
    }
    TreeSumsToLanes<S>(in + r0 * kPer, here, kPer, sums);
    fold(here);
  }
  if (const size_t tail = n - whole * kPer; tail != 0) {
    In last[kPer];
    std::memcpy(static_cast<void*>(last), in + whole * kPer, tail * sizeof(In));
    const In z = NegZero<In>();
    for (size_t k = tail; k < kPer; ++k) last[k] = z;
    TreeSumsToLanes<S>(last, 1, kPer, sums);
    fold(1);
  }
  *static_cast<S*>(dst) = FromLane<S>(hn::GetLane(acc));
}

inline bool TreeSumsImpl(DType dtype, void* dst, const void* src, size_t groups, size_t group) {
  switch (dtype) {
    case DType::kFloat32: TreeSumsOf<float>(dst, src, groups, group); return true;
    case DType::kFloat64: TreeSumsOf<double>(dst, src, groups, group); return true;
    case DType::kFloat16: TreeSumsOf<hwy::float16_t>(dst, src, groups, group); return true;
    case DType::kBFloat16: TreeSumsOf<hwy::bfloat16_t>(dst, src, groups, group); return true;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return false;
  }
}

inline bool RepeatSumsInOrderImpl(DType dtype, void* dst, const void* src, size_t n) {
  switch (dtype) {
    case DType::kFloat32: RepeatSumsOf<float>(dst, src, n); return true;
    case DType::kFloat64: RepeatSumsOf<double>(dst, src, n); return true;
    case DType::kFloat16: RepeatSumsOf<hwy::float16_t>(dst, src, n); return true;
    case DType::kBFloat16: RepeatSumsOf<hwy::bfloat16_t>(dst, src, n); return true;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return false;
  }
}

inline bool RepeatSumsWidenedImpl(DType from, float* dst, const void* src, size_t n) {
  switch (from) {
    case DType::kFloat16: RepeatSumsOf<float, hwy::float16_t>(dst, src, n); return true;
    case DType::kBFloat16: RepeatSumsOf<float, hwy::bfloat16_t>(dst, src, n); return true;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: the widening Cast's source is float16 or bfloat16
    default: return false;
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_TREE_SUM_INL_H_
