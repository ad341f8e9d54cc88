// The experiment fingerprint in run.json is SHA-256 (OpenSSL's): the FIPS 180-2 test vectors, and agreement with
// coreutils' sha256sum on a shipped file.
#include "simulator/core/sha256.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

using isogrid::sha256_hex;

TEST(Sha256, MatchesTheFips180Vectors)
{
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, AgreesWithSha256sumOnAShippedExperiment)
{
  const std::string path = std::string(ISOGRID_SOURCE_DIR) + "/experiments/korkhov2009/das2-sweep.yaml";
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  FILE* pipe = popen(("sha256sum " + path).c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char line[65] = {};
  ASSERT_EQ(std::fread(line, 1, 64, pipe), 64u);
  pclose(pipe);
  EXPECT_EQ(sha256_hex(bytes.str()), std::string(line));
}
