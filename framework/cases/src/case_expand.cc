// CaseSpec -> concrete Cases: one per op, varied-attribute choice, dtype and device. Each
// (op, attributes, dtype) is created through the registry and its outputs inferred here, so a
// case the operator refuses, expected values of the wrong count or dtype and an expected_shape
// the operator does not produce are suite errors, not run failures.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>

#include "case_opdef.h"
#include "case_spec.h"
#include "case_yaml.h"
#include "dims_text.h"
#include "opsim/cases/case_data.h"
#include "opsim/core/memory_limit.h"
#include "opsim/core/tensor.h"
#include "opsim/npy/npy.h"
#include "opsim/op_api/op_registry.h"
#include "opsim/op_api/user_call.h"
#include "opsim/reference/op_reference.h"

namespace opsim::cases {
namespace {

uint64_t Fnv1a(std::string_view text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// splitmix64 finaliser: nearby seeds give unrelated streams.
uint64_t Mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::string DTypeNames(const std::vector<DType>& dtypes) {
  std::string s;
  for (DType d : dtypes) {
    if (!s.empty()) s.append(", ");
    s.append(DTypeName(d));
  }
  return s.empty() ? "none" : s;
}

int64_t Elements(const std::vector<int64_t>& shape, bool* ok) {
  int64_t n = 1;
  *ok = true;
  for (int64_t d : shape) {
    if (d < 0 || (d != 0 && n > std::numeric_limits<int64_t>::max() / d)) {
      *ok = false;
      return 0;
    }
    n *= d;
  }
  return n;
}

Status ReadExpectedNpy(const ExpectedSpec& x, const Inferred& out, size_t index,
                       ExpectedOutput* expected) {
  npy::NpyArray a;
  if (Status st = npy::ReadNpy(x.npy, &a); !st.ok()) {
    return CaseError(x.mark, "expected", st.message());
  }
  const std::optional<DType> dtype =
      npy::DTypeFromDescr(a.descr, out.dtype == DType::kBFloat16, out.dtype == DType::kInt4);
  if (!dtype || *dtype != out.dtype) {
    return CaseError(x.mark, "expected",
                     x.npy + " holds '" + a.descr + "', output " + std::to_string(index) + " is " +
                         std::string(DTypeName(out.dtype)));
  }
  if (a.shape != out.shape) {
    return CaseError(x.mark, "expected",
                     x.npy + " has shape " + DimsText(a.shape) + ", output " +
                         std::to_string(index) + " is " + DimsText(out.shape));
  }
  if (*dtype == DType::kInt4) {
    if (Status st = npy::PackInt4(x.npy, &a); !st.ok()) {
      return CaseError(x.mark, "expected", st.message());
    }
  }
  expected->dtype = out.dtype;
  expected->shape = out.shape;
  expected->bytes = std::move(a.data);
  expected->source = x.npy;
  return Status::Ok();
}

class Expander {
 public:
  Expander(const std::string& suite, const CaseSpec& spec,
           const std::function<bool(const std::string&)>& select, std::vector<Case>* out)
      : suite_(suite), spec_(spec), select_(select), out_(out) {}

  Status Run() {
    for (const auto& [op, op_mark] : spec_.ops) {
      if (!OperationRegistry::Global().Contains(op)) {
        const std::vector<std::string> names = OperationRegistry::Global().Names();
        const std::vector<std::string_view> known(names.begin(), names.end());
        return CaseError(op_mark, "op",
                         "unknown operator '" + op + "' (did you mean '" +
                             std::string(NearestName(op, known)) +
                             "'? an operator library's ops need --library)");
      }
      // Every combination of the attributes' choices (a fixed one has one), the last fastest.
      size_t combinations = 1;
      for (const AttrSpec& a : spec_.attrs) combinations *= a.choices.size();
      for (size_t n = 0; n < combinations; ++n) {
        std::vector<size_t> choice(spec_.attrs.size(), 0);
        size_t rest = n;
        for (size_t k = spec_.attrs.size(); k-- > 0;) {
          choice[k] = rest % spec_.attrs[k].choices.size();
          rest /= spec_.attrs[k].choices.size();
        }
        OPSIM_RETURN_IF_ERROR(ExpandChoice(op, op_mark, choice));
      }
    }
    return Status::Ok();
  }

 private:
  Status ExpandChoice(const std::string& op, const SourceMark& op_mark,
                      const std::vector<size_t>& choice) {
    AttrMap attrs;
    std::string varied;
    for (size_t k = 0; k < spec_.attrs.size(); ++k) {
      const AttrSpec& a = spec_.attrs[k];
      const AttrChoice& c = a.choices[choice[k]];
      attrs.emplace(a.name, AsDeclared(op, a.name, c));
      if (a.varied) {
        std::string text = c.text;
        std::replace(text.begin(), text.end(), '/', '_');  // '/' separates name parts
        varied += "/" + a.name + "=" + text;
      }
    }
    if (Status st = SetDynamicInputCount(op, spec_.inputs.size(), &attrs); !st.ok()) {
      return CaseError(spec_.mark, "inputs", st.message());
    }
    const std::shared_ptr<const ref::OpReference> reference =
        ref::ReferenceRegistry::Global().Find(op);
    std::vector<std::pair<DType, SourceMark>> dtypes = spec_.dtypes;
    if (spec_.all_dtypes) {
      if (!reference) {
        return CaseError(spec_.dtypes_mark, "dtypes",
                         "'all' means the dtypes of the op's reference, and '" + op +
                             "' has none: list the dtypes");
      }
      for (DType d : reference->DTypes(attrs)) dtypes.emplace_back(d, spec_.dtypes_mark);
      if (dtypes.empty()) {
        return CaseError(spec_.dtypes_mark, "dtypes",
                         "the reference of '" + op + "' covers no dtype for these attributes");
      }
    } else if (dtypes.empty()) {
      // No `dtypes`: every input names its own; input 0's names the case.
      DType first = spec_.inputs.front().dtype.value_or(DType::kFloat32);
      if (!spec_.inputs.front().npy.empty()) {
        CaseInput probe;
        OPSIM_RETURN_IF_ERROR(NpyInput(spec_.inputs.front(), DType::kFloat32, &probe));
        first = probe.dtype;
      }
      dtypes.emplace_back(first, spec_.inputs.front().mark);
    } else if (reference) {
      const std::vector<DType> covered = reference->DTypes(attrs);
      for (const auto& [dtype, mark] : dtypes) {
        if (std::find(covered.begin(), covered.end(), dtype) == covered.end()) {
          return CaseError(mark, "dtypes",
                           "case '" + spec_.name + "': the reference of " + op +
                               " does not cover " + std::string(DTypeName(dtype)) +
                               " (covers: " + DTypeNames(covered) + ")");
        }
      }
    }
    for (const auto& [dtype, dtype_mark] : dtypes) {
      OPSIM_RETURN_IF_ERROR(ExpandDType(op, op_mark, attrs, varied, dtype, reference.get()));
    }
    return Status::Ok();
  }

  Status ExpandDType(const std::string& op, const SourceMark& op_mark, const AttrMap& attrs,
                     const std::string& varied, DType dtype, const ref::OpReference* reference) {
    const std::string stem = spec_.name + "/" + op;
    const std::string dtype_name(DTypeName(dtype));
    const std::string name = stem + varied + "/" + dtype_name;
    std::vector<std::string> devices;
    for (const std::string& device : spec_.devices) {
      if (!select_ || select_(suite_ + "/" + name + "/" + device)) devices.push_back(device);
    }
    if (devices.empty()) return Status::Ok();
    Case c;
    c.suite = suite_;
    c.base_name = spec_.name;
    c.mark = spec_.mark;
    c.op = op;
    c.attrs = attrs;
    c.tolerance = spec_.tolerance;
    c.skip = spec_.skip;
    for (size_t i = 0; i < spec_.inputs.size(); ++i) {
      CaseInput x;
      OPSIM_RETURN_IF_ERROR(MakeInput(i, op, attrs, dtype, name, &x));
      c.inputs.push_back(std::move(x));
    }

    if (Status st = BindOpDefInputs(op, &c); !st.ok()) {
      return CaseError(spec_.mark, "inputs", "case '" + name + "': " + st.message());
    }
    std::vector<Inferred> outputs;
    if (Status st = DryRun(op, c.attrs, c.inputs, &outputs); !st.ok()) {
      // A refusal is the suite's error; user code that threw is this case's failure alone.
      if (!op_api::IsUserCodeFailure(st)) {
        return CaseError(op_mark, "", "case '" + name + "' is refused: " + st.ToString());
      }
      c.user_code_failure = st.ToString();
      Emit(c, name, devices);
      return Status::Ok();
    }
    OPSIM_RETURN_IF_ERROR(CheckCaseBytes(c, outputs, op_mark, name));
    OPSIM_RETURN_IF_ERROR(AttachExpected(op, outputs, name, reference, &c));
    Emit(c, name, devices);
    return Status::Ok();
  }

  // The case once per selected device.
  void Emit(Case& c, const std::string& name, const std::vector<std::string>& devices) {
    for (const std::string& device : devices) {
      c.name = name + "/" + device;
      c.device = device;
      out_->push_back(c);
    }
  }

  // Input i of the case for `dtype`: its data spec resolved (auto, .npy), seeded, and checked
  // against its shape and dtype.
  Status MakeInput(size_t i, const std::string& op, const AttrMap& attrs, DType dtype,
                   const std::string& name, CaseInput* x) {
    const std::string stem = spec_.name + "/" + op;
    const std::string dtype_name(DTypeName(dtype));
    const InputSpec& in = spec_.inputs[i];
    x->dtype = in.dtype.value_or(dtype);
    x->shape = in.shape;
    x->data = in.data;
    x->mark = in.mark;
    if (!in.npy.empty()) OPSIM_RETURN_IF_ERROR(NpyInput(in, dtype, x));
    // The data depends on the name, op, dtype and input, not on the device or the varied
    // attributes: every device and every choice (keep dims or not) gets the same input.
    std::string seed_text = stem + "/" + dtype_name;
    if (i > 0) seed_text.append("#").append(std::to_string(i));
    x->seed = Mix(spec_.seed ^ Fnv1a(seed_text));
    bool ok = false;
    const int64_t n = Elements(x->shape, &ok);
    if (!ok) {
      return CaseError(in.mark, "shape", "the element count is negative or overflows int64");
    }
    if (x->data.kind == DataKind::kAuto) {
      if (Status st = AutoDataSpec(op, attrs, i, x->dtype, &x->data); !st.ok()) {
        return CaseError(in.mark, "data", "case '" + name + "': " + st.message());
      }
    }
    if (x->data.kind == DataKind::kBits && IsFloating(x->dtype)) {
      return CaseError(
          in.mark, "data",
          "case '" + name + "': data kind 'bits' is for integer dtypes, not " + dtype_name);
    }
    if (x->data.kind == DataKind::kValues && static_cast<int64_t>(x->data.values.size()) != n) {
      return CaseError(x->data.values.empty() ? in.mark : x->data.values.front().mark, "values",
                       std::to_string(x->data.values.size()) + " values for input shape " +
                           DimsText(x->shape) + " of " + std::to_string(n) + " elements");
    }
    // Every value must encode in this dtype (checked once per dtype, not per device).
    std::vector<uint8_t> bytes;
    OPSIM_RETURN_IF_ERROR(EncodeValues(x->data.values, x->dtype, &bytes));
    OPSIM_RETURN_IF_ERROR(EncodeValues(x->data.specials, x->dtype, &bytes));
    return Status::Ok();
  }

  // Sized before anything is generated: a case of [100000, 100000] inputs would otherwise run
  // out of memory when it runs, after every case before it.
  Status CheckCaseBytes(const Case& c, const std::vector<Inferred>& outputs,
                        const SourceMark& op_mark, const std::string& name) const {
    double case_bytes = 0;
    for (const CaseInput& x : c.inputs) {
      const std::optional<uint64_t> b = ShapeBytes(x.shape, DTypeSize(x.dtype));
      if (!b) return CaseError(x.mark, "shape", "case '" + name + "': the bytes overflow 2^64");
      case_bytes += static_cast<double>(*b);
    }
    for (const Inferred& o : outputs) {
      const std::optional<uint64_t> b = ShapeBytes(o.shape, DTypeSize(o.dtype));
      if (!b) {
        return CaseError(op_mark, "",
                         "case '" + name + "': output " + DimsText(o.shape) +
                             " has more bytes than 2^64 can count");
      }
      case_bytes += static_cast<double>(*b);
    }
    if (Status st = CheckFitsMemory(case_bytes, "its inputs and outputs"); !st.ok()) {
      return CaseError(spec_.mark, "inputs", "case '" + name + "': " + st.message());
    }
    return Status::Ok();
  }

  // The case's expected values and shapes against the outputs the operator infers; without a
  // reference, every output needs expected values.
  Status AttachExpected(const std::string& op, const std::vector<Inferred>& outputs,
                        const std::string& name, const ref::OpReference* reference, Case* c) {
    if (spec_.expected.size() > outputs.size()) {
      return CaseError(spec_.expected.back()->mark, "expected",
                       std::to_string(spec_.expected.size()) + " expected outputs, " + op +
                           " has " + std::to_string(outputs.size()));
    }
    if (spec_.expected_shapes.size() > outputs.size()) {
      return CaseError(spec_.expected_shape_mark, "expected_shape",
                       std::to_string(spec_.expected_shapes.size()) + " shapes, " + op + " has " +
                           std::to_string(outputs.size()) + " outputs");
    }
    c->expected.resize(outputs.size());
    c->expected_shapes.resize(outputs.size());
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (i < spec_.expected_shapes.size() && spec_.expected_shapes[i]) {
        if (*spec_.expected_shapes[i] != outputs[i].shape) {
          return CaseError(spec_.expected_shape_mark, "expected_shape",
                           DimsText(*spec_.expected_shapes[i]) + " for output " +
                               std::to_string(i) + ", but " + op + " gives " +
                               DimsText(outputs[i].shape) + " (case '" + name + "')");
        }
        c->expected_shapes[i] = spec_.expected_shapes[i];
      }
      if (i < spec_.expected.size() && spec_.expected[i]) {
        OPSIM_RETURN_IF_ERROR(Expected(*spec_.expected[i], outputs[i], i, name, &c->expected[i]));
      } else if (reference == nullptr) {
        return CaseError(spec_.mark, "expected",
                         "case '" + name + "': " + op + " has no registered reference, so " +
                             "output " + std::to_string(i) +
                             " needs expected values or a .npy file");
      }
    }
    return Status::Ok();
  }

  Status Expected(const ExpectedSpec& x, const Inferred& out, size_t index, const std::string& name,
                  std::optional<ExpectedOutput>* expected) {
    ExpectedOutput e;
    if (!x.npy.empty()) {
      OPSIM_RETURN_IF_ERROR(ReadExpectedNpy(x, out, index, &e));
      *expected = std::move(e);
      return Status::Ok();
    }
    bool ok = false;
    const int64_t n = Elements(out.shape, &ok);
    if (static_cast<int64_t>(x.values.size()) != n) {
      return CaseError(x.mark, "expected",
                       std::to_string(x.values.size()) + " values for output shape " +
                           DimsText(out.shape) + " of " + std::to_string(n) + " elements (case '" +
                           name + "')");
    }
    OPSIM_RETURN_IF_ERROR(EncodeValues(x.values, out.dtype, &e.bytes));
    e.dtype = out.dtype;
    e.shape = out.shape;
    e.source = "'expected' at " + x.mark.ToString();
    *expected = std::move(e);
    return Status::Ok();
  }

  // An input read from its .npy file: dtype, shape and bytes. "<u2" is bfloat16 when the case's
  // dtype is (.npy has no bfloat16).
  Status NpyInput(const InputSpec& in, DType case_dtype, CaseInput* x) {
    auto& file = npy_[in.npy];
    if (file.bytes == nullptr) {
      npy::NpyArray a;
      if (Status st = npy::ReadNpy(in.npy, &a); !st.ok()) {
        return CaseError(in.mark, "npy", st.message());
      }
      file.descr = a.descr;
      file.shape = a.shape;
      file.bytes = std::make_shared<const std::vector<uint8_t>>(std::move(a.data));
    }
    const std::optional<DType> dtype =
        npy::DTypeFromDescr(file.descr, case_dtype == DType::kBFloat16, case_dtype == DType::kInt4);
    if (!dtype) {
      return CaseError(in.mark, "npy",
                       in.npy + ": dtype '" + file.descr + "' is not one opsim holds");
    }
    x->dtype = *dtype;
    x->shape = file.shape;
    x->data.npy_bytes = file.bytes;
    if (*dtype == DType::kInt4) {  // the file's values, packed two a byte for the tensor
      npy::NpyArray packed{file.descr, file.shape, *file.bytes};
      if (Status st = npy::PackInt4(in.npy, &packed); !st.ok()) {
        return CaseError(in.mark, "npy", st.message());
      }
      x->data.npy_bytes = std::make_shared<const std::vector<uint8_t>>(std::move(packed.data));
    }
    return Status::Ok();
  }

  struct NpyFile {
    std::string descr;
    std::vector<int64_t> shape;
    std::shared_ptr<const std::vector<uint8_t>> bytes;
  };

  const std::string& suite_;
  const CaseSpec& spec_;
  const std::function<bool(const std::string&)>& select_;
  std::vector<Case>* out_;
  std::map<std::string, NpyFile> npy_;  // each file read once per entry
};

}  // namespace

Status ExpandCase(const std::string& suite, const CaseSpec& spec,
                  const std::function<bool(const std::string&)>& select, std::vector<Case>* out) {
  return Expander(suite, spec, select, out).Run();
}

}  // namespace opsim::cases
