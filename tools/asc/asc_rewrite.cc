#include "asc_rewrite.h"

#include "asc_source.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <utility>

namespace opsim::asc {
namespace {

struct Kernel {
  int kind = 0;  // OPSIM_ICPU_KIND_* (icpu_abi.h): 0 none, 1 vector, 2 cube, 3 mix
  unsigned aiv = 0;
  int params = -1;  // -1: a parameter pack, not counted
  std::string where;
};

class Rewriter {
 public:
  Rewriter(const std::string& text, int default_kind)
      : src_(text), out_(text), default_kind_(default_kind) {}

  RewriteResult Run() {
    FindKernels();
    RewriteLaunches();
    result_.text = std::move(out_);
    return std::move(result_);
  }

 private:
  const std::string& text() const { return src_.text(); }

  void Error(size_t at, const std::string& why, const char* rule) {
    result_.errors.push_back(src_.Where(at) + ": error: " + why + " [" + rule + "]");
  }

  // The next occurrence of `word` as a whole identifier in code, from `from`.
  size_t FindWord(const std::string& word, size_t from) const {
    for (size_t at = text().find(word, from); at != std::string::npos;
         at = text().find(word, at + 1)) {
      const bool left = at == 0 || !IsIdent(text()[at - 1]);
      const bool right = at + word.size() >= text().size() || !IsIdent(text()[at + word.size()]);
      if (left && right && src_.code(at)) return at;
    }
    return std::string::npos;
  }

  // The index just past the bracket closing the one at `open` ('(', '[', '{', or '<' when
  // `angles`), counting all four kinds; npos when it does not close before a ';' outside brackets.
  size_t Close(size_t open, bool angles) const {
    int depth = 0;
    for (size_t i = open; i < text().size(); ++i) {
      if (!src_.code(i)) continue;
      const char c = text()[i];
      if (c == '(' || c == '[' || c == '{' || (angles && c == '<')) ++depth;
      if (c == ')' || c == ']' || c == '}' || (angles && c == '>')) {
        if (--depth == 0) return i + 1;
      }
      if (c == ';' && depth <= 1 && text()[open] != '{') return std::string::npos;
    }
    return std::string::npos;
  }

  // Splits [from, to) at the commas outside brackets; an empty range is no item. Sets *angled
  // when a '<' outside brackets makes the split uncertain (a template argument list).
  std::vector<std::pair<size_t, size_t>> Split(size_t from, size_t to, bool angles,
                                               bool* angled) const {
    std::vector<std::pair<size_t, size_t>> items;
    int depth = 0;
    size_t start = from;
    bool any = false;
    for (size_t i = from; i < to; ++i) {
      const char c = text()[i];
      if (!src_.code(i)) {
        any = true;
        continue;
      }
      if (c == '(' || c == '[' || c == '{' || (angles && c == '<')) ++depth;
      if (c == ')' || c == ']' || c == '}' || (angles && c == '>')) --depth;
      if (!angles && c == '<' && depth == 0 && angled != nullptr) *angled = true;
      if (c == ',' && depth == 0) {
        items.emplace_back(start, i);
        start = i + 1;
      } else if (!IsSpace(c)) {
        any = true;
      }
    }
    if (any || !items.empty()) items.emplace_back(start, to);
    return items;
  }

  std::string Trim(size_t from, size_t to) const {
    while (from < to && IsSpace(text()[from])) ++from;
    while (to > from && IsSpace(text()[to - 1])) --to;
    return text().substr(from, to - from);
  }

  void BlankOut(size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      if (out_[i] != '\n') out_[i] = ' ';
    }
  }

  // The kind markers of the declaration holding the `__global__` at `at`: from the end of the
  // previous declaration to the parameter list.
  void ReadKind(size_t decl_start, size_t name_paren, const std::string& name, Kernel* k) {
    const std::pair<const char*, int> kinds[] = {
        {kMarkerVector, 1}, {kMarkerCube, 2}, {kMarkerMix, 3}};
    for (const auto& [marker, kind] : kinds) {
      for (size_t m = FindWord(marker, decl_start); m < name_paren; m = FindWord(marker, m + 1)) {
        if (k->kind != 0 && k->kind != kind) {
          Error(m, "kernel '" + name + "' declares two kinds (__vector__, __cube__, __mix__)",
                "one kind per kernel");
        }
        k->kind = kind;
        if (kind == 3) ReadMixRatio(m, name, k);
      }
    }
  }

