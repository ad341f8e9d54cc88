#pragma once
// The readers take a path: each fuzz input is written to one file per process, rewritten input after input.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <unistd.h>

namespace isogrid::fuzz {

inline std::string write_input(const uint8_t* data, size_t size, const char* suffix)
{
  static const std::string path = "/tmp/isogrid-fuzz-" + std::to_string(::getpid()) + suffix;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

}  // namespace isogrid::fuzz
