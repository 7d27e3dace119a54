//! `cargo xtask bench`: times every program in `bench/` on `tiercel` and on whichever of
//! `python3`, `micropython` and `pypy3` is installed, checks that every interpreter prints what
//! `python3` prints, and reports median wall times and speed ratios against `python3`.
//!
//! Runs are interleaved: for each program, run `i` executes every interpreter once (the
//! starting interpreter rotates from run to run) before run `i + 1` starts, so noise from a
//! shared machine falls on all interpreters alike. The reported time is the median of the runs.
//! When GNU time is at `/usr/bin/time`, each run also records its peak resident set size.
//!
//! CPython's speed depends on how it was built: a build without profile-guided optimization
//! and LTO (pyenv's default, `--enable-shared`) runs the suite about 1.4 times slower than a
//! distribution's build of the same version. So every other CPython 3.11 on the machine (at
//! another real path than `python3`'s) gets a column too, and the ratios are also given
//! against each of them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

/// Path of GNU time, used (when present) to read each run's peak resident set size.
const GNU_TIME: &str = "/usr/bin/time";

/// The interpreters compared with `tiercel`, in table order; `python3` is the reference.
const OTHERS: [&str; 3] = ["python3", "micropython", "pypy3"];

/// Where other builds of CPython 3.11 are looked for (each is used when it is a CPython 3.11
/// at another real path than `python3`'s).
const OTHER_CPYTHONS: [&str; 3] = [
    "python3.11",
    "/usr/bin/python3.11",
    "/usr/local/bin/python3.11",
];

/// What `probe` asks a CPython: its version line and the real path of its executable.
const CPYTHON_PROBE: &str = "import os, sys; print(sys.version.replace(chr(10), ' ')); \
print(sys.implementation.name, sys.version_info[:2] == (3, 11), os.path.realpath(sys.executable))";

const USAGE: &str = "\
usage: cargo xtask bench [--runs N] [--filter NAME] [--tiercel-args \"ARGS\"] [--tier1] [--tier2] [--tier3] [--baseline PATH] [--markdown]

