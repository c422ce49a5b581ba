// LoadData with LoadData3DParamsV2 on MTE1: img2col of an NC1HWC0 feature map in L1 into L0A
// (ZZ, or the transposed matrix with enTranspose) or L0B (the matrix as Mmad's B: its rows along
// B's K), and the registers it reads (docs/CUBE.md, "LoadData3DV2"). The model follows CANN's
// LoadData (卷积数据搬运) page and its load3d.py pseudocode: column k of the unrolled matrix is
// (c1, filter tap, c0) with k = (c1 x filterH x filterW + tap) x C0 + c0, row m the filter position
// (ho, wo) = (m / Wout, m % Wout); positions outside the l1H x l1W map read the padding value.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/cube_load3d.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr const char* kLoad3dInstr = "LoadData(LoadData3DParamsV2)";
constexpr uint32_t kLoad3dBlock = kCubeC0Bytes;  // C0 elements of one position: 32 B
constexpr uint32_t kLoad3dFrac = kCubeFractalBytes;

[[noreturn]] void Load3dInvalid(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, kLoad3dInstr, message);
}

void RequireLoad3dChip(const Core& core, const char* instr) {
  if (!IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               core.device->name + " (" + core.device->architecture +
                   ") is not modelled for it: opsim takes the Atlas A2/A3 form (LoadData3DV2 is "
                   "not on the 910A; the 310P's small-channel form differs)");
  }
}

// The unrolled matrix and the part of it one LoadData writes (`rows` x `cols`, the repeat's
// iterations side by side: along M for repeatMode 0, along K for 1).
struct Load3dGeometry {
  uint32_t bits = 0, c0 = 0;  // element bits (4 for int4b_t), C0 = 256 / bits
  int64_t l1h = 0, l1w = 0, pad_l = 0, pad_t = 0;
  int64_t kh = 0, kw = 0, sh = 0, sw = 0, dh = 0, dw = 0;
  uint64_t hout = 0, wout = 0, k_total = 0, m_total = 0;
  uint64_t m_start = 0, k_start = 0, m_ext = 0, k_ext = 0;
  uint64_t rep = 1, rep_stride = 0, rep_mode = 0;
  uint64_t rows = 0, cols = 0;
  bool to_l0b = false, transpose = false;
  uint64_t frac_cols = 0;  // fractals per fractal row of the destination layout
};

uint64_t Load3dSourceRow(const Load3dGeometry& g, uint64_t i) {
  if (g.rep_mode != 0) return g.m_start + i;
  return g.m_start + (i / g.m_ext) * g.rep_stride * 16 + i % g.m_ext;
}
uint64_t Load3dSourceCol(const Load3dGeometry& g, uint64_t j) {
  if (g.rep_mode != 1) return g.k_start + j;
  return g.k_start + (j / g.k_ext) * g.rep_stride * g.c0 + j % g.k_ext;
}

// Byte offset in the feature map of the C0 block of row m, column k (a multiple of C0), or -1
// where the filter covers padding (outside the l1H x l1W map).
int64_t Load3dSourceBlock(const Load3dGeometry& g, uint64_t m, uint64_t k) {
  const auto ho = static_cast<int64_t>(m / g.wout), wo = static_cast<int64_t>(m % g.wout);
  const auto taps = static_cast<uint64_t>(g.kh * g.kw);
  const uint64_t kblk = k / g.c0;
  const auto c1 = static_cast<int64_t>(kblk / taps);
  const auto tap = static_cast<int64_t>(kblk % taps);
  const int64_t h = ho * g.sh - g.pad_t + (tap / g.kw) * g.dh;
  const int64_t w = wo * g.sw - g.pad_l + (tap % g.kw) * g.dw;
  if (h < 0 || h >= g.l1h || w < 0 || w >= g.l1w) return -1;
  return ((c1 * g.l1h + h) * g.l1w + w) * kLoad3dBlock;
}

