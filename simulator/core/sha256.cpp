#include "simulator/core/sha256.hpp"

#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

namespace isogrid {

// OpenSSL's EVP digest (libssl-dev): a fingerprint that must match what `sha256sum` says of the same file is no
// place for a hand-written hash. tests/sha256_test.cpp holds it to the FIPS 180-2 vectors.
std::string sha256_hex(const std::string& bytes)
{
  std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1 ||
      EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()) != 1 ||
      EVP_DigestFinal_ex(context.get(), digest, &length) != 1)
    throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 0xf];
  }
  return out;
}

}  // namespace isogrid
