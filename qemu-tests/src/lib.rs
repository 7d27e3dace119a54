//! The QEMU harness: builds the board images, boots them under QEMU with a timeout, feeds a
//! script (placed in guest memory) or console input (for the REPL), and returns the console
//! output split back into stdout and stderr, with the mapped exit status.
//!
//! The board contract (`boards/common`, `/work/prompts/board_common.md`): 512 MiB of RAM, a
//! script image ([`board_common::script::encode`]) loaded with
//! `-device loader,file=IMAGE,addr=ADDR,force-raw=on` at [`Arch::script_addr`], stderr framed
//! between [`STDERR_BEGIN`] and [`STDERR_END`] when the image asks for it
//! ([`script::FLAG_FRAMED`]), and the exit status through `isa-debug-exit` (x86_64) or
//! semihosting (aarch64).
//!
//! ```no_run
//! use qemu_tests::{run, Arch, Exit, Run, Script};
//! use std::time::Duration;
//!
//! let out = run(Arch::Aarch64, &Run {
//!     script: Some(Script::new("hello.py", "print('hi')\n")),
//!     input: Vec::new(),
//!     wait_for: None,
//!     timeout: Duration::from_secs(30),
//! });
//! assert_eq!(out.stdout, "hi\n");
//! assert_eq!(out.exit, Exit::Status(0));
//! ```

use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub use board_common::console::{STDERR_BEGIN, STDERR_END};
pub use board_common::script;
pub use board_common::{EXIT_FAULT, EXIT_PANIC, EXIT_SELFTEST_FAILED};

pub mod corpus;
pub mod images;

/// A QEMU board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arch {
    /// `boards/qemu-x86_64`: `qemu-system-x86_64 -M microvm`.
    X86_64,
    /// `boards/qemu-aarch64`: `qemu-system-aarch64 -M virt -cpu cortex-a72`.
    Aarch64,
}

impl Arch {
    /// Both boards.
    pub const ALL: [Arch; 2] = [Arch::X86_64, Arch::Aarch64];

    /// `"x86_64"` or `"aarch64"`: the suffix of the crate, binary and QEMU names.
    pub fn name(self) -> &'static str {
        match self {
            Arch::X86_64 => "x86_64",
            Arch::Aarch64 => "aarch64",
        }
    }

    /// Parses [`Arch::name`] (also accepts `x86-64`, `x64`, `arm64`).
    pub fn parse(s: &str) -> Option<Arch> {
        match s {
            "x86_64" | "x86-64" | "x64" => Some(Arch::X86_64),
            "aarch64" | "arm64" => Some(Arch::Aarch64),
            _ => None,
        }
    }

    /// The Rust target triple of the board image.
    pub fn triple(self) -> &'static str {
        match self {
            Arch::X86_64 => "x86_64-unknown-none",
            Arch::Aarch64 => "aarch64-unknown-none",
        }
    }

    /// The board crate (`board-qemu-<arch>`).
    pub fn package(self) -> String {
        format!("board-qemu-{}", self.name())
    }

    /// The board binary (`tiercel-qemu-<arch>`).
    pub fn binary(self) -> String {
        format!("tiercel-qemu-{}", self.name())
    }

    /// The QEMU executable (`qemu-system-<arch>`).
    pub fn qemu(self) -> String {
        format!("qemu-system-{}", self.name())
    }

    /// Guest-physical address where the board looks for a script image (contract: RAM base
    /// + 384 MiB).
    pub fn script_addr(self) -> u64 {
        match self {
            Arch::X86_64 => 0x1800_0000,
            Arch::Aarch64 => 0x5800_0000,
        }
    }
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Largest script image a board accepts (contract: 64 MiB).
pub const MAX_IMAGE: usize = 64 << 20;

/// The workspace root (where `Cargo.toml` and `tests/py` live).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Where board images are built: `boards` in the build's target folder (`CARGO_TARGET_DIR`
/// when the environment sets it, else the workspace's `target`).
pub fn boards_target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => workspace_root().join(dir).join("boards"),
        _ => workspace_root().join("target/boards"),
    }
}

/// Set (to anything) by a caller that has just built both board images with
/// [`build_command`]'s command line (`test.sh` does): the harness then boots them as they are
/// instead of running cargo again from inside a test.
pub const PREBUILT_ENV: &str = "TIERCEL_BOARDS_PREBUILT";

