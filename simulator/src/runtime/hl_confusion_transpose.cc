// The high-level Transpose with a ConfusionTransposeTiling
// (adv_api/transpose/confusion_transpose.h) as the 910B's implementation computes it (asc-devkit
// confusion_transpose_base_*.h: TransDataTo5HD transposes of 16 x 16 fractals through the temporary
// buffer, and DataCopy regroupings), the shape read back from the tiling. S is the tiling's,
// rounded up to 16: the padding rows of an NZ source move with the data. H/N columns past H/N
// (scenarios 3, 4) and H columns past H (5, 6) in the destination are 0 here (the chip leaves
// whatever its staging buffer held). Faults: a scenario the 910B does not implement, a tiling
// GetConfusionTransposeTilingInfo would not give (each field recomputed from the shape it
// describes), operands smaller than that shape, a sharedTmpBuffer below what the tiling uses, the
// buffer overlapping src or dst, and src overlapping dst (unless the regrouping leaves every
// element where it is, or it is one 16 x 16 transpose of 16-bit data).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/confusion_transpose_tiling.h"
#include "opsim/sim/ascendc/hl_confusion_transpose.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace ctranspose_impl {

namespace ct = opsim::ctranspose;
constexpr const char* kApi = "Transpose";

[[noreturn]] void Fail(FaultKind kind, const std::string& message) {
  RaiseFault(kind, kApi, message);
}
std::string U(uint64_t v) { return std::to_string(v); }

// The shape of a call in elements: [B, N, S rounded to 16, H/N] (1-6) or [H, W] (7).
struct CtShape {
  uint32_t type = 0;
  int64_t b = 0, n = 0, s = 0, hn = 0;  // s: aligned
  int64_t h = 0, w = 0;                 // scenario 7
  int64_t Hn16() const { return ct::Align16(static_cast<uint64_t>(hn)); }
  int64_t H() const { return n * hn; }
  int64_t H16() const { return ct::Align16(static_cast<uint64_t>(n * hn)); }
  uint64_t SrcElems() const {
    if (type == ct::kNd2NdOnly) return static_cast<uint64_t>(h * w);
    if (type <= ct::kNz2Nz0213) return static_cast<uint64_t>(b * n * s * Hn16());
    if (type <= ct::kNz2Nd012WithN) return static_cast<uint64_t>(b * H16() * s);
    return static_cast<uint64_t>(b * n * Hn16() * s);
  }
  uint64_t DstElems() const {
    if (type == ct::kNd2NdOnly || type <= ct::kNz2Nz0213) return SrcElems();
    if (type <= ct::kNz2Nd012WithN) return static_cast<uint64_t>(b * n * Hn16() * s);
    return static_cast<uint64_t>(b * s * H16());
  }
};

const char* TypeName(uint32_t t) {
  static const char* const kNames[] = {"TRANSPOSE_TYPE_NONE",
                                       "TRANSPOSE_NZ2ND_0213",
                                       "TRANSPOSE_NZ2NZ_0213",
                                       "TRANSPOSE_NZ2NZ_012_WITH_N",
                                       "TRANSPOSE_NZ2ND_012_WITH_N",
                                       "TRANSPOSE_NZ2ND_012_WITHOUT_N",
                                       "TRANSPOSE_NZ2NZ_012_WITHOUT_N",
                                       "TRANSPOSE_ND2ND_ONLY",
                                       "TRANSPOSE_ND_UB_GM",
                                       "TRANSPOSE_GRAD_ND_UB_GM",
                                       "TRANSPOSE_ND2ND_B16",
                                       "TRANSPOSE_NCHW2NHWC",
                                       "TRANSPOSE_NHWC2NCHW",
                                       "TRANSPOSE_ND2ND_021",
                                       "TRANSPOSE_ND2ND_102",
                                       "TRANSPOSE_ND2ND_210",
                                       "TRANSPOSE_ND2NZ_WITH_INTLV"};
  return t < sizeof(kNames) / sizeof(kNames[0]) ? kNames[t] : "(not a TransposeType)";
}

