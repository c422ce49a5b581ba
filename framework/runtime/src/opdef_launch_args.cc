#include "opdef_launch_args.h"

#include <cstring>
#include <optional>
#include <set>
#include <string>

#include "desc_check.h"
#include "opsim/framework/context.h"

namespace opsim {
namespace {

class Binder {
 public:
  Binder(const ops::OpDef& def, bool padded, sim::LaunchOptions* launch, OpDefLaunchArgs* out)
      : def_(def), padded_(padded), launch_(launch), out_(out) {}

  Status Error(ErrorCode code, const std::string& what) const {
    return {code, def_.GetOpType() + ": " + what};
  }

  // One tensor as one argument and one input region (outputs change the role afterwards).
  Status Bind(const Tensor& t, const std::string& name) {
    if (t.desc.dtype == ACL_DT_UNDEFINED) {  // an absent optional input
      out_->args.push_back(nullptr);
      return Status::Ok();
    }
    OPSIM_RETURN_IF_ERROR(CheckDataSize(def_.GetOpType(), name, t));
    if (t.dataSize > 0 && t.deviceData == nullptr) {
      return Error(ErrorCode::kInvalidTensorAddr, "Execute: " + name + " deviceData is null");
    }
    out_->args.push_back(static_cast<uint8_t*>(t.deviceData));
    const uint64_t bytes = padded_ ? PaddedDeviceBytes(t.dataSize) : t.dataSize;
    launch_->regions.push_back({t.deviceData, bytes, name, 0, sim::GmRole::kInput});
    return Status::Ok();
  }

  // A DYNAMIC input or output reaches the kernel as one address: a list of its tensors in Ascend
  // C's ListTensorDesc layout (shapes, then data pointers), itself a GM region the kernel reads.
  // `bind` binds tensor i as one argument, which the list then takes.
  template <typename BindOne>
  Status BindList(const Tensor* tensors, size_t count, const std::string& name, BindOne bind) {
    std::vector<uint64_t> list{0};
    std::vector<uint8_t*> data;
    for (size_t i = 0; i < count; ++i) {
      const Tensor& t = tensors[i];
      OPSIM_RETURN_IF_ERROR(bind(t, name + "[" + std::to_string(i) + "]"));
      data.push_back(out_->args.back());
      out_->args.pop_back();
      list.push_back(t.desc.shape.dimNum | (static_cast<uint64_t>(i) << 32));
      for (uint64_t d = 0; d < t.desc.shape.dimNum; ++d) {
        list.push_back(static_cast<uint64_t>(t.desc.shape.dims[d]));
      }
    }
    list[0] = list.size() * sizeof(uint64_t);
    for (uint8_t* p : data) list.push_back(reinterpret_cast<uintptr_t>(p));
    out_->lists.push_back(std::move(list));
    std::vector<uint64_t>& block = out_->lists.back();
    out_->args.push_back(reinterpret_cast<uint8_t*>(block.data()));
    launch_->regions.push_back(
        {block.data(), block.size() * sizeof(uint64_t), name + " list", 0, sim::GmRole::kInput});
    return Status::Ok();
  }

  // CANN's reference outputs: an output named as an input (ScatterElements' var) is the same
  // tensor as that input (the aclnn call takes one varRef), so the kernel may update it through
  // either address. The output's buffer gets the input's bytes and stands for both; bound
  // first as the input, its region keeps the input role: the bytes the kernel leaves alone hold
  // the input's values, so BindOutputs adds no output region for it.
  const Tensor& RefOutputOr(const VariantPack& pack, const Tensor& in, const std::string& name) {
    const std::vector<ops::OpParamDef>& outs = def_.GetOutputs();
    if (pack.outTensors.size() != outs.size()) return in;  // a DYNAMIC output: no 1:1 order
    for (size_t k = 0; k < outs.size(); ++k) {
      const Tensor& out = pack.outTensors[k];
      if (outs[k].GetName() != name || out.dataSize != in.dataSize) continue;
      if (out.deviceData == nullptr || in.deviceData == nullptr) return in;
      if (out.deviceData != in.deviceData) {
        std::memcpy(out.deviceData, in.deviceData, in.dataSize);
      }
      ref_outputs_.insert(out.deviceData);
      return out;
    }
    return in;
  }

