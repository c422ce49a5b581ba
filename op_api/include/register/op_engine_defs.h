// The engines an OpDef may name besides the AI Core (CANN's register/op_def.h): the AI CPU and the
// host CPU, each configured by key/value items that CANN's build writes into the op's engine info
// (opInfo.engine, opInfo.opKernelLib, opInfo.kernelSo, ...), and MC2's communication groups.
// An OpDef whose AICPU() was called is an AI CPU operator: opsim runs the kernel its
// REGISTER_CPU_KERNEL gave for the op type (docs/OPERATORS.md, "The AI CPU engine").
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ops {

enum class HcclServerType : uint32_t { AICPU = 0, AICORE = 1, CCU = 2, MAX };

// The items in the order they were first set; setting a key again replaces its value in place,
// as CANN's AddCfgItem does.
class OpEngineConfig {
 public:
  const std::vector<std::string>& GetCfgKeys() const { return keys_; }
  const std::map<std::string, std::string>& GetCfgInfo() const { return info_; }
  // "" for a key never set.
  std::string GetConfigValue(const char* key) const {
    const auto it = info_.find(key == nullptr ? "" : key);
    return it == info_.end() ? std::string() : it->second;
  }

 protected:
  void AddCfgItem(const char* key, const char* value) {
    const std::string k = key == nullptr ? "" : key;
    if (info_.count(k) == 0) keys_.push_back(k);
    info_[k] = value == nullptr ? "" : value;
  }

 private:
  std::vector<std::string> keys_;
  std::map<std::string, std::string> info_;
};

// CANN's OpAICPUDef and OpHostCPUDef take the same items under the same keys.
template <typename Self>
class OpCpuEngineDef : public OpEngineConfig {
 public:
  Self& Engine(const char* value) { return Item("opInfo.engine", value); }
  Self& FlagPartial(bool flag) { return Item("opInfo.flagPartial", flag ? "True" : "False"); }
  Self& ComputeCost(const char* value) { return Item("opInfo.computeCost", value); }
  Self& FlagAsync(bool flag) { return Item("opInfo.flagAsync", flag ? "True" : "False"); }
  Self& OpKernelLib(const char* value) { return Item("opInfo.opKernelLib", value); }
  Self& KernelSo(const char* value) { return Item("opInfo.kernelSo", value); }
  Self& FunctionName(const char* value) { return Item("opInfo.functionName", value); }
  Self& UserDefined(bool flag) { return Item("opInfo.userDefined", flag ? "True" : "False"); }
  Self& ExtendCfgInfo(const char* key, const char* value) { return Item(key, value); }

 private:
  Self& Item(const char* key, const char* value) {
    AddCfgItem(key, value);
    return static_cast<Self&>(*this);
  }
};

class OpAICPUDef : public OpCpuEngineDef<OpAICPUDef> {};
class OpHostCPUDef : public OpCpuEngineDef<OpHostCPUDef> {};

class OpMC2Def {
 public:
  OpMC2Def& HcclGroup(const char* value) {
    groups_.emplace_back(value == nullptr ? "" : value);
    return *this;
  }
  OpMC2Def& HcclGroup(std::vector<const char*> value) {
    for (const char* v : value) HcclGroup(v);
    return *this;
  }
  // Without a SoC, the type every SoC gets unless one is named.
  void HcclServerType(enum HcclServerType type, const char* soc = nullptr) {
    server_types_[soc == nullptr ? "" : soc] = type;
  }

  const std::vector<std::string>& GetHcclGroups() const { return groups_; }
  enum HcclServerType GetHcclServerType(const std::string& soc = "") const {
    auto it = server_types_.find(soc);
    if (it == server_types_.end()) it = server_types_.find("");
    return it == server_types_.end() ? HcclServerType::MAX : it->second;
  }

 private:
  std::vector<std::string> groups_;
  std::map<std::string, enum HcclServerType> server_types_;
};

}  // namespace ops