Builds tiercel (release), runs every bench/*.py N times (default 5) on tiercel and on each of
python3, micropython, pypy3 that is installed, interleaved, and prints the median wall time of
each, the ratio python3 time / interpreter time (above 1 is faster than CPython) and the
geometric mean of the ratios. Every output must equal python3's; a mismatch is an error in
that cell and makes the exit status non-zero. Every other CPython 3.11 found (python3.11,
/usr/bin/python3.11, /usr/local/bin/python3.11 at another real path than python3's) gets a
column, and a second table gives tiercel's ratios against each of them: CPython builds
differ in speed (profile-guided and LTO builds are faster).

  --runs N              runs per program and interpreter (default 5)
  --filter NAME         only programs whose name contains NAME (repeatable)
  --tiercel-args ARGS   extra arguments for tiercel, before the script (split on spaces)
  --tier1               also time `tiercel --tier 1` (the interpreter alone) in its own column
  --tier2               also time `tiercel --tier 2` (traces in the uop executor, no machine
                        code) in its own column
  --tier3               also time `tiercel --tier 3` (machine code, where the host has a
                        backend: the default tier there) in its own column
  --baseline PATH       also time another tiercel binary (e.g. a release build of an older
                        commit) in columns of its own, one per tier asked for with --tier1/2/3
  --markdown            print the tables as Markdown";

/// Command-line options of `cargo xtask bench`.
struct Options {
    runs: usize,
    filters: Vec<String>,
    tiercel_args: Vec<String>,
    tier1: bool,
    tier2: bool,
    tier3: bool,
    markdown: bool,
    /// Another tiercel binary timed beside this one (the code before a change).
    baseline: Option<String>,
}

/// One interpreter: a column of the table.
struct Interp {
    /// Column title.
    name: String,
    /// Program and leading arguments; the script path is appended.
    argv: Vec<String>,
    /// Version string shown above the table.
    version: String,
    /// Whether this is a CPython other than `python3`, against which tiercel's ratios are
    /// also given.
    other_cpython: bool,
}

/// Measurements of one (program, interpreter) cell.
#[derive(Default)]
struct Cell {
    /// Wall time of each successful run, in seconds.
    times: Vec<f64>,
    /// Peak resident set size of each run, in KiB, when measured.
    peak_kib: Vec<u64>,
    /// Why the cell failed (non-zero exit or output differing from python3's), if it did.
    error: Option<String>,
}

impl Cell {
    fn median_time(&self) -> Option<f64> {
        if self.error.is_some() {
            return None;
        }
        median(&self.times)
    }

    fn max_peak_mib(&self) -> Option<f64> {
        self.peak_kib.iter().max().map(|&k| k as f64 / 1024.0)
    }
}

/// Result of one run of one program.
struct RunResult {
    seconds: f64,
    peak_kib: Option<u64>,
    success: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs the subcommand with its arguments.
pub fn main(args: &[String]) -> ExitCode {
    let opts = match parse_args(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("cargo xtask bench: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&opts) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("cargo xtask bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut opts = Options {
        runs: 5,
        filters: Vec::new(),
        tiercel_args: Vec::new(),
        tier1: false,
        tier2: false,
        tier3: false,
        markdown: false,
        baseline: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--runs" => {
                let v = value("--runs")?;
                opts.runs = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--runs: not a positive number: {v}"))?;
            }
            "--filter" => opts.filters.push(value("--filter")?),
            "--tiercel-args" => opts.tiercel_args.extend(
                value("--tiercel-args")?
                    .split_whitespace()
                    .map(String::from),
            ),
            "--markdown" => opts.markdown = true,
            "--tier1" => opts.tier1 = true,
            "--tier2" => opts.tier2 = true,
            "--tier3" => opts.tier3 = true,
            "--baseline" => opts.baseline = Some(value("--baseline")?),
            other => return Err(format!("unknown argument: {other}")),
        }
    }
    Ok(Some(opts))
}

/// The workspace root (the parent of this crate's directory).
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

fn build_tiercel(root: &Path) -> Result<PathBuf, String> {
    eprintln!("building tiercel (cargo build --release -p tiercel) ...");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", "tiercel"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build failed: {status}"));
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let bin = target.join("release").join("tiercel");
    if bin.is_file() {
        Ok(bin)
    } else {
        Err(format!("built, but {} is missing", bin.display()))
    }
}

/// Runs `program -c CODE` and returns its trimmed stdout if it succeeds.
fn probe(program: &str, code: &str) -> Option<String> {
    let out = Command::new(program)
        .args(["-c", code])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn git_head(root: &Path) -> String {
    Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown commit".into())
}

fn find_interpreters(root: &Path, tiercel: &Path, opts: &Options) -> Vec<Interp> {
    let mut found = Vec::new();
    for name in OTHERS {
        let version = probe(name, "import sys; print(sys.version.replace(chr(10), ' '))");
        if let Some(version) = version {
            found.push(Interp {
                name: name.to_string(),
                argv: vec![name.to_string()],
                version,
                other_cpython: false,
            });
        }
    }
    let mut seen: Vec<String> = cpython_3_11("python3")
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    for name in OTHER_CPYTHONS {
        let Some((version, path)) = cpython_3_11(name) else {
            continue;
        };
        if seen.contains(&path) {
            continue;
        }
        seen.push(path.clone());
        found.push(Interp {
            name: name.to_string(),
            argv: vec![name.to_string()],
            version: format!("{version} ({path})"),
            other_cpython: true,
        });
    }
    let mut argv = vec![tiercel.display().to_string()];
    argv.extend(opts.tiercel_args.iter().cloned());
    let name = if opts.tiercel_args.is_empty() {
        "tiercel".to_string()
    } else {
        format!("tiercel {}", opts.tiercel_args.join(" "))
    };
    let version = format!("release build of {}", git_head(root));
    // tiercel goes right after python3 when that is present.
    let pos = usize::from(found.first().is_some_and(|i| i.name == "python3"));
    found.insert(
        pos,
        Interp {
            name,
            argv,
            version: version.clone(),
            other_cpython: false,
        },
    );
    let tiers = [(opts.tier1, "1"), (opts.tier2, "2"), (opts.tier3, "3")];
    let mut at = pos + 1;
    for (_, tier) in tiers.iter().filter(|(on, _)| *on) {
        found.insert(
            at,
            Interp {
                name: format!("tiercel --tier {tier}"),
                argv: vec![
                    tiercel.display().to_string(),
                    "--tier".into(),
                    tier.to_string(),
                ],
                version: version.clone(),
                other_cpython: false,
            },
        );
        at += 1;
    }
    if let Some(base) = &opts.baseline {
        let version = format!("baseline binary {base}");
        let mut argv = vec![base.clone()];
        argv.extend(opts.tiercel_args.iter().cloned());
        found.insert(
            at,
            Interp {
                name: "baseline".to_string(),
                argv,
                version: version.clone(),
                other_cpython: false,
            },
        );
        for (k, (_, tier)) in tiers.iter().filter(|(on, _)| *on).enumerate() {
            found.insert(
                at + 1 + k,
                Interp {
                    name: format!("baseline --tier {tier}"),
                    argv: vec![base.clone(), "--tier".into(), tier.to_string()],
                    version: version.clone(),
                    other_cpython: false,
                },
            );
        }
    }
    found
}

/// The version line and the executable's real path of `program`, if it is CPython 3.11.
fn cpython_3_11(program: &str) -> Option<(String, String)> {
    let out = probe(program, CPYTHON_PROBE)?;
    let (version, facts) = out.split_once('\n')?;
    let mut facts = facts.split(' ');
    let (impl_name, is_3_11) = (facts.next()?, facts.next()?);
    let path: Vec<&str> = facts.collect();
    (impl_name == "cpython" && is_3_11 == "True").then(|| (version.to_string(), path.join(" ")))
}

fn list_programs(root: &Path, filters: &[String]) -> Result<Vec<PathBuf>, String> {
    let dir = root.join("bench");
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut progs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .filter(|p| {
            let stem = program_name(p);
            filters.is_empty() || filters.iter().any(|f| stem.contains(f.as_str()))
        })
        .collect();
    progs.sort();
    Ok(progs)
}

fn program_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Whether `/usr/bin/time` is GNU time (accepts `-f %M -o FILE`).
fn gnu_time_works() -> bool {
    Command::new(GNU_TIME)
        .args(["-f", "%M", "-o", "/dev/null", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn run_once(argv: &[String], script: &Path, dir: &Path, mem_file: Option<&Path>) -> RunResult {
    let mut cmd = match mem_file {
        Some(f) => {
            let mut c = Command::new(GNU_TIME);
            c.arg("-f").arg("%M").arg("-o").arg(f).args(argv);
            c
        }
        None => {
            let mut c = Command::new(&argv[0]);
            c.args(&argv[1..]);
            c
        }
    };
    cmd.arg(script).current_dir(dir).stdin(Stdio::null());
    let start = Instant::now();
    let out = cmd.output();
    let seconds = start.elapsed().as_secs_f64();
    match out {
        Ok(out) => {
            let peak_kib = mem_file
                .and_then(|f| std::fs::read_to_string(f).ok())
                .and_then(|s| s.lines().last().and_then(|l| l.trim().parse().ok()));
            RunResult {
                seconds,
                peak_kib,
                success: out.status.success(),
                stdout: out.stdout,
                stderr: out.stderr,
            }
        }
        Err(e) => RunResult {
            seconds,
            peak_kib: None,
            success: false,
            stdout: Vec::new(),
            stderr: format!("cannot run {}: {e}", argv[0]).into_bytes(),
        },
    }
}

/// Last line of `bytes` that is not blank, shortened, for error messages.
fn last_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    line.chars().take(100).collect()
}

fn run(opts: &Options) -> Result<bool, String> {
    let root = workspace_root();
    let tiercel = build_tiercel(&root)?;
    let interps = find_interpreters(&root, &tiercel, opts);
    let Some(reference) = interps.iter().position(|i| i.name == "python3") else {
        return Err("python3 is not installed: it is the reference for outputs and ratios".into());
    };
    let programs = list_programs(&root, &opts.filters)?;
    if programs.is_empty() {
        return Err("no program in bench/ matches".into());
    }
    let mem_file = if gnu_time_works() {
        Some(std::env::temp_dir().join(format!("tiercel-bench-{}.mem", std::process::id())))
    } else {
        None
    };
    let missing: Vec<&str> = OTHERS
        .iter()
        .copied()
        .filter(|n| !interps.iter().any(|i| i.name == *n))
        .collect();
    eprintln!(
        "interpreters: {}{}",
        interps
            .iter()
            .map(|i| i.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        if missing.is_empty() {
            String::new()
        } else {
            format!(" (not installed: {})", missing.join(", "))
        }
    );

    let dir = root.join("bench");
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    for prog in &programs {
        let name = program_name(prog);
        eprint!("{name:<16}");
        let mut row: Vec<Cell> = interps.iter().map(|_| Cell::default()).collect();
        let mut expected: Option<Vec<u8>> = None;
        for run in 0..opts.runs {
            for k in 0..interps.len() {
                // python3 runs first in the first round so its output is the reference.
                let idx = if run == 0 {
                    (reference + k) % interps.len()
                } else {
                    (run + k) % interps.len()
                };
                let cell = &mut row[idx];
                if cell.error.is_some() {
                    continue;
                }
                let r = run_once(&interps[idx].argv, prog, &dir, mem_file.as_deref());
                if let Some(kib) = r.peak_kib {
                    cell.peak_kib.push(kib);
                }
                if !r.success {
                    cell.error = Some(format!("failed: {}", last_line(&r.stderr)));
                    continue;
                }
                match &expected {
                    None if idx == reference => expected = Some(r.stdout),
                    Some(exp) if *exp != r.stdout => {
                        cell.error = Some(format!(
                            "output differs from python3's (last line: {})",
                            last_line(&r.stdout)
                        ));
                        continue;
                    }
                    _ => {}
                }
                if expected.is_none() {
                    cell.error = Some("no python3 reference output".into());
                    continue;
                }
                cell.times.push(r.seconds);
            }
            eprint!(".");
        }
        eprintln!();
        cells.push(row);
    }
    if let Some(f) = &mem_file {
        let _ = std::fs::remove_file(f);
    }

    let names: Vec<String> = programs.iter().map(|p| program_name(p)).collect();
    print!(
        "{}",
        render(
            &names,
            &interps,
            &cells,
            reference,
            opts,
            mem_file.is_some()
        )
    );
    let mut ok = true;
    for (name, row) in names.iter().zip(&cells) {
        for (interp, cell) in interps.iter().zip(row) {
            if let Some(e) = &cell.error {
                eprintln!("error: {name} on {}: {e}", interp.name);
                ok = false;
            }
        }
    }
    Ok(ok)
}

fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

fn geomean(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    Some((xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp())
}

/// Formats rows of cells as an aligned text table or a Markdown table.
fn table(header: &[String], rows: &[Vec<String>], markdown: bool) -> String {
    let mut out = String::new();
    if markdown {
        let _ = writeln!(out, "| {} |", header.join(" | "));
        let seps: Vec<&str> = header
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 { "---" } else { "---:" })
            .collect();
        let _ = writeln!(out, "|{}|", seps.join("|"));
        for row in rows {
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
        return out;
    }
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let parts: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, &w))| {
                if i == 0 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string()
    };
    let _ = writeln!(out, "{}", line(header));
    let total: usize = widths.iter().sum::<usize>() + 2 * (widths.len() - 1);
    let _ = writeln!(out, "{}", "-".repeat(total));
    for row in rows {
        let _ = writeln!(out, "{}", line(row));
    }
    out
}

fn render(
    names: &[String],
    interps: &[Interp],
    cells: &[Vec<Cell>],
    reference: usize,
    opts: &Options,
    with_mem: bool,
) -> String {
    let mut out = String::new();
    let bullet = if opts.markdown { "- " } else { "  " };
    let _ = writeln!(
        out,
        "\nmedian wall time of {} run(s), interleaved; ratio = python3 time / interpreter time (>1: faster than CPython)",
        opts.runs
    );
    for i in interps {
        let _ = writeln!(out, "{bullet}{}: {}", i.name, i.version);
    }
    let _ = writeln!(out);

    let mut header = vec!["program".to_string()];
    for (k, i) in interps.iter().enumerate() {
        header.push(format!("{} s", i.name));
        if k != reference {
            header.push(format!("{} ratio", i.name));
        }
    }
    let mut ratios: Vec<Vec<f64>> = interps.iter().map(|_| Vec::new()).collect();
    let mut rows = Vec::new();
    for (name, row) in names.iter().zip(cells) {
        let base = row[reference].median_time();
        let mut r = vec![name.clone()];
        for (k, cell) in row.iter().enumerate() {
            let t = cell.median_time();
            r.push(match (t, &cell.error) {
                (Some(t), _) => format!("{t:.3}"),
                (None, Some(_)) => "ERROR".into(),
                (None, None) => "-".into(),
            });
            if k != reference {
                r.push(match (base, t) {
                    (Some(b), Some(t)) if t > 0.0 => {
                        ratios[k].push(b / t);
                        format!("{:.2}x", b / t)
                    }
                    _ => "-".into(),
                });
            }
        }
        rows.push(r);
    }
    let mut g = vec!["geometric mean".to_string()];
    for (k, _) in interps.iter().enumerate() {
        g.push(String::new());
        if k != reference {
            g.push(geomean(&ratios[k]).map_or("-".into(), |x| format!("{x:.2}x")));
        }
    }
    rows.push(g);
    out.push_str(&table(&header, &rows, opts.markdown));
    for (j, other) in interps.iter().enumerate().filter(|(_, i)| i.other_cpython) {
        let _ = writeln!(
            out,
            "\nratio = {} time / interpreter time (the same runs)\n",
            other.name
        );
        out.push_str(&ratio_table(names, interps, cells, j, opts.markdown));
    }

    if with_mem {
        let _ = writeln!(out, "\npeak resident memory, MiB (largest over the runs)\n");
        let mut header = vec!["program".to_string()];
        header.extend(interps.iter().map(|i| i.name.clone()));
        let rows: Vec<Vec<String>> = names
            .iter()
            .zip(cells)
            .map(|(name, row)| {
                let mut r = vec![name.clone()];
                r.extend(
                    row.iter()
                        .map(|c| c.max_peak_mib().map_or("-".into(), |m| format!("{m:.1}"))),
                );
                r
            })
            .collect();
        out.push_str(&table(&header, &rows, opts.markdown));
    }
    out
}

/// Whether column `i` times a tiercel binary (this one or the baseline).
fn is_tiercel(i: &Interp) -> bool {
    i.name.starts_with("tiercel") || i.name.starts_with("baseline")
}

/// The ratios of every tiercel column against column `against`, per program and in
/// geometric mean.
fn ratio_table(
    names: &[String],
    interps: &[Interp],
    cells: &[Vec<Cell>],
    against: usize,
    markdown: bool,
) -> String {
    let cols: Vec<usize> = (0..interps.len())
        .filter(|&k| is_tiercel(&interps[k]))
        .collect();
    let mut header = vec!["program".to_string()];
    header.extend(cols.iter().map(|&k| format!("{} ratio", interps[k].name)));
    let mut ratios: Vec<Vec<f64>> = cols.iter().map(|_| Vec::new()).collect();
    let mut rows = Vec::new();
    for (name, row) in names.iter().zip(cells) {
        let base = row[against].median_time();
        let mut r = vec![name.clone()];
        for (c, &k) in cols.iter().enumerate() {
            r.push(match (base, row[k].median_time()) {
                (Some(b), Some(t)) if t > 0.0 => {
                    ratios[c].push(b / t);
                    format!("{:.2}x", b / t)
                }
                _ => "-".into(),
            });
        }
        rows.push(r);
    }
    let mut g = vec!["geometric mean".to_string()];
    g.extend(
        ratios
            .iter()
            .map(|rs| geomean(rs).map_or("-".into(), |x| format!("{x:.2}x"))),
    );
    rows.push(g);
    table(&header, &rows, markdown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn geometric_mean() {
        assert_eq!(geomean(&[]), None);
        let g = geomean(&[0.5, 2.0, 4.0]).unwrap();
        assert!((g - 2.0f64.powf(2.0 / 3.0)).abs() < 1e-12);
    }

    #[test]
    fn parses_options() {
        let o = parse_args(&strings(&[
            "--runs",
            "3",
            "--filter",
            "fib",
            "--tiercel-args",
            "--heap 1000",
            "--markdown",
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(o.runs, 3);
        assert_eq!(o.filters, strings(&["fib"]));
        assert_eq!(o.tiercel_args, strings(&["--heap", "1000"]));
        assert!(o.markdown);
        assert!(parse_args(&strings(&["--runs", "0"])).is_err());
        assert!(parse_args(&strings(&["--runs"])).is_err());
        assert!(parse_args(&strings(&["--bogus"])).is_err());
        assert!(parse_args(&strings(&["--help"])).unwrap().is_none());
        let b = parse_args(&strings(&["--baseline", "/old/tiercel"]))
            .unwrap()
            .unwrap();
        assert_eq!(b.baseline.as_deref(), Some("/old/tiercel"));
        assert!(parse_args(&strings(&["--baseline"])).is_err());
    }

    #[test]
    fn ratios_against_another_cpython() {
        let interp = |name: &str, other_cpython| Interp {
            name: name.to_string(),
            argv: Vec::new(),
            version: String::new(),
            other_cpython,
        };
        let interps = [
            interp("python3", false),
            interp("tiercel", false),
            interp("/usr/bin/python3.11", true),
        ];
        let cell = |t: f64| Cell {
            times: vec![t],
            ..Cell::default()
        };
        let cells = vec![
            vec![cell(2.0), cell(1.0), cell(1.5)],
            vec![cell(4.0), cell(2.0), cell(4.0)],
        ];
        let names = strings(&["a", "b"]);
        let t = ratio_table(&names, &interps, &cells, 2, true);
        assert_eq!(
            t,
            "| program | tiercel ratio |\n|---|---:|\n| a | 1.50x |\n| b | 2.00x |\n\
             | geometric mean | 1.73x |\n"
        );
    }

    #[test]
    fn text_and_markdown_tables() {
        let header = strings(&["program", "a s"]);
        let rows = vec![strings(&["fib", "1.000"]), strings(&["nbody", "12.500"])];
        let text = table(&header, &rows, false);
        assert_eq!(
            text,
            "program     a s\n---------------\nfib       1.000\nnbody    12.500\n"
        );
        let md = table(&header, &rows, true);
        assert!(md.starts_with("| program | a s |\n|---|---:|\n| fib | 1.000 |\n"));
    }
}
