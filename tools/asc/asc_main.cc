// opsim-asc: opsim's stand-in for CANN's asc compiler (bisheng) in CPU-debug form, what the ASC
// CMake package (lib/cmake/ASC) compiles and links `.asc` sources with (docs/CPU_DEBUG.md,
// "`.asc` projects"). A compile preprocesses the source with the host compiler against this
// install's headers, bisheng's kernel keywords as markers; rewrites the `<<<>>>` launches
// (asc_rewrite.h); compiles the result as host C++. A link adds the install's CPU-debug runtime.
// bisheng's options it knows are translated (asc_options.h); any other option is an error naming
// it. Installed, it finds the headers and runtime under its prefix; in a build tree, the
// opsim-asc.paths file beside it names them (tools/asc/CMakeLists.txt).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "asc_aclrtlaunch.h"
#include "asc_options.h"
#include "asc_rewrite.h"

namespace {

constexpr const char* kProg = "opsim-asc";

[[noreturn]] void Die(const std::string& why) {
  std::fprintf(stderr, "%s: error: %s\n", kProg, why.c_str());
  std::exit(1);
}

using opsim::asc::AscInput;
using opsim::asc::AscMode;
using opsim::asc::AscOptions;

// Where the headers and the CPU-debug runtime are.
struct Paths {
  std::vector<std::string> includes;
  std::vector<std::string> runtime;  // the libraries every program links
  std::string op_api;                // CANN's host tiling libraries' stand-in
  std::string rpath;
};

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, sep);) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

Paths FindPaths() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) Die("cannot find this program's own path (/proc/self/exe)");
  const std::string self(buf, static_cast<size_t>(n));
  const std::string dir = self.substr(0, self.find_last_of('/'));
  Paths p;
  // A build tree: the runtime is where the build put it (one line per path, "kind path").
  std::ifstream build_tree(dir + "/opsim-asc.paths");
  for (std::string line; std::getline(build_tree, line);) {
    const size_t space = line.find(' ');
    if (space == std::string::npos) continue;
    const std::string kind = line.substr(0, space), path = line.substr(space + 1);
    if (kind == "include") p.includes.push_back(path);
    if (kind == "lib") p.runtime.push_back(path);
    if (kind == "op_api") p.op_api = path;
    if (kind == "rpath") p.rpath = path;
  }
  if (!p.runtime.empty()) return p;
  const std::string prefix = dir + "/" OPSIM_ASC_TO_PREFIX;
  const std::string libdir = prefix + "/" OPSIM_ASC_LIBDIR;
  p.includes = {prefix + "/" OPSIM_ASC_INCLUDEDIR};
  for (const std::string& lib : Split(OPSIM_ASC_LINK_LIBS, ':'))
    p.runtime.push_back(libdir + "/" + lib);
  p.op_api = libdir + "/" OPSIM_ASC_OP_API_LIB;
  p.rpath = libdir;
  return p;
}

std::string HostCompiler() {
  const char* env = std::getenv("OPSIM_ASC_CXX");
  return env != nullptr && env[0] != '\0' ? env : OPSIM_ASC_CXX;
}

int Run(const std::vector<std::string>& cmd) {
  if (const char* v = std::getenv("OPSIM_ASC_VERBOSE"); v != nullptr && std::strcmp(v, "1") == 0) {
    std::string line;
    for (const std::string& c : cmd) line += (line.empty() ? "" : " ") + c;
    std::fprintf(stderr, "%s: %s\n", kProg, line.c_str());
  }
  std::vector<char*> argv;
  for (const std::string& c : cmd) argv.push_back(const_cast<char*>(c.c_str()));
  argv.push_back(nullptr);
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) Die("cannot start " + cmd[0]);
  if (pid == 0) {
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "%s: error: cannot run %s\n", kProg, argv[0]);
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) Die("lost " + cmd[0]);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

void Append(std::vector<std::string>* a, const std::vector<std::string>& b) {
  a->insert(a->end(), b.begin(), b.end());
}

// The host compiler with the language standard (C++17 unless given) and the host options.
std::vector<std::string> HostCommand(const AscOptions& o, std::initializer_list<const char*> lead) {
  std::vector<std::string> cmd = {HostCompiler()};
  cmd.insert(cmd.end(), lead.begin(), lead.end());
  if (!o.has_std) cmd.push_back("-std=c++17");
  Append(&cmd, o.host);
  return cmd;
}

