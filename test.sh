#!/usr/bin/env bash
# The project's test command (README): format and lint checks, the no_std builds of the core,
# and every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")"
echo "== no_std builds of vm-core"
cargo build -q -p vm-core --no-default-features --target x86_64-unknown-none
cargo build -q -p vm-core --no-default-features --target aarch64-unknown-none
echo "== tests"
cargo test -q --workspace 2>&1 | tail -n 40
test "${PIPESTATUS[0]}" -eq 0