  void ReadMixRatio(size_t m, const std::string& name, Kernel* k) {
    size_t open = m + std::strlen(kMarkerMix);
    while (open < text().size() && IsSpace(text()[open])) ++open;
    const size_t close = Close(open, false);
    if (close == std::string::npos) return;
    bool angled = false;
    const auto items = Split(open + 1, close - 1, false, &angled);
    const std::string aic = items.size() == 2 ? Trim(items[0].first, items[0].second) : "";
    const std::string aiv = items.size() == 2 ? Trim(items[1].first, items[1].second) : "";
    if (aic != "1" || (aiv != "1" && aiv != "2")) {
      Error(m,
            "kernel '" + name + "' declares __mix__(" + Trim(open + 1, close - 1) +
                "): opsim runs __mix__(1, 1) and __mix__(1, 2) (one AIC with one or two AIV)",
            "__mix__ ratio");
      return;
    }
    k->aiv = aiv == "2" ? 2 : 1;
  }

  void FindKernels() {
    for (size_t at = FindWord(kMarkerGlobal, 0); at != std::string::npos;
         at = FindWord(kMarkerGlobal, at + 1)) {
      size_t decl_start = at;
      while (decl_start > 0 && !(src_.code(decl_start - 1) &&
                                 std::strchr(";{}", text()[decl_start - 1]) != nullptr)) {
        --decl_start;
      }
      // The parameter list: the first '(' after an identifier that is not a marker.
      size_t paren = std::string::npos;
      std::string name;
      for (size_t i = at; i < text().size() && paren == std::string::npos; ++i) {
        if (!src_.code(i) || text()[i] != '(') continue;
        size_t e = i;
        while (e > at && IsSpace(text()[e - 1])) --e;
        size_t b = e;
        while (b > at && IsIdent(text()[b - 1])) --b;
        const std::string word = text().substr(b, e - b);
        if (word.rfind("__opsim_asc_", 0) == 0) {
          i = Close(i, false) - 1;
          continue;
        }
        paren = i;
        name = word;
      }
      const size_t close = paren == std::string::npos ? paren : Close(paren, true);
      if (name.empty() || close == std::string::npos) {
        Error(at, "a __global__ declaration without a kernel name and parameter list",
              "__global__ declares a kernel function");
        continue;
      }
      Kernel k;
      k.where = src_.Where(at);
      ReadKind(decl_start, paren, name, &k);
      const auto params = Split(paren + 1, close - 1, true, nullptr);
      const std::string only = params.size() == 1 ? Trim(params[0].first, params[0].second) : "";
      k.params = only == "void" ? 0 : static_cast<int>(params.size());
      if (text().substr(paren, close - paren).find("...") != std::string::npos) k.params = -1;
      Declare(name, k);
      AddEntry(decl_start, at, close, name, params);
      ++result_.kernels;
    }
    // Every marker goes, on kernels or not.
    for (const char* marker : {kMarkerGlobal, kMarkerVector, kMarkerCube, kMarkerMix}) {
      for (size_t m = FindWord(marker, 0); m != std::string::npos; m = FindWord(marker, m + 1)) {
        size_t end = m + std::strlen(marker);
        if (marker == kMarkerMix) {
          while (end < text().size() && IsSpace(text()[end])) ++end;
          end = text()[end] == '(' ? Close(end, false) : end;
        }
        BlankOut(m, end == std::string::npos ? m + std::strlen(marker) : end);
      }
    }
  }

