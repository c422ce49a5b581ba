// opsim_op_gen's reading of a kernel that tests TILING_KEY_VAR in #if (op_api/gen/key_var_units.h):
// the conditions and macros it finds, their value per key, and the key groups it builds a unit
// for.
#include "key_var_units.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace opsim::op_gen {
namespace {

namespace fs = std::filesystem;

long long Eval(const std::string& condition, uint64_t key,
               const std::map<std::string, std::string>& macros = {}) {
  long long value = -99;
  EXPECT_TRUE(EvaluateCondition(condition, key, macros, &value)) << condition;
  return value;
}

bool Known(const std::string& condition, uint64_t key,
           const std::map<std::string, std::string>& macros = {}) {
  long long value = 0;
  return EvaluateCondition(condition, key, macros, &value);
}

TEST(KeyVarUnits, EvaluatesTheOperatorsOfAPreprocessorCondition) {
  const std::map<std::string, std::string> macros = {
      {"SPLIT1", "10"}, {"SPLIT2", "(SPLIT1 + 1)"}, {"HEX", "0x1FULL"}};
  const std::string arg_max =
      "defined(TILING_KEY_VAR) && (TILING_KEY_VAR != SPLIT1 && TILING_KEY_VAR != SPLIT2)";
  EXPECT_EQ(Eval(arg_max, 3, macros), 1);
  EXPECT_EQ(Eval(arg_max, 10, macros), 0);
  EXPECT_EQ(Eval(arg_max, 11, macros), 0);
  EXPECT_EQ(Eval("TILING_KEY_VAR == HEX", 31, macros), 1);
  EXPECT_EQ(Eval("(TILING_KEY_VAR >> 2) & 1", 4), 1);
  EXPECT_EQ(Eval("TILING_KEY_VAR % 3 == 2 || !TILING_KEY_VAR", 0), 1);
  EXPECT_EQ(Eval("TILING_KEY_VAR <= 2 ? 7 : -1", 5), -1);
  EXPECT_EQ(Eval("~TILING_KEY_VAR + 1 == -TILING_KEY_VAR", 6), 1);
  EXPECT_EQ(Eval("TILING_KEY_VAR < 4 && TILING_KEY_VAR >= 2", 3), 1);
}

TEST(KeyVarUnits, ANameTheFolderDoesNotDefineLeavesTheValueUnknown) {
  // Unknown unless the known part decides: 0 && x, 1 || x.
  EXPECT_FALSE(Known("defined(ASCENDC_CPU_DEBUG) && TILING_KEY_VAR == 1", 1));
  EXPECT_EQ(Eval("TILING_KEY_VAR == 2 && UNKNOWN_NAME", 1), 0);
  EXPECT_EQ(Eval("TILING_KEY_VAR == 1 || UNKNOWN_NAME", 1), 1);
  EXPECT_FALSE(Known("FUNC_LIKE(TILING_KEY_VAR)", 1));
  EXPECT_FALSE(Known("TILING_KEY_VAR ==", 1));
  EXPECT_FALSE(Known("TILING_KEY_VAR / 0", 1));
}

TEST(KeyVarUnits, GroupsKeysOnWhichEveryConditionAgrees) {
  KeyVarUse use;
  use.conditions = {"TILING_KEY_VAR == 1", "TILING_KEY_VAR > 2"};
  const std::vector<std::vector<uint64_t>> groups = GroupKeys(use, {0, 1, 2, 3, 4});
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0], (std::vector<uint64_t>{0, 2}));
  EXPECT_EQ(groups[1], (std::vector<uint64_t>{1}));
  EXPECT_EQ(groups[2], (std::vector<uint64_t>{3, 4}));
}

TEST(KeyVarUnits, OneKeyPerGroupWhenTheCodeReadsTheKeyOrAConditionIsUnknown) {
  KeyVarUse use;
  use.conditions = {"TILING_KEY_VAR == 1"};
  use.in_code = true;
  EXPECT_EQ(GroupKeys(use, {0, 1, 2}).size(), 3u);
  use.in_code = false;
  use.conditions = {"TILING_KEY_VAR == 1 && SOMETHING_ELSE"};
  EXPECT_EQ(GroupKeys(use, {0, 2, 1}).size(), 2u);  // 0 and 2: known 0; 1: unknown
}

TEST(KeyVarUnits, ScansTheKernelFolderForConditionsMacrosAndUses) {
  const fs::path dir = fs::temp_directory_path() / "opsim_key_var_units_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "arch22");
  std::ofstream(dir / "k.cpp") << "#include \"arch22/k.h\"\n"
                                  "// #if TILING_KEY_VAR == 9 is a comment\n"
                                  "#if defined(TILING_KEY_VAR) && \\\n"
                                  "    TILING_KEY_VAR != K_SPLIT /* split */\n"
                                  "#endif\n";
  std::ofstream(dir / "arch22" / "k.h") << "#define K_SPLIT 3 // the split key\n"
                                           "#define K_FN(x) (x)\n";
  KeyVarUse use = ScanKeyVar((dir / "k.cpp").string());
  ASSERT_EQ(use.conditions.size(), 1u);
  EXPECT_EQ(use.macros.at("K_SPLIT"), "3");
  EXPECT_EQ(use.macros.count("K_FN"), 0u);
  EXPECT_FALSE(use.in_code);
  EXPECT_EQ(GroupKeys(use, {0, 3, 5}).size(), 2u);
  std::ofstream(dir / "arch22" / "k.h", std::ios::app) << "if (TILING_KEY_IS(3)) {}\n";
  EXPECT_TRUE(ScanKeyVar((dir / "k.cpp").string()).in_code);
  fs::remove_all(dir);
}

// A plain 910B entry beside template keys another chip's tiling declares for the op (ops-nn's
// AscendQuantV2) builds as column units; a template entry keeps its template units.
TEST(KeyVarUnits, TellsAPlainEntryFromATemplateOne) {
  const fs::path dir = fs::temp_directory_path() / "opsim_entry_template_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "plain.cpp") << "extern \"C\" __global__ __aicore__ void plain(GM_ADDR x)\n"
                                      "{}\n";
  std::ofstream(dir / "keyed.cpp") << "template <int MODE, bool SPLIT>\n"
                                      "__global__ __aicore__ void keyed(GM_ADDR x) {}\n";
  EXPECT_FALSE(EntryIsTemplate((dir / "plain.cpp").string(), "plain"));
  EXPECT_TRUE(EntryIsTemplate((dir / "keyed.cpp").string(), "keyed"));
  EXPECT_TRUE(EntryIsTemplate((dir / "plain.cpp").string(), "elsewhere"));  // not found: kept
  fs::remove_all(dir);
}

}  // namespace
}  // namespace opsim::op_gen