/// The cargo profile of the images the harness boots: the `board` profile (LTO, panic abort)
/// at `opt-level = 3`, which runs the suites 2-3x faster under QEMU's emulation than the
/// size-optimized `board` profile (the one `docs/BOARDS.md` reports sizes for).
pub const PROFILE: &str = "board-test";

/// Which build of a board image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Build {
    /// The default features: the compiler, source scripts and the REPL.
    Default,
    /// The image runner: built without the compiler (`--no-default-features --features
    /// stdlib,re,bytes-methods,bigint,str-methods,set-ops,modules`), it runs bytecode images only.
    /// It also leaves out the specialized instructions (`specialize`), so the corpus runs on
    /// both boards with only the generic instruction forms too.
    ImageRunner,
}

impl Build {
    /// The cargo arguments that select this build's features.
    pub fn feature_args(self) -> &'static [&'static str] {
        match self {
            Build::Default => &[],
            Build::ImageRunner => &[
                "--no-default-features",
                "--features",
                "stdlib,re,bytes-methods,bigint,str-methods,set-ops,modules",
            ],
        }
    }

    /// Where it is built: a target directory of its own, so the two builds never replace
    /// each other's image (nor wait on the outer build's lock).
    pub fn target_dir(self) -> PathBuf {
        boards_target_dir().with_file_name(match self {
            Build::Default => "boards",
            Build::ImageRunner => "boards-runner",
        })
    }
}

/// The `cargo build` command for a board image. The `RUSTFLAGS` family is removed so flags
/// meant for host builds (coverage, `-D warnings`, `-C target-cpu=native`) do not reach the
/// bare-metal build; the separate `--target-dir` avoids waiting on the outer build's lock.
pub fn build_command(arch: Arch) -> Command {
    build_command_of(arch, Build::Default)
}

/// [`build_command`] for either [`Build`].
pub fn build_command_of(arch: Arch, build: Build) -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(workspace_root())
        .args(["build", "--profile", PROFILE, "-p"])
        .arg(arch.package())
        .args(["--target", arch.triple(), "--target-dir"])
        .arg(build.target_dir())
        .args(build.feature_args())
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET");
    // What `cargo test` sets for the test process describes the test's own package (and a
    // jobserver this process does not hold): the inner build starts from the shell's view.
    for (key, _) in std::env::vars_os() {
        let Some(k) = key.to_str() else { continue };
        let per_package = k.starts_with("CARGO_PKG_")
            || matches!(
                k,
                "CARGO_MANIFEST_DIR"
                    | "CARGO_MANIFEST_PATH"
                    | "CARGO_CRATE_NAME"
                    | "CARGO_BIN_NAME"
                    | "CARGO_PRIMARY_PACKAGE"
                    | "CARGO_TARGET_TMPDIR"
                    | "OUT_DIR"
                    | "CARGO_MAKEFLAGS"
                    | "MAKEFLAGS"
                    | "MFLAGS"
            );
        if per_package {
            cmd.env_remove(k);
        }
    }
    cmd
}

/// Where [`build_command`] puts the image.
pub fn image_path(arch: Arch) -> PathBuf {
    image_path_of(arch, Build::Default)
}

/// Where [`build_command_of`] puts the image.
pub fn image_path_of(arch: Arch, build: Build) -> PathBuf {
    build
        .target_dir()
        .join(arch.triple())
        .join(PROFILE)
        .join(arch.binary())
}

/// Builds the board image once per process (later calls return the first result); `Err`
/// holds cargo's output. Cargo's progress is captured, not shown.
pub fn try_build_image(arch: Arch) -> Result<PathBuf, String> {
    try_build_image_of(arch, Build::Default)
}

/// [`try_build_image`] for either [`Build`].
pub fn try_build_image_of(arch: Arch, build: Build) -> Result<PathBuf, String> {
    static BUILT: [OnceLock<Result<PathBuf, String>>; 4] = [const { OnceLock::new() }; 4];
    let cell =
        &BUILT[usize::from(arch == Arch::Aarch64) * 2 + usize::from(build == Build::ImageRunner)];
    cell.get_or_init(|| {
        let image = image_path_of(arch, build);
        if std::env::var_os(PREBUILT_ENV).is_some() && image.is_file() {
            return Ok(image);
        }
        let out = build_command_of(arch, build)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "building the {arch} board image ({build:?}) failed ({}):\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(image_path_of(arch, build))
    })
    .clone()
}