  // A definition in the unit's own file (the first linemarker's), not a template, with its
  // parameters counted.
  void AddEntry(size_t decl_start, size_t at, size_t close, const std::string& name,
                const std::vector<std::pair<size_t, size_t>>& params) {
    size_t body = close;
    while (body < text().size() && IsSpace(text()[body])) ++body;
    const std::string where = src_.Where(at);
    if (body >= text().size() || text()[body] != '{' || kernels_[name].params < 0 ||
        where.substr(0, where.rfind(':')) != src_.MainFile() ||
        Trim(decl_start, close).find("template") != std::string::npos) {
      return;
    }
    KernelEntry e{name, {}};
    for (const auto& [from, to] : params) e.params.push_back(src_.Flat(from, to));
    if (e.params.size() == 1 && e.params[0] == "void") e.params.clear();
    result_.entries.push_back(std::move(e));
  }

  // Several declarations of one name (a declaration, then the definition; overloads) agree on the
  // kind when they state one; differing parameter counts leave the count unchecked.
  void Declare(const std::string& name, const Kernel& k) {
    auto [it, fresh] = kernels_.emplace(name, k);
    if (fresh) return;
    if (it->second.kind == 0) {
      it->second.kind = k.kind;
      it->second.aiv = k.aiv;
    }
    if (it->second.params != k.params) it->second.params = -1;
  }

  // A launch through a variable (asc-devkit's matmul samples pick their kernel in a constexpr
  // lambda): `name =` in code before the launch.
  bool AssignedBefore(const std::string& name, size_t at) const {
    for (size_t p = FindWord(name, 0); p < at; p = FindWord(name, p + 1)) {
      size_t e = p + name.size();
      while (e < text().size() && IsSpace(text()[e])) ++e;
      if (e + 1 < text().size() && text()[e] == '=' && text()[e + 1] != '=') return true;
    }
    return false;
  }

  // The kind such a variable's kernel has: the one every kernel of the unit declares, else none
  // (the KernelMode decides).
  int CommonKind(unsigned* aiv) const {
    int kind = -1;
    for (const auto& [name, k] : kernels_) {
      if (kind != -1 && (k.kind != kind || k.aiv != *aiv)) {
        *aiv = 0;
        return 0;
      }
      kind = k.kind;
      *aiv = k.aiv;
    }
    return kind == -1 ? 0 : kind;
  }

  // The callee of the `<<<` at `at`: `name`, `ns::name`, `name<targs>`. Returns its start.
  size_t Callee(size_t at, std::string* name) const {
    size_t e = at;
    while (e > 0 && IsSpace(text()[e - 1])) --e;
    if (e > 0 && text()[e - 1] == '>') {
      // Angle brackets count outside parentheses only: `k<(a > b) ? 1 : 2>`.
      int angles = 0;
      int parens = 0;
      size_t i = e;
      while (i > 0) {
        --i;
        const char c = text()[i];
        if (c == ')' || c == ']') ++parens;
        if (c == '(' || c == '[') --parens;
        if (parens == 0 && c == '>') ++angles;
        if (parens == 0 && c == '<') --angles;
        if (angles == 0 && parens == 0) break;
      }
      e = i;
      while (e > 0 && IsSpace(text()[e - 1])) --e;
    }
    size_t b = e;
    while (b > 0 && IsIdent(text()[b - 1])) --b;
    *name = text().substr(b, e - b);
    while (b >= 2 && text()[b - 1] == ':' && text()[b - 2] == ':') {
      size_t q = b - 2;
      while (q > 0 && IsIdent(text()[q - 1])) --q;
      b = q;
    }
    return b;
  }

  static std::string Literal(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c == '\n' ? ' ' : c;
    }
    return out + "\"";
  }

