//! What the VM keeps for the embedder's closures, native classes and modules.
//!
//! Closures and Rust data live beside the heap, keyed by the slot of the object that owns
//! them (the native function, the instance); the collector drops an entry when its owner
//! dies ([`EmbedState::sweep`]), before the slot can be reused. The collector does not look
//! inside Rust data: what a closure or an instance keeps of Python's must be a
//! [`crate::Handle`] (a root).

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::rc::Rc;
use alloc::vec::Vec;
use core::any::{Any, TypeId};
use core::cell::RefCell;

use crate::handle::Handle;
use crate::object::heap::Heap;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// A native function's body: `(vm, positional arguments, keyword arguments)`.
pub(crate) type NativeBody = Rc<dyn Fn(&mut Vm, &[Value], &[(Value, Value)]) -> PyResult<Value>>;

/// The Rust data of one instance of a native class.
pub(crate) type Userdata = Rc<RefCell<Box<dyn Any>>>;

/// The embedder's closures, instance data, classes and modules.
#[derive(Default)]
pub(crate) struct EmbedState {
    /// Closure bodies by the slot of their native function object.
    closures: BTreeMap<u32, NativeBody>,
    /// Instance data by the slot of the instance.
    userdata: BTreeMap<u32, Userdata>,
    /// The class registered for each Rust type.
    classes: Vec<(TypeId, Handle)>,
    /// Modules built by the embedder, by name.
    modules: Vec<(&'static str, Handle)>,
}

impl core::fmt::Debug for EmbedState {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EmbedState")
            .field("closures", &self.closures.len())
            .field("userdata", &self.userdata.len())
            .field("classes", &self.classes.len())
            .field("modules", &self.modules.len())
            .finish()
    }
}

impl EmbedState {
    /// Forgets the closures and data of objects the collector found dead (after marking,
    /// before the sweep frees their slots).
    pub(crate) fn sweep(&mut self, heap: &Heap) {
        self.closures.retain(|&r, _| heap.is_marked(ObjRef(r)));
        self.userdata.retain(|&r, _| heap.is_marked(ObjRef(r)));
    }

    pub(crate) fn set_closure(&mut self, owner: ObjRef, body: NativeBody) {
        self.closures.insert(owner.0, body);
    }

    pub(crate) fn closure(&self, owner: ObjRef) -> Option<NativeBody> {
        self.closures.get(&owner.0).cloned()
    }

    pub(crate) fn set_userdata(&mut self, owner: ObjRef, data: Box<dyn Any>) {
        self.userdata.insert(owner.0, Rc::new(RefCell::new(data)));
    }

    pub(crate) fn userdata(&self, owner: ObjRef) -> Option<Userdata> {
        self.userdata.get(&owner.0).cloned()
    }

    pub(crate) fn set_class(&mut self, ty: TypeId, class: Handle) {
        self.classes.retain(|(t, _)| *t != ty);
        self.classes.push((ty, class));
    }

    pub(crate) fn class(&self, ty: TypeId) -> Option<Value> {
        self.classes
            .iter()
            .find(|(t, _)| *t == ty)
            .map(|(_, h)| h.get())
    }

    pub(crate) fn add_module(&mut self, name: &'static str, module: Handle) {
        self.modules.retain(|(n, _)| *n != name);
        self.modules.push((name, module));
    }

    pub(crate) fn has_module(&self, name: &str) -> bool {
        self.modules.iter().any(|(n, _)| *n == name)
    }

    pub(crate) fn module(&self, name: &str) -> Option<Value> {
        self.modules
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, h)| h.get())
    }
}
