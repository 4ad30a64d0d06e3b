// Numbers printed as Python prints them, which the bench results were
// first written with and must stay byte for byte.
#pragma once

#include <cstdint>
#include <string>

namespace probesim {

// repr(x): the shortest digits that read back as x, fixed from 1e-4 to
// below 1e16 ("0.0001", "1.0", "33228100.0"), else with an exponent of
// at least two digits ("1e-05", "1.5e+16"); "inf", "-inf", "nan".
std::string float_repr(double x);

// f"{x:.{digits}f}": correctly rounded, ties to even, as printf does.
std::string fixed(double x, int digits);

// a // b for b != 0: the quotient rounded towards minus infinity.
std::int64_t floor_div(std::int64_t a, std::int64_t b);

}  // namespace probesim
