#pragma once
// Job traces come as the Parallel Workloads Archive publishes them, gzip-compressed (NASA-iPSC-1993-3.1-cln.swf.gz):
// a user should not have to unpack one before naming it. zlib reads them; the size limit of input_file.hpp holds for
// the unpacked text too, so a small archive that unpacks to gigabytes is refused as a large file would be.
#include "simulator/core/input_file.hpp"

#include <string>

namespace isogrid {

// The text of `path`, unpacked when it is gzip data (by its first two bytes, whatever its name). Throws
// InputFileError as read_input_file does, and when the data is not valid gzip or unpacks past `limit`.
std::string read_possibly_compressed_input(const std::string& path, uint64_t limit = kMaxInputFileBytes);

}  // namespace isogrid
