// CFG_MDL's multi-tile loads (docs/CUBE.md, "CFG_MDL"): CANN's MDL scheduler walks a block in
// groups of stepM x stepN tiles; where an operand's K fits one L1 load, one DataCopy brings the
// stepM (stepN) base blocks of its group into L1 for every tile of the group.
#include <algorithm>
#include <string>

#include "cube/cube_matmul_tile.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

namespace {

// One level of the walk: `index` among the tiles of `outer_tiles` tiles along the outer axis
// (grouped by `outer_step`) times `inner_tiles` along the inner one (grouped by `inner_step`);
// the inner axis' groups are the outermost loop, as CANN's MoveOnIterateOrderM/N nest them.
// Returns (the outer axis' tile, the inner axis' tile).
TileIndex Walk(uint64_t index, uint64_t outer_tiles, uint64_t outer_step, uint64_t inner_tiles,
               uint64_t inner_step) {
  // Every inner group but the last is inner_step wide, so whole groups before it take
  // outer_tiles x inner_step tiles each.
  const uint64_t ig = index / (outer_tiles * inner_step);
  const uint64_t width = std::min(inner_step, inner_tiles - ig * inner_step);
  const uint64_t r = index - ig * outer_tiles * inner_step;
  const uint64_t og = r / (outer_step * width);
  const uint64_t r2 = r - og * outer_step * width;
  return {static_cast<uint32_t>(og * outer_step + r2 / width),
          static_cast<uint32_t>(ig * inner_step + r2 % width)};
}

uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

}  // namespace

TileIndex TileAt(const TCubeTiling& t, bool mdl, uint32_t index, uint32_t m_tiles,
                 uint32_t n_tiles) {
  // CFG_NORM is the walk with groups of one tile.
  const auto sm = static_cast<uint32_t>(mdl ? t.stepM : 1);
  const auto sn = static_cast<uint32_t>(mdl ? t.stepN : 1);
  if (t.iterateOrder == 0) {  // N groups { M groups { M in group { N in group } } }
    const TileIndex w = Walk(index, m_tiles, sm, n_tiles, sn);
    return {w.mi, w.ni};
  }
  const TileIndex w = Walk(index, n_tiles, sn, m_tiles, sm);
  return {w.ni, w.mi};
}

MdlGroup MdlGroupOf(uint32_t at, uint32_t tile, uint32_t base, int32_t step, uint32_t single,
                    bool k_full) {
  if (!k_full) return {at, tile, 0};
  const uint32_t span = base * static_cast<uint32_t>(step);
  const uint32_t start = at / span * span;
  return {start, std::min(span, single - start), at - start};
}

uint32_t MdlBuffers(int32_t depth, int32_t step_mn, int32_t step_k) {
  // CANN's cacheFactor = (depth / (step_mn x step_k) - 1) & 1, in two's complement.
  const int64_t factor = (depth / (int64_t{step_mn} * step_k) - 1) & 1;
  return factor == 0 ? 1u : 2u;
}

void CheckMdlSteps(const TCubeTiling& t, const char* api) {
  const uint32_t k_iter =
      CeilDiv(static_cast<uint32_t>(t.singleCoreK), static_cast<uint32_t>(t.baseK));
  struct Axis {
    const char *step_name, *k_name, *operand;
    int32_t step, step_k;
  };
  for (const Axis& a : {Axis{"stepM", "stepKa", "A", t.stepM, t.stepKa},
                        Axis{"stepN", "stepKb", "B", t.stepN, t.stepKb}}) {
    if (a.step < 1) {
      RaiseFault(FaultKind::kInvalidArgument, api,
                 std::string("tiling ") + a.step_name + " = " + std::to_string(a.step) +
                     " (expected >= 1: CFG_MDL loads " + a.step_name +
                     " base blocks into L1 at a time)");
    }
    if (a.step > 1 && k_iter > static_cast<uint32_t>(a.step_k)) {
      RaiseFault(FaultKind::kInvalidArgument, api,
                 std::string("tiling ") + a.step_name + " = " + std::to_string(a.step) + " with " +
                     a.k_name + " = " + std::to_string(a.step_k) + " of the " +
                     std::to_string(k_iter) +
                     " base blocks of singleCoreK = " + std::to_string(t.singleCoreK) + " (baseK " +
                     std::to_string(t.baseK) + "): CANN's MDL loads several base blocks of " +
                     a.operand + " at once only when its whole K fits one L1 load (" + a.step_name +
                     " must be 1 otherwise)");
    }
  }
}

}  // namespace opsim::sim::detail
