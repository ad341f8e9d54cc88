#pragma once
// The reflection of a parameters struct: each parameter declared once, as a member with its name, meaning and bounds,
// from which its ParamSpec (the kind from the member's C++ type, the default from the struct's own initialiser) and
// the reading and writing of its value are derived. A model's schema (model_schema.hpp) declares its parameters
// with it; so does anything else whose parameters users set by name (a GpH kernel's program_parameters).
//
//   struct P { int n = 41; double cost = 1; };
//   ParamTable<P> t;
//   t.param("n", &P::n, "the argument").at_least(0).at_most(90);
//   t.param("cost", &P::cost, "seconds per call").non_negative();
//
// Rules across parameters are declared the same way, where they are generic: only_with (applies only when another is
// given), only_when (only when another has a value), not_with (no effect when another is given), length_of (a list
// of one value per unit of another), same_length_as (a list as long as another), not_above and not_below (the ends
// of a range in order); the harness checks them on every point before the model's own check(), and
// refuses at the parameter with its file:line:column.
#include "base/named_registry.hpp"
#include "simulator/core/byte_count.hpp"
#include "simulator/core/model.hpp"
#include "simulator/core/number_or_list.hpp"

#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace isogrid {

namespace schema_detail {
template <class>
inline constexpr bool always_false = false;
}  // namespace schema_detail

template <class P>
class ParamTable;

// One parameter: its spec, how its value moves between a point and the parameters struct P, and the rules that tie
// it to other parameters.
template <class P>
struct ParamField {
  ParamSpec spec;
  std::function<void(const Value&, P&)> decode;
  std::function<Value(const P&)> encode;
  // Each throws ParamError at this parameter for a combination with another one that cannot be meant.
  struct Rule {
    std::string other;                                 // the parameter it ties this one to
    size_t with = std::numeric_limits<size_t>::max();  // its index in the table, once declared
    std::function<void(const ParamField& self, const ParamField& with, const P&)> check;
  };
  std::vector<Rule> rules;

  // Set to something else than its default (a parameter without a default always is).
  bool given(const P& p) const { return !spec.default_value || !values_match(encode(p), *spec.default_value); }
};

// Refines the parameter just declared: bounds, names it accepts, whether it has a default. Kept only for the
// statement that declares the parameter.
template <class P, class T>
class ParamBuilder {
public:
  ParamBuilder(ParamTable<P>& table, ParamField<P>& field, T P::*member) : table_(table), field_(field), member_(member)
  {
  }