// The tiling checked against what GetConfusionTransposeTilingInfo gives for the shape it
// describes; returns that shape.
CtShape Decode(uint32_t type, const AscendC::tiling::ConfusionTransposeTiling& t, uint32_t eb) {
  uint32_t p[ct::kParams];
  std::memcpy(p, &t, sizeof(p));
  const std::string name = TypeName(type);
  if (p[0] != 32 / eb) {
    Fail(FaultKind::kInvalidArgument, name + ": tiling.param0 (elements per 32-byte block) is " +
                                          U(p[0]) + "; a " + U(eb) + "-byte T has " + U(32 / eb) +
                                          " (a tiling made for another typeSize?)");
  }
  int64_t d[4] = {0, 0, 0, 0};
  uint32_t stack = 0;
  ct::ShapeOf(type, p, d, stack, eb);
  const int nd = type == ct::kNd2NdOnly ? 2 : 4;
  if (const char* rule = ct::ShapeRule(type, d, nd, eb)) {
    std::string shape = "[";
    for (int i = 0; i < nd; ++i) shape += (i ? ", " : "") + std::to_string(d[i]);
    const bool empty = d[0] == 0 || d[1] == 0 || (nd == 4 && (d[2] == 0 || d[3] == 0));
    Fail(FaultKind::kInvalidArgument, name + ": the tiling describes srcShape " + shape +
                                          "]: " + rule + (empty ? " (an unfilled tiling?)" : ""));
  }
  if (ct::StackTooSmall(type, stack, eb)) {
    Fail(FaultKind::kInvalidArgument,
         name + ": tiling.param6 (the buffer's elements) is " + U(p[6]) +
             ": the temporary buffer must hold one 16 x 16 fractal (stackBufferSize of at least " +
             U(256 * eb) + " bytes, GetConfusionTransposeMaxMinTmpSize's min)");
  }
  uint32_t want[ct::kParams];
  ct::Fill(type, d, stack, eb, want);
  for (int i = 0; i < ct::kParams; ++i) {
    if (p[i] != want[i]) {
      Fail(FaultKind::kInvalidArgument, name + ": tiling.param" + U(i) + " is " + U(p[i]) +
                                            "; GetConfusionTransposeTilingInfo gives " +
                                            U(want[i]) + " for the shape its other fields give");
    }
  }
  // TransDataTo5HDParams::repeatTimes is a uint8_t: the 910B's code would wrap a bigger piece.
  const uint32_t piece = p[9] != 0 ? std::max(p[6], p[10]) : p[10];
  if ((type == ct::kNz2Nd0213 || type == ct::kNz2Nz0213) && piece / ct::kFractal > 255) {
    Fail(FaultKind::kInvalidArgument,
         name + ": a piece of " + U(piece) + " elements is " + U(piece / ct::kFractal) +
             " TransDataTo5HD repeats; repeatTimes holds at most 255 (a smaller stackBufferSize "
             "cuts S into smaller pieces)");
  }
  CtShape x;
  x.type = type;
  if (type == ct::kNd2NdOnly) {
    x.h = d[0], x.w = d[1];
  } else {
    x.b = d[0], x.n = d[1], x.s = d[2], x.hn = d[3];
  }
  return x;
}