/// Builds the board image once per process and returns its path. Panics when the build fails
/// (with cargo's output).
pub fn build_image(arch: Arch) -> PathBuf {
    try_build_image(arch).unwrap_or_else(|e| panic!("{e}"))
}

/// [`build_image`] for either [`Build`].
pub fn build_image_of(arch: Arch, build: Build) -> PathBuf {
    try_build_image_of(arch, build).unwrap_or_else(|e| panic!("{e}"))
}

/// A script for the board to run instead of the REPL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The file name (tracebacks, `sys.argv[0]`).
    pub name: String,
    /// The source text.
    pub source: Vec<u8>,
    /// Header flags ([`script::FLAG_FRAMED`], [`script::FLAG_SELFTEST`], ...).
    pub flags: u32,
    /// The image's module section ([`script::encode_module`]): what the script can import.
    pub modules: Vec<u8>,
}

impl Script {
    /// A script run with framed stderr (so [`Output::stdout`] and [`Output::stderr`] are
    /// separate).
    pub fn new(name: &str, source: impl Into<Vec<u8>>) -> Script {
        Script {
            name: name.to_string(),
            source: source.into(),
            flags: script::FLAG_FRAMED,
            modules: Vec::new(),
        }
    }

    /// An empty script with extra flags, e.g. [`script::FLAG_SELFTEST`].
    pub fn with_flags(flags: u32) -> Script {
        Script {
            name: String::from("<selftest>"),
            source: Vec::new(),
            flags: flags | script::FLAG_FRAMED,
            modules: Vec::new(),
        }
    }

    /// The image bytes ([`script::encode`]); `None` when it exceeds [`MAX_IMAGE`].
    pub fn encode(&self) -> Option<Vec<u8>> {
        script::encode_with_modules(&self.name, &self.source, self.flags, &self.modules)
            .filter(|v| v.len() <= MAX_IMAGE)
    }
}

/// The module section ([`script::encode_module`]) for a script in folder `dir` with
/// `source`: each package folder (and with `siblings`, each other `.py` file) of `dir` whose
/// name the source mentions, with the modules of its subfolders, named and placed as the
/// host's loader finds them beside the script.
pub fn modules_beside(dir: &Path, source: &[u8], siblings: bool) -> Vec<u8> {
    let text = String::from_utf8_lossy(source);
    let mut section = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return section;
    };
    let mut names: Vec<(String, bool)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path().is_dir())))
        .filter(|(n, _)| text.contains(n.strip_suffix(".py").unwrap_or(n)))
        .collect();
    names.sort();
    for (n, is_dir) in names {
        if is_dir {
            add_modules(&mut section, dir, &n);
        } else if siblings && n.ends_with(".py") {
            add_module(&mut section, dir, "", &n);
        }
    }
    section
}

