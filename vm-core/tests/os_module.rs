//! `os` where the host has no filesystem (a board: every call is an `OSError` that says
//! so, the path functions still work), and withholding `os` with [`Config::modules`].
#![cfg(feature = "stdlib")]

mod common;

use common::{exception, stdout};
use vm_core::{Allow, BufferHost, Config, Interpreter};

#[test]
fn os_without_a_filesystem_raises_oserror_and_keeps_the_path_functions() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    py.run(
        r#"import os, os.path, posixpath
print(os.path is posixpath, os.path.join('a', 'b'), os.path.normpath('/a/../b'))
print(os.environ, os.getenv('HOME'), os.path.exists('x'), os.path.isdir('/'))
for f in (os.getcwd, os.listdir, lambda: os.stat('x'), lambda: os.mkdir('d'),
          lambda: os.rename('a', 'b'), lambda: os.remove('x'), lambda: os.rmdir('d'),
          lambda: os.path.abspath('x'), lambda: os.path.getsize('x')):
    try:
        f()
    except OSError as e:
        print(type(e).__name__, e)
"#,
        "main.py",
    )
    .unwrap();
    let no_fs = "OSError [Errno 38] this board has no filesystem";
    let want = format!(
        "True a/b /b\nenviron({{}}) None False False\n{no_fs}\n{no_fs}: '.'\n{no_fs}: 'x'\n\
         {no_fs}: 'd'\n{no_fs}: 'a' -> 'b'\n{no_fs}: 'x'\n{no_fs}: 'd'\n{no_fs}\n{no_fs}: 'x'\n"
    );
    assert_eq!(stdout(&py), want);
}

#[test]
fn withholding_os_withholds_os_path_and_its_helpers() {
    let not_found = |name: &str| format!("ModuleNotFoundError: No module named '{name}'");
    for modules in [Allow::all_except(["os"]), Allow::only(["math"])] {
        let config = Config {
            modules,
            ..Config::default()
        };
        let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
        for (src, name) in [
            ("import os", "os"),
            ("import os.path", "os"),
            ("from os import path", "os"),
            ("import posixpath", "posixpath"),
            ("import _os", "_os"),
        ] {
            assert_eq!(exception(py.run(src, "main.py")), not_found(name), "{src}");
        }
    }
    // Allowing `os` allows the modules it is made of.
    let config = Config {
        modules: Allow::only(["os"]),
        ..Config::default()
    };
    let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
    py.run(
        "import os.path\nfrom posixpath import basename\nprint(os.path.join('a', basename('/x/y')))\n",
        "main.py",
    )
    .unwrap();
    assert_eq!(stdout(&py), "a/y\n");
    assert_eq!(exception(py.run("import sys", "main.py")), not_found("sys"));
}
