// The cube tests' matmul model: one matmul on one cube core (GM -> L1 -> L0A/L0B -> Mmad ->
// Fixpipe -> GM) and its scalar reference, shared by runtime_cube_test.cc and
// runtime_cube_config_test.cc.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::cube_model {

using namespace AscendC;

inline uint32_t Up16(uint32_t v) { return (v + 15) / 16 * 16; }

// One matmul on one cube core: C (M x N) = A (M x K) x B, B given in GM as K x N (trans_b false:
// loaded into L0B with LoadData's ifTranspose) or as N x K (trans_b true: already ZN in L1).
struct MmShape {
  uint32_t m, k, n;
  bool trans_b;
};

template <typename A, typename C, typename Out>
struct MatmulKernel {
  MmShape s;
  const A* a;
  const A* b;
  Out* c;
  QuantMode_t quant = QuantMode_t::NoQuant;
  bool relu = false;
  bool sync = true;                 // the SetFlag/WaitFlag pairs between MTE2, MTE1, M and FIX
  void (*before_mmad)() = nullptr;  // e.g. the mode registers Mmad reads (SetHF32Mode)
  // The operands as raw-address tensors (LocalTensor(pos, addr, tileSize)) at the start of each
  // memory, B1 after A1 in L1, with no TPipe, instead of TBufs.
  bool raw = false;

  static constexpr uint32_t kK0 = 32 / sizeof(A);

  void operator()() const {
    const uint32_t mp = Up16(s.m), np = Up16(s.n);
    const uint32_t kp = (s.k + kK0 - 1) / kK0 * kK0;
    const uint32_t mb = mp / 16, nb = np / 16, kb = kp / kK0;
    const uint32_t a_len = mp * kp, b_len = kp * np + (s.trans_b ? 0 : 512 * nb / sizeof(A));
    LocalTensor<A> la1, lb1, la2, lb2;
    LocalTensor<C> lc;
    if (raw) {
      la1 = LocalTensor<A>(TPosition::A1, 0, a_len);
      lb1 = LocalTensor<A>(TPosition::B1, (a_len * sizeof(A) + 31) / 32 * 32, b_len);
      la2 = LocalTensor<A>(TPosition::A2, 0, a_len);
      lb2 = LocalTensor<A>(TPosition::B2, 0, kp * np);
      lc = LocalTensor<C>(TPosition::CO1, 0, mp * np);
    }
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    if (!raw) {
      pipe.InitBuffer(a1, a_len * sizeof(A));
      pipe.InitBuffer(b1, b_len * sizeof(A));
      pipe.InitBuffer(a2, a_len * sizeof(A));
      pipe.InitBuffer(b2, kp * np * sizeof(A));
      pipe.InitBuffer(co1, mp * np * sizeof(C));
      la1 = a1.Get<A>(), lb1 = b1.Get<A>(), la2 = a2.Get<A>(), lb2 = b2.Get<A>();
      lc = co1.Get<C>();
    }
    GlobalTensor<A> ga, gb;
    GlobalTensor<Out> gc;
    ga.SetGlobalBuffer(const_cast<A*>(a), s.m * s.k);
    gb.SetGlobalBuffer(const_cast<A*>(b), s.k * s.n);
    gc.SetGlobalBuffer(c, s.m * s.n);
    // A: M x K rows into NZ, C0 columns mp rows apart.
    DataCopy(la1, ga,
             Nd2NzParams{1, static_cast<uint16_t>(s.m), static_cast<uint16_t>(s.k), 0,
                         static_cast<uint16_t>(s.k), static_cast<uint16_t>(mp), 1, 0});
    if (s.trans_b) {  // N x K rows: NZ fractal (nb, kb) at kb * nb + nb, inner n-major = ZN
      DataCopy(lb1, gb,
               Nd2NzParams{1, static_cast<uint16_t>(s.n), static_cast<uint16_t>(s.k), 0,
                           static_cast<uint16_t>(s.k), static_cast<uint16_t>(np), 1, 0});
    } else {  // K x N rows (16 of k per fractal): transposed fractal by fractal below
      DataCopy(lb1, gb,
               Nd2NzParams{1, static_cast<uint16_t>(s.k), static_cast<uint16_t>(s.n), 0,
                           static_cast<uint16_t>(s.n), static_cast<uint16_t>(kp), 1, 0});
    }
    if (sync) {
      SetFlag<HardEvent::MTE2_MTE1>(0);
      WaitFlag<HardEvent::MTE2_MTE1>(0);
    }
    // L1 NZ fractal (row block r, column block q) is at q * rows + r; L0A wants r * kb + q.
    for (uint32_t r = 0; r < mb; ++r) {
      LoadData(la2[r * kb * (512 / sizeof(A))], la1,
               LoadData2DParams{static_cast<uint16_t>(r), static_cast<uint8_t>(kb),
                                static_cast<uint16_t>(mb), 0, 0, false, 0});
    }
    if (s.trans_b) {
      LoadData(lb2, lb1, LoadData2DParams{0, static_cast<uint8_t>(kb * nb), 1, 0, 0, false, 0});
    } else {
      for (uint32_t q = 0; q < kb; ++q) {
        LoadData(lb2[q * nb * (512 / sizeof(A))], lb1,
                 LoadData2DParams{static_cast<uint16_t>(q), static_cast<uint8_t>(nb),
                                  static_cast<uint16_t>(kb), 0, 0, true, 0});
      }
    }
    if (sync) {
      SetFlag<HardEvent::MTE1_M>(0);
      WaitFlag<HardEvent::MTE1_M>(0);
    }
    MmadParams mp_params;
    mp_params.m = static_cast<uint16_t>(s.m);
    mp_params.n = static_cast<uint16_t>(s.n);
    mp_params.k = static_cast<uint16_t>(s.k);
    if (before_mmad != nullptr) before_mmad();
    Mmad(lc, la2, lb2, mp_params);
    if (sync) {
      SetFlag<HardEvent::M_FIX>(0);
      WaitFlag<HardEvent::M_FIX>(0);
    }
    FixpipeParamsV220 fp;
    fp.mSize = static_cast<uint16_t>(s.m);
    fp.nSize = static_cast<uint16_t>(s.n);
    fp.srcStride = static_cast<uint16_t>(mp);
    fp.dstStride = s.n;
    fp.quantPre = quant;
    fp.reluEn = relu;
    Fixpipe(gc, lc, fp);
  }
};

