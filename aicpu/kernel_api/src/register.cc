// CANN's AI CPU API: the kernel registry (REGISTER_CPU_KERNEL) and RunCpuKernel, which refuses
// what would make a kernel read or write outside its tensors and turns a throw into a status.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <mutex>
#include <string>

#include "api_impl.h"
#include "cpu_kernel_register.h"
#include "opsim_cpu_kernel_error.h"

namespace aicpu {

namespace {

// Registration runs as libraries load, possibly while another thread runs a kernel.
std::mutex& RegistryMutex() {
  static std::mutex m;
  return m;
}

std::string Join(const std::vector<std::string>& names) {
  if (names.empty()) return "none";
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string Describe(const Tensor& t) {
  std::string dims;
  for (const int64_t d : t.GetTensorShape()->GetDimSizes()) {
    dims += (dims.empty() ? "" : ", ") + std::to_string(d);
  }
  return std::string(DataTypeName(t.GetDataType())) + " [" + dims + "]";
}

// A tensor whose memory is smaller than its shape says (or absent) would have the kernel read or
// write outside it: refused before the kernel runs.
uint32_t CheckTensor(const std::string& op, const char* role, uint32_t index, const Tensor* t) {
  if (t == nullptr) {
    AppendKernelError(op + ": " + role + " " + std::to_string(index) + " is null");
    return KERNEL_STATUS_PARAM_INVALID;
  }
  const int64_t need = t->CalcDataSizeByShape();
  if (need <= 0) return KERNEL_STATUS_OK;  // empty, or a type of no fixed size: the kernel's
  // No data and 0 bytes is how CANN's NodeDefBuilder marks a tensor given no buffer; kernels
  // test GetDataSize() == 0 and return (ops-math's Cast unit test runs such a scalar).
  if (t->GetData() == nullptr && t->GetDataSize() == 0) return KERNEL_STATUS_OK;
  if (t->GetData() == nullptr || t->GetDataSize() < static_cast<uint64_t>(need)) {
    AppendKernelError(op + ": " + role + " " + std::to_string(index) + " (" + Describe(*t) +
                      ") needs " + std::to_string(need) + " bytes, and has " +
                      (t->GetData() == nullptr ? std::string("no data")
                                               : std::to_string(t->GetDataSize()) + " bytes"));
    return KERNEL_STATUS_PARAM_INVALID;
  }
  return KERNEL_STATUS_OK;
}

uint32_t CheckTensors(const CpuKernelContext& ctx) {
  const std::string op = ctx.GetOpType();
  for (uint32_t i = 0; i < ctx.GetInputsSize(); ++i) {
    const uint32_t s = CheckTensor(op, "input", i, ctx.Input(i));
    if (s != KERNEL_STATUS_OK) return s;
  }
  for (uint32_t i = 0; i < ctx.GetOutputsSize(); ++i) {
    const uint32_t s = CheckTensor(op, "output", i, ctx.Output(i));
    if (s != KERNEL_STATUS_OK) return s;
  }
  return KERNEL_STATUS_OK;
}

}  // namespace

CpuKernelRegister& CpuKernelRegister::Instance() {
  static CpuKernelRegister instance;
  return instance;
}

void CpuKernelRegister::Register(const std::string& type, const KERNEL_CREATOR_FUN& fun) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  creatorMap_.emplace(type, fun);  // the first registration of a type stays
}

void CpuKernelRegister::RegisterV2(const std::string& type, const KERNEL_CREATOR_FUN& fun) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  creatorMapV2_.emplace(type, fun);
}

CpuKernelRegister::Registerar::Registerar(const std::string& type, const KERNEL_CREATOR_FUN& fun) {
  CpuKernelRegister::Instance().Register(type, fun);
}

CpuKernelRegister::RegisterarV2::RegisterarV2(const std::string& type,
                                              const KERNEL_CREATOR_FUN& fun) {
  CpuKernelRegister::Instance().RegisterV2(type, fun);
}

namespace {

template <typename Map>
std::vector<std::string> Keys(const Map& map) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  std::vector<std::string> keys;
  for (const auto& kv : map) keys.push_back(kv.first);
  return keys;
}

template <typename Map>
KERNEL_CREATOR_FUN Find(const Map& map, const std::string& type) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  const auto it = map.find(type);
  return it == map.end() ? KERNEL_CREATOR_FUN() : it->second;
}

std::shared_ptr<CpuKernel> Create(const KERNEL_CREATOR_FUN& creator, const std::string& type,
                                  const std::vector<std::string>& registered) {
  if (!creator) {
    AppendKernelError("no AI CPU kernel of op type '" + type +
                      "' is registered (registered: " + Join(registered) + ")");
    return nullptr;
  }
  std::shared_ptr<CpuKernel> kernel;
  try {
    kernel = creator();
  } catch (const std::exception& e) {
    AppendKernelError("the creator of the AI CPU kernel of " + type + " threw: " + e.what());
    return nullptr;
  } catch (...) {
    AppendKernelError("the creator of the AI CPU kernel of " + type + " threw");
    return nullptr;
  }
  if (kernel == nullptr) {
    AppendKernelError("the creator of the AI CPU kernel of " + type + " gave no kernel");
  }
  return kernel;
}

}  // namespace

