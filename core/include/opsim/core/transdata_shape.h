// The shapes of Ascend C's high-level TransData and the temporary buffer it needs, as CANN's host
// helper GetTransDataMaxMinTmpSize reports it: one set of rules, used by opsim's helper
// (op_api/src/transdata_tiling.cc) and by the kernel API's checks
// (simulator/src/runtime/hl_transdata.cc), so that the two cannot drift. Header-only, no
// dependencies.
//
// The four conversions of 16-bit data (C0 = N0 = 16): NCDHW [N, C, D, H, W] (in the UB each
// H * W row padded to 16 elements), NDC1HWC0 [N, D, C1, H, W, C0], FRACTAL_Z_3D
// [D, C1, H, W, N1, N0, C0]. The buffer figures follow the steps of the chip's implementation (a
// zero block for the padded channels, a staging copy of the transposed data).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

namespace opsim::transdata {

// CANN's DataFormat numbering (AscendC::DataFormat).
enum Format : uint8_t { kNcdhw = 5, kNdc1hwc0 = 6, kFractalZ3d = 7 };

struct Dims {
  int64_t n = 0, c = 0, d = 0, h = 0, w = 0;
  int64_t C1() const { return (c + 15) / 16; }
  int64_t N1() const { return (n + 15) / 16; }
  int64_t Hw() const { return h * w; }
  int64_t PadHw() const { return (h * w + 15) / 16 * 16; }
};

struct Parsed {
  bool ok = false;
  const char* rule = "";  // why not, for the caller's message
  Dims dims;
};

// "[2, 16, 3]": a shape as the helpers' and the kernel's messages print it.
inline std::string ShapeText(const int64_t* s, size_t dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims; ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

constexpr int DimsOf(Format f) { return f == kNcdhw ? 5 : f == kNdc1hwc0 ? 6 : 7; }

// The N, C, D, H, W both shapes describe; not ok when the pair is not one of the four
// conversions, a shape has the wrong number of dims, an extent is not positive, or the shapes
// disagree (C1 * C0 must be C rounded up to 16, N1 * N0 likewise).
inline Parsed Parse(Format from, Format to, const int64_t* src, int src_dims, const int64_t* dst,
                    int dst_dims) {
  Parsed p;
  const bool pair = (from == kNcdhw && (to == kNdc1hwc0 || to == kFractalZ3d)) ||
                    (to == kNcdhw && (from == kNdc1hwc0 || from == kFractalZ3d));
  if (!pair) {
    p.rule =
        "the conversions are NCDHW -> NDC1HWC0, NDC1HWC0 -> NCDHW, NCDHW -> FRACTAL_Z_3D "
        "and FRACTAL_Z_3D -> NCDHW";
    return p;
  }
  if (src_dims != DimsOf(from) || dst_dims != DimsOf(to)) {
    p.rule = "the shapes' dims do not match the formats (NCDHW 5, NDC1HWC0 6, FRACTAL_Z_3D 7)";
    return p;
  }
  const int64_t* ncdhw = from == kNcdhw ? src : dst;
  const int64_t* other = from == kNcdhw ? dst : src;
  const Format packed = from == kNcdhw ? to : from;
  Dims& x = p.dims;
  x = {ncdhw[0], ncdhw[1], ncdhw[2], ncdhw[3], ncdhw[4]};
  if (x.n <= 0 || x.c <= 0 || x.d <= 0 || x.h <= 0 || x.w <= 0) {
    p.rule = "every extent of the NCDHW shape must be positive";
    return p;
  }
  if (packed == kNdc1hwc0) {
    // [N, D, C1, H, W, C0]
    if (other[0] != x.n || other[1] != x.d || other[3] != x.h || other[4] != x.w) {
      p.rule = "NDC1HWC0's N, D, H, W must be NCDHW's";
      return p;
    }
    if (other[5] != 16 || other[2] != x.C1()) {
      p.rule = "NDC1HWC0's C0 must be 16 and C1 * C0 must be C rounded up to 16";
      return p;
    }
  } else {
    // [D, C1, H, W, N1, N0, C0]
    if (other[0] != x.d || other[2] != x.h || other[3] != x.w) {
      p.rule = "FRACTAL_Z_3D's D, H, W must be NCDHW's";
      return p;
    }
    if (other[6] != 16 || other[1] != x.C1()) {
      p.rule = "FRACTAL_Z_3D's C0 must be 16 and C1 * C0 must be C rounded up to 16";
      return p;
    }
    if (other[5] != 16 || other[4] != x.N1()) {
      p.rule = "FRACTAL_Z_3D's N0 must be 16 and N1 * N0 must be N rounded up to 16";
      return p;
    }
  }
  p.ok = true;
  return p;
}

// Elements of a tensor in `f` as the UB holds it (NCDHW with each H * W row padded).
inline int64_t Elements(Format f, const Dims& x) {
  if (f == kNcdhw) return x.n * x.c * x.d * x.PadHw();
  if (f == kNdc1hwc0) return x.n * x.d * x.C1() * x.Hw() * 16;
  return x.d * x.C1() * x.Hw() * x.N1() * 16 * 16;
}

// The temporary bytes of a conversion of 2-byte elements (GetTransDataMaxMinTmpSize: min = max).
inline int64_t TmpBytes(Format from, Format to, const Dims& x) {
  constexpr int64_t kBytes = 2;
  const int64_t c1 = x.C1(), n1 = x.N1(), pad = x.PadHw();
  if (from == kNcdhw && to == kNdc1hwc0) return x.d * pad * kBytes + x.d * c1 * 16 * pad * kBytes;
  if (from == kNdc1hwc0) return x.d * c1 * 16 * pad * kBytes + 512;
  if (to == kFractalZ3d) {
    const int64_t zeros = std::max(x.c * x.d * pad, x.d * x.Hw() * n1 * 16) * kBytes;
    return zeros + n1 * 16 * x.d * c1 * 16 * pad * kBytes;
  }
  const int64_t staged = n1 * 16 * c1 * 16 * x.d * pad * kBytes;
  return (x.n % 16 == 0 && x.c % 16 == 0) ? staged : 2 * staged;
}

}  // namespace opsim::transdata
