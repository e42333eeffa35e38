//! Processing inputs chunk by chunk on several threads, with the results
//! written in input order and one budget for the input bytes in flight, so
//! memory stays bounded whatever the input size and the number of threads.
//!
//! One thread reads and cuts the inputs (one after the other), `jobs`
//! threads process chunks, and the calling thread writes results in order;
//! with one job, the calling thread does all three, a chunk at a time.
//! The reader is detached: when writing fails, [`run`] returns at once
//! instead of waiting for input that no longer matters (a pipe that pauses,
//! a terminal); the process then exits and takes the reader with it.

use crate::input::{Chunker, Input, Piece, Position};
use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};

/// The bytes in flight — input read but not yet written out, and the
/// output made from it — whatever `-j` is. The reader waits while they are
/// over this; a single chunk larger than it (a line with no white space
/// longer than the budget) is let through alone.
pub const BUDGET: usize = 16 << 20;

/// The memory an output holds, counted against the budget.
pub trait Weight {
    fn weight(&self) -> usize;
}

impl Weight for String {
    fn weight(&self) -> usize {
        self.capacity()
    }
}

/// What the writer receives, in input order.
pub enum Result<O> {
    /// The output of one chunk of input `input`, `bytes` long; `weight`:
    /// what it counts against the budget until written.
    Output { input: usize, output: O, bytes: u64, weight: usize },
    /// Input `input` cannot be read (any further).
    Error { input: usize, message: String },
    /// Input `input` is not read, for this reason (not an error).
    Skipped { input: usize, message: String },
    /// Input `input` has ended.
    End { input: usize },
    /// No result is ready yet: a good moment to flush what was written, so
    /// that slow input (`tail -f log | linkscan find`) shows up at once.
    Idle,
}

enum Task {
    /// A chunk, and the bytes reserved for it.
    Text {
        input: usize,
        text: String,
        start: Position,
        reserved: usize,
    },
    Error {
        input: usize,
        message: String,
    },
    Skipped {
        input: usize,
        message: String,
    },
    End {
        input: usize,
    },
    /// No more tasks: the worker stops.
    Stop,
}

/// Counts the bytes in flight; the reader waits while the budget is spent.
/// A chunk's output is not known when it is read, so the reader reserves
/// what it will probably need — its length times the output-to-input ratio
/// seen so far (assumed 8 at first) — and the worker settles the difference.
struct Budget {
    state: Mutex<BudgetState>,
    freed: Condvar,
}

struct BudgetState {
    in_flight: usize,
    closed: bool,
    /// Input bytes processed, and the output weight made from them.
    input_seen: u64,
    output_seen: u64,
}

impl Budget {
    fn new() -> Budget {
        let state = BudgetState { in_flight: 0, closed: false, input_seen: 1, output_seen: 8 };
        Budget { state: Mutex::new(state), freed: Condvar::new() }
    }

    /// Waits until a chunk of `bytes` fits (or nothing is in flight), and
    /// reserves room for it and its output: the reservation, or `None` once
    /// the budget is closed.
    fn take(&self, bytes: usize) -> Option<usize> {
        let mut state = self.state.lock().ok()?;
        let reserve = bytes + (bytes as u64 * state.output_seen / state.input_seen) as usize;
        while !state.closed && state.in_flight > 0 && state.in_flight + reserve > BUDGET {
            state = self.freed.wait(state).ok()?;
        }
        state.in_flight += reserve;
        (!state.closed).then_some(reserve)
    }

    /// A worker made `output` bytes of weight from `input` bytes reserved
    /// as `reserved`: count what is really in flight. (Never waits: only
    /// the reader does, so this cannot deadlock.)
    fn settle(&self, reserved: usize, input: usize, output: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.in_flight = (state.in_flight + input + output).saturating_sub(reserved);
            state.input_seen += input as u64;
            state.output_seen += output as u64;
        }
        self.freed.notify_all();
    }

    fn give_back(&self, bytes: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.in_flight = state.in_flight.saturating_sub(bytes);
        }
        self.freed.notify_all();
    }

    /// Wakes the reader for good: nothing more will be written.
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.closed = true;
        }
        self.freed.notify_all();
    }
}