std::shared_ptr<CpuKernel> CpuKernelRegister::GetCpuKernel(const std::string& op_type) {
  return Create(Find(creatorMap_, op_type), op_type, GetAllRegisteredOpTypes());
}

std::shared_ptr<CpuKernel> CpuKernelRegister::GetCpuKernelV2(const std::string& op_type) {
  return Create(Find(creatorMapV2_, op_type), op_type, GetAllRegisteredOpTypesV2());
}

bool CpuKernelRegister::IsRegisteredV2(const std::string& op_type) const {
  return static_cast<bool>(Find(creatorMapV2_, op_type));
}

std::vector<std::string> CpuKernelRegister::GetAllRegisteredOpTypes() const {
  return Keys(creatorMap_);
}

std::vector<std::string> CpuKernelRegister::GetAllRegisteredOpTypesV2() const {
  return Keys(creatorMapV2_);
}

uint32_t CpuKernelRegister::RunCpuKernel(CpuKernelContext& ctx) {
  opsim::ClearCpuKernelLastError();
  const std::string type = ctx.GetOpType();
  return RunCpuKernelCommon(ctx, type, GetCpuKernel(type));
}

uint32_t CpuKernelRegister::RunCpuKernelV2(CpuKernelContext& ctx) {
  opsim::ClearCpuKernelLastError();
  const std::string type = ctx.GetOpType();
  return RunCpuKernelCommon(ctx, type, GetCpuKernelV2(type));
}

uint32_t CpuKernelRegister::RunCpuKernelCommon(CpuKernelContext& ctx, const std::string type,
                                               const std::shared_ptr<CpuKernel> kernel) {
  if (kernel == nullptr) return KERNEL_STATUS_PARAM_INVALID;
  uint32_t status = CheckTensors(ctx);
  if (status != KERNEL_STATUS_OK) return status;
  try {
    status = kernel->Compute(ctx);
  } catch (const std::exception& e) {
    AppendKernelError("the AI CPU kernel of " + type + " threw: " + e.what());
    return KERNEL_STATUS_INNER_ERROR;
  } catch (...) {
    AppendKernelError("the AI CPU kernel of " + type + " threw");
    return KERNEL_STATUS_INNER_ERROR;
  }
  if (status != KERNEL_STATUS_OK) {
    AppendKernelError("the AI CPU kernel of " + type + " returned " +
                      opsim::CpuKernelStatusName(status));
  }
  return status;
}

namespace {

// A refused registration happens as a library loads, before any run could report it: stderr.
bool CheckRegistration(const char* how, const std::string& type, const KERNEL_CREATOR_FUN& fun,
                       const std::vector<std::string>& registered) {
  std::string why;
  if (type.empty()) {
    why = "an empty op type";
  } else if (!fun) {
    why = "op type '" + type + "' with an empty creator";
  } else if (std::find(registered.begin(), registered.end(), type) != registered.end()) {
    why = "op type '" + type + "' again (the first registration stays)";
  } else {
    return true;
  }
  AppendKernelError(std::string(how) + " refused " + why);
  std::fprintf(stderr, "[ERROR] AICPU %s refused %s\n", how, why.c_str());
  return false;
}

}  // namespace

bool RegistCpuKernel(const std::string& type, const KERNEL_CREATOR_FUN& fun) {
  CpuKernelRegister& reg = CpuKernelRegister::Instance();
  if (!CheckRegistration("RegistCpuKernel", type, fun, reg.GetAllRegisteredOpTypes())) {
    return false;
  }
  CpuKernelRegister::Registerar registerar(type, fun);
  return true;
}

bool RegistCpuKernelV2(const std::string& type, const KERNEL_CREATOR_FUN& fun) {
  CpuKernelRegister& reg = CpuKernelRegister::Instance();
  if (!CheckRegistration("RegistCpuKernelV2", type, fun, reg.GetAllRegisteredOpTypesV2())) {
    return false;
  }
  CpuKernelRegister::RegisterarV2 registerar(type, fun);
  return true;
}

}  // namespace aicpu

namespace opsim {

std::string CpuKernelStatusName(uint32_t status) {
  switch (status) {
    case aicpu::KERNEL_STATUS_PARAM_INVALID: return "KERNEL_STATUS_PARAM_INVALID";
    case aicpu::KERNEL_STATUS_INNER_ERROR: return "KERNEL_STATUS_INNER_ERROR";
    case aicpu::KERNEL_STATUS_TIMEOUT: return "KERNEL_STATUS_TIMEOUT";
    case aicpu::KERNEL_STATUS_PROTOBUF_ERROR: return "KERNEL_STATUS_PROTOBUF_ERROR";
    case aicpu::KERNEL_STATUS_SHARDER_ERROR: return "KERNEL_STATUS_SHARDER_ERROR";
    case aicpu::KERNEL_STATUS_END_OF_SEQUENCE: return "KERNEL_STATUS_END_OF_SEQUENCE";
    default: return "status " + std::to_string(status);
  }
}

}  // namespace opsim
