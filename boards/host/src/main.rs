//! The `tiercel` command: runs Python like `python3` (a script, `-c`, `-m`, standard input,
//! or the REPL), with Tiercel's own options before the program (see `--help` and the
//! README). Output goes to stdout, an uncaught exception prints a CPython-style traceback on
//! stderr and exits with status 1, `sys.exit(n)` exits with `n`, and an uncaught
//! `KeyboardInterrupt` (Ctrl-C) ends the process by `SIGINT`.
//!
//! The default tier is 3: traces compiled to machine code where the host has a backend
//! (x86-64), tier 2 elsewhere; `--tier 2` runs traces in the uop executor only.

use std::cell::RefCell;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::rc::Rc;

/// Small blocks freed by the VM are reused from size-class lists in O(1) rather than going
/// back through the system allocator's slow paths (see `board-heap`).
#[global_allocator]
static ALLOCATOR: board_heap::Allocator<board_heap::Over<std::alloc::System>> =
    board_heap::Allocator::over(std::alloc::System);

mod compile_cmd;

use tiercel::cli::{Options, Parsed, Tuning};
use tiercel::stdio::{write_stderr, Console};
use vm_core::importing::main_module::MainModuleError;
use vm_core::{RunError, Vm};

/// The process's peak resident size (`VmHWM`), where the system reports it (Linux).
fn peak_resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `--stats` at tier 3: what the JIT compiled and refused, the code memory it holds,
/// and how runs of machine code ended.
fn report_jit(vm: &Vm) {
    match vm.jit_stats() {
        Some(j) => {
            eprintln!(
                "jit: {} executors compiled, {} refused, {} not compiled for want of code memory, \
                 {} without a start worth entering",
                j.compiled, j.refused, j.out_of_memory, j.without_starts
            );
            eprintln!(
                "jit: code memory {} bytes now, {} at most, {} executors' code freed as cold",
                j.code_bytes, j.peak_code_bytes, j.freed_cold
            );
            let x = j.exits;
            eprintln!(
                "jit: {} runs of machine code; left by hand-back {}, guard {}, exception {}, \
                 frame change {}, other {}",
                x.entries, x.hand_backs, x.guards, x.errors, x.frames, x.other
            );
            if let Some(why) = j.last_refusal {
                eprintln!("jit: last refusal: {why}");
            }
        }
        None => eprintln!("jit: no backend for this architecture; tier 2 ran instead"),
    }
}

