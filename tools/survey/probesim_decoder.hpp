// The decoder of the kernel tree (module/probes/decode-insn.c) and the
// module's families (module/family.c), compiled as C against the kernel
// shim (tools/kernel-shim) and linked into the host tools. The one source
// of truth for what probesim simulates: nothing in the survey re-derives it.
#pragma once

extern "C" {
#include "prelude.h"
#include "family.h"
}
