//! The server's background threads: each runs its work at once and then every `interval`, and
//! notices `stop` within a tick.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a worker looks at `stop` (and at the time).
const TICK: Duration = Duration::from_millis(50);

pub fn spawn_periodic(name: &str, interval: Duration, stop: Arc<AtomicBool>, mut work: impl FnMut() + Send + 'static) -> JoinHandle<()> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || {
            let mut last_run: Option<Instant> = None;
            while !stop.load(Ordering::Relaxed) {
                if last_run.is_none_or(|at| at.elapsed() >= interval) {
                    last_run = Some(Instant::now());
                    work();
                }
                std::thread::sleep(TICK);
            }
        })
        .unwrap_or_else(|error| panic!("spawn {name}: {error}"))
}
