#pragma once
// A per-worker or per-cluster parameter as a model reads it: one number for all (A: 1), or one number each
// (A: [1, 2, 4]). The harness checks the bounds of every entry; the model checks the length against its own count.
#include "simulator/core/value.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

class NumberOrList {
public:
  NumberOrList(double x = 0) : scalar_(x) {}  // NOLINT: a number is the common case, written as one
  NumberOrList(std::vector<double> list) : list_(std::move(list)), is_list_(true) {}

  bool is_list() const { return is_list_; }
  // The list's length; 1 for a number.
  size_t size() const { return is_list_ ? list_.size() : 1; }
  // Throws std::invalid_argument unless n values can be read: a number, or a list of exactly n.
  void require_size(size_t n) const
  {
    if (is_list_ && list_.size() != n)
      throw std::invalid_argument("lists " + std::to_string(list_.size()) + " values where " + std::to_string(n) +
                                  " are needed");
  }
  // The n values: the number repeated, or the list, which must hold n values (else std::invalid_argument).
  std::vector<double> expanded(size_t n) const
  {
    require_size(n);
    return is_list_ ? list_ : std::vector<double>(n, scalar_);
  }
  // Entry i: the number itself, or the list's i-th value.
  double operator[](size_t i) const { return is_list_ ? list_.at(i) : scalar_; }

  Value value() const { return is_list_ ? Value(list_) : Value(scalar_); }
  static NumberOrList from(const Value& v)
  {
    if (auto* list = std::get_if<std::vector<double>>(&v))
      return NumberOrList(*list);
    return NumberOrList(std::get<double>(v));
  }

private:
  double scalar_ = 0;
  std::vector<double> list_;
  bool is_list_ = false;
};

}  // namespace isogrid
