#include "simulator/core/yaml_source.hpp"

#include "simulator/core/input_file.hpp"
#include "simulator/core/text.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

namespace isogrid {

namespace {

SourceLocation mark_location(const YAML::Mark& mark, const std::string& file)
{
  SourceLocation loc{file, 0, 0};
  if (mark.line >= 0) {
    loc.line   = mark.line + 1;
    loc.column = mark.column + 1;
  }
  return loc;
}

// Aliases (*name) share nodes, so ten lines of them can stand for a billion nodes that every later walk (this one,
// the checks, the emitter writing experiment.yaml) would visit: a document whose aliases expand to more than this many
// nodes is refused. A node met again through an alias is told from a new one by where it is written: a walk in
// document order meets new nodes further and further down the text, and an alias's nodes somewhere before. Only
// those count, so a sweep of a million literal values is no alias bomb.
constexpr size_t kMaxAliasExpansions = 1'000'000;

// An alias inside its own anchor (`x: &x [*x]`) makes a cycle that every recursive walk would follow until the
// stack overflows; no experiment nests this deep.
constexpr size_t kMaxDepth = 200;

struct Walk {
  const std::string& file;
  size_t expansions = 0;
  int furthest      = -1;  // the furthest position in the text a node was met at
};

// yaml-cpp keeps duplicated keys silently; a duplicated key is almost always a mistake, so refuse it.
void reject_duplicate_keys(const YAML::Node& node, Walk& walk, size_t depth = 0)
{
  int at = node.Mark().pos;
  if (at >= 0 && at <= walk.furthest) {
    if (++walk.expansions > kMaxAliasExpansions)
      throw InputError(mark_location(node.Mark(), walk.file), "",
                       fmt::format("the document's aliases (*name) expand to more than {} nodes; an experiment or "
                                   "platform file is far smaller",
                                   kMaxAliasExpansions));
  } else if (at > walk.furthest) {
    walk.furthest = at;
  }
  if (depth > kMaxDepth)
    throw InputError(
        mark_location(node.Mark(), walk.file), "",
        fmt::format("the document nests deeper than {} levels: an alias (*name) inside its own anchor?", kMaxDepth));
  if (node.IsMap()) {
    std::set<std::string> seen;
    for (auto it = node.begin(); it != node.end(); ++it) {
      std::string key = it->first.Scalar();
      if (!seen.insert(key).second)
        throw InputError(mark_location(it->first.Mark(), walk.file), key, "duplicate key");
      reject_duplicate_keys(it->second, walk, depth + 1);
    }
  } else if (node.IsSequence()) {
    for (const auto& child : node)
      reject_duplicate_keys(child, walk, depth + 1);
  }
}

// Invalid UTF-8 would pass yaml-cpp and then break the JSON of run.json at the end of a run: refused where it is.
void reject_invalid_utf8(const std::string& text, const std::string& file)
{
  size_t bad = first_invalid_utf8(text);
  if (bad == std::string::npos)
    return;
  int line          = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(bad), '\n'));
  size_t line_start = text.rfind('\n', bad == 0 ? 0 : bad - 1);
  line_start        = line_start == std::string::npos || bad == 0 ? 0 : line_start + 1;
  throw InputError(
      {file, line, static_cast<int>(bad - line_start) + 1}, "",
      fmt::format("invalid UTF-8 (byte 0x{:02x}); save the file as UTF-8", static_cast<unsigned char>(text[bad])));
}

std::string describe(const YAML::Node& node)
{
  if (!node.IsDefined() || node.IsNull())  // IsDefined first: yaml-cpp throws on type queries of missing keys
    return "nothing";
  if (node.IsScalar())
    return fmt::format("'{}'", node.Scalar());
  if (node.IsSequence())
    return "a list";
  return "a mapping";
}

}  // namespace

YAML::Node load_yaml_text(const std::string& text, const std::string& origin)
{
  reject_invalid_utf8(text, origin);
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw InputError(mark_location(e.mark, origin), "", fmt::format("malformed YAML: {}", e.msg));
  }
  Walk walk{origin};
  reject_duplicate_keys(root, walk);
  return root;
}

YAML::Node load_yaml_file(const std::string& path)
{
  std::string text;
  try {
    text = read_input_file(path);
  } catch (const InputFileError& e) {
    throw InputError({path, 0, 0}, "", e.what());
  }
  return load_yaml_text(text, path);
}

bool parse_number(const std::string& text, double& out)
{
  if (text.empty())
    return false;
  const char* begin = text.c_str();
  char* end         = nullptr;
  errno             = 0;
  double v          = std::strtod(begin, &end);
  if (end == begin || *end != '\0' || errno == ERANGE || !std::isfinite(v))
    return false;
  out = v;
  return true;
}