  void RewriteLaunches() {
    // Replacements go from the end, so that earlier offsets stay valid.
    std::vector<std::pair<std::pair<size_t, size_t>, std::string>> edits;
    for (size_t at = text().find("<<<"); at != std::string::npos; at = text().find("<<<", at + 3)) {
      if (!src_.code(at)) continue;
      std::string name;
      const size_t start = Callee(at, &name);
      if (name == "operator") continue;
      std::string call;
      const size_t end = Launch(at, start, name, &call);
      if (end == std::string::npos) continue;
      edits.push_back({{start, end}, call});
      ++result_.launches;
      at = end - 3;
    }
    for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
      out_.replace(it->first.first, it->first.second - it->first.first, it->second);
    }
  }

  // Builds the launcher call for the launch whose `<<<` is at `at`; returns the end of the
  // launch (past its ')'), npos after reporting an error.
  size_t Launch(size_t at, size_t start, const std::string& name, std::string* call) {
    size_t close = std::string::npos;
    int depth = 0;
    for (size_t i = at + 3; i < text().size(); ++i) {
      if (!src_.code(i)) continue;
      const char c = text()[i];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (depth < 0 || (c == ';' && depth == 0)) break;
      if (depth == 0 && text().compare(i, 3, ">>>") == 0) {
        close = i;
        break;
      }
    }
    if (close == std::string::npos) {
      Error(at, "'<<<' of the launch of '" + name + "' has no matching '>>>'",
            "a launch is kernel<<<numBlocks, dynUBufSize, stream>>>(args)");
      return std::string::npos;
    }
    const auto config = Split(at + 3, close, false, nullptr);
    if (config.size() != 2 && config.size() != 3) {
      Error(at,
            "the launch of '" + name + "' has " + std::to_string(config.size()) +
                " values between <<< and >>>; a SIMD kernel launch takes numBlocks, dynUBufSize "
                "and stream (the stream may be left out)" +
                (config.size() == 4 ? "; SIMT launches (<<<grid, block, dynUBufSize, stream>>>) "
                                      "are not modelled"
                                    : ""),
            "<<<numBlocks, dynUBufSize, stream>>>");
      return std::string::npos;
    }
    size_t open = close + 3;
    while (open < text().size() && IsSpace(text()[open])) ++open;
    const size_t end =
        open < text().size() && text()[open] == '(' ? Close(open, false) : std::string::npos;
    if (end == std::string::npos) {
      Error(close,
            "expected '(' and the kernel's arguments after '>>>' of the launch of '" + name + "'",
            "a launch is kernel<<<numBlocks, dynUBufSize, stream>>>(args)");
      return std::string::npos;
    }
    const auto found = kernels_.find(name);
    Kernel through_pointer;
    if (found == kernels_.end()) {
      if (!AssignedBefore(name, at)) {
        Error(at,
              "'" + name +
                  "' is launched with <<<>>> but is not a kernel: no __global__ "
                  "function of that name is declared in this translation unit, nor is it a "
                  "variable assigned one",
              "only a __global__ function is launched with <<<>>>");
        return std::string::npos;
      }
      through_pointer.kind = CommonKind(&through_pointer.aiv);
    }
    const Kernel& k = found == kernels_.end() ? through_pointer : found->second;
    bool angled = false;
    const auto args = Split(open + 1, end - 1, false, &angled);
    if (!angled && k.params >= 0 && static_cast<int>(args.size()) != k.params) {
      Error(at,
            "the launch of '" + name + "' passes " + std::to_string(args.size()) +
                " argument(s) to a kernel of " + std::to_string(k.params) + " parameter(s) (" +
                k.where + ")",
            "a launch passes one argument per kernel parameter");
      return std::string::npos;
    }
    const std::string arg_text = text().substr(open + 1, end - 1 - open - 1);
    *call = "::AscendC::AscCPUKernelLaunch(::AscendC::AscKernelLaunchSite{" +
            std::to_string(k.kind != 0 ? k.kind : default_kind_) + ", " + std::to_string(k.aiv) +
            ", " + Literal(src_.Where(at, true)) + ", " + Literal(Trim(open + 1, end - 1)) + "}, " +
            text().substr(at + 3, close - at - 3) + (config.size() == 2 ? ", nullptr" : "") + ", " +
            Literal(Trim(start, at)) + ", " + text().substr(start, at - start) +
            (args.empty() ? "" : ", ") + arg_text + ")";
    // As many lines as the launch had (spaces between '>>>' and '('), so later lines keep theirs.
    const auto lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
    call->append(lines(text().substr(start, end - start)) - lines(*call), '\n');
    return end;
  }

  Source src_;
  std::string out_;
  int default_kind_;  // of kernels that declare none (--cce-soc-core-type)
  RewriteResult result_;
  std::map<std::string, Kernel> kernels_;
};

}  // namespace

RewriteResult RewriteAsc(const std::string& preprocessed, int default_kind) {
  return Rewriter(preprocessed, default_kind).Run();
}

}  // namespace opsim::asc
