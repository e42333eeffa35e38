//! `cargo run --release -p linkscan-checks --bin corpora -- DIR`: writes the
//! benchmark corpora to `DIR/NAME.txt` and prints, per corpus, the Rust
//! library's time to find the links of its lines one by one (what a batch
//! of records costs the library itself), as `NAME SECONDS LINKS` — the
//! baseline the Python benchmark compares `find_arrow` with.

use linkscan::LinkFinder;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: corpora DIR");
        std::process::exit(2);
    };
    std::fs::create_dir_all(&dir).expect("create the directory");
    let finder = LinkFinder::new();
    for (name, text) in linkscan_checks::corpora::corpora() {
        std::fs::write(format!("{dir}/{name}.txt"), &text).expect("write a corpus");
        let lines: Vec<&str> = text.split('\n').collect();
        let run = || lines.iter().map(|l| finder.links(black_box(l)).count()).sum::<usize>();
        let links = run();
        let mut best = Duration::MAX;
        for _ in 0..10 {
            let start = Instant::now();
            let (mut runs, mut total) = (0u32, Duration::ZERO);
            while total < Duration::from_millis(50) {
                black_box(run());
                runs += 1;
                total = start.elapsed();
            }
            best = best.min(total / runs);
        }
        println!("{name} {:.6} {links}", best.as_secs_f64());
    }
}
