#include "library_file.h"

#include <elf.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "opsim/core/file_read.h"

namespace opsim::op_api {
namespace {

// Every byte the loader will read or map must be in the file.
Status CheckElf(const std::string& path, uint64_t size) {
  const std::string name = "operator library " + path + " cannot be loaded:";
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr h{};
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h) ||
      std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0) {
    return {ErrorCode::kIoError, name + " not an ELF file (" + std::to_string(size) + " B)"};
  }
  if (h.e_ident[EI_CLASS] != ELFCLASS64 || h.e_type != ET_DYN) {
    return {ErrorCode::kIoError, name + " not a 64-bit ELF shared object"};
  }
  auto ends = [&](uint64_t offset, uint64_t count, uint64_t each, const char* what) -> Status {
    if (offset <= size && count * each <= size - offset) return Status::Ok();
    return {ErrorCode::kIoError,
            name + " truncated: its " + what + " end past its " + std::to_string(size) + " B"};
  };
  OPSIM_RETURN_IF_ERROR(ends(h.e_phoff, h.e_phnum, h.e_phentsize, "program headers"));
  OPSIM_RETURN_IF_ERROR(ends(h.e_shoff, h.e_shnum, h.e_shentsize, "section headers"));
  if (h.e_phentsize != sizeof(Elf64_Phdr)) {
    return {ErrorCode::kIoError, name + " program headers of an unknown size"};
  }
  std::vector<Elf64_Phdr> segments(h.e_phnum);
  in.seekg(static_cast<std::streamoff>(h.e_phoff));
  if (!in.read(reinterpret_cast<char*>(segments.data()),
               static_cast<std::streamsize>(segments.size() * sizeof(Elf64_Phdr)))) {
    return {ErrorCode::kIoError, name + " its program headers cannot be read"};
  }
  for (size_t i = 0; i < segments.size(); ++i) {
    const std::string what = "segment " + std::to_string(i) + "'s bytes";
    OPSIM_RETURN_IF_ERROR(ends(segments[i].p_offset, 1, segments[i].p_filesz, what.c_str()));
  }
  return Status::Ok();
}

}  // namespace

Status CheckLibraryFile(const std::string& path, std::string* open_path) {
  *open_path = path;
  struct stat st {};
  if (path.find('/') == std::string::npos) {
    // dlopen searches the loader path for a bare name; a file here is what the user meant.
    if (stat(path.c_str(), &st) != 0) return Status::Ok();
    *open_path = "./" + path;
  } else if (stat(path.c_str(), &st) != 0) {
    return {ErrorCode::kIoError,
            "operator library " + path + " cannot be loaded: " + std::strerror(errno)};
  }
  if (!S_ISREG(st.st_mode)) {
    return {ErrorCode::kIoError, "operator library " + path + " cannot be loaded: it is " +
                                     FileKindName(st.st_mode) + ", not a regular file"};
  }
  return CheckElf(*open_path, static_cast<uint64_t>(st.st_size));
}

}  // namespace opsim::op_api
