// docs/ASCENDC.md's API table against the headers: a name marked supported or partial must be
// declared under simulator/include (or core/include, which host and kernel share), a name marked
// "not yet" must not be.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace opsim::sim {
namespace {

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Row {
  std::string name;
  std::string status;
};

// Rows "| `Name` | status | ..." of the table.
std::vector<Row> TableRows(const std::string& doc) {
  std::vector<Row> rows;
  std::istringstream lines(doc);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    const size_t name_end = line.find('`', 3);
    if (name_end == std::string::npos) continue;
    const size_t status_begin = line.find("| ", name_end);
    if (status_begin == std::string::npos) continue;
    const size_t status_end = line.find(" |", status_begin + 2);
    if (status_end == std::string::npos) continue;
    const std::string status = line.substr(status_begin + 2, status_end - status_begin - 2);
    if (status == "supported" || status == "partial" || status == "not yet") {
      rows.push_back({line.substr(3, name_end - 3), status});
    }
  }
  return rows;
}

bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A declaration of `name`: a function, class, struct, enum, macro or constant of that name (the
// word before it is void, bool, class, struct, define, int64_t, int32_t, int16_t, uint64_t,
// uint32_t, float or bfloat16_t: the scalar conversions, or T: a template's element), or the first
// argument of one of the headers' OPSIM_* declaring macros. (Hand-rolled: GCC 12's <regex> trips
// -Wmaybe-uninitialized in the debug-asan preset.)
bool Declared(const std::string& headers, const std::string& name) {
  for (size_t at = headers.find(name); at != std::string::npos; at = headers.find(name, at + 1)) {
    const size_t end = at + name.size();
    if ((at > 0 && IsIdent(headers[at - 1])) || (end < headers.size() && IsIdent(headers[end]))) {
      continue;
    }
    size_t after = end;
    while (after < headers.size() && headers[after] == ' ') ++after;
    const char next = after < headers.size() ? headers[after] : '\0';
    size_t before = at;
    while (before > 0 && headers[before - 1] == ' ') --before;
    if (before > 0 && headers[before - 1] == '(') {
      size_t word = before - 1;
      while (word > 0 && IsIdent(headers[word - 1])) --word;
      if (headers.compare(word, 6, "OPSIM_") == 0 && next == ',') return true;
      continue;
    }
    size_t word = before;
    while (word > 0 && IsIdent(headers[word - 1])) --word;
    const std::string prev = headers.substr(word, before - word);
    const bool type_word = prev == "void" || prev == "bool" || prev == "class" ||
                           prev == "struct" || prev == "uint64_t" || prev == "uint32_t" ||
                           prev == "int64_t" || prev == "int32_t" || prev == "int16_t" ||
                           prev == "GM_ADDR" || prev == "using" || prev == "define" ||
                           prev == "float" || prev == "bfloat16_t" || prev == "T";
    if (type_word && std::string("({<;:=").find(next) != std::string::npos) return true;
  }
  return false;
}

TEST(AscendcDocs, TableMatchesTheHeaders) {
  const std::filesystem::path root = OPSIM_SOURCE_DIR;
  const std::string doc = ReadFile(root / "docs" / "ASCENDC.md");
  const std::vector<Row> rows = TableRows(doc);
  ASSERT_GT(rows.size(), 50u) << "docs/ASCENDC.md lost its table";
  // The kernel API's headers, and the core headers that host and kernel share (SortConfig).
  std::string headers;
  for (const std::filesystem::path& dir :
       {root / "simulator" / "include", root / "core" / "include"}) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
      if (e.is_regular_file() && e.path().extension() == ".h") {
        headers += ReadFile(e.path()) + "\n";
      }
    }
  }
  ASSERT_FALSE(headers.empty());
  for (const Row& r : rows) {
    // opsim's own functions of these names (vector_unit.h) are not CANN's APIs.
    const bool other_meaning = r.name == "Reduce" || r.name == "ReduceProd";
    if (r.status == "not yet") {
      if (other_meaning) continue;
      EXPECT_FALSE(Declared(headers, r.name))
          << r.name
          << " is declared in simulator/include or core/include: mark it supported or partial";
    } else {
      EXPECT_TRUE(Declared(headers, r.name))
          << r.name << " is marked " << r.status << " but no header declares it";
    }
  }
}

// Every name of the reference's index (docs/ascendc_api_index.txt) has a row, whatever its status.
TEST(AscendcDocs, EveryNameOfTheReferenceIndexHasARow) {
  const std::filesystem::path root = OPSIM_SOURCE_DIR;
  const std::string doc = ReadFile(root / "docs" / "ASCENDC.md");
  std::istringstream index(ReadFile(root / "docs" / "ascendc_api_index.txt"));
  std::string name;
  size_t names = 0;
  while (std::getline(index, name)) {
    if (name.empty() || name[0] == '#') continue;
    ++names;
    EXPECT_NE(doc.find("\n| `" + name + "` | "), std::string::npos)
        << name << " (docs/ascendc_api_index.txt) has no row in docs/ASCENDC.md";
  }
  EXPECT_GT(names, 300u) << "docs/ascendc_api_index.txt lost its names";
}

TEST(AscendcDocs, DeclaredRecognisesEveryDeclarationForm) {
  EXPECT_TRUE(Declared("void Exp(const int&)", "Exp"));
  EXPECT_TRUE(Declared("OPSIM_BINARY(Add, kAdd)", "Add"));
  EXPECT_TRUE(Declared("template <int> class TQueBind {", "TQueBind"));
  EXPECT_TRUE(Declared("enum class CMPMODE : uint8_t {", "CMPMODE"));
  EXPECT_TRUE(Declared("constexpr uint64_t MASK_PLACEHOLDER = 0;", "MASK_PLACEHOLDER"));
  EXPECT_TRUE(Declared("inline int64_t GetBlockIdx() {", "GetBlockIdx"));
  EXPECT_TRUE(Declared("inline GM_ADDR GetUserWorkspace(GM_ADDR w) {", "GetUserWorkspace"));
  EXPECT_TRUE(Declared("using QuePosition = TPosition;", "QuePosition"));
  EXPECT_TRUE(Declared("inline int64_t GetSubBlockIdx() {", "GetSubBlockIdx"));
  EXPECT_TRUE(Declared("#define REGIST_MATMUL_OBJ(tpipe, ...)", "REGIST_MATMUL_OBJ"));
  EXPECT_TRUE(Declared("inline T ReadGmByPassDCache(__gm__ T* addr) {", "ReadGmByPassDCache"));
  EXPECT_FALSE(Declared("// Gather the lanes", "Gather"));
  EXPECT_FALSE(Declared("void GatherMask(", "Gather"));
}

}  // namespace
}  // namespace opsim::sim
