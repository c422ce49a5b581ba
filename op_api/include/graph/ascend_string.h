// ge::AscendString: CANN's string of registration APIs (op types, private attribute names), as
// CANN declares it; a shared, immutable std::string here.
#pragma once

#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <string>

#include "graph/types.h"

namespace ge {

class AscendString {
 public:
  AscendString() = default;
  ~AscendString() = default;
  AscendString(const char_t* const name)  // NOLINT: implicit, as CANN's
      : name_(std::make_shared<std::string>(name == nullptr ? "" : name)) {}
  AscendString(const char_t* const name, size_t length)
      : name_(std::make_shared<std::string>(name == nullptr ? std::string()
                                                            : std::string(name, length))) {}
  // "" for a default-constructed string (CANN: nullptr; "" is safer to print).
  const char_t* GetString() const { return name_ == nullptr ? "" : name_->c_str(); }
  size_t GetLength() const { return name_ == nullptr ? 0 : name_->size(); }
  size_t Find(const AscendString& s) const { return Str().find(s.Str()); }
  size_t Hash() const { return std::hash<std::string>()(Str()); }
  bool operator<(const AscendString& d) const { return Str() < d.Str(); }
  bool operator>(const AscendString& d) const { return Str() > d.Str(); }
  bool operator<=(const AscendString& d) const { return Str() <= d.Str(); }
  bool operator>=(const AscendString& d) const { return Str() >= d.Str(); }
  bool operator==(const AscendString& d) const { return Str() == d.Str(); }
  bool operator!=(const AscendString& d) const { return Str() != d.Str(); }
  bool operator==(const char_t* const d) const { return d != nullptr && Str() == d; }
  bool operator!=(const char_t* const d) const { return !(*this == d); }

 private:
  std::string Str() const { return name_ == nullptr ? std::string() : *name_; }
  std::shared_ptr<std::string> name_;
};

}  // namespace ge

namespace std {
template <>
struct hash<ge::AscendString> {
  size_t operator()(const ge::AscendString& name) const { return name.Hash(); }
};
}  // namespace std
