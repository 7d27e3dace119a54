//! The mutational half: a valid program (from the conformance corpus or the generator)
//! altered by a few random edits. Most results no longer compile or raise early; the rest
//! reach states no hand-written test thought of. Edits are at three grains: tokens (delete,
//! insert, duplicate, truncate), lines (delete, duplicate, swap, move, re-indent), and
//! values (a literal or name replaced by a boundary value), plus splicing lines or whole
//! functions from a second program.

use crate::rng::Rng;

/// Values at the edges of the VM's representations: the inline/big int boundary, machine
/// word sizes, huge ints (big-int paths and `str()` limits), float extremes, and empty or
/// huge containers.
pub const BOUNDARY_VALUES: &[&str] = &[
    "0",
    "-1",
    "1",
    "2**31",
    "2**47",
    "-2**47",
    "2**63",
    "2**64 - 1",
    "10**400",
    "-10**400",
    "1e308",
    "-0.0",
    "5e-324",
    "float('inf')",
    "float('-inf')",
    "float('nan')",
    "''",
    "'x'*100000",
    "'\\u20ac'",
    "b''",
    "[]",
    "{}",
    "()",
    "set()",
    "None",
    "True",
    "[None]*1000",
    "range(10**6)",
];

/// Splits source into rough tokens: identifier/number runs and single other characters
/// (whitespace kept), so that joining them gives the source back.
pub fn tokens(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    for c in src.chars() {
        if word(c) && cur.chars().last().is_some_and(word) {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Applies 1 to 4 random edits to `src` (mostly one: every edit is another chance to
/// break the syntax, and programs that do not compile only test the compiler). `other` is
/// a second program for splicing and `pool` a set of tokens to insert.
pub fn mutate(rng: &mut Rng, src: &str, other: &str, pool: &[String]) -> String {
    let mut s = src.to_string();
    let edits = *rng.pick(&[1, 1, 1, 1, 1, 2, 2, 2, 3, 4]);
    for _ in 0..edits {
        s = match rng.below(20) {
            0..=3 => token_edit(rng, &s, pool),
            4..=9 => line_edit(rng, &s),
            10..=14 => value_edit(rng, &s),
            15 => deep_edit(rng, &s),
            _ => splice(rng, &s, other),
        };
    }
    s
}

fn token_edit(rng: &mut Rng, src: &str, pool: &[String]) -> String {
    let mut t = tokens(src);
    if t.is_empty() {
        return src.to_string();
    }
    let i = rng.below(t.len());
    match rng.below(8) {
        0 | 1 => {
            t.remove(i);
        }
        2 | 3 if !pool.is_empty() => t.insert(i, rng.pick(pool).clone()),
        4 | 5 => {
            let tok = t[i].clone();
            t.insert(i, tok);
        }
        6 => {
            let j = rng.below(t.len());
            t.swap(i, j);
        }
        _ => t.truncate(i),
    }
    t.concat()
}

fn lines_of(src: &str) -> Vec<String> {
    src.lines().map(String::from).collect()
}

fn join(lines: &[String]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn line_edit(rng: &mut Rng, src: &str) -> String {
    let mut l = lines_of(src);
    if l.is_empty() {
        return src.to_string();
    }
    let i = rng.below(l.len());
    let j = rng.below(l.len());
    match rng.below(6) {
        0 => {
            l.remove(i);
        }
        1 => {
            let line = l[i].clone();
            l.insert(i, line);
        }
        2 => l.swap(i, j),
        3 => {
            let line = l.remove(i);
            l.insert(j.min(l.len()), line);
        }
        4 => {
            let extra = *rng.pick(&[1usize, 4, 8]);
            l[i] = format!("{}{}", " ".repeat(extra), l[i]);
        }
        _ => {
            let cut = indent_of(&l[i]).min(4);
            l[i] = l[i][cut..].to_string();
        }
    }
    join(&l)
}

/// Byte ranges of the literals and names in `line` that a value could replace.
fn value_sites(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut sites = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\'' || c == b'"' {
            // A short string literal (no escapes of the quote handled: good enough).
            if let Some(end) = line[i + 1..].find(c as char) {
                sites.push((i, i + 1 + end + 1));
                i += end + 2;
                continue;
            }
            break;
        }
        if c.is_ascii_alphanumeric() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            let word = &line[start..i];
            let keyword = matches!(
                word,
                "def"
                    | "class"
                    | "if"
                    | "else"
                    | "elif"
                    | "for"
                    | "in"
                    | "while"
                    | "return"
                    | "import"
                    | "from"
                    | "try"
                    | "except"
                    | "finally"
                    | "with"
                    | "as"
                    | "not"
                    | "and"
                    | "or"
                    | "is"
                    | "lambda"
                    | "yield"
                    | "pass"
                    | "break"
                    | "continue"
                    | "global"
                    | "nonlocal"
                    | "del"
                    | "raise"
                    | "assert"
                    | "print"
            );
            // Not a call or an attribute owner: replacing those mostly breaks the syntax.
            let next = line[i..].trim_start().chars().next();
            if !keyword && next != Some('(') && !word.contains('.') {
                sites.push((start, i));
            }
            continue;
        }
        i += 1;
    }
    sites
}

fn value_edit(rng: &mut Rng, src: &str) -> String {
    let mut l = lines_of(src);
    // A few tries to find a line with something to replace.
    for _ in 0..8 {
        if l.is_empty() {
            break;
        }
        let i = rng.below(l.len());
        let sites = value_sites(&l[i]);
        if sites.is_empty() {
            continue;
        }
        let (a, b) = *rng.pick(&sites);
        let v = rng.pick(BOUNDARY_VALUES);
        let v = if rng.chance(1, 2) {
            v.to_string()
        } else {
            format!("({v})")
        };
        l[i] = format!("{}{}{}", &l[i][..a], v, &l[i][b..]);
        return join(&l);
    }
    src.to_string()
}

/// Deep nesting, for the recursive parts of the compiler and the VM: a value site replaced
/// by an expression nested tens to thousands of levels, or a line put inside a tower of
/// blocks.
fn deep_edit(rng: &mut Rng, src: &str) -> String {
    let mut l = lines_of(src);
    if l.is_empty() {
        return src.to_string();
    }
    let depth = *rng.pick(&[30, 99, 201, 1000, 5000]);
    let i = rng.below(l.len());
    if rng.chance(1, 4) {
        // A tower of blocks around one line.
        let base = indent_of(&l[i]);
        let header = *rng.pick(&["if True:", "for _ in [0]:", "while 1:", "try:", "def f():"]);
        let depth = depth.min(300);
        let mut out: Vec<String> = (0..depth)
            .map(|k| format!("{}{header}", " ".repeat(base + k)))
            .collect();
        out.push(format!("{}{}", " ".repeat(base + depth), l[i].trim_start()));
        if header == "try:" {
            for k in (0..depth).rev() {
                out.push(format!("{}finally: pass", " ".repeat(base + k)));
            }
        }
        l.splice(i..=i, out);
        return join(&l);
    }
    let sites = value_sites(&l[i]);
    if sites.is_empty() {
        return src.to_string();
    }
    let (a, b) = *rng.pick(&sites);
    let inner = &l[i][a..b];
    let (open, close) = *rng.pick(&[
        ("(", ")"),
        ("[", "]"),
        ("{", "}"),
        ("-", ""),
        ("not ", ""),
        ("x + (", ")"),
        ("lambda: ", ""),
        ("f(", ")"),
        ("[0, ", "][1]"),
        ("{1: ", "}[1]"),
    ]);
    let deep = format!("{}{inner}{}", open.repeat(depth), close.repeat(depth));
    l[i] = format!("{}{deep}{}", &l[i][..a], &l[i][b..]);
    join(&l)
}

/// The lines of the `def` (or `class`) starting at `start`: it and its indented body.
fn block_at(lines: &[String], start: usize) -> &[String] {
    let base = indent_of(&lines[start]);
    let mut end = start + 1;
    while end < lines.len() && (lines[end].trim().is_empty() || indent_of(&lines[end]) > base) {
        end += 1;
    }
    &lines[start..end]
}

fn reindent(lines: &[String], to: usize) -> Vec<String> {
    let base = lines.iter().map(|l| indent_of(l)).min().unwrap_or(0);
    lines
        .iter()
        .map(|l| format!("{}{}", " ".repeat(to), &l[base.min(indent_of(l))..]))
        .collect()
}

fn splice(rng: &mut Rng, src: &str, other: &str) -> String {
    let mut l = lines_of(src);
    let o = lines_of(other);
    if o.is_empty() {
        return src.to_string();
    }
    let at = rng.below(l.len() + 1);
    let defs: Vec<usize> = (0..o.len())
        .filter(|&i| o[i].trim_start().starts_with("def ") || o[i].starts_with("class "))
        .collect();
    let piece: Vec<String> = if !defs.is_empty() && rng.chance(1, 2) {
        // A whole function or class, at top level or at the indentation of the target line.
        let start = *rng.pick(&defs);
        let to = if at < l.len() && rng.chance(1, 3) {
            indent_of(&l[at])
        } else {
            0
        };
        let at_top = reindent(block_at(&o, start), to);
        if to == 0 {
            // Top level: put it before the first top-level line at or after `at`.
            let mut k = at;
            while k < l.len() && indent_of(&l[k]) > 0 {
                k += 1;
            }
            l.splice(k..k, at_top);
            return join(&l);
        }
        at_top
    } else {
        let a = rng.below(o.len());
        let n = 1 + rng.below(4);
        let to = l.get(at).map_or(0, |x| indent_of(x));
        reindent(&o[a..(a + n).min(o.len())], to)
    };
    l.splice(at..at, piece);
    join(&l)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "def f(x):\n    return x + 1\n\nfor i in range(3):\n    print(f(i), 'a')\n";

    #[test]
    fn tokens_rejoin_to_the_source() {
        assert_eq!(tokens(SRC).concat(), SRC);
    }

    #[test]
    fn value_sites_skip_keywords_and_calls() {
        let line = "    print(f(i), 'a', x.y, 12)";
        let words: Vec<&str> = value_sites(line)
            .iter()
            .map(|&(a, b)| &line[a..b])
            .collect();
        assert_eq!(words, ["i", "'a'", "12"]);
    }

    #[test]
    fn mutations_are_deterministic_and_change_something() {
        let pool = tokens(SRC);
        let mut changed = 0;
        for seed in 0..200 {
            let a = mutate(&mut Rng::new(seed), SRC, SRC, &pool);
            let b = mutate(&mut Rng::new(seed), SRC, SRC, &pool);
            assert_eq!(a, b);
            changed += usize::from(a != SRC);
        }
        assert!(
            changed > 150,
            "only {changed} of 200 mutations changed the program"
        );
    }

    #[test]
    fn deep_edits_nest() {
        let deep = (0..50)
            .map(|s| deep_edit(&mut Rng::new(s), SRC))
            .filter(|m| m.len() > SRC.len() + 60)
            .count();
        assert!(deep > 20, "only {deep} of 50 deep edits nested anything");
    }

    #[test]
    fn splicing_a_function_keeps_it_whole() {
        let l = lines_of(SRC);
        assert_eq!(block_at(&l, 0).len(), 3);
        assert_eq!(reindent(block_at(&l, 0), 4)[1], "        return x + 1");
    }
}
