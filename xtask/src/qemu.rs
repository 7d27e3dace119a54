//! `cargo xtask qemu [--image-runner] <x86_64|aarch64> [FILE]`: builds the board image, boots
//! it under QEMU and runs FILE (Python source, or a bytecode image from `tiercel compile`),
//! or opens the REPL on the serial console without FILE.
//!
//! `--image-runner` boots the board built without the compiler (`qemu_tests::Build`): FILE
//! is then compiled to an image on the host first, with the modules frozen with it, and
//! without FILE the board says it has no REPL and exits.
//!
//! With FILE, the script goes into guest memory as a script image (with framed stderr, and
//! the modules and packages beside FILE whose names its source mentions, frozen); the
//! console stream is split back into our stdout and stderr as it arrives, `\r` removed, so
//! `cargo xtask qemu x86_64 tests/py/x.py > out` gives exactly `tests/py/x.exp`. The exit
//! status is the script's (0, 1 on an uncaught exception, `n` for `sys.exit(n)`).
//!
//! Without FILE, QEMU's `-serial stdio` takes over the terminal (QEMU puts it in raw mode):
//! `Ctrl-D` on an empty line leaves the REPL; `Ctrl-C` ends QEMU itself. When stdin is not a
//! terminal (`printf '1+1\n' | cargo xtask qemu aarch64`), it is passed on once the REPL has
//! printed its first prompt, since a board resetting its UART drops earlier bytes, and the end
//! of that input ends the session as `Ctrl-D` would.
//!
//! `--defmt` builds the board with its `defmt` feature: board diagnostics (boot, faults) come
//! as `defmt` frames in the console stream, which are taken out and printed decoded on
//! stderr as `defmt: <timestamp> <message>` (not when QEMU owns a terminal for the REPL).
//! `--events LIST` (implies `--defmt`) asks the board to report the VM events of the kinds
//! listed (`gc`, `memory`, `traces`, `jit`, `tier2`, `all`; comma-separated) while FILE runs:
//! collections, `MemoryError`, traces recorded, stitched or aborted, executors invalidated,
//! machine code compiled, each one decoded line.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::{ExitCode, Stdio};

use qemu_tests::{
    images, map_status, pump_console, qemu_command, try_build_image_of, Arch, Build, Demux, Exit,
    Script, Stream, TempFile, EXIT_FAULT, PROMPT,
};

use vm_core::EventMask;

use crate::defmt_frames::Frames;

fn usage() -> ExitCode {
    eprintln!(
        "usage: cargo xtask qemu [--image-runner] [--defmt] [--events LIST] <x86_64|aarch64> [FILE]"
    );
    eprintln!("  boots the board under QEMU and runs FILE (or the REPL without FILE)");
    eprintln!("  FILE: Python source, or a bytecode image (`tiercel compile`)");
    eprintln!("  --image-runner: the board built without the compiler; FILE.py is compiled here");
    eprintln!("  --defmt: the board's diagnostics as defmt frames, decoded on stderr");
    eprintln!("  --events LIST: with --defmt, the VM events of these kinds while FILE runs");
    eprintln!("    (comma-separated: gc, memory, traces, jit, tier2, all)");
    eprintln!("  TIERCEL_QEMU_ACCEL=kvm uses KVM for x86_64 when /dev/kvm is usable");
    ExitCode::from(2)
}

/// Runs the subcommand with its arguments.
pub fn main(args: &[String]) -> ExitCode {
    let (mut build, mut defmt, mut args) = (Build::Default, false, args);
    let mut events = EventMask::NONE;
    while let Some((flag, rest)) = args.split_first() {
        match flag.as_str() {
            "--image-runner" => build = Build::ImageRunner,
            "--defmt" => defmt = true,
            "--events" => {
                let Some((list, rest)) = rest.split_first() else {
                    return usage();
                };
                match EventMask::parse(list) {
                    Ok(m) => events = events | m,
                    Err(name) => {
                        eprintln!("cargo xtask qemu: unknown kind of event {name:?}");
                        return usage();
                    }
                }
                // Events come as defmt frames.
                defmt = true;
                args = rest;
                continue;
            }
            _ => break,
        }
        args = rest;
    }
    let (arch, file) = match args {
        [a] => (a, None),
        [a, f] => (a, Some(f)),
        _ => return usage(),
    };
    let Some(arch) = Arch::parse(arch) else {
        eprintln!("cargo xtask qemu: unknown board {arch:?} (x86_64 or aarch64)");
        return usage();
    };
    let built = if defmt {
        build_with_defmt(arch, build)
    } else {
        try_build_image_of(arch, build)
    };
    let kernel = match built {
        Ok(k) => k,
        Err(e) => {
            eprintln!("cargo xtask qemu: {e}");
            return ExitCode::from(2);
        }
    };
    let frames = std::fs::read(&kernel)
        .ok()
        .and_then(|elf| Frames::for_image(&elf));
    let code = match file {
        Some(f) => run_file(arch, build, &kernel, Path::new(f), frames, events),
        None => run_repl(arch, &kernel, frames),
    };
    match code {
        Ok(c) => ExitCode::from(c),
        Err(e) => {
            eprintln!("cargo xtask qemu: {e}");
            ExitCode::from(2)
        }
    }
}

