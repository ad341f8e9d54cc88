#pragma once
// SHA-256 of a byte string, as lowercase hex. Used to fingerprint experiment files in run.json, so that
// --resume refuses to mix rows from two different experiments.
#include <string>

namespace isogrid {

std::string sha256_hex(const std::string& bytes);

}  // namespace isogrid