  // No default: an experiment must give it.
  ParamBuilder& required()
  {
    required_ = true;
    field_.spec.default_value.reset();
    return *this;
  }
  ParamBuilder& positive()
  {
    field_.spec.min           = 0;
    field_.spec.min_exclusive = true;
    return *this;
  }
  ParamBuilder& non_negative() { return at_least(0); }
  ParamBuilder& at_least(double min)
  {
    field_.spec.min           = min;
    field_.spec.min_exclusive = false;
    return *this;
  }
  // `why`, when given, is said when a value passes `max`.
  ParamBuilder& at_most(double max, const std::string& why = "")
  {
    field_.spec.max           = max;
    field_.spec.max_exclusive = false;
    field_.spec.max_reason    = why;
    return *this;
  }
  // Strictly below `max` (a share of the work that cannot be all of it).
  ParamBuilder& below(double max)
  {
    field_.spec.max           = max;
    field_.spec.max_exclusive = true;
    return *this;
  }
  ParamBuilder& unit(const std::string& unit)
  {
    field_.spec.unit = unit;
    return *this;
  }
  // A quantity without a unit: a ratio, a count of DLT's load units.
  ParamBuilder& unitless() { return unit(kUnitless); }
  // What an axis or a table calls it ("Internet throughput"), beside its name in files (inet_kib_s).
  ParamBuilder& label(const std::string& label)
  {
    field_.spec.label = label;
    return *this;
  }
  // A size in bytes that the simulation moves: below 2^63 (core/byte_count.hpp), which the check names.
  ParamBuilder& bytes()
  {
    unit("B");
    field_.spec.max_text = "2^63";
    return at_most(std::nextafter(kMaxTransferBytes, 0.0), "SimGrid counts bytes in 64-bit integers");
  }
  // A word, or a list of words, out of a fixed list.
  ParamBuilder& choices(const std::vector<std::string>& names)
  {
    static_assert(std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<std::string>>,
                  "choices() is for a std::string or std::vector<std::string> member");
    if constexpr (std::is_same_v<T, std::string>)
      field_.spec.kind = ParamKind::Choice;
    field_.spec.choices = names;
    return *this;
  }
  // A word, or a list of words, out of a policy family's registered names (the catalog lists them by family).
  template <class Policy>
  ParamBuilder& policy(const NamedRegistry<Policy>& family)
  {
    static_assert(std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<std::string>>,
                  "policy() is for a std::string or std::vector<std::string> member");
    if constexpr (std::is_same_v<T, std::string>)
      field_.spec.kind = ParamKind::Choice;
    field_.spec.policy_family = family.family();
    return *this;
  }
  // An enum member: the word that stands for each of its values.
  ParamBuilder& words(std::vector<std::pair<std::string, T>> table)
  {
    static_assert(std::is_enum_v<T>, "words() is for an enum member");
    field_.spec.kind = ParamKind::Choice;
    field_.spec.choices.clear();
    for (const auto& entry : table)
      field_.spec.choices.push_back(entry.first);
    T P::*member  = member_;
    field_.decode = [member, table](const Value& v, P& p) {
      const std::string& word = std::get<std::string>(v);
      for (const auto& [name, value] : table)
        if (name == word) {
          p.*member = value;
          return;
        }
      throw std::logic_error("undeclared word " + word);
    };
    field_.encode = [member, table](const P& p) -> Value {
      for (const auto& [name, value] : table)
        if (value == p.*member)
          return name;
      throw std::logic_error("an enum value without a word");
    };
    if (!required_)
      field_.spec.default_value = field_.encode(P{});
    return *this;
  }
  // Refused when given while `other` is not: it applies only with `other`, for the reason `why`.
  ParamBuilder& only_with(const std::string& other, const std::string& why)
  {
    return rule(other, [other, why](const ParamField<P>& self, const ParamField<P>& with, const P& p) {
      if (self.given(p) && !with.given(p))
        throw ParamError(self.spec.name, fmt::format("{} applies only with {}: {}", self.spec.name, other, why));
    });
  }
  // Refused when given while `other` is not `value`.
  ParamBuilder& only_when(const std::string& other, const std::string& value, const std::string& why)
  {
    return rule(other, [other, value, why](const ParamField<P>& self, const ParamField<P>& with, const P& p) {
      if (!self.given(p))
        return;
      std::string is = format_value(with.encode(p));
      if (is != value)
        throw ParamError(self.spec.name, fmt::format("{} applies only with {}: {} (here {}: {}): {}", self.spec.name,
                                                     other, value, other, is, why));
    });
  }
  // Refused when given together with `other`: it has no effect then, for the reason `why`.
  ParamBuilder& not_with(const std::string& other, const std::string& why)
  {
    return rule(other, [other, why](const ParamField<P>& self, const ParamField<P>& with, const P& p) {
      if (with.given(p) && self.given(p))  // `other` first: it is the rarer of the two
        throw ParamError(self.spec.name, fmt::format("{} has no effect with {}: {}: {}", self.spec.name, other,
                                                     format_value(with.encode(p)), why));
    });
  }
  // A list (a number or a list, or a list of numbers) holds one value per unit of the whole-number parameter `other`.
  ParamBuilder& length_of(const std::string& other)
  {
    static_assert(std::is_same_v<T, NumberOrList> || std::is_same_v<T, std::vector<double>>,
                  "length_of() is for a NumberOrList or std::vector<double> member");
    return rule(other, [other](const ParamField<P>& self, const ParamField<P>& with, const P& p) {
      Value v    = self.encode(p);
      auto* list = std::get_if<std::vector<double>>(&v);
      double n   = std::get<double>(with.encode(p));
      if (list && static_cast<double>(list->size()) != n)
        throw ParamError(self.spec.name, fmt::format("{} lists {} values but {} = {}", self.spec.name, list->size(),
                                                     other, format_number(n)));
    });
  }
  // A list as long as the list `other` (one value per item of it).
  ParamBuilder& same_length_as(const std::string& other)
  {
    static_assert(std::is_same_v<T, std::vector<double>> || std::is_same_v<T, std::vector<std::string>>,
                  "same_length_as() is for a list member");
    return rule(other, [other](const ParamField<P>& self, const ParamField<P>& with, const P& p) {
      size_t n = list_length(self.encode(p)), m = list_length(with.encode(p));
      if (n != m)
        throw ParamError(self.spec.name,
                         fmt::format("{} lists {} values but {} lists {}: one per item", self.spec.name, n, other, m));
    });
  }
  // A number no larger than the number `other` (the low end of a range whose high end `other` is).
  ParamBuilder& not_above(const std::string& other)
  {
    return order_rule(other, "above", [](double x, double y) { return x > y; });
  }
  // A number no smaller than the number `other`.
  ParamBuilder& not_below(const std::string& other)
  {
    return order_rule(other, "below", [](double x, double y) { return x < y; });
  }
  // A file, resolved relative to the experiment file.
  ParamBuilder& file()
  {
    static_assert(std::is_same_v<T, std::string>, "file() is for a std::string member");
    field_.spec.kind = ParamKind::Path;
    return *this;
  }
  // A platform file (SimGrid XML or an isogrid grid spec), loaded once in a child process while validating.
  ParamBuilder& platform()
  {
    file();
    field_.spec.platform_file = true;
    return *this;
  }
  // A list of words that is a sequence, one per item of something (a phase's speedup function): a word may come
  // again. Other word lists are sets (the schedulers raced), where a repeated word is a mistake.
  ParamBuilder& repeats()
  {
    static_assert(std::is_same_v<T, std::vector<std::string>>, "repeats() is for a std::vector<std::string> member");
    field_.spec.repeats = true;
    return *this;
  }
  // An empty list or mapping is a value.
  ParamBuilder& allow_empty()
  {
    field_.spec.allow_empty = true;
    return *this;
  }
  // A mapping's leaves: numbers (ParamKind::Real, within the bounds) or words (ParamKind::Text); with depth 2 an
  // entry may hold a mapping of leaves itself.
  ParamBuilder& entries(ParamKind leaf, int depth = 1)
  {
    static_assert(std::is_same_v<T, Mapping>, "entries() is for a Mapping member");
    field_.spec.entry_kind = leaf;
    field_.spec.map_depth  = depth;
    return *this;
  }

private:
  template <class Check>
  ParamBuilder& rule(const std::string& other, Check check)
  {
    field_.rules.push_back({other, table_.index_of(other), check});
    return *this;
  }

