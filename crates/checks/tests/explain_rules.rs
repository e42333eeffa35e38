//! docs/detection.md lists every rule `LinkFinder::explain` names, with
//! its reason, what it does and what it follows, as the code's table has
//! them.

use linkscan::explain::Rule;

#[test]
fn the_guide_lists_the_rules_of_the_code() {
    let docs = include_str!("../../../docs/detection.md");
    let table = docs.split_once("| rule | reason | what it does | follows |").expect("the rule table").1;
    let rows: Vec<String> = table
        .lines()
        .skip(2) // the rest of the header's line, and the line under it
        .take_while(|l| l.starts_with('|'))
        .map(str::to_owned)
        .collect();
    let expected: Vec<String> = Rule::ALL
        .iter()
        .map(|r| {
            let a = r.about();
            let refuses = if a.refuses { "refuses" } else { "decides" };
            format!("| `{}` | {} | {} | {} |", a.id, a.reason.replace('|', "\\|"), refuses, a.reference)
        })
        .collect();
    assert_eq!(rows, expected, "docs/detection.md's rule table");
}
