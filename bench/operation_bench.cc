// The small-work targets through the ATB-style operation API, as a user calls it: a [2,3]
// float32 SUM over axis 1 (ReduceParam), Setup on a cached tiling and Execute.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "atb/atb_infer.h"
#include "atb/opsim_ext.h"

namespace {

struct SmallSum {
  SmallSum() {
    (void)atb::CreateContext(&context);
    atb::infer::ReduceParam param;
    param.reduceType = atb::infer::ReduceParam::REDUCE_SUM;
    param.axis.push_back(1);
    (void)atb::CreateOperation(param, &op);
    (void)atb::OpsimSetExtensions(op, true);  // float32 SUM is beyond ATB's own table
    atb::Tensor in;
    in.desc.dtype = ACL_FLOAT;
    in.desc.format = ACL_FORMAT_ND;
    in.desc.shape.dimNum = 2;
    in.desc.shape.dims[0] = 2;
    in.desc.shape.dims[1] = 3;
    in.deviceData = x;
    in.dataSize = sizeof(x);
    atb::Tensor out;
    out.desc = in.desc;
    out.desc.shape.dimNum = 1;
    out.desc.shape.dims[0] = 2;
    out.deviceData = y;
    out.dataSize = sizeof(y);
    pack.inTensors.push_back(in);
    pack.outTensors.push_back(out);
    const atb::Status st = op->Setup(pack, workspace, context);
    ok = st == atb::NO_ERROR && workspace == 0;
    if (!ok) error = atb::OpsimLastError(op);
  }
  ~SmallSum() {
    (void)atb::DestroyOperation(op);
    (void)atb::DestroyContext(context);
  }
  atb::Context* context = nullptr;
  atb::Operation* op = nullptr;
  atb::VariantPack pack;
  uint64_t workspace = 0;
  float x[6] = {1, 2, 3, 4, 5, 6};
  float y[2] = {0, 0};
  bool ok = false;
  std::string error;
};

void BM_AtbSmallSumSetup(benchmark::State& state) {
  SmallSum s;
  if (!s.ok) state.SkipWithError(s.error.c_str());
  for (auto _ : state) {
    benchmark::DoNotOptimize(s.op->Setup(s.pack, s.workspace, s.context));
  }
}
BENCHMARK(BM_AtbSmallSumSetup);

void BM_AtbSmallSumExecute(benchmark::State& state) {
  SmallSum s;
  if (!s.ok) state.SkipWithError(s.error.c_str());
  for (auto _ : state) {
    benchmark::DoNotOptimize(s.op->Execute(s.pack, nullptr, 0, s.context));
  }
  if (s.y[0] != 6 || s.y[1] != 15) state.SkipWithError("wrong result");
}
BENCHMARK(BM_AtbSmallSumExecute);

}  // namespace

BENCHMARK_MAIN();
