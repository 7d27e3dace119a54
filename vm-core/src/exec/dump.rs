//! `tiercel --dump-traces`: each executor's uops with their exits.

use alloc::format;
use alloc::string::String;

use super::ir::{check, Executor, Origin, COLD_LINK, NO_EXIT, SAME_FRAME};
use crate::vm::Vm;

impl Vm {
    /// A listing of every live executor: where it starts, its uops (offset and line of the
    /// tier-1 instruction each comes from) and its exit stubs with their links.
    pub fn dump_executors(&self) -> String {
        let mut out = String::new();
        for e in self.tier2.executors() {
            self.dump_executor(e, &mut out);
        }
        out
    }

    fn code_name(&self, e: &Executor, i: u8) -> String {
        match e.codes.get(i as usize) {
            Some(tc) => String::from(self.str_of(tc.code.qualname).unwrap_or("?")),
            None => String::from("?"),
        }
    }

    fn dump_executor(&self, e: &Executor, out: &mut String) {
        let origin = match e.origin {
            Origin::Root => "root",
            Origin::Side => "side",
            Origin::External => "external",
        };
        out.push_str(&format!(
            "executor {} ({origin}, chain depth {}) at {}:{}{}: {} uops, {} instructions\n",
            e.id.get() & 0xF_FFFF,
            e.chain_depth,
            self.code_name(e, 0),
            e.start,
            if e.valid.get() { "" } else { " [invalid]" },
            e.uops.len(),
            e.instr_count,
        ));
        for (i, u) in e.uops.iter().enumerate() {
            let line = e
                .codes
                .get(u.code as usize)
                .map_or(0, |tc| tc.code.line_of(u.target));
            let mut s = format!(
                "  {i:4} {:<28} {:>6}  {}:{} line {line}",
                u.uop.name(),
                u.oparg,
                self.code_name(e, u.code),
                u.target
            );
            if u.exit != NO_EXIT {
                s.push_str(&format!("  exit {}", u.exit));
            }
            if u.jump_exit != NO_EXIT {
                s.push_str(&format!("  jump exit {}", u.jump_exit));
            }
            if u.check & check::WHOLE != 0 {
                s.push_str(&format!(
                    "  [whole {}: {}]",
                    check::whole_len(u.check),
                    super::forms::name(u.expect_code)
                ));
                if u.check & check::VALIDATE != 0 {
                    s.push_str("  [validates]");
                }
                if u.check & check::FLOW != 0 {
                    s.push_str(&format!("  expect {}", u.expect));
                }
            } else if u.check & check::FLOW != 0 {
                if u.expect_code == SAME_FRAME {
                    s.push_str(&format!("  expect {}", u.expect));
                } else if u.expect == u32::MAX {
                    s.push_str("  expect return to native code");
                } else {
                    s.push_str(&format!(
                        "  expect {}:{}",
                        self.code_name(e, u.expect_code),
                        u.expect
                    ));
                }
            }
            if u.is_linkable_exit() {
                let link = u.link.get();
                if link == COLD_LINK {
                    s.push_str("  -> cold");
                } else {
                    s.push_str(&format!("  -> executor {}", link & 0xF_FFFF));
                }
                if u.expect != 0 {
                    s.push_str(&format!(
                        " (its loop copy, if executor {})",
                        u.expect & 0xF_FFFF
                    ));
                }
            }
            s.push('\n');
            out.push_str(&s);
        }
        if e.loop_top != 1 {
            out.push_str(&format!("  loop copy from uop {}\n", e.loop_top));
        }
        if !e.exit_facts.is_empty() {
            out.push_str(&format!(
                "  facts kept for {} exit(s)\n",
                e.exit_facts.len()
            ));
        }
        if !e.deps.is_empty() {
            out.push_str(&format!("  depends on {} object(s)\n", e.deps.len()));
        }
    }
}
