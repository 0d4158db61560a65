//! The scheduler: FSRS as the `rs-fsrs` crate implements it, with day-sized steps (its long-term
//! scheduler: a daily review has no minute-long learning steps), desired retention 0.9 and no
//! fuzz, so the same history always gives the same dates.

use crate::model::{Memory, Phase, Rating, DESIRED_RETENTION};
use kernel::Timestamp;
use rs_fsrs::{Card as FsrsCard, Parameters, Rating as FsrsRating, State, FSRS};

pub struct Scheduler {
    fsrs: FSRS,
}

impl Default for Scheduler {
    fn default() -> Self {
        Scheduler::with_weights(Parameters::default().w)
    }
}

impl Scheduler {
    /// FSRS with other weights (the crate's reference tests use their own).
    pub fn with_weights(w: [f64; 19]) -> Scheduler {
        let parameters = Parameters { w, request_retention: DESIRED_RETENTION, enable_short_term: false, enable_fuzz: false, ..Parameters::default() };
        Scheduler { fsrs: FSRS::new(parameters) }
    }

    /// The memory after rating the card `rating` at `now`.
    pub fn rate(&self, memory: &Memory, rating: Rating, now: Timestamp) -> Memory {
        from_fsrs(&self.fsrs.next(to_fsrs(memory, now), now, fsrs_rating(rating)).card)
    }

    /// When the card would be due after each rating at `now`, Again first.
    pub fn next_due(&self, memory: &Memory, now: Timestamp) -> [(Rating, Timestamp); 4] {
        Rating::ALL.map(|rating| (rating, self.rate(memory, rating, now).due))
    }
}

fn fsrs_rating(rating: Rating) -> FsrsRating {
    match rating {
        Rating::Again => FsrsRating::Again,
        Rating::Hard => FsrsRating::Hard,
        Rating::Good => FsrsRating::Good,
        Rating::Easy => FsrsRating::Easy,
    }
}

fn to_fsrs(memory: &Memory, now: Timestamp) -> FsrsCard {
    FsrsCard {
        due: memory.due,
        stability: memory.stability,
        difficulty: memory.difficulty,
        elapsed_days: memory.elapsed_days,
        scheduled_days: memory.scheduled_days,
        reps: memory.reps,
        lapses: memory.lapses,
        state: match memory.phase {
            Phase::New => State::New,
            Phase::Learning => State::Learning,
            Phase::Review => State::Review,
            Phase::Relearning => State::Relearning,
        },
        // A new card has no last review; FSRS then ignores it.
        last_review: memory.last_review.unwrap_or(now),
    }
}

fn from_fsrs(card: &FsrsCard) -> Memory {
    Memory {
        due: card.due,
        stability: card.stability,
        difficulty: card.difficulty,
        elapsed_days: card.elapsed_days,
        scheduled_days: card.scheduled_days,
        reps: card.reps,
        lapses: card.lapses,
        phase: match card.state {
            State::New => Phase::New,
            State::Learning => Phase::Learning,
            State::Review => Phase::Review,
            State::Relearning => Phase::Relearning,
        },
        last_review: Some(card.last_review),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone, Utc};
    use proptest::prelude::*;

    /// The weights, ratings and intervals of `rs-fsrs` 1.2.1's own `test_long_term_scheduler`.
    const REFERENCE_WEIGHTS: [f64; 19] = [
        0.4197, 1.1869, 3.0412, 15.2441, 7.1434, 0.6477, 1.0007, 0.0674, 1.6597, 0.1712, 1.1178, 2.0225, 0.0904, 0.3025, 2.1214, 0.2498, 2.9466, 0.4891, 0.6468,
    ];
    const REFERENCE_RATINGS: [Rating; 13] = {
        use Rating::*;
        [Good, Good, Good, Good, Good, Good, Again, Again, Good, Good, Good, Good, Good]
    };

    fn start() -> Timestamp {
        Utc.with_ymd_and_hms(2022, 11, 29, 12, 30, 0).unwrap()
    }

    #[test]
    fn a_fixed_sequence_gets_the_crates_reference_intervals_through_our_stored_memory() {
        let scheduler = Scheduler::with_weights(REFERENCE_WEIGHTS);
        let (mut memory, mut now) = (Memory::new_card(start()), start());
        let mut intervals = vec![];
        let mut difficulties = vec![];
        for rating in REFERENCE_RATINGS {
            memory = scheduler.rate(&memory, rating, now);
            intervals.push(memory.scheduled_days);
            difficulties.push((memory.difficulty * 10_000.0).round() / 10_000.0);
            now = memory.due;
        }
        assert_eq!(intervals, [3, 13, 48, 155, 445, 1158, 17, 3, 9, 27, 74, 190, 457]);
        assert_eq!(difficulties[..3], [4.4909, 4.2666, 4.0575]);
        assert_eq!(memory.reps, 13);
        assert_eq!(memory.lapses, 2);
        assert_eq!(memory.phase, Phase::Review);
    }

    #[test]
    fn the_default_scheduler_never_asks_again_the_same_day_and_orders_the_ratings() {
        let scheduler = Scheduler::default();
        let next = scheduler.next_due(&Memory::new_card(start()), start());
        assert!(next[0].1 >= start() + Duration::days(1), "Again comes back tomorrow at the earliest: {next:?}");
        assert!(next.windows(2).all(|pair| pair[0].1 <= pair[1].1), "Again <= Hard <= Good <= Easy: {next:?}");
    }

    proptest! {
        /// Whatever came before, answering Good or Easy never brings a card back sooner than it
        /// was due, nor before the moment of the answer.
        #[test]
        fn good_and_easy_never_move_a_due_date_backwards(
            history in proptest::collection::vec((1i64..=4, 0i64..400), 0..12),
            last in prop_oneof![Just(Rating::Good), Just(Rating::Easy)],
            late in 0i64..200,
        ) {
            let scheduler = Scheduler::default();
            let (mut memory, mut now) = (Memory::new_card(start()), start());
            for (rating, wait) in history {
                memory = scheduler.rate(&memory, Rating::from_number(rating).unwrap(), now);
                now = memory.due.max(now) + Duration::hours(wait);
            }
            let answered = now + Duration::hours(late);
            let next = scheduler.rate(&memory, last, answered);
            prop_assert!(next.due > answered, "due {} not after the answer {}", next.due, answered);
            if memory.phase != Phase::New {
                prop_assert!(next.due >= memory.due, "due {} moved back from {}", next.due, memory.due);
            }
        }
    }
}
