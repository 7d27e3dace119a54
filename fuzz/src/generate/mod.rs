//! The grammar-based half: programs of the subset (`docs/LANGUAGE.md`) built from typed
//! expressions and statement templates, deterministic given the generator's state.
//!
//! A program is a sequence of independent chunks, each exercising one area (arithmetic,
//! strings, containers, functions, classes, generators, exceptions...) on its own fresh
//! names and printing what it computes, so two tiers can be compared line by line. About
//! half the chunks are hot: loops of thousands of iterations and functions called many
//! times, whose values change type part-way so specialized instructions and traces
//! deoptimize. Risky chunks run inside `try` so one error does not end the program; some
//! programs end with an uncaught exception on purpose (the traceback is compared too).

mod chunks;
mod defs;
mod expr;
mod hot;

use crate::rng::Rng;

/// The static types the expression generator tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `int` (small and big).
    Int,
    /// `float`.
    Float,
    /// `str`.
    Str,
    /// `bool`.
    Bool,
    /// A list of ints.
    List,
    /// A dict from str to int.
    Dict,
    /// A tuple of ints.
    Tuple,
    /// A set of ints.
    Set,
    /// Anything: only used with operations every value supports.
    Any,
}

/// The names visible to the expressions of a chunk, with their types.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    vars: Vec<(String, Ty)>,
}

impl Scope {
    /// Adds a name.
    pub fn add(&mut self, name: &str, ty: Ty) {
        self.vars.push((name.to_string(), ty));
    }

    /// A random visible name of type `ty`.
    pub fn pick(&self, rng: &mut Rng, ty: Ty) -> Option<String> {
        let n = self.vars.iter().filter(|(_, t)| *t == ty).count();
        if n == 0 {
            return None;
        }
        let k = rng.below(n);
        self.vars
            .iter()
            .filter(|(_, t)| *t == ty)
            .nth(k)
            .map(|(v, _)| v.clone())
    }
}

/// Writes a program line by line.
pub struct Gen<'r> {
    /// The random source: the program is a function of its state.
    pub rng: &'r mut Rng,
    lines: Vec<String>,
    indent: usize,
    next_id: usize,
    /// The chunk being written is the body of a function (its names are locals, so a chunk
    /// that rebinds module globals must declare them).
    pub in_function: bool,
}

impl<'r> Gen<'r> {
    /// An empty program.
    pub fn new(rng: &'r mut Rng) -> Gen<'r> {
        Gen {
            rng,
            lines: Vec::new(),
            indent: 0,
            next_id: 0,
            in_function: false,
        }
    }

    /// Appends a line at the current indentation.
    pub fn line(&mut self, s: impl AsRef<str>) {
        self.lines
            .push(format!("{}{}", "    ".repeat(self.indent), s.as_ref()));
    }

    /// Appends a block header (`if ...:`) and indents what follows.
    pub fn open(&mut self, header: impl AsRef<str>) {
        self.line(header);
        self.indent += 1;
    }

    /// Ends the innermost block.
    pub fn close(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }

    /// A name no other part of the program uses.
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}{}", self.next_id)
    }

    /// The current indentation depth.
    pub fn depth(&self) -> usize {
        self.indent
    }

    /// The program text.
    pub fn finish(self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }

    /// Runs `body` inside `try:` with a handler that prints the exception, so an error
    /// ends only this part of the program.
    pub fn guarded(&mut self, body: impl FnOnce(&mut Gen<'r>)) {
        self.open("try:");
        let before = self.lines.len();
        body(self);
        if self.lines.len() == before {
            self.line("pass");
        }
        self.close();
        self.open("except Exception as e:");
        self.line("print('error', type(e).__name__, e)");
        self.close();
    }

    /// A loop count: mostly small, sometimes past the default tier-2 thresholds (a few
    /// thousand back-edges), so that both tiny and default thresholds see traces.
    pub fn hot_count(&mut self) -> usize {
        *self.rng.pick(&[30, 200, 700, 1500, 3000, 4500, 6000])
    }
}

/// Generates program number `index` of the stream `seed`.
pub fn program(rng: &mut Rng) -> String {
    let mut g = Gen::new(rng);
    if g.rng.chance(1, 2) {
        g.line("import math");
    }
    let chunks = 2 + g.rng.below(6);
    for _ in 0..chunks {
        // Module-level code runs on globals; inside a function the same code runs on fast
        // locals and cells, the other half of what the specializer and traces handle.
        let wrap = g.rng.chance(2, 5);
        let name = g.fresh("chunk");
        if wrap {
            g.open(format!("def {name}():"));
            g.in_function = true;
        }
        if g.rng.chance(2, 3) {
            g.guarded(chunk);
        } else {
            chunk(&mut g);
        }
        if wrap {
            g.in_function = false;
            g.close();
            // Called twice now and then: the second call enters warm (or traced) code.
            let times = if g.rng.chance(1, 4) { 2 } else { 1 };
            for _ in 0..times {
                g.line(format!("{name}()"));
            }
        }
    }
    if g.rng.chance(1, 12) {
        // An uncaught exception: the traceback text is part of the comparison.
        let f = g.fresh("fail");
        g.open(format!("def {f}(n):"));
        g.line("if n == 0:");
        g.line("    raise ValueError('bottom ' + str(n))");
        g.line(format!("return {f}(n - 1) + 1"));
        g.close();
        let n = g.rng.below(5);
        g.line(format!("print({f}({n}))"));
    }
    g.finish()
}

/// One chunk: an area chosen at random (hot ones weighted up: they are what tier 2 runs).
fn chunk(g: &mut Gen<'_>) {
    match g.rng.below(22) {
        0 => chunks::arithmetic(g),
        1 => chunks::strings(g),
        2 => chunks::lists(g),
        3 => chunks::dicts_sets(g),
        4 => chunks::comprehensions(g),
        5 => chunks::exceptions(g),
        6 => chunks::loops(g),
        7 => chunks::with_blocks(g),
        8 => defs::functions(g),
        9 => defs::closures(g),
        10 => defs::classes(g),
        11 => defs::dunders(g),
        12 => defs::generators(g),
        13 => hot::type_change_loop(g),
        14 => hot::polymorphic_calls(g),
        15 => hot::attribute_sites(g),
        16 => hot::shadowing(g),
        17 => hot::raising_loop(g),
        18 => hot::recursion(g),
        19 => hot::containers(g),
        20 => hot::generator_pipeline(g),
        _ => hot::int_growth(g),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_deterministic() {
        for i in 0..50 {
            let a = program(&mut Rng::for_program(1, i));
            let b = program(&mut Rng::for_program(1, i));
            assert_eq!(a, b);
        }
    }
}
