// The buffers a Matmul carves at Init from its core's (or its AIC's) L1, L0A, L0B, L0C and bias
// table (docs/CUBE.md, "The high-level Matmul"; Norm's A1/B1 as CANN's cache and queue,
// "Matmul input forms (session 38)").
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/cube_matmul_tile.h"
#include "cube/mix_run.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {
namespace {

// Bytes of an A1 (B1) buffer: `step` base blocks of `base` rows over k, rows and K padded to 16.
// A tiling whose buffer passes 4 GiB (no L1 holds it) is InitBuffer's overflow, not a wrap.
// `align`: what the rows (A) or columns (B) are padded to (L1NAlign).
uint32_t L1PieceBytes(const MatmulState& s, uint32_t base, uint32_t step, uint32_t k,
                      uint32_t align, const char* queue) {
  const uint64_t bytes = InBytes(
      s, (uint64_t{base} * step + align - 1) / align * align * ((uint64_t{k} + 15) / 16 * 16));
  if (bytes > UINT32_MAX) {
    RaiseFault(FaultKind::kUbOverflow, "Matmul::Init",
               std::string(queue) + " buffer of " + std::to_string(bytes) +
                   " B (the tiling's steps of base blocks) does not fit L1's " +
                   std::to_string(Cur().device->l1_bytes) + " B");
  }
  return static_cast<uint32_t>(bytes);
}

// CANN's Norm CubeInBuffer holds more than two pieces as one cache buffer (qidCache_) and a
// double-buffered queue: `n` pieces take that L1 (the cache a TBuf here, as opsim reads every
// piece again), and the queue's two buffers are what count against the position's slots.
uint32_t NormCache(const MatmulState& s, Position pos, uint32_t n, uint32_t bytes) {
  if (s.mdl || n <= 2) return n;
  const uint64_t cache = uint64_t{n - 2} * bytes;
  InitScratchAt(pos, static_cast<uint32_t>(std::min<uint64_t>(cache, UINT32_MAX)), -1, -1);
  return 2;
}

}  // namespace

