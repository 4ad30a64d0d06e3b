// JSON as Python's json module reads and writes it. Every expected text
// here is what Python 3.11's json.dumps(json.loads(IN), indent=1) gave.
#include "json_value.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace probesim::survey::json {
namespace {

struct RoundTrip {
  const char* in;
  const char* out;
};

constexpr RoundTrip kRoundTrips[] = {
    {"{}", "{}"},
    {"[]", "[]"},
    {"[[]]", "[\n []\n]"},
    {"{\"a\": {}}", "{\n \"a\": {}\n}"},
    {" {\"b\": 1, \"a\": [true, false, null]} ",
     "{\n \"b\": 1,\n \"a\": [\n  true,\n  false,\n  null\n ]\n}"},
    // A repeated key keeps its first place and its last value.
    {"{\"k\": 1, \"j\": 2, \"k\": 3}", "{\n \"k\": 3,\n \"j\": 2\n}"},
    // Integers of any size stay integers; -0 is 0.
    {"[1, -0, -12, 12345678901234567890123456789]",
     "[\n 1,\n 0,\n -12,\n 12345678901234567890123456789\n]"},
    // A fraction or an exponent makes a float, written as repr() does.
    {"[1.0, 1e2, 1E-5, -0.0, 0.1, 1e16, 1e15, 9999999999999998.0, 0.0001, "
     "0.00001234, 5e-324, 1.7976931348623157e308, 1e400, -1e400, 1e-400, "
     "2.5e-7, 123.456e3]",
     "[\n 1.0,\n 100.0,\n 1e-05,\n -0.0,\n 0.1,\n 1e+16,\n 1000000000000000.0,"
     "\n 9999999999999998.0,\n 0.0001,\n 1.234e-05,\n 5e-324,\n "
     "1.7976931348623157e+308,\n Infinity,\n -Infinity,\n 0.0,\n 2.5e-07,\n "
     "123456.0\n]"},
    {"[NaN, Infinity, -Infinity]", "[\n NaN,\n Infinity,\n -Infinity\n]"},
    // Only printable ASCII is written as is; surrogate pairs join, a lone
    // surrogate stays; DEL is escaped.
    {"[\"\\u00e9\", \"\\ud83d\\ude00\", \"\\ud83d\", \"\\ude00\", \"\\ud83dA\", "
     "\"\\ud83d\\u0041\", \"\\/\\b\\f\\n\\r\\t\\\"\\\\\", \"\\u0000\\u001f\\u007f\", "
     "\"\xc3\xbc\xe2\x82\xac\xf0\x9f\x98\x80\", \"~ \x7f\"]",
     "[\n \"\\u00e9\",\n \"\\ud83d\\ude00\",\n \"\\ud83d\",\n \"\\ude00\",\n "
     "\"\\ud83dA\",\n \"\\ud83dA\",\n \"/\\b\\f\\n\\r\\t\\\"\\\\\",\n "
     "\"\\u0000\\u001f\\u007f\",\n \"\\u00fc\\u20ac\\ud83d\\ude00\",\n "
     "\"~ \\u007f\"\n]"},
    {"\r\n\t[1,2]\n", "[\n 1,\n 2\n]"},
};

TEST(Json, RoundTripsAsPython) {
  for (const auto& c : kRoundTrips)
    EXPECT_EQ(dump(parse(c.in), 1), c.out) << c.in;
}

TEST(Json, IndentIsSpacesPerLevel) {
  const Value v = parse("{\"a\": [1, {\"b\": []}]}");
  EXPECT_EQ(dump(v, 2), "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ]\n}");
  EXPECT_EQ(dump(v, 0), "{\n\"a\": [\n1,\n{\n\"b\": []\n}\n]\n}");
}

// Texts Python's json.loads refuses.
constexpr const char* kNotJson[] = {
    "", "[", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1: 2}", "[1 2]", "01", "1.",
    ".5", "1e", "-", "\"\\x\"", "\"\\u12\"", "\"a\nb\"", "\"abc", "[1] x",
    "nul", "tru", "+1", "\xef\xbb\xbf[]", "'a'", "[-Infinit]", "infinity",
    "\"\xff\"", "\"\xed\xa0\x80\""};

TEST(Json, RefusesWhatPythonRefuses) {
  for (const char* text : kNotJson)
    EXPECT_THROW(parse(text), Error) << text;
}