// Byte offset in L0A/L0B of element (i, j) of the part loaded. L0A: ZZ, 16 rows x C0 fractals
// (enTranspose: of the transposed matrix, each fractal 16 columns of it x C0 rows); L0B: Mmad's
// ZN B with B's K along the rows loaded (C0 of them per fractal) and N along the columns.
uint64_t Load3dDestOffset(const Load3dGeometry& g, uint64_t i, uint64_t j) {
  const uint64_t c0 = g.c0;
  if (g.to_l0b) {
    return ((i / c0) * g.frac_cols + j / 16) * kLoad3dFrac + ((j % 16) * c0 + i % c0) * g.bits / 8;
  }
  if (g.transpose) {
    return ((j / 16) * g.frac_cols + i / c0) * kLoad3dFrac + ((j % 16) * c0 + i % c0) * g.bits / 8;
  }
  return ((i / 16) * g.frac_cols + j / c0) * kLoad3dFrac + ((i % 16) * c0 + j % c0) * g.bits / 8;
}

void CheckLoad3dRanges(const Load3dArgs& a, uint32_t bits, bool to_l0b) {
  if (a.small_k) Load3dInvalid("enSmallK = true: the small-k form is no longer supported (CANN)");
  if (a.fmatrix_ctrl) {
    Load3dInvalid("fMatrixCtrl = true (the right feature-map register): only false is supported");
  }
  if (to_l0b && bits <= 8) {
    Load3dInvalid(std::to_string(bits) +
                  "-bit elements cannot go L1 -> L0B (B2) with LoadData3DV2 on Atlas A2/A3 (the "
                  "page: no b4/b8 on that path)");
  }
  if (!to_l0b && a.transpose && bits <= 8) {
    Load3dInvalid("enTranspose = true with " + std::to_string(bits) +
                  "-bit elements: L1 -> L0A transposes 16- and 32-bit only");
  }
  if (a.stride_w > 63 || a.stride_h > 63) {
    Load3dInvalid("strideW = " + std::to_string(a.stride_w) +
                  ", strideH = " + std::to_string(a.stride_h) + " (each must be in [0, 63])");
  }
  if (a.dilation_w == 0 || a.dilation_h == 0) {
    Load3dInvalid("dilationFilterW = " + std::to_string(a.dilation_w) + ", dilationFilterH = " +
                  std::to_string(a.dilation_h) + " (each must be in [1, 255])");
  }
  if (a.m_start > 32767)
    Load3dInvalid("mStartPt = " + std::to_string(a.m_start) + " (must be in [0, 32767])");
  const uint32_t c0 = kLoad3dBlock * 8 / bits;
  if (a.k_start % c0 != 0) {
    Load3dInvalid("kStartPt = " + std::to_string(a.k_start) + " is not a multiple of C0 = " +
                  std::to_string(c0) + " (32 B of " + std::to_string(bits) + "-bit elements)");
  }
}

// channelSize: a whole number of C0 groups is modelled; the small-channel values the page also
// lists (4 and 8 per 16 for 16-bit, ...) pack positions differently in L1 and are not.
void CheckLoad3dChannels(uint32_t channels, uint32_t bits) {
  const uint32_t c0 = kLoad3dBlock * 8 / bits;
  if (channels % c0 == 0) return;
  const uint32_t r = channels % c0;
  const bool listed = (bits == 32 && r == 4) || (bits == 16 && (r == 4 || r == 8)) ||
                      (bits == 8 && (r == 4 || r == 8 || r == 16)) ||
                      (bits == 4 && (r == 8 || r == 16 || r == 32));
  if (listed) {
    RaiseFault(FaultKind::kUnsupported, kLoad3dInstr,
               "channelSize = " + std::to_string(channels) + " leaves " + std::to_string(r) +
                   " channels of a C0 group: the small-channel forms are not modelled (a "
                   "multiple of C0 = " +
                   std::to_string(c0) + " is)");
  }
  Load3dInvalid("channelSize = " + std::to_string(channels) + " (for " + std::to_string(bits) +
                "-bit elements it must be a multiple of C0 = " + std::to_string(c0) +
                (bits == 32   ? " or leave 4"
                 : bits == 16 ? " or leave 4 or 8"
                 : bits == 8  ? " or leave 4, 8 or 16"
                              : " or leave 8, 16 or 32") +
                ")");
}

