#include "opsim/cases/case_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>
#include <vector>

#include "opsim/cases/case_data.h"
#include "opsim/cases/output_digest.h"
#include "opsim/core/float16.h"
#include "opsim/core/memory_limit.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/context.h"
#include "opsim/framework/host_run.h"

#include "dims_text.h"

namespace opsim::cases {
namespace {

double FloatAt(DType dtype, const uint8_t* p) {
  switch (dtype) {
    case DType::kFloat32: {
      float f;
      std::memcpy(&f, p, sizeof(f));
      return f;
    }
    case DType::kFloat64: {
      double d;
      std::memcpy(&d, p, sizeof(d));
      return d;
    }
    default: {
      uint16_t h;
      std::memcpy(&h, p, sizeof(h));
      return dtype == DType::kFloat16 ? HalfBitsToFloat(h) : BFloat16BitsToFloat(h);
    }
  }
}

// Floating outputs element by element; `tolerance` null: exact values. Integers: bytewise.
std::string CompareValues(DType dtype, const ToleranceOverride* tolerance, const uint8_t* expected,
                          const uint8_t* actual, size_t count) {
  const size_t es = DTypeSize(dtype);
  for (size_t i = 0; i < count; ++i) {
    const uint8_t* e_bytes = expected + i * es;
    const uint8_t* a_bytes = actual + i * es;
    bool ok = false;
    std::ostringstream m;
    m.precision(17);
    if (!IsFloating(dtype)) {
      ok = std::memcmp(e_bytes, a_bytes, es) == 0;
      if (!ok) {
        uint64_t e = 0, a = 0;
        std::memcpy(&e, e_bytes, es);
        std::memcpy(&a, a_bytes, es);
        m << "output[" << i << "] = 0x" << std::hex << a << ", expected 0x" << e << " (exact)";
      }
    } else {
      const double e = FloatAt(dtype, e_bytes);
      const double a = FloatAt(dtype, a_bytes);
      if (std::isnan(e) || std::isnan(a)) {
        ok = std::isnan(e) && std::isnan(a);
      } else if (std::isinf(e) || std::isinf(a) || tolerance == nullptr) {
        ok = e == a;
      } else {
        ok = std::fabs(a - e) <= tolerance->abs + tolerance->rel * std::fabs(e);
      }
      if (!ok) {
        m << "output[" << i << "] = " << a << ", expected " << e;
        if (tolerance != nullptr) {
          m << " (tolerance rel " << tolerance->rel << ", abs " << tolerance->abs << ")";
        } else {
          m << " (exact)";
        }
      }
    }
    if (!ok) return m.str();
  }
  return "";
}

void Fail(CaseResult* out, const std::string& message) {
  out->verdict = Verdict::kFail;
  out->message = message;
}

}  // namespace

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "FAIL";
    case Verdict::kSkip: return "skip";
  }
  return "?";
}

std::string CheckExpected(const ExpectedOutput& expected, const ref::HostTensor& actual,
                          const std::optional<ToleranceOverride>& tolerance,
                          const ref::OpReference* reference, const AttrMap& attrs,
                          std::span<const ref::HostTensor> inputs, size_t index) {
  if (expected.dtype != actual.dtype) {
    return "the output is " + std::string(DTypeName(actual.dtype)) + ", " + expected.source +
           " is " + std::string(DTypeName(expected.dtype));
  }
  if (expected.shape != actual.shape) {
    return "the output has shape " + DimsText(actual.shape) + ", " + expected.source + " has " +
           DimsText(expected.shape);
  }
  if (expected.bytes.size() != actual.bytes.size()) {
    return "the output holds " + std::to_string(actual.bytes.size()) + " bytes, " +
           expected.source + " " + std::to_string(expected.bytes.size());
  }
  const size_t count = actual.bytes.size() / DTypeSize(actual.dtype);
  if (tolerance || reference == nullptr) {
    return CompareValues(actual.dtype, tolerance ? &*tolerance : nullptr, expected.bytes.data(),
                         actual.bytes.data(), count);
  }
  ref::HostTensor want;
  want.dtype = expected.dtype;
  want.shape = expected.shape;
  want.bytes = expected.bytes;
  const ref::Judgement j = reference->Judge(attrs, inputs, index, want, actual);
  return j.ok ? "" : j.message;
}