/// Adds the modules of folder `rel` (relative to `root`) and of its subfolders.
fn add_modules(section: &mut Vec<u8>, root: &Path, rel: &str) {
    let Ok(entries) = std::fs::read_dir(root.join(rel)) else {
        return;
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    for n in names {
        let path = format!("{rel}/{n}");
        if root.join(&path).is_dir() {
            add_modules(section, root, &path);
        } else {
            add_module(section, root, rel, &n);
        }
    }
}

/// Adds file `n` of folder `rel` (`""` for `root` itself) when it is a `.py` module.
fn add_module(section: &mut Vec<u8>, root: &Path, rel: &str, n: &str) {
    let Some(stem) = n.strip_suffix(".py") else {
        return;
    };
    let path = if rel.is_empty() {
        n.to_string()
    } else {
        format!("{rel}/{n}")
    };
    let package = stem == "__init__" && !rel.is_empty();
    let dotted = rel.replace('/', ".");
    let name = match (package, dotted.is_empty()) {
        (true, _) => dotted,
        (false, true) => stem.to_string(),
        (false, false) => format!("{dotted}.{stem}"),
    };
    let data = std::fs::read(root.join(&path)).unwrap_or_default();
    let m = script::Module {
        name: &name,
        origin: &path,
        data: &data,
        flags: if package { script::MODULE_PACKAGE } else { 0 },
    };
    script::encode_module(section, &m).expect("a module under 4 GiB");
}

/// One boot: what to run and for how long.
#[derive(Clone, Debug)]
pub struct Run {
    /// The script, or `None` for the REPL.
    pub script: Option<Script>,
    /// Bytes sent to the serial console (QEMU's stdin), then stdin is closed.
    pub input: Vec<u8>,
    /// When set, `input` is held back until the console has printed this (for the REPL:
    /// [`PROMPT`]). A board initialising its UART may drop bytes that arrived earlier (the
    /// x86_64 16550 FIFO reset does), as a real terminal user would not have typed yet.
    pub wait_for: Option<Vec<u8>>,
    /// QEMU is killed after this long.
    pub timeout: Duration,
}

/// The REPL's primary prompt: a board that prints it is reading console input.
pub const PROMPT: &[u8] = b">>> ";

/// Reads the console to its end, giving each chunk to `on_chunk`. Once the console has
/// printed `wait_for` (at once when it is empty), a thread copies `input` to `stdin` and
/// then closes it. That thread is not joined: it ends when `input` ends or when the write
/// fails because QEMU has exited (an `input` that never ends, such as a terminal, keeps it
/// blocked in a read until the process exits).
pub fn pump_console<R, W, I>(
    mut console: R,
    stdin: Option<W>,
    wait_for: &[u8],
    input: I,
    mut on_chunk: impl FnMut(&[u8]),
) where
    R: Read,
    W: Write + Send + 'static,
    I: Read + Send + 'static,
{
    let mut pending = stdin.map(|w| (w, input));
    let start_writer = |pending: &mut Option<(W, I)>| {
        if let Some((mut w, mut i)) = pending.take() {
            std::thread::spawn(move || {
                // The guest may exit before reading everything: a broken pipe is fine.
                let _ = std::io::copy(&mut i, &mut w);
            });
        }
    };
    if wait_for.is_empty() {
        start_writer(&mut pending);
    }
    // The last bytes seen, so a marker split across chunks is found.
    let mut window: Vec<u8> = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = match console.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        on_chunk(&buf[..n]);
        if pending.is_some() {
            window.extend_from_slice(&buf[..n]);
            if window.windows(wait_for.len()).any(|w| w == wait_for) {
                start_writer(&mut pending);
            }
            let keep = wait_for.len().saturating_sub(1);
            window.drain(..window.len().saturating_sub(keep));
        }
    }
}

/// How QEMU ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The guest exited with this status (x86_64: QEMU's odd `c` is `c >> 1`; aarch64: the
    /// semihosting status as is).
    Status(i32),
    /// x86_64: QEMU exited with 0 under `-no-reboot`: a triple fault or reset.
    TripleFault,
    /// QEMU ended in a way the guest cannot cause (bad command line: even status on x86_64;
    /// killed by a signal: `None`).
    Qemu(Option<i32>),
    /// Killed at the timeout.
    Timeout,
}

/// Maps QEMU's process exit code to what the guest meant.
pub fn map_status(arch: Arch, code: Option<i32>) -> Exit {
    match (arch, code) {
        (_, None) => Exit::Qemu(None),
        (Arch::X86_64, Some(0)) => Exit::TripleFault,
        (Arch::X86_64, Some(c)) if c & 1 == 1 => Exit::Status(c >> 1),
        (Arch::X86_64, Some(c)) => Exit::Qemu(Some(c)),
        (Arch::Aarch64, Some(c)) => Exit::Status(c),
    }
}

/// What a boot produced.
#[derive(Clone, Debug)]
pub struct Output {
    /// Console bytes outside stderr frames, `\r` removed (lossy UTF-8).
    pub stdout: String,
    /// Console bytes inside stderr frames, `\r` removed (lossy UTF-8).
    pub stderr: String,
    /// QEMU's own stderr (its warnings and errors).
    pub qemu_stderr: String,
    /// How it ended.
    pub exit: Exit,
    /// Whether QEMU was killed at the timeout (then `exit` is [`Exit::Timeout`]).
    pub timed_out: bool,
    /// Wall time from spawning QEMU to its exit.
    pub elapsed: Duration,
}

