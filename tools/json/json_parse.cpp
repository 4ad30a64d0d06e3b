// json.loads(text), following the scanner of CPython's json module: what
// it accepts, and where and how it reports what it does not.
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "json.hpp"
#include "utf8.hpp"

namespace probesim {

namespace {

bool is_whitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Where the scanner found no value; the caller reports "Expecting value".
struct NoValue {
  std::size_t at;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Json document() {
    if (text_.starts_with("\xEF\xBB\xBF")) fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    std::size_t i = skip_whitespace(0);
    Json value;
    try {
      value = scan(i);
    } catch (const NoValue& missing) {
      fail("Expecting value", missing.at);
    }
    i = skip_whitespace(i);
    if (i != text_.size()) fail("Extra data", i);
    return value;
  }

 private:
  [[noreturn]] void fail(std::string_view message, std::size_t at) const {
    // Python counts in code points: lines from 1, columns from 1.
    const std::size_t pos = count_code_points(text_, at);
    const std::size_t newline = text_.rfind('\n', at == 0 ? std::string_view::npos : at - 1);
    std::size_t line = 1;
    for (std::size_t k = 0; k < at; ++k) line += text_[k] == '\n';
    const std::size_t column = at == 0 || newline == std::string_view::npos
                                   ? pos + 1
                                   : pos - count_code_points(text_, newline);
    throw JsonError(std::string(message) + ": line " + std::to_string(line) + " column " +
                    std::to_string(column) + " (char " + std::to_string(pos) + ")");
  }

  std::size_t skip_whitespace(std::size_t i) const {
    while (i < text_.size() && is_whitespace(text_[i])) ++i;
    return i;
  }

  bool at(std::size_t i, char c) const { return i < text_.size() && text_[i] == c; }

  bool literal(std::size_t& i, std::string_view word) const {
    if (text_.substr(i, word.size()) != word) return false;
    i += word.size();
    return true;
  }

  // One value starting at i, i moved past it.
  Json scan(std::size_t& i) {
    if (i >= text_.size()) throw NoValue{i};
    switch (text_[i]) {
      case '"':
        return Json(string(i));
      case '{':
        return object(i);
      case '[':
        return array(i);
      case 'n':
        if (literal(i, "null")) return Json();
        break;
      case 't':
        if (literal(i, "true")) return Json(true);
        break;
      case 'f':
        if (literal(i, "false")) return Json(false);
        break;
      case 'N':
        if (literal(i, "NaN")) return Json(std::nan(""));
        break;
      case 'I':
        if (literal(i, "Infinity")) return Json(HUGE_VAL);
        break;
      case '-':
        if (literal(i, "-Infinity")) return Json(-HUGE_VAL);
        break;
      default:
        break;
    }
    return number(i);
  }

  Json number(std::size_t& i) {
    const std::size_t start = i;
    std::size_t k = i;
    if (at(k, '-')) ++k;
    if (k < text_.size() && text_[k] >= '1' && text_[k] <= '9') {
      while (k < text_.size() && is_digit(text_[k])) ++k;
    } else if (at(k, '0')) {
      ++k;
    } else {
      throw NoValue{start};
    }
    bool is_float = false;
    if (at(k, '.') && k + 1 < text_.size() && is_digit(text_[k + 1])) {
      is_float = true;
      k += 2;
      while (k < text_.size() && is_digit(text_[k])) ++k;
    }
    // An exponent without digits is not part of the number.
    if (at(k, 'e') || at(k, 'E')) {
      std::size_t e = k + 1;
      if (at(e, '+') || at(e, '-')) ++e;
      const std::size_t digits = e;
      while (e < text_.size() && is_digit(text_[e])) ++e;
      if (e > digits) {
        is_float = true;
        k = e;
      }
    }
    const std::string literal_text(text_.substr(start, k - start));
    i = k;
    if (is_float) return Json(std::strtod(literal_text.c_str(), nullptr));
    errno = 0;
    const long long value = std::strtoll(literal_text.c_str(), nullptr, 10);
    // JSON has no leading zeros, so the digits are already Python's.
    if (errno == ERANGE) return Json(BigInteger{literal_text});
    return Json(std::int64_t{value});
  }

