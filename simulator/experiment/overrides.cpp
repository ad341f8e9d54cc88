#include "simulator/experiment/overrides.hpp"

#include "simulator/core/text.hpp"
#include "simulator/experiment/axis.hpp"
#include "simulator/experiment/experiment.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>

namespace isogrid {

namespace {

std::vector<std::string> split_path(const std::string& path)
{
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t dot = path.find('.', start);
    parts.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos)
      break;
    start = dot + 1;
  }
  return parts;
}

void set_path(YAML::Node root, const std::vector<std::string>& parts, const YAML::Node& value,
              const std::string& setting)
{
  // yaml-cpp nodes are references whose operator= copies content: walk with reset(), never with =.
  YAML::Node node;
  node.reset(root);
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    if (parts[i].empty())
      throw InputError({}, setting, "empty key in path");
    if (!node[parts[i]].IsDefined() || node[parts[i]].IsNull())
      node[parts[i]] = YAML::Node(YAML::NodeType::Map);
    else if (!node[parts[i]].IsMap())
      throw InputError({}, setting,
                       fmt::format("'{}' is not a mapping, so it has no key '{}'", parts[i], parts[i + 1]));
    YAML::Node next = node[parts[i]];
    node.reset(next);
  }
  node[parts.back()] = value;
}

void remove_key(YAML::Node root, const std::string& map, const std::string& key)
{
  YAML::Node m = root[map];
  if (m.IsDefined() && m.IsMap() && m[key].IsDefined())
    m.remove(key);
}

// Sweeping a whole parameter replaces the axes over its elements (`w[0]`, `w[2]`), as it replaces a fixed value.
void remove_element_axes(YAML::Node root, const std::string& param)
{
  YAML::Node sweep = root["sweep"];
  if (!sweep.IsDefined() || !sweep.IsMap())
    return;
  std::vector<std::string> keys;
  for (auto it = sweep.begin(); it != sweep.end(); ++it)
    if (it->first.Scalar().rfind(param + "[", 0) == 0)
      keys.push_back(it->first.Scalar());
  for (const auto& k : keys)
    sweep.remove(k);
}

}  // namespace

std::set<std::string> apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides,
                                      const std::function<ListMeaning(const std::string&)>& list_meaning)
{
  std::set<std::string> touched;
  std::map<std::string, std::string> given;  // what each setting changes (a parameter, or a key's path) -> the setting
  if (!root.IsMap() && !overrides.empty())
    throw InputError({}, "--set", "the experiment document is not a mapping");
  for (const auto& setting : overrides) {
    if (size_t bad = first_invalid_utf8(setting); bad != std::string::npos)
      throw InputError({}, "--set",
                       fmt::format("invalid UTF-8 (byte 0x{:02x} at offset {}) in '{}'",
                                   static_cast<unsigned char>(setting[bad]), bad, setting.substr(0, bad)));
    size_t eq = setting.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError({}, setting, "expected --set key=value");
    std::string key  = setting.substr(0, eq);
    std::string text = setting.substr(eq + 1);
    if (key == "plugins" || key.rfind("plugins.", 0) == 0 || key.rfind("plugins[", 0) == 0)
      throw InputError({}, key,
                       "plugins are loaded before the experiment is read, so --set cannot name them: give "
                       "--plugin PATH (or list them under the file's plugins:)");
    // laps=2, parameters.laps=3 and sweep.laps=[1,2] all set laps: given twice, neither is taken.
    std::string changes = key;
    for (const char* section : {"parameters.", "sweep."})
      if (key.rfind(section, 0) == 0)
        changes = key.substr(std::string(section).size());
    if (auto [it, first] = given.emplace(changes, setting); !first)
      throw InputError({}, key,
                       fmt::format("set twice on the command line ({}, then {}): give it once", it->second, setting));
    YAML::Node value;
    try {
      value = YAML::Load(text);
    } catch (const YAML::Exception& e) {
      throw InputError({}, key, fmt::format("cannot read value '{}': {}", text, e.msg));
    }

    std::string path = key;
    if (key.find('.') == std::string::npos) {
      const auto& top = experiment_keys();
      if (std::find(top.begin(), top.end(), key) == top.end()) {
        // An element of a list (`w[1]=5`) is only ever swept: its list stays under parameters.
        bool element = key.find('[') != std::string::npos;
        bool swept   = element || value.IsSequence() || value.IsMap() ||
                     (value.IsScalar() && looks_like_generator(value.Scalar()));
        ListMeaning meaning = list_meaning && !element ? list_meaning(key) : ListMeaning::Sweep;
        bool list_of_values = value.IsSequence() && value.size() > 0 && (value[0].IsSequence() || value[0].IsMap());
        if (swept && meaning == ListMeaning::OneValue) {
          // [dp, be] is one value of `schedulers`; [[dp, be], [be]] or [{E: Edin1}, {E: Edin2}] sweeps it.
          swept = list_of_values;
        } else if (meaning == ListMeaning::Ambiguous && value.IsSequence() && !list_of_values) {
          throw InputError({}, key,
                           fmt::format("{0} takes a number or a list, so {1} could be one list or values to sweep: "
                                       "write --set 'parameters.{0}={1}' to fix it or --set 'sweep.{0}={1}' to sweep "
                                       "it",
                                       key, text));
        }
        path = (swept ? "sweep." : "parameters.") + key;
        if (!element) {
          remove_key(root, swept ? "parameters" : "sweep", key);
          if (swept)
            remove_element_axes(root, key);
        }
      }
    }
    set_path(root, split_path(path), value, setting);
    touched.insert(path);
  }
  return touched;
}

}  // namespace isogrid