// For each destination element, the source element it takes (-1: padding, 0 here).
std::vector<int64_t> Map(const CtShape& x) {
  std::vector<int64_t> m(x.DstElems(), -1);
  if (x.type == ct::kNd2NdOnly) {
    for (int64_t r = 0; r < x.h; ++r)
      for (int64_t c = 0; c < x.w; ++c) m[c * x.h + r] = r * x.w + c;
    return m;
  }
  const int64_t s = x.s, hn = x.hn, a3 = x.Hn16(), ah = x.H16(), n_ = x.n;
  for (int64_t b = 0; b < x.b; ++b)
    for (int64_t n = 0; n < n_; ++n)
      for (int64_t r = 0; r < s; ++r)
        for (int64_t j = 0; j < (x.type <= ct::kNz2Nz0213 ? a3 : hn); ++j) {
          const int64_t h = n * hn + j;
          // [B, N, H/N / 16, S, 16] (1, 2, 5, 6) or [B, H / 16, S, 16] (3, 4)
          const int64_t nz_bn = b * n_ * a3 * s + n * a3 * s + (j / 16) * s * 16 + r * 16 + j % 16;
          const int64_t nz_bh = b * ah * s + (h / 16) * s * 16 + r * 16 + h % 16;
          int64_t to = 0, from = nz_bn;
          switch (x.type) {
            case ct::kNz2Nd0213: to = b * n_ * s * a3 + r * n_ * a3 + n * a3 + j; break;
            case ct::kNz2Nz0213:
              to = b * n_ * s * a3 + r * n_ * a3 + (j / 16) * n_ * 16 + n * 16 + j % 16;
              break;
            case ct::kNz2Nz012WithN: to = nz_bn, from = nz_bh; break;
            case ct::kNz2Nd012WithN:
              to = b * n_ * s * a3 + n * s * a3 + r * a3 + j, from = nz_bh;
              break;
            case ct::kNz2Nd012WithoutN: to = b * s * ah + r * ah + h; break;
            default: to = nz_bh; break;  // kNz2Nz012WithoutN
          }
          m[to] = from;
        }
  return m;
}

bool Overlap(const detail::UbRef& a, uint64_t ab, const detail::UbRef& b, uint64_t bb) {
  return a.ptr < b.ptr + bb && b.ptr < a.ptr + ab;
}

// The 910B's instructions: each 16 x 16 fractal through two TransDataTo5HD (one for scenario 7;
// 32-bit data two instructions per pass), scenarios 3-6 a DataCopy of it between them. Each
// TransDataTo5HD repeat moves 512 B (two 256 B repeats' time, as the instruction is charged).
double Cost(const detail::Core& core, const CtShape& x, uint32_t eb,
            const AscendC::tiling::ConfusionTransposeTiling& t) {
  const double per = eb / 2.0;  // instructions per pass of a fractal column
  double instr = 0, repeats = 0;
  if (x.type == ct::kNd2NdOnly) {
    instr = static_cast<double>(x.h / 16);
    repeats = static_cast<double>(x.h * x.w) * eb / 512.0;
  } else if (x.type <= ct::kNz2Nz0213) {
    const double pieces = t.param9 + (t.param10 != 0 ? 1 : 0);
    instr = 2 * per * static_cast<double>(x.b * x.n * (x.Hn16() / 16)) * pieces;
    repeats = 2.0 * static_cast<double>(x.SrcElems()) * eb / 512.0;
  } else {
    const double fractals = static_cast<double>(x.SrcElems()) / 256.0;
    instr = (2 * per + 1) * fractals;
    repeats = 2.0 * static_cast<double>(x.SrcElems()) * eb / 512.0 +
              static_cast<double>(x.SrcElems()) * eb / 256.0 / 2;
  }
  return instr * core.vector_issue_ns + repeats * 2 * core.vector_repeat_ns;
}

void Issue(detail::Core& core, const ConfusionTransposeCall& c, uint64_t src_bytes,
           uint64_t dst_bytes, uint64_t tmp_bytes, double cost) {
  // Not IssueOnVectorPipe: the chip reads the NZ padding rows, which a kernel need not write.
  const double start =
      core.Issue(Pipe::kV, kApi, cost, 0, detail::VectorAutoSyncStart(core, c.dst, c.src, 1));
  if (!detail::TracksPipes(core)) return;
  detail::TrackRead(core, *c.src, Pipe::kV, start, start + cost, kApi, src_bytes);
  if (c.tmp != nullptr && tmp_bytes != 0) {
    detail::TrackWrite(core, *c.tmp, Pipe::kV, start, start + cost, kApi, tmp_bytes, tmp_bytes);
  }
  detail::TrackWrite(core, *c.dst, Pipe::kV, start, start + cost, kApi, dst_bytes, dst_bytes);
}

