// A fuzz target's input replayed without libFuzzer, for the ordinary (gcc) build: every file named on the command
// line (or under a named folder) is fed to LLVMFuzzerTestOneInput, then, with --mutate SECONDS, random byte-level
// mutations of those inputs for that long (a blind fuzzer: libFuzzer's coverage-guided search is `make fuzz`).
// A crash, a sanitizer finding (in a sanitizer build) or an exception the reader should have turned into an
// InputError ends the process; the input it was reading is the file the target wrote it to
// (/tmp/isogrid-fuzz-<pid>.*), which fuzz/replay.sh keeps.
#include "base/random.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace fs = std::filesystem;

namespace {

std::vector<uint8_t> read_bytes(const fs::path& path)
{
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// One of the mutations libFuzzer starts with: flip a byte, insert or erase a run, duplicate a piece, splice two.
std::vector<uint8_t> mutate(std::vector<uint8_t> bytes, const std::vector<uint8_t>& other,
                            isogrid::SeededRandom& random)
{
  constexpr std::string_view interesting = ":-[]{},&*!|>'\"#\n 0.e+";
  switch (random.below(5)) {
    case 0:
      if (!bytes.empty())
        bytes[random.below(bytes.size())] = static_cast<uint8_t>(random.below(256));
      break;
    case 1:
      bytes.insert(bytes.begin() + static_cast<long>(random.below(bytes.size() + 1)),
                   static_cast<uint8_t>(interesting[random.below(interesting.size())]));
      break;
    case 2:
      if (!bytes.empty()) {
        size_t at = random.below(bytes.size());
        bytes.erase(bytes.begin() + static_cast<long>(at),
                    bytes.begin() + static_cast<long>(std::min(bytes.size(), at + 1 + random.below(16))));
      }
      break;
    case 3:
      if (!bytes.empty()) {
        size_t at = random.below(bytes.size()), length = 1 + random.below(std::min<size_t>(64, bytes.size() - at));
        std::vector<uint8_t> piece(bytes.begin() + static_cast<long>(at),
                                   bytes.begin() + static_cast<long>(at + length));
        bytes.insert(bytes.begin() + static_cast<long>(random.below(bytes.size() + 1)), piece.begin(), piece.end());
      }
      break;
    default:
      if (!other.empty()) {
        size_t cut = random.below(bytes.size() + 1), from = random.below(other.size());
        bytes.resize(cut);
        bytes.insert(bytes.end(), other.begin() + static_cast<long>(from), other.end());
      }
  }
  return bytes;
}

}  // namespace

int main(int argc, char** argv)
{
  double seconds = 0;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--mutate" && i + 1 < argc)
      seconds = std::stod(argv[++i]);
    else if (fs::is_directory(a)) {
      for (const auto& e : fs::recursive_directory_iterator(a))
        if (e.is_regular_file())
          files.push_back(e.path());
    } else
      files.emplace_back(a);
  }
  std::sort(files.begin(), files.end());
  // An input that takes longer than this hangs the reader, as libFuzzer's -timeout=30 has it: SIGALRM ends the run.
  constexpr unsigned kTimeoutSeconds = 30;
  std::vector<std::vector<uint8_t>> inputs;
  for (const fs::path& f : files) {
    inputs.push_back(read_bytes(f));
    alarm(kTimeoutSeconds);
    LLVMFuzzerTestOneInput(inputs.back().data(), inputs.back().size());
  }
  std::printf("replayed %zu input(s)\n", inputs.size());
  if (seconds <= 0 || inputs.empty())
    return 0;
  isogrid::SeededRandom random(20261128);
  auto end       = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  uint64_t tried = 0;
  while (std::chrono::steady_clock::now() < end) {
    std::vector<uint8_t> bytes = inputs[random.below(inputs.size())];
    for (uint64_t k = 1 + random.below(4); k > 0; --k)
      bytes = mutate(std::move(bytes), inputs[random.below(inputs.size())], random);
    alarm(kTimeoutSeconds);
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    ++tried;
  }
  std::printf("%llu mutated input(s) in %.0f s, no crash\n", static_cast<unsigned long long>(tried), seconds);
  return 0;
}
