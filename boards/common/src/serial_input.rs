//! Console input taken by the board's UART receive interrupt: a lock-free byte queue between
//! the handler and the code that reads the console, and `Ctrl-C` turned into
//! `KeyboardInterrupt`.
//!
//! The board's handler calls [`has_room`] and [`received`] for each byte the UART holds (and
//! masks its receive interrupt when the queue is full, leaving the byte in the UART until
//! [`take`] made room); its console read takes bytes with [`take`]. Everything here is atomics,
//! a `heapless` queue and a `spin::Once`: nothing allocates or blocks, so the handler may call
//! it at any point of the main program.

use alloc::sync::Arc;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use heapless::mpmc::MpMcQueue;
use vm_core::Signals;

/// Bytes the queue holds (the largest capacity of `heapless`'s small queue); a paste longer
/// than this waits in the UART, whose receive interrupt is masked meanwhile.
pub const CAPACITY: usize = 128;

/// Received bytes not yet read.
static QUEUE: MpMcQueue<u8, CAPACITY> = MpMcQueue::new();
/// How many bytes [`QUEUE`] holds (it has no length of its own); only the handler adds.
static QUEUED: AtomicUsize = AtomicUsize::new(0);
/// The running VM's signals: `Ctrl-C` raises `KeyboardInterrupt` through them.
static SIGNALS: spin::Once<Arc<Signals>> = spin::Once::new();
/// Set by the handler for every byte (and `Ctrl-C`) it receives, taken by [`take_wake`].
static WOKEN: AtomicBool = AtomicBool::new(false);
/// Whether the REPL's line editor (or `input()`) is reading: then `Ctrl-C` is a byte like any
/// other, which the editor handles itself.
static EDITING: AtomicBool = AtomicBool::new(false);

/// The ASCII code `Ctrl-C` sends.
pub const CTRL_C: u8 = 0x03;

/// Makes `Ctrl-C` raise `KeyboardInterrupt` in the VM these `signals` belong to. A board runs
/// one VM per boot; later calls keep the first VM's signals.
pub fn watch(signals: Arc<Signals>) {
    SIGNALS.call_once(|| signals);
}

/// Raises `KeyboardInterrupt` in the watched VM at its next safe point (nothing when no VM
/// is watched).
pub fn interrupt() {
    if let Some(s) = SIGNALS.get() {
        s.interrupt();
    }
}

/// Whether the queue can take another byte (the handler asks before reading one from the
/// UART).
pub fn has_room() -> bool {
    QUEUED.load(Ordering::Acquire) < CAPACITY
}

/// The receive handler's part: `Ctrl-C` while a script runs raises `KeyboardInterrupt`;
/// every other byte is queued for [`take`]. Call only after [`has_room`] said yes.
pub fn received(byte: u8) {
    WOKEN.store(true, Ordering::Release);
    if is_interrupt(
        byte,
        EDITING.load(Ordering::Acquire),
        SIGNALS.get().is_some(),
    ) {
        interrupt();
        return;
    }
    if QUEUE.enqueue(byte).is_ok() {
        QUEUED.fetch_add(1, Ordering::AcqRel);
    }
}

/// Whether `byte` is a `Ctrl-C` for running code: not while a line editor reads (`editing`:
/// it is the editor's), and not before a VM is watched (`watched`: it is input then).
fn is_interrupt(byte: u8, editing: bool, watched: bool) -> bool {
    byte == CTRL_C && !editing && watched
}

/// The oldest received byte, if any.
pub fn take() -> Option<u8> {
    let b = QUEUE.dequeue()?;
    QUEUED.fetch_sub(1, Ordering::AcqRel);
    Some(b)
}

/// Whether the handler received something (a byte, `Ctrl-C`) since the last call. A board's
/// idle loop asks this with interrupts masked before halting, so a wake-up between a
/// reader's look at the queue and the halt is not lost. Bytes queued earlier do not count:
/// a sleep with typed-ahead input still halts.
pub fn take_wake() -> bool {
    WOKEN.swap(false, Ordering::AcqRel)
}

/// Marks the console as read by a line editor until the guard drops.
pub(crate) struct Editing(());

impl Editing {
    pub(crate) fn start() -> Editing {
        EDITING.store(true, Ordering::Release);
        Editing(())
    }
}

impl Drop for Editing {
    fn drop(&mut self) {
        EDITING.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test of the queue: the statics are shared by the whole test binary.
    #[test]
    fn queue_and_ctrl_c() {
        while take().is_some() {}
        for b in 0..CAPACITY {
            assert!(has_room());
            received(b as u8 + 0x20);
        }
        assert!(!has_room());
        assert!(take_wake());
        assert!(!take_wake());
        assert_eq!(take(), Some(0x20));
        assert!(has_room());
        while take().is_some() {}

        watch(Arc::new(Signals::default()));
        // Another test's VM may have been watched first: those are the signals Ctrl-C uses.
        let signals = SIGNALS.get().expect("watched").clone();
        signals.clear();
        {
            let _editing = Editing::start();
            received(CTRL_C);
        }
        assert_eq!(take(), Some(CTRL_C));
        assert!(!signals.interrupt_pending());
        received(CTRL_C);
        assert_eq!(take(), None);
        assert!(signals.interrupt_pending());
        assert!(take_wake());
    }

    // Other tests of this binary start VMs (which watch their signals), so what happens
    // before any VM is watched is checked on the rule itself.
    #[test]
    fn ctrl_c_routing() {
        assert!(is_interrupt(CTRL_C, false, true));
        assert!(!is_interrupt(CTRL_C, true, true), "the line editor's");
        assert!(
            !is_interrupt(CTRL_C, false, false),
            "input before a VM runs"
        );
        assert!(!is_interrupt(b'c', false, true));
    }
}
