//! The interactive loop of `tiercel` (no script and a terminal, or `-i`), as CPython 3.11's:
//! `>>> ` and `... ` prompts, entries complete when the compiler says so (an open bracket or a
//! block not yet ended by an empty line asks for more), expression values echoed and kept in
//! `_`, errors reported and the session going on, `Ctrl-C` abandoning the entry or the
//! running code (`KeyboardInterrupt`), `Ctrl-D` leaving.

use std::cell::RefCell;
use std::rc::Rc;

use vm_core::api::{needs_more_input, Mode};
use vm_core::{RunError, Vm};

use crate::stdio::{write_stderr, Console, Line};

/// The banner a REPL started without a script prints (on stderr, as `python3`'s).
pub fn banner() -> String {
    format!(
        "Python 3.11.0 (Tiercel {}) on {}\nType exit() or Ctrl-D to leave.\n",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS
    )
}

/// Runs the REPL until the end of input or `sys.exit()`; returns the exit status.
pub fn run(vm: &mut Vm, console: &Rc<RefCell<Console>>) -> i32 {
    let terminal = console.borrow().terminal;
    if terminal {
        console.borrow_mut().load_history();
    }
    let status = run_entries(vm, console);
    if terminal {
        console.borrow_mut().save_history();
    }
    status
}

fn run_entries(vm: &mut Vm, console: &Rc<RefCell<Console>>) -> i32 {
    let terminal = console.borrow().terminal;
    let mut entry = String::new();
    loop {
        let prompt = if entry.is_empty() { ">>> " } else { "... " };
        let line = console.borrow_mut().repl_line(prompt);
        match line {
            Ok(Line::Text(text)) => {
                entry.push_str(&text);
                entry.push('\n');
                if needs_more_input(&entry) {
                    continue;
                }
            }
            Ok(Line::Eof) => {
                // The line editor ends the line itself.
                if !terminal {
                    write_stderr("\n");
                }
                if entry.is_empty() {
                    return 0;
                }
                // The end of input inside an entry ends it: a block runs, an open bracket is
                // an error (a prompt follows; the next end of input leaves).
                let ended = format!("{entry}\n");
                if vm.compile(&ended, "<stdin>", Mode::Interactive).is_ok() {
                    entry = ended;
                }
            }
            Ok(Line::Interrupted) => {
                write_stderr(if terminal {
                    "KeyboardInterrupt\n"
                } else {
                    "\nKeyboardInterrupt\n"
                });
                entry.clear();
                continue;
            }
            Err(e) => {
                write_stderr(&format!(
                    "tiercel: cannot read standard input: {}\n",
                    e.message
                ));
                return 1;
            }
        }
        let source = std::mem::take(&mut entry);
        if let Some(status) = run_entry(vm, console, &source) {
            return status;
        }
    }
}

/// Runs one entry; `Some(status)` when it asked to leave (`sys.exit`).
fn run_entry(vm: &mut Vm, console: &Rc<RefCell<Console>>, source: &str) -> Option<i32> {
    if source.trim().is_empty() {
        return None;
    }
    // An interrupt that came while no code ran is not for this entry.
    vm.signals().clear();
    let mode = if needs_more_input(source) {
        // Still open at the end of input: compiled as a file, for the error a file gets.
        Mode::Exec
    } else {
        Mode::Interactive
    };
    let r = vm.run_source_mode(source, "<stdin>", mode);
    // Output so far shows before the next prompt (CPython flushes after each statement).
    // A failure here is not reported (as CPython's).
    {
        let mut c = console.borrow_mut();
        c.stdout.flush();
        c.stdout.take_error();
    }
    match r {
        Err(RunError::Exit(n)) => Some(n),
        r => {
            vm.report_outcome(r);
            None
        }
    }
}
