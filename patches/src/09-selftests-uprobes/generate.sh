#!/usr/bin/env bash
# The selftests of the in-tree simulation (see ../stage-selftests.sh).
set -euo pipefail
exec "$TOP/patches/src/stage-selftests.sh"
