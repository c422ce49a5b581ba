// NodeDef::SerializeToString / ParseFromString. CANN's form is a protobuf message; opsim's is a
// text of its own that round-trips every field: whitespace-separated tokens, strings as
// <length>:<bytes>, floats as their bit patterns, data addresses as integers (the data stays the
// caller's). Parsing checks every token and count and changes the node only when all is read.
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "api_impl.h"
#include "cpu_kernel_utils.h"
#include "cpu_node_def.h"

namespace aicpu {

namespace {

constexpr const char* kMagic = "opsim.nodedef.v1";

class Writer {
 public:
  Writer& Word(const char* w) { return Raw(w); }
  Writer& Int(long long v) { return Raw(std::to_string(v)); }
  Writer& U64(uint64_t v) { return Raw(std::to_string(v)); }
  Writer& Str(const std::string& s) { return Raw(std::to_string(s.size()) + ":" + s); }
  Writer& Float(float f) {
    uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return U64(bits);
  }
  std::string Text() const { return out_.str(); }

 private:
  Writer& Raw(const std::string& s) {
    out_ << s << ' ';
    return *this;
  }
  std::ostringstream out_;
};

void WriteShape(Writer& w, const ShapeData& s) {
  w.Int(s.format).Int(s.unknownRank ? 1 : 0).U64(s.dims.size());
  for (const int64_t d : s.dims) w.Int(d);
}

void WriteTensor(Writer& w, const TensorData& t) {
  w.Int(t.dataType);
  WriteShape(w, *t.shape);
  w.U64(reinterpret_cast<uintptr_t>(t.data)).U64(t.dataSize);
}

void WriteAttr(Writer& w, const AttrValueImpl& a) {
  w.Str(a.s).Int(a.i).Float(a.f).Int(a.b ? 1 : 0).Int(a.type);
  w.Int(a.shape != nullptr ? 1 : 0);
  if (a.shape != nullptr) WriteShape(w, *a.shape);
  w.Int(a.tensor != nullptr ? 1 : 0);
  if (a.tensor != nullptr) WriteTensor(w, *a.tensor);
  w.U64(a.listS.size());
  for (const auto& s : a.listS) w.Str(s);
  w.U64(a.listI.size());
  for (const int64_t i : a.listI) w.Int(i);
  w.U64(a.listF.size());
  for (const float f : a.listF) w.Float(f);
  w.U64(a.listB.size());
  for (const bool b : a.listB) w.Int(b ? 1 : 0);
  w.U64(a.listType.size());
  for (const DataType t : a.listType) w.Int(t);
  w.U64(a.listShape.size());
  for (const auto& s : a.listShape) WriteShape(w, *s);
  w.U64(a.listTensor.size());
  for (const auto& t : a.listTensor) WriteTensor(w, *t);
  w.U64(a.listListI.size());
  for (const auto& l : a.listListI) {
    w.U64(l.size());
    for (const int64_t i : l) w.Int(i);
  }
}

// Every read checks its token; after a failure every read fails, and ok() is false.
class Reader {
 public:
  explicit Reader(const std::string& s) : in_(s), size_(s.size()) {}
  bool ok() const { return ok_; }
  bool Word(const char* expected) { return Check(Next() == expected); }
  long long Int(long long lo, long long hi) {
    const std::string t = Next();
    long long v = 0;
    size_t used = 0;
    try {
      v = std::stoll(t, &used);
    } catch (...) {
      return Check(false), 0;
    }
    return Check(used == t.size() && v >= lo && v <= hi) ? v : 0;
  }
  uint64_t U64() {
    const std::string t = Next();
    if (!Check(!t.empty() && t[0] != '-')) return 0;
    try {
      size_t used = 0;
      const uint64_t v = std::stoull(t, &used);
      return Check(used == t.size()) ? v : 0;
    } catch (...) {
      return Check(false), 0;
    }
  }
  // A count of items still to read: each takes at least two characters of the text.
  size_t Count() {
    const uint64_t n = U64();
    return Check(n <= size_ / 2) ? static_cast<size_t>(n) : 0;
  }
  float Float() {
    const uint32_t bits = static_cast<uint32_t>(Int(0, UINT32_MAX));
    float f = 0.0F;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  std::string Str() {
    if (!ok_) return std::string();
    in_ >> std::ws;
    size_t n = 0;
    char colon = 0;
    if (!Check(static_cast<bool>(in_ >> n) && in_.get(colon) && colon == ':' && n <= size_)) {
      return std::string();
    }
    std::string s(n, '\0');
    return Check(static_cast<bool>(in_.read(&s[0], static_cast<std::streamsize>(n)))) ? s : "";
  }
  std::string Keyword() { return Next(); }
  bool Check(bool good) {
    ok_ = ok_ && good;
    return ok_;
  }
  bool AtEnd() {
    in_ >> std::ws;
    return in_.peek() == std::char_traits<char>::eof();
  }

 private:
  std::string Next() {
    std::string t;
    if (ok_ && !(in_ >> t)) ok_ = false;
    return t;
  }
  std::istringstream in_;
  size_t size_;
  bool ok_ = true;
};

std::shared_ptr<ShapeData> ReadShape(Reader& r) {
  auto s = std::make_shared<ShapeData>();
  s->format = static_cast<Format>(r.Int(FORMAT_NCHW, FORMAT_NULL));
  s->unknownRank = r.Int(0, 1) == 1;
  s->dims.resize(r.Count());
  for (auto& d : s->dims) d = r.Int(INT64_MIN, INT64_MAX);
  return s;
}

std::shared_ptr<TensorData> ReadTensor(Reader& r) {
  auto t = std::make_shared<TensorData>();
  t->dataType = static_cast<DataType>(r.Int(0, DT_MAX - 1));
  t->shape = ReadShape(r);
  t->data = reinterpret_cast<void*>(static_cast<uintptr_t>(r.U64()));
  t->dataSize = r.U64();
  return t;
}

AttrValueImpl ReadAttr(Reader& r) {
  AttrValueImpl a;
  a.s = r.Str();
  a.i = r.Int(INT64_MIN, INT64_MAX);
  a.f = r.Float();
  a.b = r.Int(0, 1) == 1;
  a.type = static_cast<DataType>(r.Int(0, DT_MAX - 1));
  if (r.Int(0, 1) == 1) a.shape = ReadShape(r);
  if (r.Int(0, 1) == 1) a.tensor = ReadTensor(r);
  a.listS.resize(r.Count());
  for (auto& s : a.listS) s = r.Str();
  a.listI.resize(r.Count());
  for (auto& i : a.listI) i = r.Int(INT64_MIN, INT64_MAX);
  a.listF.resize(r.Count());
  for (auto& f : a.listF) f = r.Float();
  a.listB.resize(r.Count());
  for (size_t k = 0; k < a.listB.size(); ++k) a.listB[k] = r.Int(0, 1) == 1;
  a.listType.resize(r.Count());
  for (auto& t : a.listType) t = static_cast<DataType>(r.Int(0, DT_MAX - 1));
  a.listShape.resize(r.Count());
  for (auto& s : a.listShape) s = ReadShape(r);
  a.listTensor.resize(r.Count());
  for (auto& t : a.listTensor) t = ReadTensor(r);
  a.listListI.resize(r.Count());
  for (auto& l : a.listListI) {
    l.resize(r.Count());
    for (auto& i : l) i = r.Int(INT64_MIN, INT64_MAX);
  }
  return a;
}

}  // namespace

bool NodeDef::SerializeToString(std::string& str) const {
  Writer w;
  w.Word(kMagic).Word("op").Str(impl_->opType);
  for (const auto& t : impl_->inputs)
    WriteTensor(w.Word("in"), *CpuKernelUtils::GetImpl(t.get())->d);
  for (const auto& t : impl_->outputs) {
    WriteTensor(w.Word("out"), *CpuKernelUtils::GetImpl(t.get())->d);
  }
  for (const auto& kv : impl_->attrs) {
    WriteAttr(w.Word("attr").Str(kv.first), *CpuKernelUtils::GetImpl(kv.second.get()));
  }
  w.Word("end");
  str = w.Text();
  return true;
}

bool NodeDef::ParseFromString(const std::string& str) {
  Reader r(str);
  NodeDefImpl parsed;
  r.Word(kMagic);
  r.Word("op");
  parsed.opType = r.Str();
  bool ended = false;
  while (r.ok() && !ended) {
    const std::string key = r.Keyword();
    if (key == "in") {
      parsed.inputs.push_back(CpuKernelUtils::CreateTensor(new TensorImpl(ReadTensor(r))));
    } else if (key == "out") {
      parsed.outputs.push_back(CpuKernelUtils::CreateTensor(new TensorImpl(ReadTensor(r))));
    } else if (key == "attr") {
      const std::string name = r.Str();
      parsed.attrs[name] = CpuKernelUtils::CreateAttrValue(new AttrValueImpl(ReadAttr(r)));
    } else {
      ended = r.Check(key == "end");
    }
  }
  if (!r.ok() || !r.AtEnd()) {
    AppendKernelError("NodeDef::ParseFromString: the text (" + std::to_string(str.size()) +
                      " bytes) is not a node definition of SerializeToString's form; the node "
                      "is unchanged");
    return false;
  }
  *impl_ = std::move(parsed);
  return true;
}

}  // namespace aicpu
