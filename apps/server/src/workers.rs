//! The server's background threads: each runs its work at once and then every `interval`,
//! notices the stop flag within a tick, and counts its finished passes in `/metrics`
//! (`background_passes_total{worker=...}`): an operator sees a stalled worker, and a test can wait
//! for a whole pass instead of sleeping.

use crate::metrics::Metrics;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a worker looks at the stop flag (and at the time).
const TICK: Duration = Duration::from_millis(50);

/// What every background thread shares: the flag that stops them and where they count passes.
#[derive(Clone)]
pub struct Workers {
    pub stop: Arc<AtomicBool>,
    pub metrics: Arc<Metrics>,
}

pub fn spawn_periodic(name: &str, interval: Duration, workers: &Workers, mut work: impl FnMut() + Send + 'static) -> JoinHandle<()> {
    let stop = workers.stop.clone();
    let passes = workers.metrics.worker_passes(name);
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || {
            let mut last_run: Option<Instant> = None;
            while !stop.load(Ordering::Relaxed) {
                if last_run.is_none_or(|at| at.elapsed() >= interval) {
                    last_run = Some(Instant::now());
                    work();
                    passes.inc();
                }
                std::thread::sleep(TICK);
            }
        })
        .unwrap_or_else(|error| panic!("spawn {name}: {error}"))
}
