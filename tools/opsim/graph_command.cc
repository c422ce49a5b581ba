// `opsim graph`: runs a YAML graph description (configs/graphs/) on .npy inputs through the
// framework and writes the requested outputs. Output files appear only after the whole graph ran.
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "commands.h"
#include "opsim/framework/description_loader.h"
#include "opsim/framework/host_run.h"
#include "opsim/npy/npy.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

constexpr const char* kGraphCmd = "graph";

struct GraphOptions {
  std::string graph;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::string device = kDefaultDevice;
  int threads = 0;
};

// "NAME=FILE" pairs, each name once.
int ParseBindings(const std::vector<std::string>& items, const char* flag,
                  std::map<std::string, std::string>* out) {
  for (const std::string& item : items) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      return UsageError(kGraphCmd, std::string(flag) + " '" + item + "' is not NAME=FILE.npy");
    }
    if (eq + 1 == item.size()) {
      return UsageError(kGraphCmd, std::string(flag) + " " + item + ": the path is empty");
    }
    if (!out->emplace(item.substr(0, eq), item.substr(eq + 1)).second) {
      return UsageError(kGraphCmd, std::string(flag) + " names '" + item.substr(0, eq) + "' twice");
    }
  }
  return 0;
}

std::string Names(const std::vector<NamedTensorDesc>& tensors) {
  std::string s;
  for (const auto& t : tensors) s += (s.empty() ? "" : ", ") + t.name;
  return s;
}

// Every --input / --output NAME=FILE names a graph input / output.
int CheckNames(const std::map<std::string, std::string>& files,
               const std::vector<NamedTensorDesc>& tensors, const std::string& flag,
               const std::string& kind, const std::string& graph) {
  for (const auto& [name, file] : files) {
    bool known = false;
    for (const auto& t : tensors) known |= t.name == name;
    if (!known) {
      return UsageError(kGraphCmd, flag + " '" + name + "' is not an " + kind + " of graph '" +
                                       graph + "' (" + kind + "s: " + Names(tensors) + ")");
    }
  }
  return 0;
}

// Each graph input from its file, of the dtype and shape the graph declares.
int ReadInputs(const LoadedGraph& g, const std::map<std::string, std::string>& in_files,
               std::vector<npy::NpyArray>* inputs, std::vector<HostRunInput>* bound) {
  for (size_t i = 0; i < g.inputs.size(); ++i) {
    const NamedTensorDesc& t = g.inputs[i];
    const auto file = in_files.find(t.name);
    if (file == in_files.end()) {
      return UsageError(kGraphCmd,
                        "graph input '" + t.name + "' needs --input " + t.name + "=FILE.npy");
    }
    if (Status st = npy::ReadNpy(file->second, &(*inputs)[i]); !st.ok()) {
      return Report(kGraphCmd, "--input " + t.name + ": " + st.message(), kExitFailure);
    }
    const std::optional<DType> want = DTypeFromAcl(t.desc.dtype);
    const std::optional<DType> got =
        npy::DTypeFromDescr((*inputs)[i].descr, want == DType::kBFloat16);
    std::vector<int64_t> dims(t.desc.shape.dims, t.desc.shape.dims + t.desc.shape.dimNum);
    if (got != want || (*inputs)[i].shape != dims) {
      return Report(kGraphCmd,
                    "--input " + t.name + ": " + file->second + " holds '" + (*inputs)[i].descr +
                        "' of " + std::to_string((*inputs)[i].shape.size()) +
                        " dims, the graph declares " + ToString(t.desc),
                    kExitFailure);
    }
    bound->push_back({t.desc, (*inputs)[i].data});
  }
  return 0;
}

int RunGraph(const GraphOptions& o) {
  std::map<std::string, std::string> in_files, out_files;
  if (int rc = ParseBindings(o.inputs, "--input", &in_files); rc != 0) return rc;
  if (int rc = ParseBindings(o.outputs, "--output", &out_files); rc != 0) return rc;
  LoadedGraph g;
  if (Status st = LoadGraphDescription(o.graph, &g); !st.ok()) {
    return Report(kGraphCmd, st.ToString(), kExitFailure);
  }
  if (int rc = CheckNames(in_files, g.inputs, "--input", "input", g.name); rc != 0) return rc;
  if (int rc = CheckNames(out_files, g.outputs, "--output", "output", g.name); rc != 0) return rc;

  std::vector<npy::NpyArray> inputs(g.inputs.size());
  std::vector<HostRunInput> bound;
  if (int rc = ReadInputs(g, in_files, &inputs, &bound); rc != 0) return rc;
  HostRunOptions options;
  options.subject = "the graph";
  options.context_options.device = o.device;
  options.context_options.host_threads = o.threads;
  std::unique_ptr<HostRun> run;
  Status st = HostRun::Prepare(*g.operation, bound, options, &run);
  if (st.ok()) st = run->Run();
  if (!st.ok()) return Report(kGraphCmd, st.ToString(), kExitFailure);

  // All requested outputs or none.
  std::vector<npy::NpyArray> arrays;
  arrays.reserve(g.outputs.size());
  std::vector<std::pair<std::string, const npy::NpyArray*>> files;
  for (size_t i = 0; i < g.outputs.size(); ++i) {
    const auto file = out_files.find(g.outputs[i].name);
    if (file == out_files.end()) continue;
    npy::NpyArray& array = arrays.emplace_back();
    array.descr = *npy::DescrFromDType(*DTypeFromAcl(g.outputs[i].desc.dtype));
    const Dims& d = g.outputs[i].desc.shape;
    array.shape.assign(d.dims, d.dims + d.dimNum);
    const std::span<const uint8_t> bytes = run->output(i);
    array.data.assign(bytes.begin(), bytes.end());
    files.emplace_back(file->second, &array);
  }
  if (Status ws = npy::WriteNpyFiles(files); !ws.ok()) {
    return Report(kGraphCmd, "--output: " + ws.message(), kExitFailure);
  }
  std::printf("graph %s: %zu inputs, %zu outputs on %s, %llu launches, simulated %.3f us\n",
              g.name.c_str(), g.inputs.size(), g.outputs.size(),
              run->context().device().name.c_str(),
              static_cast<unsigned long long>(run->context().launches()),
              run->context().device_ns() / 1000.0);
  return 0;
}

}  // namespace

CommandRunner AddGraphCommand(CLI::App& parent) {
  auto o = std::make_shared<GraphOptions>();
  CLI::App* app = parent.add_subcommand(
      "graph", "Run a YAML graph description on .npy inputs (configs/graphs/, docs/YAML.md)");
  app->add_option("graph", o->graph, "Graph description (YAML)")
      ->required()
      ->check(CLI::ExistingFile);
  app->add_option("--input", o->inputs, "NAME=FILE.npy for each graph input")->required();
  app->add_option("--output", o->outputs, "NAME=FILE.npy for each output to write")->required();
  app->add_option("--device", o->device, "Device profile name")->capture_default_str();
  AddIntegerOption(app, "--threads", &o->threads, 0, 1024, "Host threads (0: all)");
  AddLaunchTimeoutOption(app);
  return [o] { return RunGraph(*o); };
}

}  // namespace opsim::cli
