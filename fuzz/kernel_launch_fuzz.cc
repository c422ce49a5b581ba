// Fuzz target: our registered kernels launched with tilings they were not made for, as Ascend's
// ICPU_RUN_KF would launch them. Every outcome must be Ok or a clean status (a kernel fault
// naming its kind, core and instruction); a crash, an uncaught exception, a sanitizer report,
// a hang or a leak is a finding, in a kernel or in the simulator.
//
// The first byte chooses the mode:
//  - raw (even): a kernel from the registry (op type and dtype column), blockDim, tiling key,
//    checked mode, one GM buffer per parameter of a size the input chooses (or null), and the
//    rest of the input as the tiling bytes (zero after them, in CANN's 64 KiB tiling buffer).
//  - derived (odd): a real call of an op (op_call_gen.h) set up by its own tiling function, then
//    executed with some bytes of that tiling flipped, so the GM regions are the ones the tiling
//    was made for while the values in it are not.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "byte_reader.h"
#include "op_call_gen.h"
#include "opsim/op_api/op_registry.h"
#include "opsim/sim/launch.h"
#include "register/op_def.h"

namespace {

using opsim::op_api::KernelBuild;

constexpr size_t kTilingBytes = 64 * 1024;  // what CANN hands a tiling function
constexpr uint64_t kMaxExecuteBytes = 64 * 1024;
constexpr uint64_t kMaxWorkspaceBytes = 4 * 1024 * 1024;

// Every (op, column) build in the registry, read once.
const std::vector<const KernelBuild*>& Kernels() {
  static const std::vector<const KernelBuild*> all = [] {
    std::vector<const KernelBuild*> builds;
    for (const std::string& op : opsim::op_api::OpDefNames()) {
      for (int column = 0; column < 256; ++column) {
        if (const KernelBuild* k = opsim::op_api::FindKernel(op, column)) builds.push_back(k);
      }
    }
    if (builds.empty()) std::abort();  // the harness cannot run
    return builds;
  }();
  return all;
}

size_t BufferBytes(opsim::fuzz::ByteReader& in) {
  static constexpr size_t kSizes[] = {0, 1, 31, 32, 64, 256, 1024, 4096, 65536};
  const uint8_t pick = in.Byte();
  return pick < 200 ? kSizes[pick % std::size(kSizes)] : in.U16();
}

void RunRaw(opsim::fuzz::ByteReader& in) {
  const std::vector<const KernelBuild*>& kernels = Kernels();
  const KernelBuild* kernel = kernels[in.Below(kernels.size())];
  const opsim::Context* context = opsim::fuzz::FuzzContext(in.Below(opsim::fuzz::kFuzzContexts));
  const uint8_t dim_pick = in.Byte();
  const uint32_t block_dim = dim_pick < 240 ? 1 + dim_pick % 64 : 1 + in.U16() % 512;
  opsim::sim::LaunchOptions options;
  options.host_threads = 1;
  // 10 ms of device time: far more than any tiling of these small buffers needs, and a few
  // seconds at most on the host, so a tiling asking for endless work is a kTimeout, not a hang.
  options.timeout_ns = 1e7;
  options.checked = in.Bit();
  options.tiling_key = in.Byte() < 200 ? in.Byte() % 8 : in.U64();
  // GM buffers of the parameters before the tiling (inputs, outputs, workspace).
  std::vector<std::vector<uint8_t>> buffers(kernel->arity);
  std::vector<uint8_t*> args(kernel->arity, nullptr);
  for (size_t k = 0; k + 1 < kernel->arity; ++k) {
    const size_t bytes = BufferBytes(in);
    if (bytes == 0) continue;  // a null address
    buffers[k].resize(bytes);
    for (uint8_t& b : buffers[k]) b = in.Byte();
    args[k] = buffers[k].data();
    options.regions.push_back({args[k], bytes, "arg" + std::to_string(k)});
  }
  std::vector<uint8_t>& tiling = buffers[kernel->arity - 1];
  tiling.assign(kTilingBytes, 0);
  std::memcpy(tiling.data(), in.Rest(), std::min(in.RestSize(), kTilingBytes));
  args[kernel->arity - 1] = tiling.data();
  options.regions.push_back({tiling.data(), tiling.size(), "tiling"});
  const opsim::sim::LaunchResult result = opsim::sim::Launch(
      context->device(), block_dim, options, [&] { kernel->invoke(kernel->fn, args.data()); });
  opsim::fuzz::RequireMessage(result.status);
  if (!result.status.ok() && result.status.code() == opsim::ErrorCode::kKernelFault &&
      !result.fault) {
    std::abort();  // a kernel fault must say which
  }
}

// Derived mode: the kernels of the op being executed are reached through this invoker, which
// flips the chosen tiling bytes before the first block starts, then calls the real one.
struct TilingFlips {
  std::vector<std::pair<uint16_t, uint8_t>> flips;  // offset, xor mask
  bool applied = false;
  std::map<void (*)(), opsim::op_api::KernelInvoker> real;  // fn -> its own invoker
  size_t arity = 0;
};
TilingFlips g_flips;

void FlippingInvoke(void (*fn)(), uint8_t* const* args) {
  if (!g_flips.applied) {
    g_flips.applied = true;
    uint8_t* tiling = args[g_flips.arity - 1];
    for (const auto& [offset, mask] : g_flips.flips) tiling[offset] ^= mask;
  }
  g_flips.real.at(fn)(fn, args);
}

void RunDerived(opsim::fuzz::ByteReader& in) {
  using namespace opsim;
  const std::vector<const KernelBuild*>& kernels = Kernels();
  const std::string op = kernels[in.Below(kernels.size())]->op_type;
  Context* context = fuzz::FuzzContext(in.Below(fuzz::kFuzzContexts));
  fuzz::OpCall call;
  if (!fuzz::GenerateOpCall(in, op, &call).ok()) return;
  SVector<TensorDesc> outputs;
  if (!call.operation->InferShape(call.inputs, outputs).ok()) return;
  fuzz::PackBuffers buffers;
  fuzz::FillPack(in, call.inputs, outputs, kMaxExecuteBytes, &buffers);
  uint64_t workspace_size = 0;
  if (!call.operation->Setup(buffers.pack, workspace_size, context).ok()) return;
  if (!buffers.complete || workspace_size > kMaxWorkspaceBytes) return;
  g_flips = TilingFlips{};
  const size_t flips = 1 + in.Below(8);
  for (size_t i = 0; i < flips; ++i) {
    const uint16_t offset = static_cast<uint16_t>(in.U16() % 512);
    const uint8_t mask = in.Byte();
    g_flips.flips.emplace_back(offset, mask == 0 ? 0x80 : mask);
  }
  // Route every build of this op through FlippingInvoke for this one Execute. The registry owns
  // the builds (a map entry that is never const); FindKernel hands out const views of them.
  std::vector<KernelBuild*> routed;
  for (const KernelBuild* k : kernels) {
    if (k->op_type != op) continue;
    KernelBuild* build = const_cast<KernelBuild*>(k);
    g_flips.real[build->fn] = build->invoke;
    g_flips.arity = build->arity;
    build->invoke = &FlippingInvoke;
    routed.push_back(build);
  }
  std::vector<uint8_t> workspace(workspace_size);
  const Status run =
      call.operation->Execute(buffers.pack, workspace.data(), workspace_size, context);
  for (KernelBuild* build : routed) build->invoke = g_flips.real.at(build->fn);
  fuzz::RequireMessage(run);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  opsim::fuzz::ByteReader in(data, size);
  if (in.Byte() % 2 == 0) {
    RunRaw(in);
  } else {
    RunDerived(in);
  }
  return 0;
}
