#!/usr/bin/env bash
# The project's test command (README): the no_std builds of the core and the backend, then
# every test of the workspace (including the QEMU board suites of qemu-tests, which need
# qemu-system-x86_64 and qemu-system-aarch64), ending with one summary line
# "tests: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")"
echo "== no_std builds of vm-core"
cargo build -q -p vm-core --no-default-features --target x86_64-unknown-none
cargo build -q -p vm-core --no-default-features --target aarch64-unknown-none
cargo build -q -p vm-core --no-default-features --features compiler --target aarch64-unknown-none
echo "== no_std builds of arch-x86_64"
cargo build -q -p arch-x86_64 --target x86_64-unknown-none
cargo build -q -p arch-x86_64 --target aarch64-unknown-none
echo "== tests"
log=$(mktemp)
status=0
cargo test -q --workspace >"$log" 2>&1 || status=$?
grep -vE '^warning|^ *(\||=|-->|[0-9]+ \|)|^$' "$log" | tail -n 40
echo "== QEMU boards"
grep -E '^(qemu-[a-z0-9_]+ corpus|qemu corpus|board skip)[^:]*:' "$log" || echo "(no QEMU corpus summary: see the output above)"
passed=$(grep -oE 'test result: [A-Za-z]+\. [0-9]+ passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -oE '[0-9]+ failed' "$log" | awk '{s+=$1} END {print s+0}')
rm -f "$log"
echo "tests: $passed passed, $failed failed"
exit "$status"
