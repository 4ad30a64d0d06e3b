#include "json_value.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace probesim::survey::json {

namespace {

// Python's recursion limit stops json.load at about a thousand levels;
// this one keeps a deep file from exhausting the stack. The survey's own
// files nest six deep.
constexpr int kMaxDepth = 500;

bool is_surrogate(std::uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }


// Decodes the code point at s[i], advancing i past it; false for bytes
// that are not UTF-8. Surrogates pass only with surrogates set.
bool next_code_point(std::string_view s, std::size_t& i, std::uint32_t& cp,
                     bool surrogates) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned lead = byte(i);
  std::size_t length;
  std::uint32_t least;
  if (lead < 0x80) {
    cp = lead;
    i++;
    return true;
  } else if ((lead & 0xE0) == 0xC0) {
    length = 2, least = 0x80, cp = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, least = 0x800, cp = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, least = 0x10000, cp = lead & 0x07;
  } else {
    return false;
  }
  if (s.size() - i < length) return false;
  for (std::size_t k = 1; k < length; k++) {
    if ((byte(i + k) & 0xC0) != 0x80) return false;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < least || cp > 0x10FFFF || (!surrogates && is_surrogate(cp)))
    return false;
  i += length;
  return true;
}

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  Value document() {
    skip_space();
    Value v = value(0);
    skip_space();
    if (pos_ < s_.size()) fail("extra data");
    return v;
  }

 private:
  std::string_view s_;
  std::size_t pos_ = 0;

  [[noreturn]] void fail(std::string_view what) const {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < pos_ && i < s_.size(); i++) {
      if (s_[i] == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    throw Error(std::string(what) + " at line " + std::to_string(line) +
                " column " + std::to_string(column));
  }

  bool at(char c) const { return pos_ < s_.size() && s_[pos_] == c; }
  bool at_digit(std::size_t at) const {
    return at < s_.size() && s_[at] >= '0' && s_[at] <= '9';
  }

  bool literal(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  void skip_space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' ||
                                s_[pos_] == '\n' || s_[pos_] == '\r'))
      pos_++;
  }

  void expect(char c, std::string_view what) {
    if (!at(c)) fail(what);
    pos_++;
  }

  // In the order Python's scanner tries them.
  Value value(int depth) {
    if (depth > kMaxDepth) fail("nested too deeply");
    Value v;
    if (at('"')) {
      v.kind = Value::Kind::kString;
      v.text = string();
    } else if (at('{')) {
      v = object(depth + 1);
    } else if (at('[')) {
      v = array(depth + 1);
    } else if (literal("null")) {
    } else if (literal("true")) {
      v.kind = Value::Kind::kBool;
      v.boolean = true;
    } else if (literal("false")) {
      v.kind = Value::Kind::kBool;
    } else if (literal("NaN")) {
      v.kind = Value::Kind::kFloat;
      v.number = std::numeric_limits<double>::quiet_NaN();
    } else if (literal("Infinity")) {
      v.kind = Value::Kind::kFloat;
      v.number = std::numeric_limits<double>::infinity();
    } else if (literal("-Infinity")) {
      v.kind = Value::Kind::kFloat;
      v.number = -std::numeric_limits<double>::infinity();
    } else {
      v = number();
    }
    return v;
  }

  Value object(int depth) {
    pos_++;  // {
    Value v = Value::object();
    skip_space();
    if (at('}')) {
      pos_++;
      return v;
    }
    for (;;) {
      if (!at('"')) fail("expecting property name enclosed in double quotes");
      std::string key = string();
      skip_space();
      expect(':', "expecting ':' delimiter");
      skip_space();
      Value member = value(depth);
      v.set(std::move(key), std::move(member));
      skip_space();
      if (at('}')) {
        pos_++;
        return v;
      }
      expect(',', "expecting ',' delimiter");
      skip_space();
    }
  }

  Value array(int depth) {
    pos_++;  // [
    Value v;
    v.kind = Value::Kind::kArray;
    skip_space();
    if (at(']')) {
      pos_++;
      return v;
    }
    for (;;) {
      v.items.push_back(value(depth));
      skip_space();
      if (at(']')) {
        pos_++;
        return v;
      }
      expect(',', "expecting ',' delimiter");
      skip_space();
    }
  }

  std::uint32_t hex4() {
    std::uint32_t cp = 0;
    for (int k = 0; k < 4; k++, pos_++) {
      const char c = pos_ < s_.size() ? s_[pos_] : '\0';
      std::uint32_t digit;
      if (c >= '0' && c <= '9') digit = static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') digit = static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') digit = static_cast<std::uint32_t>(c - 'A' + 10);
      else fail("invalid \\uXXXX escape");
      cp = cp << 4 | digit;
    }
    return cp;
  }

  std::string string() {
    pos_++;  // "
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail("unterminated string");
      const auto c = static_cast<unsigned char>(s_[pos_]);
      if (c == '"') {
        pos_++;
        return out;
      }
      if (c < 0x20) fail("invalid control character");
      pos_++;
      if (c != '\\') {
        out += static_cast<char>(c);
        continue;
      }
      if (pos_ >= s_.size()) fail("unterminated string");
      switch (s_[pos_++]) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = hex4();
          // A high surrogate joins a low one escaped right after it; any
          // other surrogate stays alone, as in Python.
          if (cp >= 0xD800 && cp <= 0xDBFF && s_.substr(pos_, 2) == "\\u") {
            const std::size_t back = pos_;
            pos_ += 2;
            const std::uint32_t low = hex4();
            if (low >= 0xDC00 && low <= 0xDFFF)
              cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            else
              pos_ = back;
          }
          append_utf8(out, cp);
          break;
        }
        default:
          pos_--;
          fail("invalid \\escape");
      }
    }
  }

  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)?, an int without the
  // fraction and the exponent; a "." or "e" without digits after it is
  // not part of the number (and then fails as extra text).
  Value number() {
    const std::size_t start = pos_;
    if (at('-')) pos_++;
    if (at('0')) {
      pos_++;
    } else if (at_digit(pos_)) {
      while (at_digit(pos_)) pos_++;
    } else {
      pos_ = start;
      fail("expecting value");
    }
    bool is_float = false;
    if (at('.') && at_digit(pos_ + 1)) {
      pos_++;
      while (at_digit(pos_)) pos_++;
      is_float = true;
    }
    if (at('e') || at('E')) {
      const std::size_t mark = pos_++;
      if (at('+') || at('-')) pos_++;
      if (at_digit(pos_)) {
        while (at_digit(pos_)) pos_++;
        is_float = true;
      } else {
        pos_ = mark;
      }
    }
    const std::string digits(s_.substr(start, pos_ - start));
    Value v;
    if (is_float) {
      // Correctly rounded, overflow to infinity and underflow to zero, as
      // Python's float() (no locale is set, so "." is the point).
      v.kind = Value::Kind::kFloat;
      v.number = std::strtod(digits.c_str(), nullptr);
    } else {
      v.kind = Value::Kind::kInt;
      v.text = digits == "-0" ? "0" : digits;
    }
    return v;
  }
};

