#include "simulator/platform/platform_source_index.hpp"

#include "simulator/core/input_file.hpp"

#include <algorithm>
#include <cstring>
#include <expat.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <regex>
#include <sstream>
#include <yaml-cpp/yaml.h>

namespace isogrid {

namespace {

std::string attribute(const XML_Char** atts, const char* name)
{
  for (size_t i = 0; atts[i] != nullptr; i += 2)
    if (std::strcmp(atts[i], name) == 0)
      return atts[i + 1];
  return "";
}

// The attributes through which a host, peer, cluster or link reads a profile file (simgrid.dtd, version 4.1).
constexpr const char* kProfileAttributes[] = {"speed_file", "availability_file", "state_file", "bandwidth_file",
                                              "latency_file"};

std::string profile_of(const XML_Char** atts)
{
  std::string out;
  for (const char* name : kProfileAttributes)
    if (std::string file = attribute(atts, name); !file.empty())
      out += (out.empty() ? "" : ", ") + fmt::format("{} {}", name, file);
  return out;
}

// A resource may follow several profiles (a speed trace and a state trace): all are kept, in file order.
void add_profile(std::map<std::string, std::string>& profiles, const std::string& id, const std::string& what)
{
  auto [it, added] = profiles.emplace(id, what);
  if (!added)
    it->second += ", " + what;
}

// The hosts of a radical ("0-99,200-299,512"); a part SimGrid would refuse counts nothing (SimGrid says why).
uint64_t radical_hosts(const std::string& radical)
{
  static const std::regex part(R"(^\s*(\d{1,18})\s*(?:-\s*(\d{1,18})\s*)?$)");
  uint64_t total = 0;
  std::stringstream parts(radical);
  std::string text;
  while (std::getline(parts, text, ',')) {
    std::smatch m;
    if (!std::regex_match(text, m, part))
      continue;
    uint64_t first = std::stoull(m[1]), last = m[2].matched ? std::stoull(m[2]) : first;
    total += last >= first ? last - first + 1 : 0;
  }
  return total;
}

struct Reader {
  XML_Parser parser          = nullptr;
  PlatformSourceIndex* index = nullptr;
  bool in_config             = false;

  XmlPlace here() const
  {
    return {static_cast<size_t>(XML_GetCurrentLineNumber(parser)),
            static_cast<size_t>(XML_GetCurrentColumnNumber(parser)) + 1};
  }

  void start(const std::string& tag, const XML_Char** atts)
  {
    std::string id      = attribute(atts, "id");
    std::string profile = profile_of(atts);
    for (const char* name : kProfileAttributes)
      if (std::string file = attribute(atts, name); !file.empty())
        index->files.push_back({name, file, here()});
    if (tag == "trace" && !attribute(atts, "file").empty())
      index->files.push_back({"file", attribute(atts, "file"), here()});
    if (tag == "host" || tag == "peer")
      index->declared_hosts += 1;
    else if (tag == "cluster" || tag == "cabinet")
      index->declared_hosts += radical_hosts(attribute(atts, "radical"));
    if (tag == "host" || tag == "peer") {
      if (!index->hosts.emplace(id, here()).second)
        index->second_declarations.emplace("host:" + id, here());
      if (!profile.empty())
        add_profile(index->profiled_hosts, id, profile);
    } else if (tag == "zone" || tag == "AS" || tag == "cluster") {
      if (!index->zones.emplace(id, here()).second)
        index->second_declarations.emplace("zone:" + id, here());
      if (!profile.empty())
        add_profile(index->profiled_zones, id, profile);
    } else if (tag == "link" || tag == "backbone") {
      if (!index->links.emplace(id, here()).second)
        index->second_declarations.emplace("link:" + id, here());
      if (!profile.empty())
        add_profile(index->profiled_links, id, profile);
    } else if (tag == "link_ctn") {
      index->link_uses.emplace(id, here());
    } else if (tag == "config") {
      in_config = true;
    } else if (tag == "prop" && in_config) {
      index->settings.push_back({id, attribute(atts, "value"), here()});
    } else if (tag == "trace_connect") {
      std::string element = attribute(atts, "element");
      std::string kind    = attribute(atts, "kind");
      std::string what =
          fmt::format("trace_connect kind={} trace={}", kind.empty() ? "HOST_AVAIL" : kind, attribute(atts, "trace"));
      bool on_link = kind == "LINK_AVAIL" || kind == "BANDWIDTH" || kind == "LATENCY";
      add_profile(on_link ? index->profiled_links : index->profiled_hosts, element, what);
    }
  }

