//! The `tiercel` command: runs a Python file like `python3 FILE.py`.
//!
//! Usage: `tiercel [--heap BYTES] [--fuel N] [--dis] [--stats] [--stress-specialize] [--tier 1|2|3]
//! [--hot N] [--no-opt] [--uop-helpers] [--dump-traces] [--dump-jit] [--perf-map] [--jit-stress] [--jit-memory BYTES] [-c CODE | FILE] [ARGS...]`. Output goes to stdout,
//! an uncaught exception prints a CPython-style traceback on stderr and exits with status 1,
//! and `sys.exit(n)` exits with `n`.
//!
//! The default tier is 3: traces compiled to machine code where the host has a backend
//! (x86-64), tier 2 elsewhere; `--tier 2` runs traces in the uop executor only.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Small blocks freed by the VM are reused from size-class lists in O(1) rather than going
/// back through the system allocator's slow paths (see `board-heap`).
#[global_allocator]
static ALLOCATOR: board_heap::Allocator<board_heap::Over<std::alloc::System>> =
    board_heap::Allocator::over(std::alloc::System);

mod compile_cmd;

use vm_core::hostfs::{FileMode, HostError, Whence};
use vm_core::importing::loader::FoundModule;
use vm_core::{Config, Host, Vm};

/// Host output and clocks for the VM.
struct StdHost {
    out: std::io::BufWriter<std::io::Stdout>,
    start: Instant,
    files: tiercel::files::HostFiles,
}

impl Host for StdHost {
    fn write_stdout(&mut self, s: &str) {
        let _ = self.out.write_all(s.as_bytes());
    }

    fn write_stderr(&mut self, s: &str) {
        // Keep the two streams ordered as a terminal shows them.
        let _ = self.out.flush();
        let _ = std::io::stderr().write_all(s.as_bytes());
    }

    fn flush(&mut self) {
        let _ = self.out.flush();
    }

    fn time(&mut self) -> f64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64())
    }

    fn monotonic(&mut self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    fn find_module(&mut self, name: &str, path: &[String]) -> Option<FoundModule> {
        tiercel::modules::find_module_fs(name, path)
    }

    fn file_open(&mut self, path: &str, mode: FileMode) -> Result<u64, HostError> {
        self.files.open(path, mode)
    }

    fn file_read(&mut self, handle: u64, max: usize) -> Result<Vec<u8>, HostError> {
        self.files.read(handle, max)
    }

    fn file_write(&mut self, handle: u64, data: &[u8]) -> Result<usize, HostError> {
        self.files.write(handle, data)
    }

    fn file_seek(&mut self, handle: u64, offset: i64, whence: Whence) -> Result<u64, HostError> {
        self.files.seek(handle, offset, whence)
    }

    fn file_close(&mut self, handle: u64) -> Result<(), HostError> {
        self.files.close(handle)
    }

    fn file_remove(&mut self, path: &str) -> Result<(), HostError> {
        self.files.remove(path)
    }
}

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