  template <class Wrong>
  ParamBuilder& order_rule(const std::string& other, const char* where, Wrong wrong)
  {
    static_assert(std::is_same_v<T, double> || std::is_integral_v<T>, "an order between numbers");
    return rule(other, [other, where, wrong](const ParamField<P>& self, const ParamField<P>& with, const P& p) {
      double x = std::get<double>(self.encode(p)), y = std::get<double>(with.encode(p));
      if (wrong(x, y))
        throw ParamError(self.spec.name, fmt::format("{} = {} is {} {} = {}", self.spec.name, format_number(x), where,
                                                     other, format_number(y)));
    });
  }
  static size_t list_length(const Value& v)
  {
    if (auto* numbers = std::get_if<std::vector<double>>(&v))
      return numbers->size();
    return std::get<std::vector<std::string>>(v).size();
  }

  ParamTable<P>& table_;
  ParamField<P>& field_;
  T P::*member_;
  bool required_ = false;
};

template <class P>
class ParamTable {
public:
  // Declares a parameter; the builder refines it within the same statement (it refers into the table).
  template <class T>
  ParamBuilder<P, T> param(const std::string& name, T P::*member, const std::string& doc)
  {
    fields_.emplace_back();
    ParamField<P>& f = fields_.back();
    f.spec.name      = name;
    f.spec.doc       = doc;
    bind(f, member);
    if (f.encode)
      f.spec.default_value = f.encode(P{});
    for (auto& earlier : fields_)  // rules declared before the parameter they name point at it now
      for (auto& rule : earlier.rules)
        if (rule.other == name)
          rule.with = fields_.size() - 1;
    return ParamBuilder<P, T>(*this, f, member);
  }