  void end(const std::string& tag)
  {
    if (tag == "config")
      in_config = false;
  }
};

}  // namespace

std::string PlatformSourceIndex::where(const std::map<std::string, XmlPlace>& in, const std::string& id) const
{
  auto it = in.find(id);
  if (it == in.end() || it->second.line == 0)
    return file;
  return fmt::format("{}:{}:{}", file, it->second.line, it->second.column);
}

namespace {

// SimGrid names the two halves of a split-duplex link "L_UP" and "L_DOWN".
std::string declared_link_name(const std::map<std::string, XmlPlace>& links, const std::string& simgrid_name)
{
  if (links.count(simgrid_name))
    return simgrid_name;
  for (const char* suffix : {"_UP", "_DOWN"}) {
    size_t n = std::strlen(suffix);
    if (simgrid_name.size() > n && simgrid_name.compare(simgrid_name.size() - n, n, suffix) == 0)
      return simgrid_name.substr(0, simgrid_name.size() - n);
  }
  return simgrid_name;
}

}  // namespace

std::string PlatformSourceIndex::where_link(const std::string& id) const
{
  return where(links, declared_link_name(links, id));
}

std::string PlatformSourceIndex::where_setting(const std::string& key) const
{
  for (const auto& s : settings)
    if (s.key == key && s.place.line > 0)
      return fmt::format("{}:{}:{}", file, s.place.line, s.place.column);
  return file;
}

std::string PlatformSourceIndex::link_profile(const std::string& simgrid_name) const
{
  auto it = profiled_links.find(declared_link_name(links, simgrid_name));
  return it == profiled_links.end() ? "" : it->second;
}

std::string PlatformSourceIndex::place_of_refusal(const std::string& simgrid_message) const
{
  // SimGrid 3.32's wording of the refusals that carry no line.
  static const std::pair<std::regex, std::string> kinds[] = {
      {std::regex(R"(second host named '([^']*)')"), "host:"},
      {std::regex(R"(second NetZone called '([^']*)')"), "zone:"},
      {std::regex(R"(Link '([^']*)' declared several times)"), "link:"},
      {std::regex(R"(Link not found: (\S+))"), ""},
  };
  for (const auto& [pattern, kind] : kinds) {
    std::smatch m;
    if (!std::regex_search(simgrid_message, m, pattern))
      continue;
    const auto& places = kind.empty() ? link_uses : second_declarations;
    auto it            = places.find(kind + m[1].str());
    if (it != places.end() && it->second.line > 0)
      return fmt::format("{}:{}:{}", file, it->second.line, it->second.column);
  }
  return "";
}

PlatformSourceIndex index_platform_xml(const std::string& path)
{
  PlatformSourceIndex index;
  index.file = path;
  std::string content;
  try {
    content = read_input_file(path);
  } catch (const InputFileError&) {
    return index;
  }

  Reader reader;
  reader.index  = &index;
  reader.parser = XML_ParserCreate(nullptr);
  XML_SetUserData(reader.parser, &reader);
  XML_SetElementHandler(
      reader.parser,
      [](void* self, const XML_Char* tag, const XML_Char** atts) { static_cast<Reader*>(self)->start(tag, atts); },
      [](void* self, const XML_Char* tag) { static_cast<Reader*>(self)->end(tag); });
  XML_Parse(reader.parser, content.data(), static_cast<int>(content.size()), XML_TRUE);  // errors: SimGrid's to tell
  XML_ParserFree(reader.parser);
  return index;
}

void check_platform_source(const std::string& path)
{
  std::string text = read_input_file(path);  // what it is and how large, before anything parses it
  size_t first     = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] != '<') {  // SimGrid's parser would say ":1:" and no more
    size_t line_start = text.rfind('\n', first);
    line_start        = line_start == std::string::npos ? 0 : line_start + 1;
    size_t line    = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<long>(first), '\n'));
    bool grid_spec = false;
    try {
      YAML::Node root = YAML::Load(text);
      grid_spec       = root.IsMap() && (root["clusters"].IsDefined() || root["star"].IsDefined());
    } catch (const YAML::Exception&) {
    }
    throw InputFileError(fmt::format("{}:{}:{}: expected SimGrid XML (a file named .xml), which starts with <?xml or "
                                     "<platform>; {}",
                                     path, line, first - line_start + 1,
                                     grid_spec ? "this is an isogrid YAML grid spec: name it .yaml"
                                               : fmt::format("this file starts with '{}'", text[first])));
  }
  PlatformSourceIndex index = index_platform_xml(path);
  if (index.declared_hosts > kMaxPlatformHosts)
    throw InputFileError(fmt::format("{} declares {} hosts; isogrid builds platforms of up to {} hosts", path,
                                     index.declared_hosts, kMaxPlatformHosts));
  namespace fs    = std::filesystem;
  fs::path beside = fs::path(path).parent_path();
  for (const auto& f : index.files) {
    // SimGrid's search (surf_ifsopen): an absolute path as it is; a relative one in the working folder, then in the
    // platform file's folder.
    std::string found = f.path;
    std::error_code ec;
    if (fs::path(f.path).is_relative() && !fs::exists(f.path, ec) && fs::exists(beside / f.path, ec))
      found = (beside / f.path).string();
    try {
      check_input_file(found);
    } catch (const InputFileError& e) {
      throw InputFileError(fmt::format("{}:{}:{}: {}: {}", path, f.place.line, f.place.column, f.attribute, e.what()));
    }
  }
}

}  // namespace isogrid
