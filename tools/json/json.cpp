#include "json.hpp"

#include <cstdlib>

#include "python_format.hpp"

namespace probesim {

std::optional<double> Json::number() const {
  if (const auto* i = integer()) return static_cast<double>(*i);
  if (const auto* d = floating()) return *d;
  if (const auto* b = big_integer()) return std::strtod(b->digits.c_str(), nullptr);
  return std::nullopt;
}

const Json* Json::get(const std::string& key) const {
  const Object* members = object();
  return members ? members->find(key) : nullptr;
}

bool Json::truthy() const {
  struct Visitor {
    bool operator()(std::nullptr_t) const { return false; }
    bool operator()(bool b) const { return b; }
    bool operator()(std::int64_t i) const { return i != 0; }
    bool operator()(const BigInteger&) const { return true; }  // never 0
    bool operator()(double d) const { return d != 0.0; }
    bool operator()(const std::string& s) const { return !s.empty(); }
    bool operator()(const Array& a) const { return !a.empty(); }
    bool operator()(const Object& o) const { return !o.empty(); }
  };
  return std::visit(Visitor{}, value_);
}

std::string python_str(const Json& value) {
  if (value.is_null()) return "None";
  if (const auto* b = value.boolean()) return *b ? "True" : "False";
  if (const auto* i = value.integer()) return std::to_string(*i);
  if (const auto* b = value.big_integer()) return b->digits;
  if (const auto* d = value.floating()) return float_repr(*d);
  if (const auto* s = value.string()) return *s;
  return dump_json(value);
}

}  // namespace probesim
