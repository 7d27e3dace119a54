//! The standard library's Python modules, frozen into the program (feature `stdlib`).
//!
//! Each entry names a module and its code: the `.py` source beside this file, compiled at
//! import (so present only with the `compiler` feature), or later a precompiled bytecode
//! image in [`FrozenModule::image`], which runs without the compiler. The import system
//! consults this table after the builtin modules and the embedder's frozen modules, and
//! before the embedder's loader. The module written in Rust (`binascii`) is a builtin
//! module instead (`builtins::binasciimod`), present with the same feature.

use crate::importing::loader::FrozenModule;

/// The source of a module, kept only when it can be compiled (it costs `.rodata`).
macro_rules! source {
    ($path:literal) => {{
        #[cfg(feature = "compiler")]
        let s = Some(include_str!($path));
        #[cfg(not(feature = "compiler"))]
        let s = None;
        s
    }};
}

/// A plain module of the table.
macro_rules! module {
    ($name:literal, $path:literal) => {
        (
            $name,
            FrozenModule {
                source: source!($path),
                image: None,
                package: false,
            },
        )
    };
}

/// A package of the table (its submodules are entries named `package.sub`).
macro_rules! package {
    ($name:literal, $path:literal) => {
        (
            $name,
            FrozenModule {
                source: source!($path),
                image: None,
                package: true,
            },
        )
    };
}

/// The standard library's Python modules.
const MODULES: &[(&str, FrozenModule)] = &[
    package!("collections", "collections/__init__.py"),
    module!("collections.abc", "collections/abc.py"),
    module!("collections._counter", "collections/_counter.py"),
    module!("collections._chainmap", "collections/_chainmap.py"),
    module!("abc", "abc.py"),
    module!("keyword", "keyword.py"),
    module!("functools", "functools.py"),
    module!("operator", "operator.py"),
    module!("itertools", "itertools.py"),
    module!("heapq", "heapq.py"),
    module!("bisect", "bisect.py"),
    module!("contextlib", "contextlib.py"),
    module!("copy", "copy.py"),
    module!("string", "string.py"),
    module!("typing", "typing.py"),
    module!("errno", "errno.py"),
    module!("struct", "struct.py"),
    module!("io", "io.py"),
    module!("enum", "enum.py"),
    package!("json", "json/__init__.py"),
    module!("json.decoder", "json/decoder.py"),
    module!("json.encoder", "json/encoder.py"),
];

/// The frozen standard library module `name`, if this build has it in a form it can run.
pub(crate) fn find(name: &str) -> Option<FrozenModule> {
    let (_, m) = MODULES.iter().find(|(n, _)| *n == name)?;
    (m.source.is_some() || m.image.is_some()).then_some(*m)
}
