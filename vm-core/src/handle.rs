//! Values the embedder holds: rooted handles.
//!
//! A raw [`Value`] names an object by its slot in the heap, and the collector frees any
//! object nothing in the VM references; a value kept in Rust across a collection (every
//! run ends with one) may then name a freed slot, or another object later. Everything the
//! VM hands to Rust ([`Vm::call_function`], [`Vm::get_global`]) is a [`Handle`] instead,
//! and a native function that keeps one of its arguments makes a handle of it
//! ([`Vm::handle`]). The collector marks every handle alive; dropping the last clone of
//! a handle lets its object go.

use alloc::rc::{Rc, Weak};
use alloc::vec::Vec;
use core::cell::Cell;

use crate::object::heap::Heap;
use crate::object::value::Value;
use crate::vm::Vm;

/// A value that stays alive and unchanged while the handle (or a clone of it) exists.
#[derive(Clone, Debug)]
pub struct Handle(Rc<Cell<Value>>);

impl Handle {
    internal! {
        /// The value (valid as long as this handle lives).
        pub fn get(&self) -> Value {
            self.0.get()
        }
    }
}

impl PartialEq for Handle {
    fn eq(&self, other: &Handle) -> bool {
        self.get() == other.get()
    }
}

/// The VM's side: weak references to every handle made, marked by the collector.
#[derive(Debug, Default)]
pub(crate) struct Handles {
    live: Vec<Weak<Cell<Value>>>,
}

impl Handles {
    /// Registers a new handle of `v`.
    fn make(&mut self, v: Value) -> Handle {
        if self.live.len() == self.live.capacity() {
            // Dropped handles go before the list grows: it stays within twice the live ones.
            self.live.retain(|w| w.strong_count() > 0);
        }
        let cell = Rc::new(Cell::new(v));
        self.live.push(Rc::downgrade(&cell));
        Handle(cell)
    }

    /// Marks the values of live handles and forgets dropped ones (collector roots).
    pub(crate) fn mark(&mut self, heap: &mut Heap) {
        self.live.retain(|w| match w.upgrade() {
            Some(cell) => {
                heap.mark_value(cell.get());
                true
            }
            None => false,
        });
    }
}

impl Vm {
    /// A handle of `v`: the object stays alive until every clone of the handle is dropped.
    /// Native functions use it to keep an argument past their return.
    pub fn handle(&mut self, v: Value) -> Handle {
        self.handles.make(v)
    }
}
