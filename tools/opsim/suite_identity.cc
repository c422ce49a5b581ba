#include "suite_identity.h"

#include <elf.h>
#include <link.h>

#include <cstring>
#include <fstream>
#include <iterator>

#include "case_harness.h"
#include "opsim/cases/output_digest.h"

namespace opsim::cli {
namespace {

// FNV-1a 64 over a sequence of fields, each preceded by its length so that ("ab","c") and
// ("a","bc") differ.
class Hasher {
 public:
  void Bytes(const void* data, size_t size) {
    const uint64_t n = size;
    Raw(&n, sizeof(n));
    Raw(data, size);
  }
  void Text(const std::string& s) { Bytes(s.data(), s.size()); }
  template <typename T>
  void Value(const T& v) {
    Bytes(&v, sizeof(v));
  }
  template <typename T>
  void List(const std::vector<T>& v) {
    Bytes(v.data(), v.size() * sizeof(T));
  }
  uint64_t digest() const { return h_; }

 private:
  void Raw(const void* data, size_t size) {
    const auto* p = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < size; ++i) {
      h_ ^= p[i];
      h_ *= 0x100000001b3ull;
    }
  }
  uint64_t h_ = 0xcbf29ce484222325ull;
};

void HashData(const cases::DataSpec& d, Hasher* h) {
  h->Value(static_cast<int>(d.kind));
  for (double v : {d.low, d.high, d.mean, d.stddev, d.rate}) h->Value(v);
  h->Value(d.int_low);
  h->Value(d.int_high);
  for (const auto* list : {&d.specials, &d.values}) {
    h->Value(list->size());
    for (const cases::CaseValue& v : *list) h->Text(v.text);
  }
  if (d.npy_bytes) h->List(*d.npy_bytes);
}

void HashCase(const cases::Case& c, Hasher* h) {
  h->Text(c.FullName());
  h->Text(c.op);
  h->Text(AttrsText(c.attrs));
  h->Text(c.device);
  h->Value(c.inputs.size());
  for (const cases::CaseInput& in : c.inputs) {
    h->Value(static_cast<int>(in.dtype));
    h->List(in.shape);
    h->Value(in.seed);
    h->Value(in.constant);
    HashData(in.data, h);
  }
  h->Value(c.expected_shapes.size());
  for (const auto& s : c.expected_shapes) h->List(s.value_or(std::vector<int64_t>{-1}));
  h->Value(c.expected.size());
  for (const auto& e : c.expected) {
    h->Value(e.has_value());
    if (!e) continue;
    h->Value(static_cast<int>(e->dtype));
    h->List(e->shape);
    h->List(e->bytes);
  }
  h->Value(c.tolerance.has_value());
  if (c.tolerance) {
    h->Value(c.tolerance->rel);
    h->Value(c.tolerance->abs);
  }
  h->Text(c.skip);
}

// The NT_GNU_BUILD_ID note of one loaded object, or empty.
std::string GnuBuildId(const dl_phdr_info* info) {
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
    const char* end = p + ph.p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      ElfW(Nhdr) note;
      std::memcpy(&note, p, sizeof(note));
      const char* name = p + sizeof(note);
      const char* desc = name + ((note.n_namesz + 3) & ~3u);
      if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0) {
        return std::string(desc, note.n_descsz);
      }
      p = desc + ((note.n_descsz + 3) & ~3u);
    }
  }
  return "";
}

std::string FileBytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

int AddObject(dl_phdr_info* info, size_t /*size*/, void* data) {
  auto* h = static_cast<Hasher*>(data);
  const std::string name = info->dlpi_name ? info->dlpi_name : "";
  const bool executable = name.empty();  // the first object: the program itself
  if (!executable && name.find('/') == std::string::npos) return 0;  // the vDSO: the kernel's
  std::string id = GnuBuildId(info);
  if (id.empty()) id = FileBytes(executable ? "/proc/self/exe" : name);
  h->Text(id);
  return 0;
}

}  // namespace

uint64_t SuiteFingerprint(const std::vector<cases::Case>& selection) {
  Hasher h;
  h.Value(selection.size());
  for (const cases::Case& c : selection) HashCase(c, &h);
  return h.digest();
}

std::string BuildId() {
  Hasher h;
  dl_iterate_phdr(AddObject, &h);
  return cases::DigestHex(h.digest());
}

}  // namespace opsim::cli
