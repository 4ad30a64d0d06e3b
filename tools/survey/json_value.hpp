// JSON read and written the way Python's json module does it (json.load,
// and json.dump with an indent): survey/results.json has always been that
// module's output, and stays byte for byte what it was, floats, escapes
// and key order included.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::survey::json {

// Text that is not JSON, or a string that cannot be encoded.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Member;

struct Value {
  enum class Kind { kNull, kBool, kInt, kFloat, kString, kArray, kObject };

  Kind kind = Kind::kNull;
  bool boolean = false;  // kBool
  // kInt: the digits as Python prints the int, of any size. kString: the
  // string as UTF-8, where a lone surrogate (which a \u escape can give,
  // and Python keeps) is its 3-byte sequence.
  std::string text;
  double number = 0;             // kFloat
  std::vector<Value> items;      // kArray
  std::vector<Member> members;   // kObject, in the order keys first came

  static Value string(std::string s);
  static Value object();

  bool is(Kind k) const { return kind == k; }
  // The member named key; nullptr if there is none or this is no object.
  const Value* find(std::string_view key) const;
  // Sets key as a Python dict does: a key already there keeps its place.
  void set(std::string key, Value value);
};

struct Member {
  std::string key;
  Value value;
};

// json.loads(text): NaN, Infinity and -Infinity are read as floats, a
// repeated key keeps its first place and its last value. text is UTF-8.
Value parse(std::string_view text);

// json.dumps(value, indent=indent): ASCII only (ensure_ascii), one item
// a line, "," after all but the last, ": " between key and value.
std::string dump(const Value& value, int indent);

// A string as json.dumps writes it, quotes included: ASCII only.
std::string quote(std::string_view utf8);

// repr() of a float as json writes it ("1e-05", "100.0", "Infinity").
std::string float_repr(double x);

// Appends cp as UTF-8, a surrogate as its 3-byte sequence.
void append_utf8(std::string& out, std::uint32_t cp);

// Whether s is UTF-8 as Python's strict codec reads it (no surrogates, no
// overlong forms, nothing past U+10FFFF).
bool is_utf8(std::string_view s);

}  // namespace probesim::survey::json