  unsigned hex4(std::size_t from, std::size_t error_at) const {
    unsigned value = 0;
    for (std::size_t k = from; k < from + 4; ++k) {
      const char c = text_[k];
      value <<= 4;
      if (c >= '0' && c <= '9') {
        value |= static_cast<unsigned>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        value |= static_cast<unsigned>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        value |= static_cast<unsigned>(c - 'A' + 10);
      } else {
        fail("Invalid \\uXXXX escape", error_at);
      }
    }
    return value;
  }

  // The string whose opening quote is at i.
  std::string string(std::size_t& i) {
    const std::size_t begin = i;
    std::string out;
    std::size_t k = i + 1;
    while (true) {
      while (k < text_.size() && text_[k] != '"' && text_[k] != '\\') {
        if (static_cast<unsigned char>(text_[k]) < 0x20) fail("Invalid control character at", k);
        out += text_[k++];
      }
      if (k >= text_.size()) fail("Unterminated string starting at", begin);
      if (text_[k] == '"') {
        i = k + 1;
        return out;
      }
      // A backslash.
      if (++k >= text_.size()) fail("Unterminated string starting at", begin);
      const char c = text_[k];
      if (c != 'u') {
        switch (c) {
          case '"':
            out += '"';
            break;
          case '\\':
            out += '\\';
            break;
          case '/':
            out += '/';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          default:
            fail("Invalid \\escape", k - 1);
        }
        ++k;
        continue;
      }
      // \uXXXX, must leave room for the closing quote.
      const std::size_t digits = k + 1;
      if (digits + 4 >= text_.size()) fail("Invalid \\uXXXX escape", k);
      char32_t cp = hex4(digits, k);
      k = digits + 4;
      // A high surrogate and a low one escaped after it are one code point.
      if (cp >= 0xD800 && cp <= 0xDBFF && k + 6 < text_.size() && text_[k] == '\\' &&
          text_[k + 1] == 'u') {
        const char32_t low = hex4(k + 2, k + 1);
        if (low >= 0xDC00 && low <= 0xDFFF) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          k += 6;
        }
      }
      append_utf8(out, cp);
    }
  }

  // The items from the bracket at i to its closing one, each read by
  // item(k), which moves k past it; i ends past the closing bracket.
  template <typename Item>
  void items(std::size_t& i, char close, Item item) {
    // Python's decoder hits its recursion limit about as deep.
    if (++depth_ > kMaxDepth) fail("Nested too deeply", i);
    std::size_t k = skip_whitespace(i + 1);
    if (!at(k, close)) {
      while (true) {
        item(k);
        k = skip_whitespace(k);
        if (at(k, close)) break;
        if (!at(k, ',')) fail("Expecting ',' delimiter", k);
        k = skip_whitespace(k + 1);
      }
    }
    --depth_;
    i = k + 1;
  }

  Json object(std::size_t& i) {
    Json::Object members;
    items(i, '}', [&](std::size_t& k) {
      if (!at(k, '"')) fail("Expecting property name enclosed in double quotes", k);
      std::string key = string(k);
      k = skip_whitespace(k);
      if (!at(k, ':')) fail("Expecting ':' delimiter", k);
      k = skip_whitespace(k + 1);
      members.set(key, scan(k));
    });
    return Json(std::move(members));
  }

  Json array(std::size_t& i) {
    Json::Array values;
    items(i, ']', [&](std::size_t& k) { values.push_back(scan(k)); });
    return Json(std::move(values));
  }

  static constexpr int kMaxDepth = 500;
  std::string_view text_;
  int depth_ = 0;
};

}  // namespace

Json parse_json(std::string_view text) { return Parser(text).document(); }

}  // namespace probesim
