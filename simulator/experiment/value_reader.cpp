#include "simulator/experiment/value_reader.hpp"

#include "simulator/core/input_file.hpp"
#include "simulator/core/text.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>

namespace isogrid {

void ValueReader::check_number(const Field& field, const ParamSpec& spec, double x) const
{
  if (std::optional<std::string> problem = number_problem(spec, x))
    field.fail(*problem);
}

std::vector<std::string> ValueReader::allowed_names(const ParamSpec& spec) const
{
  if (!spec.policy_family.empty())
    return catalog_.policy_names(spec.policy_family);
  return spec.choices;
}

std::string ValueReader::resolve_path(const std::string& path) const
{
  namespace fs = std::filesystem;
  fs::path p(path);
  if (p.is_relative() && !base_dir_.empty())
    p = fs::path(base_dir_) / p;
  return p.lexically_normal().string();
}

namespace {

// The entries of a list, or a single scalar as a list of one (scaling_factors: 1 reads as [1]).
std::vector<Field> items_of(const Field& field, const ParamSpec& spec)
{
  std::vector<Field> items;
  if (field.is_list())
    for (size_t i = 0; i < field.size(); ++i)
      items.push_back(field.element(i));
  else if (field.is_scalar())
    items.push_back(field);
  else
    field.fail(fmt::format("expected a list, e.g. [a, b], got a mapping"));
  if (items.empty() && !spec.allow_empty)
    field.fail(fmt::format("{} needs at least one value", spec.name));
  return items;
}

}  // namespace

std::vector<double> ValueReader::read_numbers(const Field& field, const ParamSpec& spec) const
{
  std::vector<double> list;
  for (const Field& item : items_of(field, spec)) {
    double x = item.number();
    check_number(item, spec, x);
    list.push_back(x);
  }
  return list;
}

std::vector<std::string> ValueReader::read_words(const Field& field, const ParamSpec& spec) const
{
  std::vector<std::string> allowed = allowed_names(spec);
  std::vector<std::string> words;
  for (const Field& item : items_of(field, spec)) {
    std::string word = item.text();
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), word) == allowed.end())
      item.fail(
          unknown_name_message(spec.policy_family.empty() ? "value" : spec.policy_family + " policy", word, allowed));
    if (!spec.repeats && std::find(words.begin(), words.end(), word) != words.end())
      item.fail(fmt::format("{} is listed twice", word));
    words.push_back(word);
  }
  return words;
}

Mapping ValueReader::read_mapping(const Field& field, const ParamSpec& spec, int depth) const
{
  const char* leaves = spec.entry_kind == ParamKind::Text ? "words" : "numbers";
  if (!field.is_map())
    field.fail(fmt::format("expected a mapping of names to {}, e.g. {}", leaves,
                           spec.entry_kind == ParamKind::Text ? "{E: Edin1, M: Muni}" : "{n: 45, threshold: 23}"));
  Mapping m;
  for (const std::string& key : field.keys()) {
    Field entry = field.child(key);
    if (entry.is_map()) {
      if (depth < 2)
        entry.fail(fmt::format("expected one of the {}, got a mapping", leaves));
      m.entries.emplace_back(key, read_mapping(entry, spec, depth - 1));
    } else if (spec.entry_kind == ParamKind::Text) {
      m.entries.emplace_back(key, entry.text());
    } else {
      double x = entry.number();
      check_number(entry, spec, x);
      m.entries.emplace_back(key, x);
    }
  }
  if (m.entries.empty() && !spec.allow_empty)
    field.fail(fmt::format("{} needs at least one entry", spec.name));
  return m;
}

Value ValueReader::read(const Field& field, const ParamSpec& spec) const
{
  switch (spec.kind) {
    case ParamKind::Real:
    case ParamKind::Integer: {
      double x = field.number();
      check_number(field, spec, x);
      return x;
    }
    case ParamKind::RealOrList: {
      if (field.is_list()) {
        if (field.size() == 0)
          field.fail(fmt::format("{} needs at least one value", spec.name));
        std::vector<double> list;
        for (size_t i = 0; i < field.size(); ++i) {
          Field item = field.element(i);
          double x   = item.number();
          check_number(item, spec, x);
          list.push_back(x);
        }
        return list;
      }
      double x = field.number();
      check_number(field, spec, x);
      return x;
    }
    case ParamKind::Choice: {
      std::string name = field.text();
      auto allowed     = allowed_names(spec);
      for (const auto& a : allowed)
        if (a == name)
          return name;
      field.fail(
          unknown_name_message(spec.policy_family.empty() ? "value" : spec.policy_family + " policy", name, allowed));
    }
    case ParamKind::Text: return field.text();
    case ParamKind::Path: {
      std::string resolved = resolve_path(field.text());
      try {
        check_input_file(resolved);
      } catch (const InputFileError& e) {
        field.fail(e.what());
      }
      return resolved;
    }
    case ParamKind::NumberList: return read_numbers(field, spec);
    case ParamKind::WordList: return read_words(field, spec);
    case ParamKind::Map: return read_mapping(field, spec, spec.map_depth);
  }
  field.fail("unsupported parameter kind");
}

}  // namespace isogrid
