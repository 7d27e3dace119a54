//! The code buffer: a growable byte vector that encoded instructions are appended to, with
//! labels for branch targets that may not be known yet.

use alloc::vec::Vec;
use core::fmt;

use super::branch::{call_rel32, jcc_rel32, jcc_rel8, jmp_rel32, jmp_rel8, REL8_LEN};
use super::cond::Cond;
use super::inst::Inst;

/// A branch target in a [`CodeBuf`], bound to an offset once with [`CodeBuf::bind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(u32);

/// Why [`CodeBuf::finish`] could not resolve the branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufError {
    /// A branch names a label that was never bound.
    UnboundLabel(Label),
    /// A branch's target is more than ±2 GiB away.
    OutOfRange(Label),
}

impl fmt::Display for BufError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BufError::UnboundLabel(l) => write!(f, "label {} is used but never bound", l.0),
            BufError::OutOfRange(l) => write!(f, "label {} is out of rel32 range", l.0),
        }
    }
}

/// A rel32 field to fill in once its label is bound.
#[derive(Clone, Copy, Debug)]
struct Fixup {
    /// The offset of the four-byte field; the branch ends right after it.
    at: usize,
    /// The target.
    label: Label,
}

/// Machine code under construction.
///
/// Branches to a label take the short rel8 form when the label is already bound (a backward
/// branch) and in reach; otherwise they take the rel32 form, whose field [`CodeBuf::finish`]
/// fills in. Forward branches are therefore always rel32, which keeps every offset final as
/// soon as it is emitted.
#[derive(Clone, Debug, Default)]
pub struct CodeBuf {
    bytes: Vec<u8>,
    labels: Vec<Option<usize>>,
    fixups: Vec<Fixup>,
}

impl CodeBuf {
    /// An empty buffer.
    pub fn new() -> Self {
        CodeBuf::default()
    }

    /// Appends one instruction.
    #[inline]
    pub fn emit(&mut self, inst: Inst) {
        self.bytes.extend_from_slice(inst.as_bytes());
    }

    /// The offset the next instruction is emitted at.
    #[inline]
    pub fn offset(&self) -> usize {
        self.bytes.len()
    }

    /// The bytes emitted so far, with unresolved rel32 fields still zero.
    #[inline]
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// A new, unbound label.
    pub fn new_label(&mut self) -> Label {
        let label = Label(self.labels.len() as u32);
        self.labels.push(None);
        label
    }

    /// Binds `label` to the current offset.
    ///
    /// # Panics
    ///
    /// If the label is already bound or belongs to another buffer: both are bugs in the code
    /// generator, not conditions of the program being compiled.
    pub fn bind(&mut self, label: Label) {
        let offset = self.offset();
        let slot = &mut self.labels[label.0 as usize];
        assert!(slot.is_none(), "label {} bound twice", label.0);
        *slot = Some(offset);
    }

    /// The offset `label` is bound to, if it is bound.
    pub fn label_offset(&self, label: Label) -> Option<usize> {
        self.labels.get(label.0 as usize).copied().flatten()
    }

    /// The rel8 a branch of `REL8_LEN` bytes emitted now needs to reach `label`, when the label
    /// is bound and in reach.
    fn short_rel(&self, label: Label) -> Option<i8> {
        let target = self.label_offset(label)?;
        let end = self.offset() + REL8_LEN;
        let rel = (target as i64).checked_sub(end as i64)?;
        i8::try_from(rel).ok()
    }

    /// Records that the rel32 field ending the instruction just emitted targets `label`
    /// (every rel32 branch form ends with its field).
    fn fixup_last(&mut self, label: Label) {
        let at = self.offset() - 4;
        self.fixups.push(Fixup { at, label });
    }

    /// `jmp label`: rel8 when the label is bound and in reach, rel32 otherwise.
    pub fn jmp_label(&mut self, label: Label) {
        if let Some(rel) = self.short_rel(label) {
            self.emit(jmp_rel8(rel));
        } else {
            self.emit(jmp_rel32(0));
            self.fixup_last(label);
        }
    }

    /// `jcc label`: rel8 when the label is bound and in reach, rel32 otherwise.
    pub fn jcc_label(&mut self, cond: Cond, label: Label) {
        if let Some(rel) = self.short_rel(label) {
            self.emit(jcc_rel8(cond, rel));
        } else {
            self.emit(jcc_rel32(cond, 0));
            self.fixup_last(label);
        }
    }

    /// `call label` (always rel32).
    pub fn call_label(&mut self, label: Label) {
        self.emit(call_rel32(0));
        self.fixup_last(label);
    }

    /// Fills in every rel32 field and returns the code.
    pub fn finish(mut self) -> Result<Vec<u8>, BufError> {
        for fixup in &self.fixups {
            let label = fixup.label;
            let target = self.labels[label.0 as usize].ok_or(BufError::UnboundLabel(label))?;
            let rel = target as i64 - (fixup.at + 4) as i64;
            let rel = i32::try_from(rel).map_err(|_| BufError::OutOfRange(label))?;
            self.bytes[fixup.at..fixup.at + 4].copy_from_slice(&rel.to_le_bytes());
        }
        Ok(self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enc::{nop, ret};

    #[test]
    fn backward_jump_in_reach_is_short() {
        let mut buf = CodeBuf::new();
        let top = buf.new_label();
        buf.bind(top);
        buf.emit(nop());
        buf.jmp_label(top);
        // The jmp ends at 3, the label is at 0.
        assert_eq!(buf.finish().unwrap(), [0x90, 0xEB, 0xFD]);
    }

    #[test]
    fn forward_jump_is_patched() {
        let mut buf = CodeBuf::new();
        let out = buf.new_label();
        buf.jcc_label(Cond::E, out);
        buf.emit(nop());
        buf.bind(out);
        buf.emit(ret());
        assert_eq!(buf.finish().unwrap(), [0x0F, 0x84, 1, 0, 0, 0, 0x90, 0xC3]);
    }

    #[test]
    fn unbound_label_is_an_error() {
        let mut buf = CodeBuf::new();
        let nowhere = buf.new_label();
        buf.call_label(nowhere);
        assert_eq!(buf.finish(), Err(BufError::UnboundLabel(nowhere)));
    }

    #[test]
    #[should_panic(expected = "bound twice")]
    fn binding_twice_panics() {
        let mut buf = CodeBuf::new();
        let l = buf.new_label();
        buf.bind(l);
        buf.bind(l);
    }
}
