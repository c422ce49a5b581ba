// The high-level TransData (adv_api/transpose/transdata.h) as the 910B's implementation computes
// it (asc-devkit transdata_impl.h: TransDataTo5HD transposes of 16 rows and DataCopy moves through
// the temporary buffer): channels and batches past C and N (the C1 * 16 and N1 * 16 padding) are
// 0 in NDC1HWC0 and FRACTAL_Z_3D; an NCDHW destination's H * W rows are padded to 16 elements with
// data the page calls invalid (0 here), an NCDHW source's padding is not read. Shapes that
// disagree, a sharedTmpBuffer below GetTransDataMaxMinTmpSize's figure, overlapping operands and a
// chip without the API (CANN compiles it for arch 2201 only of the shipped ones) are faults.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/transdata_shape.h"
#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/hl_transdata.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace transdata_impl {

using transdata::Dims;
using transdata::Format;
constexpr const char* kApi = "TransData";
constexpr uint64_t kElem = 2;

[[noreturn]] void Fail(FaultKind kind, const std::string& message) {
  RaiseFault(kind, kApi, message);
}
std::string S(int64_t v) { return std::to_string(v); }

const char* FormatName(Format f) {
  return f == transdata::kNcdhw ? "NCDHW" : f == transdata::kNdc1hwc0 ? "NDC1HWC0" : "FRACTAL_Z_3D";
}

bool Overlap(const detail::UbRef& a, uint64_t a_bytes, const detail::UbRef& b, uint64_t b_bytes) {
  return a.ptr < b.ptr + b_bytes && b.ptr < a.ptr + a_bytes;
}

// Element offsets of (n, c, d, hw) in each layout.
struct Offsets {
  const Dims& x;
  int64_t Ncdhw(int64_t n, int64_t c, int64_t d, int64_t hw) const {
    return ((n * x.c + c) * x.d + d) * x.PadHw() + hw;
  }
  int64_t Ndc1hwc0(int64_t n, int64_t c, int64_t d, int64_t hw) const {
    return (((n * x.d + d) * x.C1() + c / 16) * x.Hw() + hw) * 16 + c % 16;
  }
  int64_t FractalZ3d(int64_t n, int64_t c, int64_t d, int64_t hw) const {
    return ((((d * x.C1() + c / 16) * x.Hw() + hw) * x.N1() + n / 16) * 16 + n % 16) * 16 + c % 16;
  }
  int64_t Packed(Format f, int64_t n, int64_t c, int64_t d, int64_t hw) const {
    return f == transdata::kNdc1hwc0 ? Ndc1hwc0(n, c, d, hw) : FractalZ3d(n, c, d, hw);
  }
};

// Checked mode: every element the conversion takes from src was written (padding is not read).
void CheckSourceWritten(detail::Core& core, const TransDataCall& c, Format from, const Dims& x) {
  const Offsets at{x};
  if (from == transdata::kNcdhw) {
    for (int64_t row = 0; row < x.n * x.c * x.d; ++row) {
      detail::CheckWritten(core, *c.src, row * x.PadHw() * kElem, x.Hw() * kElem, kApi, "src");
    }
    return;
  }
  // Runs of valid channels: a C0 group's first min(16, C - 16 c1) elements.
  for (int64_t n = 0; n < x.n; ++n) {
    for (int64_t d = 0; d < x.d; ++d) {
      for (int64_t c1 = 0; c1 < x.C1(); ++c1) {
        const int64_t run = std::min<int64_t>(16, x.c - c1 * 16);
        for (int64_t hw = 0; hw < x.Hw(); ++hw) {
          const int64_t o = at.Packed(from, n, c1 * 16, d, hw);
          detail::CheckWritten(core, *c.src, o * kElem, run * kElem, kApi, "src");
        }
      }
    }
  }
}

