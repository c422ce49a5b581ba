// Every call into a user's host code is a boundary (issue 24): an exception from an OpDef
// constructor, a static initialiser, InferShape, InferDataType or a tiling function is that op's
// error naming the library, the op, the stage and the exception's text, and the process goes on.
// The user code is tests/op_api/testdata/user_faults, loaded from a fresh copy per test (a
// library loads once per path). Each test expects a process of its own, as ctest runs them
// (whether UserFault is defined yet is part of what they check).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "op_api/library_copy.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"

#ifdef OPSIM_USER_FAULTS_LIBRARY
namespace opsim {
namespace {

namespace fs = std::filesystem;
using testing::Desc;
using testing::HostTensor;

std::string FreshCopy(const std::string& tag) {
  return testing::FreshLibraryCopy(OPSIM_USER_FAULTS_LIBRARY, "user_faults", tag);
}

Status LoadWith(const char* fault, const std::string& tag, std::string* path) {
  setenv("OPSIM_TEST_USER_FAULT", fault, 1);
  *path = FreshCopy(tag);
  const Status st = op_api::LoadOpLibrary(*path);
  unsetenv("OPSIM_TEST_USER_FAULT");
  return st;
}

// The library loaded once, well behaved, for the stage tests.
const std::string& LoadedLibrary() {
  static const std::string path = [] {
    std::string p;
    const Status st = LoadWith("", "ok", &p);
    EXPECT_TRUE(st.ok()) << st.ToString();
    return p;
  }();
  return path;
}

// InferShape, then Setup (tiling) of UserFault with `where`.
Status RunStages(const std::string& where) {
  LoadedLibrary();
  return testing::RunStagesOnEightFloats("UserFault", {{"where", where}});
}

void ExpectMentions(const Status& st, std::initializer_list<std::string> parts) {
  for (const std::string& part : parts) {
    EXPECT_NE(st.message().find(part), std::string::npos)
        << "no '" << part << "' in " << st.ToString();
  }
}

// The library's OpDefs were checked to join before its kernels were: a second kernel for one key
// left them registered after the refusal. Everything is checked first now. First in the file, so
// that no good copy of the library is loaded yet when the suite runs in one process (with one, the
// op type already taken is the refusal, checked before the kernels).
TEST(UserCodeBoundary, ASecondKernelForOneKeyRefusesTheLibraryWhole) {
  const auto* before = op_api::FindOpDef("UserFault");
  std::string path;
  const Status st = LoadWith("kernel-twice", "kernel_twice", &path);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  ExpectMentions(st, {"operator library " + path + ": " +
                      (before == nullptr ? "a second kernel for UserFault"
                                         : "op type UserFault is already defined")});
  EXPECT_EQ(op_api::FindOpDef("UserFault"), before);
}

TEST(UserCodeBoundary, WellBehavedRunPasses) { EXPECT_TRUE(RunStages("nowhere").ok()); }

TEST(UserCodeBoundary, InferShapeThrowIsTheOpsError) {
  const Status st = RunStages("infershape");
  EXPECT_EQ(st.code(), ErrorCode::kGraphInferShapeFuncFail);
  ExpectMentions(st, {"UserFault: user code threw at stage InferShape: std::runtime_error: "
                      "UserFault's InferShape gave up (library ",
                      LoadedLibrary()});
}

TEST(UserCodeBoundary, AnythingThrownIsNamedByItsType) {
  ExpectMentions(RunStages("infershape-int"), {"stage InferShape: an exception of type int"});
  ExpectMentions(RunStages("tiling-string"), {"stage tiling: a string: a C string"});
}

TEST(UserCodeBoundary, InferDataTypeThrowIsTheOpsError) {
  const Status st = RunStages("inferdtype");
  EXPECT_EQ(st.code(), ErrorCode::kGraphInferShapeFuncFail);
  ExpectMentions(st, {"UserFault: user code threw at stage InferDataType: std::logic_error: no "
                      "dtype for you",
                      LoadedLibrary()});
}

TEST(UserCodeBoundary, TilingThrowIsTheOpsError) {
  const Status st = RunStages("tiling");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  ExpectMentions(st, {"UserFault: user code threw at stage tiling: std::out_of_range: tile index "
                      "7 out of range (library ",
                      LoadedLibrary()});
}

TEST(UserCodeBoundary, KernelThrowIsAKernelFault) {
  const Status st = RunStages("kernel-throw");
  EXPECT_EQ(st.code(), ErrorCode::kKernelFault);
  ExpectMentions(st, {"UserFault: ", "UserFault's kernel threw"});
  const Status not_std = RunStages("kernel-throw-int");
  EXPECT_EQ(not_std.code(), ErrorCode::kKernelFault);
  ExpectMentions(not_std, {"threw an exception of type i"});  // int's mangled name
}

// A refused library registers nothing: the registry holds what it held before the load (the
// tests share a process, and another test may have loaded a good copy of the library).
TEST(UserCodeBoundary, OpDefConstructorThrowRefusesTheLibrary) {
  const auto* before = op_api::FindOpDef("UserFault");
  std::string path;
  const Status st = LoadWith("ctor-throw", "ctor", &path);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  ExpectMentions(st, {"operator library " + path +
                      ": UserFault: user code threw at stage load "
                      "(OpDef constructor): std::invalid_argument: UserFault's OpDef is not "
                      "ready (library " +
                      path + ")"});
  EXPECT_EQ(op_api::FindOpDef("UserFault"), before);
}

TEST(UserCodeBoundary, StaticInitialiserThrowRefusesTheLibrary) {
  const auto* before = op_api::FindOpDef("UserFault");
  std::string path;
  const Status st = LoadWith("static-throw", "static_throw", &path);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(), "operator library " + path +
                              " cannot be loaded: a static initialiser threw std::runtime_error: "
                              "user_faults: static initialiser failed (stage load)");
  EXPECT_EQ(op_api::FindOpDef("UserFault"), before);
}

TEST(UserCodeBoundary, StaticInitialiserExitOrAbortRefusesTheLibrary) {
  const auto* before = op_api::FindOpDef("UserFault");
  std::string path;
  Status st = LoadWith("static-exit", "static_exit", &path);
  EXPECT_EQ(st.message(), "operator library " + path +
                              " cannot be loaded: a static initialiser called exit(0) while the "
                              "library loaded (stage load)");
  st = LoadWith("static-abort", "static_abort", &path);
  EXPECT_EQ(st.message(), "operator library " + path +
                              " cannot be loaded: a static initialiser died of signal 6 (Aborted) "
                              "(stage load)");
  EXPECT_EQ(op_api::FindOpDef("UserFault"), before);
}

// What a tiling function claims is checked against what the runtime gave it (issue 24).
TEST(UserCodeBoundary, TilingLiesAreRefused) {
  Status st = RunStages("tiling-overrun");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(),
            "UserFault: the tiling function wrote past the 65536 B tiling buffer (byte 65536 "
            "changed; GetRawTilingData()->GetCapacity() is the bound)");
  st = RunStages("workspace-wrap");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidWorkspaceSize);
  EXPECT_EQ(st.message(),
            "UserFault: the tiling function's workspace sizes sum past 2^64 B (workspace 1 of "
            "64 B)");
  st = RunStages("workspace-count");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidWorkspaceSize);
  EXPECT_EQ(st.message(),
            "UserFault: the tiling function asked GetWorkspaceSizes(4611686018427387904), over "
            "the 1024 workspaces a launch may have");
}

