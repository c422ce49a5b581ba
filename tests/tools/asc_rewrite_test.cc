// opsim-asc's rewrite of `.asc` sources (tools/asc/asc_rewrite.h): kernels and their kinds,
// `<<<>>>` launches turned into AscCPUKernelLaunch calls with every line kept, and each rule on
// bad input as an error naming file:line. Then its command line (asc_options.h): bisheng's
// options, the -Xhost/-Xaicore groups, which sources are Ascend C, and each refusal.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "asc_aclrtlaunch.h"
#include "asc_options.h"
#include "asc_rewrite.h"

namespace {

using opsim::asc::AscMode;
using opsim::asc::AscOptions;
using opsim::asc::ParseAscOptions;
using opsim::asc::ResolveAscTarget;
using opsim::asc::RewriteAsc;
using Args = std::vector<std::string>;

// A preprocessed unit as opsim-asc makes it: linemarkers, the keywords as markers.
std::string AscUnit(const std::string& body) {
  return "# 1 \"/src/demo.asc\"\n"
         "# 1 \"/opt/include/kernel_operator.h\" 1 3\n"
         "int header_only;\n"
         "# 10 \"/src/demo.asc\" 2\n" +
         body;
}

size_t AscLines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

std::string OnlyAscError(const std::string& body) {
  const auto r = RewriteAsc(AscUnit(body));
  EXPECT_EQ(r.errors.size(), 1u) << r.text;
  return r.errors.empty() ? "" : r.errors[0];
}

TEST(AscRewrite, LaunchesBecomeAscCPUKernelLaunchWithKindAndLines) {
  const std::string body =
      "template <int N, int M>\n"
      "__opsim_asc_global__ __opsim_asc_vector__ void add(int* x, int* y) {}\n"
      "__opsim_asc_mix__(1, 2) __opsim_asc_global__ void mm(int* a) {}\n"
      "__opsim_asc_global__ __opsim_asc_cube__ void cube(void) {}\n"
      "void host(void* s) {\n"
      "  add<(1 > 0) ? 2 : 3, 4><<<f(1, 2),\n 0, s>>>(g(3, 4),\n    nullptr);\n"
      "  mm<<<8, nullptr>>>(\"<<<\");\n"
      "  cube<<<1, 0, s>>>();\n"
      "}\n";
  const auto r = RewriteAsc(AscUnit(body));
  ASSERT_TRUE(r.errors.empty()) << r.errors[0];
  EXPECT_EQ(r.kernels, 3);
  EXPECT_EQ(r.launches, 3);
  EXPECT_EQ(AscLines(r.text), AscLines(AscUnit(body)));
  EXPECT_EQ(r.text.find("__opsim_asc_"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("::AscendC::AscCPUKernelLaunch(::AscendC::AscKernelLaunchSite{1, 0, "
                        "\"demo.asc:15\", \"g(3, 4),     nullptr\"}, f(1, 2),\n 0, s, "
                        "\"add<(1 > 0) ? 2 : 3, 4>\", add<(1 > 0) ? 2 : 3, 4>, g(3, 4),\n"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("AscKernelLaunchSite{3, 2, \"demo.asc:18\", \"\\\"<<<\\\"\"}, 8, "
                        "nullptr, nullptr, \"mm\", mm, \"<<<\")"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("AscKernelLaunchSite{2, 0, \"demo.asc:19\", \"\"}, 1, 0, s, \"cube\", "
                        "cube)"),
            std::string::npos)
      << r.text;
}

TEST(AscRewrite, KernelsDeclaredInHeadersAndRawStringsAreSeen) {
  // The kernel's declaration in a header (its own linemarkers), the launch in the .asc; a raw
  // string holding `<<<` is not a launch.
  const std::string unit =
      "# 1 \"/src/demo.asc\"\n"
      "# 1 \"/src/kernels.h\" 1\n"
      "extern \"C\" __opsim_asc_global__ __opsim_asc_cube__ void mm(int* a, int* b);\n"
      "# 3 \"/src/demo.asc\" 2\n"
      "const char* doc = R\"x(k<<<1, 0, s>>>(a))x\";\n"
      "void h(int* a) { mm<<<2, nullptr, 0>>>(a, a); }\n";
  const auto r = RewriteAsc(unit);
  ASSERT_TRUE(r.errors.empty()) << r.errors[0];
  EXPECT_EQ(r.launches, 1);
  EXPECT_NE(r.text.find("AscKernelLaunchSite{2, 0, \"demo.asc:4\", \"a, a\"}, 2, nullptr, 0, "
                        "\"mm\", mm, a, a)"),
            std::string::npos)
      << r.text;
}

TEST(AscRewrite, EachBadLaunchIsAnErrorNamingFileLineAndRule) {
  const std::string kernel = "__opsim_asc_global__ __opsim_asc_vector__ void k(int* x, int n) {}\n";
  EXPECT_EQ(OnlyAscError(kernel + "void h() { k<<<1, 0, s(x, y)(x, 1); }\n"),
            "/src/demo.asc:11: error: '<<<' of the launch of 'k' has no matching '>>>' [a launch "
            "is kernel<<<numBlocks, dynUBufSize, stream>>>(args)]");
  EXPECT_NE(OnlyAscError(kernel + "void h() { k<<<1>>>(x, 1); }\n")
                .find("/src/demo.asc:11: error: the launch of 'k' has 1 values between <<< and "
                      ">>>"),
            std::string::npos);
  EXPECT_NE(OnlyAscError(kernel + "void h() { k<<<g, b, 0, s>>>(x, 1); }\n")
                .find("SIMT launches (<<<grid, block, dynUBufSize, stream>>>) are not modelled"),
            std::string::npos);
  EXPECT_EQ(OnlyAscError(kernel + "void h() { k<<<1, 0, s>>>; }\n"),
            "/src/demo.asc:11: error: expected '(' and the kernel's arguments after '>>>' of the "
            "launch of 'k' [a launch is kernel<<<numBlocks, dynUBufSize, stream>>>(args)]");
  EXPECT_EQ(OnlyAscError(kernel + "void f(int*, int);\nvoid h() {\n f<<<1, 0, s>>>(x, 1); }\n"),
            "/src/demo.asc:13: error: 'f' is launched with <<<>>> but is not a kernel: no "
            "__global__ function of that name is declared in this translation unit, nor is it a "
            "variable assigned one [only a __global__ function is launched with <<<>>>]");
  EXPECT_EQ(OnlyAscError(kernel + "void h() { k<<<1, 0, s>>>(x); }\n"),
            "/src/demo.asc:11: error: the launch of 'k' passes 1 argument(s) to a kernel of 2 "
            "parameter(s) (/src/demo.asc:10) [a launch passes one argument per kernel "
            "parameter]");
  EXPECT_NE(OnlyAscError("__opsim_asc_global__ __opsim_asc_cube__ __opsim_asc_vector__ void "
                         "k2() {}\n")
                .find("kernel 'k2' declares two kinds"),
            std::string::npos);
  EXPECT_NE(OnlyAscError("__opsim_asc_global__ __opsim_asc_mix__(1, 3) void k3() {}\n")
                .find("/src/demo.asc:10: error: kernel 'k3' declares __mix__(1, 3): opsim runs "
                      "__mix__(1, 1) and __mix__(1, 2)"),
            std::string::npos);
}

TEST(AscRewrite, KernelsOfNoKindTakeTheDefaultKind) {
  // --cce-soc-core-type=VecCore: a __global__ kernel that names no kind runs on the vector cores;
  // a declared kind stays.
  const std::string body =
      "__opsim_asc_global__ void plain(int* x) {}\n"
      "__opsim_asc_global__ __opsim_asc_cube__ void cube(int* x) {}\n"
      "void h(int* x) { plain<<<1, 0, 0>>>(x); cube<<<1, 0, 0>>>(x); }\n";
  const auto r = RewriteAsc(AscUnit(body), 1);
  ASSERT_TRUE(r.errors.empty()) << r.errors[0];
  EXPECT_NE(r.text.find("AscKernelLaunchSite{1, 0, \"demo.asc:12\", \"x\"}, 1, 0, 0, \"plain\""),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("AscKernelLaunchSite{2, 0, \"demo.asc:12\", \"x\"}, 1, 0, 0, \"cube\""),
            std::string::npos)
      << r.text;
}

TEST(AscRewrite, KernelsDefinedInTheUnitGetAclrtlaunchEntries) {
  // CANN's kernel-launch framework makes aclrtlaunch_<kernel> of each kernel its source defines:
  // GM pointers as void*, a structure by pointer, scalars by value. A declaration, a kernel of a
  // header and a template get none.
  const std::string unit =
      "# 1 \"/src/add.cpp\"\n"
      "# 1 \"/src/kernels.h\" 1\n"
      "__opsim_asc_global__ void in_header(int* a) {}\n"
      "# 3 \"/src/add.cpp\" 2\n"
      "struct Tiling { int n; };\n"
      "__opsim_asc_global__ void declared(int* a);\n"
      "template <int N> __opsim_asc_global__ void templated(int* a) {}\n"
      "extern \"C\" __opsim_asc_global__ void add(\n"
      "# 7 \"/src/add.cpp\" 3 4\n"
      "    unsigned char*\n"
      "# 7 \"/src/add.cpp\"\n"
      "    x, Tiling tiling, float alpha, uint32_t n) {}\n";
  auto r = RewriteAsc(unit);
  ASSERT_TRUE(r.errors.empty()) << r.errors[0];
  ASSERT_EQ(r.entries.size(), 1u);
  EXPECT_EQ(r.entries[0].name, "add");
  EXPECT_EQ(r.entries[0].params,
            (Args{"unsigned char* x", "Tiling tiling", "float alpha", "uint32_t n"}));
  const std::string header = opsim::asc::AclrtlaunchHeader(r.entries[0]);
  EXPECT_NE(header.find("#define ACLRT_LAUNCH_KERNEL(kernel_func) aclrtlaunch_##kernel_func"),
            std::string::npos);
  EXPECT_NE(header.find("extern \"C\" uint32_t aclrtlaunch_add(uint32_t numBlocks, void* stream, "
                        "void* x, Tiling* tiling, float alpha, uint32_t n);"),
            std::string::npos)
      << header;
  r = RewriteAsc(unit + opsim::asc::AclrtlaunchDefinition(r.entries[0]));
  ASSERT_TRUE(r.errors.empty()) << r.errors[0];
  EXPECT_NE(r.text.find("AscKernelLaunchSite{0, 0, \"aclrtlaunch_add.h:1\", "
                        "\"reinterpret_cast<unsigned char*>(x), *tiling, alpha, n\"}, "
                        "opsim_blocks, nullptr, opsim_stream, \"add\", add, "
                        "reinterpret_cast<unsigned char*>(x), *tiling, alpha, n); return 0; }"),
            std::string::npos)
      << r.text;
}

TEST(AscRewrite, UncountableLaunchesAndDeclarationsAreLeftToTheCompiler) {
  // A pack, or an argument list with a '<' outside brackets (a comparison or a template), is not
  // counted here: the launcher's static_assert checks it. Strings and operator<<< are not launches.
  const std::string body =
      "template <typename... T> __opsim_asc_global__ void pack(T... t) {}\n"
      "__opsim_asc_global__ void two(int a, int b) {}\n"
      "void h(int a, int b) { pack<<<1, 0, 0>>>(1, 2, 3); two<<<1, 0, 0>>>(a < b, b > a);\n"
      "  const char* s = \"x<<<1>>>\";\n"
      "  constexpr auto chosen = two; chosen<<<2, 0, 0>>>(a, b); }\n";
  const auto r = RewriteAsc(AscUnit(body));
  EXPECT_TRUE(r.errors.empty()) << r.errors[0];
  EXPECT_EQ(r.launches, 3);
  // A launch through a variable takes the kind all the unit's kernels share (here: none).
  EXPECT_NE(r.text.find("AscKernelLaunchSite{0, 0, \"demo.asc:14\", \"a, b\"}, 2, 0, 0, "
                        "\"chosen\", chosen, a, b)"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("\"x<<<1>>>\""), std::string::npos);
}

TEST(AscOptions, SourcesAreAscendCByExtensionOrLanguage) {
  // bisheng main.cpp add.asc: the .cpp is host code; after -x asc or --asc-aicore-lang (CANN's
  // CMake rule for every ASC source, a .cpp of ascendc_library too), Ascend C; -xcce and
  // --cce-aicore-lang are the older pages' names.
  AscOptions o = ParseAscOptions({"--npu-arch=dav-2201", "main.cpp", "add.asc", "-o", "demo"});
  ASSERT_EQ(o.error, "");
  ASSERT_EQ(o.inputs.size(), 2u);
  EXPECT_FALSE(o.inputs[0].asc);
  EXPECT_TRUE(o.inputs[1].asc);
  EXPECT_EQ(o.mode, AscMode::kLink);
  o = ParseAscOptions({"-c", "host.cpp", "-x", "asc", "kernel.cpp"});
  EXPECT_FALSE(o.inputs[0].asc);
  EXPECT_TRUE(o.inputs[1].asc);
  EXPECT_EQ(o.mode, AscMode::kObject);
  o = ParseAscOptions({"-c", "host.cpp", "--asc-aicore-lang", "kernel.cpp", "-o", "k.o"});
  EXPECT_FALSE(o.inputs[0].asc);
  EXPECT_TRUE(o.inputs[1].asc);
  EXPECT_EQ(o.output, "k.o");
  EXPECT_TRUE(ParseAscOptions({"-xcce", "k.cpp"}).inputs[0].asc);
  EXPECT_TRUE(ParseAscOptions({"--cce-aicore-lang", "k.cpp"}).inputs[0].asc);
  EXPECT_FALSE(ParseAscOptions({"-x", "asc", "-x", "c++", "k.cpp"}).inputs[0].asc);
  EXPECT_EQ(ParseAscOptions({"-dc", "a.asc"}).mode, AscMode::kObject);
  EXPECT_EQ(ParseAscOptions({"--shared", "a.asc"}).mode, AscMode::kShared);
  EXPECT_EQ(ParseAscOptions({"-lib", "a.asc"}).mode, AscMode::kStaticLib);
  EXPECT_EQ(ParseAscOptions({"--cce-build-static-lib", "a.asc"}).mode, AscMode::kStaticLib);
}

TEST(AscOptions, HostAndAicoreGroupsSortTheirOptions) {
  // ascendc_compile_options(k PRIVATE -DK=1 -O3 --cce-auto-sync=on
  //   -forward-options-to-host-compiler -DH=2 -O0 -Wall): one CPU-debug compile of the unit
  // takes both groups' macros and the host's code generation.
  const AscOptions o = ParseAscOptions(
      {"-Xaicore-start", "-DK=1", "-O3", "-I", "inc", "--cce-auto-sync=on", "-std=c++20",
       "-Xaicore-end", "-Xhost-start", "-DH=2", "-O0", "-Wall", "-Xhost-end", "k.asc"});
  ASSERT_EQ(o.error, "");
  EXPECT_EQ(o.pre, (Args{"-DK=1", "-I", "inc", "-DH=2"}));
  EXPECT_EQ(o.host, (Args{"-std=c++20", "-O0", "-Wall"}));
  EXPECT_EQ(ParseAscOptions({"--std=c++17"}).host, (Args{"-std=c++17"}));  // bisheng's spelling
  EXPECT_TRUE(o.has_std);
  ASSERT_EQ(o.inputs.size(), 1u);
}

TEST(AscOptions, EachBadOptionIsRefusedByName) {
  const auto error = [](const Args& args) { return ParseAscOptions(args).error; };
  EXPECT_EQ(error({"--frobnicate", "a.asc"}),
            "unknown option '--frobnicate' (not a bisheng option this CPU-debug driver "
            "translates, nor a host option it passes on)");
  EXPECT_EQ(error({"-Xhost-start", "--npu-arch=dav-2201", "-Xhost-end"}),
            "unknown option '--npu-arch=dav-2201' in the -Xhost-start group (not an option this "
            "CPU-debug driver applies to the unit)");
  EXPECT_EQ(error({"-Xaicore-start", "-lfoo", "-Xaicore-end"}),
            "unknown option '-lfoo' in the -Xaicore-start group (not an option this CPU-debug "
            "driver applies to the unit)");
  EXPECT_EQ(error({"a.asc", "-Xhost-start", "-O2"}), "no '-Xhost-end' after '-Xhost-start'");
  EXPECT_EQ(error({"-Xaicore-end"}), "'-Xaicore-end' without its '-Xaicore-start'");
  EXPECT_EQ(error({"-Xhost-start", "-Xaicore-start"}),
            "'-Xaicore-start' in the -Xhost-start group: option groups do not nest");
  EXPECT_EQ(error({"-x", "cuda", "a.cpp"}),
            "'-x cuda': the languages are asc (cce, its older name) and c++");
  EXPECT_EQ(error({"--run-mode=fpga"}),
            "'--run-mode=fpga': the run mode is npu, cpu or sim (on opsim each runs on the "
            "simulated device)");
  EXPECT_NE(error({"--enable-simt"}).find("SIMT kernels are not modelled"), std::string::npos);
  EXPECT_NE(error({"--cce-disable-asc-reserved-ubuf"}).find("does not model which APIs use"),
            std::string::npos);
  EXPECT_EQ(error({"-o"}), "option '-o' needs an argument");
  EXPECT_NE(error({"--npu-arch=dav-2201", "--npu-arch=dav-2002"}).find("two NPU architectures"),
            std::string::npos);
  EXPECT_EQ(error({"--sanitizer", "--cce-disable-vf-stack-reserved-ubuf", "-help"}), "");
}

TEST(AscOptions, TheArchitectureOrSocPicksTheSimulatedDevice) {
  const auto target = [](const Args& args) { return ResolveAscTarget(ParseAscOptions(args)); };
  EXPECT_EQ(target({"--npu-arch=dav-2201"}).soc, "Ascend910B1");
  EXPECT_EQ(target({"--npu-arch", "dav-2002"}).npu_arch, "2002");
  EXPECT_EQ(target({"--npu-soc=Ascend910B3"}).soc, "Ascend910B3");
  EXPECT_EQ(target({"--npu-soc=Ascend910B3"}).npu_arch, "2201");
  EXPECT_EQ(target({"--cce-soc-version=Ascend310P3"}).soc, "Ascend310P3");
  EXPECT_EQ(ParseAscOptions({"--cce-soc-core-type=VecCore"}).default_kind, 1);
  EXPECT_EQ(ParseAscOptions({"--cce-soc-core-type=CubeCore"}).default_kind, 2);
  EXPECT_EQ(ParseAscOptions({"--cce-soc-core-type=AICore"}).default_kind, 0);
  EXPECT_EQ(ParseAscOptions({"--cce-soc-core-type=Vec"}).error,
            "'--cce-soc-core-type=Vec': the core type is VecCore, CubeCore or AICore");
  // Both given: the arch wins (bisheng's rule); a SoC of another arch does not name the part.
  EXPECT_EQ(target({"--npu-soc=Ascend310P3", "--npu-arch=dav-2201"}).soc, "Ascend910B1");
  EXPECT_EQ(target({"--npu-soc=Ascend310P3", "--npu-arch=dav-2002"}).soc, "Ascend310P3");
  EXPECT_NE(target({"--npu-arch=dav-3510"}).error.find("(the Ascend 950) has no simulated device"),
            std::string::npos);
  EXPECT_NE(target({"--npu-arch=dav-9999"}).error.find("is not an NPU architecture opsim knows"),
            std::string::npos);
  EXPECT_NE(target({"--npu-soc=Ascend910_9391"}).error.find("is not a SoC opsim simulates"),
            std::string::npos);
  EXPECT_NE(target({"a.asc"}).error.find("no --npu-arch=dav-xxxx"), std::string::npos);
}

}  // namespace
