//! Processing inputs chunk by chunk on several threads, with the results
//! written in input order and a bound on the chunks in flight (so memory
//! stays bounded whatever the input size).
//!
//! One thread reads and cuts the inputs (one after the other), `jobs`
//! threads process chunks, and the calling thread writes results in order.

use crate::input::{Chunker, Input, Piece, Position};
use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex, mpsc};

/// What the writer receives, in input order.
pub enum Result<O> {
    /// The output of one chunk of input `input`, `bytes` long.
    Output { input: usize, output: O, bytes: u64 },
    /// Input `input` cannot be read (any further).
    Error { input: usize, message: String },
    /// Input `input` has ended.
    End { input: usize },
}

enum Task {
    Text { input: usize, text: String, start: Position },
    Error { input: usize, message: String },
    End { input: usize },
}

/// Runs `process` on every chunk of every input and `write` on the results
/// in order. Stops early (and returns the error) when `write` fails.
/// `count_units`: whether positions need char and UTF-16 offsets.
pub fn run<O, P, W>(
    inputs: &[Input],
    jobs: usize,
    (lossy, count_units): (bool, bool),
    process: P,
    mut write: W,
) -> io::Result<()>
where
    O: Send,
    P: Fn(usize, &str, Position) -> O + Sync,
    W: FnMut(Result<O>) -> io::Result<()>,
{
    let jobs = jobs.max(1);
    let in_flight = 2 * jobs + 2;
    let (task_tx, task_rx) = sync_channel::<(usize, Task)>(in_flight);
    let task_rx = Arc::new(Mutex::new(task_rx));
    let (result_tx, result_rx) = mpsc::channel::<(usize, Result<O>)>();
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        token_tx.send(()).expect("the token channel has room");
    }
    std::thread::scope(|scope| {
        scope.spawn(move || read(inputs, (lossy, count_units), task_tx, token_rx));
        for _ in 0..jobs {
            let (tasks, results, process) = (Arc::clone(&task_rx), result_tx.clone(), &process);
            scope.spawn(move || {
                loop {
                    let next = tasks.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, task))) = next else { break };
                    let result = match task {
                        Task::Text { input, text, start } => Result::Output {
                            input,
                            output: process(input, &text, start),
                            bytes: text.len() as u64,
                        },
                        Task::Error { input, message } => Result::Error { input, message },
                        Task::End { input } => Result::End { input },
                    };
                    if results.send((seq, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(result_tx);
        let outcome = write_in_order(&result_rx, &token_tx, &mut write);
        // Unblock the reader and workers if writing stopped early.
        drop(token_tx);
        drop(result_rx);
        outcome
    })
}

/// The reader: cuts inputs into tasks, one token each.
fn read(
    inputs: &[Input],
    (lossy, count_units): (bool, bool),
    tasks: mpsc::SyncSender<(usize, Task)>,
    tokens: Receiver<()>,
) {
    let mut seq = 0;
    let mut send = |task: Task| -> bool {
        if tokens.recv().is_err() {
            return false;
        }
        seq += 1;
        tasks.send((seq - 1, task)).is_ok()
    };
    for (input, source) in inputs.iter().enumerate() {
        match source.open() {
            Err(e) => {
                if !send(Task::Error { input, message: e.to_string() }) {
                    return;
                }
            }
            Ok(reader) => {
                let mut chunker = Chunker::new(reader, lossy, count_units);
                while let Some(piece) = chunker.next_piece() {
                    let task = match piece {
                        Piece::Text { text, start } => Task::Text { input, text, start },
                        Piece::Error(message) => Task::Error { input, message },
                    };
                    if !send(task) {
                        return;
                    }
                }
            }
        }
        if !send(Task::End { input }) {
            return;
        }
    }
}

/// The writer: results in sequence order, a token back for each.
fn write_in_order<O, W>(
    results: &Receiver<(usize, Result<O>)>,
    tokens: &mpsc::SyncSender<()>,
    write: &mut W,
) -> io::Result<()>
where
    W: FnMut(Result<O>) -> io::Result<()>,
{
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for (seq, result) in results {
        waiting.insert(seq, result);
        while let Some(result) = waiting.remove(&next) {
            write(result)?;
            next += 1;
            let _ = tokens.send(());
        }
    }
    Ok(())
}
