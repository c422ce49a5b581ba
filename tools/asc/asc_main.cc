// opsim-asc: opsim's stand-in for CANN's asc compiler (bisheng) in CPU-debug form, what the ASC
// CMake package (lib/cmake/ASC) compiles and links `.asc` sources with (docs/CPU_DEBUG.md,
// "`.asc` projects"). A compile preprocesses the source with the host compiler against this
// install's headers, bisheng's kernel keywords as markers; rewrites the `<<<>>>` launches
// (asc_rewrite.h); compiles the result as host C++. A link adds the install's CPU-debug runtime.
// bisheng's options it knows are translated (--npu-arch picks the simulated SoC); host options
// pass through; any other option is an error naming it.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "asc_rewrite.h"

namespace {

constexpr const char* kProg = "opsim-asc";

[[noreturn]] void Die(const std::string& why) {
  std::fprintf(stderr, "%s: error: %s\n", kProg, why.c_str());
  std::exit(1);
}

struct Arch {
  const char* arch;
  const char* npu_arch;  // __NPU_ARCH__
  const char* soc;       // nullptr: no simulated device
};
// asc-devkit's "SIMD-BuiltIn关键字" page: 2201 the Atlas A2/A3 parts (the 910B), 2002 the Atlas
// inference parts (310P), 3002 the Atlas 200I/500 A2 (310B), 1001 the Atlas training parts (910A),
// 3510 the Ascend 950, which opsim has no figures for.
constexpr Arch kArchs[] = {{"dav-2201", "2201", "Ascend910B1"},
                           {"dav-2002", "2002", "Ascend310P1"},
                           {"dav-3002", "3002", "Ascend310B1"},
                           {"dav-1001", "1001", "Ascend910A"},
                           {"dav-3510", "3510", nullptr}};

const Arch& FindArch(const std::string& arch) {
  for (const Arch& a : kArchs) {
    if (arch == a.arch) {
      if (a.soc == nullptr) {
        Die("--npu-arch=" + arch + " (the Ascend 950) has no simulated device in opsim; use " +
            "dav-2201 (Atlas A2/A3, Ascend910B1), dav-2002 (Ascend310P1), dav-3002 " +
            "(Ascend310B1) or dav-1001 (Ascend910A)");
      }
      return a;
    }
  }
  Die("--npu-arch=" + arch + " is not an NPU architecture opsim knows (expected dav-2201, " +
      "dav-2002, dav-3002 or dav-1001)");
}

struct Options {
  std::vector<std::string> host;    // for both steps
  std::vector<std::string> pre;     // preprocessing only (-D -U -I -include -M*)
  std::vector<std::string> link;    // linking only (-L -l -Wl, -shared ...)
  std::vector<std::string> inputs;  // sources
  std::vector<std::string> objects;
  std::vector<std::string> libs;  // -l names, in order
  std::string output;
  std::string arch;
  bool compile = false;
  bool has_std = false;
};

bool StartsWith(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

void SetArch(Options* o, const std::string& arch) {
  if (!o->arch.empty() && o->arch != arch) {
    Die("two NPU architectures, --npu-arch=" + o->arch + " and --npu-arch=" + arch +
        " (CMAKE_ASC_ARCHITECTURES and the target's options must agree)");
  }
  o->arch = arch;
}

// Options that take the next argument, and where they go.
bool TakesValue(const std::string& a, Options* o, std::vector<std::string>** to) {
  static const char* pre[] = {"-D", "-U", "-I", "-isystem", "-include", "-MF", "-MT", "-MQ"};
  for (const char* p : pre) {
    if (a == p) *to = &o->pre;
  }
  if (a == "-L" || a == "-Xlinker") *to = &o->link;
  return *to != nullptr;
}

bool IsHostFlag(const std::string& a) {
  static const char* exact[] = {"-O", "-g",        "-w",    "-m64",  "-pthread", "-pipe",
                                "-s", "-rdynamic", "-fPIC", "-fpic", "-v",       "--version"};
  for (const char* e : exact) {
    if (a == e) return true;
  }
  return StartsWith(a, "-O") || StartsWith(a, "-g") || StartsWith(a, "-f") || StartsWith(a, "-W") ||
         StartsWith(a, "-std=");
}

Options Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    std::vector<std::string>* to = nullptr;
    if (StartsWith(a, "--npu-arch=")) {
      SetArch(&o, a.substr(11));
    } else if (a == "--npu-arch" && i + 1 < argc) {
      SetArch(&o, argv[++i]);
    } else if (StartsWith(a, "--run-mode=") || a == "--asc-aicore-lang" || a == "-xasc" ||
               a == "--cce-auto-sync" || a == "--cce-auto-sync=on") {
      // Every run mode runs on the simulated device; the language is implied.
    } else if (a == "-x" && i + 1 < argc && std::string(argv[i + 1]) == "asc") {
      ++i;
    } else if (a == "-c") {
      o.compile = true;
    } else if (a == "-o" && i + 1 < argc) {
      o.output = argv[++i];
    } else if (TakesValue(a, &o, &to)) {
      if (i + 1 >= argc) Die("option '" + a + "' needs an argument");
      to->push_back(a);
      to->push_back(argv[++i]);
    } else if (StartsWith(a, "-D") || StartsWith(a, "-U") || StartsWith(a, "-I") ||
               StartsWith(a, "-isystem") || StartsWith(a, "-M")) {
      o.pre.push_back(a);
    } else if (StartsWith(a, "-l")) {
      o.libs.push_back(a.substr(2));
    } else if (StartsWith(a, "-L") || StartsWith(a, "-Wl,") || a == "-shared" ||
               a == "-static-libstdc++" || a == "-static-libgcc") {
      o.link.push_back(a);
    } else if (IsHostFlag(a)) {
      o.has_std = o.has_std || StartsWith(a, "-std=");
      o.host.push_back(a);
    } else if (a == "--enable-simt") {
      Die("'--enable-simt': SIMT kernels are not modelled by opsim (SIMD kernels only)");
    } else if (!a.empty() && a[0] == '-') {
      Die("unknown option '" + a + "' (not a bisheng option this CPU-debug driver translates, " +
          "nor a host option it passes on)");
    } else if (a.size() > 2 && (a.substr(a.size() - 2) == ".o" || a.substr(a.size() - 2) == ".a" ||
                                a.find(".so") != std::string::npos)) {
      o.objects.push_back(a);
    } else {
      o.inputs.push_back(a);
    }
  }
  return o;
}

