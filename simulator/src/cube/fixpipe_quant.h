// Fixpipe's quantisation on the way out of L0C (docs/CUBE.md, "Fixpipe's quantisation"): the
// scalar modes DEQF16, QF322B8_PRE, REQ8 take one 64-bit word for the whole matrix, the vector
// modes VDEQF16, VQF322B8_PRE, VREQ8 one word per column. CANN's "随路量化" page gives the word's
// bits for Atlas A2 (dav-2201); the arithmetic is its fixpipe_l0c2gm sample's golden model
// (scripts/gen_data_s322f16.py, gen_data_f322s8.py, gen_data_s322s8.py).
#pragma once

#include <cstdint>

#include "opsim/core/dtype.h"
#include "opsim/sim/ascendc/cube_fixpipe.h"
#include "opsim/sim/ascendc/cube_types.h"

namespace opsim::sim::detail {

// One quantisation word, decoded.
struct QuantWord {
  float m1 = 1;             // bits 31..13 as a (1, 8, 10) float: the factor of results >= 0
  float m2 = 1;             // results < 0: m1, or 0 under ReLU
  uint32_t shift = 0;       // bits 35..32: N, the right shift when mcb
  bool mcb = false;         // bit 36: shift the int32 result right by N into int16 first
  int32_t offset = 0;       // bits 45..37, added after the product (not for DEQF16)
  bool signed_out = false;  // bit 46: int8 (1) or uint8 (0) results
};

enum class QuantKind : uint8_t { kNone, kCast, kScalar, kVector };

// What `mode` does: kNone (NoQuant), kCast (F322F16, F322BF16), kScalar or kVector; false for a
// mode Atlas A2 lacks. `in` is the L0C type it reads (NoQuant: `src`), `out` the type it writes
// (int8 for the 8-bit modes, whose sign comes from the word: uint8 fits too).
bool QuantModeOf(AscendC::QuantMode_t mode, DType src, QuantKind* kind, DType* in, DType* out);
// Decodes `word`; `relu` makes m2 zero. Faults (kInvalidArgument, naming `what`) when m1 is an
// inf, a NaN or a denormal (the pages: quantisation parameters may not be).
QuantWord DecodeQuantWord(uint64_t word, bool relu, const char* instr, const char* what);
// Converts one L0C result (`from`: a float or an int32_t, per `src`) by `mode` and `q`, writing
// one half (DEQF16) or one 8-bit value (the others) at `to`.
void QuantizeValue(AscendC::QuantMode_t mode, DType src, const uint8_t* from, const QuantWord& q,
                   uint8_t* to);

// CubeFixpipeTo with the vector modes' words in the Fixpipe buffer (`words`, SetFixPipeConfig's
// tensor: DataCopy CO1 -> GM/L1) instead of an L1 cbufWorkspace.
void CubeFixpipeFromFb(const FixpipeDst& dst, const UbRef& src, const UbRef& words, DType dst_type,
                       DType src_type, bool nd_out, const AscendC::FixpipeParamsV220& p,
                       const char* instr);

}  // namespace opsim::sim::detail