/// `--dump-jit` (the listings, on stderr) and `--perf-map` (`/tmp/perf-PID.map`).
fn write_jit_listings(jit: &tiercel::HostJit, dump_jit: bool, perf_map: bool) {
    if dump_jit {
        eprint!("{}", jit.dump());
    }
    if perf_map {
        let path = format!("/tmp/perf-{}.map", std::process::id());
        if let Err(e) = std::fs::write(&path, jit.perf_map()) {
            eprintln!("tiercel: cannot write {path}: {e}");
        }
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    let prog = argv.first().map_or("tiercel", String::as_str);
    if argv.get(1).is_some_and(|a| a == "compile") {
        return compile_cmd::main(&argv[2..]);
    }
    match tiercel::cli::parse(argv.get(1..).unwrap_or_default()) {
        Parsed::Help => print_and_exit(&tiercel::cli::help(prog)),
        Parsed::Version(level) => print_and_exit(&tiercel::cli::version(level)),
        Parsed::Error(first) => {
            write_stderr(&tiercel::cli::usage_error(prog, &first));
            ExitCode::from(2)
        }
        Parsed::Run(o) => run(*o, prog),
    }
}

/// `--help` and `--version`: text on stdout, status 0 (1 if it cannot be written).
fn print_and_exit(text: &str) -> ExitCode {
    let mut out = tiercel::stdio::Stdout::new(tiercel::stdio::Buffering::Unbuffered);
    out.write(text);
    match out.take_error() {
        None => ExitCode::SUCCESS,
        Some(_) => ExitCode::from(1),
    }
}

/// What a finished run leaves for the process's end.
struct Ending {
    status: i32,
    /// An uncaught `KeyboardInterrupt`: the process ends by `SIGINT`.
    interrupted: bool,
}

fn run(o: Options, prog: &str) -> ExitCode {
    let console = Rc::new(RefCell::new(Console::new(o.unbuffered)));
    let stdin_terminal = std::io::stdin().is_terminal();
    let loaded = tiercel::launch::load(
        &o.program,
        prog,
        &mut console.borrow_mut(),
        stdin_terminal || o.inspect,
    );
    let mut source = match loaded {
        Ok(s) => s,
        Err(e) => {
            write_stderr(&e.message);
            return ExitCode::from(e.status);
        }
    };
    let Options {
        tuning,
        inspect,
        quiet,
        args,
        ..
    } = o;
    let Tuning {
        mut config,
        dis,
        dump_traces,
        tier3,
        dump_jit,
        jit_stress,
        jit_memory,
        perf_map,
    } = tuning;
    let jit = tier3.then(|| {
        let listings = dump_jit || perf_map;
        tiercel::HostJit::with_stress(jit_memory, listings, jit_stress)
    });
    config.jit = jit.as_ref().and_then(|j| j.config.clone());
    config.argv = vec![source.as_ref().map_or(String::new(), |s| s.argv0.clone())];
    config.argv.extend(args);
    let path0 = source.as_ref().map(|s| s.path0.clone());
    config.path = vec![path0.unwrap_or_else(tiercel::launch::current_dir)];
    let host = tiercel::StdHost::new(console.clone());
    let mut vm = match Vm::new(config, Box::new(host)) {
        Ok(vm) => vm,
        Err(e) => {
            write_stderr(&format!("tiercel: {e}\n"));
            return ExitCode::from(2);
        }
    };
    console.borrow_mut().set_signals(vm.signals());
    let interrupts = if tiercel::interrupt::ignored_at_start() {
        None
    } else {
        match tiercel::interrupt::Interrupts::install(vm.signals()) {
            Ok(i) => Some(i),
            Err(e) => {
                write_stderr(&format!("tiercel: cannot handle SIGINT: {e}\n"));
                None
            }
        }
    };
    let mut ending = Ending {
        status: 0,
        interrupted: false,
    };
    let mut ready = true;
    if let Some(src) = &mut source {
        if let Err(failed) = prepare_main(&mut vm, src, prog) {
            ending = failed;
            ready = false;
        }
    }
    if dis {
        return match &source {
            Some(src) if ready => disassemble(&mut vm, &console, src),
            Some(_) => ExitCode::from(ending.status as u8),
            None => {
                write_stderr("tiercel: --dis needs a program\n");
                ExitCode::from(2)
            }
        };
    }
    if let (Some(src), true) = (&source, ready) {
        vm.set_system_exit_reported(inspect);
        ending = run_script(&mut vm, src);
        vm.set_system_exit_reported(false);
        report_diagnostics(&mut vm, &jit, tier3, dump_jit, perf_map, dump_traces);
    }
    if source.is_none() || inspect {
        if source.is_none() && !quiet {
            write_stderr(&tiercel::repl::banner());
        }
        ending = Ending {
            status: tiercel::repl::run(&mut vm, &console),
            interrupted: false,
        };
    }
    if let Some(i) = &interrupts {
        i.shut_down();
    }
    end_process(&console, ending)
}

/// Writes out standard output (failing that is reported as CPython does) and ends the
/// process: by `SIGINT` after an uncaught `KeyboardInterrupt`, else with the status.
fn end_process(console: &Rc<RefCell<Console>>, mut ending: Ending) -> ExitCode {
    let finish = console.borrow_mut().stdout.finish();
    if let Err(e) = finish {
        let class = if e.errno == 32 {
            "BrokenPipeError"
        } else {
            "OSError"
        };
        write_stderr(&format!(
            "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n\
             {class}: [Errno {}] {}\n",
            e.errno, e.message
        ));
        ending.status = 120;
    }
    if ending.interrupted {
        tiercel::interrupt::exit_by_sigint();
    }
    ExitCode::from(ending.status as u8)
}

/// Makes `__main__` the program's: `__file__` of a script, and for `-m` the module the
/// import system finds (its parent packages' code runs now). A failure is reported.
fn prepare_main(vm: &mut Vm, src: &mut tiercel::launch::Source, prog: &str) -> Result<(), Ending> {
    if src.file {
        vm.set_main_file(&src.filename);
    }
    let Some(name) = src.module.clone() else {
        return Ok(());
    };
    match vm.prepare_main_module(&name) {
        Ok(m) => {
            src.text = m.source;
            src.argv0.clone_from(&m.origin);
            src.filename = m.origin;
            Ok(())
        }
        Err(MainModuleError::NotFound(msg)) => {
            write_stderr(&format!("{prog}: {msg}\n"));
            Err(Ending {
                status: 1,
                interrupted: false,
            })
        }
        Err(MainModuleError::Raised(r)) => Err(report_run(vm, Err(r))),
    }
}

/// Runs the program; reports its outcome (`python3 -i` also reports `SystemExit`).
fn run_script(vm: &mut Vm, src: &tiercel::launch::Source) -> Ending {
    let r = if src.file && compile_cmd::is_image_path(&src.filename) {
        compile_cmd::run_image_file(vm, &src.filename)
    } else {
        vm.run_source(&src.text, &src.filename)
    };
    report_run(vm, r)
}

/// Reports a run's outcome (a traceback, the fuel used) and what it leaves for the end.
fn report_run(vm: &mut Vm, r: Result<(), RunError>) -> Ending {
    let terminated = matches!(r, Err(RunError::Terminated { .. }));
    let interrupted = matches!(&r, Err(RunError::Exception { type_name, .. }) if type_name == "KeyboardInterrupt");
    let status = vm.report_outcome(r);
    if let (true, Some(n)) = (terminated, vm.fuel_used()) {
        vm.write_err(&format!("(fuel used: {n})\n"));
    }
    vm.host.flush();
    Ending {
        status,
        interrupted,
    }
}

/// `--dis`: the disassembly instead of a run.
fn disassemble(
    vm: &mut Vm,
    console: &Rc<RefCell<Console>>,
    src: &tiercel::launch::Source,
) -> ExitCode {
    match vm.disassemble_source(&src.text, &src.filename) {
        Ok(text) => {
            vm.write_out(&text);
            match console.borrow_mut().stdout.finish() {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(120),
            }
        }
        Err(e) => {
            vm.write_err(&e);
            ExitCode::from(1)
        }
    }
}

/// `--stats`, `--dump-jit`, `--perf-map`, `--dump-traces` after a run.
fn report_diagnostics(
    vm: &mut Vm,
    jit: &Option<tiercel::HostJit>,
    tier3: bool,
    dump_jit: bool,
    perf_map: bool,
    dump_traces: bool,
) {
    if let Some(stats) = vm.spec_stats() {
        eprint!("{}", stats.report());
    }
    if let Some(stats) = vm.tier2_stats() {
        eprint!("{}", stats.report());
    }
    if vm.config.stats && tier3 {
        report_jit(vm);
    }
    if vm.config.stats {
        if let Some(kib) = peak_resident_kib() {
            eprintln!("peak resident memory: {kib} KiB");
        }
    }
    if let Some(jit) = jit {
        write_jit_listings(jit, dump_jit, perf_map);
    }
    if dump_traces {
        eprint!("{}", vm.take_trace_log());
        eprint!("{}", vm.dump_executors());
    }
}
