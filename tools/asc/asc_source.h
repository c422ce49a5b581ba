// The preprocessed text of an `.asc` unit as the rewrite (asc_rewrite.cc) reads it: which bytes
// are code, and the file and line of each position from its linemarkers.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>

namespace opsim::asc {

inline bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
inline bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// Which bytes of the preprocessed text are code: not in a string or character literal, nor on a
// linemarker or #pragma line. Linemarkers give each line its file and number.
class Source {
 public:
  explicit Source(const std::string& text) : text_(text), code_(text.size(), true) {
    size_t i = 0;
    while (i < text_.size()) i = Step(i);
  }
  const std::string& text() const { return text_; }
  bool code(size_t i) const { return i < code_.size() && code_[i]; }

  // "path:line" of byte `at`.
  // The unit's own file: the first linemarker names it.
  std::string MainFile() const { return markers_.empty() ? "<input>" : markers_[0].file; }

  // The code in [from, to) on one line: linemarkers (a macro from a header leaves them inside a
  // declaration) dropped, each run of spaces one space.
  std::string Flat(size_t from, size_t to) const {
    std::string out;
    bool line_start = true;
    for (size_t i = from; i < to; ++i) {
      const char c = text_[i];
      if (line_start && c == '#') {
        while (i < to && text_[i] != '\n') ++i;
        continue;
      }
      line_start = c == '\n' || (line_start && IsSpace(c));
      if (!IsSpace(c)) {
        out += c;
      } else if (!out.empty() && out.back() != ' ') {
        out += ' ';
      }
    }
    if (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
  }

  std::string Where(size_t at, bool basename = false) const {
    std::string file = "<input>";
    size_t line = 1;
    size_t from = 0;
    for (const Marker& m : markers_) {
      if (m.offset > at) break;
      file = m.file;
      line = m.line;
      from = m.offset;
    }
    for (size_t i = from; i < at; ++i) line += text_[i] == '\n';
    if (basename) file = file.substr(file.find_last_of('/') + 1);
    return file + ":" + std::to_string(line);
  }

 private:
  struct Marker {
    size_t offset;  // the start of the line the marker numbers
    std::string file;
    size_t line;
  };

  size_t Step(size_t i) {
    const char c = text_[i];
    if (c == '#' && (i == 0 || text_[i - 1] == '\n')) return Directive(i);
    if (c == '"' && i > 0 && text_[i - 1] == 'R') return RawString(i);
    if (c == '"' || c == '\'') return Quoted(i, c);
    return i + 1;
  }
  size_t LineEnd(size_t i) const {
    const size_t nl = text_.find('\n', i);
    return nl == std::string::npos ? text_.size() : nl;
  }
  void Blank(size_t from, size_t to) {
    for (size_t k = from; k < to; ++k) code_[k] = false;
  }
  // `# 12 "file.asc" 2`: the next line is line 12 of file.asc.
  size_t Directive(size_t i) {
    const size_t end = LineEnd(i);
    Blank(i, end);
    size_t k = i + 1;
    while (k < end && text_[k] == ' ') ++k;
    if (k < end && std::isdigit(static_cast<unsigned char>(text_[k]))) {
      const size_t line = std::strtoul(text_.c_str() + k, nullptr, 10);
      const size_t q1 = text_.find('"', k);
      const size_t q2 = q1 < end ? text_.find('"', q1 + 1) : std::string::npos;
      if (q2 != std::string::npos && q2 < end) {
        markers_.push_back({end + 1, text_.substr(q1 + 1, q2 - q1 - 1), line});
      }
    }
    return end;
  }
  size_t Quoted(size_t i, char quote) {
    size_t k = i + 1;
    while (k < text_.size() && text_[k] != quote && text_[k] != '\n') k += text_[k] == '\\' ? 2 : 1;
    Blank(i, std::min(k + 1, text_.size()));
    return k + 1;
  }
  size_t RawString(size_t i) {
    const size_t open = text_.find('(', i);
    if (open == std::string::npos) return i + 1;
    std::string close(1, ')');
    close.append(text_, i + 1, open - i - 1);
    close.push_back('"');
    const size_t end = text_.find(close, open);
    const size_t stop = end == std::string::npos ? text_.size() : end + close.size();
    Blank(i, stop);
    return stop;
  }

  const std::string& text_;
  std::vector<bool> code_;
  std::vector<Marker> markers_;
};

}  // namespace opsim::asc
