//! Formatting on arbitrary input: no panic; the display form is a fixed
//! point; local-part quoting never panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::format::{display_email, display_url};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let shown = display_url(&text);
    assert_eq!(display_url(&shown), shown);
    let _ = display_email(&text);
});