// The unrolled matrix's size from the registers and parameters; faults on a filter larger than
// the padded map and on parts past the matrix's columns or badly aligned.
Load3dGeometry MakeLoad3dGeometry(const Load3dArgs& a, uint32_t bits, const Load3dRegs& r,
                                  bool to_l0b) {
  Load3dGeometry g;
  g.bits = bits;
  g.c0 = kLoad3dBlock * 8 / bits;
  g.l1h = r.l1h[0], g.l1w = r.l1w[0];
  g.pad_l = r.pad[0][0], g.pad_t = r.pad[0][2];
  g.kw = a.filter_w + (a.filter_size_w ? 256 : 0);
  g.kh = a.filter_h + (a.filter_size_h ? 256 : 0);
  g.sw = a.stride_w, g.sh = a.stride_h, g.dw = a.dilation_w, g.dh = a.dilation_h;
  const int64_t wide = g.l1w + r.pad[0][0] + r.pad[0][1], tall = g.l1h + r.pad[0][2] + r.pad[0][3];
  const int64_t span_w = (g.kw - 1) * g.dw + 1, span_h = (g.kh - 1) * g.dh + 1;
  if (span_w > wide || span_h > tall) {
    Load3dInvalid("the dilated filter (" + std::to_string(span_h) + " x " + std::to_string(span_w) +
                  ") does not fit the padded feature map (" + std::to_string(tall) + " x " +
                  std::to_string(wide) + "): no output position");
  }
  g.wout = static_cast<uint64_t>((wide - span_w) / g.sw + 1);
  g.hout = static_cast<uint64_t>((tall - span_h) / g.sh + 1);
  g.m_total = g.hout * g.wout;
  g.k_total = uint64_t{a.channel_size} * static_cast<uint64_t>(g.kh * g.kw);
  g.m_start = a.m_start, g.k_start = a.k_start, g.m_ext = a.m_ext, g.k_ext = a.k_ext;
  g.rep = r.repeat_time, g.rep_stride = r.repeat_stride, g.rep_mode = r.repeat_mode;
  const uint64_t k_last = Load3dSourceCol(g, (g.rep_mode == 1 ? g.rep * g.k_ext : g.k_ext) - 1) + 1;
  if (k_last > g.k_total) {
    Load3dInvalid("the part loaded reaches column " + std::to_string(k_last) +
                  " of the unrolled matrix, which has " + std::to_string(g.k_total) +
                  " (channelSize x filterH x filterW; kStartPt = " + std::to_string(a.k_start) +
                  ", kExtension = " + std::to_string(a.k_ext) +
                  (g.rep_mode == 1 && g.rep > 1 ? ", with the repeat along K" : "") + ")");
  }
  if (g.k_ext % g.c0 != 0) {
    Load3dInvalid("kExtension = " + std::to_string(a.k_ext) +
                  " is not a multiple of C0 = " + std::to_string(g.c0));
  }
  if (bits <= 16 && g.m_ext % 16 != 0 && g.m_start + g.m_ext < g.m_total) {
    Load3dInvalid(
        "mExtension = " + std::to_string(a.m_ext) +
        " is not a multiple of 16 and the part (from mStartPt = " + std::to_string(a.m_start) +
        ") stops before the matrix's last row " + std::to_string(g.m_total) +
        " (Hout x Wout = " + std::to_string(g.hout) + " x " + std::to_string(g.wout) + ")");
  }
  g.rows = g.rep_mode == 0 ? g.rep * g.m_ext : g.m_ext;
  g.cols = g.rep_mode == 1 ? g.rep * g.k_ext : g.k_ext;
  g.to_l0b = to_l0b;
  g.transpose = !to_l0b && a.transpose;  // L1 -> L0B always turns over; enTranspose is ignored
  const uint64_t row_fracs = (g.rows + 15) / 16;
  g.frac_cols = to_l0b ? (g.cols + 15) / 16 : g.transpose ? row_fracs * 16 / g.c0 : g.cols / g.c0;
  return g;
}

