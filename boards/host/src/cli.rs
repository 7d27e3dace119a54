//! The `tiercel` command line, read as `python3` reads its own: short options that may be
//! grouped (`-iu`, `-ccode`), `-c` and `-m` ending the option list, `-` or no script for
//! standard input, `--` ending the options; and Tiercel's own long options.

use vm_core::Config;

/// What the command runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// A script file (`tiercel FILE`).
    File(String),
    /// `-c CMD`.
    Code(String),
    /// `-m MODULE`.
    Module(String),
    /// Standard input: `-` or no script (a REPL when standard input is a terminal).
    Stdin {
        /// Whether `-` was given (it is `sys.argv[0]`).
        dash: bool,
    },
}

/// Tiercel's own settings (the long options).
#[derive(Clone, Debug)]
pub struct Tuning {
    /// The VM's configuration (heap, fuel, tier, statistics, test modes).
    pub config: Config,
    /// `--dis`: disassemble instead of running.
    pub dis: bool,
    /// `--dump-traces`.
    pub dump_traces: bool,
    /// Tier 3 (the default; `--tier 1` and `--tier 2` turn it off).
    pub tier3: bool,
    /// `--dump-jit`.
    pub dump_jit: bool,
    /// `--jit-stress`: the seed of the stress mode.
    pub jit_stress: Option<u64>,
    /// `--jit-memory`: bytes of machine code at once.
    pub jit_memory: usize,
    /// `--perf-map`.
    pub perf_map: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            config: Config::default(),
            dis: false,
            dump_traces: false,
            tier3: true,
            dump_jit: false,
            jit_stress: None,
            jit_memory: crate::DEFAULT_CODE_MEMORY,
            perf_map: false,
        }
    }
}

/// A command line to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// What to run.
    pub program: Program,
    /// The arguments after the program (`sys.argv[1:]`).
    pub args: Vec<String>,
    /// `-i`: a REPL after the program (also after an uncaught exception).
    pub inspect: bool,
    /// `-u`: standard output and error unbuffered.
    pub unbuffered: bool,
    /// `-q`: no banner when the REPL starts.
    pub quiet: bool,
    /// Tiercel's settings.
    pub tuning: Tuning,
}

/// What the command line asks for.
#[derive(Clone, Debug)]
pub enum Parsed {
    /// Run something.
    Run(Box<Options>),
    /// `-h`, `-?`, `--help`: the help text on stdout, status 0.
    Help,
    /// `-V`, `--version` (given twice: `-VV`, the longer form).
    Version(u8),
    /// A usage error: the first line of the message (the usage lines follow), status 2.
    Error(String),
}

/// The usage line (`prog` is how the command was invoked, as `python3` shows it).
pub fn usage_line(prog: &str) -> String {
    format!("usage: {prog} [option] ... [-c cmd | -m mod | file | -] [arg] ...")
}

/// A usage error as `python3` prints it, on stderr with status 2.
pub fn usage_error(prog: &str, first: &str) -> String {
    format!(
        "{first}\n{}\nTry `tiercel -h' for more information.\n",
        usage_line(prog)
    )
}

/// The `--version` line: the Python version whose language Tiercel runs, then Tiercel's own
/// (the same text as `sys.version` after "Python "), so tools that parse `python3
/// --version` read 3.11 and a person reads which implementation it is.
pub fn version(level: u8) -> String {
    let own = env!("CARGO_PKG_VERSION");
    if level > 1 {
        let arch = std::env::consts::ARCH;
        format!("Python 3.11.0 (Tiercel {own}, a no_std VM for a Python 3.11 subset) [{arch}]\n")
    } else {
        format!("Python 3.11.0 (Tiercel {own})\n")
    }
}

/// The `--help` text.
pub fn help(prog: &str) -> String {
    let mut s = usage_line(prog);
    s.push_str(
        "
Options:
-c cmd : program passed in as string (terminates option list)
-h     : print this help message and exit (also -? or --help)
-i     : inspect interactively after running script; forces a prompt even
         if stdin does not appear to be a terminal
-m mod : run library module as a script (terminates option list)
-q     : don't print version and copyright messages on interactive startup
-u     : force the stdout and stderr streams to be unbuffered
-V     : print the Python version number and exit (also --version)
         when given twice, print more information about the build
-B, -E, -I, -s, -S : accepted for python3's sake; no effect (Tiercel writes no
         bytecode files and reads no PYTHON* variables, site or user directories)
file   : program read from script file
-      : program read from stdin (default; interactive mode if a tty)
arg ...: arguments passed to program in sys.argv[1:]

Tiercel options (before the program):
--heap BYTES        heap limit (MemoryError beyond it)
--fuel N            instruction budget: the run ends (status 124) after it
--tier 1|2|3        1: interpreter only; 2: traces in the uop executor;
                    3: traces compiled to machine code (the default on x86-64)
--hot N             every hot-spot threshold at N (1: trace at once)
--no-opt            traces without the trace optimizer
--dis               disassemble instead of running
--stats             specialization, trace and JIT statistics on stderr
--dump-traces       each executor's uops and exits, on stderr
--dump-jit          each compiled trace beside its machine code, on stderr
--perf-map          write /tmp/perf-PID.map for perf
--jit-memory BYTES  machine code held at once
--events LIST       VM events on stderr (gc, memory, traces, jit, tier2, all;
                    comma-separated)
--stress-specialize, --jit-stress, --uop-helpers : test modes
",
    );
    s
}

