#pragma once
// Files isogrid reads from its users (experiment files, grid specs, profiles, platform files' traces, plugins, a
// results.csv to resume), each read the same careful way: only a regular file, never more than a documented size.
// Reading a named pipe blocks until someone writes into it, and /dev/zero never ends: `isogrid validate /dev/zero`
// read 8.4 GB before running out of memory, and a pipe given as a profile hung validate for good. A path is
// therefore looked at (stat, which never blocks) before it is opened, and read at most up to its limit.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace isogrid {

// The largest file isogrid reads: 256 MiB. A million-value sweep is about 10 MB of YAML; a year of one-second
// profile steps is 30 MB.
constexpr uint64_t kMaxInputFileBytes = uint64_t{256} << 20;

// Why a file cannot be read, in words that name the file ("/tmp/p is a named pipe, not a file").
class InputFileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Throws InputFileError when `path` does not name a regular file isogrid may read: missing, a folder, a named pipe,
// a device or a socket, a loop of symbolic links, unreadable, or larger than `limit`.
void check_input_file(const std::string& path, uint64_t limit = kMaxInputFileBytes);

// The bytes of `path`, after check_input_file.
std::string read_input_file(const std::string& path, uint64_t limit = kMaxInputFileBytes);

}  // namespace isogrid
