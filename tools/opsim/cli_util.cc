#include "cli_util.h"

#include <unistd.h>

#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>

namespace opsim::cli {

Status CheckFitsMemory(double bytes, const std::string& what) {
  const double memory =
      static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGESIZE));
  if (memory <= 0 || bytes <= memory / 2) return Status::Ok();
  char why[200];
  std::snprintf(why, sizeof(why), " need %.1f GB, more than half of this machine's %.1f GB",
                bytes / 1e9, memory / 1e9);
  return {ErrorCode::kInvalidTensorSize, what + why};
}

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
    const char* end = item.data() + item.size();
    const auto [ptr, ec] = std::from_chars(item.data(), end, v);
    if (item.empty() || ec != std::errc() || ptr != end) {
      return {ErrorCode::kInvalidParam, std::string(what) + " = '" + std::string(text) + "': '" +
                                            std::string(item) +
                                            "' is not an integer (expected a list like 0,1)"};
    }
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
