//! `defmt` frames in a board's console stream (a board built with `--features defmt`): taken
//! out of the stream and decoded with the image's format-string table.
//!
//! A frame starts with 0xFF (a byte UTF-8 text never contains) and ends with the zero byte
//! that ends every rzCOBS frame; the first frame of a boot starts with an extra zero (see
//! `board_common::defmt_log`).

use defmt_decoder::Table;

/// Starts a frame (`board_common::defmt_log::FRAME_START`).
const FRAME_START: u8 = 0xFF;
/// Ends a frame (`board_common::defmt_log::FRAME_END`).
const FRAME_END: u8 = 0x00;

/// Splits `defmt` frames out of console bytes and decodes them.
pub struct Frames {
    table: Table,
    /// The frame being received, or `None` between frames.
    frame: Option<Vec<u8>>,
}

impl Frames {
    /// The decoder for `elf`'s frames; `None` when the image has no `defmt` table (built
    /// without the feature) or the table cannot be read (then says why on stderr).
    pub fn for_image(elf: &[u8]) -> Option<Frames> {
        match Table::parse(elf) {
            Ok(Some(table)) => Some(Frames { table, frame: None }),
            Ok(None) => None,
            Err(e) => {
                eprintln!("cargo xtask qemu: cannot read the image's defmt table: {e}");
                None
            }
        }
    }

    /// Passes console bytes outside frames to `text`, and each decoded frame's line to
    /// `log`.
    pub fn push(&mut self, bytes: &[u8], mut text: impl FnMut(&[u8]), mut log: impl FnMut(&str)) {
        let mut rest = bytes;
        while !rest.is_empty() {
            match &mut self.frame {
                None => {
                    let end = rest.iter().position(|&b| b == FRAME_START);
                    let (plain, after) = rest.split_at(end.unwrap_or(rest.len()));
                    if !plain.is_empty() {
                        text(plain);
                    }
                    if after.is_empty() {
                        return;
                    }
                    self.frame = Some(Vec::new());
                    rest = &after[1..];
                }
                Some(frame) => {
                    let b = rest[0];
                    rest = &rest[1..];
                    // The boot's first frame begins with a separator of its own.
                    if b == FRAME_END && frame.is_empty() {
                        continue;
                    }
                    frame.push(b);
                    if b == FRAME_END {
                        let done = std::mem::take(frame);
                        self.frame = None;
                        log(&self.decode(&done));
                    }
                }
            }
        }
    }

    /// One frame (rzCOBS bytes ending in its zero) as the text `defmt` formats.
    fn decode(&self, frame: &[u8]) -> String {
        let mut decoder = self.table.new_stream_decoder();
        decoder.received(frame);
        match decoder.decode() {
            Ok(f) => f.display(false).to_string(),
            Err(e) => format!("(undecodable defmt frame: {e:?})"),
        }
    }
}
