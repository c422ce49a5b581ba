#include "asc_options.h"

#include <cstddef>

namespace opsim::asc {
namespace {

// asc-devkit's "SIMD-BuiltIn关键字" page: 2201 the Atlas A2/A3 parts (the 910B), 2002 the Atlas
// inference parts (310P), 3002 the Atlas 200I/500 A2 (310B), 1001 the Atlas training parts (910A),
// 3510 the Ascend 950, which opsim has no figures for.
constexpr AscArch kArchs[] = {{"dav-2201", "2201", "Ascend910B1"},
                              {"dav-2002", "2002", "Ascend310P1"},
                              {"dav-3002", "3002", "Ascend310B1"},
                              {"dav-1001", "1001", "Ascend910A"},
                              {"dav-3510", "3510", nullptr}};

// The SoCs opsim simulates (the CPU-debug package's list) and their architectures.
struct SocArch {
  const char* soc;
  const char* arch;
};
constexpr SocArch kSocs[] = {
    {"Ascend910B1", "dav-2201"}, {"Ascend910B2", "dav-2201"}, {"Ascend910B3", "dav-2201"},
    {"Ascend910B4", "dav-2201"}, {"Ascend310P1", "dav-2002"}, {"Ascend310P3", "dav-2002"},
    {"Ascend310B1", "dav-3002"}, {"Ascend310B2", "dav-3002"}, {"Ascend310B3", "dav-3002"},
    {"Ascend310B4", "dav-3002"}, {"Ascend910A", "dav-1001"}};

bool StartsWith(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

bool EndsWith(const std::string& s, const char* p) {
  const std::string t(p);
  return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

enum class Group { kNone, kHost, kAicore };

const char* GroupName(Group g) {
  return g == Group::kHost ? " in the -Xhost-start group" : " in the -Xaicore-start group";
}

struct Parser {
  explicit Parser(const std::vector<std::string>& a) : args(a) {}
  const std::vector<std::string>& args;
  size_t i = 0;
  AscOptions o;
  bool lang_asc = false;  // -x asc, --asc-aicore-lang
  Group group = Group::kNone;

  void Fail(const std::string& why) {
    if (o.error.empty()) o.error = why;
  }
  // The argument after option `a`, or an error.
  bool Value(const std::string& a, std::string* v) {
    if (i + 1 >= args.size()) {
      Fail("option '" + a + "' needs an argument");
      return false;
    }
    *v = args[++i];
    return true;
  }
  void SetArch(const std::string& arch) {
    if (!o.arch.empty() && o.arch != arch) {
      Fail("two NPU architectures, --npu-arch=" + o.arch + " and --npu-arch=" + arch +
           " (CMAKE_ASC_ARCHITECTURES and the target's options must agree)");
    }
    o.arch = arch;
  }
  bool Preprocessor(const std::string& a);
  bool Linker(const std::string& a);
  bool CodeGen(const std::string& a);
  bool Bisheng(const std::string& a);
  bool GroupMark(const std::string& a);
  void Input(const std::string& a);
  void One();
};

// -D -U -I -isystem -include -M*: the preprocessing step's.
bool Parser::Preprocessor(const std::string& a) {
  static const char* with_value[] = {"-D", "-U", "-I", "-isystem", "-include", "-MF", "-MT", "-MQ"};
  for (const char* p : with_value) {
    if (a == p) {
      std::string v;
      if (Value(a, &v)) o.pre.insert(o.pre.end(), {a, v});
      return true;
    }
  }
  if (StartsWith(a, "-D") || StartsWith(a, "-U") || StartsWith(a, "-I") || StartsWith(a, "-M")) {
    o.pre.push_back(a);
    return true;
  }
  return false;
}

bool Parser::Linker(const std::string& a) {
  if (a == "-L" || a == "-Xlinker") {
    std::string v;
    if (Value(a, &v)) o.link.insert(o.link.end(), {a, v});
  } else if (StartsWith(a, "-l") && a != "-lib") {
    o.libs.push_back(a.substr(2));
  } else if (StartsWith(a, "-L") || StartsWith(a, "-Wl,") || a == "-static-libstdc++" ||
             a == "-static-libgcc" || a == "-rdynamic" || a == "-s") {
    o.link.push_back(a);
  } else {
    return false;
  }
  return true;
}

// The host compiler's code-generation and language options.
bool Parser::CodeGen(const std::string& a) {
  static const char* exact[] = {"-w", "-pthread", "-pipe", "-v", "--version"};
  for (const char* e : exact) {
    if (a == e) {
      o.host.push_back(a);
      return true;
    }
  }
  if (StartsWith(a, "-std=") || StartsWith(a, "--std=")) {  // bisheng's pages write --std=
    o.has_std = true;
    o.host.push_back(a.substr(a.find("-std=")));
    return true;
  }
  if (!StartsWith(a, "-O") && !StartsWith(a, "-g") && !StartsWith(a, "-f") &&
      !StartsWith(a, "-W") && !StartsWith(a, "-m")) {
    return false;
  }
  // A device group's code generation is the device compiler's; the one CPU-debug compile of
  // the unit takes the host's.
  if (group != Group::kAicore) o.host.push_back(a);
  return true;
}

// bisheng's own options.
bool Parser::Bisheng(const std::string& a) {
  std::string v;
  if (StartsWith(a, "--npu-arch=")) {
    SetArch(a.substr(11));
  } else if (a == "--npu-arch") {
    if (Value(a, &v)) SetArch(v);
  } else if (StartsWith(a, "--npu-soc=") || StartsWith(a, "--cce-soc-version=")) {
    o.soc = a.substr(a.find('=') + 1);  // --cce-soc-version: the older pages' name
  } else if (a == "--npu-soc") {
    if (Value(a, &v)) o.soc = v;
  } else if (StartsWith(a, "--cce-soc-core-type=")) {
    // The cores the unit's code is for (the older pages): kernels that declare no kind run there;
    // AICore (vector and cube code) leaves them to the KernelMode, as a kernel of no kind.
    const std::string type = a.substr(20);
    o.default_kind = type == "VecCore" ? 1 : type == "CubeCore" ? 2 : 0;
    if (type != "VecCore" && type != "CubeCore" && type != "AICore") {
      Fail("'" + a + "': the core type is VecCore, CubeCore or AICore");
    }
  } else if (StartsWith(a, "--opsim-aclrtlaunch-dir=")) {
    // opsim's own: what its kernel-launch framework (ascendc.cmake) passes for the entries.
    o.aclrtlaunch_dir = a.substr(24);
  } else if (StartsWith(a, "--cce-auto-sync-log=")) {
    o.sync_log = a.substr(20);
  } else if (StartsWith(a, "--run-mode=")) {
    const std::string mode = a.substr(11);
    if (mode != "npu" && mode != "cpu" && mode != "sim") {
      Fail("'" + a +
           "': the run mode is npu, cpu or sim (on opsim each runs on the simulated "
           "device)");
    }
  } else if (a == "--sanitizer" || a == "--cce-auto-sync" || a == "--cce-auto-sync=on" ||
             a == "--cce-disable-vf-stack-reserved-ubuf") {
    // opsim checks every run; auto-sync is its default; the VF stack exists only on dav-3510.
  } else if (a == "--cce-disable-asc-reserved-ubuf") {
    Fail("'" + a +
         "': opsim does not model which APIs use the reserved UB, so it cannot refuse "
         "them as the compiler does; build without it");
  } else if (a == "--enable-simt") {
    Fail("'--enable-simt': SIMT kernels are not modelled by opsim (SIMD kernels only)");
  } else {
    return false;
  }
  return true;
}

bool Parser::GroupMark(const std::string& a) {
  const bool start = a == "-Xhost-start" || a == "-Xaicore-start";
  const bool end = a == "-Xhost-end" || a == "-Xaicore-end";
  if (!start && !end) return false;
  const Group g = StartsWith(a, "-Xhost") ? Group::kHost : Group::kAicore;
  if (start && group != Group::kNone) {
    Fail("'" + a + "'" + GroupName(group) + ": option groups do not nest");
  } else if (end && group != g) {
    Fail("'" + a + "' without its '" + (g == Group::kHost ? "-Xhost-start" : "-Xaicore-start") +
         "'");
  }
  group = start ? g : Group::kNone;
  return true;
}

void Parser::Input(const std::string& a) {
  if (EndsWith(a, ".o") || EndsWith(a, ".a") || a.find(".so") != std::string::npos) {
    o.objects.push_back(a);
  } else {
    o.inputs.push_back({a, EndsWith(a, ".asc") || lang_asc});
  }
}

void Parser::One() {
  const std::string& a = args[i];
  std::string v;
  if (GroupMark(a) || Preprocessor(a) || CodeGen(a)) return;
  if (group == Group::kNone && (Bisheng(a) || Linker(a))) return;
  if (group == Group::kAicore && Bisheng(a)) return;
  if (group != Group::kNone) {
    Fail("unknown option '" + a + "'" + GroupName(group) + " (not an option this CPU-debug " +
         "driver applies to the unit)");
  } else if (a == "-c" || a == "-dc") {
    o.mode = AscMode::kObject;  // one CPU-debug link: relocatable device code is plain C++
  } else if (a == "-shared" || a == "--shared") {
    o.mode = AscMode::kShared;
  } else if (a == "-lib" || a == "--cce-build-static-lib") {
    o.mode = AscMode::kStaticLib;
  } else if (a == "-o") {
    Value(a, &o.output);
  } else if (a == "-x" || a == "-xasc" || a == "-xcce" || a == "-xc++") {
    if (a == "-x" && !Value(a, &v)) return;
    const std::string lang = a == "-x" ? v : a.substr(2);
    if (lang != "asc" && lang != "cce" && lang != "c++" && lang != "none") {
      Fail("'-x " + lang + "': the languages are asc (cce, its older name) and c++");
    }
    lang_asc = lang == "asc" || lang == "cce";
  } else if (a == "--asc-aicore-lang" || a == "--cce-aicore-lang") {
    lang_asc = true;  // as -x asc: the inputs after it
  } else if (a == "-help" || a == "--help") {
    o.help = true;
  } else if (!a.empty() && a[0] == '-') {
    Fail("unknown option '" + a + "' (not a bisheng option this CPU-debug driver translates, " +
         "nor a host option it passes on)");
  } else {
    Input(a);
  }
}

}  // namespace

AscOptions ParseAscOptions(const std::vector<std::string>& args) {
  Parser p(args);
  for (; p.i < args.size(); ++p.i) p.One();
  if (p.group != Group::kNone) {
    p.Fail(std::string("no '") + (p.group == Group::kHost ? "-Xhost-end" : "-Xaicore-end") +
           "' after '" + (p.group == Group::kHost ? "-Xhost-start" : "-Xaicore-start") + "'");
  }
  return p.o;
}

AscTarget ResolveAscTarget(const AscOptions& o) {
  AscTarget t;
  std::string arch = o.arch;
  const SocArch* soc = nullptr;
  for (const SocArch& s : kSocs) {
    if (o.soc == s.soc) soc = &s;
  }
  if (!o.soc.empty() && soc == nullptr) {
    t.error = "--npu-soc=" + o.soc + " is not a SoC opsim simulates (Ascend910B1..B4, " +
              "Ascend310P1, Ascend310P3, Ascend310B1..B4, Ascend910A)";
    return t;
  }
  if (arch.empty() && soc != nullptr) arch = soc->arch;
  if (arch.empty()) {
    t.error =
        "no --npu-arch=dav-xxxx (set CMAKE_ASC_ARCHITECTURES or pass --npu-arch in the "
        "target's ASC options)";
    return t;
  }
  for (const AscArch& a : kArchs) {
    if (arch != a.arch) continue;
    if (a.soc == nullptr) {
      t.error = "--npu-arch=" + arch + " (the Ascend 950) has no simulated device in opsim; use " +
                "dav-2201 (Atlas A2/A3, Ascend910B1), dav-2002 (Ascend310P1), dav-3002 " +
                "(Ascend310B1) or dav-1001 (Ascend910A)";
      return t;
    }
    t.npu_arch = a.npu_arch;
    // --npu-soc names the part when it is of this architecture (bisheng: the arch wins).
    t.soc = soc != nullptr && arch == soc->arch ? soc->soc : a.soc;
    return t;
  }
  t.error = "--npu-arch=" + arch + " is not an NPU architecture opsim knows (expected dav-2201, " +
            "dav-2002, dav-3002 or dav-1001)";
  return t;
}

}  // namespace opsim::asc
