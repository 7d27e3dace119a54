//! Where module code comes from: modules frozen into the program, and the embedder's
//! loader ([`crate::Host::find_module`]: the host's filesystem, a board's flash, a network).

use alloc::string::String;
use alloc::vec::Vec;

/// The code of a module a loader found.
#[derive(Clone, Debug)]
pub enum ModuleCode {
    /// Python source (compiled on import: needs the `compiler` feature).
    Source(String),
    /// A precompiled bytecode image (verified before it runs).
    Image(Vec<u8>),
}

/// A module a loader found.
#[derive(Clone, Debug)]
pub struct FoundModule {
    /// Its code.
    pub code: ModuleCode,
    /// Where it came from: the module's `__file__` and the file name in its tracebacks.
    pub origin: String,
    /// For a package (a directory with `__init__.py`): where its submodules are looked
    /// for (the package's `__path__`). `None` for a plain module.
    pub package_path: Option<String>,
}

/// A module compiled into the program: the standard library's Python modules and an
/// embedder's own ([`crate::Interpreter::frozen`]).
#[derive(Clone, Copy, Debug)]
pub struct FrozenModule {
    /// The module's source, for programs built with the compiler.
    pub source: Option<&'static str>,
    /// The module's bytecode image, which runs without the compiler.
    pub image: Option<&'static [u8]>,
    /// Whether it is a package (its submodules are frozen as `name.sub`).
    pub package: bool,
}

impl FrozenModule {
    /// The code to run: the image when there is one, else the source.
    pub(crate) fn code(&self) -> Option<ModuleCode> {
        if let Some(img) = self.image {
            return Some(ModuleCode::Image(img.to_vec()));
        }
        self.source.map(|s| ModuleCode::Source(String::from(s)))
    }
}

/// Where the host's filesystem loader looks for module `name` (dotted) in directory `dir`:
/// a package `dir/last/__init__.py` first (as CPython's), then `dir/last.py`, each followed
/// by its image form (`.tbc`, run when there is no source, as a sourceless `.pyc` is).
/// Returns the candidate paths with whether each is a package and whether it is an image;
/// a filesystem implementation tries them in order. `/` separates path components.
pub fn candidate_files(dir: &str, name: &str) -> [(String, bool, bool); 4] {
    let last = name.rsplit('.').next().unwrap_or(name);
    let base = if dir.is_empty() || dir == "." {
        String::from(last)
    } else {
        let mut b = String::from(dir.trim_end_matches('/'));
        b.push('/');
        b.push_str(last);
        b
    };
    let join = |suffix: &str| {
        let mut s = base.clone();
        s.push_str(suffix);
        s
    };
    // (path, is a package, is an image)
    [
        (join("/__init__.py"), true, false),
        (join("/__init__.tbc"), true, true),
        (join(".py"), false, false),
        (join(".tbc"), false, true),
    ]
}
