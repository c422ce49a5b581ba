// A Reduce plan: the passes of a merged pattern, innermost reduced group first, each tiled by
// TilePass (reduce_tiling.cc); the family's map and finish on the stages that read the input and
// write the output; the plan as the one launch that runs it, and its description.
#include <algorithm>
#include <cstdio>

#include "reduce/reduce_dtype_support.h"
#include "reduce/reduce_tiling.h"

namespace opsim {
namespace {

using ::op_kernel::ReduceFamily;
using ::op_kernel::ReduceStageTiling;

DType AccDType(DType dtype) {
  return dtype == DType::kFloat16 || dtype == DType::kBFloat16 ? DType::kFloat32 : dtype;
}

// The innermost reduced group of `dims` as [before, r, after], and what is left for the next
// pass: the dims before it, then the merged trailing kept dims.
struct PassShape {
  uint64_t before = 1;
  uint64_t r = 1;
  uint64_t after = 1;
  SVector<int64_t, kMaxRank> next_dims;
  SVector<bool, kMaxRank> next_reduced;
  bool last = true;  // nothing is left to reduce after this pass
};

PassShape InnermostGroup(const SVector<int64_t, kMaxRank>& dims,
                         const SVector<bool, kMaxRank>& reduced) {
  PassShape p;
  size_t k = reduced.size();
  while (k > 0 && !reduced[k - 1]) --k;
  const size_t r_index = k - 1;
  for (size_t i = 0; i < r_index; ++i) p.before *= static_cast<uint64_t>(dims[i]);
  for (size_t i = r_index + 1; i < dims.size(); ++i) p.after *= static_cast<uint64_t>(dims[i]);
  p.r = static_cast<uint64_t>(dims[r_index]);
  for (size_t i = 0; i < r_index; ++i) {
    p.next_dims.push_back(dims[i]);
    p.next_reduced.push_back(reduced[i]);
  }
  if (p.after > 1) {
    if (!p.next_reduced.empty() && !p.next_reduced[p.next_reduced.size() - 1]) {
      p.next_dims[p.next_dims.size() - 1] *= static_cast<int64_t>(p.after);
    } else {
      p.next_dims.push_back(static_cast<int64_t>(p.after));
      p.next_reduced.push_back(false);
    }
  }
  p.last = std::find(p.next_reduced.begin(), p.next_reduced.end(), true) == p.next_reduced.end();
  return p;
}

// The family's map goes on the stage that reads the input; its finish on the stage that writes
// the output (the combine when the last pass splits its reduced extent). LogSumExp's go on every
// stage: each writes the LogSumExp of its share, which the next folds in like any input.
void SetFamilyStages(const ReduceRequest& request, bool first, bool last,
                     ::op_kernel::ReduceTilingData* td) {
  using ::op_kernel::ReduceFinish;
  using ::op_kernel::ReduceMap;
  ReduceMap map = ReduceMap::kNone;
  ReduceFinish finish = ReduceFinish::kNone;
  switch (request.variant) {
    case ReduceVariant::kPlain: return;
    case ReduceVariant::kMean: finish = ReduceFinish::kMean; break;
    case ReduceVariant::kSumSquare: map = ReduceMap::kSquare; break;
    case ReduceVariant::kL1: map = ReduceMap::kAbs; break;
    case ReduceVariant::kL2:
      map = ReduceMap::kSquare;
      finish = ReduceFinish::kSqrt;
      break;
    case ReduceVariant::kLogSum: finish = ReduceFinish::kLog; break;
    case ReduceVariant::kLogSumExp: {
      for (::op_kernel::ReduceStageTiling* t : {&td->stage, &td->combine}) {
        t->map = static_cast<uint32_t>(ReduceMap::kLogSumExp);
        t->finish = static_cast<uint32_t>(ReduceFinish::kLogSumExp);
      }
      return;
    }
  }
  if (first) td->stage.map = static_cast<uint32_t>(map);
  if (!last) return;
  uint64_t count = 1;
  for (int64_t a : request.axes) count *= static_cast<uint64_t>(request.input[static_cast<int>(a)]);
  ::op_kernel::ReduceStageTiling& out = td->stage.r_split > 1 ? td->combine : td->stage;
  out.finish = static_cast<uint32_t>(finish);
  out.count = count;
}

}  // namespace

Status ComputeReducePlan(const ReduceRequest& request, const sim::DeviceProfile& device,
                         ReducePlan* plan) {
  if (device.vector_cores == 0 || device.ub_bytes < 4096) {
    return {ErrorCode::kInvalidParam,
            "ReduceTiling: device profile '" + device.name + "' has no usable cores or UB"};
  }
  if (!ReduceRunsOnAiCore(request.dtype)) {
    // The AI Core kernels hold no instantiation for it: its OpDefs send it to the AI CPU.
    return {ErrorCode::kUnsupported,
            "ReduceTiling: dtype " + std::string(DTypeName(request.dtype)) +
                (request.bool_values ? " (bool)" : "") +
                " runs on the AI CPU kernel (op_kernel_aicpu/reduce), not the AI Core: the "
                "910B's vector unit reduces float32, float16 and bfloat16 only"};
  }
  ReducePlan out;
  out.device = device.name;
  out.pattern = SimplifyReduce(request.input, std::span(request.axes.begin(), request.axes.end()));
  if (out.pattern.empty_output) {
    *plan = std::move(out);
    return Status::Ok();
  }
  const DType acc = AccDType(request.dtype);
  SVector<int64_t, kMaxRank> dims = out.pattern.dims;
  SVector<bool, kMaxRank> reduced = out.pattern.reduced;
  if (std::find(reduced.begin(), reduced.end(), true) == reduced.end()) {
    // Nothing to reduce: a copy, as rows of one element.
    dims = {out.pattern.outputs, 1};
    reduced = {false, true};
  }
  uint64_t partial_bytes = 0;
  uint64_t scratch_bytes[2] = {0, 0};
  uint32_t launch_blocks = 0;
  ReduceBuffer src = ReduceBuffer::kInput;
  for (bool first = true;; first = false) {
    const PassShape shape = InnermostGroup(dims, reduced);
    const bool last = shape.last;

    ReducePass pass;
    pass.in_dtype = first ? request.dtype : acc;
    pass.out_dtype = last ? request.dtype : acc;
    pass.src = src;
    pass.dst =
        last ? ReduceBuffer::kOutput
             : (src == ReduceBuffer::kScratchA ? ReduceBuffer::kScratchB : ReduceBuffer::kScratchA);
    // Only LogSumExp's map takes UB (its running max); the others' maps are set afterwards.
    const ::op_kernel::ReduceMap map = request.variant == ReduceVariant::kLogSumExp
                                           ? ::op_kernel::ReduceMap::kLogSumExp
                                           : ::op_kernel::ReduceMap::kNone;
    TilePass(request.kind, shape.before, shape.r, shape.after, acc, map, device, launch_blocks,
             &pass);
    launch_blocks = std::max(launch_blocks, pass.block_dim);
    partial_bytes = std::max(partial_bytes, pass.partial_bytes);
    ::op_kernel::ReduceTilingData& td = pass.tiling;
    if (pass.dst != ReduceBuffer::kOutput) {
      uint64_t& bytes = scratch_bytes[pass.dst == ReduceBuffer::kScratchA ? 0 : 1];
      bytes = std::max(bytes, Align512(pass.out_elems * DTypeSize(acc)));
    }
    SetFamilyStages(request, first, last, &td);
    src = pass.dst;
    out.passes.push_back(pass);
    if (last) break;
    dims = shape.next_dims;
    reduced = shape.next_reduced;
  }
  out.scratch_a_offset = partial_bytes;
  out.scratch_b_offset = partial_bytes + scratch_bytes[0];
  out.workspace_bytes = partial_bytes + scratch_bytes[0] + scratch_bytes[1];
  *plan = std::move(out);
  return Status::Ok();
}

Status MakeReduceLaunchTiling(const ReducePlan& plan, ::op_kernel::ReduceLaunchTiling* launch,
                              uint32_t* block_dim) {
  if (plan.passes.size() > ::op_kernel::kMaxReducePasses) {
    return {ErrorCode::kInvalidParam,
            "ReduceTiling: the plan has " + std::to_string(plan.passes.size()) +
                " passes, more than the " + std::to_string(::op_kernel::kMaxReducePasses) +
                " one launch holds"};
  }
  ::op_kernel::ReduceLaunchTiling out;
  out.pass_count = static_cast<uint32_t>(plan.passes.size());
  out.scratch_a_offset = plan.scratch_a_offset;
  out.scratch_b_offset = plan.scratch_b_offset;
  uint32_t blocks = 1;
  for (size_t p = 0; p < plan.passes.size(); ++p) {
    const ReducePass& pass = plan.passes[p];
    out.passes[p].data = pass.tiling;
    out.passes[p].key = pass.tiling_key;
    out.passes[p].src = pass.src;
    out.passes[p].dst = pass.dst;
    blocks = std::max(blocks, pass.block_dim);
  }
  *launch = out;
  *block_dim = blocks;
  return Status::Ok();
}

std::string DescribePlan(const ReducePlan& plan) {
  std::string out = "pattern " + plan.pattern.Name() + ", workspace " +
                    std::to_string(plan.workspace_bytes) + " B\n";
  for (const ReducePass& p : plan.passes) {
    const ReduceStageTiling& t = p.tiling.stage;
    char line[320];
    std::snprintf(
        line, sizeof(line),
        "  %s %s->%s key %llu blockDim %u [%llu,%llu,%llu] rows %u cols %u "
        "stride %u chunks %u r_split %u tail %u x %u\n",
        p.family == ReduceFamily::kAR ? "AR" : "ARA", std::string(DTypeName(p.in_dtype)).c_str(),
        std::string(DTypeName(p.out_dtype)).c_str(), static_cast<unsigned long long>(p.tiling_key),
        p.block_dim, static_cast<unsigned long long>(t.outer), static_cast<unsigned long long>(t.r),
        static_cast<unsigned long long>(t.inner), t.rows, t.cols, t.ub_row_stride, t.col_chunks,
        t.r_split, t.tail_pieces, t.tail_cols);
    out += line;
  }
  return out;
}

}  // namespace opsim
