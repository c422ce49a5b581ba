// docs/ASCENDC.md's API table against the headers: a name marked supported or partial must be
// declared under simulator/include, a name marked "not yet" must not be.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
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

std::vector<Row> TableRows(const std::string& doc) {
  std::vector<Row> rows;
  const std::regex row(R"(^\| `([A-Za-z_][A-Za-z0-9_]*)` \| (supported|partial|not yet) \|)");
  std::istringstream lines(doc);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, m, row)) rows.push_back({m[1], m[2]});
  }
  return rows;
}

// A declaration of `name`: a function, class, struct, enum or constant of that name, or the
// first argument of one of the headers' OPSIM_* declaring macros.
bool Declared(const std::string& headers, const std::string& name) {
  const std::regex decl("(\\b(void|bool|class|struct|uint64_t|uint32_t)\\s+" + name +
                        "\\s*[({<;:]|\\bclass\\s+" + name + "\\s*\\{|\\bOPSIM_[A-Z0-9_]+\\(\\s*" +
                        name + "\\s*,|\\bconstexpr\\s+\\w+\\s+" + name + "\\b|enum class " + name +
                        "\\b)");
  return std::regex_search(headers, decl);
}

TEST(AscendcDocs, TableMatchesTheHeaders) {
  const std::filesystem::path root = OPSIM_SOURCE_DIR;
  const std::string doc = ReadFile(root / "docs" / "ASCENDC.md");
  const std::vector<Row> rows = TableRows(doc);
  ASSERT_GT(rows.size(), 50u) << "docs/ASCENDC.md lost its table";
  std::string headers;
  for (const auto& e :
       std::filesystem::recursive_directory_iterator(root / "simulator" / "include")) {
    if (e.is_regular_file() && e.path().extension() == ".h") headers += ReadFile(e.path()) + "\n";
  }
  ASSERT_FALSE(headers.empty());
  for (const Row& r : rows) {
    if (r.status == "not yet") {
      EXPECT_FALSE(Declared(headers, r.name))
          << r.name << " is declared in simulator/include: mark it supported or partial";
    } else {
      EXPECT_TRUE(Declared(headers, r.name))
          << r.name << " is marked " << r.status << " but no header declares it";
    }
  }
}

TEST(AscendcDocs, DeclaredRecognisesEveryDeclarationForm) {
  EXPECT_TRUE(Declared("void Exp(const int&)", "Exp"));
  EXPECT_TRUE(Declared("OPSIM_BINARY(Add, kAdd)", "Add"));
  EXPECT_TRUE(Declared("template <int> class TQueBind {", "TQueBind"));
  EXPECT_TRUE(Declared("constexpr uint64_t MASK_PLACEHOLDER = 0;", "MASK_PLACEHOLDER"));
  EXPECT_FALSE(Declared("// Gather the lanes", "Gather"));
  EXPECT_FALSE(Declared("void GatherMask(", "Gather"));
}

}  // namespace
}  // namespace opsim::sim
