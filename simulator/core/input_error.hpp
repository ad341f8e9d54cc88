#pragma once
// Every complaint about user input names the file, line and key, compiler style, so editors can jump to it:
//   experiments/fig3.yaml:12:7: sweep.V: expected a positive number, got '-3'
#include "base/unknown_name.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

struct SourceLocation {
  std::string file;  // "" when the value came from the command line
  int line   = 0;    // 1-based; 0 when unknown
  int column = 0;    // 1-based; 0 when unknown
};

class InputError : public std::runtime_error {
public:
  InputError(SourceLocation where, std::string key, std::string message);

  const SourceLocation& where() const { return where_; }
  const std::string& key() const { return key_; }
  const std::string& message() const { return message_; }

private:
  SourceLocation where_;
  std::string key_;
  std::string message_;
};

}  // namespace isogrid
