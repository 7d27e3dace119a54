//! The host's module loader: `import` reads modules from the filesystem, searching the
//! directories of `sys.path` (the script's directory first) for a package
//! (`name/__init__.py`) or a module (`name.py`), each also as a bytecode image (`.tbc`).

use vm_core::importing::loader::{candidate_files, FoundModule, ModuleCode};

/// Finds module `name` (dotted) in the directories `path`: what [`vm_core::Host::find_module`]
/// returns on the host. An empty entry is the current directory, as in CPython.
pub fn find_module_fs(name: &str, path: &[String]) -> Option<FoundModule> {
    for dir in path {
        for (file, package, image) in candidate_files(dir, name) {
            let Ok(bytes) = std::fs::read(&file) else {
                continue;
            };
            let code = if image {
                ModuleCode::Image(bytes)
            } else {
                // Source that is not UTF-8 compiles as the replacement characters show it;
                // the compiler then reports the bad line.
                ModuleCode::Source(String::from_utf8_lossy(&bytes).into_owned())
            };
            let package_path = package.then(|| {
                file.rsplit_once('/')
                    .map_or(String::new(), |(d, _)| d.into())
            });
            return Some(FoundModule {
                code,
                origin: file,
                package_path,
            });
        }
    }
    None
}

/// The first `sys.path` entry for a script at `file`: its directory (`""`, the current
/// directory, for a script named without one and for `-c`).
pub fn script_dir(file: &str) -> String {
    match file.rsplit_once('/') {
        Some(("", _)) => String::from("/"),
        Some((dir, _)) => String::from(dir),
        None => String::new(),
    }
}
