// data_utils.h as operator repositories' kernel unit tests include it (tests/ut/op_kernel of
// hicann/ops-math and its siblings): binary files in and out of GM buffers, and the log macros
// beside them. opsim's own implementation (cpudebug/ut/src/data_utils.cc), on the include path
// of every test opsim_add_op_kernel_ut / AddOpTestCase builds.
#ifndef OPSIM_OP_UT_DATA_UTILS_H_
#define OPSIM_OP_UT_DATA_UTILS_H_

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#define INFO_LOG(fmt, ...) std::fprintf(stdout, "[INFO]  " fmt "\n", ##__VA_ARGS__)
#define WARN_LOG(fmt, ...) std::fprintf(stdout, "[WARN]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) std::fprintf(stdout, "[ERROR]  " fmt "\n", ##__VA_ARGS__)

// Reads the regular file `filePath` whole into `buffer` (of `bufferSize` bytes) and sets
// `fileSize` to its length. False, with an [ERROR] line naming the file and the rule, when it is
// missing, not a regular file, empty, larger than the buffer, or unreadable.
bool ReadFile(const std::string& filePath, size_t& fileSize, void* buffer, size_t bufferSize);
// Writes `size` bytes of `buffer` to `filePath` (created or truncated). False, with an [ERROR]
// line, when the buffer is null or the file cannot be written whole.
bool WriteFile(const std::string& filePath, const void* buffer, size_t size);

#endif  // OPSIM_OP_UT_DATA_UTILS_H_
