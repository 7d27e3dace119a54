//! The checked-in images of the frozen modules (`vm-core/frozen/`, see `vm_core::frozen`)
//! are what the current compiler makes of their sources (a change of a source, the compiler
//! or the op table needs `cargo xtask freeze`), and the VM imports each of them.

use std::path::Path;

use vm_core::frozen::{SEPARATOR, SOURCES};
use vm_core::image::compile_to_image;
use vm_core::image::packed::unpack;
use vm_core::{BufferHost, Config, Vm};

#[test]
fn checked_in_images_match_their_sources() {
    let krate = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stale = Vec::new();
    for m in SOURCES {
        let parts: Vec<String> = m
            .files
            .iter()
            .map(|f| std::fs::read_to_string(krate.join("src").join(f)).expect("a source file"))
            .collect();
        let image = compile_to_image(&parts.join(SEPARATOR), m.filename)
            .unwrap_or_else(|e| panic!("{} does not compile: {e}", m.module));
        let path = krate.join(m.image_path());
        let checked_in = std::fs::read(&path).unwrap_or_default();
        if unpack(&checked_in).ok() != Some(image) {
            stale.push(format!("vm-core/{}", m.image_path()));
        }
    }
    assert!(
        stale.is_empty(),
        "stale frozen images (run `cargo xtask freeze`): {stale:?}"
    );
}

#[test]
fn the_frozen_folder_holds_only_the_table_images() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(vm_core::frozen::DIR);
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("vm-core/frozen")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    files.sort();
    let mut want: Vec<String> = SOURCES
        .iter()
        .map(|m| format!("{}.tbz", m.module))
        .collect();
    want.sort();
    assert_eq!(files, want);
}

#[test]
fn every_frozen_module_imports() {
    let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("a VM");
    for m in SOURCES {
        // `_fileio` is what `open()` imports; the others are imported by name.
        let source = format!("import {}\n", m.module);
        if let Err(e) = vm.run_source(&source, "main.py") {
            panic!("import {}: {e:?}", m.module);
        }
    }
}
