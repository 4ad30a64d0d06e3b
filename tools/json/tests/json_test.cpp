#include "json.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace probesim {
namespace {

// The expected texts are what Python's json.dumps(json.loads(...), indent=2)
// and json.JSONDecodeError give for the same input.
TEST(Json, RoundTripIsPythonsIndentedDump) {
  const Json value = parse_json(
      R"({"list": [1, 2.50, 3.32281e+07, -0, 1E2, true, null, "µ😀\u0001\"\\/\n", {}, [], [[]]],)"
      R"( "nested": {"x": {"y": 1e400}}})");
  EXPECT_EQ(dump_json(value),
            "{\n"
            "  \"list\": [\n"
            "    1,\n"
            "    2.5,\n"
            "    33228100.0,\n"
            "    0,\n"
            "    100.0,\n"
            "    true,\n"
            "    null,\n"
            "    \"\\u00b5\\ud83d\\ude00\\u0001\\\"\\\\/\\n\",\n"
            "    {},\n"
            "    [],\n"
            "    [\n"
            "      []\n"
            "    ]\n"
            "  ],\n"
            "  \"nested\": {\n"
            "    \"x\": {\n"
            "      \"y\": Infinity\n"
            "    }\n"
            "  }\n"
            "}");
}

// indent=N: N spaces a level (the survey's results have 1), none for 0.
TEST(Json, IndentIsSpacesPerLevel) {
  const Json value = parse_json(R"({"a": [1, {"b": []}]})");
  EXPECT_EQ(dump_json(value, 1), "{\n \"a\": [\n  1,\n  {\n   \"b\": []\n  }\n ]\n}");
  EXPECT_EQ(dump_json(value, 0), "{\n\"a\": [\n1,\n{\n\"b\": []\n}\n]\n}");
}

// Where Python's decoder gives up with a RecursionError, this one throws.
TEST(Json, DeepNestingIsAnErrorNotACrash) {
  EXPECT_THROW(parse_json(std::string(100000, '[')), JsonError);
  EXPECT_THROW(parse_json(std::string(100000, '{')), JsonError);
  EXPECT_NO_THROW(parse_json(std::string(400, '[') + std::string(400, ']')));
}

TEST(Json, IntegersAndFloatsStayApart) {
  const Json value = parse_json("[124536, 74824.3, 1.0000, 7]");
  const auto& items = *value.array();
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(*items[0].integer(), 124536);
  EXPECT_EQ(*items[1].floating(), 74824.3);
  EXPECT_EQ(*items[2].floating(), 1.0);
  EXPECT_EQ(items[3].number(), 7.0);
  EXPECT_EQ(dump_json(items[2]), "1.0");
}

TEST(Json, IntegersBeyond64BitsKeepTheirDigits) {
  const Json value = parse_json("[-9223372036854775808, 9223372036854775808, -0]");
  const auto& items = *value.array();
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(*items[0].integer(), INT64_MIN);
  ASSERT_NE(items[1].big_integer(), nullptr);
  EXPECT_EQ(items[1].integer(), nullptr);
  EXPECT_EQ(items[1].number(), 9223372036854775808.0);
  EXPECT_TRUE(items[1].truthy());
  EXPECT_EQ(python_str(items[1]), "9223372036854775808");
  EXPECT_EQ(dump_json(value, 0), "[\n-9223372036854775808,\n9223372036854775808,\n0\n]");
}

TEST(Json, KeysKeepTheirOrderAndTheLastDuplicateWinsInTheFirstsPlace) {
  const Json value = parse_json(R"({"b": 1, "a": 2, "b": 3})");
  EXPECT_EQ(dump_json(value), "{\n  \"b\": 3,\n  \"a\": 2\n}");
  Json::Object o = *value.object();
  o.set("c", Json());
  o.set("a", "x");
  EXPECT_EQ(dump_json(o), "{\n  \"b\": 3,\n  \"a\": \"x\",\n  \"c\": null\n}");
}

TEST(Json, SurrogatePairsJoinLoneSurrogatesSurvive) {
  EXPECT_EQ(*parse_json(R"("\ud83d\ude00")").string(), "\xF0\x9F\x98\x80");
  EXPECT_EQ(dump_json(parse_json(R"("\ud83d\u0041")")), R"("\ud83dA")");
  EXPECT_EQ(dump_json(parse_json(R"("\ude00")")), R"("\ude00")");
  EXPECT_EQ(dump_json(Json("\x7f\x1f")), R"("\u007f\u001f")");
}

TEST(Json, TruthAsPythonHasIt) {
  for (const char* text : {"null", "false", "0", "0.0", "\"\"", "[]", "{}"})
    EXPECT_FALSE(parse_json(text).truthy()) << text;
  for (const char* text : {"true", "-1", "0.5", "\"x\"", "[0]", "{\"a\": null}"})
    EXPECT_TRUE(parse_json(text).truthy()) << text;
}

std::string error_of(std::string_view text) {
  try {
    parse_json(text);
  } catch (const JsonError& e) {
    return e.what();
  }
  return "(parsed)";
}

TEST(Json, ErrorsSayWhatAndWhereAsPythonDoes) {
  EXPECT_EQ(error_of(""), "Expecting value: line 1 column 1 (char 0)");
  EXPECT_EQ(error_of("{"),
            "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)");
  EXPECT_EQ(error_of("[1,]"), "Expecting value: line 1 column 4 (char 3)");
  EXPECT_EQ(error_of(R"({"a": })"), "Expecting value: line 1 column 7 (char 6)");
  EXPECT_EQ(error_of(R"({"a" 1})"), "Expecting ':' delimiter: line 1 column 6 (char 5)");
  EXPECT_EQ(error_of(R"({"a": 1 "b": 2})"), "Expecting ',' delimiter: line 1 column 9 (char 8)");
  EXPECT_EQ(error_of("01"), "Extra data: line 1 column 2 (char 1)");
  EXPECT_EQ(error_of("[1] x"), "Extra data: line 1 column 5 (char 4)");
  EXPECT_EQ(error_of("\"abc"), "Unterminated string starting at: line 1 column 1 (char 0)");
  EXPECT_EQ(error_of(R"("a\x")"), "Invalid \\escape: line 1 column 3 (char 2)");
  EXPECT_EQ(error_of(R"("\u12")"), "Invalid \\uXXXX escape: line 1 column 3 (char 2)");
  EXPECT_EQ(error_of(R"("\u123g")"), "Invalid \\uXXXX escape: line 1 column 3 (char 2)");
  EXPECT_EQ(error_of("\"a\tb\""), "Invalid control character at: line 1 column 3 (char 2)");
  EXPECT_EQ(error_of("\n\n  {\"x\": [1, 2, \n  3,, 4]}"),
            "Expecting value: line 4 column 5 (char 22)");
  // Positions count code points, not bytes.
  EXPECT_EQ(error_of(R"({"µ": 1,})"),
            "Expecting property name enclosed in double quotes: line 1 column 9 (char 8)");
}

TEST(Json, PythonStrOfScalars) {
  EXPECT_EQ(python_str(Json(911100)), "911100");
  EXPECT_EQ(python_str(Json(0.908)), "0.908");
  EXPECT_EQ(python_str(Json(2.0)), "2.0");
  EXPECT_EQ(python_str(Json(true)), "True");
  EXPECT_EQ(python_str(Json()), "None");
  EXPECT_EQ(python_str(Json("ldr")), "ldr");
}

}  // namespace
}  // namespace probesim
