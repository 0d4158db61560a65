use chrono::{DateTime, Utc};
use std::sync::Mutex;

/// A point in time, always UTC.
pub type Timestamp = DateTime<Utc>;

/// Where "now" comes from, so rules about expiry and streaks can be tested at any time.
pub trait Clock: Send + Sync {
    fn now(&self) -> Timestamp;
}

#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        Utc::now()
    }
}

/// A clock for tests that only moves when told to.
#[derive(Debug)]
pub struct FixedClock(Mutex<Timestamp>);

impl FixedClock {
    pub fn new(at: Timestamp) -> Self {
        FixedClock(Mutex::new(at))
    }

    pub fn advance(&self, by: chrono::Duration) {
        let mut now = self.0.lock().expect("clock lock");
        *now += by;
    }
}

impl Clock for FixedClock {
    fn now(&self) -> Timestamp {
        *self.0.lock().expect("clock lock")
    }
}
