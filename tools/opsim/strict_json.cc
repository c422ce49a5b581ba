#include "strict_json.h"

#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "opsim/core/file_read.h"

namespace opsim::cli {
namespace {

class DuplicateMemberFinder {
 public:
  bool operator()(int /*depth*/, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    if (event == Event::object_start) {
      open_.emplace_back();
    } else if (event == Event::object_end) {
      if (!open_.empty()) open_.pop_back();
    } else if (event == Event::key && !open_.empty() && parsed.is_string()) {
      const std::string& key = parsed.get_ref<const std::string&>();
      if (!open_.back().insert(key).second && first_.empty()) first_ = key;
    }
    return true;  // keep everything: the caller's rules judge the tree
  }
  const std::string& first_duplicate() const { return first_; }

 private:
  std::vector<std::set<std::string>> open_;  // the member names of each object being read
  std::string first_;
};

}  // namespace

Status ReadStrictJson(const std::string& path, const std::string& what, const std::string& kind,
                      nlohmann::json* out) {
  std::string text;
  if (Status st = ReadRegularFile(path, kMaxReportBytes, kind, &text); !st.ok()) {
    return {ErrorCode::kInvalidParam, what + ": " + st.message()};
  }
  const std::string where = what + " '" + path + "': ";
  DuplicateMemberFinder duplicates;
  try {
    *out = nlohmann::json::parse(text, std::ref(duplicates));
  } catch (const nlohmann::json::exception& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 1: ...".
    std::string_view why = e.what();
    if (const size_t at = why.find("] "); at != std::string_view::npos) why.remove_prefix(at + 2);
    return {ErrorCode::kInvalidParam,
            where + "is not JSON (a report of `opsim run --report`): " + std::string(why)};
  }
  if (!duplicates.first_duplicate().empty()) {
    return {ErrorCode::kInvalidParam, where + "an object has the member '" +
                                          duplicates.first_duplicate() +
                                          "' twice (each member once)"};
  }
  return Status::Ok();
}

}  // namespace opsim::cli
