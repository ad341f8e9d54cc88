#include "simulator/run/shared_platform.hpp"

#include "simulator/core/input_file.hpp"
#include "simulator/core/sha256.hpp"
#include "simulator/platform/grid_spec.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace isogrid {

std::string shareable_platform(const Point& point)
{
  const auto& specs = *point.specs;
  for (size_t i = 0; i < specs.size(); ++i)
    if (specs[i].platform_file) {
      const auto& path = std::get<std::string>(point.values[i]);
      return path.empty() || is_grid_spec_file(path) ? std::string() : path;
    }
  return "";
}

void require_as_hashed(const std::string& path, const std::map<std::string, std::string>& file_sha256)
{
  auto it = file_sha256.find(path);
  if (it == file_sha256.end())
    throw std::logic_error(fmt::format("{} was not hashed when the experiment was loaded", path));
  std::string now = sha256_hex(read_input_file(path));
  if (now != it->second)
    throw std::runtime_error(fmt::format("{} changed on disk since the run started (sha256 {}... then, {}... now): its "
                                         "points would mix two platforms; put it back and --resume, or start again "
                                         "with --force",
                                         path, it->second.substr(0, 12), now.substr(0, 12)));
}

}  // namespace isogrid