fn usage() -> ExitCode {
    eprintln!(
        "usage: tiercel [--heap BYTES] [--fuel N] [--dis] [--stats] [--stress-specialize] [--tier 1|2|3] [--hot N] [--no-opt] [--uop-helpers] [--dump-traces] [--dump-jit] [--perf-map] [--jit-stress] [--jit-memory BYTES] [-c CODE | FILE] [ARGS...]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).is_some_and(|a| a == "compile") {
        return compile_cmd::main(&argv[2..]);
    }
    let mut args = std::env::args().skip(1);
    let mut config = Config::default();
    let mut dis = false;
    let mut dump_traces = false;
    // Tier 3 unless told otherwise (tier 2 where the host has no backend).
    let mut tier3 = true;
    let mut dump_jit = false;
    let mut jit_stress = None;
    let mut jit_memory = tiercel::DEFAULT_CODE_MEMORY;
    let mut perf_map = false;
    let (source, filename, rest) = loop {
        let Some(a) = args.next() else { return usage() };
        match a.as_str() {
            "--heap" => match args.next().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) => config.heap_limit = n,
                None => return usage(),
            },
            "--fuel" => match args.next().and_then(|n| n.parse::<u64>().ok()) {
                Some(n) => config.fuel = Some(n),
                None => return usage(),
            },
            "--dis" => dis = true,
            "--stats" => config.stats = true,
            "--stress-specialize" => config.stress_specialize = true,
            "--tier" => match args.next().and_then(|n| n.parse::<u8>().ok()) {
                Some(n @ (1 | 2)) => {
                    config.tier = n;
                    tier3 = false;
                }
                Some(3) => {
                    config.tier = 2;
                    tier3 = true;
                }
                _ => return usage(),
            },
            "--hot" => match args.next().and_then(|n| n.parse::<u32>().ok()) {
                Some(n) if n >= 1 => config.hot = Some(n),
                _ => return usage(),
            },
            "--dump-traces" => {
                dump_traces = true;
                config.log_traces = true;
            }
            "--dump-jit" => dump_jit = true,
            "--jit-stress" => jit_stress = Some(0x5EED),
            "--jit-memory" => match args.next().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if n > 0 => jit_memory = n,
                _ => return usage(),
            },
            "--perf-map" => perf_map = true,
            "--no-opt" => config.optimize_traces = false,
            "--uop-helpers" => config.uop_helpers = true,
            "-c" => {
                let Some(code) = args.next() else {
                    return usage();
                };
                break (code, String::from("<string>"), vec![String::from("-c")]);
            }
            "-h" | "--help" => return usage(),
            file if compile_cmd::is_image_path(file) => {
                break (String::new(), String::from(file), vec![String::from(file)]);
            }
            file => match std::fs::read(file) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(s) => break (s, String::from(file), vec![String::from(file)]),
                    Err(_) => {
                        eprintln!("SyntaxError: (unicode error) 'utf-8' codec can't decode the file {file}");
                        return ExitCode::from(1);
                    }
                },
                Err(e) => {
                    eprintln!(
                        "tiercel: can't open file '{file}': [Errno {}] {e}",
                        e.raw_os_error().unwrap_or(0)
                    );
                    return ExitCode::from(2);
                }
            },
        }
    };
    let jit = tier3.then(|| {
        let listings = dump_jit || perf_map;
        tiercel::HostJit::with_stress(jit_memory, listings, jit_stress)
    });
    config.jit = jit.as_ref().and_then(|j| j.config.clone());
    config.argv = rest;
    config.argv.extend(args);
    config.path = vec![tiercel::modules::script_dir(&filename)];
    let host = StdHost {
        out: std::io::BufWriter::new(std::io::stdout()),
        start: Instant::now(),
        files: tiercel::files::HostFiles::default(),
    };
    let mut vm = match Vm::new(config, Box::new(host)) {
        Ok(vm) => vm,
        Err(e) => {
            eprintln!("tiercel: {e}");
            return ExitCode::from(2);
        }
    };
    if dis {
        return match vm.disassemble_source(&source, &filename) {
            Ok(text) => {
                vm.write_out(&text);
                vm.host.flush();
                ExitCode::SUCCESS
            }
            Err(e) => {
                vm.write_err(&e);
                ExitCode::from(1)
            }
        };
    }
    if !filename.starts_with('<') {
        vm.set_main_file(&filename);
    }
    let r = if compile_cmd::is_image_path(&filename) {
        compile_cmd::run_image_file(&mut vm, &filename)
    } else {
        vm.run_source(&source, &filename)
    };
    let terminated = matches!(r, Err(vm_core::RunError::Terminated { .. }));
    let code = vm.report_outcome(r);
    if let (true, Some(n)) = (terminated, vm.fuel_used()) {
        vm.write_err(&format!("(fuel used: {n})\n"));
    }
    vm.host.flush();
    if let Some(stats) = vm.spec_stats() {
        eprint!("{}", stats.report());
    }
    if let Some(stats) = vm.tier2_stats() {
        eprint!("{}", stats.report());
    }
    if vm.config.stats && tier3 {
        report_jit(&vm);
    }
    if vm.config.stats {
        if let Some(kib) = peak_resident_kib() {
            eprintln!("peak resident memory: {kib} KiB");
        }
    }
    if let Some(jit) = &jit {
        write_jit_listings(jit, dump_jit, perf_map);
    }
    if dump_traces {
        eprint!("{}", vm.take_trace_log());
        eprint!("{}", vm.dump_executors());
    }
    ExitCode::from(code as u8)
}
