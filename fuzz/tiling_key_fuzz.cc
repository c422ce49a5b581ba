// Fuzz target: the template tiling key (ascendc/host_api/tiling/template_argument.h) on arbitrary
// declarations, selections and arguments. Every call must end in a key or INVALID_TILING_KEY;
// (their [ERROR] lines on stderr are expected); a key must decode back to the arguments (each field
// in its bits, a UINT by its index), and the checked encoding may only accept what the fast one
// accepts.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "ascendc/host_api/tiling/template_argument.h"
#include "byte_reader.h"

namespace {

using opsim::fuzz::ByteReader;

const char* const kNames[] = {"a", "b", "c", "d"};

AscendC::ParamStruct Param(ByteReader& in, const char* macro_type) {
  const uint32_t kind = static_cast<uint32_t>(in.Below(7));
  const uint8_t width = static_cast<uint8_t>(in.Below(10));
  std::vector<uint64_t> vals(in.Below(6));
  for (uint64_t& v : vals) v = in.Bit() ? in.Below(20) : in.U64();
  return AscendC::ParamStruct(kNames[in.Below(4)], kind, width, vals, macro_type);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  AscendC::TilingDeclareParams declare;
  for (size_t k = in.Below(5); k > 0; --k) declare.push_back(Param(in, "DECL"));
  AscendC::TilingSelectParams select(in.Below(3));
  for (auto& group : select) {
    for (size_t k = in.Below(4); k > 0; --k) group.push_back(Param(in, "SEL"));
  }
  std::vector<uint64_t> args(in.Bit() ? declare.size() : in.Below(6));
  for (uint64_t& a : args) a = in.Bit() ? in.Below(20) : in.U64();
  const uint64_t fast = AscendC::FastEncodeTilingKeyDirect(declare, args);
  const uint64_t checked = AscendC::EncodeTilingKey(declare, select, args);
  if (checked != AscendC::INVALID_TILING_KEY && checked != fast) std::abort();
  if (fast == AscendC::INVALID_TILING_KEY) return 0;
  uint32_t offset = 0;
  for (size_t i = 0; i < declare.size(); ++i) {  // decode: every field reads back
    const AscendC::ParamStruct& p = declare[i];
    if (p.paramType == ASCENDC_TPL_KERNEL_TYPE || p.paramType == ASCENDC_TPL_DETERMINISTIC)
      continue;
    const uint64_t mask = p.bitWidth >= 64 ? ~0ULL : (1ULL << p.bitWidth) - 1;
    const uint64_t field = offset >= 64 ? 0 : (fast >> offset) & mask;
    if (p.paramType == ASCENDC_TPL_UINT) {
      if (field >= p.vals.size() || p.vals[field] != args[i]) std::abort();
    } else if (field != args[i]) {
      std::abort();
    }
    offset += p.bitWidth;
  }
  return 0;
}