std::string Prefix() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) Die("cannot find this program's own path (/proc/self/exe)");
  std::string self(buf, static_cast<size_t>(n));
  return self.substr(0, self.find_last_of('/')) + "/" OPSIM_ASC_TO_PREFIX;
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

std::vector<std::string> Concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Compiles one `.asc` (or C++) source into `object`.
void Compile(const Options& o, const std::string& prefix, const std::string& source,
             const std::string& object) {
  if (o.arch.empty()) {
    Die("no --npu-arch=dav-xxxx for " + source +
        " (set CMAKE_ASC_ARCHITECTURES or pass --npu-arch in the target's ASC options)");
  }
  const Arch& arch = FindArch(o.arch);
  const std::string cxx = HostCompiler();
  const std::string std_flag = o.has_std ? "" : "-std=c++17";
  std::vector<std::string> pre = {cxx, "-E", "-x", "c++"};
  if (!std_flag.empty()) pre.push_back(std_flag);
  pre = Concat(pre, o.host);
  pre = Concat(pre, {"-DASCENDC_CPU_DEBUG=1", "-D__CCE_KT_TEST__=1",
                     std::string("-D__NPU_ARCH__=") + arch.npu_arch,
                     std::string("-DOPSIM_ICPU_SOC_VERSION=\"") + arch.soc + "\"",
                     std::string("-D__global__=") + opsim::asc::kMarkerGlobal,
                     std::string("-D__vector__=") + opsim::asc::kMarkerVector,
                     std::string("-D__cube__=") + opsim::asc::kMarkerCube,
                     std::string("-D__mix__(...)=") + opsim::asc::kMarkerMix + "(__VA_ARGS__)"});
  pre = Concat(pre, o.pre);
  const std::string ii = object + ".asc.ii";
  // The launcher the rewrite calls; samples include it under ASCENDC_CPU_DEBUG, not all do.
  pre = Concat(pre, {"-isystem", prefix + "/" OPSIM_ASC_INCLUDEDIR, "-include",
                     "cpu_debug_launch.h", source, "-o", ii});
  if (Run(pre) != 0) std::exit(1);

  std::ifstream in(ii, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const opsim::asc::RewriteResult r = opsim::asc::RewriteAsc(text.str());
  if (!r.errors.empty()) {
    for (const std::string& e : r.errors) std::fprintf(stderr, "%s\n", e.c_str());
    std::remove(ii.c_str());
    std::exit(1);
  }
  std::ofstream(ii, std::ios::binary | std::ios::trunc) << r.text;
  std::vector<std::string> cc = {cxx, "-x", "c++-cpp-output"};
  if (!std_flag.empty()) cc.push_back(std_flag);
  cc = Concat(cc, o.host);
  cc = Concat(cc, {"-c", ii, "-o", object});
  const int rc = Run(cc);
  const char* keep = std::getenv("OPSIM_ASC_KEEP");
  if (keep == nullptr || std::strcmp(keep, "1") != 0) std::remove(ii.c_str());
  if (rc != 0) std::exit(rc);
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, sep);) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

