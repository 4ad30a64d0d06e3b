#!/usr/bin/env bash
# The tree as it stands after this patch (see ../stage.sh).
set -euo pipefail
exec "$TOP/patches/src/stage.sh" pac
