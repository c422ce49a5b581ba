#include "case_harness.h"

#include <chrono>
#include <memory>
#include <span>

#include "nlohmann/json.hpp"
#include "op_runner.h"
#include "opsim/cases/case_data.h"
#include "opsim/cases/case_run.h"
#include "opsim/core/shape.h"
#include "opsim/reference/compare.h"
#include "opsim/reference/reduce_reference.h"

namespace opsim::cli {
namespace {

// The case as its front door's registry operation, with that reading's attributes.
OpCall CallFor(const cases::ReduceCase& c) {
  OpCall call;
  call.dtype = c.dtype;
  call.shape = c.shape;
  const std::string kind(OnnxOpName(c.kind));
  switch (c.front_door) {
    case cases::FrontDoor::kAtb:
      call.op = "Reduce";
      call.attrs["reduceType"] = std::string(ReduceKindName(c.kind));
      call.attrs["axis"] = c.axes.value_or(std::vector<int64_t>{});
      break;
    case cases::FrontDoor::kOnnx:
      call.op = kind;
      if (c.axes) call.attrs["axes"] = *c.axes;
      call.attrs["keepdims"] = c.keep_dims;
      call.attrs["noop_with_empty_axes"] = c.noop_with_empty_axes;
      break;
    case cases::FrontDoor::kOpenVino:
      call.op = "OpenVINO." + kind;
      call.attrs["reduction_axes"] = c.axes.value_or(std::vector<int64_t>{});
      call.attrs["keep_dims"] = c.keep_dims;
      break;
  }
  return call;
}

void Fail(CaseOutcome* out, const std::string& message) {
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

CaseOutcome RunCase(const cases::ReduceCase& c, const HarnessOptions& options) {
  CaseOutcome out;
  out.name = c.FullName();
  const OpCall call = CallFor(c);
  out.op = call.op == "Reduce" ? "Reduce." + std::string(ReduceKindName(c.kind)) : call.op;
  out.dtype = std::string(DTypeName(c.dtype));
  out.device = c.device;
  out.input_shape = DimsToString(c.shape);
  out.axes = c.axes ? DimsToString(*c.axes) : "-";
  out.output_shape = "?";
  if (!c.skip.empty()) {
    out.verdict = Verdict::kSkip;
    out.message = c.skip;
    return out;
  }
  ReduceRequest request;
  if (Status st = cases::LowerCase(c, &request); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  std::vector<uint8_t> input;
  if (Status st = cases::GenerateInput(c, &input); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  out.input_bytes = input.size();

  ContextOptions context_options;
  context_options.device = c.device;
  context_options.host_threads = options.host_threads;
  context_options.checked = true;
  context_options.trace = options.trace;
  context_options.strict_atb_dtypes = c.atb_strict;
  std::unique_ptr<Context> context;
  if (Status st = Context::Create(context_options, &context); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<OpRunner> runner;
  Status st = OpRunner::Create(call, context.get(), input.data(), input.size(), &runner);
  if (st.ok()) st = runner->Execute();
  out.host_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.device_ns = context->device_ns();
  if (options.trace) out.traces = context->traces();
  if (out.device_ns > 0 && context->device().hbm_gbps > 0) {
    out.roofline = static_cast<double>(input.size()) / context->device().hbm_gbps / out.device_ns;
  }
  if (!st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  const Shape got = runner->output_shape();
  out.output_shape = got.ToString();
  if (!(got == request.output)) {
    Fail(&out, "output shape " + got.ToString() + " != " + request.output.ToString() +
                   " (the front door's)");
    return out;
  }

  const int64_t outputs = request.output.NumElements().value_or(0);
  std::vector<uint8_t> expected(runner->output().size());
  const std::span<const int64_t> axes(request.axes.begin(), request.axes.end());
  if (Status rs = ref::Reduce(cases::ToRef(request.kind), request.dtype, request.input, axes,
                              request.keep_dims, input.data(), expected.data());
      !rs.ok()) {
    Fail(&out, "reference failed: " + rs.ToString());
    return out;
  }
  std::vector<double> abs_sums;
  if (IsFloating(request.dtype)) {
    abs_sums.resize(static_cast<size_t>(outputs));
    if (!ref::AbsSum(request.dtype, request.input, axes, input.data(), abs_sums).ok()) {
      abs_sums.clear();
    }
  }
  int64_t reduce_len = 1;
  for (int64_t a : request.axes) reduce_len *= request.input[static_cast<int>(a)];
  const ref::CompareResult cmp =
      ref::Compare(cases::ToRef(request.kind), request.dtype, reduce_len, expected.data(),
                   runner->output().data(), outputs, abs_sums);
  out.max_abs_err = cmp.max_abs_err;
  out.max_rel_err = cmp.max_rel_err;
  if (!cmp.ok) {
    Fail(&out, "differs from the reference: " + cmp.message);
    return out;
  }
  const std::string mismatch = cases::CheckExpected(c, request, runner->output().data(), abs_sums);
  if (!mismatch.empty()) {
    Fail(&out, "differs from 'expected': " + mismatch);
    return out;
  }
  out.verdict = Verdict::kPass;
  return out;
}

std::string CaseTraceJson(const std::vector<sim::KernelStats>& traces) {
  nlohmann::json merged = {{"displayTimeUnit", "ns"}, {"traceEvents", nlohmann::json::array()}};
  double offset_us = 0;
  for (size_t i = 0; i < traces.size(); ++i) {
    nlohmann::json one = nlohmann::json::parse(sim::ChromeTraceJson(traces[i]));
    for (nlohmann::json& e : one["traceEvents"]) {
      // Metadata names the cores once; later launches reuse the same processes.
      if (e.value("ph", "") == "M" && i > 0) continue;
      if (e.contains("ts")) e["ts"] = e["ts"].get<double>() + offset_us;
      if (e.contains("args") && e.value("ph", "") == "X") e["args"]["launch"] = i;
      merged["traceEvents"].push_back(std::move(e));
    }
    offset_us += traces[i].device_ns / 1000.0;
  }
  return merged.dump();
}

}  // namespace opsim::cli
