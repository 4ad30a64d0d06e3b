#!/usr/bin/env bash
# The in-tree simulation as it stands after this patch (see ../stage.sh).
set -euo pipefail
exec "$TOP/patches/src/stage.sh" stp-sim
