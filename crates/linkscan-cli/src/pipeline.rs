//! Processing inputs chunk by chunk on several threads, with the results
//! written in input order and one budget for the input bytes in flight, so
//! memory stays bounded whatever the input size and the number of threads.
//!
//! One thread takes the inputs as the walk finds them and reads and cuts
//! the named ones (one after the other), `jobs` threads process chunks and
//! read the files found by walking (each file on one thread, as ripgrep
//! searches them), and the calling thread writes results in order; with
//! one job, the calling thread does all three, a chunk at a time. The
//! reader hands inputs and chunks over in batches (many files, or one
//! large chunk): a hand-off between threads costs system calls and
//! wake-ups, which for small files would cost more than finding their
//! links. The reader does not look at a walked file at all (not even its
//! size: one `stat` a file on one thread was a fifth of the walk's CPU time),
//! so a large file found by walking is read by its worker, whose output
//! waits for its turn: at most [`PART`] of it is held before the batch is
//! the writer's next, and one part at a time after.
//! The reader is detached: when writing fails, [`run`] returns at once
//! instead of waiting for input that no longer matters (a pipe that pauses,
//! a terminal); the process then exits and takes the reader with it.

use crate::input::{Buffers, CHUNK, Chunker, Input, Piece, Position, Reading, Text};
use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
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

/// The output weight a worker holds of a large walked file (its chunks
/// after the first) in a batch that is not yet the writer's next before it
/// waits for its turn (or, once it is, before it hands that much over).
const PART: usize = 4 << 20;

/// How many batches a worker the walk runs ahead of the workers at most:
/// a walked file is handed over unread, reckoned at a share of the budget
/// that makes this many (its size is known only once a worker opens it,
/// and settled then). A walk that ran ahead unbounded held every name it
/// had found: most of a walk's page faults.
const BATCHES_AHEAD: usize = 16;

/// What the writer receives, in input order.
pub enum Result<O> {
    /// The output of one chunk of `input`, `bytes` long; `weight`: what it
    /// counts against the budget until written.
    Output { input: Arc<Input>, output: O, bytes: u64, weight: usize },
    /// `input` cannot be read (any further).
    Error { input: Arc<Input>, message: String },
    /// `input` is not read, for this reason (not an error).
    Skipped { input: Arc<Input>, message: String },
    /// `input` has ended.
    End { input: Arc<Input> },
    /// No result is ready yet: a good moment to flush what was written, so
    /// that slow input (`tail -f log | linkscan find`) shows up at once.
    Idle,
}

/// At most one malloc arena a core. glibc's malloc gives threads arenas of
/// their own, up to eight a core, and a buffer freed on another thread
/// than the one that made it waits in its arena: at `-j 32` on two cores,
/// memory peaked at 56–66 MB for a budget of 16 MB, and at 33 MB with
/// two arenas. Only a thread a core runs at once: more arenas buy nothing.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn limit_malloc_arenas() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let arenas = i32::try_from(cores).unwrap_or(i32::MAX);
    // SAFETY: `mallopt` sets a tunable of glibc's allocator; any value is
    // valid, and it is set before the worker threads start.
    unsafe { libc::mallopt(libc::M_ARENA_MAX, arenas) };
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn limit_malloc_arenas() {}

/// What the reader makes of an input, in order.
enum Item {
    Text {
        input: Arc<Input>,
        text: Text,
        start: Position,
    },
    /// A file found by walking, read by the worker (each reading into
    /// memory of its own, used again file after file), ended there too.
    Whole {
        input: Arc<Input>,
    },
    Error {
        input: Arc<Input>,
        message: String,
    },
    Skipped {
        input: Arc<Input>,
        message: String,
    },
    End {
        input: Arc<Input>,
    },
}

/// A batch is handed over once it holds this many items (or a chunk's
/// worth of text, or text from a stream, which may not wait).
const BATCH_ITEMS: usize = 64;

/// The items of the first batch; each batch after holds twice as many,
/// up to [`BATCH_ITEMS`]: the first output is not held back until 64
/// files are done.
const FIRST_BATCH_ITEMS: usize = 8;

enum Task {
    /// Items in order, and the bytes reserved for them.
    Batch { items: Vec<Item>, reserved: usize },
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

/// Whose turn it is to be written: the writer's next batch, and how many
/// of its parts have been written. A worker with more of a batch's output
/// than [`PART`] waits here until the batch is next and its last part is
/// written, so that the output held stays bounded whatever its files' sizes.
struct Turn {
    state: Mutex<TurnState>,
    changed: Condvar,
}

#[derive(Default)]
struct TurnState {
    next: usize,
    parts_written: usize,
    closed: bool,
}

impl Turn {
    /// Waits until batch `seq` is next and `parts` of it are written:
    /// false once nothing more will be written.
    fn wait_for(&self, seq: usize, parts: usize) -> bool {
        let Ok(mut state) = self.state.lock() else { return false };
        while !state.closed && (state.next != seq || state.parts_written != parts) {
            let Ok(next) = self.changed.wait(state) else { return false };
            state = next;
        }
        !state.closed
    }

