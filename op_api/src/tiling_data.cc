#include <map>
#include <memory>
#include <string>
#include <utility>

#include "register/tilingdata_base.h"

namespace optiling {
namespace {
thread_local std::string tls_layout_error;
}  // namespace

std::string TakeTilingLayoutError() { return std::exchange(tls_layout_error, std::string()); }

void RecordTilingLayoutError(std::string message) {
  if (tls_layout_error.empty()) tls_layout_error = std::move(message);
}

CTilingDataClassFactory& CTilingDataClassFactory::GetInstance() {
  static CTilingDataClassFactory* factory = new CTilingDataClassFactory;
  return *factory;
}

void CTilingDataClassFactory::RegisterTilingData(const char* op_type,
                                                 TilingDataConstructor constructor) {
  constructors_.emplace(op_type, constructor);
}

std::shared_ptr<TilingDef> CTilingDataClassFactory::CreateTilingDataInstance(const char* op_type) {
  auto it = constructors_.find(op_type);
  return it == constructors_.end() ? nullptr : it->second();
}

}  // namespace optiling
