# shellcheck shell=sh
# Harness self-test: a payload that never finishes must be killed at the
# timeout and reported.
echo "neg-hang: sleeping forever"
sleep 1000000
