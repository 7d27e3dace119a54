//! The QEMU harness: builds board images, boots them with a timeout, feeds a script, and
//! returns the console output and exit status.
