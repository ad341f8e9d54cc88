#pragma once
// Every complaint about user input names the file, line and key, compiler style, so editors can jump to it:
//   experiments/fig3.yaml:12:7: sweep.V: expected a positive number, got '-3'
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

struct SourceLocation {
  std::string file;  // "" when the value came from the command line
  int line = 0;      // 1-based; 0 when unknown
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

// An unknown name (model, policy, parameter): the message lists the known ones and the closest match.
std::string unknown_name_message(const std::string& what, const std::string& name,
                                 const std::vector<std::string>& known);

}  // namespace isogrid
