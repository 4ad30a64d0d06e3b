// A JSON value, read and written the way Python's json module does: the
// bench and survey results are JSON that json.dump() wrote first, and
// their files must not change when rewritten. Objects keep their key
// order; integers and floats stay apart (1 and 1.0 print differently).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ordered_map.hpp"

namespace probesim {

// An integer outside 64 bits, which Python reads and writes exactly: kept
// as its digits, since nothing here computes with one.
struct BigInteger {
  std::string digits;
  bool operator==(const BigInteger& other) const { return digits == other.digits; }
};

class Json {
 public:
  using Array = std::vector<Json>;
  using Object = OrderedMap<Json>;

  Json() = default;  // null
  Json(std::nullptr_t) {}
  Json(bool value) : value_(value) {}
  Json(int value) : value_(std::int64_t{value}) {}
  Json(std::int64_t value) : value_(value) {}
  Json(double value) : value_(value) {}
  Json(BigInteger value) : value_(std::move(value)) {}
  Json(std::string value) : value_(std::move(value)) {}
  Json(const char* value) : value_(std::string(value)) {}
  Json(Array value) : value_(std::move(value)) {}
  Json(Object value) : value_(std::move(value)) {}

  bool is_null() const { return std::holds_alternative<std::nullptr_t>(value_); }
  const bool* boolean() const { return std::get_if<bool>(&value_); }
  const std::int64_t* integer() const { return std::get_if<std::int64_t>(&value_); }
  const double* floating() const { return std::get_if<double>(&value_); }
  const BigInteger* big_integer() const { return std::get_if<BigInteger>(&value_); }
  const std::string* string() const { return std::get_if<std::string>(&value_); }
  const Array* array() const { return std::get_if<Array>(&value_); }
  const Object* object() const { return std::get_if<Object>(&value_); }
  Object* object() { return std::get_if<Object>(&value_); }

  // An integer or a float as a double, as Python's arithmetic takes it.
  std::optional<double> number() const;
  // The member key of an object; nullptr for a missing key or a non-object.
  const Json* get(const std::string& key) const;
  // Python's truth value: null, false, 0, "", [] and {} are false.
  bool truthy() const;

  bool operator==(const Json& other) const { return value_ == other.value_; }

 private:
  std::variant<std::nullptr_t, bool, std::int64_t, BigInteger, double, std::string, Array,
               Object>
      value_;
};

// A syntax error, with the message Python's json.JSONDecodeError has:
// "Expecting value: line 1 column 1 (char 0)".
class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// json.loads(text): NaN and Infinity accepted, the last of duplicate keys
// winning in the first one's place. text must be valid UTF-8.
Json parse_json(std::string_view text);

// json.dumps(value, indent=indent): non-ASCII as \u escapes, floats as
// repr(). The bench results have indent 2, the survey's indent 1.
std::string dump_json(const Json& value, std::size_t indent = 2);

// str(value) for the scalars that the reports print as they are.
std::string python_str(const Json& value);

}  // namespace probesim
