// Reporting: the Chrome trace (chrome://tracing, Perfetto) and a text summary of a launch.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "opsim/sim/launch.h"

namespace opsim::sim {

const char* PipeName(Pipe pipe) {
  switch (pipe) {
    case Pipe::kS: return "S";
    case Pipe::kV: return "V";
    case Pipe::kMte2: return "MTE2";
    case Pipe::kMte3: return "MTE3";
    case Pipe::kMte1: return "MTE1";
    case Pipe::kM: return "M";
    case Pipe::kFix: return "FIX";
  }
  return "?";
}

namespace {
// Trace thread ids in the order a reader expects the lanes: copy in, compute, copy out, scalar.
int Lane(Pipe pipe) {
  switch (pipe) {
    case Pipe::kMte2: return 0;
    case Pipe::kV: return 1;
    case Pipe::kMte3: return 2;
    case Pipe::kS: return 3;
    case Pipe::kMte1: return 4;
    case Pipe::kM: return 5;
    case Pipe::kFix: return 6;
  }
  return 7;
}
// The pipes a report shows: the vector core's always, the cube's when the launch used them, so
// vector kernels' traces and summaries stay as they were.
std::vector<Pipe> ShownPipes(const KernelStats& stats) {
  std::vector<Pipe> pipes = {Pipe::kMte2, Pipe::kV, Pipe::kMte3, Pipe::kS};
  for (Pipe p : {Pipe::kMte1, Pipe::kM, Pipe::kFix}) {
    if (stats.pipes[static_cast<int>(p)].instructions > 0) pipes.push_back(p);
  }
  return pipes;
}
}  // namespace

std::string ChromeTraceJson(const KernelStats& stats) {
  const size_t cores = stats.core_ns.empty() ? 1 : stats.core_ns.size();
  std::ostringstream out;
  out.precision(6);
  out << std::fixed << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[";
  bool first = true;
  auto sep = [&] {
    if (!first) out << ",";
    first = false;
  };
  for (size_t c = 0; c < cores; ++c) {
    sep();
    out << "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" << c << ",\"args\":{\"name\":\"core "
        << c << "\"}}";
    for (Pipe p : ShownPipes(stats)) {
      sep();
      out << "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" << c << ",\"tid\":" << Lane(p)
          << ",\"args\":{\"name\":\"" << PipeName(p) << "\"}}";
    }
  }
  for (const TraceEvent& e : stats.trace) {
    sep();
    out << "{\"ph\":\"X\",\"name\":\"" << e.name << "\",\"cat\":\"" << PipeName(e.pipe)
        << "\",\"pid\":" << static_cast<size_t>(e.block) % cores << ",\"tid\":" << Lane(e.pipe)
        << ",\"ts\":" << e.start_ns / 1000.0 << ",\"dur\":" << e.dur_ns / 1000.0
        << ",\"args\":{\"block\":" << e.block << ",\"bytes\":" << e.bytes << "}}";
  }
  out << "]}";
  return out.str();
}

Status WriteChromeTrace(const KernelStats& stats, const std::string& path) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return {ErrorCode::kIoError, "cannot open trace file '" + path + "' for writing"};
  file << ChromeTraceJson(stats);
  file.close();
  if (!file) return {ErrorCode::kIoError, "writing trace file '" + path + "' failed"};
  return Status::Ok();
}

std::string FormatStats(const KernelStats& stats) {
  std::ostringstream out;
  char line[200];
  std::snprintf(line, sizeof(line),
                "simulated %.3f us on %u blocks (slowest core %.3f us, HBM bound %.3f us)\n",
                stats.device_ns / 1000.0, stats.block_dim, stats.slowest_core_ns / 1000.0,
                stats.hbm_bound_ns / 1000.0);
  out << line;
  double core_time = 0;
  for (double t : stats.core_ns) core_time += t;
  for (Pipe p : ShownPipes(stats)) {
    const PipeStats& s = stats.pipes[static_cast<int>(p)];
    std::snprintf(line, sizeof(line), "  %-4s busy %5.1f%%  %12llu B  %10llu instr\n", PipeName(p),
                  core_time > 0 ? 100.0 * s.busy_ns / core_time : 0.0,
                  static_cast<unsigned long long>(s.bytes),
                  static_cast<unsigned long long>(s.instructions));
    out << line;
  }
  return out.str();
}

}  // namespace opsim::sim
