#!/usr/bin/env bash
# The project's test command (README): the no_std builds of the core and the backend, then
# every test of the workspace (including the QEMU board suites of qemu-tests, which need
# qemu-system-x86_64 and qemu-system-aarch64), ending with one summary line
# "tests: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")"
# /dev/null must be the null device: a tool run as root with `-o /dev/null` (rustc, the LLVM
# tools) can replace it by a regular file, which then collects what is written to it, and
# cargo's rustc probes read it as their input and fail. Put the device back when we can.
if [ ! -c /dev/null ]; then
  if [ "$(id -u)" = 0 ] && rm -f /dev/null && mknod -m 666 /dev/null c 1 3; then
    echo "test.sh: /dev/null was a regular file; recreated the null device"
  else
    echo "test.sh: /dev/null is not the null device; as root: rm /dev/null && mknod -m 666 /dev/null c 1 3"
    exit 1
  fi
fi
# A fresh machine: the bare-metal targets come from rustup, QEMU from apt when this runs as
# root; what cannot be installed stops the run with one line saying what to install.
targets=(x86_64-unknown-none aarch64-unknown-none)
installed=$(rustup target list --installed 2>/dev/null || true)
for t in "${targets[@]}"; do
  if ! grep -qx "$t" <<<"$installed"; then
    rustup target add "${targets[@]}" >/dev/null 2>&1 ||
      { echo "test.sh: install the Rust targets: rustup target add ${targets[*]}"; exit 1; }
    break
  fi
done
have_qemu() { command -v qemu-system-x86_64 >/dev/null && command -v qemu-system-aarch64 >/dev/null; }
if ! have_qemu && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing QEMU (apt-get)"
  { apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      qemu-system-x86 qemu-system-arm; } >/dev/null 2>&1 || true
fi
have_qemu || { echo "test.sh: install QEMU: qemu-system-x86_64 and qemu-system-aarch64 (Debian/Ubuntu: apt-get install qemu-system-x86 qemu-system-arm)"; exit 1; }
echo "== no_std builds of vm-core"
cargo build -q -p vm-core --no-default-features --target x86_64-unknown-none
cargo build -q -p vm-core --no-default-features --target aarch64-unknown-none
cargo build -q -p vm-core --no-default-features --features compiler --target aarch64-unknown-none
cargo build -q -p vm-core --no-default-features --features tier2 --target aarch64-unknown-none
echo "== vm-core without big ints and the less common str methods (their errors)"
cargo test -q -p vm-core --no-default-features --features compiler,std --test left_out_features
echo "== board checks of the minimal image runner (no compiler, tier 2, stdlib, builtin modules, specialized instructions, bytes methods, big ints or the less common str methods)"
# Every feature gate must leave a clean build: a warning here fails the suite.
for check in "qemu-x86_64 x86_64-unknown-none" "qemu-aarch64 aarch64-unknown-none"; do
  read -r board target <<<"$check"
  out=$(cargo check -q -p "board-$board" --no-default-features --target "$target" 2>&1) || { echo "$out"; exit 1; }
  [ -z "$out" ] || { echo "$out"; echo "test.sh: the minimal board-$board build has warnings"; exit 1; }
done
echo "== the public surface of vm-core (an embedder without the internals feature)"
./examples/embed-surface/check.sh
echo "== no_std builds of arch-x86_64"
cargo build -q -p arch-x86_64 --target x86_64-unknown-none
cargo build -q -p arch-x86_64 --target aarch64-unknown-none
echo "== board images"
# The QEMU suites can build these themselves (qemu-tests' build_command, same command line);
# building them here shows cargo's own error when that fails, and TIERCEL_BOARDS_PREBUILT
# tells the suites to boot these images without running cargo from inside a test.
target_root="${CARGO_TARGET_DIR:-target}"
prebuilt=1
# board, target, folder, features: the default images and the image runners (no compiler).
for build in "qemu-x86_64 x86_64-unknown-none boards" \
             "qemu-aarch64 aarch64-unknown-none boards" \
             "qemu-x86_64 x86_64-unknown-none boards-runner --no-default-features --features stdlib,re,bytes-methods,bigint,str-methods,set-ops,modules" \
             "qemu-aarch64 aarch64-unknown-none boards-runner --no-default-features --features stdlib,re,bytes-methods,bigint,str-methods,set-ops,modules"; do
  read -r board target folder features <<<"$build"
  # shellcheck disable=SC2086 # the features are separate arguments
  if ! out=$(env -u RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS \
      -u CARGO_BUILD_TARGET cargo build -q --profile board-test -p "board-$board" \
      --target "$target" --target-dir "$target_root/$folder" $features 2>&1 </dev/null); then
    echo "building board-$board ($folder) failed:"
    tail -n 30 <<<"$out"
    prebuilt=0
  fi
done
if [ "$prebuilt" = 1 ]; then export TIERCEL_BOARDS_PREBUILT=1; fi
echo "== tests"
log=$(mktemp)
status=0
cargo test -q --workspace --no-fail-fast >"$log" 2>&1 || status=$?
grep -vE '^warning|^ *(\||=|-->|[0-9]+ \|)|^$' "$log" | tail -n 40
if [ "$status" != 0 ]; then
  echo "== failures (first lines of each panic)"
  grep -A4 "panicked at" "$log" | grep -vE '^ +[0-9]+: |^ +at ' | head -n 80 || true
fi
echo "== QEMU boards"
grep -E '^(qemu-[a-z0-9_]+ corpus|qemu corpus|board skip)[^:]*:' "$log" || echo "(no QEMU corpus summary: see the output above)"
passed=$(grep -oE 'test result: [A-Za-z]+\. [0-9]+ passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -oE '[0-9]+ failed' "$log" | awk '{s+=$1} END {print s+0}')
rm -f "$log"
echo "tests: $passed passed, $failed failed"
exit "$status"
