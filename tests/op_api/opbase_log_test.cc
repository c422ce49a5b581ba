// CANN's op-base log/log.h and the infershape helpers on opsim's contexts: the level and output
// environment, the line prefix, errors reaching opsim's operator error, the control flow of
// OP_CHECK_IF and OP_CHECK_NULL_WITH_CONTEXT; and the dialect fixture's host files
// (testdata/opbase_dialect/op_host), compiled into this binary, run on real contexts.
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "infershape_broadcast_util.h"
#include "infershape_elewise_util.h"
#include "infershape_reduce_util.h"
#include "log/log.h"
#include "op_common/log/log.h"  // the second spelling reaches the same header
#include "opsim/op_api/op_error.h"

namespace {

using opsim::op_api::TakeOpError;

// Sets (or, with nullptr, unsets) an environment variable for one test; restores it after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    had_ = old != nullptr;
    if (had_) old_ = old;
    if (value == nullptr) {
      unsetenv(name);
    } else {
      setenv(name, value, 1);
    }
  }
  ~ScopedEnv() {
    if (had_) {
      setenv(name_.c_str(), old_.c_str(), 1);
    } else {
      unsetenv(name_.c_str());
    }
  }

 private:
  std::string name_;
  std::string old_;
  bool had_ = false;
};

struct Node {
  const char* GetNodeType() const { return type; }
  const char* GetNodeName() const { return name; }
  const char* type = "Add";
  const char* name = "add_1";
};

TEST(OpBaseLog, LevelFromAscendGlobalLogLevel) {
  {
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", nullptr);  // default: errors only
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_ERROR), 1);
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_WARN), 0);
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_DEBUG), 0);
  }
  {
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "0");
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_DEBUG), 1);
    EXPECT_EQ(Ops::Base::CheckLogLevelInner(OP_MODULE_ID, DLOG_INFO), 1);
  }
  {
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "2");
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_INFO), 0);
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_WARN), 1);
  }
  {
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "4");  // none
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_ERROR), 0);
  }
  {
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "x1");  // not a level: the default
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_ERROR), 1);
    EXPECT_EQ(CheckLogLevel(OP_MODULE_ID, DLOG_INFO), 0);
  }
}

TEST(OpBaseLog, LinePrefixOnStdoutWhenAsked) {
  ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "1");
  ScopedEnv out("ASCEND_SLOG_PRINT_TO_STDOUT", "1");
  const Node node;
  testing::internal::CaptureStdout();
  OP_LOGI(&node, "tiles %d of %s", 5, "x");
  OP_LOGI("Begin InferShapeForAdd");  // CANN's one-argument form
  const std::string text = testing::internal::GetCapturedStdout();
  const std::regex first(
      R"(\[INFO\] OP\(\d+,[^)]*\):\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3} )"
      R"(\[opbase_log_test\.cc:\d+\]\[OPS_BASE\]\[TestBody\]\[\d+\] OpName:\[Add:add_1\] )"
      R"(tiles 5 of x\n)");
  EXPECT_TRUE(std::regex_search(text, first)) << text;
  EXPECT_NE(text.find("OpName:[Begin InferShapeForAdd] \n"), std::string::npos) << text;
}

TEST(OpBaseLog, StderrOtherwiseAndDisabledLevelsEvaluateNothing) {
  ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "2");
  ScopedEnv out("ASCEND_SLOG_PRINT_TO_STDOUT", "0");
  int evaluated = 0;
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  OP_LOGW("Add", "warned");
  OP_LOGI("Add", "%d", ++evaluated);
  OP_LOGD("Add", "%d", ++evaluated);
  const std::string stdout_text = testing::internal::GetCapturedStdout();
  const std::string stderr_text = testing::internal::GetCapturedStderr();
  EXPECT_EQ(stdout_text, "");
  EXPECT_NE(stderr_text.find("[WARNING] OP("), std::string::npos) << stderr_text;
  EXPECT_NE(stderr_text.find("OpName:[Add] warned\n"), std::string::npos) << stderr_text;
  EXPECT_EQ(stderr_text.find("OpName:[Add] 1"), std::string::npos) << stderr_text;
  EXPECT_EQ(evaluated, 0);
}

