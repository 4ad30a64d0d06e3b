#include "bytes.hpp"

#include <cstring>

namespace probesim::survey {

namespace {

std::string where(std::string_view what, std::uint64_t offset) {
  return std::string(what) + " at offset " + std::to_string(offset);
}

std::uint64_t load_le(const std::uint8_t* p, unsigned n) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

}  // namespace

Bytes slice(Bytes data, std::uint64_t offset, std::uint64_t size,
            std::string_view what) {
  if (offset > data.size() || size > data.size() - offset)
    throw ParseError("truncated: " + std::string(what) + " (offset " +
                     std::to_string(offset) + ", size " +
                     std::to_string(size) + ") extends past the end (" +
                     std::to_string(data.size()) + " bytes)");
  return data.subspan(offset, size);
}

std::uint16_t read_u16(Bytes data, std::uint64_t offset,
                       std::string_view what) {
  return static_cast<std::uint16_t>(
      load_le(slice(data, offset, 2, what).data(), 2));
}

std::uint32_t read_u32(Bytes data, std::uint64_t offset,
                       std::string_view what) {
  return static_cast<std::uint32_t>(
      load_le(slice(data, offset, 4, what).data(), 4));
}

std::uint64_t read_u64(Bytes data, std::uint64_t offset,
                       std::string_view what) {
  return load_le(slice(data, offset, 8, what).data(), 8);
}

std::string read_cstring(Bytes data, std::uint64_t offset,
                         std::string_view what) {
  if (offset >= data.size())
    throw ParseError("corrupt: " + where(what, offset) + " is out of range");
  const auto* start = data.data() + offset;
  const void* nul = std::memchr(start, 0, data.size() - offset);
  if (nul == nullptr)
    throw ParseError("corrupt: " + where(what, offset) + " is not terminated");
  return std::string(reinterpret_cast<const char*>(start),
                     static_cast<const std::uint8_t*>(nul) - start);
}

void Cursor::fail(std::string_view why) const {
  throw ParseError("corrupt " + where(what_, pos_) + ": " + std::string(why));
}

void Cursor::need(std::uint64_t n) const {
  if (n > remaining())
    throw ParseError("truncated: " + where(what_, pos_) + " needs " +
                     std::to_string(n) + " more bytes, " +
                     std::to_string(remaining()) + " left");
}

void Cursor::seek(std::size_t pos) {
  if (pos > data_.size()) fail("seek past the end");
  pos_ = pos;
}

void Cursor::skip(std::uint64_t n) {
  need(n);
  pos_ += static_cast<std::size_t>(n);
}

std::uint8_t Cursor::u8() {
  need(1);
  return data_[pos_++];
}

std::uint16_t Cursor::u16() {
  need(2);
  auto v = static_cast<std::uint16_t>(load_le(data_.data() + pos_, 2));
  pos_ += 2;
  return v;
}

std::uint32_t Cursor::u32() {
  need(4);
  auto v = static_cast<std::uint32_t>(load_le(data_.data() + pos_, 4));
  pos_ += 4;
  return v;
}

std::uint64_t Cursor::u64() {
  need(8);
  auto v = load_le(data_.data() + pos_, 8);
  pos_ += 8;
  return v;
}

std::uint64_t Cursor::uleb128() {
  std::uint64_t v = 0;
  for (unsigned shift = 0;; shift += 7) {
    std::uint8_t b = u8();
    if (shift >= 64) {
      // Only redundant padding (0x80/0x00) may follow the 64th bit.
      if ((b & 0x7f) != 0) fail("ULEB128 value does not fit 64 bits");
    } else {
      std::uint64_t part = static_cast<std::uint64_t>(b & 0x7f);
      if (shift == 63 && part > 1) fail("ULEB128 value does not fit 64 bits");
      v |= part << shift;
    }
    if ((b & 0x80) == 0) return v;
  }
}

std::int64_t Cursor::sleb128() {
  std::uint64_t v = 0;
  unsigned shift = 0;
  std::uint8_t b;
  do {
    b = u8();
    if (shift < 64) v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    shift += 7;
    if (shift > 70) fail("SLEB128 value does not fit 64 bits");
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40)) v |= ~std::uint64_t{0} << shift;
  return static_cast<std::int64_t>(v);
}

std::string Cursor::cstring() {
  std::string s = read_cstring(data_, pos_, what_);
  pos_ += s.size() + 1;
  return s;
}

}  // namespace probesim::survey