    /// The writer wrote a part of its next batch, the last or not.
    fn written(&self, last: bool) {
        if let Ok(mut state) = self.state.lock() {
            if last {
                state.next += 1;
                state.parts_written = 0;
            } else {
                state.parts_written += 1;
            }
        }
        self.changed.notify_all();
    }

    /// Wakes every waiting worker for good.
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.closed = true;
        }
        self.changed.notify_all();
    }
}

/// Part of a batch's results: all of them, or (`last` false) the output
/// so far of a large file found by walking.
struct Part<O> {
    seq: usize,
    results: Vec<Result<O>>,
    last: bool,
}

/// Runs `process` on every chunk of every input and `write` on the results
/// in order. Stops at once (and returns the error) when `write` fails.
/// `reading`: how each input is read ([`Reading`]).
pub fn run<O, P, W>(
    inputs: impl Iterator<Item = Input> + Send + 'static,
    jobs: usize,
    reading: Reading,
    process: P,
    mut write: W,
) -> io::Result<()>
where
    O: Send + Weight,
    P: Fn(&Input, &str, Position) -> O + Sync,
    W: FnMut(Result<O>) -> io::Result<()>,
{
    if jobs <= 1 {
        return run_here(inputs, reading, process, write);
    }
    limit_malloc_arenas();
    let (task_tx, task_rx) = mpsc::channel::<(usize, Task)>();
    let task_rx = Arc::new(Mutex::new(task_rx));
    let (result_tx, result_rx) = mpsc::channel::<Part<O>>();
    // Chunks' buffers given back for the reader to read into again: a few
    // (the reader takes one a chunk); more are freed, not hoarded.
    let (spare_tx, spare_rx) = mpsc::sync_channel::<Vec<u8>>(jobs.min(4) + 2);
    let budget = Arc::new(Budget::new());
    let turn = Turn { state: Mutex::new(TurnState::default()), changed: Condvar::new() };
    {
        let (budget, tasks) = (Arc::clone(&budget), task_tx.clone());
        std::thread::spawn(move || read(inputs, reading, jobs, &tasks, &budget, &spare_rx));
    }
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (tasks, results, process, budget, spare, turn) =
                (Arc::clone(&task_rx), result_tx.clone(), &process, &budget, spare_tx.clone(), &turn);
            scope.spawn(move || work(&tasks, &results, &spare, (budget, turn), reading, process));
        }
        drop(result_tx);
        let outcome = write_in_order(&result_rx, &budget, &turn, &mut write);
        // Done or failed: release the reader and stop the workers.
        budget.close();
        turn.close();
        for _ in 0..jobs {
            let _ = task_tx.send((usize::MAX, Task::Stop));
        }
        drop(result_rx);
        outcome
    })
}

