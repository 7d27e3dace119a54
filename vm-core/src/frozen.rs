//! The Python modules frozen into the VM as verified bytecode images: the standard library
//! (`stdlib/`, feature `stdlib`), `asyncio` (`builtins/asyncio/`), `_fileio`, the file
//! objects of `open()` (`builtins/fileio.py`), and `_generic_alias`, what `list[int]` gives
//! (`builtins/generic_alias.py`).
//!
//! Their images are checked in, packed (`vm-core/frozen/NAME.tbz`, see
//! [`crate::image::packed`]), and included in the program (`include_bytes!`), so they run
//! without the compiler: the VM loads (unpacks, reads and verifies) an image where it used
//! to compile the source. This table says which source files each
//! image is compiled from: `cargo xtask freeze` writes the images from it, and
//! `vm-core/tests/frozen_images.rs` fails when a checked-in image differs from what the
//! compiler makes of its source (after a change of the source, the compiler or the op
//! table), so a stale image cannot go unnoticed. The source is not in the program: a
//! traceback through a frozen module gives file and line only, as CPython's do for its
//! frozen modules.

/// A frozen module and the source its image is compiled from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrozenSource {
    /// The module's name; its packed image is `vm-core/frozen/<module>.tbz`.
    pub module: &'static str,
    /// The file name the image is compiled under (what its tracebacks name).
    pub filename: &'static str,
    /// Its source files (relative to `vm-core/src`), joined with [`SEPARATOR`].
    pub files: &'static [&'static str],
}

impl FrozenSource {
    /// The image's path relative to the `vm-core` crate.
    pub fn image_path(&self) -> alloc::string::String {
        alloc::format!("{DIR}/{}.tbz", self.module)
    }
}

/// The folder of the images, relative to the `vm-core` crate.
pub const DIR: &str = "frozen";

/// What joins the source files of one module.
pub const SEPARATOR: &str = "\n\n";

const fn frozen(
    module: &'static str,
    filename: &'static str,
    files: &'static [&'static str],
) -> FrozenSource {
    FrozenSource {
        module,
        filename,
        files,
    }
}

/// Every frozen module.
pub const SOURCES: &[FrozenSource] = &[
    frozen(
        "collections",
        "<frozen collections>",
        &["stdlib/collections/__init__.py"],
    ),
    frozen(
        "collections.abc",
        "<frozen collections.abc>",
        &["stdlib/collections/abc.py"],
    ),
    frozen(
        "collections._counter",
        "<frozen collections._counter>",
        &["stdlib/collections/_counter.py"],
    ),
    frozen(
        "collections._chainmap",
        "<frozen collections._chainmap>",
        &["stdlib/collections/_chainmap.py"],
    ),
    frozen("abc", "<frozen abc>", &["stdlib/abc.py"]),
    frozen("keyword", "<frozen keyword>", &["stdlib/keyword.py"]),
    frozen("functools", "<frozen functools>", &["stdlib/functools.py"]),
    frozen("operator", "<frozen operator>", &["stdlib/operator.py"]),
    frozen("itertools", "<frozen itertools>", &["stdlib/itertools.py"]),
    frozen("heapq", "<frozen heapq>", &["stdlib/heapq.py"]),
    frozen("bisect", "<frozen bisect>", &["stdlib/bisect.py"]),
    frozen(
        "contextlib",
        "<frozen contextlib>",
        &["stdlib/contextlib.py"],
    ),
    frozen("copy", "<frozen copy>", &["stdlib/copy.py"]),
    frozen("string", "<frozen string>", &["stdlib/string.py"]),
    frozen("typing", "<frozen typing>", &["stdlib/typing.py"]),
    frozen("errno", "<frozen errno>", &["stdlib/errno.py"]),
    frozen("struct", "<frozen struct>", &["stdlib/struct.py"]),
    frozen("array", "<frozen array>", &["stdlib/array.py"]),
    frozen("types", "<frozen types>", &["stdlib/types.py"]),
    frozen("io", "<frozen io>", &["stdlib/io.py"]),
    frozen("enum", "<frozen enum>", &["stdlib/enum.py"]),
    frozen("__future__", "<frozen __future__>", &["stdlib/__future__.py"]),
    frozen("inspect", "<frozen inspect>", &["stdlib/inspect.py"]),
    frozen("unittest", "<frozen unittest>", &["stdlib/unittest.py"]),
    frozen("re", "<frozen re>", &["stdlib/re.py"]),
    frozen(
        "dataclasses",
        "<frozen dataclasses>",
        &["stdlib/dataclasses.py"],
    ),
    frozen("os", "<frozen os>", &["stdlib/os.py"]),
    frozen("posixpath", "<frozen posixpath>", &["stdlib/posixpath.py"]),
    frozen("json", "<frozen json>", &["stdlib/json/__init__.py"]),
    frozen(
        "json.decoder",
        "<frozen json.decoder>",
        &["stdlib/json/decoder.py"],
    ),
    frozen(
        "json.encoder",
        "<frozen json.encoder>",
        &["stdlib/json/encoder.py"],
    ),
    frozen(
        "asyncio",
        "<frozen asyncio>",
        &[
            "builtins/asyncio/events.py",
            "builtins/asyncio/tasks.py",
            "builtins/asyncio/locks.py",
        ],
    ),
    frozen("_fileio", "<frozen _io>", &["builtins/fileio.py"]),
    frozen(
        "_generic_alias",
        "<frozen types>",
        &["builtins/generic_alias.py"],
    ),
];
