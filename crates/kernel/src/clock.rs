use chrono::{DateTime, Utc};
use std::sync::Mutex;

/// A point in time, always UTC.
pub type Timestamp = DateTime<Utc>;

/// The first and last instants a time sent as epoch milliseconds may be: 0001-01-01 and
/// 9999-12-31T23:59:59.999Z. Every time people or devices send lies in those years, and PostgreSQL
/// refuses one before 4713 BC (a 500, found by the fuzzer, before this bound).
const FIRST_MILLIS: i64 = -62_135_596_800_000;
const LAST_MILLIS: i64 = 253_402_300_799_999;

/// A time sent as epoch milliseconds, when it lies in the years 1 to 9999.
pub fn from_epoch_millis(ms: i64) -> Option<Timestamp> {
    (FIRST_MILLIS..=LAST_MILLIS).contains(&ms).then(|| DateTime::from_timestamp_millis(ms)).flatten()
}

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

#[cfg(test)]
mod tests {
    use super::from_epoch_millis;

    #[test]
    fn a_time_in_epoch_millis_is_read_in_the_years_1_to_9999_only() {
        let first = from_epoch_millis(-62_135_596_800_000).expect("the first instant");
        assert_eq!(first.to_rfc3339(), "0001-01-01T00:00:00+00:00");
        let last = from_epoch_millis(253_402_300_799_999).expect("the last instant");
        assert_eq!(last.to_rfc3339_opts(chrono::SecondsFormat::Millis, true), "9999-12-31T23:59:59.999Z");
        assert_eq!(from_epoch_millis(0).map(|t| t.to_rfc3339()), Some("1970-01-01T00:00:00+00:00".into()));
        // 5488 BC: chrono reads it, PostgreSQL cannot store it.
        for outside in [-62_135_596_800_001, 253_402_300_800_000, -235_346_161_520_497, i64::MIN, i64::MAX] {
            assert_eq!(from_epoch_millis(outside), None, "{outside}");
        }
    }
}
