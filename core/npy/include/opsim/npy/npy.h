// NumPy .npy files (format versions 1.0, 2.0 and 3.0): little-endian, C order, the plain numeric
// dtypes opsim handles (<f4 <f8 <f2 <i4 <i8 <u4 <u8 |i1 |u1 |b1, and <u2 for bfloat16 bit
// patterns). Anything else (big-endian, Fortran order, structured or object dtypes, a header or
// payload that does not add up) is refused with a message naming the file and the rule.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/status.h"

namespace opsim::npy {

struct NpyArray {
  std::string descr;           // canonical: "<f4", "|i1", "<u2", ...
  std::vector<int64_t> shape;  // empty for a 0-d array
  std::vector<uint8_t> data;   // row-major, little-endian
};

// Item size of a canonical descr; 0 when unsupported.
size_t DescrItemSize(std::string_view descr);

// The dtype a descr holds. "<u2" is bfloat16 when u2_is_bfloat16 (numpy has no bfloat16: such
// files carry its bits as uint16), else uint16; "|i1" is int4 when i1_is_int4, else int8;
// nullopt for an unsupported descr.
std::optional<DType> DTypeFromDescr(std::string_view descr, bool u2_is_bfloat16,
                                    bool i1_is_int4 = false);
// The descr a dtype is stored as (bfloat16: "<u2", int4: "|i1"); nullopt for a dtype .npy
// cannot hold.
std::optional<std::string> DescrFromDType(DType dtype);

// int4 travels in .npy files as "|i1", one value in [-8, 7] a byte: numpy has no 4-bit type
// (ml_dtypes' int4 arrays save that way after astype(np.int8)). Tensors hold it packed two a
// byte, element 2i in the low nibble, as CANN packs ACL_INT4 data.
// Packs the values of an "|i1" array in place (descr and shape kept: only its data changes);
// kInvalidParam naming `what`, the first value outside [-8, 7] and its index.
Status PackInt4(std::string_view what, NpyArray* array);
// The "|i1" array of `shape` whose values the packed `bytes` hold, sign-extended; kInvalidParam
// when `bytes` is not the size of that many packed values.
Status UnpackInt4(std::span<const int64_t> shape, std::span<const uint8_t> bytes, NpyArray* out);

// Parses a whole .npy image. `what` (usually the path) starts every message. kIoError.
Status ParseNpy(std::span<const uint8_t> bytes, std::string_view what, NpyArray* out);
// Reads the file in one pass into the buffer that becomes out->data (memory: the file's size);
// `spare_bytes` of capacity past the data let a caller pad it (as device memory is) in place.
Status ReadNpy(const std::string& path, NpyArray* out, size_t spare_bytes = 0);

// The .npy image of `array` (version 1.0, or 2.0 when the header needs it); kInvalidParam when
// the descr is unsupported or the data size does not match the shape.
Status EncodeNpy(const NpyArray& array, std::vector<uint8_t>* out);
// Writes to a temporary file next to `path` and renames it over `path` only when every byte is
// written, so a failure never leaves a partial or stale-looking output.
Status WriteNpy(const std::string& path, const NpyArray& array);
// Several files, all or none: each is written beside its name first, and they take their names
// only when all were written (a failure leaves no file and no temporary behind). kInvalidParam
// when one file is named twice.
Status WriteNpyFiles(const std::vector<std::pair<std::string, const NpyArray*>>& files);

}  // namespace opsim::npy
