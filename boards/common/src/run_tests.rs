//! Running a board's script through [`crate::run`] on a fake console: source, bytecode
//! images (with modules that are images too), and what an image runner (no `compiler`
//! feature) does with source or without a script.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use crate::script;
use crate::{BoardInfo, Platform};

/// A console that records what the board writes and has no input.
#[derive(Clone, Default)]
struct Console(Rc<RefCell<Vec<u8>>>);

impl Platform for Console {
    fn write_bytes(&mut self, bytes: &[u8]) {
        self.0.borrow_mut().extend_from_slice(bytes);
    }
    fn read_byte(&mut self) -> u8 {
        0x04
    }
    fn monotonic(&mut self) -> f64 {
        0.0
    }
    fn time(&mut self) -> f64 {
        0.0
    }
}

/// Runs the shared board code on `area` as a board finds it there (a script image, or
/// zeroes for none); the exit status and the console text with `\r` removed.
fn boot(area: Vec<u8>) -> (i32, String) {
    let console = Console::default();
    let area: &'static [u8] = Vec::leak(area);
    let info = BoardInfo::new("test", 32 << 20);
    let s = script::find(area).map(|image| script::parse(image).expect("a well-formed image"));
    let status = crate::run(console.clone(), info, s);
    let text = String::from_utf8_lossy(&console.0.borrow()).replace('\r', "");
    (status, text)
}

#[cfg(feature = "compiler")]
mod with_compiler {
    use super::*;
    use crate::script::{Module, MODULE_IMAGE};
    use vm_core::image::compile_to_image;

    #[test]
    fn an_image_runs_as_its_source_does() {
        let src = "import shapes\nprint(shapes.area(3), __name__)\nraise SystemExit(5)\n";
        let module = compile_to_image("def area(r):\n    return r * r\n", "shapes.py").unwrap();
        let mut section = Vec::new();
        let m = Module {
            name: "shapes",
            origin: "shapes.py",
            data: &module,
            flags: MODULE_IMAGE,
        };
        script::encode_module(&mut section, &m).unwrap();
        let image = compile_to_image(src, "main.py").unwrap();
        let with_image = script::encode_with_modules("main.py", &image, 0, &section).unwrap();
        assert_eq!(boot(with_image), (5, String::from("9 __main__\n")));
        let with_source = script::encode_with_modules("main.py", src.as_bytes(), 0, &section);
        assert_eq!(
            boot(with_source.unwrap()),
            (5, String::from("9 __main__\n"))
        );
    }

    #[test]
    fn a_damaged_image_is_refused_with_the_reason() {
        let mut image = compile_to_image("print(1)\n", "main.py").unwrap();
        let last = image.len() - 1;
        image.truncate(last);
        let (status, text) = boot(script::encode("main.py", &image, 0).unwrap());
        assert_eq!(status, 1);
        assert!(text.starts_with("bytecode image: "), "{text}");
    }
}

#[cfg(not(feature = "compiler"))]
mod image_runner {
    use super::*;

    #[test]
    fn source_is_refused_with_a_clear_message() {
        let (status, text) = boot(script::encode("main.py", b"print(1)\n", 0).unwrap());
        assert_eq!(status, 1);
        assert!(
            text.contains("main.py is Python source") && text.contains("tiercel compile"),
            "{text}"
        );
    }

    #[test]
    fn without_a_script_it_says_there_is_no_repl_and_exits() {
        let (status, text) = boot(alloc::vec![0; 64]);
        assert_eq!(status, crate::EXIT_NO_SCRIPT);
        assert!(text.contains("no REPL"), "{text}");
    }
}
