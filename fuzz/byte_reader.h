// Reads a fuzz input as a stream of decisions. Past the end every read returns 0 (the first
// choice), so any input, however short, describes a complete call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace opsim::fuzz {

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t U16() { return static_cast<uint16_t>(Byte() | (Byte() << 8)); }
  uint32_t U32() { return static_cast<uint32_t>(U16()) | (static_cast<uint32_t>(U16()) << 16); }
  uint64_t U64() { return static_cast<uint64_t>(U32()) | (static_cast<uint64_t>(U32()) << 32); }
  // A value in [0, n); 0 when n == 0.
  size_t Below(size_t n) { return n == 0 ? 0 : (n <= 256 ? Byte() % n : U32() % n); }
  bool Bit() { return (Byte() & 1) != 0; }
  double Double() {
    const uint64_t bits = U64();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  std::string Text(size_t max_len) {
    const size_t n = Below(max_len + 1);
    std::string s;
    for (size_t i = 0; i < n; ++i) s.push_back(static_cast<char>(Byte()));
    return s;
  }
  // The bytes not read yet.
  const uint8_t* Rest() const { return data_ + (pos_ < size_ ? pos_ : size_); }
  size_t RestSize() const { return pos_ < size_ ? size_ - pos_ : 0; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace opsim::fuzz
