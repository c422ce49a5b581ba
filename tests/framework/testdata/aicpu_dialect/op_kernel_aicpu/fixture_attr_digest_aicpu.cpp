// FixtureAttrDigest: reads an attribute of every kind CANN's AttrValue holds and writes what it
// read, as float64 values in a fixed order, into its one output, whose shape it then sets to
// the number of values written (a kernel that decides its output's shape, as NonZero's does).
// Every attribute is required. The order, per attribute: s: length, then each character's
// code; i; f; b; t (the DataType's number); shape: rank, dims, format; tensor: type, element
// count, the sum of its float32 elements; ls: count, each length; li, lf, lb, lt: count, values;
// lshape: count, then rank and dims of each; ltensor: count, each one's element count; lli:
// count, then length and values of each.
#include "fixture_attr_digest_aicpu.h"

#include <string>
#include <vector>

#include "cpu_kernel_utils.h"
#include "log.h"

namespace {
const char* const kFixtureAttrDigest = "FixtureAttrDigest";

class DigestWriter {
 public:
  void Add(double v) { values_.push_back(v); }
  void AddDims(const aicpu::TensorShape& shape) {
    Add(shape.GetDims());
    for (int32_t d = 0; d < shape.GetDims(); ++d) Add(static_cast<double>(shape.GetDimSize(d)));
  }
  void AddTensor(const aicpu::Tensor& t) {
    Add(t.GetDataType());
    Add(static_cast<double>(t.NumElements()));
    double sum = 0;
    const float* data = static_cast<const float*>(t.GetData());
    for (int64_t k = 0; data != nullptr && k < t.NumElements(); ++k) sum += data[k];
    Add(sum);
  }
  const std::vector<double>& values() const { return values_; }

 private:
  std::vector<double> values_;
};

void DigestScalars(aicpu::CpuKernelContext& ctx, DigestWriter& w) {
  const std::string s = ctx.GetAttr("s")->GetString();
  w.Add(static_cast<double>(s.size()));
  for (const char c : s) w.Add(static_cast<unsigned char>(c));
  w.Add(static_cast<double>(ctx.GetAttr("i")->GetInt()));
  w.Add(ctx.GetAttr("f")->GetFloat());
  w.Add(ctx.GetAttr("b")->GetBool() ? 1 : 0);
  w.Add(ctx.GetAttr("t")->GetDataType());
  const auto shape = ctx.GetAttr("shape")->GetTensorShape();
  w.AddDims(*shape);
  w.Add(shape->GetFormat());
  w.AddTensor(*ctx.GetAttr("tensor")->GetTensor());
}

void DigestLists(aicpu::CpuKernelContext& ctx, DigestWriter& w) {
  aicpu::AttrValue* ls = ctx.GetAttr("ls");
  w.Add(ls->ListStringSize());
  for (const auto& s : ls->GetListString()) w.Add(static_cast<double>(s.size()));
  aicpu::AttrValue* li = ctx.GetAttr("li");
  w.Add(li->ListIntSize());
  for (const int64_t v : li->GetListInt()) w.Add(static_cast<double>(v));
  aicpu::AttrValue* lf = ctx.GetAttr("lf");
  w.Add(lf->ListFloatSize());
  for (const float v : lf->GetListFloat()) w.Add(v);
  aicpu::AttrValue* lb = ctx.GetAttr("lb");
  w.Add(lb->ListBoolSize());
  for (const bool v : lb->GetListBool()) w.Add(v ? 1 : 0);
  aicpu::AttrValue* lt = ctx.GetAttr("lt");
  w.Add(lt->ListDataTypeSize());
  for (const aicpu::DataType v : lt->GetListDataType()) w.Add(v);
  aicpu::AttrValue* lshape = ctx.GetAttr("lshape");
  w.Add(lshape->ListTensorShapeSize());
  for (const auto& s : lshape->GetListTensorShape()) w.AddDims(s);
  aicpu::AttrValue* ltensor = ctx.GetAttr("ltensor");
  w.Add(ltensor->ListTensorSize());
  for (const auto& t : ltensor->GetListTensor()) w.Add(static_cast<double>(t.NumElements()));
  const auto lli = ctx.GetAttr("lli")->GetListListInt();
  w.Add(static_cast<double>(lli.size()));
  for (const auto& l : lli) {
    w.Add(static_cast<double>(l.size()));
    for (const int64_t v : l) w.Add(static_cast<double>(v));
  }
}
}  // namespace

namespace aicpu {

uint32_t FixtureAttrDigestCpuKernel::Compute(CpuKernelContext& ctx) {
  for (const char* name : {"s", "i", "f", "b", "t", "shape", "tensor", "ls", "li", "lf", "lb", "lt",
                           "lshape", "ltensor", "lli"}) {
    KERNEL_CHECK_NULLPTR(ctx.GetAttr(name), KERNEL_STATUS_PARAM_INVALID,
                         "%s: attribute '%s' is missing", kFixtureAttrDigest, name);
  }
  KERNEL_CHECK_NULLPTR(ctx.GetAttr("shape")->GetTensorShape(), KERNEL_STATUS_PARAM_INVALID,
                       "%s: attribute 'shape' holds no shape", kFixtureAttrDigest);
  KERNEL_CHECK_NULLPTR(ctx.GetAttr("tensor")->GetTensor(), KERNEL_STATUS_PARAM_INVALID,
                       "%s: attribute 'tensor' holds no tensor", kFixtureAttrDigest);
  Tensor* out = ctx.Output(0);
  KERNEL_CHECK_NULLPTR(out, KERNEL_STATUS_PARAM_INVALID, "%s: no output", kFixtureAttrDigest);
  KERNEL_CHECK_FALSE(out->GetDataType() == DT_DOUBLE, KERNEL_STATUS_PARAM_INVALID,
                     "%s: the output is of type %d, not DT_DOUBLE", kFixtureAttrDigest,
                     static_cast<int>(out->GetDataType()));
  DigestWriter w;
  DigestScalars(ctx, w);
  DigestLists(ctx, w);
  const uint64_t need = w.values().size() * sizeof(double);
  KERNEL_CHECK_FALSE(
      out->GetData() != nullptr && out->GetDataSize() >= need, KERNEL_STATUS_PARAM_INVALID,
      "%s: the output holds %llu bytes, the digest %llu", kFixtureAttrDigest,
      static_cast<unsigned long long>(out->GetDataSize()), static_cast<unsigned long long>(need));
  double* data = static_cast<double*>(out->GetData());
  for (size_t k = 0; k < w.values().size(); ++k) data[k] = w.values()[k];
  out->GetTensorShape()->SetDimSizes({static_cast<int64_t>(w.values().size())});
  return KERNEL_STATUS_OK;
}

REGISTER_CPU_KERNEL(kFixtureAttrDigest, FixtureAttrDigestCpuKernel);
}  // namespace aicpu
