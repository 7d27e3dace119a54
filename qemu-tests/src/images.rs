//! Programs compiled to bytecode images on the host, for a board built without the compiler
//! (the image runner, [`crate::Build::ImageRunner`]): the script image's main program is
//! then a bytecode image ([`vm_core::image::compile_to_image`]), and so is every module of
//! its module section ([`script::MODULE_IMAGE`]).

use crate::{script, Script};

/// The module section `section` with every source module compiled to an image. A module
/// that does not compile stays source: the image runner refuses to import it, as a board
/// without the compiler must.
pub fn compile_modules(section: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for m in script::Modules::new(section).iter() {
        let image = match std::str::from_utf8(m.data) {
            Ok(source) if m.flags & script::MODULE_IMAGE == 0 => {
                vm_core::image::compile_to_image(source, m.origin).ok()
            }
            _ => None,
        };
        let entry = match &image {
            Some(data) => script::Module {
                data,
                flags: m.flags | script::MODULE_IMAGE,
                ..m
            },
            None => m,
        };
        script::encode_module(&mut out, &entry).expect("a module under 4 GiB");
    }
    out
}

/// `source` (named `name`, with the module section `modules` of source modules) as the
/// image runner runs it: main program and modules compiled to images. `Err` is the compile
/// report (a `SyntaxError` as running the source prints it) when the program does not
/// compile.
pub fn compiled_script(name: &str, source: &[u8], modules: &[u8]) -> Result<Script, String> {
    let text = std::str::from_utf8(source).map_err(|_| {
        String::from("SyntaxError: (unicode error) 'utf-8' codec can't decode the script\n")
    })?;
    let image = vm_core::image::compile_to_image(text, name)?;
    let mut program = Script::new(name, image);
    program.modules = compile_modules(modules);
    Ok(program)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_and_their_modules_become_images() {
        let section = crate::corpus::modules_for(b"import importable.shapes.circle");
        let program = compiled_script("m.py", b"import importable\n", &section).unwrap();
        assert!(vm_core::image::is_image(&program.source));
        let modules: Vec<_> = script::Modules::new(&program.modules).iter().collect();
        assert!(modules.len() >= 3, "{} modules", modules.len());
        for m in &modules {
            let compiled = m.flags & script::MODULE_IMAGE != 0;
            // Only the module written with a syntax error on purpose stays source.
            assert_eq!(compiled, m.name != "importable.bad_syntax", "{}", m.name);
            assert_eq!(compiled, vm_core::image::is_image(m.data), "{}", m.name);
        }
        let pkg = modules
            .iter()
            .find(|m| m.name == "importable.shapes")
            .unwrap();
        assert_ne!(pkg.flags & script::MODULE_PACKAGE, 0);
        let err = compiled_script("bad.py", b"x = (\n", b"").unwrap_err();
        assert!(err.contains("SyntaxError"), "{err}");
    }
}
