// CANN's AI CPU kernel API: the registry of kernels by op type (REGISTER_CPU_KERNEL fills it) and
// the entry that runs one on a context.
#ifndef AICPU_CONTEXT_INC_REGISTAR_H
#define AICPU_CONTEXT_INC_REGISTAR_H

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cpu_context.h"
#include "cpu_kernel.h"

namespace aicpu {

class AICPU_VISIBILITY CpuKernelRegister {
 public:
  static CpuKernelRegister& Instance();

  // A new kernel of op_type; null (logged) when none is registered or its creator fails.
  std::shared_ptr<CpuKernel> GetCpuKernel(const std::string& op_type);
  std::shared_ptr<CpuKernel> GetCpuKernelV2(const std::string& op_type);
  bool IsRegisteredV2(const std::string& op_type) const;
  std::vector<std::string> GetAllRegisteredOpTypes() const;
  std::vector<std::string> GetAllRegisteredOpTypesV2() const;

  // Runs the kernel of ctx's op type: its Compute's status, or KERNEL_STATUS_PARAM_INVALID for
  // an op type without a kernel (the message names it and lists the registered types), or
  // KERNEL_STATUS_INNER_ERROR for a kernel that throws. Every failure's message is logged and
  // kept for opsim::CpuKernelLastError() (opsim_cpu_kernel_error.h).
  uint32_t RunCpuKernel(CpuKernelContext& ctx);
  uint32_t RunCpuKernelV2(CpuKernelContext& ctx);

  class Registerar {
   public:
    Registerar(const std::string& type, const KERNEL_CREATOR_FUN& fun);
    ~Registerar() = default;
    Registerar(const Registerar&) = delete;
    Registerar(Registerar&&) = delete;
    Registerar& operator=(const Registerar&) = delete;
    Registerar& operator=(Registerar&&) = delete;
  };

  class RegisterarV2 {
   public:
    RegisterarV2(const std::string& type, const KERNEL_CREATOR_FUN& fun);
    ~RegisterarV2() = default;
    RegisterarV2(const RegisterarV2&) = delete;
    RegisterarV2(RegisterarV2&&) = delete;
    RegisterarV2& operator=(const RegisterarV2&) = delete;
    RegisterarV2& operator=(RegisterarV2&&) = delete;
  };

 protected:
  CpuKernelRegister() = default;
  ~CpuKernelRegister() = default;
  CpuKernelRegister(const CpuKernelRegister&) = delete;
  CpuKernelRegister(CpuKernelRegister&&) = delete;
  CpuKernelRegister& operator=(const CpuKernelRegister&) = delete;
  CpuKernelRegister& operator=(CpuKernelRegister&&) = delete;

  void Register(const std::string& type, const KERNEL_CREATOR_FUN& fun);
  void RegisterV2(const std::string& type, const KERNEL_CREATOR_FUN& fun);

 private:
  uint32_t RunCpuKernelCommon(CpuKernelContext& ctx, const std::string type,
                              const std::shared_ptr<CpuKernel> kernel);
  std::map<std::string, KERNEL_CREATOR_FUN> creatorMap_;
  std::map<std::string, KERNEL_CREATOR_FUN> creatorMapV2_;
};

}  // namespace aicpu

#endif  // AICPU_CONTEXT_INC_REGISTAR_H
