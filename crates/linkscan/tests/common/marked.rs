//! Links shown in place, as UTS #58's LinkDetectionTest.txt writes them.

use linkscan::LinkFinder;

/// `text` with `⸠` before and `⸡` after each link `finder` finds.
pub fn marked(finder: &LinkFinder, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut pos = 0;
    for link in finder.links(text) {
        out.push_str(&text[pos..link.start()]);
        out.push('⸠');
        out.push_str(link.as_str());
        out.push('⸡');
        pos = link.end();
    }
    out.push_str(&text[pos..]);
    out
}
