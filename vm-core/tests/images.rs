//! Bytecode images of the whole conformance corpus: every program that compiles gives an
//! image the verifier accepts, the image loads into code objects identical to the
//! compiled ones (their image is the same bytes), and an image taken after a run (code
//! specialized, fused, traced) is still the image of the code as compiled.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

mod common;
use common::Shared;
use vm_core::bytecode::code::CodeObject;
use vm_core::bytecode::image;
use vm_core::{Config, Vm};

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/py");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/py")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    v.sort();
    v
}

fn vm(config: Config) -> Vm {
    let out = Rc::new(RefCell::new(String::new()));
    Vm::new(config, Box::new(Shared(out))).expect("a VM")
}

/// Every code object of `code`, nested ones included, in image order.
fn all_codes(vm: &Vm, code: &Rc<CodeObject>, out: &mut Vec<Rc<CodeObject>>) {
    out.push(code.clone());
    for &c in code.consts.iter() {
        collect_code_consts(vm, c, out);
    }
}

fn collect_code_consts(vm: &Vm, v: vm_core::Value, out: &mut Vec<Rc<CodeObject>>) {
    match vm.obj(v) {
        Some(vm_core::object::types::Obj::Code(c)) => all_codes(vm, &c.clone(), out),
        Some(vm_core::object::types::Obj::Tuple(items)) => {
            for &i in items.iter() {
                collect_code_consts(vm, i, out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_corpus_program_round_trips_through_an_image() {
    let mut vm = vm(Config::default());
    let (mut images, mut refused) = (0, Vec::new());
    for path in corpus() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&path).unwrap();
        let Ok(code) = vm.compile(&src, &name, vm_core::api::Mode::Exec) else {
            continue;
        };
        let bytes = vm.image_of(&code).expect("an image");
        assert_eq!(image::load::header(&bytes).unwrap().filename, name);
        let loaded = match vm.load_image(&bytes, &name) {
            Ok(c) => c,
            Err(e) => {
                refused.push(format!("{name}: {e}"));
                continue;
            }
        };
        images += 1;
        assert_eq!(vm.image_of(&loaded).unwrap(), bytes, "{name}");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        all_codes(&vm, &code, &mut a);
        all_codes(&vm, &loaded, &mut b);
        assert_eq!(a.len(), b.len(), "{name}");
        for (x, y) in a.iter().zip(&b) {
            let units = |c: &CodeObject| c.code.iter().map(|u| u.get()).collect::<Vec<_>>();
            assert_eq!(units(x), units(y), "{name}: finished units");
            assert_eq!(x.lines, y.lines, "{name}");
            assert_eq!(x.exc_table, y.exc_table, "{name}");
            assert_eq!(x.stacksize, y.stacksize, "{name}");
        }
    }
    assert!(refused.is_empty(), "refused:\n{}", refused.join("\n"));
    assert!(images > 250, "{images} images");
}

/// Specialization, super-instructions and executors rewrite code in place: the image of
/// code that ran (everything hot, specializations deoptimizing at random) is still the
/// image of the code as compiled.
#[test]
fn an_image_of_code_that_ran_is_the_image_of_the_code_as_compiled() {
    let config = Config {
        hot: Some(1),
        stress_specialize: true,
        fuel: Some(2_000_000),
        ..Config::default()
    };
    let mut checked = 0;
    for path in corpus().iter().step_by(3) {
        let mut vm = vm(config.clone());
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(path).unwrap();
        // This host's clock stands still, so `time.sleep` would never return.
        if src.contains("sleep(") {
            continue;
        }
        let Ok(code) = vm.compile(&src, &name, vm_core::api::Mode::Exec) else {
            continue;
        };
        let before = vm.image_of(&code).expect("an image");
        // Kept reachable (the code object's constants) across the run's collections.
        let v = vm
            .alloc_value(vm_core::object::types::Obj::Code(code.clone()))
            .unwrap();
        let _keep = vm.handle(v);
        let _ = vm.run_main(code.clone());
        assert_eq!(vm.image_of(&code).unwrap(), before, "{name}");
        checked += 1;
    }
    assert!(checked > 80, "{checked}");
}

/// Runs `src` in a fresh VM; its output and outcome.
fn run_capturing(vm: &mut Vm, out: &Rc<RefCell<String>>, src: &str) -> (String, bool) {
    let ok = vm.run_source(src, "main.py").is_ok();
    (std::mem::take(&mut *out.borrow_mut()), ok)
}

#[test]
fn an_imported_module_runs_from_its_image_and_a_bad_image_is_an_import_error() {
    let module = "x = 6 * 7\ndef twice(n):\n    return 2 * n\nz = 1 + 2j\n";
    let good = image::compile_to_image(module, "good.py").expect("an image");
    let mut bad = good.clone();
    bad.truncate(bad.len() - 3);
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(Config::default(), Box::new(Shared(out.clone()))).unwrap();
    for (name, bytes) in [("good", good), ("bad", bad)] {
        let bytes: &'static [u8] = Vec::leak(bytes);
        vm.register_frozen(
            name,
            vm_core::importing::loader::FrozenModule {
                source: None,
                image: Some(bytes),
                package: false,
            },
        );
    }
    let (text, ok) = run_capturing(
        &mut vm,
        &out,
        "import good\nprint(good.x, good.twice(4), good.z)\n",
    );
    assert!(ok, "{text}");
    assert_eq!(text, "42 8 (1+2j)\n");
    let src = "try:\n    import bad\nexcept ImportError as e:\n    print('ImportError', e)\n";
    let (text, ok) = run_capturing(&mut vm, &out, src);
    assert!(ok, "{text}");
    assert!(
        text.starts_with("ImportError cannot import ") && text.contains("bytecode image: "),
        "{text}"
    );
}
