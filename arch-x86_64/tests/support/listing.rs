//! What the test binaries share: listing emitted code with iced-x86 (included by path, each
//! test directory being its own crate).

use iced_x86::{Decoder, DecoderOptions, Formatter, IntelFormatter};

/// `bytes` as a listing, one instruction a line: offset, bytes in hex, Intel syntax (numbers
/// in `0x` hex, immediates unsigned, branch targets as offsets from the start).
pub fn listing(bytes: &[u8]) -> String {
    let mut f = IntelFormatter::new();
    let o = f.options_mut();
    o.set_space_after_operand_separator(true);
    o.set_hex_prefix("0x");
    o.set_hex_suffix("");
    o.set_uppercase_hex(false);
    o.set_signed_immediate_operands(false);
    o.set_small_hex_numbers_in_decimal(false);
    o.set_branch_leading_zeros(false);
    o.set_show_branch_size(false);
    let mut out = String::new();
    for inst in Decoder::with_ip(64, bytes, 0, DecoderOptions::NONE) {
        assert!(
            !inst.is_invalid(),
            "invalid instruction at {:#x}",
            inst.ip()
        );
        let at = inst.ip() as usize;
        let hex: String = bytes[at..at + inst.len()]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let mut text = String::new();
        f.format(&inst, &mut text);
        out.push_str(&format!("{at:04x}  {hex:<22} {text}\n"));
    }
    out
}