// SetLoadDataBoundary: a block at L1 offset o >= the boundary reads from o % boundary (the page:
// the read goes on from L1's start; asc-devkit's set_loaddata_boundary sample relies on it). opsim
// follows such a read only into src's own buffer (the sample's case: src at L1's start).
void WrapAtLoad3dBoundary(const Core& core, const UbRef& src, const Load3dRegs& r,
                          std::vector<int64_t>* blocks) {
  if (r.boundary == 0) return;
  const uint64_t start = LocalMemoryOffset(core, static_cast<uint64_t>(src.ptr - core.ub));
  if (start >= r.boundary) {
    Load3dInvalid("src starts at L1 offset " + std::to_string(start) + ", outside the boundary " +
                  std::to_string(r.boundary) + " B SetLoadDataBoundary set");
  }
  for (int64_t& at : *blocks) {
    if (at < 0) continue;
    const uint64_t o = start + static_cast<uint64_t>(at);
    if (o + kLoad3dBlock <= r.boundary) continue;
    const uint64_t w = o % r.boundary;
    if (o < r.boundary || w + kLoad3dBlock > r.boundary) {
      RaiseFault(FaultKind::kUnsupported, kLoad3dInstr,
                 "the 32 B block at L1 offset " + std::to_string(o) + " straddles the boundary " +
                     std::to_string(r.boundary) + " B SetLoadDataBoundary set: not modelled");
    }
    if (w < start) {
      RaiseFault(FaultKind::kUnsupported, kLoad3dInstr,
                 "the read at L1 offset " + std::to_string(o) + " wraps at the boundary " +
                     std::to_string(r.boundary) + " B to offset " + std::to_string(w) +
                     ", below src (at " + std::to_string(start) +
                     "): a read of another buffer, not modelled");
    }
    at = static_cast<int64_t>(w - start);
  }
}

// The source block of each C0 run of the part loaded (rows x cols / C0, row by row), -1 for
// padding.
std::vector<int64_t> Load3dSourceBlocks(const Load3dGeometry& g) {
  std::vector<int64_t> blocks;
  blocks.reserve(g.rows * (g.cols / g.c0));
  for (uint64_t i = 0; i < g.rows; ++i) {
    const uint64_t m = Load3dSourceRow(g, i);
    for (uint64_t j = 0; j < g.cols; j += g.c0) {
      blocks.push_back(Load3dSourceBlock(g, m, Load3dSourceCol(g, j)));
    }
  }
  return blocks;
}

// Copies the part loaded into dst, a C0 run at a time: its elements are adjacent in L0A (ZZ) and
// C0 x sizeof(T) apart in the turned-over layouts. In checked mode the written state travels
// element by element (the padding counts as written).
void Load3dUnroll(Core& core, const Load3dGeometry& g, const UbRef& dst, const UbRef& src,
                  const std::vector<int64_t>& blocks, uint64_t pad_bits) {
  uint8_t pad[kLoad3dBlock];
  if (g.bits == 4) {  // an assumption: int4b_t elements take the register's low four bits
    std::memset(pad, static_cast<int>((pad_bits & 0xF) * 0x11), kLoad3dBlock);
  } else {
    const uint32_t eb = g.bits / 8;
    for (uint32_t e = 0; e < g.c0; ++e) {
      std::memcpy(pad + e * eb, &pad_bits, eb);  // the register's low bytes (little-endian)
    }
  }
  // L0A's ZZ keeps a C0 run's 32 B together; the turned-over layouts (16- and 32-bit elements
  // only) put its elements C0 x sizeof(T) apart.
  const bool whole = !g.to_l0b && !g.transpose;
  const uint32_t unit = whole ? 1 : g.bits / 8;  // bytes moved and tracked together
  const uint64_t step = whole ? 1 : uint64_t{g.c0} * unit;
  size_t b = 0;
  for (uint64_t i = 0; i < g.rows; ++i) {
    for (uint64_t j = 0; j < g.cols; j += g.c0, ++b) {
      const int64_t at = blocks[b];
      const uint8_t* from = at < 0 ? pad : src.ptr + at;
      uint8_t* to = dst.ptr + Load3dDestOffset(g, i, j);
      if (whole) {
        std::memcpy(to, from, kLoad3dBlock);
      } else {
        for (uint32_t e = 0; e < g.c0; ++e) std::memcpy(to + e * step, from + e * unit, unit);
      }
      if (!core.checked) continue;
      if (at < 0 || LocalWritten(core, from, kLoad3dBlock)) {
        if (whole) MarkWritten(core, to, kLoad3dBlock);
        for (uint32_t e = 0; !whole && e < g.c0; ++e) MarkWritten(core, to + e * step, unit);
        continue;
      }
      for (uint32_t e = 0; e < kLoad3dBlock / unit; ++e) {
        if (LocalWritten(core, from + e * unit, unit)) MarkWritten(core, to + e * step, unit);
      }
    }
  }
}