CaseResult RunCase(const Case& c, const CaseRunOptions& options) {
  CaseResult out;
  if (!c.skip.empty()) {
    out.verdict = Verdict::kSkip;
    out.message = c.skip;
    return out;
  }
  if (!c.user_code_failure.empty()) {
    Fail(&out, c.user_code_failure);
    return out;
  }
  // The loader sized every case; a Case built by hand is sized here, before anything is generated.
  double input_bytes = 0;
  for (const CaseInput& in : c.inputs) {
    const std::optional<uint64_t> b = ShapeBytes(in.shape, DTypeSize(in.dtype));
    if (!b) {
      Fail(&out, "input shape " + DimsText(in.shape) + " has more bytes than 2^64 can count");
      return out;
    }
    input_bytes += static_cast<double>(*b);
  }
  if (Status st = CheckFitsMemory(input_bytes, "the case's inputs"); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  std::vector<ref::HostTensor> inputs(c.inputs.size());
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    inputs[i].dtype = c.inputs[i].dtype;
    inputs[i].shape = c.inputs[i].shape;
    if (Status st = GenerateInput(c.inputs[i], &inputs[i].bytes); !st.ok()) {
      Fail(&out, st.ToString());
      return out;
    }
    out.input_bytes += inputs[i].bytes.size();
  }

  std::unique_ptr<Operation> op;
  if (Status st = OperationRegistry::Global().Create(c.op, c.attrs, &op); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  std::vector<HostRunInput> bound;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (c.inputs[i].constant) continue;  // the operation holds its value
    Shape shape;
    if (Status st =
            Shape::Make(inputs[i].shape.data(), inputs[i].shape.size(), &shape, "input shape");
        !st.ok()) {
      Fail(&out, st.ToString());
      return out;
    }
    HostRunInput in;
    in.desc.dtype = AclFromDType(inputs[i].dtype);
    in.desc.format = ACL_FORMAT_ND;
    in.desc.shape = DimsFromShape(shape);
    in.bytes = inputs[i].bytes;
    bound.push_back(in);
  }
  HostRunOptions run_options;
  run_options.subject = "the case";
  run_options.context_options.device = c.device;
  run_options.context_options.host_threads = options.host_threads;
  run_options.context_options.checked = options.checked;
  run_options.context_options.copy_elision = options.copy_elision;
  run_options.context_options.trace = options.trace;
  run_options.context_options.padded_device_buffers = true;
  std::unique_ptr<HostRun> run;
  if (Status st = HostRun::Prepare(*op, bound, run_options, &run); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  const VariantPack& pack = run->pack();
  std::vector<DType> out_dtypes;
  for (const Tensor& t : pack.outTensors) {
    const std::optional<DType> dtype = DTypeFromAcl(t.desc.dtype);
    if (!dtype || t.desc.shape.dimNum > MAX_DIM) {
      Fail(&out, c.op + ": inferred output " + ToString(t.desc) + " has no dtype opsim holds");
      return out;
    }
    out_dtypes.push_back(*dtype);
    out.output_shapes.emplace_back(t.desc.shape.dims, t.desc.shape.dims + t.desc.shape.dimNum);
  }
  const auto start = std::chrono::steady_clock::now();
  const Status st = run->Run();
  out.host_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const Context& context = run->context();
  out.device_ns = context.device_ns();
  if (options.trace) out.traces = context.traces();
  if (out.device_ns > 0 && context.device().hbm_gbps > 0) {
    out.roofline = static_cast<double>(out.input_bytes) / context.device().hbm_gbps / out.device_ns;
  }
  if (!st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }

  // Every output's digest before any judgement, so that a failed case still shows what it gave.
  for (const Tensor& t : pack.outTensors) {
    out.output_digests.push_back(Fnv1a64(static_cast<const uint8_t*>(t.deviceData), t.dataSize));
  }
  std::vector<ref::HostTensor> actual(pack.outTensors.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    const Tensor& t = pack.outTensors[i];
    actual[i].dtype = out_dtypes[i];
    actual[i].shape = out.output_shapes[i];
    const auto* p = static_cast<const uint8_t*>(t.deviceData);
    actual[i].bytes.assign(p, p + t.dataSize);
    if (i < c.expected_shapes.size() && c.expected_shapes[i] &&
        *c.expected_shapes[i] != actual[i].shape) {
      Fail(&out, "output " + std::to_string(i) + " has shape " + DimsText(actual[i].shape) +
                     ", expected_shape is " + DimsText(*c.expected_shapes[i]));
      return out;
    }
  }

  const std::shared_ptr<const ref::OpReference> reference =
      ref::ReferenceRegistry::Global().Find(c.op);
  if (reference) {
    std::vector<ref::HostTensor> want;
    if (Status rs = reference->Compute(c.attrs, inputs, &want); !rs.ok()) {
      Fail(&out, "the reference failed: " + rs.ToString());
      return out;
    }
    if (want.size() != actual.size()) {
      Fail(&out, "the operation gave " + std::to_string(actual.size()) +
                     " outputs, the reference " + std::to_string(want.size()));
      return out;
    }
    for (size_t i = 0; i < want.size(); ++i) {
      if (want[i].dtype != actual[i].dtype || want[i].shape != actual[i].shape) {
        Fail(&out, "output " + std::to_string(i) + " is " + DimsText(actual[i].shape) + " " +
                       std::string(DTypeName(actual[i].dtype)) + ", the reference's " +
                       DimsText(want[i].shape) + " " + std::string(DTypeName(want[i].dtype)));
        return out;
      }
      const ref::Judgement j = reference->Judge(c.attrs, inputs, i, want[i], actual[i]);
      out.max_abs_err = std::max(out.max_abs_err, j.max_abs_err);
      out.max_rel_err = std::max(out.max_rel_err, j.max_rel_err);
      if (!j.ok) {
        Fail(&out, "output " + std::to_string(i) + " differs from the reference: " + j.message);
        return out;
      }
    }
  }
  for (size_t i = 0; i < c.expected.size() && i < actual.size(); ++i) {
    if (!c.expected[i]) continue;
    const std::string mismatch =
        CheckExpected(*c.expected[i], actual[i], c.tolerance, reference.get(), c.attrs, inputs, i);
    if (!mismatch.empty()) {
      Fail(&out, "output " + std::to_string(i) + " differs from " + c.expected[i]->source + ": " +
                     mismatch);
      return out;
    }
  }
  if (c.expected.size() > actual.size()) {
    Fail(&out, "the case expects " + std::to_string(c.expected.size()) +
                   " outputs, the operation gave " + std::to_string(actual.size()));
    return out;
  }
  out.verdict = Verdict::kPass;
  return out;
}

}  // namespace opsim::cases
