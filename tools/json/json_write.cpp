// json.dumps(value, indent=N) byte for byte.
#include <cmath>
#include <string_view>

#include "json.hpp"
#include "python_format.hpp"
#include "utf8.hpp"

namespace probesim {

namespace {

// A UTF-16 code unit as "\\u" and four lower-case hex digits.
void append_escape(std::string& out, char32_t unit) {
  constexpr std::string_view hex = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += hex[(unit >> shift) & 0xF];
}

// ensure_ascii: printable ASCII as it is, the usual short escapes, and
// everything else as \uXXXX, beyond the BMP as a surrogate pair.
void append_string(std::string& out, std::string_view text) {
  out += '"';
  for (std::size_t i = 0; i < text.size();) {
    const char32_t cp = next_code_point(text, i);
    switch (cp) {
      case '"':
        out += "\\\"";
        continue;
      case '\\':
        out += "\\\\";
        continue;
      case '\n':
        out += "\\n";
        continue;
      case '\r':
        out += "\\r";
        continue;
      case '\t':
        out += "\\t";
        continue;
      case '\b':
        out += "\\b";
        continue;
      case '\f':
        out += "\\f";
        continue;
      default:
        break;
    }
    if (cp >= 0x20 && cp < 0x7F) {
      out += static_cast<char>(cp);
    } else if (cp >= 0x10000) {
      const char32_t v = cp - 0x10000;
      append_escape(out, 0xD800 | (v >> 10));
      append_escape(out, 0xDC00 | (v & 0x3FF));
    } else {
      append_escape(out, cp);
    }
  }
  out += '"';
}

void append_float(std::string& out, double d) {
  if (std::isnan(d)) {
    out += "NaN";
  } else if (std::isinf(d)) {
    out += d < 0 ? "-Infinity" : "Infinity";
  } else {
    out += float_repr(d);
  }
}

void append_value(std::string& out, const Json& value, std::size_t indent,
                  std::size_t depth) {
  const auto newline = [&](std::size_t level) {
    out += '\n';
    out.append(indent * level, ' ');
  };
  if (value.is_null()) {
    out += "null";
  } else if (const auto* b = value.boolean()) {
    out += *b ? "true" : "false";
  } else if (const auto* i = value.integer()) {
    out += std::to_string(*i);
  } else if (const auto* big = value.big_integer()) {
    out += big->digits;
  } else if (const auto* d = value.floating()) {
    append_float(out, *d);
  } else if (const auto* s = value.string()) {
    append_string(out, *s);
  } else if (const auto* array = value.array()) {
    if (array->empty()) {
      out += "[]";
      return;
    }
    out += '[';
    for (std::size_t n = 0; n < array->size(); ++n) {
      if (n) out += ',';
      newline(depth + 1);
      append_value(out, (*array)[n], indent, depth + 1);
    }
    newline(depth);
    out += ']';
  } else if (const auto* object = value.object()) {
    if (object->empty()) {
      out += "{}";
      return;
    }
    out += '{';
    bool first = true;
    for (const auto& [key, member] : *object) {
      if (!first) out += ',';
      first = false;
      newline(depth + 1);
      append_string(out, key);
      out += ": ";
      append_value(out, member, indent, depth + 1);
    }
    newline(depth);
    out += '}';
  }
}

}  // namespace

std::string dump_json(const Json& value, std::size_t indent) {
  std::string out;
  append_value(out, value, indent, 0);
  return out;
}

}  // namespace probesim
