//! UTS #58's building blocks, for conformance work and for fixing the
//! links another detector found (§10.1): the character properties
//! ([`props`]), the §3.5.1 termination algorithm alone
//! ([`path_query_fragment_end`]), and the limits the spec and DNS set.
//! Finding links needs none of it: see [`LinkFinder`](crate::LinkFinder).
//!
//! ```
//! use linkscan::spec::{path_query_fragment_end, props::{link_term, LinkTerm}};
//!
//! assert_eq!(link_term('。'), LinkTerm::Soft);
//! // Where the path, query and fragment after `example.com` end:
//! let text = "https://example.com/wiki/日本（国）。次";
//! assert_eq!(&text[..path_query_fragment_end(text, 19)], "https://example.com/wiki/日本（国）。次");
//! ```

pub mod props;

pub use crate::domain::{MAX_LABEL_LEN, MAX_NAME_LEN};
pub use crate::host::FILE_EXTENSION_TLDS;
pub use crate::pqf::{BRACKET_STACK_LIMIT, path_query_fragment_end};