  size_t size() const { return fields_.size(); }
  // The index of the parameter `name`, or the largest size_t while none is declared.
  size_t index_of(const std::string& name) const
  {
    for (size_t i = 0; i < fields_.size(); ++i)
      if (fields_[i].spec.name == name)
        return i;
    return std::numeric_limits<size_t>::max();
  }
  // Every rule across parameters, in declaration order: ParamError at the first parameter one refuses. Each rule
  // holds the index of the parameter it names (resolved as the table was declared, checked by specs()), so checking
  // a point looks nothing up by name.
  void check_rules(const P& p) const
  {
    for (const auto& f : fields_)
      for (const auto& rule : f.rules)
        rule.check(f, fields_.at(rule.with), p);
  }
  const std::vector<ParamField<P>>& fields() const { return fields_; }

  // The specs in declaration order. Throws std::logic_error, naming `owner`, for a parameter that cannot be read
  // (an enum member without words()).
  std::vector<ParamSpec> specs(const std::string& owner) const
  {
    std::vector<ParamSpec> out;
    for (const auto& f : fields_) {
      if (!f.decode)
        throw std::logic_error(owner + ": parameter " + f.spec.name + " needs words() to be read");
      for (const auto& rule : f.rules)
        if (rule.with >= fields_.size())  // a rule naming no parameter is a mistake of the declaration
          throw std::logic_error(owner + ": parameter " + f.spec.name + " names no parameter " + rule.other);
      out.push_back(f.spec);
    }
    return out;
  }

  // The struct that holds `values`, one per parameter in declaration order (the caller checks the count).
  P decode(const std::vector<Value>& values) const
  {
    P p{};
    for (size_t i = 0; i < fields_.size(); ++i)
      fields_[i].decode(values[i], p);
    return p;
  }

  std::vector<Value> encode(const P& p) const
  {
    std::vector<Value> values;
    for (const auto& f : fields_)
      values.push_back(f.encode(p));
    return values;
  }

private:
  template <class T>
  static void bind(ParamField<P>& f, T P::*member)
  {
    if constexpr (std::is_same_v<T, double>) {
      f.spec.kind = ParamKind::Real;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<double>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, bool>) {
      f.spec.kind    = ParamKind::Choice;
      f.spec.choices = {"on", "off"};
      f.decode       = [member](const Value& v, P& p) { p.*member = std::get<std::string>(v) == "on"; };
      f.encode       = [member](const P& p) -> Value { return std::string(p.*member ? "on" : "off"); };
    } else if constexpr (std::is_integral_v<T>) {
      f.spec.kind = ParamKind::Integer;
      f.spec.min  = std::is_unsigned_v<T> ? 0.0 : -std::numeric_limits<double>::infinity();
      f.spec.max  = std::min(static_cast<double>(std::numeric_limits<T>::max()), 9007199254740992.0);  // 2^53
      f.decode    = [member](const Value& v, P& p) { p.*member = static_cast<T>(std::llround(std::get<double>(v))); };
      f.encode    = [member](const P& p) -> Value { return static_cast<double>(p.*member); };
    } else if constexpr (std::is_enum_v<T>) {
      f.spec.kind = ParamKind::Choice;  // decode and encode come with words()
    } else if constexpr (std::is_same_v<T, std::string>) {
      f.spec.kind = ParamKind::Text;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<std::string>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, NumberOrList>) {
      f.spec.kind = ParamKind::RealOrList;
      f.decode    = [member](const Value& v, P& p) { p.*member = NumberOrList::from(v); };
      f.encode    = [member](const P& p) -> Value { return (p.*member).value(); };
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      f.spec.kind = ParamKind::NumberList;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<std::vector<double>>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
      f.spec.kind = ParamKind::WordList;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<std::vector<std::string>>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, Mapping>) {
      f.spec.kind = ParamKind::Map;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<Mapping>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else {
      static_assert(schema_detail::always_false<T>,
                    "a parameter member is a number, an integer, bool, an enum, std::string, "
                    "NumberOrList, std::vector<double>, std::vector<std::string> or Mapping");
    }
  }

  std::vector<ParamField<P>> fields_;
};

// The table `declare` fills, built on first use and kept for the life of the process (what refers to it, a GpH
// kernel's registry entry, lives as long). An accessor is one line: `const ParamTable<P>& table() { return
// table_of(declare); }`.
template <class P>
const ParamTable<P>& table_of(void (*declare)(ParamTable<P>&))
{
  static const ParamTable<P> table = [declare] {
    ParamTable<P> t;
    declare(t);
    return t;
  }();
  return table;
}

}  // namespace isogrid
