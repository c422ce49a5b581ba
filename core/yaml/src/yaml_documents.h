// Counting the documents of a YAML stream with a bound. yaml-cpp 0.7's YAML::LoadAll never
// returns on some malformed streams (a line that starts with ',': its parser keeps handing back
// a null document without consuming anything, jbeder/yaml-cpp#1319, fixed after 0.8), and
// allocates until the machine runs out of memory. The loaders read the first document with
// YAML::Load, which parses one document only, and ask this for the others.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

namespace opsim::yaml {

namespace yaml_detail {

// Records where a document's first node starts (its start mark, for an empty document).
class FirstNodeMark final : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override { mark_ = mark, seen_ = false; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { See(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { See(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string&) override {
    See(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    See(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    See(mark);
  }
  void OnMapEnd() override {}
  const YAML::Mark& mark() const { return mark_; }

 private:
  void See(const YAML::Mark& mark) {
    if (!seen_) mark_ = mark, seen_ = true;
  }
  YAML::Mark mark_;
  bool seen_ = false;
};

}  // namespace yaml_detail

// Where each document of `text` starts, at most `limit` of them: a result of `limit` marks
// means "limit or more". Throws YAML::Exception on a syntax error, as YAML::LoadAll does, and
// YAML::ParserException where yaml-cpp would stall: a document that starts where the previous
// one did consumed nothing, and the next would start there again.
inline std::vector<YAML::Mark> YamlDocumentMarks(const std::string& text, size_t limit) {
  std::istringstream stream(text);
  YAML::Parser parser(stream);
  yaml_detail::FirstNodeMark handler;
  std::vector<YAML::Mark> marks;
  while (marks.size() < limit && parser.HandleNextDocument(handler)) {
    const YAML::Mark& mark = handler.mark();
    if (!marks.empty() && mark.pos == marks.back().pos) {
      const bool inside = mark.pos >= 0 && static_cast<size_t>(mark.pos) < text.size();
      throw YAML::ParserException(mark, inside ? std::string("unexpected '") +
                                                     text[static_cast<size_t>(mark.pos)] +
                                                     "' (no YAML node starts with it)"
                                               : std::string("no YAML node starts here"));
    }
    marks.push_back(mark);
  }
  return marks;
}

}  // namespace opsim::yaml
