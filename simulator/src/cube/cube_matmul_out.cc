// C's forms out of L0C (docs/CUBE.md, "Matmul output forms (session 38)"): where each tile of
// an ND, ND_ALIGN or NZ C lands (with MatmulConfig::isEnableChannelSplit, 16 x 8 fractals), the
// Fixpipe parameters CANN's CopyCubeOut gives it on Atlas A2/A3, and Init's rules for C's
// MatmulType (its format, its position: GM, VECIN or the kernel's own L0C, CO1).
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_tile.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/fault.h"
#include "runtime/describe_buffer.h"

namespace opsim::sim::detail {
namespace {

constexpr auto kOutNd = static_cast<uint8_t>(CubeFormat::ND);
constexpr auto kOutNz = static_cast<uint8_t>(CubeFormat::NZ);
constexpr auto kOutNdAlign = static_cast<uint8_t>(CubeFormat::ND_ALIGN);

uint32_t OutAlignUp(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }

// An NZ C's fractal column height: CANN's GetOrgM, by C's layout (MatmulTypes::layout_c: 1
// BSNGD, its S1; 2 SBNGD, B x S1), else orgM.
uint32_t OutOrgM(const MatmulState& s) {
  if (s.types.layout_c == 1) return static_cast<uint32_t>(s.tiling.CLayoutInfoS1);
  if (s.types.layout_c == 2) {
    return static_cast<uint32_t>(s.tiling.CLayoutInfoB) *
           static_cast<uint32_t>(s.tiling.CLayoutInfoS1);
  }
  return static_cast<uint32_t>(s.org_m);
}

}  // namespace

bool CInCo1(const MatmulState& s) {
  return s.form.pos[2] == static_cast<uint8_t>(AscendC::TPosition::CO1);
}

bool ChannelSplitOut(const MatmulState& s) {
  return s.cfg.isEnableChannelSplit && s.form.format[2] == kOutNz;
}

bool IsOutFormat(uint8_t f) { return f == kOutNd || f == kOutNz || f == kOutNdAlign; }

void CheckOutForm(const MatmulState& s, const char* api) {
  const std::string out(DTypeName(s.types.out));
  if (CInCo1(s) && s.types.out != s.types.l0c) {
    RaiseFault(FaultKind::kUnsupported, api,
               "C in TPosition::CO1 of " + out + ": CO1 holds the accumulators, " +
                   std::string(DTypeName(s.types.l0c)) +
                   " here (CANN: localCmatrix's type is "
                   "L0cT)");
  }
  const bool gm = s.form.pos[2] == static_cast<uint8_t>(AscendC::TPosition::GM);
  if (ChannelSplitOut(s) &&
      (s.types.out != DType::kFloat32 || s.types.l0c != DType::kFloat32 || !gm)) {
    RaiseFault(FaultKind::kUnsupported, api,
               "MatmulConfig::isEnableChannelSplit = true with C of " + out +
                   " in TPosition::" + TPositionName(s.form.pos[2]) +
                   " (CANN's page: C in CubeFormat::NZ of float from float accumulators, into "
                   "GM, only)");
  }
}

// CANN's CopyOutNZ2ND / CopyOutNZ2NZ (the 910B branch) and FixpipeParamsUtil: ND rows orgN (or
// orgKc) apart, ND_ALIGN with that pitch and the tile's columns aligned to 32 B; NZ fractal
// columns of orgM rows (C0 16 results, 32 for 8-bit C), the channel split's of orgM aligned to 16
// rows of 8. Sequential writes pack ND rows baseN apart, NZ columns Up16(rows) apart.
TileOut PlaceTile(const MatmulState& s, bool sequential) {
  const auto eb = static_cast<uint32_t>(DTypeSize(s.types.out));
  const auto mt = static_cast<uint32_t>(s.tile_m), nt = static_cast<uint32_t>(s.tile_n);
  const auto m0 = static_cast<uint64_t>(s.tile_m0), n0 = static_cast<uint64_t>(s.tile_n0);
  TileOut o;
  o.f.mSize = static_cast<uint16_t>(mt);
  o.f.nSize = static_cast<uint16_t>(nt);
  o.f.srcStride = static_cast<uint16_t>(Up16(mt));
  const uint8_t fmt = s.form.format[2];
  if (fmt != kOutNz) {
    auto pitch = static_cast<uint32_t>(s.org_kc > 0 ? s.org_kc : s.org_n);
    if (fmt == kOutNdAlign) {
      pitch = OutAlignUp(pitch, 32 / eb);
      o.f.nSize = static_cast<uint16_t>(OutAlignUp(nt, 32 / eb));
    }
    o.f.dstStride = sequential ? static_cast<uint32_t>(s.tiling.baseN) : pitch;
    o.at = sequential ? 0 : (m0 * pitch + n0) * eb;
    o.bytes = uint64_t{mt} * static_cast<uint32_t>(s.tiling.baseN) * eb;
    return o;
  }
  o.nd = false;
  const bool split = ChannelSplitOut(s);
  const uint32_t c0 = split ? 8 : (eb == 1 ? 32 : 16);
  const uint32_t org_m = split ? Up16(OutOrgM(s)) : OutOrgM(s);
  if (split) {  // whole 16 x 8 fractals: rows to 16 (8 with A transposed), columns to 8
    o.f.isChannelSplit = true;
    o.f.nSize = static_cast<uint16_t>(OutAlignUp(nt, 8));
    o.f.mSize = static_cast<uint16_t>(OutAlignUp(mt, s.trans_a ? 8 : 16));
  } else {
    o.f.nSize = static_cast<uint16_t>(Up16(nt));
  }
  const uint32_t rows = sequential ? Up16(mt) : org_m;
  o.f.dstStride = rows * c0 * eb / 32;
  o.at = sequential ? 0 : (n0 * org_m + m0 * c0) * eb;
  o.bytes = uint64_t{(o.f.nSize + c0 - 1u) / c0} * Up16(mt) * c0 * eb;
  return o;
}

// The cube computes whole 16 x 16 fractals: rows and columns past the tile's hold what A's and
// B's padding in L0A/L0B gives (B's ND2NZ zeros, A's rows whatever L1 held). opsim's Mmad marks
// only the m x n it was asked for as written; the NZ and ND_ALIGN read-outs copy the fractals'
// padding too, as CANN's do, so it counts as written here (its values are no result).
void MarkTilePadding(const MatmulState& s, const UbRef& c, uint32_t mt, uint32_t nt) {
  Core& core = Cur();
  if (!core.checked || s.form.format[2] == kOutNd) return;
  MarkWritten(core, c.ptr, uint64_t{Up16(mt)} * Up16(nt) * 4);
}

}  // namespace opsim::sim::detail
