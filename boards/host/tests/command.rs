//! The `tiercel` command without a terminal, compared with what `python3` does for the same
//! command line: options, programs from `-c`, `-m`, a file and standard input, `-i`,
//! `input()`, `SIGINT`, buffering of standard output and a closed pipe.

mod support;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;

use support::{ended_by_sigint, run_in, temp_dir, tiercel};

#[test]
fn help_and_version_go_to_stdout_with_status_0() {
    let dir = temp_dir("cmd-help");
    for args in [
        &["-h"][..],
        &["--help"],
        &["-?"],
        &["-V"],
        &["--version"],
        &["-VV"],
    ] {
        let out = run_in(&dir, args, "");
        assert_eq!(out.code(), Some(0), "{args:?}: {}", out.stderr);
        assert_eq!(out.stderr, "", "{args:?}");
        let want = if args[0].contains('V') || args[0] == "--version" {
            "Python 3.11"
        } else {
            "usage: "
        };
        assert!(out.stdout.starts_with(want), "{args:?}: {}", out.stdout);
    }
    let out = run_in(&dir, &["-z"], "");
    assert_eq!(out.code(), Some(2));
    assert!(
        out.stderr.starts_with("Unknown option: -z\nusage: "),
        "{}",
        out.stderr
    );
    let out = run_in(&dir, &["missing.py"], "");
    assert_eq!(out.code(), Some(2));
    assert!(out.stderr.contains("can't open file"), "{}", out.stderr);
    assert!(out
        .stderr
        .ends_with("missing.py': [Errno 2] No such file or directory\n"));
}

#[test]
fn programs_from_c_stdin_and_dash_see_their_argv_and_path() {
    let dir = temp_dir("cmd-programs");
    let cwd = dir.display().to_string();
    let show = "import sys; print(sys.argv, sys.path[0] == %r)";
    let code = show.replace("%r", &format!("{cwd:?}"));
    let out = run_in(&dir, &["-c", &code, "a", "-i"], "");
    assert_eq!(out.stdout, "['-c', 'a', '-i'] True\n", "{}", out.stderr);
    let out = run_in(&dir, &["-", "a"], &code);
    assert_eq!(out.stdout, "['-', 'a'] True\n", "{}", out.stderr);
    let out = run_in(&dir, &[], &code);
    assert_eq!(out.stdout, "[''] True\n", "{}", out.stderr);
    // A piped program's errors name `<stdin>`, without source lines (as CPython's).
    let out = run_in(&dir, &[], "x = 1\nprint(x)\n1/0\n");
    assert_eq!(out.stdout, "1\n");
    assert_eq!(
        out.stderr,
        "Traceback (most recent call last):\n  File \"<stdin>\", line 3, in <module>\n\
         ZeroDivisionError: division by zero\n"
    );
    assert_eq!(out.code(), Some(1));
}

#[test]
fn m_runs_a_module_found_by_the_import_system_as_main() {
    let dir = temp_dir("cmd-module");
    let pkg = dir.join("pkg");
    std::fs::create_dir_all(&pkg).expect("package dir");
    let write = |path: &std::path::Path, text: &str| std::fs::write(path, text).expect("write");
    write(&pkg.join("__init__.py"), "print('init', __name__)\n");
    write(
        &pkg.join("__main__.py"),
        "import sys\nfrom . import helper\nprint(__name__, __package__, sys.argv[1:])\n",
    );
    write(&pkg.join("helper.py"), "print('helper', __name__)\n");
    write(
        &pkg.join("sub.py"),
        "import sys\nprint(__name__, sys.argv[0] == __file__)\n",
    );
    write(&dir.join("top.py"), "print(__name__)\n");
    std::fs::create_dir_all(dir.join("plain")).expect("dir");
    write(&dir.join("plain/__init__.py"), "");

    let out = run_in(&dir, &["-m", "pkg", "x"], "");
    assert_eq!(
        out.stdout, "init pkg\nhelper pkg.helper\n__main__ pkg ['x']\n",
        "{}",
        out.stderr
    );
    let out = run_in(&dir, &["-m", "pkg.sub"], "");
    assert_eq!(out.stdout, "init pkg\n__main__ True\n", "{}", out.stderr);
    let out = run_in(&dir, &["-mtop"], "");
    assert_eq!(out.stdout, "__main__\n", "{}", out.stderr);
    for (name, message) in [
        ("nope", "No module named nope\n"),
        ("pkg.nope", "No module named pkg.nope\n"),
        (
            "plain",
            "No module named plain.__main__; 'plain' is a package and cannot be directly \
             executed\n",
        ),
        (
            "nope.sub",
            "Error while finding module specification for 'nope.sub' \
             (ModuleNotFoundError: No module named 'nope')\n",
        ),
    ] {
        let out = run_in(&dir, &["-m", name], "");
        assert_eq!(out.code(), Some(1), "{name}");
        assert!(out.stderr.ends_with(message), "{name}: {}", out.stderr);
    }
}

