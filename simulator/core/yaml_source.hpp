#pragma once
// YAML nodes that remember where they came from, so that every complaint names file, line and key.
#include "simulator/core/input_error.hpp"

#include <memory>
#include <set>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace isogrid {

// Parses a YAML file; syntax errors and duplicate keys become InputErrors with line and column.
YAML::Node load_yaml_file(const std::string& path);
YAML::Node load_yaml_text(const std::string& text, const std::string& origin);

// Where a document's values came from: the file, and which key paths were replaced on the command line.
struct YamlOrigin {
  std::string file;
  std::set<std::string> overridden;  // key paths set with --set
};

class Field {
public:
  Field(YAML::Node node, std::string path, std::shared_ptr<const YamlOrigin> origin);

  const YAML::Node& node() const { return node_; }
  const std::string& path() const { return path_; }
  const std::string& file() const { return origin_->file; }
  SourceLocation where() const;
  [[noreturn]] void fail(const std::string& message) const;

  bool present() const { return node_.IsDefined() && !node_.IsNull(); }
  // yaml-cpp throws on type queries of a key that is not there: ask IsDefined first.
  bool is_map() const { return node_.IsDefined() && node_.IsMap(); }
  bool is_list() const { return node_.IsDefined() && node_.IsSequence(); }
  bool is_scalar() const { return node_.IsDefined() && node_.IsScalar(); }

  // Typed reads that fail with "expected ..., got '...'".
  double number() const;
  double number_at_least(double min, bool exclusive) const;
  long long integer_at_least(long long min) const;
  std::string text() const;
  bool boolean() const;
  std::vector<double> numbers() const;

  Field child(const std::string& key) const;     // may be absent: check present()
  Field key(const std::string& key) const;       // the key itself, to report a bad key where it is written
  Field required(const std::string& key) const;  // fails naming the missing key
  Field element(size_t i) const;
  size_t size() const { return node_.size(); }
  std::vector<std::string> keys() const;  // map keys in file order

  // Fails at the first key not in `allowed`, suggesting the closest allowed one.
  void only_keys(const std::vector<std::string>& allowed, const std::string& what) const;

private:
  YAML::Node node_;
  std::string path_;
  std::shared_ptr<const YamlOrigin> origin_;
  // For a key that is not there, its mapping's location: an error about what is missing points at where it belongs.
  YAML::Mark parent_mark_ = YAML::Mark::null_mark();
};

// Parses a number the way experiment files write them ("1E10", "1e-3", "20"); false if it is not one.
bool parse_number(const std::string& text, double& out);

}  // namespace isogrid
