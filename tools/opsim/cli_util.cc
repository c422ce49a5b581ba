#include "cli_util.h"

#include <cctype>
#include <cstdio>
#include <limits>
#include <optional>

#include "strict_flags.h"

namespace opsim::cli {

Status DescBytes(const TensorDesc& desc, const std::string& what, uint64_t* bytes) {
  const std::optional<uint64_t> b = TensorDescBytes(desc);
  if (!b) {
    return {ErrorCode::kInvalidTensorSize,
            what + " " + ToString(desc) + " has more bytes than 2^64 can count"};
  }
  *bytes = *b;
  return Status::Ok();
}

Status ParseIntList(std::string_view text, std::string_view what, std::vector<int64_t>* out) {
  std::string_view body = text;
  auto trim = [](std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
  };
  body = trim(body);
  if (!body.empty() && body.front() == '[') {
    if (body.back() != ']') {
      return {ErrorCode::kInvalidParam,
              std::string(what) + " = '" + std::string(text) + "': unbalanced '['"};
    }
    body = trim(body.substr(1, body.size() - 2));
  }
  std::vector<int64_t> values;
  while (!body.empty()) {
    const size_t comma = body.find(',');
    const std::string_view item = trim(body.substr(0, comma));
    int64_t v = 0;
    const std::string where = text.find_first_of(",[") == std::string_view::npos
                                  ? std::string(what)
                                  : std::string(what) + " item";
    OPSIM_RETURN_IF_ERROR(ParseInteger(item, where, std::numeric_limits<int64_t>::min(),
                                       std::numeric_limits<int64_t>::max(), &v));
    values.push_back(v);
    if (comma == std::string_view::npos) break;
    body = body.substr(comma + 1);
    if (trim(body).empty()) {
      return {ErrorCode::kInvalidParam,
              std::string(what) + " = '" + std::string(text) + "': trailing ','"};
    }
  }
  *out = std::move(values);
  return Status::Ok();
}

int Report(std::string_view command, const std::string& message, int code) {
  std::fprintf(stderr, "opsim %.*s: %s\n", static_cast<int>(command.size()), command.data(),
               message.c_str());
  return code;
}

int UsageError(std::string_view command, const std::string& message) {
  std::fprintf(stderr, "opsim %.*s: %s\nRun 'opsim %.*s --help' for usage.\n",
               static_cast<int>(command.size()), command.data(), message.c_str(),
               static_cast<int>(command.size()), command.data());
  return kExitUsage;
}

}  // namespace opsim::cli
