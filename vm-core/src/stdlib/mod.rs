//! The standard library's Python modules, frozen into the program (feature `stdlib`).
//!
//! Each entry names a module and its code: the bytecode image compiled from the `.py`
//! source beside this file, packed (`vm-core/frozen/NAME.tbz`, see [`crate::frozen`]),
//! verified when it is imported, so the library works without the compiler too. The import system
//! consults this table after the builtin modules and the embedder's frozen modules, and
//! before the embedder's loader. The modules written in Rust are builtin modules instead,
//! present with the same feature: `binascii` (`builtins::binasciimod`), and the hot paths
//! of `operator`, `functools`, `itertools`, `heapq` and `bisect` (`_operator`,
//! `_functools`, `_itertools`, `_heapq`, `_bisect`), which those modules import.

use crate::importing::loader::FrozenModule;

/// An entry of the table: the module's frozen image.
macro_rules! frozen {
    ($name:literal, $package:literal) => {
        (
            $name,
            FrozenModule {
                source: None,
                image: Some(include_bytes!(concat!("../../frozen/", $name, ".tbz"))),
                package: $package,
            },
        )
    };
}

/// A plain module of the table.
macro_rules! module {
    ($name:literal) => {
        frozen!($name, false)
    };
}

/// A package of the table (its submodules are entries named `package.sub`).
macro_rules! package {
    ($name:literal) => {
        frozen!($name, true)
    };
}

/// The standard library's Python modules.
const MODULES: &[(&str, FrozenModule)] = &[
    package!("collections"),
    module!("collections.abc"),
    module!("collections._counter"),
    module!("collections._chainmap"),
    module!("abc"),
    module!("keyword"),
    module!("functools"),
    module!("operator"),
    module!("itertools"),
    module!("heapq"),
    module!("bisect"),
    module!("contextlib"),
    module!("copy"),
    module!("string"),
    module!("typing"),
    module!("errno"),
    module!("struct"),
    module!("array"),
    module!("types"),
    module!("io"),
    module!("enum"),
    module!("__future__"),
    module!("inspect"),
    module!("unittest"),
    module!("dataclasses"),
    module!("os"),
    module!("posixpath"),
    package!("json"),
    module!("json.decoder"),
    module!("json.encoder"),
];

/// The modules of feature `re` (whose engine is the builtin module `_re`).
#[cfg(feature = "re")]
const RE_MODULES: &[(&str, FrozenModule)] = &[module!("re")];
#[cfg(not(feature = "re"))]
const RE_MODULES: &[(&str, FrozenModule)] = &[];

/// The frozen standard library module `name`.
pub(crate) fn find(name: &str) -> Option<FrozenModule> {
    MODULES
        .iter()
        .chain(RE_MODULES)
        .find(|(n, _)| *n == name)
        .map(|(_, m)| *m)
}

#[cfg(test)]
mod tests {
    use super::{MODULES, RE_MODULES};

    #[test]
    fn every_module_has_its_source_in_the_frozen_table() {
        for (name, _) in MODULES.iter().chain(RE_MODULES) {
            let sources = crate::frozen::SOURCES.iter().find(|s| s.module == *name);
            assert!(sources.is_some(), "{name} is not in frozen::SOURCES");
        }
    }
}