/// A worker: does batch after batch, until told to stop or until nothing
/// more is wanted.
fn work<O, P>(
    tasks: &Mutex<Receiver<(usize, Task)>>,
    results: &Sender<Part<O>>,
    spare: &SyncSender<Vec<u8>>,
    (budget, turn): (&Budget, &Turn),
    reading: Reading,
    process: &P,
) where
    O: Weight,
    P: Fn(&Input, &str, Position) -> O,
{
    // This worker's buffers, for the files it reads.
    let mut buffers = Buffers::default();
    loop {
        let next = tasks.lock().map(|rx| rx.recv());
        let Ok(Ok((seq, Task::Batch { items, mut reserved }))) = next else { return };
        let (mut input_bytes, mut made, mut held, mut parts) = (0, 0, 0, 0);
        let mut done: Vec<Result<O>> = Vec::with_capacity(items.len());
        // Hands over what the batch has made so far, in its turn: false
        // once nothing more is wanted.
        let mut hand_over = |done: &mut Vec<Result<O>>, input_bytes: &mut usize, made: &mut usize| {
            if !turn.wait_for(seq, parts) {
                return false;
            }
            budget.settle(std::mem::take(&mut reserved), std::mem::take(input_bytes), std::mem::take(made));
            parts += 1;
            results.send(Part { seq, results: std::mem::take(done), last: false }).is_ok()
        };
        for item in items {
            let last = match item {
                Item::Text { input, text, start } => {
                    let output = process(&input, &text, start);
                    let weight = output.weight();
                    // (The chunk's memory, as the reader counted it: a
                    // chunk of a pipe may hold far less than its buffer.)
                    let held = text.capacity();
                    (input_bytes, made) = (input_bytes + held, made + weight);
                    let bytes = text.len() as u64;
                    let _ = spare.try_send(text.into_buffer());
                    Result::Output { input, output, bytes, weight: held + weight }
                }
                Item::Whole { input } => {
                    // (Its text is input, as a chunk's is: the output-to-input
                    // ratio is kept true.) The output of its chunks after the
                    // first goes in parts of [`PART`].
                    let mut chunks = 0;
                    let read = one_input(&input, reading, std::mem::take(&mut buffers), process, |result| {
                        if let Result::Output { bytes, weight, .. } = &result {
                            input_bytes += *bytes as usize;
                            made += weight - *bytes as usize;
                            held += if chunks > 0 { *weight } else { 0 };
                            chunks += 1;
                        }
                        done.push(result);
                        if held >= PART {
                            held = 0;
                            if !hand_over(&mut done, &mut input_bytes, &mut made) {
                                return Err(io::ErrorKind::BrokenPipe.into());
                            }
                        }
                        Ok(())
                    });
                    // (Only a hand-over fails.)
                    let Ok(left) = read else { return };
                    buffers = left;
                    Result::End { input }
                }
                Item::Error { input, message } => Result::Error { input, message },
                Item::Skipped { input, message } => Result::Skipped { input, message },
                Item::End { input } => Result::End { input },
            };
            done.push(last);
        }
        budget.settle(reserved, input_bytes, made);
        if results.send(Part { seq, results: done, last: true }).is_err() {
            return;
        }
    }
}

/// [`run`] with one job: reading, processing and writing on this thread,
/// a chunk at a time, so no chunk or result passes between threads, and
/// each chunk's buffer is the reader's again for the next chunk and the
/// next input. A stream's output is flushed after each chunk, as its next
/// read may wait.
fn run_here<O, P, W>(
    inputs: impl Iterator<Item = Input>,
    reading: Reading,
    process: P,
    mut write: W,
) -> io::Result<()>
where
    O: Weight,
    P: Fn(&Input, &str, Position) -> O,
    W: FnMut(Result<O>) -> io::Result<()>,
{
    let mut buffers = Buffers::default();
    // (The first input's output is flushed at once.)
    let start = std::time::Instant::now();
    let mut flushed = start.checked_sub(FLUSH_EVERY).unwrap_or(start);
    for input in inputs {
        let input = Arc::new(input);
        buffers = one_input(&input, reading, buffers, &process, &mut write)?;
        write(Result::End { input })?;
        // Many small files: what they gave is shown every so often, not
        // only when the output buffer is full (the first line at once).
        if flushed.elapsed() >= FLUSH_EVERY {
            write(Result::Idle)?;
            flushed = std::time::Instant::now();
        }
    }
    Ok(())
}

/// How often [`run_here`] flushes between inputs.
const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(10);

/// Reads, processes and writes one input, a chunk at a time, reading into
/// `buffers` (and each chunk's buffer again for the next): the buffers it
/// ends with, for the next input. (`Result::End` is the caller's.)
fn one_input<O, P, W>(
    input: &Arc<Input>,
    reading: Reading,
    buffers: Buffers,
    process: &P,
    mut write: W,
) -> io::Result<Buffers>
where
    O: Weight,
    P: Fn(&Input, &str, Position) -> O,
    W: FnMut(Result<O>) -> io::Result<()>,
{
    let source = match input.open() {
        Ok(source) => source,
        Err(e) => {
            write(Result::Error { input: Arc::clone(input), message: e.to_string() })?;
            return Ok(buffers);
        }
    };
    let stream = source.stream;
    let mut chunker = Chunker::new(source, reading, buffers);
    while let Some(piece) = chunker.next_piece() {
        let input = Arc::clone(input);
        match piece {
            Piece::Text { text, start } => {
                let output = process(&input, &text, start);
                let (bytes, weight) = (text.len() as u64, text.len() + output.weight());
                write(Result::Output { input, output, bytes, weight })?;
                if stream {
                    write(Result::Idle)?;
                }
                chunker.recycle(text.into_buffer());
            }
            Piece::Error(message) => write(Result::Error { input, message })?,
            Piece::Note(message) => write(Result::Skipped { input, message })?,
        }
    }
    Ok(chunker.into_buffers())
}