std::vector<std::string> Includes(const Paths& paths) {
  std::vector<std::string> out;
  for (const std::string& dir : paths.includes) Append(&out, {"-isystem", dir});
  return out;
}

// The unit rewritten; under --opsim-aclrtlaunch-dir, with each kernel's aclrtlaunch_<kernel>
// entry defined in it and declared in a header there (asc_aclrtlaunch.h).
opsim::asc::RewriteResult RewriteWithEntries(const AscOptions& o, std::string unit) {
  opsim::asc::RewriteResult r = opsim::asc::RewriteAsc(unit, o.default_kind);
  if (o.aclrtlaunch_dir.empty() || !r.errors.empty() || r.entries.empty()) return r;
  for (const opsim::asc::KernelEntry& k : r.entries) {
    const std::string header = o.aclrtlaunch_dir + "/aclrtlaunch_" + k.name + ".h";
    std::ofstream out(header, std::ios::trunc);
    out << opsim::asc::AclrtlaunchHeader(k);
    if (!out) Die("cannot write " + header);
    unit += opsim::asc::AclrtlaunchDefinition(k);
  }
  return opsim::asc::RewriteAsc(unit, o.default_kind);
}

// Compiles one Ascend C source into `object`: preprocess with the kernel keywords as markers,
// rewrite the launches, compile the result.
void CompileAsc(const AscOptions& o, const Paths& paths, const std::string& source,
                const std::string& object) {
  const opsim::asc::AscTarget target = opsim::asc::ResolveAscTarget(o);
  if (!target.error.empty()) Die(target.error + " (compiling " + source + ")");
  std::vector<std::string> pre = HostCommand(o, {"-E", "-x", "c++"});
  Append(&pre, {"-DASCENDC_CPU_DEBUG=1", "-D__CCE_KT_TEST__=1", "-D__NPU_ARCH__=" + target.npu_arch,
                "-DOPSIM_ICPU_SOC_VERSION=\"" + target.soc + "\"",
                std::string("-D__global__=") + opsim::asc::kMarkerGlobal,
                std::string("-D__vector__=") + opsim::asc::kMarkerVector,
                std::string("-D__cube__=") + opsim::asc::kMarkerCube,
                std::string("-D__mix__(...)=") + opsim::asc::kMarkerMix + "(__VA_ARGS__)"});
  Append(&pre, o.pre);
  Append(&pre, Includes(paths));
  const std::string ii = object + ".asc.ii";
  // The launcher the rewrite calls; samples include it under ASCENDC_CPU_DEBUG, not all do.
  Append(&pre, {"-include", "cpu_debug_launch.h", source, "-o", ii});
  if (Run(pre) != 0) std::exit(1);

  std::ifstream in(ii, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const opsim::asc::RewriteResult r = RewriteWithEntries(o, text.str());
  if (!r.errors.empty()) {
    for (const std::string& e : r.errors) std::fprintf(stderr, "%s\n", e.c_str());
    std::remove(ii.c_str());
    std::exit(1);
  }
  std::ofstream(ii, std::ios::binary | std::ios::trunc) << r.text;
  std::vector<std::string> cc = HostCommand(o, {"-x", "c++-cpp-output"});
  Append(&cc, {"-c", ii, "-o", object});
  const int rc = Run(cc);
  const char* keep = std::getenv("OPSIM_ASC_KEEP");
  if (keep == nullptr || std::strcmp(keep, "1") != 0) std::remove(ii.c_str());
  if (rc != 0) std::exit(rc);
}

// A host source (a `.cpp` without -x asc): the host compiler, with the install's headers
// (acl/acl.h) after the user's.
void Compile(const AscOptions& o, const Paths& paths, const AscInput& in,
             const std::string& object) {
  if (in.asc) return CompileAsc(o, paths, in.path, object);
  std::vector<std::string> cc = HostCommand(o, {});
  Append(&cc, o.pre);
  Append(&cc, Includes(paths));
  Append(&cc, {"-c", in.path, "-o", object});
  if (const int rc = Run(cc); rc != 0) {
    std::ifstream src(in.path);
    const std::string text((std::istreambuf_iterator<char>(src)), std::istreambuf_iterator<char>());
    if (text.find("<<<") != std::string::npos && text.find(">>>") != std::string::npos) {
      std::fprintf(stderr,
                   "%s: note: %s was compiled as host C++: a <<<>>> launch is Ascend C, which "
                   "bisheng compiles in a .asc source or after -x asc / --asc-aicore-lang (in "
                   "CMake: the ASC language, LANGUAGE ASC or ascendc_library)\n",
                   kProg, in.path.c_str());
    }
    std::exit(rc);
  }
}

// CANN's host libraries by the link names asc-devkit's samples give (target_link_libraries(demo
// tiling_api register platform unified_dlog dl m graph_base)): the host tiling APIs are opsim's
// op_api library; the runtime, ACL and securec are linked anyway; the others (logging, graph,
// runtime internals) hold nothing a CPU-debug program calls here, so they are dropped. Any
// other name goes to the linker as written.
std::vector<std::string> LinkName(const std::string& name, const Paths& paths) {
  if (name == "tiling_api" || name == "register" || name == "platform") return {paths.op_api};
  static const char* dropped[] = {"ascendcl",      "c_sec",        "runtime",
                                  "ascendalog",    "unified_dlog", "graph_base",
                                  "error_manager", "profapi",      "ge_common_base",
                                  "mmpa",          "ascend_dump",  "ascendc_runtime"};
  for (const char* d : dropped) {
    if (name == d) return {};
  }
  return {"-l" + name};
}

// Links the objects with the CPU-debug runtime (rpath to its libraries).
int Link(const AscOptions& o, const Paths& paths, const std::vector<std::string>& objects) {
  std::vector<std::string> cmd = {HostCompiler()};
  Append(&cmd, o.host);
  if (o.mode == AscMode::kShared) cmd.push_back("-shared");
  Append(&cmd, objects);
  Append(&cmd, {"-o", o.output.empty() ? "a.out" : o.output});
  Append(&cmd, o.link);
  for (const std::string& name : o.libs) Append(&cmd, LinkName(name, paths));
  Append(&cmd, Split(OPSIM_ASC_SANITIZE, ' '));
  Append(&cmd, paths.runtime);
  cmd.push_back("-Wl,-rpath," + paths.rpath);
  return Run(cmd);
}

std::string ObjectName(const std::string& source) {
  const std::string base = source.substr(source.find_last_of('/') + 1);
  return base.substr(0, base.find_last_of('.')) + ".o";
}

constexpr const char* kUsage =
    "usage: opsim-asc --npu-arch=dav-2201 [-c|-dc|-shared|-lib] [options] x.asc [main.cpp] -o out\n"
    "  opsim's CPU-debug stand-in for CANN's asc compiler (bisheng): Ascend C sources (.asc, or\n"
    "  any source after -x asc or --asc-aicore-lang) run on opsim's simulated device.\n"
    "  -Xhost-start ... -Xhost-end: host compiler options; -Xaicore-start ... -Xaicore-end:\n"
    "  device compiler options (their -D/-I/-std= apply; code generation is the host's).\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) Die("no input files (usage: opsim-asc --npu-arch=dav-2201 [-c] x.asc -o out)");
  const AscOptions o = opsim::asc::ParseAscOptions(std::vector<std::string>(argv + 1, argv + argc));
  if (!o.error.empty()) Die(o.error);
  if (o.help) return std::fputs(kUsage, stdout) < 0;
  for (const std::string& a : o.host) {
    if (a == "--version" || a == "-v") return Run({HostCompiler(), a});
  }
  // opsim's CPU-debug build inserts no synchronisation, so the auto-sync log is empty.
  if (!o.sync_log.empty()) std::ofstream(o.sync_log, std::ios::trunc);
  const Paths paths = FindPaths();
  if (o.mode == AscMode::kObject) {
    if (o.inputs.size() != 1) Die("-c takes one source file");
    Compile(o, paths, o.inputs[0], o.output.empty() ? ObjectName(o.inputs[0].path) : o.output);
    return 0;
  }
  // bisheng x.asc -o demo (or -shared / -lib): compile each source next to the output, then
  // link or archive.
  std::vector<std::string> objects = o.objects, temporaries;
  const std::string base = o.output.empty() ? "a.out" : o.output;
  for (size_t i = 0; i < o.inputs.size(); ++i) {
    temporaries.push_back(base + ".asc" + std::to_string(i) + ".o");
    objects.push_back(temporaries.back());
    Compile(o, paths, o.inputs[i], objects.back());
  }
  if (objects.empty()) Die("no input files");
  int rc = 0;
  if (o.mode == AscMode::kStaticLib) {
    std::remove(base.c_str());
    std::vector<std::string> ar = {"ar", "qcs", base};
    Append(&ar, objects);
    rc = Run(ar);
  } else {
    rc = Link(o, paths, objects);
  }
  for (const std::string& t : temporaries) std::remove(t.c_str());
  return rc;
}
