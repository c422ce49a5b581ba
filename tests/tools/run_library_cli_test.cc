// `opsim run` on suites of an operator library's ops (--library, OPSIM_OP_LIBRARIES): the sample
// AddCustom judged by expected .npy files, a wrong expected file failing the run, and the load
// error a suite gets when its op's library is not loaded.
#include <gtest/gtest.h>

#include <string>

#include "nlohmann/json.hpp"
#include "tools/cli_fixture.h"

#if defined(OPSIM_SAMPLE_ADD_LIBRARY)
namespace opsim {
namespace {

using testing::LastLine;
using testing::OpsimCli;
using testing::ReadText;
using testing::Result;

const std::string kSuites = "tests/op_api/testdata/cases/";
const std::string kAddLibrary = std::string(" --library ") + OPSIM_SAMPLE_ADD_LIBRARY + " ";

TEST_F(OpsimCli, RunSuiteOfALibraryOpJudgedByNpyFiles) {
  const Result r =
      Run("run" + kAddLibrary + kSuites + "add_custom/suite.yaml --report " + Path("r.json"));
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "2 passed, 0 failed");
  EXPECT_NE(r.out.find("add_custom/npy_in_npy_out/AddCustom/float16/ascend310p"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[1,2048];[1,2048] -> [1,2048]"), std::string::npos) << r.out;
  const nlohmann::json j = nlohmann::json::parse(ReadText(Path("r.json")));
  EXPECT_EQ(j["cases"][0]["op"], "AddCustom");
  EXPECT_EQ(j["cases"][0]["verdict"], "pass");
}

TEST_F(OpsimCli, RunSuiteOfALibraryOpFailsOnAWrongExpectedFile) {
  const Result r = Run("run" + kAddLibrary + kSuites + "add_custom/wrong_expected.yaml");
  EXPECT_EQ(r.rc, 1) << r.out << r.err;
  EXPECT_EQ(LastLine(r.out), "0 passed, 1 failed");
  EXPECT_NE(r.out.find("z_wrong.npy"), std::string::npos) << r.out;
}

TEST_F(OpsimCli, RunSuiteOfALibraryOpNeedsTheLibrary) {
  const Result r = Run("run " + kSuites + "add_custom/suite.yaml");
  EXPECT_EQ(r.rc, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("suite.yaml:9:9: 'op': unknown operator 'AddCustom'"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--library"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace opsim
#endif