// op-base's D_OP_LOG* take the operator's text itself, as ops-nn's error_util.h passes it
// (OPS_LOG_E(desc, ...) is D_OP_LOGE(GetSafeStr(GetOpInfo(desc)), ...)); an error is logged,
// not recorded.
TEST(OpBaseLog, TheLowerLevelTakesTheOperatorsText) {
  ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "1");
  ScopedEnv out("ASCEND_SLOG_PRINT_TO_STDOUT", "0");
  (void)TakeOpError();
  const Node node;
  testing::internal::CaptureStderr();
  D_OP_LOGE(Ops::Base::GetSafeStr(Ops::Base::GetOpInfo(&node)), "bad %s", "tiling");
  D_OP_LOGI("Add", "tiles %d", 2);
  D_OP_LOGD("Add", "not at level 1");
  const std::string text = testing::internal::GetCapturedStderr();
  EXPECT_NE(text.find("[ERROR] OP("), std::string::npos) << text;
  EXPECT_NE(text.find("OpName:[Add:add_1] bad tiling\n"), std::string::npos) << text;
  EXPECT_NE(text.find("OpName:[Add] tiles 2\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("not at level 1"), std::string::npos) << text;
  EXPECT_TRUE(TakeOpError().ok());
}

TEST(OpBaseLog, OpInfoNamesStringsAndContexts) {
  EXPECT_STREQ(Ops::Base::GetOpInfo(static_cast<const char*>(nullptr)), "nil");
  EXPECT_EQ(Ops::Base::GetOpInfo(std::string("Add")), "Add");
  const Node node;
  EXPECT_EQ(Ops::Base::GetOpInfo(&node), "Add:add_1");
  const Node* none = nullptr;
  EXPECT_EQ(Ops::Base::GetOpInfo(none), "nil:nil");
  Node unnamed;
  unnamed.name = nullptr;
  EXPECT_EQ(Ops::Base::GetOpInfo(&unnamed), "Add:nil");
}

TEST(OpBaseLog, ToStringNames) {
  EXPECT_EQ(Ops::Base::ToString(ge::DT_FLOAT16), "DT_FLOAT16");
  EXPECT_EQ(Ops::Base::ToString(ge::FORMAT_ND), "ND");
  EXPECT_EQ(Ops::Base::ToString(gert::Shape{2, 3}), "[2, 3]");
  EXPECT_EQ(Ops::Base::ToString(gert::Shape{}), "[]");
  const gert::Shape a{4};
  EXPECT_EQ(Ops::Base::ToString(std::vector<const gert::Shape*>{&a, nullptr}), "[[4], nil]");
}

TEST(OpBaseLog, ErrorsAreRecordedForTheOperationWhateverTheLevel) {
  ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "4");  // nothing printed, still recorded
  (void)TakeOpError();
  const Node node;
  OP_LOGE(&node, "dim %d is %s", 2, "negative");
  opsim::Status first = TakeOpError();
  EXPECT_EQ(first.code(), opsim::ErrorCode::kInvalidParam);
  EXPECT_EQ(first.message(), "Add:add_1: dim 2 is negative");
  EXPECT_TRUE(TakeOpError().ok());  // taken

  OP_LOGE("Add", "inner");
  OP_LOGE("Add", "outer");
  EXPECT_EQ(TakeOpError().message(), "Add: inner; Add: outer");  // cause first

  OP_LOGE_WITHOUT_REPORT("Add", "not recorded");
  EXPECT_TRUE(TakeOpError().ok());

  REPORT_INNER_ERR_MSG("EZ9999", "value %d", 3);
  EXPECT_EQ(TakeOpError().message(), "EZ9999: value 3");
  REPORT_PREDEFINED_ERR_MSG("EZ0004", std::vector<const char*>({"param_name", "op_name"}),
                            std::vector<const char*>({"x", "Add"}));
  EXPECT_EQ(TakeOpError().message(), "EZ0004: param_name=x, op_name=Add");
}

TEST(OpBaseLog, InvalidInputSentences) {
  (void)TakeOpError();
  OP_LOGE_WITH_INVALID_INPUT_SHAPE("Add", 1, "[2, 3]", std::string("[2, 4]"));
  EXPECT_EQ(TakeOpError().message(),
            "Add: The 1th input of Add has incorrect shape [[2, 3]]. It should be [[2, 4]].");
  OP_LOGE_WITH_INVALID_INPUT_DTYPE("Add", "x2", "DT_INT8", "DT_FLOAT, DT_FLOAT16");
  EXPECT_EQ(TakeOpError().message(),
            "Add: Input parameter x2 of Add has incorrect dtype DT_INT8. It should be DT_FLOAT, "
            "DT_FLOAT16.");
  OP_LOGE_WITH_INVALID_ATTR("Add", "alpha", "-1", "positive");
  EXPECT_EQ(TakeOpError().message(),
            "Add: Attribute alpha of Add has incorrect value -1. It should be positive.");
  OP_LOGE_WITH_INVALID_INPUT("Add", "x1");
  EXPECT_EQ(TakeOpError().message(), "Add: Parameter x1 of Add is required, but it is empty.");
}

