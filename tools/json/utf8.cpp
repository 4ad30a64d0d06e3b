#include "utf8.hpp"

namespace probesim {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Length of the sequence that lead byte c starts, 0 if none.
std::size_t sequence_length(unsigned char c) {
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return 2;
  if (c >= 0xE0 && c <= 0xEF) return 3;
  if (c >= 0xF0 && c <= 0xF4) return 4;
  return 0;
}

// The allowed range of the byte after lead byte c: narrower than 80..BF
// where the shortest form, the surrogates or the end of Unicode rule
// sequences out.
bool second_byte_ok(unsigned char lead, unsigned char c) {
  switch (lead) {
    case 0xE0:
      return c >= 0xA0 && c <= 0xBF;
    case 0xED:
      return c >= 0x80 && c <= 0x9F;
    case 0xF0:
      return c >= 0x90 && c <= 0xBF;
    case 0xF4:
      return c >= 0x80 && c <= 0x8F;
    default:
      return is_continuation(c);
  }
}

// The length of the well-formed sequence at bytes[i], or 0 with the
// length of the broken one in span: a short or broken sequence is taken
// up to the byte that broke it, which starts afresh.
std::size_t well_formed_at(std::string_view bytes, std::size_t i, std::size_t& span) {
  const auto lead = static_cast<unsigned char>(bytes[i]);
  const std::size_t length = sequence_length(lead);
  span = 1;
  if (length <= 1) return length;
  while (span < length && i + span < bytes.size()) {
    const auto c = static_cast<unsigned char>(bytes[i + span]);
    if (span == 1 ? !second_byte_ok(lead, c) : !is_continuation(c)) break;
    ++span;
  }
  return span == length ? length : 0;
}

}  // namespace

std::string replace_invalid_utf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t i = 0, span; i < bytes.size(); i += span) {
    if (well_formed_at(bytes, i, span))
      out.append(bytes.substr(i, span));
    else
      out += kReplacement;
  }
  return out;
}

bool is_utf8(std::string_view bytes) {
  for (std::size_t i = 0, span; i < bytes.size(); i += span)
    if (!well_formed_at(bytes, i, span)) return false;
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
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

char32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto lead = static_cast<unsigned char>(text[i++]);
  std::size_t length;
  char32_t cp;
  if (lead < 0x80) return lead;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    cp = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    cp = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    cp = lead & 0x07;
  } else {
    return 0xFFFD;
  }
  for (std::size_t n = 1; n < length; ++n) {
    if (i >= text.size() || !is_continuation(static_cast<unsigned char>(text[i]))) return 0xFFFD;
    cp = (cp << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
  }
  return cp;
}

std::size_t count_code_points(std::string_view text, std::size_t bytes) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < bytes && i < text.size(); ++i) {
    if (!is_continuation(static_cast<unsigned char>(text[i]))) ++n;
  }
  return n;
}

}  // namespace probesim