void CheckOperands(const ConfusionTransposeCall& c, const CtShape& x, const std::vector<int64_t>& m,
                   uint64_t src_bytes, uint64_t dst_bytes, uint64_t tmp_need) {
  const std::string name = TypeName(x.type);
  if (c.tmp != nullptr && c.tmp->bytes < tmp_need) {
    Fail(FaultKind::kInvalidArgument, name + ": sharedTmpBuffer holds " + U(c.tmp->bytes) +
                                          " bytes; the tiling uses " + U(tmp_need) +
                                          " (GetConfusionTransposeMaxMinTmpSize, stackBufferSize)");
  }
  if (c.tmp != nullptr && tmp_need != 0 &&
      (Overlap(*c.tmp, tmp_need, *c.src, src_bytes) ||
       Overlap(*c.tmp, tmp_need, *c.dst, dst_bytes))) {
    Fail(FaultKind::kInvalidArgument, name + ": sharedTmpBuffer overlaps src or dst");
  }
  if (!Overlap(*c.src, src_bytes, *c.dst, dst_bytes)) return;
  bool identity = c.src->ptr == c.dst->ptr && src_bytes == dst_bytes;
  for (size_t i = 0; identity && i < m.size(); ++i) identity = m[i] == static_cast<int64_t>(i);
  const bool one_16x16 = x.type == ct::kNd2NdOnly && x.h == 16 && x.w == 16 && c.elem_bytes == 2 &&
                         c.src->ptr == c.dst->ptr;
  if (!identity && !one_16x16) {
    Fail(FaultKind::kInvalidArgument,
         name +
             ": src and dst overlap: the 910B's code writes destination fractals before it has "
             "read the source ones they cover");
  }
}

void Run(const ConfusionTransposeCall& c) {
  const auto type = static_cast<uint32_t>(c.type);
  if (!ct::Known(type)) {
    Fail(FaultKind::kUnsupported,
         std::string("transposeType ") + TypeName(type) + " (" + U(type) +
             ") is not a scenario of the high-level Transpose on Atlas A2/A3: the page gives 1 "
             "(TRANSPOSE_NZ2ND_0213) to 7 (TRANSPOSE_ND2ND_ONLY); 13 to 16 are Ascend 950's");
  }
  const uint32_t eb = c.elem_bytes;
  const CtShape x = Decode(type, *c.tiling, eb);
  const uint64_t src_bytes = x.SrcElems() * eb, dst_bytes = x.DstElems() * eb;
  const uint64_t tmp_need = type == ct::kNd2NdOnly   ? 0
                            : type <= ct::kNz2Nz0213 ? uint64_t{c.tiling->param6} * eb
                                                     : 2 * ct::kFractal * eb;
  detail::Core& core = detail::Cur();
  HlOperands o;
  o.Write(c.dst, dst_bytes);
  o.Read(c.src, src_bytes);
  CheckOperandsInUb(core, o, tmp_need != 0 ? c.tmp : nullptr, kApi);
  const std::vector<int64_t> m = Map(x);
  CheckOperands(c, x, m, src_bytes, dst_bytes, tmp_need);
  Issue(core, c, src_bytes, dst_bytes, tmp_need, Cost(core, x, eb, *c.tiling));
  const std::vector<uint8_t> in(c.src->ptr, c.src->ptr + src_bytes);  // in place: read first
  uint8_t* out = c.dst->ptr;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m[i] < 0) {
      std::memset(out + i * eb, 0, eb);
    } else {
      std::memcpy(out + i * eb, in.data() + static_cast<uint64_t>(m[i]) * eb, eb);
    }
  }
  if (core.checked) {
    detail::MarkWritten(core, out, dst_bytes);
    if (c.tmp != nullptr && tmp_need != 0) detail::MarkWritten(core, c.tmp->ptr, tmp_need);
  }
}

}  // namespace ctranspose_impl

void RunConfusionTranspose(const ConfusionTransposeCall& call) { ctranspose_impl::Run(call); }

}  // namespace opsim::sim::hl