impl Output {
    /// The guest's exit status, if it chose one.
    pub fn status(&self) -> Option<i32> {
        match self.exit {
            Exit::Status(c) => Some(c),
            _ => None,
        }
    }
}

/// Splits the framed console stream into stdout and stderr and drops `\r`. Keeps its state
/// across [`Demux::push`] calls, so it works on a stream read in chunks.
#[derive(Clone, Debug, Default)]
pub struct Demux {
    in_stderr: bool,
}

/// Which stream a demultiplexed chunk belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error (inside a frame).
    Stderr,
}

impl Demux {
    /// Feeds console bytes; `emit` receives runs of bytes per stream, in order.
    pub fn push(&mut self, bytes: &[u8], mut emit: impl FnMut(Stream, &[u8])) {
        let mut start = 0;
        let stream = |s: &Demux| {
            if s.in_stderr {
                Stream::Stderr
            } else {
                Stream::Stdout
            }
        };
        for (i, &b) in bytes.iter().enumerate() {
            if matches!(b, STDERR_BEGIN | STDERR_END | b'\r') {
                if start < i {
                    emit(stream(self), &bytes[start..i]);
                }
                start = i + 1;
                match b {
                    STDERR_BEGIN => self.in_stderr = true,
                    STDERR_END => self.in_stderr = false,
                    _ => {}
                }
            }
        }
        if start < bytes.len() {
            emit(stream(self), &bytes[start..]);
        }
    }

    /// Splits a whole console capture into (stdout, stderr).
    pub fn split(bytes: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        Demux::default().push(bytes, |s, b| match s {
            Stream::Stdout => out.extend_from_slice(b),
            Stream::Stderr => err.extend_from_slice(b),
        });
        (out, err)
    }
}

/// The x86_64 accelerator: TCG unless chosen otherwise (see [`x86_accel`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accel {
    /// QEMU's translator (works everywhere).
    Tcg,
    /// Linux KVM (`/dev/kvm`), with QEMU's default CPU model.
    Kvm,
}

/// Whether `/dev/kvm` can be opened read-write.
pub fn kvm_available() -> bool {
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/kvm")
        .is_ok()
}

/// The accelerator used for x86_64 boots: `TIERCEL_QEMU_ACCEL=kvm|tcg` chooses; the default
/// is TCG (measured in `qemu-tests/README.md`: on this CI machine KVM is nested and every
/// port I/O exit, i.e. every serial byte, is slow; TCG ran the corpus faster). `kvm` falls
/// back to TCG when `/dev/kvm` cannot be opened.
pub fn x86_accel() -> Accel {
    match std::env::var("TIERCEL_QEMU_ACCEL").as_deref() {
        Ok("kvm") if kvm_available() => Accel::Kvm,
        _ => Accel::Tcg,
    }
}

/// The QEMU command line for a boot (without stdio setup): the contract's machine, 512 MiB,
/// the console on stdio, no monitor, no display, the exit device, the kernel, and the script
/// image file when there is one.
pub fn qemu_command(arch: Arch, kernel: &Path, image: Option<&Path>) -> Command {
    let mut cmd = Command::new(arch.qemu());
    match arch {
        Arch::X86_64 => {
            cmd.args(["-M", "microvm"]);
            match x86_accel() {
                Accel::Kvm => cmd.args(["-accel", "kvm"]),
                Accel::Tcg => cmd.args(["-accel", "tcg"]),
            };
        }
        Arch::Aarch64 => {
            cmd.args(["-M", "virt", "-cpu", "cortex-a72"]);
        }
    }
    cmd.args(["-m", "512M", "-display", "none", "-serial", "stdio"])
        .args(["-monitor", "none"]);
    match arch {
        Arch::X86_64 => cmd.args([
            "-no-reboot",
            "-device",
            "isa-debug-exit,iobase=0xf4,iosize=0x04",
        ]),
        Arch::Aarch64 => cmd.args(["-semihosting-config", "enable=on,target=native"]),
    };
    cmd.arg("-kernel").arg(kernel);
    if let Some(image) = image {
        let mut dev = std::ffi::OsString::from("loader,file=");
        dev.push(image);
        dev.push(format!(",addr={:#x},force-raw=on", arch.script_addr()));
        cmd.arg("-device").arg(dev);
    }
    cmd
}

