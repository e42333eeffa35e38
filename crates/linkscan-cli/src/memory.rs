//! Memory that cannot be had ends the run with a note and exit code 2, as
//! any other error does — not with the runtime's abort (exit 134, "memory
//! allocation failed"). Some work holds its whole input or result in
//! memory by nature (`markdown` parses a whole document, `--unique` keeps
//! every distinct link), and a memory limit (`ulimit -v`, a container's)
//! can be lower than that.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;

/// The system allocator, with a failed allocation made a clear error.
pub struct Allocator;

// SAFETY: every call goes to the system allocator with the arguments it was
// given, and its result is returned as it is; a null result (no memory)
// ends the process instead of being returned.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System`'s.
        available(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        available(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        available(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

/// `ptr`, unless it is null.
#[inline]
fn available(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

/// Says so on standard error (formatted on the stack: nothing more is
/// allocated) and exits with 2. What standard output holds is written
/// first, as at any exit.
#[cold]
fn out_of_memory(size: usize) -> ! {
    let mut message = [0u8; 256];
    let mut cursor = std::io::Cursor::new(&mut message[..]);
    let _ = writeln!(
        cursor,
        "linkscan: out of memory: {size} more bytes could not be had (the memory limit is lower than this work needs)"
    );
    let written = cursor.position() as usize;
    let _ = std::io::stderr().write_all(&message[..written]);
    std::process::exit(2)
}