  Status BindInputs(OpDefInputs& inputs, const VariantPack& pack) {
    // The lists' blocks must not move: args point into them.
    out_->lists.reserve(inputs.counts.size() + inputs.output_counts.size());
    size_t next = 0;
    for (size_t k = 0; k < inputs.counts.size(); ++k) {
      const std::string& name = def_.GetInputs()[k].GetName();
      if (inputs.constants[k]) {
        ConstantInput& c = *inputs.constants[k];
        Tensor t;
        t.desc = c.desc;
        t.deviceData = c.bytes.data();
        t.dataSize = c.data_bytes;
        OPSIM_RETURN_IF_ERROR(Bind(t, name));
      } else if (inputs.absent[k]) {  // no tensor in the pack: a null address
        OPSIM_RETURN_IF_ERROR(Bind(Tensor{}, name));
      } else if (def_.GetInputs()[k].GetParamType() != ops::DYNAMIC) {
        OPSIM_RETURN_IF_ERROR(Bind(RefOutputOr(pack, pack.inTensors[next++], name), name));
      } else {
        OPSIM_RETURN_IF_ERROR(
            BindList(&pack.inTensors[next], inputs.counts[k], name,
                     [this](const Tensor& t, const std::string& n) { return Bind(t, n); }));
        next += inputs.counts[k];
      }
    }
    return Status::Ok();
  }

  Status BindOutputs(const OpDefInputs& inputs, const VariantPack& pack) {
    size_t next = 0;
    for (size_t k = 0; k < inputs.output_counts.size(); ++k) {
      const ops::OpParamDef& out = def_.GetOutputs()[k];
      const size_t count = inputs.output_counts[k];
      if (next + count > pack.outTensors.size()) {
        return Error(ErrorCode::kInvalidTensorNum,
                     "Execute: outTensors holds " + std::to_string(pack.outTensors.size()) +
                         " tensors, too few for output '" + out.GetName() + "'");
      }
      const auto bind = [&](const Tensor& t, const std::string& name) {
        return BindOutput(out, t, name);
      };
      if (out.GetParamType() == ops::DYNAMIC) {
        OPSIM_RETURN_IF_ERROR(BindList(&pack.outTensors[next], count, out.GetName(), bind));
      } else {
        OPSIM_RETURN_IF_ERROR(bind(pack.outTensors[next], out.GetName()));
      }
      next += count;
    }
    return Status::Ok();
  }

  // One output tensor as one argument, with an output region (or InitValue's zeros).
  Status BindOutput(const ops::OpParamDef& out, const Tensor& t, const std::string& name) {
    OPSIM_RETURN_IF_ERROR(Bind(t, name));
    if (out_->args.back() == nullptr) return Status::Ok();
    if (ref_outputs_.count(t.deviceData) != 0) {  // bound as its input already (RefOutputOr)
      launch_->regions.pop_back();  // its bytes hold the input's values: none is unwritten
      return Status::Ok();
    }
    if (const std::optional<uint64_t>& init = out.GetInitValue()) {
      if (*init != 0) {
        return Error(ErrorCode::kInvalidParam,
                     "output '" + out.GetName() + "': InitValue(" + std::to_string(*init) +
                         ") is not modelled (the uint64_t form takes 0; CANN writes it "
                         "before the launch)");
      }
      // What CANN's framework does before the launch. The region keeps Bind's input role: its
      // bytes count as written, and the kernel need not write them all.
      std::memset(t.deviceData, 0, t.dataSize);
      return Status::Ok();
    }
    // Checked mode reports output bytes that no core wrote, and reads of them before a write.
    // An output bound to an input's address (in place) keeps the input's region first, so
    // its bytes count as written (LaunchState::FindRegion returns the first).
    launch_->regions.back().output_bytes = t.dataSize;
    launch_->regions.back().role = sim::GmRole::kOutput;
    return Status::Ok();
  }

 private:
  const ops::OpDef& def_;
  bool padded_;
  std::set<const void*> ref_outputs_;  // outputs bound as their same-named input
  sim::LaunchOptions* launch_;
  OpDefLaunchArgs* out_;
};

}  // namespace

Status BindOpDefLaunch(const ops::OpDef& def, OpDefInputs& inputs, const VariantPack& pack,
                       const OpDefLaunchBuffers& buffers, sim::LaunchOptions* launch,
                       OpDefLaunchArgs* out) {
  Binder binder(def, buffers.padded, launch, out);
  OPSIM_RETURN_IF_ERROR(binder.BindInputs(inputs, pack));
  OPSIM_RETURN_IF_ERROR(binder.BindOutputs(inputs, pack));
  const bool has_workspace = buffers.workspace_bytes > 0;
  out->args.push_back(has_workspace ? buffers.workspace : nullptr);
  if (has_workspace) {
    launch->regions.push_back(
        {buffers.workspace, buffers.workspace_bytes, "workspace", 0, sim::GmRole::kWorkspace});
  }
  // The kernel reads its tiling struct from GM, maybe past the bytes the host wrote (a
  // naturally aligned struct's padding): the whole buffer is readable, zero past the data.
  std::vector<uint8_t>& tiling = *buffers.tiling;
  out->args.push_back(tiling.data());
  launch->regions.push_back({tiling.data(), tiling.size(), "tiling", 0, sim::GmRole::kTiling});
  return Status::Ok();
}

}  // namespace opsim