/// Runs `process` on every chunk of every input and `write` on the results
/// in order. Stops at once (and returns the error) when `write` fails.
/// `reading`: (lossy, count_units, search_binary), as [`Chunker::new`] takes them.
pub fn run<O, P, W>(
    inputs: &[Input],
    jobs: usize,
    reading: (bool, bool, bool),
    process: P,
    mut write: W,
) -> io::Result<()>
where
    O: Send + Weight,
    P: Fn(usize, &str, Position) -> O + Sync,
    W: FnMut(Result<O>) -> io::Result<()>,
{
    if jobs <= 1 {
        return run_here(inputs, reading, process, write);
    }
    let (task_tx, task_rx) = mpsc::channel::<(usize, Task)>();
    let task_rx = Arc::new(Mutex::new(task_rx));
    let (result_tx, result_rx) = mpsc::channel::<(usize, Result<O>)>();
    // Chunks' buffers, given back to the reader once processed.
    let (spare_tx, spare_rx) = mpsc::channel::<String>();
    let budget = Arc::new(Budget::new());
    {
        let (inputs, budget, tasks) = (inputs.to_vec(), Arc::clone(&budget), task_tx.clone());
        std::thread::spawn(move || read(&inputs, reading, &tasks, &budget, &spare_rx));
    }
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (tasks, results, process, budget, spare) =
                (Arc::clone(&task_rx), result_tx.clone(), &process, &budget, spare_tx.clone());
            scope.spawn(move || {
                loop {
                    let next = tasks.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, task))) = next else { break };
                    let result = match task {
                        Task::Text { input, text, start, reserved } => {
                            let output = process(input, &text, start);
                            let made = output.weight();
                            budget.settle(reserved, text.len(), made);
                            let bytes = text.len();
                            let _ = spare.send(text);
                            Result::Output { input, output, bytes: bytes as u64, weight: bytes + made }
                        }
                        Task::Error { input, message } => Result::Error { input, message },
                        Task::Skipped { input, message } => Result::Skipped { input, message },
                        Task::End { input } => Result::End { input },
                        Task::Stop => break,
                    };
                    if results.send((seq, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(result_tx);
        let outcome = write_in_order(inputs.len(), &result_rx, &budget, &mut write);
        // Done or failed: release the reader and stop the workers.
        budget.close();
        for _ in 0..jobs {
            let _ = task_tx.send((usize::MAX, Task::Stop));
        }
        drop(result_rx);
        outcome
    })
}

/// [`run`] with one job: reading, processing and writing on this thread,
/// a chunk at a time, so no chunk or result passes between threads, and
/// each chunk's buffer is the reader's again for the next. A stream's
/// output is flushed after each chunk, as its next read may wait.
fn run_here<O, P, W>(
    inputs: &[Input],
    reading: (bool, bool, bool),
    process: P,
    mut write: W,
) -> io::Result<()>
where
    O: Weight,
    P: Fn(usize, &str, Position) -> O,
    W: FnMut(Result<O>) -> io::Result<()>,
{
    for (input, source) in inputs.iter().enumerate() {
        match source.open() {
            Err(e) => write(Result::Error { input, message: e.to_string() })?,
            Ok(source) => {
                let stream = source.stream;
                let mut chunker = Chunker::new(source, reading);
                while let Some(piece) = chunker.next_piece() {
                    match piece {
                        Piece::Text { text, start } => {
                            let output = process(input, &text, start);
                            let (bytes, weight) = (text.len() as u64, text.len() + output.weight());
                            write(Result::Output { input, output, bytes, weight })?;
                            if stream {
                                write(Result::Idle)?;
                            }
                            chunker.recycle(text);
                        }
                        Piece::Error(message) => write(Result::Error { input, message })?,
                        Piece::Skipped(message) => write(Result::Skipped { input, message })?,
                    }
                }
            }
        }
        write(Result::End { input })?;
    }
    Ok(())
}

/// The reader: cuts inputs into tasks, each within the budget, reading
/// into the buffers of chunks already processed where there are some.
fn read(
    inputs: &[Input],
    reading: (bool, bool, bool),
    tasks: &Sender<(usize, Task)>,
    budget: &Budget,
    spare: &Receiver<String>,
) {
    let mut seq = 0;
    let mut send = |mut task: Task| -> bool {
        let bytes = match &task {
            Task::Text { text, .. } => text.len(),
            _ => 0,
        };
        let Some(reserve) = budget.take(bytes) else { return false };
        if let Task::Text { reserved, .. } = &mut task {
            *reserved = reserve;
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
                let mut chunker = Chunker::new(reader, reading);
                loop {
                    // One buffer a chunk: the others wait for the chunks after.
                    if let Ok(buffer) = spare.try_recv() {
                        chunker.recycle(buffer);
                    }
                    let Some(piece) = chunker.next_piece() else { break };
                    let task = match piece {
                        Piece::Text { text, start } => Task::Text { input, text, start, reserved: 0 },
                        Piece::Error(message) => Task::Error { input, message },
                        Piece::Skipped(message) => Task::Skipped { input, message },
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

/// The writer: results in sequence order, their bytes given back to the
/// budget once written, until the last input has ended.
fn write_in_order<O, W>(
    inputs: usize,
    results: &Receiver<(usize, Result<O>)>,
    budget: &Budget,
    write: &mut W,
) -> io::Result<()>
where
    W: FnMut(Result<O>) -> io::Result<()>,
{
    let mut waiting = BTreeMap::new();
    let (mut next, mut ended) = (0, 0);
    while ended < inputs {
        let (seq, result) = match results.try_recv() {
            Ok(received) => received,
            Err(mpsc::TryRecvError::Empty) => {
                write(Result::Idle)?;
                match results.recv() {
                    Ok(received) => received,
                    Err(_) => break,
                }
            }
            Err(mpsc::TryRecvError::Disconnected) => break,
        };
        waiting.insert(seq, result);
        while let Some(result) = waiting.remove(&next) {
            next += 1;
            let weight = match &result {
                Result::Output { weight, .. } => *weight,
                Result::End { .. } => {
                    ended += 1;
                    0
                }
                _ => 0,
            };
            write(result)?;
            budget.give_back(weight);
        }
    }
    Ok(())
}
