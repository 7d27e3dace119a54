#!/usr/bin/env bash
# Checks vm-core's public surface (run by ../../test.sh): builds and runs this crate, an
# embedder that uses only the public API, with vm-core as an embedder gets it (without the
# `internals` feature: `-p embed-surface` alone, so no other member's features unify in),
# then compiles one-line probes against that vm-core: each names an internal item and must
# fail to compile; the control probe names public items and must compile (so a broken
# harness cannot pass). A new public internal makes no probe fail by itself: add its probe.
set -euo pipefail
cd "$(dirname "$0")/../.."
json=$(cargo build -q -p embed-surface --message-format=json </dev/null)
# The vm-core rlib this crate linked against (the non-internals build).
rlib=$(grep -o '"filenames":\["[^"]*libvm_core-[^"]*\.rlib"' <<<"$json" | head -n 1 | cut -d'"' -f4)
[ -n "$rlib" ] || { echo "check.sh: no vm-core rlib in cargo's output"; exit 1; }
exe=$(grep -o '"executable":"[^"]*embed-surface"' <<<"$json" | head -n 1 | cut -d'"' -f4)
[ -n "$exe" ] || { echo "check.sh: no embed-surface executable in cargo's output"; exit 1; }
"$exe"
deps=$(dirname "$rlib")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
probe() { # probe SOURCE: 0 when it compiles
  printf '%s\n' "$1" >"$work/probe.rs"
  rustc --edition 2021 --crate-type lib --crate-name probe --emit=metadata \
    --out-dir "$work" --extern vm_core="$rlib" -L "dependency=$deps" \
    "$work/probe.rs" >"$work/out" 2>&1
}
control='pub use vm_core::{image, hostfs, jit::{CodeMemory, JitConfig, PageAllocator},
  importing::loader::FoundModule, Handle, Interpreter, PyErr, Signals};'
if ! probe "$control"; then
  echo "check.sh: the control probe does not compile:"; cat "$work/out"; exit 1
fi
failed=0
while IFS= read -r line; do
  [ -z "$line" ] && continue
  if probe "$line"; then
    echo "public but internal: $line"
    failed=1
  fi
done <<'PROBES'
pub use vm_core::Vm;
pub use vm_core::Value;
pub use vm_core::vm::Vm;
pub use vm_core::api;
pub use vm_core::builtins;
pub use vm_core::bytecode;
pub use vm_core::compile;
pub use vm_core::exec;
pub use vm_core::format;
pub use vm_core::frozen;
pub use vm_core::handle;
pub use vm_core::interp;
pub use vm_core::layout;
pub use vm_core::limits;
pub use vm_core::numeric;
pub use vm_core::object;
pub use vm_core::opt;
pub use vm_core::trace;
pub use vm_core::importing::main_module;
pub use vm_core::jit::backend;
pub use vm_core::jit::code;
pub use vm_core::jit::helpers;
pub use vm_core::jit::link;
pub use vm_core::jit::frames;
pub use vm_core::jit::CompiledCode;
pub use vm_core::for_each_uop;
pub fn f(py: &mut vm_core::Interpreter) { let _ = py.vm(); }
pub fn f(h: &vm_core::Handle) { let _ = h.get(); }
pub fn f(e: vm_core::PyErr) { let _ = e.0; }
PROBES
if [ "$failed" = 0 ]; then echo "public surface: the internals are not public"; fi
exit "$failed"
