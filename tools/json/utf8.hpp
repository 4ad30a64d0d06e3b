// UTF-8 as the reports need it: console bytes made valid text the way a
// Python reader with errors="replace" does, the strict check of its
// default codec, and code points for JSON's \u escapes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace probesim {

// bytes with every ill-formed sequence replaced by U+FFFD, one for each
// maximal subpart (the Unicode recommendation, which Python follows).
std::string replace_invalid_utf8(std::string_view bytes);

// Whether bytes is UTF-8 as Python's strict codec reads it: no
// surrogates, no overlong forms, nothing past U+10FFFF.
bool is_utf8(std::string_view bytes);

// Appends code point cp. Surrogates are encoded as if they were ordinary
// code points, so that a lone \uD800 from JSON text survives a round trip.
void append_utf8(std::string& out, char32_t cp);

// The code point at text[i], advancing i past it. Accepts what
// append_utf8 writes; a byte that starts no sequence is taken as U+FFFD.
char32_t next_code_point(std::string_view text, std::size_t& i);

// Code points in text[0, bytes), for positions in error messages.
std::size_t count_code_points(std::string_view text, std::size_t bytes);

}  // namespace probesim
