//! The REPL as a person meets it: `tiercel` with no script on a terminal (a pseudo-terminal
//! here), compared with what `python3` shows for the same keys.

mod support;

use support::{temp_dir, Pty};

#[test]
fn echoes_values_runs_blocks_and_survives_errors() {
    let dir = temp_dir("repl-basic");
    let mut t = Pty::spawn(&dir, &[]);
    let mut at = t.expect_from(0, "Type exit() or Ctrl-D to leave.\n>>> ");
    t.send("1 + 1\r");
    at = t.expect_from(at, "\n2\n>>> ");
    t.send("_ * 10\r");
    at = t.expect_from(at, "\n20\n>>> ");
    t.send("for i in range(3):\r");
    at = t.expect_from(at, "... ");
    t.send("    print(i * i)\r");
    at = t.expect_from(at, "... ");
    t.send("\r");
    at = t.expect_from(at, "0\n1\n4\n>>> ");
    t.send("x = (1,\r");
    at = t.expect_from(at, "... ");
    t.send("2)\r");
    at = t.expect_from(at, ">>> ");
    t.send("x\r");
    at = t.expect_from(at, "(1, 2)\n>>> ");
    t.send("1/0\r");
    at = t.expect_from(
        at,
        "Traceback (most recent call last):\n  File \"<stdin>\", line 1, in <module>\n\
         ZeroDivisionError: division by zero\n>>> ",
    );
    t.send("x = )\r");
    at = t.expect_from(at, "SyntaxError: unmatched ')'\n>>> ");
    t.send("None\r");
    at = t.expect_from(at, ">>> ");
    t.send("print('a', end='')\r");
    at = t.expect_from(at, "a>>> ");
    t.send("exit\r");
    at = t.expect_from(at, "Use exit() or Ctrl-D (i.e. EOF) to exit\n>>> ");
    t.send("\x04");
    let status = t.wait();
    assert_eq!(status.code(), Some(0), "{}", t.screen);
    assert!(!t.screen[at..].contains(">>>"), "{}", t.screen);
}

#[test]
fn ctrl_c_at_the_prompt_and_while_running() {
    let dir = temp_dir("repl-ctrl-c");
    let mut t = Pty::spawn(&dir, &["-q"]);
    let mut at = t.expect_from(0, ">>> ");
    t.send("abc\x03");
    at = t.expect_from(at, "KeyboardInterrupt\n>>> ");
    t.send("def f(\r");
    at = t.expect_from(at, "... ");
    t.send("\x03");
    at = t.expect_from(at, "KeyboardInterrupt\n>>> ");
    // The entry was dropped: `f` is not defined.
    t.send("f\r");
    at = t.expect_from(at, "NameError: name 'f' is not defined\n>>> ");
    t.send("n = 0\r");
    at = t.expect_from(at, ">>> ");
    t.send("while True: n += 1\r");
    at = t.expect_from(at, "... ");
    t.send("\r");
    std::thread::sleep(std::time::Duration::from_millis(300));
    t.send("\x03");
    at = t.expect_from(
        at,
        "Traceback (most recent call last):\n  File \"<stdin>\", line 1, in <module>\n\
         KeyboardInterrupt\n>>> ",
    );
    t.send("n > 0\r");
    at = t.expect_from(at, "True\n>>> ");
    t.send("exit(3)\r");
    let status = t.wait();
    assert_eq!(status.code(), Some(3), "{}", &t.screen[at..]);
}

#[test]
fn input_line_editing_and_history() {
    let dir = temp_dir("repl-history");
    let mut t = Pty::spawn(&dir, &["-q"]);
    let mut at = t.expect_from(0, ">>> ");
    t.send("name = input('name? ')\r");
    at = t.expect_from(at, "name? ");
    t.send("bobx\x7f\r");
    at = t.expect_from(at, ">>> ");
    t.send("name\r");
    at = t.expect_from(at, "'bob'\n>>> ");
    // Left arrow and an insertion (`61 * 7`), then the history (Up) brings the line back.
    t.send("6 * 7\x1b[D\x1b[D\x1b[D\x1b[D1\r");
    at = t.expect_from(at, "\n427\n>>> ");
    t.send("\x1b[A\r");
    at = t.expect_from(at, "\n427\n>>> ");
    t.send("\x04");
    assert_eq!(t.wait().code(), Some(0));
    let _ = at;
    // The next session starts with this one's history.
    let mut t = Pty::spawn(&dir, &["-q"]);
    let at = t.expect_from(0, ">>> ");
    t.send("\x1b[A\r");
    t.expect_from(at, "427\n>>> ");
    t.send("\x04");
    assert_eq!(t.wait().code(), Some(0));
}

#[test]
fn ctrl_d_inside_an_entry_ends_it() {
    let dir = temp_dir("repl-eof");
    let mut t = Pty::spawn(&dir, &["-q"]);
    let mut at = t.expect_from(0, ">>> ");
    t.send("if True:\r");
    at = t.expect_from(at, "... ");
    t.send("  5\r");
    at = t.expect_from(at, "... ");
    t.send("\x04");
    at = t.expect_from(at, "5\n>>> ");
    t.send("if True:\r");
    at = t.expect_from(at, "... ");
    t.send("\x04");
    at = t.expect_from(
        at,
        "IndentationError: expected an indented block after 'if' statement on line 1\n>>> ",
    );
    t.send("\x04");
    assert_eq!(t.wait().code(), Some(0), "{}", &t.screen[at..]);
}

#[test]
fn output_is_line_buffered_on_a_terminal() {
    // Each line shows as it is printed, before the program ends (or reads input).
    let dir = temp_dir("repl-line-buffered");
    let mut t = Pty::spawn(
        &dir,
        &["-c", "import time\nprint('first')\nt = time.monotonic()\nwhile time.monotonic() - t < 30: pass"],
    );
    t.expect_from(0, "first\n");
    t.send("\x03");
    assert!(support::ended_by_sigint(t.wait()), "{}", t.screen);
}
