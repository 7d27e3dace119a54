//! The `tiercel` command: run a Python file like `python3 FILE.py`.

fn main() {
    std::process::exit(2);
}