void write(std::string& out, const Value& v, const std::string& indent,
           std::size_t level) {
  const auto newline = [&](std::size_t depth) {
    out += '\n';
    for (std::size_t i = 0; i < depth; i++) out += indent;
  };
  switch (v.kind) {
    case Value::Kind::kNull: out += "null"; break;
    case Value::Kind::kBool: out += v.boolean ? "true" : "false"; break;
    case Value::Kind::kInt: out += v.text; break;
    case Value::Kind::kFloat: out += float_repr(v.number); break;
    case Value::Kind::kString: out += quote(v.text); break;
    case Value::Kind::kArray:
      if (v.items.empty()) {
        out += "[]";
        break;
      }
      out += '[';
      for (std::size_t i = 0; i < v.items.size(); i++) {
        if (i) out += ',';
        newline(level + 1);
        write(out, v.items[i], indent, level + 1);
      }
      newline(level);
      out += ']';
      break;
    case Value::Kind::kObject:
      if (v.members.empty()) {
        out += "{}";
        break;
      }
      out += '{';
      for (std::size_t i = 0; i < v.members.size(); i++) {
        if (i) out += ',';
        newline(level + 1);
        out += quote(v.members[i].key);
        out += ": ";
        write(out, v.members[i].value, indent, level + 1);
      }
      newline(level);
      out += '}';
      break;
  }
}

}  // namespace

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