// The page's NOPs (l1H, l1W, channelSize, kExtension, mExtension or repeatTime 0, a filter size 0
// without filterSizeW/H): a warning and one MTE1 issue. Returns whether the load is one.
bool Load3dNop(Core& core, const Load3dArgs& a, const Load3dRegs& r, double issue) {
  const bool nop = r.l1h[0] == 0 || r.l1w[0] == 0 || a.channel_size == 0 || a.k_ext == 0 ||
                   a.m_ext == 0 || (a.filter_w == 0 && !a.filter_size_w) ||
                   (a.filter_h == 0 && !a.filter_size_h) || r.repeat_time == 0;
  if (!nop) return false;
  if (core.launch != nullptr) {
    core.launch->Warn(core, "empty_load", kLoad3dInstr, -1, [&] {
      return std::string(kLoad3dInstr) + " with l1H " + std::to_string(r.l1h[0]) + ", l1W " +
             std::to_string(r.l1w[0]) + ", channelSize " + std::to_string(a.channel_size) +
             ", kExtension " + std::to_string(a.k_ext) + ", mExtension " + std::to_string(a.m_ext) +
             ", filter " + std::to_string(a.filter_h) + " x " + std::to_string(a.filter_w) +
             " or repeatTime " + std::to_string(r.repeat_time) +
             " at 0 loads nothing (CANN: a NOP)";
    });
  }
  core.Issue(Pipe::kMte1, kLoad3dInstr, issue, 0);
  return true;
}

}  // namespace

void CubeLoad3DV2(const UbRef& dst, const UbRef& src, uint32_t elem_bits, const Load3dArgs& a,
                  bool set_fmatrix, bool set_padding, uint64_t pad_bits) {
  Core& core = Cur();
  RequireLoad3dChip(core, kLoad3dInstr);
  RequireCubeOperand(core, src, static_cast<int>(CubeMem::kL1), -1, kLoad3dBlock, kLoad3dInstr,
                     "src", "L1 (A1, B1)");
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0A), static_cast<int>(CubeMem::kL0B),
                     kLoad3dFrac, kLoad3dInstr, "dst", "L0A (A2) or L0B (B2)");
  const bool to_l0b = LocalMemoryAt(core, static_cast<uint64_t>(dst.ptr - core.ub)) ==
                      static_cast<int>(CubeMem::kL0B);
  Load3dRegs& r = Load3dRegsOf(core);
  // The configuration's register writes come first (CANN's LoadDataImpl), even for a NOP load.
  if (set_fmatrix) {
    r.fmatrix_set[0] = true;
    r.l1h[0] = a.l1h, r.l1w[0] = a.l1w;
    std::memcpy(r.pad[0], a.pad_list, 4);
  }
  if (set_padding) r.padding_set = true, r.padding = pad_bits;
  CheckLoad3dRanges(a, elem_bits, to_l0b);
  if (!r.fmatrix_set[0]) {
    Load3dInvalid(
        "the feature-map register was never set in this block: with isSetFMatrix = false call "
        "SetFmatrix first (the chip would take l1H, l1W and padList from whatever an earlier "
        "kernel left there)");
  }
  if (r.l1h[0] > 32767 || r.l1w[0] > 32767) {
    Load3dInvalid("l1H = " + std::to_string(r.l1h[0]) + ", l1W = " + std::to_string(r.l1w[0]) +
                  " (each must be in [0, 32767])");
  }
  const double issue = CubeNs(core, core.device->instr_issue_cycles);
  if (Load3dNop(core, a, r, issue)) return;
  if (a.stride_w == 0 || a.stride_h == 0) {
    RaiseFault(FaultKind::kUnsupported, kLoad3dInstr,
               "strideW = " + std::to_string(a.stride_w) +
                   ", strideH = " + std::to_string(a.stride_h) +
                   ": a stride of 0 (the filter does not move) is not modelled; 1..63 are");
  }
  CheckLoad3dChannels(a.channel_size, elem_bits);
  const Load3dGeometry g = MakeLoad3dGeometry(a, elem_bits, r, to_l0b);
  // Exact extents: the last byte read in src, and in dst the last element loaded (it lies in
  // the last fractal, at its largest offset; rows past mExtension in that fractal row are not
  // written).
  std::vector<int64_t> blocks = Load3dSourceBlocks(g);
  WrapAtLoad3dBoundary(core, src, r, &blocks);
  uint64_t src_end = 0;
  bool any_pad = false;
  for (const int64_t at : blocks) {
    any_pad = any_pad || at < 0;
    if (at >= 0) src_end = std::max<uint64_t>(src_end, static_cast<uint64_t>(at) + kLoad3dBlock);
  }
  const uint64_t dst_end = Load3dDestOffset(g, g.rows - 1, g.cols - 1) + (g.bits + 7) / 8;
  CheckUb(core, src, src_end, kLoad3dInstr, "src");
  CheckUb(core, dst, dst_end, kLoad3dInstr, "dst");
  if (any_pad && !r.padding_set && core.launch != nullptr) {
    core.launch->Warn(core, "padding_value_unset", kLoad3dInstr, -1, [&] {
      return std::string(kLoad3dInstr) +
             " reads padding but the padding register was never set in this block "
             "(isSetPadding = false without SetLoadDataPaddingValue): opsim pads with 0, the "
             "chip with whatever an earlier kernel left";
    });
  }
  const uint64_t moved = g.rows * g.cols * g.bits / 8;
  const double cost =
      issue + CubeNs(core, static_cast<double>(moved) / core.device->mte1_bytes_per_cycle);
  const double start = core.Issue(Pipe::kMte1, kLoad3dInstr, cost, moved);
  if (TracksPipes(core)) {
    if (src_end > 0) TrackRead(core, src, Pipe::kMte1, start, start + cost, kLoad3dInstr, src_end);
    TrackWrite(core, dst, Pipe::kMte1, start, start + cost, kLoad3dInstr, 0, dst_end);
  }
  Load3dUnroll(core, g, dst, src, blocks, r.padding_set ? r.padding : 0);
}