TEST(UserLies, NullNamesAndTooManyTensorsAreRefused) {
  ops::OpDef def("NullNames");
  try {
    def.Input(nullptr);
    ADD_FAILURE() << "Input(nullptr) was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "OpDef: an input or output was declared with a null name "
                 "(Input/Output/Attr(nullptr))");
  }
  EXPECT_THROW(def.Attr(nullptr), std::invalid_argument);
  ops::OpDef wide("WideOp");
  std::vector<std::string> names;
  for (int i = 0; i < 65; ++i) names.push_back("x" + std::to_string(i));
  for (const std::string& n : names) wide.Input(n.c_str());
  EXPECT_EQ(op_api::CheckTensorCounts(wide).message(),
            "op type WideOp declares 65 inputs and 0 outputs; opsim supports at most 64 of each "
            "(a VariantPack holds 64 tensors)");
}

// Files the loader must not be handed: they block it or crash it (SIGBUS).
TEST(UserLies, LibraryFilesAreCheckedBeforeTheyAreOpened) {
  const fs::path dir = fs::path(FreshCopy("files")).parent_path();
  const std::string fifo = (dir / "fifo.so").string();
  fs::remove(fifo);
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Status st = op_api::LoadOpLibrary(fifo);
  EXPECT_EQ(st.code(), ErrorCode::kIoError);
  EXPECT_EQ(st.message(),
            "operator library " + fifo + " cannot be loaded: it is a FIFO, not a regular file");
  st = op_api::LoadOpLibrary(dir.string());
  EXPECT_EQ(st.message(), "operator library " + dir.string() +
                              " cannot be loaded: it is a directory, not a regular file");
  const std::string whole = FreshCopy("truncated");
  fs::resize_file(whole, fs::file_size(whole) / 2);
  st = op_api::LoadOpLibrary(whole);
  EXPECT_EQ(st.code(), ErrorCode::kIoError);
  ExpectMentions(st, {"operator library " + whole + " cannot be loaded: truncated: its "});
}

// With the whole binary in one process another suite may have loaded UserFault already: the
// library is then found by its bare name and refused for its op type, which shows the lookup too.
TEST(UserLies, ABareLibraryNameIsLookedUpInTheCurrentFolderFirst) {
  const fs::path copy = FreshCopy("bare");
  const bool defined_before = op_api::FindOpDef("UserFault") != nullptr;
  const fs::path before = fs::current_path();
  fs::current_path(copy.parent_path());
  std::vector<std::string> added;
  const Status st = op_api::LoadOpLibrary(copy.filename().string(), &added);
  fs::current_path(before);
  if (defined_before) {
    ExpectMentions(st, {"operator library " + copy.filename().string(),
                        "op type UserFault is already defined"});
    return;
  }
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(added, std::vector<std::string>{"UserFault"});
}

}  // namespace
}  // namespace opsim
#endif  // OPSIM_USER_FAULTS_LIBRARY
