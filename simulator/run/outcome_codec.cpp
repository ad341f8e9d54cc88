#include "simulator/run/outcome_codec.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace isogrid {

std::string encode_outcome(const Outcome& out)
{
  std::string bytes;
  auto put_vector = [&](const std::vector<double>& v) {
    uint32_t n = static_cast<uint32_t>(v.size());
    bytes.append(reinterpret_cast<const char*>(&n), sizeof n);
    bytes.append(reinterpret_cast<const char*>(v.data()), n * sizeof(double));
  };
  put_vector(out.predicted);
  put_vector(out.simulated);
  bytes += out.note;
  return bytes;
}

Outcome decode_outcome(const std::string& bytes)
{
  Outcome out;
  size_t pos      = 0;
  auto get_vector = [&](std::vector<double>& v) {
    uint32_t n = 0;
    if (pos + sizeof n > bytes.size())
      throw std::runtime_error("truncated result from child");
    std::memcpy(&n, bytes.data() + pos, sizeof n);
    pos += sizeof n;
    if (pos + n * sizeof(double) > bytes.size())
      throw std::runtime_error("truncated result from child");
    v.resize(n);
    if (n > 0)  // an empty vector's data() may be null, which memcpy must not be given even for 0 bytes
      std::memcpy(v.data(), bytes.data() + pos, n * sizeof(double));
    pos += n * sizeof(double);
  };
  get_vector(out.predicted);
  get_vector(out.simulated);
  out.note = bytes.substr(pos);
  return out;
}

}  // namespace isogrid