inline LaunchOptions CubeOptions(std::vector<GmRegion> regions, bool checked = true) {
  LaunchOptions o;
  o.checked = checked;
  o.auto_sync = false;
  o.regions = std::move(regions);
  return o;
}

// The scalar model: C[i][j] = sum over k in increasing order, in double (exact for the small
// integers below) or int64 (int8 inputs), of A[i][k] * B[k][j].
template <typename A>
std::vector<double> MatmulReference(const MmShape& s, const std::vector<A>& a,
                                    const std::vector<A>& b) {
  std::vector<double> c(static_cast<size_t>(s.m) * s.n, 0.0);
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t j = 0; j < s.n; ++j) {
      double acc = 0;
      for (uint32_t k = 0; k < s.k; ++k) {
        const double bv = s.trans_b ? static_cast<double>(static_cast<float>(b[j * s.k + k]))
                                    : static_cast<double>(static_cast<float>(b[k * s.n + j]));
        acc += static_cast<double>(static_cast<float>(a[i * s.k + k])) * bv;
      }
      c[i * s.n + j] = acc;
    }
  }
  return c;
}

// Small integers: every product and partial sum is exact in float32 (and int32), so the chip's
// result is the exact sum whatever its order.
template <typename A>
std::vector<A> SmallInts(size_t count, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dist(-8, 8);
  std::vector<A> v(count);
  for (auto& x : v) x = static_cast<A>(static_cast<float>(dist(gen)));
  return v;
}

}  // namespace opsim::sim::cube_model