/// Builds the board image (`build`) with its `defmt` feature, in a target directory of its
/// own (beside the tests' images, which stay as they are).
fn build_with_defmt(arch: Arch, build: Build) -> Result<std::path::PathBuf, String> {
    let base = build.target_dir();
    let name = base
        .file_name()
        .map_or_else(|| "boards".into(), |n| n.to_string_lossy().into_owned());
    let dir = base.with_file_name(format!("{name}-defmt"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = std::process::Command::new(cargo)
        .current_dir(qemu_tests::workspace_root())
        .args(["build", "--profile", qemu_tests::PROFILE, "-p"])
        .arg(arch.package())
        .args(build.feature_args())
        .args([
            "--features",
            "defmt",
            "--target",
            arch.triple(),
            "--target-dir",
        ])
        .arg(&dir)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .stdin(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building the {arch} board with defmt failed"));
    }
    Ok(dir
        .join(arch.triple())
        .join(qemu_tests::PROFILE)
        .join(arch.binary()))
}

/// Gives console bytes to `text`, after taking out `defmt` frames (printed decoded on
/// stderr) when the image has them.
fn split_defmt(frames: &mut Option<Frames>, chunk: &[u8], mut text: impl FnMut(&[u8])) {
    match frames {
        Some(f) => f.push(chunk, text, |line| eprintln!("defmt: {line}")),
        None => text(chunk),
    }
}

/// Our exit status for how QEMU ended.
fn exit_code(arch: Arch, exit: Exit) -> u8 {
    match exit {
        Exit::Status(c) => u8::try_from(c).unwrap_or(u8::MAX),
        Exit::TripleFault => {
            eprintln!("cargo xtask qemu: the {arch} guest triple-faulted (QEMU status 0)");
            EXIT_FAULT as u8
        }
        Exit::Qemu(c) => {
            eprintln!("cargo xtask qemu: {} failed ({c:?})", arch.qemu());
            2
        }
        Exit::Timeout => 2,
    }
}

fn run_file(
    arch: Arch,
    build: Build,
    kernel: &Path,
    file: &Path,
    mut frames: Option<Frames>,
    events: EventMask,
) -> Result<u8, String> {
    let source = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    // Tracebacks name the file as the corpus' `.err` files do: by its base name.
    let name = file
        .file_name()
        .map_or_else(|| file.to_string_lossy(), |n| n.to_string_lossy());
    // The modules beside the script that it names go into the image with it, frozen.
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
    let modules = qemu_tests::modules_beside(dir.unwrap_or(Path::new(".")), &source, true);
    let is_image = vm_core::image::is_image(&source);
    let mut script = if build == Build::ImageRunner && !is_image {
        match images::compiled_script(&name, &source, &modules) {
            Ok(s) => s,
            Err(report) => {
                // As `tiercel compile` reports it: nothing to boot.
                eprint!("{report}");
                return Ok(1);
            }
        }
    } else {
        let mut s = Script::new(&name, source);
        s.modules = if build == Build::ImageRunner {
            images::compile_modules(&modules)
        } else {
            modules
        };
        s
    };
    script.flags |= qemu_tests::script::events_flags(events);
    let image = script
        .encode()
        .ok_or("the script is larger than a board accepts (64 MiB)")?;
    let image = TempFile::new(&image).map_err(|e| format!("cannot write the script image: {e}"))?;
    let mut child = qemu_command(arch, kernel, Some(image.path()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", arch.qemu()))?;
    let console = child.stdout.take().ok_or("no stdout pipe")?;
    let (stdout, stderr) = (std::io::stdout(), std::io::stderr());
    let mut demux = Demux::default();
    let no_input: Option<std::process::ChildStdin> = None;
    pump_console(console, no_input, b"", std::io::empty(), |chunk| {
        split_defmt(&mut frames, chunk, |chunk| {
            let (mut out, mut err) = (stdout.lock(), stderr.lock());
            demux.push(chunk, |s, b| {
                let _ = match s {
                    Stream::Stdout => out.write_all(b),
                    Stream::Stderr => {
                        // Keep the two streams in console order on a terminal.
                        let _ = out.flush();
                        err.write_all(b)
                    }
                };
            });
            let _ = out.flush();
        });
    });
    let status = child.wait().map_err(|e| e.to_string())?;
    Ok(exit_code(arch, map_status(arch, status.code())))
}

fn run_repl(arch: Arch, kernel: &Path, mut frames: Option<Frames>) -> Result<u8, String> {
    let mut cmd = qemu_command(arch, kernel, None);
    if std::io::stdin().is_terminal() {
        let status = cmd
            .status()
            .map_err(|e| format!("cannot start {}: {e}", arch.qemu()))?;
        return Ok(exit_code(arch, map_status(arch, status.code())));
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", arch.qemu()))?;
    let console = child.stdout.take().ok_or("no stdout pipe")?;
    let stdout = std::io::stdout();
    // End of the piped input ends the session like Ctrl-D at a terminal (twice: the first
    // completes an unfinished block, the second leaves the REPL).
    let input = std::io::Read::chain(std::io::stdin(), &b"\x04\x04"[..]);
    pump_console(console, child.stdin.take(), PROMPT, input, |chunk| {
        split_defmt(&mut frames, chunk, |b| {
            let mut out = stdout.lock();
            let _ = out.write_all(b);
            let _ = out.flush();
        });
    });
    let status = child.wait().map_err(|e| e.to_string())?;
    Ok(exit_code(arch, map_status(arch, status.code())))
}