/// Reads the command line (without the program name).
pub fn parse(args: &[String]) -> Parsed {
    let mut o = Options {
        program: Program::Stdin { dash: false },
        args: Vec::new(),
        inspect: false,
        unbuffered: false,
        quiet: false,
        tuning: Tuning::default(),
    };
    let mut version = 0u8;
    let mut help = false;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            break;
        }
        if a == "-" || !a.starts_with('-') {
            i -= 1;
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            match name {
                "help" => help = true,
                "version" => version += 1,
                _ => {
                    let takes_value = TUNING_WITH_VALUE.contains(&name);
                    let value = if !takes_value || inline.is_some() {
                        inline
                    } else if i < args.len() {
                        i += 1;
                        Some(args[i - 1].clone())
                    } else {
                        return Parsed::Error(format!("Argument expected for the --{name} option"));
                    };
                    if let Err(e) = tune(&mut o.tuning, name, value.as_deref()) {
                        return Parsed::Error(e);
                    }
                }
            }
            continue;
        }
        // A group of short options; `c` and `m` take the rest of it or the next argument.
        for (at, c) in a[1..].char_indices() {
            match c {
                'c' | 'm' => {
                    let rest = &a[1 + at + 1..];
                    let value = if !rest.is_empty() {
                        rest.to_string()
                    } else if i < args.len() {
                        i += 1;
                        args[i - 1].clone()
                    } else {
                        return Parsed::Error(format!("Argument expected for the -{c} option"));
                    };
                    if help || version > 0 {
                        break;
                    }
                    o.program = if c == 'c' {
                        Program::Code(value)
                    } else {
                        Program::Module(value)
                    };
                    o.args = args[i..].to_vec();
                    return Parsed::Run(Box::new(o));
                }
                'i' => o.inspect = true,
                'u' => o.unbuffered = true,
                'q' => o.quiet = true,
                'V' => version += 1,
                'h' | '?' => help = true,
                'B' | 'E' | 'I' | 's' | 'S' => {}
                _ => return Parsed::Error(format!("Unknown option: -{c}")),
            }
        }
    }
    if help {
        return Parsed::Help;
    }
    if version > 0 {
        return Parsed::Version(version);
    }
    if i < args.len() {
        o.program = if args[i] == "-" {
            Program::Stdin { dash: true }
        } else {
            Program::File(args[i].clone())
        };
        o.args = args[i + 1..].to_vec();
    }
    Parsed::Run(Box::new(o))
}

/// Tiercel's long options that take a value.
const TUNING_WITH_VALUE: [&str; 6] = ["heap", "fuel", "tier", "hot", "jit-memory", "events"];

