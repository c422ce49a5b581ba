#include "case_harness.h"

#include <sstream>
#include <variant>

#include "nlohmann/json.hpp"
#include "opsim/core/shape.h"

namespace opsim::cli {
namespace {

std::string Join(const std::vector<std::vector<int64_t>>& shapes) {
  std::string out;
  for (const auto& s : shapes) {
    if (!out.empty()) out.push_back(';');
    out.append(DimsToString(s));
  }
  return out;
}

std::string ValueText(const AttrValue& value) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const {
      std::ostringstream s;
      s << d;
      return s.str();
    }
    std::string operator()(const std::string& t) const { return t; }
    std::string operator()(const std::vector<int64_t>& l) const { return DimsToString(l); }
    std::string operator()(const std::vector<double>& l) const {
      std::ostringstream s;
      s << "[";
      for (size_t i = 0; i < l.size(); ++i) s << (i ? "," : "") << l[i];
      s << "]";
      return s.str();
    }
  };
  return std::visit(Visitor{}, value);
}

}  // namespace

std::string AttrsText(const AttrMap& attrs) {
  std::string out;
  for (const auto& [name, value] : attrs) {
    if (!out.empty()) out.push_back(',');
    out.append(name).append("=").append(ValueText(value));
  }
  return out.empty() ? "-" : out;
}

CaseOutcome RunCase(const cases::Case& c, const HarnessOptions& options) {
  CaseOutcome out;
  out.name = c.FullName();
  out.op = c.op;
  out.dtype = c.inputs.empty() ? "-" : std::string(DTypeName(c.inputs.front().dtype));
  out.device = c.device;
  std::vector<std::vector<int64_t>> input_shapes;
  for (const cases::CaseInput& in : c.inputs) input_shapes.push_back(in.shape);
  out.input_shape = Join(input_shapes);
  out.attrs = AttrsText(c.attrs);
  cases::CaseRunOptions run;
  run.host_threads = options.host_threads;
  run.trace = options.trace;
  run.checked = options.checked;
  run.copy_elision = options.copy_elision;
  cases::CaseResult r = cases::RunCase(c, run);
  out.output_shape = r.output_shapes.empty() ? "?" : Join(r.output_shapes);
  out.verdict = r.verdict;
  out.message = std::move(r.message);
  out.max_abs_err = r.max_abs_err;
  out.max_rel_err = r.max_rel_err;
  out.host_ms = r.host_ms;
  out.device_ns = r.device_ns;
  out.roofline = r.roofline;
  out.input_bytes = r.input_bytes;
  out.output_digests = std::move(r.output_digests);
  out.traces = std::move(r.traces);
  out.warnings = std::move(r.warnings);
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
