//! The findings directory: one reproducer per distinct failure, `<kind>-<hash>.py` with a
//! `.txt` beside it that says what failed and how to run it again. Keys of the findings
//! already there are loaded first, so a known bug is counted but not saved again.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::rng::fnv1a;

/// The deduplication identity of a failure: its kind and key.
pub fn identity(kind: &str, key: &str) -> String {
    format!("{kind}|{key}")
}

/// The identities of the findings saved in `dir`.
pub fn known(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.filter_map(|e| e.ok()) {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "txt") {
            if let Ok(text) = std::fs::read_to_string(&p) {
                if let Some(id) = text.lines().find_map(|l| l.strip_prefix("identity: ")) {
                    out.insert(id.to_string());
                }
            }
        }
    }
    out
}

/// Writes a finding; returns the path of its `.py`.
pub fn save(
    dir: &Path,
    kind: &str,
    id: &str,
    source: &str,
    report: &str,
) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let name = format!("{kind}-{:08x}", fnv1a(id.as_bytes()) as u32);
    let py = dir.join(format!("{name}.py"));
    std::fs::write(&py, source)?;
    std::fs::write(
        dir.join(format!("{name}.txt")),
        format!("identity: {id}\n{report}"),
    )?;
    Ok(py)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_findings_are_known_afterwards() {
        let dir = std::env::temp_dir().join(format!("tiercel-findings-{}", std::process::id()));
        let id = identity("panic", "x.rs:1: boom");
        let p = save(&dir, "panic", &id, "print(1)\n", "kind: panic\n").unwrap();
        assert!(p
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("panic-"));
        assert!(known(&dir).contains(&id));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