TEST(Json, ErrorsSayWhere) {
  try {
    parse("{\"a\": 1,\n \"b\" 2}");
    FAIL() << "parsed";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "expecting ':' delimiter at line 2 column 6");
  }
}

TEST(Json, DeepNestingIsAnErrorNotACrash) {
  EXPECT_THROW(parse(std::string(100000, '[')), Error);
  const std::string deep = std::string(400, '[') + std::string(400, ']');
  EXPECT_NO_THROW(parse(deep));
}

TEST(Json, ValuesKeepTheirKinds) {
  const Value v = parse("{\"i\": 7, \"f\": 7.0, \"s\": \"7\", \"t\": true, \"n\": null}");
  ASSERT_TRUE(v.is(Value::Kind::kObject));
  EXPECT_EQ(v.find("i")->kind, Value::Kind::kInt);
  EXPECT_EQ(v.find("i")->text, "7");
  EXPECT_EQ(v.find("f")->kind, Value::Kind::kFloat);
  EXPECT_EQ(v.find("f")->number, 7.0);
  EXPECT_EQ(v.find("s")->kind, Value::Kind::kString);
  EXPECT_TRUE(v.find("t")->boolean);
  EXPECT_EQ(v.find("n")->kind, Value::Kind::kNull);
  EXPECT_EQ(v.find("missing"), nullptr);
  EXPECT_EQ(parse("[1]").find("i"), nullptr);  // not an object
  EXPECT_EQ(parse("\"\\ud83d\\ude00\"").text, "\xf0\x9f\x98\x80");
}

TEST(Json, SetKeepsThePlaceOfAKey) {
  Value v = Value::object();
  v.set("b", Value::string("1"));
  v.set("a", Value::string("2"));
  v.set("b", Value::string("3"));
  EXPECT_EQ(dump(v, 1), "{\n \"b\": \"3\",\n \"a\": \"2\"\n}");
}

struct FloatCase {
  double x;
  const char* repr;
};

TEST(Json, FloatReprIsPythons) {
  const FloatCase cases[] = {
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1.0, "1.0"},
      {1.0 / 3, "0.3333333333333333"},
      {2.0 / 3, "0.6666666666666666"},
      {0.1 + 0.2, "0.30000000000000004"},
      {100.0 * 171 / 300, "57.0"},
      {std::ldexp(1.0, 53), "9007199254740992.0"},
      {std::ldexp(1.0, 54), "1.8014398509481984e+16"},
      {std::ldexp(1.0, -1074), "5e-324"},
      {1e16 - 2, "9999999999999998.0"},
      {1e22, "1e+22"},
      {1e23, "1e+23"},
      {0.0001, "0.0001"},
      {0.00009999999999999999, "9.999999999999999e-05"},
      {-1.5e-5, "-1.5e-05"},
      {1.25e-100, "1.25e-100"},
      {123456.0, "123456.0"},
      {HUGE_VAL, "Infinity"},
      {-HUGE_VAL, "-Infinity"},
      {std::nan(""), "NaN"},
  };
  for (const auto& c : cases) EXPECT_EQ(float_repr(c.x), c.repr) << c.repr;
}

TEST(Json, Quote) {
  EXPECT_EQ(quote(""), "\"\"");
  EXPECT_EQ(quote("a \"b\" \\ /"), "\"a \\\"b\\\" \\\\ /\"");
  EXPECT_EQ(quote("caf\xc3\xa9"), "\"caf\\u00e9\"");
  EXPECT_THROW(quote("\xff"), Error);
}

struct Utf8Case {
  const char* bytes;
  bool ok;
};

TEST(Json, Utf8IsPythonsStrictUtf8) {
  const Utf8Case cases[] = {
      {"plain", true},
      {"\xc3\xa9", true},
      {"\xf4\x8f\xbf\xbf", true},   // U+10FFFF
      {"\xf4\x90\x80\x80", false},  // past U+10FFFF
      {"\xc0\xaf", false},          // overlong "/"
      {"\xe0\x80\xaf", false},      // overlong "/"
      {"\xed\xa0\x80", false},      // a surrogate
      {"\xc3", false},              // cut short
      {"\x80", false},              // no lead byte
  };
  for (const auto& c : cases) EXPECT_EQ(is_utf8(c.bytes), c.ok) << c.bytes;
}

}  // namespace
}  // namespace probesim::survey::json
