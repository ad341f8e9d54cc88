#include "simulator/core/compressed_input.hpp"

#include <fmt/format.h>
#include <zlib.h>

namespace isogrid {

namespace {

bool is_gzip(const std::string& bytes)
{
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(const std::string& path, const std::string& packed, uint64_t limit)
{
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)  // 16: a gzip header and trailer, not a bare zlib stream
    throw InputFileError(fmt::format("cannot unpack {}: zlib would not start", path));
  z.next_in  = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  std::string text;
  char buffer[1 << 16];
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    z.next_out  = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status      = inflate(&z, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) {
      std::string why = z.msg ? z.msg : (status == Z_BUF_ERROR ? "the data ends early" : "invalid data");
      inflateEnd(&z);
      throw InputFileError(fmt::format("cannot unpack {}: {}", path, why));
    }
    text.append(buffer, sizeof buffer - z.avail_out);
    if (text.size() > limit) {
      inflateEnd(&z);
      throw InputFileError(
          fmt::format("{} unpacks to more than {} MiB; isogrid reads files of up to that", path, limit >> 20));
    }
  }
  inflateEnd(&z);
  return text;
}

}  // namespace

std::string read_possibly_compressed_input(const std::string& path, uint64_t limit)
{
  std::string bytes = read_input_file(path, limit);
  return is_gzip(bytes) ? gunzip(path, bytes, limit) : bytes;
}

}  // namespace isogrid