#[test]
fn i_reads_entries_from_a_pipe_after_the_program() {
    let dir = temp_dir("cmd-inspect");
    let out = run_in(&dir, &["-i", "-c", "y = 2"], "y\ny + 1\n");
    assert_eq!(out.stdout, "2\n3\n");
    // The prompts go to stderr, and the end of input ends the line.
    assert_eq!(out.stderr, ">>> >>> >>> \n");
    assert_eq!(out.code(), Some(0));
    // After an uncaught exception the session still starts; `exit(4)` sets the status.
    let out = run_in(&dir, &["-i", "-c", "1/0"], "exit(4)\n");
    assert!(out.stderr.contains("ZeroDivisionError"), "{}", out.stderr);
    assert_eq!(out.code(), Some(4));
    // The program's `sys.exit` is reported as python3 -i reports it, and the session starts.
    let out = run_in(
        &dir,
        &["-i", "-c", "import sys; sys.exit(3)"],
        "print('on')\n",
    );
    assert_eq!(out.stdout, "on\n");
    assert_eq!(
        out.stderr,
        "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n\
         SystemExit: 3\n>>> >>> \n"
    );
    assert_eq!(out.code(), Some(0));
}

#[test]
fn input_reads_standard_input() {
    let dir = temp_dir("cmd-input");
    std::fs::write(
        dir.join("ask.py"),
        "print(input('name? '))\nprint(input())\n",
    )
    .expect("write");
    let out = run_in(&dir, &["ask.py"], "bob\nal\n");
    assert_eq!(out.stdout, "name? bob\nal\n");
    assert_eq!(out.code(), Some(0));
    let out = run_in(&dir, &["ask.py"], "bob\n");
    assert_eq!(out.stdout, "name? bob\n");
    assert!(
        out.stderr.ends_with("EOFError: EOF when reading a line\n"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code(), Some(1));
}

#[test]
fn sys_stdin_reads_lines_sizes_and_iterates_as_python3() {
    let dir = temp_dir("cmd-stdin");
    let program = "import sys\n\
        first = sys.stdin.readline()\n\
        print(repr(first), repr(sys.stdin.read(3)), repr(sys.stdin.readline(2)))\n\
        print(repr(sys.stdin.readline()), repr(input()))\n\
        print([line.split() for line in sys.stdin])\n\
        print(repr(sys.stdin.readline()), repr(sys.stdin.read()), sys.stdin.readlines())\n";
    std::fs::write(dir.join("lines.py"), program).expect("write");
    let input = "a b\ncdefg\nxyz\n3\n1 2\nlast";
    let out = run_in(&dir, &["lines.py"], input);
    assert_eq!(
        out.stdout, "'a b\\n' 'cde' 'fg'\n'\\n' 'xyz'\n[['3'], ['1', '2'], ['last']]\n'' '' []\n",
        "{}",
        out.stderr
    );
    assert_eq!(out.code(), Some(0));
    let out = run_in(
        &dir,
        &["-c", "import sys; print(sys.stdin.read().split())"],
        "1 2\n3",
    );
    assert_eq!(out.stdout, "['1', '2', '3']\n");
}

/// Starts `tiercel ARGS` on pipes, waits for its first line, sends it `SIGINT` (with
/// `kill`, as a shell would) and collects what it wrote after.
fn interrupt(dir: &std::path::Path, args: &[&str]) -> support::Output {
    let mut child = support::tiercel_with_default_sigint()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiercel runs");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("first line");
    assert_eq!(first, "running\n");
    let pid = child.id().to_string();
    let kill = Command::new("kill").args(["-INT", &pid]).status();
    assert!(kill.is_ok_and(|s| s.success()));
    let mut stderr = child.stderr.take().expect("stderr");
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    // Read on another thread, so a child that does not end fails by the wait's limit.
    let rest = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let status = support::wait_child(&mut child, Duration::from_secs(30));
    support::Output {
        stdout: first + &rest.join().unwrap_or_default(),
        stderr: errors.join().unwrap_or_default(),
        status,
    }
}

#[test]
fn sigint_raises_keyboard_interrupt_in_every_tier_then_ends_by_sigint() {
    let dir = temp_dir("cmd-sigint");
    std::fs::write(
        dir.join("spin.py"),
        "def spin():\n    n = 0\n    while True:\n        n += 1\n\
         print('running', flush=True)\ntry:\n    spin()\nfinally:\n    print('finally')\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("caught.py"),
        "print('running', flush=True)\ntry:\n    while True: pass\n\
         except KeyboardInterrupt:\n    print('caught')\n",
    )
    .expect("write");
    for tier in ["1", "2", "3"] {
        let out = interrupt(&dir, &["--tier", tier, "spin.py"]);
        assert_eq!(out.stdout, "running\nfinally\n", "tier {tier}");
        assert!(
            out.stderr
                .starts_with("Traceback (most recent call last):\n")
                && out.stderr.ends_with("KeyboardInterrupt\n"),
            "tier {tier}: {}",
            out.stderr
        );
        assert!(ended_by_sigint(out.status), "tier {tier}: {:?}", out.status);
        let out = interrupt(&dir, &["--tier", tier, "caught.py"]);
        assert_eq!(out.stdout, "running\ncaught\n", "tier {tier}");
        assert_eq!(out.code(), Some(0), "tier {tier}: {}", out.stderr);
    }
}

/// Runs `tiercel ARGS` with standard output and error on one file, as `2>&1` does; returns
/// what the file holds.
fn both_streams(dir: &std::path::Path, args: &[&str]) -> String {
    let path = dir.join("both.txt");
    let file = std::fs::File::create(&path).expect("create");
    let status = Command::new(tiercel())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(file.try_clone().expect("dup"))
        .stderr(file)
        .status()
        .expect("tiercel runs");
    assert!(status.success());
    std::fs::read_to_string(&path).expect("read")
}

#[test]
fn stdout_is_block_buffered_off_a_terminal_and_flush_is_honoured() {
    let dir = temp_dir("cmd-buffering");
    // Held in the block until exit: the later stderr line shows first (as python3's).
    let prog = "import sys\nprint('out')\nsys.stderr.write('err\\n')\n";
    assert_eq!(both_streams(&dir, &["-c", prog]), "err\nout\n");
    let flushed = "import sys\nprint('out', flush=True)\nsys.stderr.write('err\\n')\n";
    assert_eq!(both_streams(&dir, &["-c", flushed]), "out\nerr\n");
    let flushed = "import sys\nprint('out')\nsys.stdout.flush()\nsys.stderr.write('err\\n')\n";
    assert_eq!(both_streams(&dir, &["-c", flushed]), "out\nerr\n");
    assert_eq!(both_streams(&dir, &["-u", "-c", prog]), "out\nerr\n");
}

#[test]
fn a_closed_pipe_is_a_broken_pipe_error() {
    let dir = temp_dir("cmd-pipe");
    // While running: `print` raises `BrokenPipeError`, which the script can catch.
    let mut child = Command::new(tiercel())
        .args([
            "-c",
            "import sys\ntry:\n    while True: print('line')\nexcept BrokenPipeError as e:\n    \
             sys.stderr.write(repr(e) + '\\n')\n    raise\n",
        ])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiercel runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut some = [0u8; 100];
    stdout.read_exact(&mut some).expect("some output");
    drop(stdout);
    let (code, stderr) = wait_output_stderr_only(child);
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with("BrokenPipeError(32, 'Broken pipe')\nTraceback")
            && stderr.ends_with("BrokenPipeError: [Errno 32] Broken pipe\n"),
        "{stderr}"
    );
    // At exit: the held output cannot be written out; reported as python3 does, status 120.
    let mut child = Command::new(tiercel())
        .args(["-c", "import time\nprint('x')\ntime.sleep(0.3)\n"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiercel runs");
    drop(child.stdout.take());
    let out = wait_output_stderr_only(child);
    assert_eq!(
        out.1,
        "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n\
         BrokenPipeError: [Errno 32] Broken pipe\n"
    );
    assert_eq!(out.0, Some(120));
}

/// Waits for a child whose stdout was closed; its status code and stderr.
fn wait_output_stderr_only(mut child: std::process::Child) -> (Option<i32>, String) {
    let mut err = String::new();
    let _ = child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err);
    let status = support::wait_child(&mut child, Duration::from_secs(30));
    (status.code(), err)
}

/// `--events` prints the VM's events of the kinds listed on stderr, one line each; stdout is
/// the program's alone.
#[test]
fn events_go_to_stderr() {
    let dir = temp_dir("cmd-events");
    let code = "def f():\n    s = 0\n    for i in range(5000):\n        s += i\n    return s\nprint(f())\nimport gc; gc.collect()\n";
    let out = run_in(
        &dir,
        &["--tier", "2", "--events", "gc,traces", "-c", code],
        "",
    );
    assert_eq!(out.code(), Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "12497500\n");
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("tiercel: traces: recorded f line 3, ")),
        "{}",
        out.stderr
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("tiercel: gc: collection freed ")),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("jit:"), "{}", out.stderr);
    let out = run_in(&dir, &["-c", code], "");
    assert_eq!(out.stderr, "");
}
