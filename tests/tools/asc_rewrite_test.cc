// opsim-asc's rewrite of `.asc` sources (tools/asc/asc_rewrite.h): kernels and their kinds,
// `<<<>>>` launches turned into AscCPUKernelLaunch calls with every line kept, and each rule on
// bad input as an error naming file:line.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "asc_rewrite.h"

namespace {

using opsim::asc::RewriteAsc;

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

}  // namespace
