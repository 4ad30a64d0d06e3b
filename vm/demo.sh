#!/usr/bin/env bash
# demo.sh: `make run`. Boot the 6.12 test VM, load probesim, and show uprobe
# hit rates on nop, stp push and ret, single-stepped and simulated.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

timed "host setup" "$here/setup-host.sh"
"$here/kernel-run.sh" --flavor bench "${KVER:-6.12}" demo demo
log "console log: $PROBESIM_OUT/runs/demo.log"
sed -n '/^kernel .*hits\/s/,/^base/p' "$PROBESIM_OUT/runs/demo.log"
echo "These are qemu TCG figures: absolute rates say nothing about hardware; the ratios (sim/xol, sim/ret) carry over, sim/xol overstated since emulated single-steps are dear."