/// A temporary file removed on drop.
#[derive(Debug)]
pub struct TempFile(PathBuf);

impl TempFile {
    /// Writes `bytes` to a fresh file in the system temp directory.
    pub fn new(bytes: &[u8]) -> std::io::Result<TempFile> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("tiercel-script-{}-{n}.img", std::process::id()));
        std::fs::write(&path, bytes)?;
        Ok(TempFile(path))
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = r.read_to_end(&mut v);
        v
    })
}

/// Boots the board image of `arch` (built on first use) and runs `spec`.
pub fn run(arch: Arch, spec: &Run) -> Output {
    run_image(arch, &build_image(arch), spec)
}

/// Boots `kernel` and runs `spec`: writes the script image to a temp file, starts QEMU,
/// feeds `spec.input` to the console, waits (killing QEMU at the timeout) and demultiplexes
/// the console output. Panics when QEMU cannot be started or the image is too large.
pub fn run_image(arch: Arch, kernel: &Path, spec: &Run) -> Output {
    let image = spec.script.as_ref().map(|s| {
        let bytes = s.encode().expect("script image larger than 64 MiB");
        TempFile::new(&bytes).expect("cannot write the script image")
    });
    let mut cmd = qemu_command(arch, kernel, image.as_ref().map(TempFile::path));
    cmd.stdin(if spec.input.is_empty() {
        Stdio::null()
    } else {
        Stdio::piped()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", arch.qemu()));
    let stdin = child.stdin.take();
    let console = child.stdout.take().expect("piped stdout");
    let wait_for = spec.wait_for.clone().unwrap_or_default();
    let input = std::io::Cursor::new(spec.input.clone());
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        pump_console(console, stdin, &wait_for, input, |b| v.extend_from_slice(b));
        v
    });
    let err = drain(child.stderr.take().expect("piped stderr"));
    let deadline = start + spec.timeout;
    let (exit, timed_out) = loop {
        match child.try_wait() {
            Ok(Some(st)) => break (map_status(arch, st.code()), false),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            Ok(None) | Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                break (Exit::Timeout, true);
            }
        }
    };
    let elapsed = start.elapsed();
    let console = out.join().unwrap_or_default();
    let qemu_stderr = err.join().unwrap_or_default();
    let (stdout, stderr) = Demux::split(&console);
    Output {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        qemu_stderr: String::from_utf8_lossy(&qemu_stderr).into_owned(),
        exit,
        timed_out,
        elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_mapping() {
        assert_eq!(map_status(Arch::X86_64, Some(1)), Exit::Status(0));
        assert_eq!(map_status(Arch::X86_64, Some(3)), Exit::Status(1));
        assert_eq!(map_status(Arch::X86_64, Some(143)), Exit::Status(71));
        assert_eq!(map_status(Arch::X86_64, Some(255)), Exit::Status(127));
        assert_eq!(map_status(Arch::X86_64, Some(0)), Exit::TripleFault);
        assert_eq!(map_status(Arch::X86_64, Some(2)), Exit::Qemu(Some(2)));
        assert_eq!(map_status(Arch::Aarch64, Some(0)), Exit::Status(0));
        assert_eq!(map_status(Arch::Aarch64, Some(71)), Exit::Status(71));
        assert_eq!(map_status(Arch::Aarch64, None), Exit::Qemu(None));
    }

    #[test]
    fn demux_splits_frames_and_strips_cr() {
        let raw = b"a\r\nb\x0eTrace\r\nErr\r\n\x0fc\r\n";
        let (out, err) = Demux::split(raw);
        assert_eq!(out, b"a\nbc\n");
        assert_eq!(err, b"Trace\nErr\n");
    }

    #[test]
    fn demux_keeps_state_across_chunks() {
        let mut d = Demux::default();
        let mut got: Vec<(Stream, Vec<u8>)> = Vec::new();
        for chunk in [&b"x\x0ee"[..], b"r\r", b"\nr\x0f", b"y"] {
            d.push(chunk, |s, b| got.push((s, b.to_vec())));
        }
        let join = |want: Stream| -> Vec<u8> {
            got.iter()
                .filter(|(s, _)| *s == want)
                .flat_map(|(_, b)| b.clone())
                .collect()
        };
        assert_eq!(join(Stream::Stdout), b"xy");
        assert_eq!(join(Stream::Stderr), b"er\nr");
    }

    #[test]
    fn script_images() {
        let s = Script::new("t.py", "print(1)\n");
        let img = s.encode().unwrap();
        let parsed = script::parse(&img).unwrap();
        assert_eq!(parsed.name, "t.py");
        assert_eq!(parsed.source, b"print(1)\n");
        assert!(parsed.framed);
        let st = Script::with_flags(script::FLAG_SELFTEST);
        let parsed_img = st.encode().unwrap();
        let p = script::parse(&parsed_img).unwrap();
        assert_eq!(p.flags, script::FLAG_SELFTEST | script::FLAG_FRAMED);
        let big = Script::new("big.py", vec![b'#'; MAX_IMAGE]);
        assert!(big.encode().is_none());
    }

    /// A reader returning its data a few bytes at a time.
    struct Trickle(Vec<u8>, usize);

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(3).min(self.0.len() - self.1);
            buf[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
            self.1 += n;
            Ok(n)
        }
    }

    #[derive(Clone, Default)]
    struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Pumps `console`, then waits (at most 2 s) for `want` input bytes to reach the sink.
    fn pump(console: &[u8], wait_for: &[u8], want: usize) -> (Vec<u8>, Vec<u8>) {
        let sink = Sink::default();
        let mut seen = Vec::new();
        pump_console(
            Trickle(console.to_vec(), 0),
            Some(sink.clone()),
            wait_for,
            std::io::Cursor::new(b"1+1\n".to_vec()),
            |b| seen.extend_from_slice(b),
        );
        // The writer thread is detached: give it a moment.
        let until = Instant::now() + Duration::from_secs(2);
        if want == 0 {
            // Nothing should come: leave a wrongly started writer time to show up.
            std::thread::sleep(Duration::from_millis(100));
        }
        while sink.0.lock().unwrap().len() < want && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let fed = sink.0.lock().unwrap().clone();
        (seen, fed)
    }

    #[test]
    fn input_waits_for_the_prompt() {
        let (seen, fed) = pump(b"Tiercel\r\n>>> ", PROMPT, 4);
        assert_eq!(seen, b"Tiercel\r\n>>> ");
        assert_eq!(fed, b"1+1\n");
        // No prompt: nothing is sent.
        assert_eq!(pump(b"Tiercel\r\n>> ", PROMPT, 0).1, b"");
        // No marker asked for: sent at once.
        assert_eq!(pump(b"", b"", 4).1, b"1+1\n");
    }

    fn args(cmd: &Command) -> Vec<String> {
        cmd.get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn command_lines() {
        let a64 = qemu_command(
            Arch::Aarch64,
            Path::new("/k"),
            Some(Path::new("/tmp/s.img")),
        );
        assert_eq!(a64.get_program(), "qemu-system-aarch64");
        assert_eq!(
            args(&a64).join(" "),
            "-M virt -cpu cortex-a72 -m 512M -display none -serial stdio -monitor none \
             -semihosting-config enable=on,target=native -kernel /k \
             -device loader,file=/tmp/s.img,addr=0x58000000,force-raw=on"
        );
        let x86 = qemu_command(Arch::X86_64, Path::new("/k"), None);
        let line = args(&x86).join(" ");
        assert!(line.starts_with("-M microvm -accel "), "{line}");
        assert!(
            line.ends_with(
                "-m 512M -display none -serial stdio -monitor none -no-reboot \
                 -device isa-debug-exit,iobase=0xf4,iosize=0x04 -kernel /k"
            ),
            "{line}"
        );
        let b = build_command(Arch::X86_64);
        assert_eq!(
            args(&b)[..7].join(" "),
            "build --profile board-test -p board-qemu-x86_64 --target x86_64-unknown-none"
        );
        assert!(b.get_envs().any(|(k, v)| k == "RUSTFLAGS" && v.is_none()));
        assert!(image_path(Arch::Aarch64)
            .ends_with("target/boards/aarch64-unknown-none/board-test/tiercel-qemu-aarch64"));
    }
}
