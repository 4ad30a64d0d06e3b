// The module's decode table (module/insn.h, module/decode.c), compiled as
// C and linked into the host tools. The one source of truth for what
// probesim simulates: nothing in the survey re-derives it.
#pragma once

extern "C" {
#include "insn.h"
}