TEST(OpBaseLog, ForInvalidSentences) {
  (void)TakeOpError();
  OP_LOGE_FOR_INVALID_SHAPE("Add", "x1", "[2]", "[3]");
  EXPECT_EQ(TakeOpError().message(),
            "Add: Parameter x1 of Add has incorrect shape [2]. It should be [3].");
  OP_LOGE_FOR_INVALID_SHAPEDIM_WITH_REASON("Add", "x1", "5D", "at most 4D");
  EXPECT_EQ(TakeOpError().message(),
            "Add: Parameter x1 of Add has incorrect shape dim 5D. Reason: at most 4D.");
  OP_LOGE_FOR_INVALID_DTYPES_WITH_REASON("Add", "x1, x2", "DT_FLOAT, DT_INT8", "must agree");
  EXPECT_EQ(TakeOpError().message(),
            "Add: Parameters x1, x2 of Add have incorrect dtypes DT_FLOAT, DT_INT8. Reason: must "
            "agree.");
  OP_LOGE_FOR_INVALID_TENSORNUM("Concat", "x", size_t{3}, "2");
  EXPECT_EQ(TakeOpError().message(),
            "Concat: Parameter x of Concat has invalid tensor num 3. It should be 2.");
  OP_LOGE_FOR_INVALID_LISTSIZE_WITH_REASON("Pad", "paddings", "3", "two per dim");
  EXPECT_EQ(TakeOpError().message(),
            "Pad: Parameter paddings of Pad has incorrect element nums 3. Reason: two per dim.");
  OP_LOGE_FOR_FILE_OPEN("Op", "/x.json", "absent");
  EXPECT_EQ(TakeOpError().message(), "Op: Failed to open file /x.json. Reason: absent.");
  OP_LOGE_FOR_INVALID_CONFIG("Op", "a.ini", "cores", "0", "positive");
  EXPECT_EQ(TakeOpError().message(),
            "Op: Value 0 of configuration item cores in configuration file a.ini is invalid, it "
            "should be positive.");
}

// OP_CHECK_IF runs the log statement, then the return statement, only when the condition holds.
int CheckIf(bool condition, std::vector<std::string>* events) {
  OP_CHECK_IF(condition, events->push_back("log"), return (events->push_back("return"), -1));
  events->push_back("continued");
  return 0;
}

TEST(OpBaseLog, CheckIfControlFlow) {
  std::vector<std::string> events;
  EXPECT_EQ(CheckIf(false, &events), 0);
  EXPECT_EQ(events, (std::vector<std::string>{"continued"}));
  events.clear();
  EXPECT_EQ(CheckIf(true, &events), -1);
  EXPECT_EQ(events, (std::vector<std::string>{"log", "return"}));
}

ge::graphStatus CheckNull(const Node* context, const int* ptr, bool* continued) {
  OP_CHECK_NULL_WITH_CONTEXT(context, ptr);
  *continued = true;
  return ge::GRAPH_SUCCESS;
}

TEST(OpBaseLog, CheckNullWithContextReturnsGraphFailed) {
  (void)TakeOpError();
  const Node node;
  const int value = 1;
  bool continued = false;
  EXPECT_EQ(CheckNull(&node, &value, &continued), ge::GRAPH_SUCCESS);
  EXPECT_TRUE(continued);
  EXPECT_TRUE(TakeOpError().ok());
  continued = false;
  EXPECT_EQ(CheckNull(&node, nullptr, &continued), ge::GRAPH_FAILED);
  EXPECT_FALSE(continued);
  EXPECT_EQ(TakeOpError().message(), "add_1: ptr is nullptr!");  // the node name only
  EXPECT_EQ(CheckNull(nullptr, nullptr, &continued), ge::GRAPH_FAILED);
  EXPECT_EQ(TakeOpError().message(), "nil: ptr is nullptr!");
}

}  // namespace