Value Value::string(std::string s) {
  Value v;
  v.kind = Kind::kString;
  v.text = std::move(s);
  return v;
}

Value Value::object() {
  Value v;
  v.kind = Kind::kObject;
  return v;
}

const Value* Value::find(std::string_view key) const {
  for (const auto& m : members)
    if (m.key == key) return &m.value;
  return nullptr;
}

void Value::set(std::string key, Value value) {
  for (auto& m : members) {
    if (m.key == key) {
      m.value = std::move(value);
      return;
    }
  }
  members.push_back({std::move(key), std::move(value)});
}

Value parse(std::string_view text) {
  if (!is_utf8(text)) throw Error("not UTF-8");
  return Parser(text).document();
}

std::string dump(const Value& value, int indent) {
  std::string out;
  const std::size_t width = indent > 0 ? static_cast<std::size_t>(indent) : 0;
  write(out, value, std::string(width, ' '), 0);
  return out;
}

std::string quote(std::string_view s) {
  std::string out = "\"";
  const auto escape = [&out](std::uint32_t unit) {  // unit < 0x10000
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(unit));
    out += buf;
  };
  for (std::size_t i = 0; i < s.size();) {
    std::uint32_t cp;
    if (!next_code_point(s, i, cp, true)) throw Error("string is not UTF-8");
    switch (cp) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (cp >= 0x20 && cp < 0x7F) {
          out += static_cast<char>(cp);
        } else if (cp >= 0x10000) {
          escape(0xD800 + ((cp - 0x10000) >> 10));
          escape(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
          escape(cp);  // DEL too: Python escapes all but space to '~'
        }
    }
  }
  return out + '"';
}

std::string float_repr(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  // The shortest digits that read back as x, as repr() has them; only
  // where the point goes differs from to_chars.
  char buf[64];
  const auto result =
      std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string_view s(buf, static_cast<std::size_t>(result.ptr - buf));
  std::string out;
  if (s.front() == '-') {
    out += '-';
    s.remove_prefix(1);
  }
  const std::size_t e = s.find('e');
  std::string digits(s.substr(0, e));
  if (digits.size() > 1) digits.erase(1, 1);  // the "."
  int exponent = 0;
  std::string_view exp_text = s.substr(e + 1);
  if (exp_text.front() == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
  // Python writes a plain number while the point is at most 16 digits
  // right of the first and at most 4 left of it ("0.0001", "1e-05").
  const int point = exponent + 1;
  const int n = static_cast<int>(digits.size());
  if (point <= -4 || point > 16) {
    out += digits[0];
    if (n > 1) {
      out += '.';
      out.append(digits, 1);
    }
    char tail[16];
    std::snprintf(tail, sizeof tail, "e%c%02d", exponent < 0 ? '-' : '+',
                  std::abs(exponent));
    out += tail;
  } else if (point <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-point), '0');
    out += digits;
  } else if (point >= n) {
    out += digits;
    out.append(static_cast<std::size_t>(point - n), '0');
    out += ".0";
  } else {
    const auto p = static_cast<std::size_t>(point);
    out.append(digits, 0, p);
    out += '.';
    out.append(digits, p);
  }
  return out;
}

bool is_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    std::uint32_t cp;
    if (!next_code_point(s, i, cp, false)) return false;
  }
  return true;
}

}  // namespace probesim::survey::json
