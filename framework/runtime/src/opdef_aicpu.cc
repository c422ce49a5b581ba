#include "opdef_aicpu.h"

#include <memory>
#include <vector>

#include "cpu_context.h"
#include "cpu_kernel.h"
#include "cpu_kernel_register.h"
#include "cpu_kernel_utils.h"
#include "cpu_nodedef.h"
#include "opsim/op_api/user_call.h"
#include "opsim_cpu_kernel_error.h"

namespace opsim {
namespace {

// A tensor of the NodeDef over the call's memory: the kernel reads and writes the buffers in place.
void NodeDefTensor(const TensorDesc& desc, void* data, uint64_t bytes, aicpu::Tensor* to) {
  to->SetDataType(static_cast<aicpu::DataType>(desc.dtype));
  to->SetData(data);
  to->SetDataSize(bytes);
  const Dims& shape = desc.shape;
  to->GetTensorShape()->SetDimSizes(std::vector<int64_t>(shape.dims, shape.dims + shape.dimNum));
}

template <typename T>
std::vector<T> AttrListOf(const gert::TypedContinuousVector<T>* list) {
  if (list == nullptr) return {};
  return std::vector<T>(list->GetData(), list->GetData() + list->GetSize());
}

// The attribute `index` of the OpDef into `value`; false for a kind opsim does not hand over.
bool ToAttrValue(const ops::OpAttrDef& def, const gert::RuntimeAttrs& attrs, size_t index,
                 aicpu::AttrValue* value) {
  using Kind = ops::OpAttrDef::Kind;
  switch (def.GetKind()) {
    case Kind::kBool: value->SetBool(*attrs.GetBool(index)); return true;
    case Kind::kInt: value->SetInt(*attrs.GetInt(index)); return true;
    case Kind::kFloat: value->SetFloat(*attrs.GetFloat(index)); return true;
    case Kind::kString: value->SetString(attrs.GetStr(index)); return true;
    case Kind::kListInt: value->SetListInt(AttrListOf(attrs.GetListInt(index))); return true;
    case Kind::kListFloat: value->SetListFloat(AttrListOf(attrs.GetListFloat(index))); return true;
    case Kind::kListBool: value->SetListBool(AttrListOf(attrs.GetListBool(index))); return true;
    default: return false;
  }
}

Status BuildNodeDef(const ops::OpDef& def, const gert::RuntimeAttrs& attrs,
                    const OpDefInputs& inputs, const VariantPack& pack, aicpu::NodeDef* node,
                    std::vector<ConstantInput>* constants) {
  node->SetOpType(def.GetOpType());
  size_t next = 0;
  for (size_t k = 0; k < def.GetInputs().size(); ++k) {
    if (inputs.absent[k]) continue;  // GE leaves an absent OPTIONAL input out of the NodeDef
    if (inputs.constants[k]) {
      ConstantInput& c = constants->emplace_back(*inputs.constants[k]);
      NodeDefTensor(c.desc, c.bytes.data(), c.data_bytes, node->AddInputs().get());
      continue;
    }
    for (size_t i = 0; i < inputs.counts[k]; ++i, ++next) {
      const Tensor& t = pack.inTensors[next];
      NodeDefTensor(t.desc, t.deviceData, t.dataSize, node->AddInputs().get());
    }
  }
  for (const Tensor& t : pack.outTensors) {
    NodeDefTensor(t.desc, t.deviceData, t.dataSize, node->AddOutputs().get());
  }
  for (size_t a = 0; a < def.GetAttrs().size(); ++a) {
    const ops::OpAttrDef& attr = def.GetAttrs()[a];
    if (attrs.GetAttrPointer<uint8_t>(a) == nullptr) continue;  // optional, given no value
    auto value = aicpu::CpuKernelUtils::CreateAttrValue();
    if (!ToAttrValue(attr, attrs, a, value.get())) {
      return {ErrorCode::kUnsupported,
              def.GetOpType() + ": attribute '" + attr.GetName() +
                  "' is a ListListInt, which opsim does not hand to AI CPU kernels yet"};
    }
    node->AddAttrs(attr.GetName(), value.get());
  }
  return Status::Ok();
}

}  // namespace

Status CheckAiCpuKernel(const std::string& op_type) {
  auto& kernels = aicpu::CpuKernelRegister::Instance();
  if (kernels.GetCpuKernel(op_type) != nullptr) return Status::Ok();
  std::string registered;
  for (const std::string& type : kernels.GetAllRegisteredOpTypes()) {
    registered += (registered.empty() ? "" : ", ") + type;
  }
  return {ErrorCode::kUnsupported,
          op_type + ": its OpDef names the AI CPU (AICPU()), but no kernel of op type " + op_type +
              " is registered (REGISTER_CPU_KERNEL; registered: " +
              (registered.empty() ? std::string("none") : registered) + ")"};
}

Status RunAiCpuKernel(const ops::OpDef& def, const gert::RuntimeAttrs& attrs,
                      const OpDefInputs& inputs, const VariantPack& pack) {
  const std::string& type = def.GetOpType();
  std::shared_ptr<aicpu::CpuKernel> kernel =
      aicpu::CpuKernelRegister::Instance().GetCpuKernel(type);
  if (kernel == nullptr) return CheckAiCpuKernel(type);
  auto node = aicpu::CpuKernelUtils::CreateNodeDef();
  std::vector<ConstantInput> constants;
  constants.reserve(def.GetInputs().size());  // the NodeDef points into them
  OPSIM_RETURN_IF_ERROR(BuildNodeDef(def, attrs, inputs, pack, node.get(), &constants));
  aicpu::CpuKernelContext context(aicpu::HOST);
  if (context.Init(node.get()) != aicpu::KERNEL_STATUS_OK) {
    return {ErrorCode::kInternalError, type + ": the AI CPU kernel's context refused the NodeDef"};
  }
  uint32_t rc = aicpu::KERNEL_STATUS_OK;
  // The object's first word is its vtable's address, which lies in the kernel's library: the
  // crash report names that library. The run itself is CANN's entry, with its tensor checks.
  const void* code = *reinterpret_cast<void* const*>(kernel.get());
  OPSIM_RETURN_IF_ERROR(op_api::CallUserCode(
      {type, "AI CPU kernel Compute", code, ErrorCode::kRtFail},
      [&] { rc = aicpu::CpuKernelRegister::Instance().RunCpuKernel(context); }));
  if (rc == aicpu::KERNEL_STATUS_OK) return Status::Ok();
  std::string logged = CpuKernelLastError();  // RunCpuKernel's, and the kernel's, reasons
  while (!logged.empty() && logged.back() == '\n') logged.pop_back();
  return {ErrorCode::kRtFail, type + ": its AI CPU kernel's Compute returned " +
                                  std::to_string(rc) + " (" + CpuKernelStatusName(rc) + ")" +
                                  (logged.empty() ? "" : ": " + logged)};
}

}  // namespace opsim