void CubeSetFmatrix(uint16_t l1h, uint16_t l1w, const uint8_t pad_list[4], uint8_t mode) {
  Core& core = Cur();
  const char* instr = "SetFmatrix";
  RequireLoad3dChip(core, instr);
  if (l1h < 1 || l1h > 32767 || l1w < 1 || l1w > 32767) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "l1H = " + std::to_string(l1h) + ", l1W = " + std::to_string(l1w) +
                   " (each must be in [1, 32767])");
  }
  if (mode > 1) {
    RaiseFault(
        FaultKind::kInvalidArgument, instr,
        "fmatrixMode = " + std::to_string(mode) + " (FMATRIX_LEFT = 0 or FMATRIX_RIGHT = 1)");
  }
  // The right register is written as on the chip; LoadData3DV2 reads only the left one
  // (fMatrixCtrl = true faults), as the page says of both.
  Load3dRegs& r = Load3dRegsOf(core);
  r.fmatrix_set[mode] = true;
  r.l1h[mode] = l1h, r.l1w[mode] = l1w;
  std::memcpy(r.pad[mode], pad_list, 4);
}

void CubeSetLoad3dPadding(uint64_t bits) {
  Core& core = Cur();
  RequireLoad3dChip(core, "SetLoadDataPaddingValue");
  Load3dRegs& r = Load3dRegsOf(core);
  r.padding_set = true;
  r.padding = bits;
}

void CubeSetLoadDataRepeat(uint16_t stride, uint8_t times, uint8_t mode) {
  Core& core = Cur();
  const char* instr = "SetLoadDataRepeat";
  RequireLoad3dChip(core, instr);
  if (mode > 1) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "repeatMode = " + std::to_string(mode) +
                   " (0: along the height, M; 1: along the width, K)");
  }
  Load3dRegs& r = Load3dRegsOf(core);
  r.repeat_stride = stride, r.repeat_time = times, r.repeat_mode = mode;
}

void CubeSetLoadDataBoundary(uint32_t bytes) {
  Core& core = Cur();
  const char* instr = "SetLoadDataBoundary";
  RequireLoad3dChip(core, instr);
  if (bytes > 0 && bytes < 1024) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "boundaryValue = " + std::to_string(bytes) +
                   " B: 0 (no boundary) or at least 1024 (1..1023 are undefined on the chip)");
  }
  Load3dRegsOf(core).boundary = bytes;
}

}  // namespace opsim::sim::detail
