// Bounds-checked reading of little-endian binary data. Every parser in
// probesim-survey reads through a Cursor, so a truncated or corrupt file
// raises ParseError instead of reading past its end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace probesim::survey {

using Bytes = std::span<const std::uint8_t>;

// A file that cannot be surveyed: the message says why, for the user.
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bytes [offset, offset + size) of data, or ParseError naming what.
Bytes slice(Bytes data, std::uint64_t offset, std::uint64_t size,
            std::string_view what);

// Little-endian scalar at offset, or ParseError naming what.
std::uint16_t read_u16(Bytes data, std::uint64_t offset, std::string_view what);
std::uint32_t read_u32(Bytes data, std::uint64_t offset, std::string_view what);
std::uint64_t read_u64(Bytes data, std::uint64_t offset, std::string_view what);

// NUL-terminated string at offset; the NUL must be inside data.
std::string read_cstring(Bytes data, std::uint64_t offset,
                         std::string_view what);

// Sequential reader. pos() is relative to the start of data.
class Cursor {
 public:
  Cursor(Bytes data, std::string_view what) : data_(data), what_(what) {}

  std::size_t pos() const { return pos_; }
  std::size_t remaining() const { return data_.size() - pos_; }
  bool at_end() const { return pos_ == data_.size(); }
  void seek(std::size_t pos);
  void skip(std::uint64_t n);

  std::uint8_t u8();
  std::uint16_t u16();
  std::uint32_t u32();
  std::uint64_t u64();
  std::int16_t s16() { return static_cast<std::int16_t>(u16()); }
  std::int32_t s32() { return static_cast<std::int32_t>(u32()); }
  std::int64_t s64() { return static_cast<std::int64_t>(u64()); }
  std::uint64_t uleb128();
  std::int64_t sleb128();
  std::string cstring();

  [[noreturn]] void fail(std::string_view why) const;

 private:
  void need(std::uint64_t n) const;

  Bytes data_;
  std::string_view what_;
  std::size_t pos_ = 0;
};

}  // namespace probesim::survey