/// The reader: cuts inputs into chunks and hands them over in batches,
/// each within the budget, reading into the buffers of chunks already
/// processed where there are some. After the last input, it stops the
/// workers once they have done every batch.
fn read(
    inputs: impl Iterator<Item = Input>,
    reading: Reading,
    jobs: usize,
    tasks: &Sender<(usize, Task)>,
    budget: &Budget,
    spare: &Receiver<Vec<u8>>,
) {
    let seq = std::cell::Cell::new(0);
    let (mut batch, mut text_bytes) = (Vec::new(), 0);
    // The buffers the last input ended with, for the next.
    let mut buffers = Buffers::default();
    // What a walked file is reckoned at (see [`BATCHES_AHEAD`]).
    let walked_file = BUDGET / (BATCHES_AHEAD * jobs * BATCH_ITEMS);
    // Hands the batch over: false once nothing more is wanted.
    let send = |items: &mut Vec<Item>, text_bytes: &mut usize| -> bool {
        let Some(reserved) = budget.take(std::mem::take(text_bytes)) else { return false };
        let items = std::mem::replace(items, Vec::with_capacity(BATCH_ITEMS));
        seq.set(seq.get() + 1);
        tasks.send((seq.get() - 1, Task::Batch { items, reserved })).is_ok()
    };
    // Whether the batch is full (see [`FIRST_BATCH_ITEMS`]).
    let full = |batch: &Vec<Item>| batch.len() >= (FIRST_BATCH_ITEMS << seq.get().min(4)).min(BATCH_ITEMS);
    for input in inputs {
        let input = Arc::new(input);
        // A walked file is the worker's to read: reading is shared out,
        // and no buffer goes from thread to thread.
        if input.walked {
            text_bytes += walked_file;
            batch.push(Item::Whole { input });
            if full(&batch) && !send(&mut batch, &mut text_bytes) {
                return;
            }
            continue;
        }
        match input.open() {
            Err(e) => batch.push(Item::Error { input: Arc::clone(&input), message: e.to_string() }),
            Ok(source) => {
                let stream = source.stream;
                if buffers.is_empty() {
                    buffers = spare.try_recv().map(Buffers::of).unwrap_or_default();
                }
                let mut chunker = Chunker::new(source, reading, std::mem::take(&mut buffers));
                loop {
                    // One buffer a chunk: the others wait for the chunks after.
                    if let Ok(buffer) = spare.try_recv() {
                        chunker.recycle(buffer);
                    }
                    let Some(piece) = chunker.next_piece() else { break };
                    let input = Arc::clone(&input);
                    batch.push(match piece {
                        Piece::Text { text, start } => {
                            // Its memory, not its length: a pipe's chunks
                            // can be small pieces of large buffers.
                            text_bytes += text.capacity();
                            Item::Text { input, text, start }
                        }
                        Piece::Error(message) => Item::Error { input, message },
                        Piece::Note(message) => Item::Skipped { input, message },
                    });
                    // Text from a stream goes at once: more may be long in coming.
                    if (stream || text_bytes >= CHUNK || full(&batch)) && !send(&mut batch, &mut text_bytes) {
                        return;
                    }
                }
                buffers = chunker.into_buffers();
            }
        }
        batch.push(Item::End { input });
        if full(&batch) && !send(&mut batch, &mut text_bytes) {
            return;
        }
    }
    if !batch.is_empty() && !send(&mut batch, &mut text_bytes) {
        return;
    }
    for _ in 0..jobs {
        let _ = tasks.send((usize::MAX, Task::Stop));
    }
}

/// The writer: batches of results in sequence order, their bytes given
/// back to the budget once written, until the workers have stopped. (Only
/// the next batch's worker sends a part before the last, in its turn.)
fn write_in_order<O, W>(
    results: &Receiver<Part<O>>,
    budget: &Budget,
    turn: &Turn,
    write: &mut W,
) -> io::Result<()>
where
    W: FnMut(Result<O>) -> io::Result<()>,
{
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    loop {
        let part = match results.try_recv() {
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
        if part.seq != next {
            waiting.insert(part.seq, part.results);
            continue;
        }
        write_part(part.results, budget, write)?;
        turn.written(part.last);
        if part.last {
            next += 1;
            while let Some(batch) = waiting.remove(&next) {
                write_part(batch, budget, write)?;
                turn.written(true);
                next += 1;
            }
        }
    }
    Ok(())
}

/// Writes results and gives their weight back to the budget.
fn write_part<O, W>(results: Vec<Result<O>>, budget: &Budget, write: &mut W) -> io::Result<()>
where
    W: FnMut(Result<O>) -> io::Result<()>,
{
    let mut weight = 0;
    for result in results {
        if let Result::Output { weight: w, .. } = &result {
            weight += *w;
        }
        write(result)?;
    }
    budget.give_back(weight);
    Ok(())
}
