// GM from AscendC::GmAlloc that the program never frees is reported at exit, naming each block
// (size, the ICPU_RUN_KF argument it was, where it was allocated), and the program still ends
// normally; a program that frees everything prints nothing.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "gm_leak_report.h"
#include "kernel_operator.h"

namespace {

struct ProgramRun {
  int status = -1;
  std::string err;  // the program's stderr (its stdout is dropped)
};

ProgramRun RunProgram(const std::string& args) {
  ProgramRun run;
  const std::string command = std::string(OPSIM_GM_LEAK_PROGRAM) + " " + args + " 2>&1 >/dev/null";
  std::FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buf[512];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof(buf), pipe)) > 0) run.err.append(buf, n);
  run.status = pclose(pipe);
  return run;
}

// The line of `text` that contains `part` (empty when none does).
std::string LineWith(const std::string& text, const std::string& part) {
  const size_t at = text.find(part);
  if (at == std::string::npos) return "";
  const size_t begin = text.rfind('\n', at);
  const size_t end = text.find('\n', at);
  const size_t first = begin == std::string::npos ? 0 : begin + 1;
  return text.substr(first, end == std::string::npos ? std::string::npos : end - first);
}

TEST(GmLeakReport, LeakedBlocksAreListedAtExitAndTheProgramEndsNormally) {
  const ProgramRun run = RunProgram("leak");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("[WARNING] GM leak: 2 block(s) of AscendC::GmAlloc, 8292 B in all, "
                         "never freed with AscendC::GmFree"),
            std::string::npos)
      << run.err;
  const std::string z = LineWith(run.err, "[WARNING]   8192 B at 0x");
  for (const char* part : {", argument 'z' of ICPU_RUN_KF(copy_kernel), allocated in ",
                           "cpudebug_gm_leak_program (addr2line -f -C -e ", " gives the line)"}) {
    EXPECT_NE(z.find(part), std::string::npos) << part << " in: " << run.err;
  }
  const std::string unnamed = LineWith(run.err, "[WARNING]   100 B at 0x");
  EXPECT_NE(unnamed.find(", allocated in "), std::string::npos) << run.err;
  EXPECT_EQ(unnamed.find("argument"), std::string::npos) << run.err;
}

TEST(GmLeakReport, ProgramThatFreesEverythingPrintsNothing) {
  const ProgramRun run = RunProgram("");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
}

TEST(GmLeakReport, ReportListsOnlyLiveBlocks) {
  // In process: what the exit handler would print now (the other tests of this binary free
  // their blocks), then with one block held.
  std::FILE* none = std::tmpfile();
  ASSERT_NE(none, nullptr);
  EXPECT_EQ(opsim::cpudebug::ReportGmLeaks(none, false), 0u);
  std::fclose(none);
  void* held = AscendC::GmAlloc(64);
  std::FILE* one = std::tmpfile();
  ASSERT_NE(one, nullptr);
  EXPECT_EQ(opsim::cpudebug::ReportGmLeaks(one, false), 1u);
  std::fclose(one);
  AscendC::GmFree(held);
}

}  // namespace