// CANN's host libraries by the link names asc-devkit's samples give (target_link_libraries(demo
// tiling_api register platform unified_dlog dl m graph_base)): the host tiling APIs are opsim's
// op_api library; the runtime, ACL and securec are linked anyway; the others (logging, graph,
// runtime internals) hold nothing a CPU-debug program calls here, so they are dropped. Any
// other name goes to the linker as written.
std::vector<std::string> LinkName(const std::string& name, const std::string& libdir) {
  if (name == "tiling_api" || name == "register" || name == "platform") {
    return {libdir + "/" OPSIM_ASC_OP_API_LIB};
  }
  static const char* dropped[] = {"ascendcl",      "c_sec",        "runtime",
                                  "ascendalog",    "unified_dlog", "graph_base",
                                  "error_manager", "profapi",      "ge_common_base",
                                  "mmpa",          "ascend_dump",  "ascendc_runtime"};
  for (const char* d : dropped) {
    if (name == d) return {};
  }
  return {"-l" + name};
}

// Links the objects with the install's CPU-debug runtime (rpath to its libraries).
int Link(const Options& o, const std::string& prefix, const std::vector<std::string>& objects) {
  const std::string libdir = prefix + "/" OPSIM_ASC_LIBDIR;
  std::vector<std::string> cmd = {HostCompiler()};
  cmd = Concat(cmd, o.host);
  cmd = Concat(cmd, objects);
  cmd = Concat(cmd, {"-o", o.output.empty() ? "a.out" : o.output});
  cmd = Concat(cmd, o.link);
  for (const std::string& name : o.libs) cmd = Concat(cmd, LinkName(name, libdir));
  cmd = Concat(cmd, Split(OPSIM_ASC_SANITIZE, ' '));
  for (const std::string& lib : Split(OPSIM_ASC_LINK_LIBS, ':')) cmd.push_back(libdir + "/" + lib);
  cmd.push_back("-Wl,-rpath," + libdir);
  return Run(cmd);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) Die("no input files (usage: opsim-asc --npu-arch=dav-2201 [-c] x.asc -o out)");
  const Options o = Parse(argc, argv);
  for (const std::string& a : o.host) {
    if (a == "--version" || a == "-v") return Run({HostCompiler(), a});
  }
  const std::string prefix = Prefix();
  if (o.compile) {
    if (o.inputs.size() != 1) Die("-c takes one source file");
    std::string object = o.output;
    if (object.empty()) {
      const std::string& s = o.inputs[0];
      object = s.substr(s.find_last_of('/') + 1);
      object = object.substr(0, object.find_last_of('.')) + ".o";
    }
    Compile(o, prefix, o.inputs[0], object);
    return 0;
  }
  // bisheng x.asc -o demo: compile each source next to the output, then link.
  std::vector<std::string> objects = o.objects;
  const std::string base = o.output.empty() ? "a.out" : o.output;
  for (size_t i = 0; i < o.inputs.size(); ++i) {
    objects.push_back(base + ".asc" + std::to_string(i) + ".o");
    Compile(o, prefix, o.inputs[i], objects.back());
  }
  if (objects.empty()) Die("no input files");
  const int rc = Link(o, prefix, objects);
  for (size_t i = 0; i < o.inputs.size(); ++i) {
    std::remove((base + ".asc" + std::to_string(i) + ".o").c_str());
  }
  return rc;
}