void InitMatmulQueues(const MatmulState& s, MatmulQueues& q) {
  const TCubeTiling& t = s.tiling;
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(s.types.a));
  const auto bytes = [&](uint64_t elems) { return static_cast<uint32_t>(InBytes(s, elems)); };
  const auto bm = static_cast<uint32_t>(t.baseM), bn = static_cast<uint32_t>(t.baseN);
  const auto bk = static_cast<uint32_t>(t.baseK);
  const uint32_t ka = bk * static_cast<uint32_t>(t.stepKa);
  const uint32_t kb = bk * static_cast<uint32_t>(t.stepKb);
  // NORM: depthA1 / stepKa buffers of one base block of M; MDL: CANN's CubeInBuffer, one or two
  // buffers of stepM base blocks of M (stepN of N).
  const auto sm = static_cast<uint32_t>(s.mdl ? t.stepM : 1);
  const auto sn = static_cast<uint32_t>(s.mdl ? t.stepN : 1);
  const uint32_t a1n = s.mdl ? MdlBuffers(t.depthA1, t.stepM, t.stepKa)
                             : static_cast<uint32_t>(std::max(1, t.depthA1 / t.stepKa));
  const uint32_t b1n = s.mdl ? MdlBuffers(t.depthB1, t.stepN, t.stepKb)
                             : static_cast<uint32_t>(std::max(1, t.depthB1 / t.stepKb));
  if (!InL1(s, false)) {
    const uint32_t bytes = L1PieceBytes(s, bm, sm, ka, 16, "A1");
    q.a1 = InitQueueIn(Position::kA1, Position::kA1, 1, NormCache(s, Position::kA1, a1n, bytes),
                       bytes, q.a1, -1);
  }
  if (!InL1(s, true)) {  // the sparse B holds its dense K / 2 (CANN's sparse CubeInBuffer)
    const uint32_t b1k = s.form.sparse_b ? kb / 2 : kb;
    const uint32_t bytes = L1PieceBytes(s, bn, sn, b1k, L1NAlign(s), "B1");
    q.b1 = InitQueueIn(Position::kB1, Position::kB1, 1, NormCache(s, Position::kB1, b1n, bytes),
                       bytes, q.b1, -1);
    if (s.form.sparse_b) {
      q.idx1 = InitQueueIn(Position::kB1, Position::kB1, 1, b1n, SparseIndexBytes(bn * sn, b1k),
                           q.idx1, -1);
    }
  }
  // Float A2 buffers hold K aligned to 16 where L0A has room (CANN's GetABaseWidthAlign for A
  // transposed, what its transposed load leaves), so that SetTensorA may transpose A.
  const uint32_t a2_k =
      eb == 4 && static_cast<uint64_t>(t.dbL0A) * bm * Up16(bk) * eb <= Cur().device->l0a_bytes
          ? Up16(bk)
          : bk;
  q.a2 = InitQueueIn(Position::kA2, Position::kA2, 1, static_cast<uint32_t>(t.dbL0A),
                     bytes(bm * a2_k), q.a2, -1);
  q.b2 = InitQueueIn(Position::kB2, Position::kB2, 1, static_cast<uint32_t>(t.dbL0B), B2Bytes(s),
                     q.b2, -1);
  // CANN's CubeOutBuffer: with unitFlag one TBuf of baseM x baseN (the marks order its Mmads and
  // Fixpipes); without, a CO1 queue of dbL0C buffers.
  // The Matmul library sets unitFlag only where the chip has it, as CANN's does.
  // The channel split's Fixpipe takes no unitFlag (the F32 Channel Split page): its tiles go
  // through the CO1 queue. C in CO1 is the kernel's own L0C: no buffer (CANN's carves none).
  q.unit_flag = s.unit_flag && IsA2GenerationCube(Cur()) && !ChannelSplitOut(s);
  if (CInCo1(s)) {
  } else if (q.unit_flag) {
    q.c_buf = InitScratchAt(Position::kCO1, bm * bn * 4, q.c_buf, -1);
  } else {
    q.c = InitQueueIn(Position::kCO1, Position::kCO1, 1,
                      std::max(1u, static_cast<uint32_t>(t.dbL0C)), bm * bn * 4, q.c, -1);
  }
  if (s.form.quant_out) {
    q.quant1 = InitQueueIn(Position::kC1, Position::kC1, 1, 1, bn * 8, q.quant1, -1);
  }
  if (t.isBias != 0) {
    const uint32_t beb = static_cast<uint32_t>(DTypeSize(s.types.bias));
    q.bias1 = InitQueueIn(Position::kC1, Position::kC1, 1, 1, (bn * 4 + 63) / 64 * 64 * beb / 4,
                          q.bias1, -1);
    q.bias2 = InitQueueIn(Position::kC2, Position::kC2, 1, 1, bn * 4, q.bias2, -1);
  }
}

void BindQueues(MatmulState& s, const char* api) {
  if (tls_mix == nullptr || tls_mix->member->aic) {
    InitMatmulQueues(s, s.own);
    return;
  }
  s.object_index = tls_mix->member->objects_seen++;
  auto& slots = *tls_mix->slots;
  if (static_cast<size_t>(s.object_index) < slots.size()) {
    if (std::memcmp(&slots[static_cast<size_t>(s.object_index)].tiling, &s.tiling,
                    sizeof(TCubeTiling)) != 0) {
      RaiseFault(FaultKind::kInvalidArgument, api,
                 "AIV sub-block " + std::to_string(tls_mix->sub_block) + " registers Matmul " +
                     std::to_string(s.object_index) +
                     " with a tiling other than sub-block 0's: the AIC serves both with one "
                     "object");
    }
    return;
  }
  if (tls_mix->aic_pipe_epoch == 0) tls_mix->aic_pipe_epoch = PipeBegin();
  slots.push_back({});
  slots.back().tiling = s.tiling;
  InitMatmulQueues(s, slots.back().queues);
}

// Another tiling carves new buffers from the pipe as CANN's scheduler Init does (the old stay
// taken), on a MIX block's AIC once for the slot.
void RebindQueues(MatmulState& s, const TCubeTiling& old) {
  if (std::memcmp(&old, &s.tiling, sizeof(TCubeTiling)) == 0) return;
  if (tls_mix == nullptr || tls_mix->member->aic) {
    s.own = {};
    InitMatmulQueues(s, s.own);
    return;
  }
  MixBlock::Slot& slot = (*tls_mix->slots)[static_cast<size_t>(s.object_index)];
  if (std::memcmp(&slot.tiling, &s.tiling, sizeof(TCubeTiling)) == 0) return;
  slot.tiling = s.tiling;
  slot.queues = {};
  InitMatmulQueues(s, slot.queues);
}

}  // namespace opsim::sim::detail
