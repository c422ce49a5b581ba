// `opsim onnx-test DIR...`: runs ONNX backend test folders (model.onnx, test_data_set_*/
// input_N.pb, output_N.pb) through the importer and the simulator, one line per folder, then
// "N passed, M failed, K skipped". A folder is skipped when its model uses an op the importer
// does not have; a load or run error is a failure.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "commands.h"
#include "onnx_compare.h"
#include "opsim/core/file_read.h"
#include "opsim/framework/context.h"
#include "opsim/framework/host_run.h"
#include "opsim/framework/onnx_model.h"
#include "safe_regex.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kOnnxTestCmd = "onnx-test";

struct OnnxTestOptions {
  std::vector<std::string> dirs;
  std::string device = kDefaultDevice;
  int threads = 0;
  std::string require_pass;
  int require_pass_count = -1;
};

enum class Outcome { kPass, kFail, kSkip };

struct FolderResult {
  Outcome outcome = Outcome::kFail;
  std::string detail;
};

std::vector<fs::path> SortedDirs(const fs::path& parent, const std::string& prefix) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(parent, ec)) {
    if (e.is_directory(ec) && e.path().filename().string().rfind(prefix, 0) == 0) {
      out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// input_0.pb, input_1.pb, ... up to the first missing index.
Status ReadNumbered(const fs::path& dir, const std::string& stem, std::vector<OnnxTensor>* out) {
  for (size_t k = 0;; ++k) {
    const fs::path file = dir / (stem + "_" + std::to_string(k) + ".pb");
    if (!PathEntryExists(file.string())) return Status::Ok();
    OnnxTensor t;
    OPSIM_RETURN_IF_ERROR(LoadOnnxTensorFile(file.string(), &t));
    out->push_back(std::move(t));
  }
}

// Every input is given at load time, so the model's operation binds it as a constant: an axes
// input must be known to build the node, and the backend runner's data sets are fixed anyway.
FolderResult RunDataSet(const std::string& model_bytes, const std::string& model_path,
                        const OnnxModelInfo& info, const fs::path& set, Context* context) {
  const std::string where = set.filename().string() + ": ";
  std::vector<OnnxTensor> inputs, expected;
  if (Status st = ReadNumbered(set, "input", &inputs); !st.ok())
    return {Outcome::kFail, st.message()};
  if (Status st = ReadNumbered(set, "output", &expected); !st.ok()) {
    return {Outcome::kFail, st.message()};
  }
  if (inputs.size() != info.inputs.size() || expected.size() != info.outputs.size()) {
    return {Outcome::kFail, where + "holds " + std::to_string(inputs.size()) + " inputs and " +
                                std::to_string(expected.size()) + " outputs; the model has " +
                                std::to_string(info.inputs.size()) + " and " +
                                std::to_string(info.outputs.size())};
  }
  OnnxLoadOptions options;
  for (size_t k = 0; k < inputs.size(); ++k) {
    inputs[k].name = info.inputs[k];  // the backend runner binds by position
    options.input_values.push_back(std::move(inputs[k]));
  }
  OnnxModel model;
  if (Status st = LoadOnnxModel(model_bytes, model_path, options, &model); !st.ok()) {
    return {Outcome::kFail, st.ToString()};
  }
  HostRunOptions run_options;
  run_options.subject = "the model";
  run_options.context = context;
  std::unique_ptr<HostRun> run;
  if (Status st = HostRun::Prepare(*model.operation, {}, run_options, &run); !st.ok()) {
    return {Outcome::kFail, st.ToString()};
  }
  if (Status st = run->Run(); !st.ok()) return {Outcome::kFail, where + st.ToString()};
  std::vector<OnnxTensor> outputs(model.outputs.size());
  for (size_t k = 0; k < outputs.size(); ++k) {
    const TensorDesc& d = run->pack().outTensors[k].desc;
    outputs[k].dtype = *DTypeFromAcl(d.dtype);
    outputs[k].dims.assign(d.shape.dims, d.shape.dims + d.shape.dimNum);
    const std::span<const uint8_t> bytes = run->output(k);
    outputs[k].data.assign(bytes.begin(), bytes.end());
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    const std::string diff = CompareOnnxOutput(outputs[k], expected[k]);
    if (!diff.empty()) {
      return {Outcome::kFail,
              where + "output " + std::to_string(k) + " (" + model.outputs[k].name + ") " + diff};
    }
  }
  return {Outcome::kPass, ""};
}

FolderResult RunFolder(const fs::path& folder, Context* context) {
  const fs::path model_path = folder / "model.onnx";
  std::string bytes;
  if (Status st = ReadFileBytes(model_path.string(), &bytes); !st.ok()) {
    return {Outcome::kFail, st.ToString()};
  }
  OnnxModelInfo info;
  if (Status st = InspectOnnxModel(bytes, model_path.string(), &info); !st.ok()) {
    return {Outcome::kFail, st.ToString()};
  }
  if (!info.unsupported_ops.empty()) {
    std::string ops;
    for (const std::string& op : info.unsupported_ops) ops += (ops.empty() ? "" : ", ") + op;
    return {Outcome::kSkip,
            std::string(info.unsupported_ops.size() == 1 ? "unsupported op " : "unsupported ops ") +
                ops};
  }
  const std::vector<fs::path> sets = SortedDirs(folder, "test_data_set_");
  if (sets.empty()) return {Outcome::kFail, "no test_data_set_* folder"};
  for (const fs::path& set : sets) {
    FolderResult r = RunDataSet(bytes, model_path.string(), info, set, context);
    if (r.outcome != Outcome::kPass) return r;
  }
  return {Outcome::kPass, ""};
}

int RunOnnxTest(const OnnxTestOptions& o) {
  SafeRegex require;
  if (!o.require_pass.empty()) {
    if (Status st = CompileRegex("--require-pass", o.require_pass, &require); !st.ok()) {
      return UsageError(kOnnxTestCmd, st.message());
    }
  }
  std::vector<fs::path> folders;
  for (const std::string& dir : o.dirs) {
    if (PathEntryExists((fs::path(dir) / "model.onnx").string())) {
      folders.emplace_back(dir);
      continue;
    }
    std::vector<fs::path> found;
    for (const fs::path& sub : SortedDirs(dir, "")) {
      if (PathEntryExists((sub / "model.onnx").string())) found.push_back(sub);
    }
    if (found.empty()) {
      return UsageError(kOnnxTestCmd, "'" + dir + "' holds no model.onnx and no folder with one");
    }
    folders.insert(folders.end(), found.begin(), found.end());
  }

  ContextOptions context_options;
  context_options.device = o.device;
  context_options.host_threads = o.threads;
  context_options.strict_atb_dtypes = false;
  std::unique_ptr<Context> context;
  if (Status st = Context::Create(context_options, &context); !st.ok()) {
    return Report(kOnnxTestCmd, "--device: " + st.ToString(), kExitFailure);
  }

  int passed = 0, failed = 0, skipped = 0, matched = 0, matched_passed = 0;
  for (const fs::path& folder : folders) {
    const FolderResult r = RunFolder(folder, context.get());
    const std::string name = folder.filename().string();
    const char* tag = r.outcome == Outcome::kPass   ? "PASS"
                      : r.outcome == Outcome::kFail ? "FAIL"
                                                    : "SKIP";
    std::printf("%s %s%s%s\n", tag, name.c_str(), r.detail.empty() ? "" : ": ", r.detail.c_str());
    passed += r.outcome == Outcome::kPass;
    failed += r.outcome == Outcome::kFail;
    skipped += r.outcome == Outcome::kSkip;
    if (!o.require_pass.empty() && require.Finds(name)) {
      ++matched;
      matched_passed += r.outcome == Outcome::kPass;
    }
  }
  std::printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
  bool ok = failed == 0;
  if (!o.require_pass.empty()) {
    std::printf("require-pass '%s': %d of %d matching folders passed\n", o.require_pass.c_str(),
                matched_passed, matched);
    const bool count_ok = o.require_pass_count < 0 || matched == o.require_pass_count;
    if (!count_ok) {
      std::printf("require-pass: %d folders match, expected %d\n", matched, o.require_pass_count);
    }
    ok = ok && matched > 0 && matched_passed == matched && count_ok;
  }
  std::fflush(stdout);
  return ok ? 0 : kExitFailure;
}

}  // namespace

CommandRunner AddOnnxTestCommand(CLI::App& parent) {
  auto o = std::make_shared<OnnxTestOptions>();
  CLI::App* app = parent.add_subcommand(
      "onnx-test", "Run ONNX backend test folders (model.onnx, test_data_set_*/*.pb)");
  app->add_option("dirs", o->dirs, "Test folders, or folders of test folders")
      ->required()
      ->check(CLI::ExistingDirectory);
  app->add_option("--device", o->device, "Device profile name")->capture_default_str();
  AddIntegerOption(app, "--threads", &o->threads, 0, 1024, "Host threads (0: all)");
  AddLaunchTimeoutOption(app);
  app->add_option("--require-pass", o->require_pass,
                  "Fail unless every folder whose name matches this regex passes (and one does)");
  AddIntegerOption(app, "--require-pass-count", &o->require_pass_count, 0,
                   std::numeric_limits<int>::max(),
                   "With --require-pass: the number of folders the regex must match");
  return [o] { return RunOnnxTest(*o); };
}

}  // namespace opsim::cli