Field::Field(YAML::Node node, std::string path, std::shared_ptr<const YamlOrigin> origin)
    : node_(std::move(node)), path_(std::move(path)), origin_(std::move(origin))
{
}

SourceLocation Field::where() const
{
  for (const auto& p : origin_->overridden)
    if (path_ == p || path_.rfind(p + ".", 0) == 0 || path_.rfind(p + "[", 0) == 0)
      return {"", 0, 0};
  // yaml-cpp has no mark for a key that is not there (and throws when asked for one on a missing key's node).
  if (!node_.IsDefined())
    return mark_location(parent_mark_, origin_->file);
  return mark_location(node_.Mark(), origin_->file);
}

void Field::fail(const std::string& message) const { throw InputError(where(), path_, message); }

double Field::number() const
{
  double v = 0;
  if (!is_scalar() || !parse_number(node_.Scalar(), v))
    fail(fmt::format("expected a finite number, got {}", describe(node_)));
  return v;
}

double Field::number_at_least(double min, bool exclusive) const
{
  double v = number();
  if (exclusive ? !(v > min) : !(v >= min))
    fail(fmt::format("expected a number {} {}, got {}", exclusive ? ">" : ">=", min, node_.Scalar()));
  return v;
}

long long Field::integer_at_least(long long min) const
{
  double v = number();
  if (v != std::floor(v) || std::fabs(v) > 9e15)
    fail(fmt::format("expected a whole number, got {}", node_.Scalar()));
  if (v < static_cast<double>(min))
    fail(fmt::format("expected a whole number >= {}, got {}", min, node_.Scalar()));
  return static_cast<long long>(v);
}

std::string Field::text() const
{
  if (!is_scalar())
    fail(fmt::format("expected a word or sentence, got {}", describe(node_)));
  return node_.Scalar();
}

bool Field::boolean() const
{
  if (is_scalar()) {
    const std::string& s = node_.Scalar();
    if (s == "true" || s == "yes" || s == "on")
      return true;
    if (s == "false" || s == "no" || s == "off")
      return false;
  }
  fail(fmt::format("expected true or false, got {}", describe(node_)));
}

std::vector<double> Field::numbers() const
{
  if (!is_list())
    fail(fmt::format("expected a list of numbers, got {}", describe(node_)));
  std::vector<double> out;
  for (size_t i = 0; i < node_.size(); ++i)
    out.push_back(element(i).number());
  return out;
}

Field Field::child(const std::string& key) const
{
  // Const lookup: yaml-cpp's non-const operator[] would insert the key, and Node assignment copies content.
  const YAML::Node& map = node_;
  YAML::Node c          = is_map() ? map[key] : YAML::Node(YAML::NodeType::Undefined);
  Field f(c, path_.empty() ? key : path_ + "." + key, origin_);
  f.parent_mark_ = node_.IsDefined() ? node_.Mark() : parent_mark_;
  return f;
}

Field Field::key(const std::string& key) const
{
  if (is_map())
    for (auto it = node_.begin(); it != node_.end(); ++it)
      if (it->first.Scalar() == key)
        return Field(it->first, path_.empty() ? key : path_ + "." + key, origin_);
  return child(key);
}

Field Field::required(const std::string& key) const
{
  if (!is_map())
    fail(fmt::format("expected a mapping with key '{}', got {}", key, describe(node_)));
  Field c = child(key);
  if (!c.present())
    fail(fmt::format("missing required key '{}'", key));
  return c;
}

Field Field::element(size_t i) const
{
  const YAML::Node& list = node_;
  Field f(list[i], fmt::format("{}[{}]", path_, i), origin_);
  f.parent_mark_ = node_.IsDefined() ? node_.Mark() : parent_mark_;
  return f;
}

std::vector<std::string> Field::keys() const
{
  std::vector<std::string> out;
  if (is_map())
    for (auto it = node_.begin(); it != node_.end(); ++it) {
      if (!it->first.IsScalar())  // {[a, b]: 1}: a list or mapping as a key names nothing
        Field(it->first, path_, origin_).fail(fmt::format("a key is a word, got {}", describe(it->first)));
      out.push_back(it->first.Scalar());
    }
  return out;
}

void Field::only_keys(const std::vector<std::string>& allowed, const std::string& what) const
{
  if (!is_map())
    fail(fmt::format("expected a mapping, got {}", describe(node_)));
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    if (!it->first.IsScalar())
      Field(it->first, path_, origin_).fail(fmt::format("a key is a word, got {}", describe(it->first)));
    std::string key = it->first.Scalar();
    bool ok         = false;
    for (const auto& a : allowed)
      ok = ok || a == key;
    if (!ok) {
      Field at(it->first, path_.empty() ? key : path_ + "." + key, origin_);
      at.fail(unknown_name_message(what, key, allowed));
    }
  }
}

}  // namespace isogrid
