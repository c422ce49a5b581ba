#include "op_call_gen.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

#include "opsim/op_api/op_registry.h"
#include "register/op_def.h"

namespace opsim::fuzz {
namespace {

// Dims: mostly small (the values operators meet), sometimes the edges overflow checks guard.
int64_t Dim(ByteReader& in) {
  const uint8_t pick = in.Byte();
  if (pick < 200) return pick % 9;
  if (pick < 230) return 1 + in.Below(300);
  static constexpr int64_t kEdges[] = {0,
                                       -1,
                                       65536,
                                       int64_t{1} << 31,
                                       int64_t{1} << 40,
                                       int64_t{1} << 62,
                                       std::numeric_limits<int64_t>::max(),
                                       std::numeric_limits<int64_t>::min()};
  return kEdges[in.Below(std::size(kEdges))];
}

int64_t Int(ByteReader& in) {
  const uint8_t pick = in.Byte();
  if (pick < 160) return static_cast<int64_t>(pick % 11) - 5;  // axes, flags, small counts
  if (pick < 230) return static_cast<int64_t>(in.U16()) - 32768;
  return static_cast<int64_t>(in.U64());
}

double Float(ByteReader& in) {
  const uint8_t pick = in.Byte();
  if (pick < 160) return (static_cast<int>(pick % 41) - 20) / 4.0;
  static constexpr double kEdges[] = {std::numeric_limits<double>::infinity(),
                                      -std::numeric_limits<double>::infinity(),
                                      std::numeric_limits<double>::quiet_NaN(),
                                      1e300,
                                      -1e-310,
                                      3.5e38};
  if (pick < 200) return kEdges[in.Below(std::size(kEdges))];
  return in.Double();
}

std::vector<int64_t> IntList(ByteReader& in) {
  std::vector<int64_t> v(in.Below(6));
  for (int64_t& x : v) x = Int(in);
  return v;
}

AttrValue AnyValue(ByteReader& in) {
  switch (in.Below(6)) {
    case 0: return in.Bit();
    case 1: return Int(in);
    case 2: return Float(in);
    case 3: return in.Text(12);
    case 4: return IntList(in);
    default: {
      std::vector<double> v(in.Below(5));
      for (double& x : v) x = Float(in);
      return v;
    }
  }
}

AttrValue ValueOfKind(ByteReader& in, const ops::OpAttrDef& def) {
  using Kind = ops::OpAttrDef::Kind;
  switch (def.GetKind()) {
    case Kind::kBool: return in.Bit();
    case Kind::kInt: return Int(in);
    case Kind::kFloat: return Float(in);
    case Kind::kString: {
      // The default (a value the op knows) or variants of it, or any text.
      std::string s = def.GetString();
      switch (in.Below(4)) {
        case 0: return s;
        case 1: return s.empty() ? s : s.substr(0, in.Below(s.size()));
        case 2:
          for (char& c : s) c = static_cast<char>(c ^ (in.Bit() ? 0x20 : 0));
          return s;
        default: return in.Text(16);
      }
    }
    case Kind::kListInt:
    case Kind::kListListInt:
    case Kind::kListBool: return IntList(in);
    case Kind::kListFloat: {
      std::vector<double> v(in.Below(5));
      for (double& x : v) x = Float(in);
      return v;
    }
    case Kind::kUnset: break;
  }
  return AnyValue(in);
}

void OpDefAttrs(ByteReader& in, const ops::OpDef& def, AttrMap* attrs) {
  for (const ops::OpAttrDef& a : def.GetAttrs()) {
    const uint8_t pick = in.Byte();
    if (pick < 64) continue;  // left to its default
    (*attrs)[a.GetName()] = pick < 240 ? ValueOfKind(in, a) : AnyValue(in);
  }
  for (const ops::OpParamDef& p : def.GetInputs()) {
    const std::string& name = p.GetName();
    const uint8_t pick = in.Byte();
    if (p.GetParamType() == ops::DYNAMIC) {
      (*attrs)["@" + name] = pick < 240 ? static_cast<int64_t>(1 + pick % 4) : Int(in);
    } else if (p.GetParamType() == ops::OPTIONAL) {
      if (pick < 96) continue;  // absent
      if (pick < 192) {
        (*attrs)["+" + name] = true;
      } else {
        (*attrs)["=" + name] = pick < 250 ? AttrValue(IntList(in)) : AnyValue(in);
      }
    } else if (pick > 224) {
      (*attrs)["=" + name] = IntList(in);  // a constant for a required input (ValueDepend ones)
    }
  }
  // Now and then a key the op does not declare, or a marker on an input.
  if (in.Byte() > 240) {
    static constexpr const char* kKeys[] = {"axes", "keepdims", "@x", "+x", "=axes", "", "@"};
    (*attrs)[kKeys[in.Below(std::size(kKeys))]] = AnyValue(in);
  }
}

aclDataType AnyAclDType(ByteReader& in) {
  static constexpr aclDataType kAll[] = {ACL_DT_UNDEFINED, ACL_FLOAT,  ACL_FLOAT16,   ACL_INT8,
                                         ACL_INT32,        ACL_UINT8,  ACL_INT16,     ACL_UINT16,
                                         ACL_UINT32,       ACL_INT64,  ACL_UINT64,    ACL_DOUBLE,
                                         ACL_BOOL,         ACL_STRING, ACL_COMPLEX64, ACL_BF16};
  if (in.Byte() > 250) return static_cast<aclDataType>(static_cast<int32_t>(in.U32()));
  return kAll[in.Below(std::size(kAll))];
}

TensorDesc Describe(ByteReader& in, aclDataType dtype) {
  TensorDesc d;
  d.dtype = in.Byte() < 240 ? dtype : AnyAclDType(in);
  const uint8_t f = in.Byte();
  d.format = f < 240 ? ACL_FORMAT_ND : static_cast<aclFormat>(static_cast<int32_t>(f % 40) - 1);
  const uint8_t r = in.Byte();
  // Rank: mostly 0..4, sometimes up to MAX_DIM, rarely past it (which must be refused).
  d.shape.dimNum = r < 200 ? r % 5 : (r < 250 ? r % (MAX_DIM + 1) : MAX_DIM + 1 + r % 3);
  for (uint64_t i = 0; i < d.shape.dimNum && i < MAX_DIM; ++i) d.shape.dims[i] = Dim(in);
  return d;
}

// The dtypes each OpDef input takes in a column (a DataTypeList input: one of its list).
aclDataType ColumnDType(ByteReader& in, const ops::OpParamDef& p, size_t column) {
  if (!p.GetDataTypeList().empty()) {
    return static_cast<aclDataType>(p.GetDataTypeList()[in.Below(p.GetDataTypeList().size())]);
  }
  if (column < p.GetDataTypes().size()) return static_cast<aclDataType>(p.GetDataTypes()[column]);
  return ACL_FLOAT;
}

}  // namespace

const std::vector<std::string>& RegisteredOps() {
  static const std::vector<std::string> names = OperationRegistry::Global().Names();
  return names;
}

Status GenerateOpCall(ByteReader& in, const std::string& op, OpCall* call) {
  const std::vector<std::string>& names = RegisteredOps();
  call->op = op.empty() ? names[in.Below(names.size())] : op;
  const ops::OpDef* def = op_api::FindOpDef(call->op);
  if (def != nullptr) {
    call->reads_values = false;
    for (const ops::OpParamDef& p : def->GetInputs()) {
      call->reads_values = call->reads_values || p.GetValueDepend() != ops::IGNORE;
    }
    OpDefAttrs(in, *def, &call->attrs);
  } else {  // a factory of its own: any attributes
    const size_t n = in.Below(4);
    for (size_t i = 0; i < n; ++i) call->attrs[in.Text(8)] = AnyValue(in);
  }
  const Status created =
      OperationRegistry::Global().Create(call->op, call->attrs, &call->operation);
  if (!created.ok()) {
    call->operation.reset();
    return created;
  }
  // The pack's inputs: the OpDef inputs that take tensors from the pack, in order, each with its
  // dtype in one column (the same column for all, so some calls fit the OpDef).
  std::vector<const ops::OpParamDef*> pack_params;
  if (def != nullptr) {
    for (const ops::OpParamDef& p : def->GetInputs()) {
      const std::string& name = p.GetName();
      if (call->attrs.count("=" + name) > 0) continue;
      if (p.GetParamType() == ops::OPTIONAL && call->attrs.count("+" + name) == 0) continue;
      size_t count = 1;
      if (p.GetParamType() == ops::DYNAMIC) {
        const int64_t* n = std::get_if<int64_t>(&call->attrs["@" + name]);
        count = n != nullptr && *n > 0 ? static_cast<size_t>(*n) : 1;
      }
      for (size_t i = 0; i < count; ++i) pack_params.push_back(&p);
    }
  }
  size_t columns = 1;
  if (def != nullptr) {
    for (const ops::OpParamDef& p : def->GetInputs())
      columns = std::max(columns, p.GetDataTypes().size());
  }
  const size_t column = in.Below(columns);
  const uint32_t count = call->operation->GetInputNum();
  for (uint32_t k = 0; k < count; ++k) {
    const aclDataType dtype =
        k < pack_params.size() ? ColumnDType(in, *pack_params[k], column) : AnyAclDType(in);
    call->inputs.push_back(Describe(in, dtype));
  }
  return created;
}

void FillPack(ByteReader& in, const SVector<TensorDesc>& inputs, const SVector<TensorDesc>& outputs,
              uint64_t max_bytes, PackBuffers* out) {
  out->pack = VariantPack{};
  out->storage.clear();
  out->storage.reserve(inputs.size() + outputs.size());
  out->complete = true;
  uint64_t total = 0;
  auto tensor = [&](const TensorDesc& desc, bool fill) {
    Tensor t;
    t.desc = desc;
    const std::optional<uint64_t> bytes = TensorDescBytes(desc);
    t.dataSize = bytes.value_or(0);
    if (!bytes || *bytes > max_bytes - total) {
      out->complete = false;
      return t;
    }
    total += *bytes;
    std::vector<uint8_t>& buffer = out->storage.emplace_back(*bytes, 0);
    if (fill) {
      // Small values in every element (axes inputs read them), then whatever the input says.
      for (size_t i = 0; i < buffer.size(); ++i) buffer[i] = in.Byte() % 4;
    }
    t.deviceData = buffer.empty() ? nullptr : buffer.data();
    return t;
  };
  for (const TensorDesc& d : inputs) out->pack.inTensors.push_back(tensor(d, true));
  for (const TensorDesc& d : outputs) out->pack.outTensors.push_back(tensor(d, false));
}

Context* FuzzContext(size_t index) {
  static const std::vector<std::unique_ptr<Context>> contexts = [] {
    std::vector<std::unique_ptr<Context>> all;
    for (const char* device : {"ascend910b", "ascend910a", "ascend310p"}) {
      ContextOptions options;
      options.device = device;
      options.checked = true;
      options.host_threads = 1;
      options.timeout_ns = 1e7;  // a flipped tiling asking for endless work stops in seconds
      std::unique_ptr<Context> c;
      if (!Context::Create(options, &c).ok()) std::abort();  // the harness cannot run
      all.push_back(std::move(c));
    }
    return all;
  }();
  return contexts[index % contexts.size()].get();
}

void RequireMessage(const Status& st) {
  if (!st.ok() && st.message().empty()) std::abort();
}

}  // namespace opsim::fuzz