/// Applies one of Tiercel's long options.
fn tune(t: &mut Tuning, name: &str, value: Option<&str>) -> Result<(), String> {
    let bad = || format!("invalid argument for --{name}: {}", value.unwrap_or(""));
    let number = || value.and_then(|v| v.parse::<u64>().ok()).ok_or_else(bad);
    match (name, value.is_some()) {
        ("heap", _) => t.config.heap_limit = number()? as usize,
        ("fuel", _) => t.config.fuel = Some(number()?),
        ("tier", _) => match number()? {
            n @ (1 | 2) => {
                t.config.tier = n as u8;
                t.tier3 = false;
            }
            3 => {
                t.config.tier = 2;
                t.tier3 = true;
            }
            _ => return Err(bad()),
        },
        ("hot", _) => match number()? {
            0 => return Err(bad()),
            n => t.config.hot = Some(u32::try_from(n).map_err(|_| bad())?),
        },
        ("jit-memory", _) => match number()? {
            0 => return Err(bad()),
            n => t.jit_memory = n as usize,
        },
        ("events", _) => {
            let list = value.unwrap_or("");
            t.config.events = vm_core::EventMask::parse(list)
                .map_err(|n| format!("unknown kind of event for --events: {n}"))?;
        }
        (_, true) => return Err(format!("unknown option --{name}")),
        ("dis", _) => t.dis = true,
        ("stats", _) => t.config.stats = true,
        ("stress-specialize", _) => t.config.stress_specialize = true,
        ("dump-traces", _) => {
            t.dump_traces = true;
            t.config.log_traces = true;
        }
        ("dump-jit", _) => t.dump_jit = true,
        ("jit-stress", _) => t.jit_stress = Some(0x5EED),
        ("perf-map", _) => t.perf_map = true,
        ("no-opt", _) => t.config.optimize_traces = false,
        ("uop-helpers", _) => t.config.uop_helpers = true,
        _ => return Err(format!("unknown option --{name}")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &[&str]) -> Options {
        let args: Vec<String> = line.iter().map(|s| s.to_string()).collect();
        match parse(&args) {
            Parsed::Run(o) => *o,
            other => panic!("{line:?}: {other:?}"),
        }
    }

    fn error(line: &[&str]) -> String {
        let args: Vec<String> = line.iter().map(|s| s.to_string()).collect();
        match parse(&args) {
            Parsed::Error(e) => e,
            other => panic!("{line:?}: {other:?}"),
        }
    }

    #[test]
    fn programs_and_arguments() {
        let o = run(&["prog.py", "-c", "x"]);
        assert_eq!(o.program, Program::File("prog.py".into()));
        assert_eq!(o.args, ["-c", "x"]);
        let o = run(&["-c", "print(1)", "-i", "a"]);
        assert_eq!(o.program, Program::Code("print(1)".into()));
        assert_eq!(o.args, ["-i", "a"]);
        assert!(!o.inspect);
        let o = run(&["-iuc", "print(1)"]);
        assert_eq!(o.program, Program::Code("print(1)".into()));
        assert!(o.inspect && o.unbuffered);
        assert_eq!(run(&["-cpass"]).program, Program::Code("pass".into()));
        assert_eq!(run(&["-m", "pkg.mod", "x"]).args, ["x"]);
        assert_eq!(run(&[]).program, Program::Stdin { dash: false });
        let o = run(&["-", "a"]);
        assert_eq!(o.program, Program::Stdin { dash: true });
        assert_eq!(o.args, ["a"]);
        assert_eq!(run(&["--", "-x.py"]).program, Program::File("-x.py".into()));
        assert!(run(&["-q", "-B", "-E", "-s", "-S", "-I"]).quiet);
    }

    #[test]
    fn tiercel_options() {
        let o = run(&["--heap", "1000", "--tier=1", "--hot", "1", "--dis", "p.py"]);
        assert_eq!(o.tuning.config.heap_limit, 1000);
        assert_eq!(o.tuning.config.tier, 1);
        assert!(!o.tuning.tier3 && o.tuning.dis);
        assert_eq!(o.tuning.config.hot, Some(1));
        assert!(run(&["--tier", "3"]).tuning.tier3);
        assert_eq!(error(&["--tier", "4"]), "invalid argument for --tier: 4");
        assert_eq!(error(&["--hot", "0"]), "invalid argument for --hot: 0");
        assert_eq!(
            error(&["--heap"]),
            "Argument expected for the --heap option"
        );
        assert_eq!(error(&["--dis=1"]), "unknown option --dis");
        let events = run(&["--events", "gc,jit", "p.py"]).tuning.config.events;
        assert_eq!(events, vm_core::EventMask::parse("gc,jit").unwrap());
        assert_eq!(
            error(&["--events=gc,x"]),
            "unknown kind of event for --events: x"
        );
    }

    #[test]
    fn python_errors_and_queries() {
        assert_eq!(error(&["-z"]), "Unknown option: -z");
        assert_eq!(error(&["-iz"]), "Unknown option: -z");
        assert_eq!(error(&["--foo"]), "unknown option --foo");
        assert_eq!(error(&["-c"]), "Argument expected for the -c option");
        assert_eq!(error(&["-m"]), "Argument expected for the -m option");
        let args = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(matches!(parse(&args(&["-h"])), Parsed::Help));
        assert!(matches!(parse(&args(&["--help", "x.py"])), Parsed::Help));
        assert!(matches!(parse(&args(&["-V"])), Parsed::Version(1)));
        assert!(matches!(parse(&args(&["-VV"])), Parsed::Version(2)));
        assert!(matches!(
            parse(&args(&["--version", "-c", "x"])),
            Parsed::Version(1)
        ));
    }
}