void Issue(const TransDataCall& c, Format from, Format to, const Dims& x) {
  const uint64_t src_bytes = transdata::Elements(from, x) * kElem;
  const uint64_t dst_bytes = transdata::Elements(to, x) * kElem;
  const auto tmp_need = static_cast<uint64_t>(transdata::TmpBytes(from, to, x));
  detail::Core& core = detail::Cur();
  HlOperands o;
  o.Write(c.dst, dst_bytes);
  o.Read(c.src, src_bytes);
  CheckOperandsInUb(core, o, c.tmp, kApi);
  if (c.tmp != nullptr && c.tmp->bytes < tmp_need) {
    Fail(FaultKind::kInvalidArgument,
         "sharedTmpBuffer holds " + S(static_cast<int64_t>(c.tmp->bytes)) + " bytes; " +
             FormatName(from) + " -> " + FormatName(to) + " of N " + S(x.n) + ", C " + S(x.c) +
             ", D " + S(x.d) + ", H " + S(x.h) + ", W " + S(x.w) + " needs " +
             S(static_cast<int64_t>(tmp_need)) + " (GetTransDataMaxMinTmpSize)");
  }
  if (Overlap(*c.src, src_bytes, *c.dst, dst_bytes)) {
    Fail(FaultKind::kInvalidArgument, "src and dst overlap (the page forbids it)");
  }
  if (c.tmp != nullptr && (Overlap(*c.tmp, c.tmp->bytes, *c.src, src_bytes) ||
                           Overlap(*c.tmp, c.tmp->bytes, *c.dst, dst_bytes))) {
    Fail(FaultKind::kInvalidArgument, "sharedTmpBuffer overlaps src or dst (the page forbids it)");
  }
  if (core.checked) CheckSourceWritten(core, c, from, x);
  // The transposes and copies pass each byte about twice through the vector unit. Issued here,
  // not by IssueOnVectorPipe: its whole-span check of src would call the unread padding
  // uninitialised (the reads were checked above, element by element).
  const double cost = core.VectorCost(2 * (src_bytes + dst_bytes));
  const double start =
      core.Issue(Pipe::kV, kApi, cost, 0, detail::VectorAutoSyncStart(core, c.dst, c.src, 1));
  if (!detail::TracksPipes(core)) return;
  detail::TrackRead(core, *c.src, Pipe::kV, start, start + cost, kApi, src_bytes);
  if (c.tmp != nullptr) {
    detail::TrackWrite(core, *c.tmp, Pipe::kV, start, start + cost, kApi, c.tmp->bytes,
                       c.tmp->bytes);
  }
  detail::TrackWrite(core, *c.dst, Pipe::kV, start, start + cost, kApi, dst_bytes, dst_bytes);
}

void Convert(const TransDataCall& c, Format from, Format to, const Dims& x) {
  const Offsets at{x};
  uint8_t* dst = c.dst->ptr;
  const uint8_t* src = c.src->ptr;
  std::memset(dst, 0, transdata::Elements(to, x) * kElem);  // padding: channels, batches, H * W
  for (int64_t n = 0; n < x.n; ++n) {
    for (int64_t ch = 0; ch < x.c; ++ch) {
      for (int64_t d = 0; d < x.d; ++d) {
        for (int64_t hw = 0; hw < x.Hw(); ++hw) {
          const int64_t flat = at.Ncdhw(n, ch, d, hw);
          const int64_t packed = at.Packed(from == transdata::kNcdhw ? to : from, n, ch, d, hw);
          const int64_t s = from == transdata::kNcdhw ? flat : packed;
          const int64_t t = from == transdata::kNcdhw ? packed : flat;
          std::memcpy(dst + t * kElem, src + s * kElem, kElem);
        }
      }
    }
  }
}

void Run(const TransDataCall& c) {
  if (!a2::ChecksA2VectorDtypes()) {  // another chip's profile than the 910B's
    const DeviceProfile& device = *detail::Cur().device;
    Fail(FaultKind::kUnsupported, "TransData is not on " + device.name + " (" +
                                      device.architecture +
                                      "): CANN builds it for NpuArch 2201 (the 910B) only "
                                      "of opsim's chips, and its page lists Atlas A2/A3");
  }
  const auto from = static_cast<Format>(c.from), to = static_cast<Format>(c.to);
  const transdata::Parsed p =
      transdata::Parse(from, to, c.src_shape, c.src_dims, c.dst_shape, c.dst_dims);
  if (!p.ok) {
    Fail(FaultKind::kInvalidArgument,
         std::string("srcLayout ") + transdata::ShapeText(c.src_shape, c.src_dims) +
             ", dstLayout " + transdata::ShapeText(c.dst_shape, c.dst_dims) + ": " + p.rule);
  }
  Issue(c, from, to, p.dims);
  Convert(c, from, to, p.dims);
}

}  // namespace transdata_impl

void RunTransData(const TransDataCall& call) { transdata_impl::Run(call); }

}  // namespace opsim::sim::hl
