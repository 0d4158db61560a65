//! Cards, their memory, ratings and the review's limits.

use chrono::NaiveDate;
use kernel::{Timestamp, UserId};

/// New cards a member meets a day unless they choose otherwise.
pub const DEFAULT_NEW_PER_DAY: u32 = 10;
/// The most new cards a day a member may choose.
pub const MAX_NEW_PER_DAY: u32 = 100;
/// Cards sent per queue fetch (the page asks again when it has gone through them); each distinct
/// book in a batch is opened as the member may read it, which is most of the call's time.
pub const QUEUE_BATCH: usize = 5;
/// XP for reviewing a card: the first rating of a card on a day earns it (a completed summary
/// earns 10, server rules); later ratings of the same card that day earn nothing.
pub const XP_PER_REVIEWED_CARD: u32 = 1;
/// FSRS's desired retention: a card comes back when the chance of recalling it falls to 90 %.
pub const DESIRED_RETENTION: f64 = 0.9;

/// Where a card comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardSource {
    /// A key idea (a section) of a book the member finished.
    KeyIdea { book_id: i64, section: u32 },
    /// A highlight the member marked "Review".
    Highlight { highlight_id: i64, book_id: i64 },
}

impl CardSource {
    pub fn book_id(self) -> i64 {
        match self {
            CardSource::KeyIdea { book_id, .. } | CardSource::Highlight { book_id, .. } => book_id,
        }
    }

    pub fn kind(self) -> &'static str {
        match self {
            CardSource::KeyIdea { .. } => "idea",
            CardSource::Highlight { .. } => "highlight",
        }
    }
}

/// FSRS's learning phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phase {
    #[default]
    New,
    Learning,
    Review,
    Relearning,
}

impl Phase {
    pub const ALL: [Phase; 4] = [Phase::New, Phase::Learning, Phase::Review, Phase::Relearning];

    /// As stored (0-3, FSRS's own numbering).
    pub fn number(self) -> i16 {
        match self {
            Phase::New => 0,
            Phase::Learning => 1,
            Phase::Review => 2,
            Phase::Relearning => 3,
        }
    }

    pub fn from_number(number: i16) -> Option<Phase> {
        Phase::ALL.into_iter().find(|phase| phase.number() == number)
    }
}

/// What FSRS knows of a member's memory of a card.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Memory {
    pub due: Timestamp,
    pub stability: f64,
    pub difficulty: f64,
    pub elapsed_days: i64,
    pub scheduled_days: i64,
    /// How many times the card was rated; also what a rating must quote to count (see
    /// `service::Review::rate`).
    pub reps: i32,
    pub lapses: i32,
    pub phase: Phase,
    pub last_review: Option<Timestamp>,
}

impl Memory {
    /// A card never reviewed, due at once.
    pub fn new_card(at: Timestamp) -> Memory {
        Memory { due: at, stability: 0.0, difficulty: 0.0, elapsed_days: 0, scheduled_days: 0, reps: 0, lapses: 0, phase: Phase::New, last_review: None }
    }
}

/// A member's card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: i64,
    pub member: UserId,
    pub source: CardSource,
    pub memory: Memory,
    pub created_at: Timestamp,
}

/// The four answers to a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rating {
    Again,
    Hard,
    Good,
    Easy,
}

impl Rating {
    pub const ALL: [Rating; 4] = [Rating::Again, Rating::Hard, Rating::Good, Rating::Easy];

    /// 1 Again, 2 Hard, 3 Good, 4 Easy (the keys the page uses).
    pub fn from_number(number: i64) -> Option<Rating> {
        Rating::ALL.into_iter().find(|rating| i64::from(rating.number()) == number)
    }

    pub fn number(self) -> i16 {
        match self {
            Rating::Again => 1,
            Rating::Hard => 2,
            Rating::Good => 3,
            Rating::Easy => 4,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rating::Again => "again",
            Rating::Hard => "hard",
            Rating::Good => "good",
            Rating::Easy => "easy",
        }
    }
}

/// A highlight as its card shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HighlightFace {
    pub highlight_id: i64,
    pub book_id: i64,
    pub section: u32,
    pub quote: String,
    pub note: Option<String>,
}

/// The book a card belongs to, as the page links it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookFace {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub image: String,
}

/// A card as the page shows it: the book, a front to recall from, a back to check against, and
/// when the card would come back after each rating.
#[derive(Debug, Clone, PartialEq)]
pub struct QueuedCard {
    pub card: Card,
    pub book: BookFace,
    /// The section the card points into (the reader's page).
    pub section: u32,
    pub front: String,
    pub back: String,
    /// For a highlight's card, the member's note.
    pub note: Option<String>,
    /// When the card is due again after each rating, Again first.
    pub next_due: [(Rating, Timestamp); 4],
}

/// Today's review.
#[derive(Debug, Clone, PartialEq)]
pub struct Queue {
    pub cards: Vec<QueuedCard>,
    /// Cards due now (reviewed before), in all.
    pub due: i64,
    /// New cards the member may still meet today.
    pub new_today: i64,
    pub settings: ReviewSettings,
}

impl Queue {
    /// What home shows: "N to review".
    pub fn to_review(&self) -> i64 {
        self.due + self.new_today
    }
}

/// The member's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewSettings {
    pub new_per_day: u32,
}

impl Default for ReviewSettings {
    fn default() -> Self {
        ReviewSettings { new_per_day: DEFAULT_NEW_PER_DAY }
    }
}

/// A rating as the store keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewRecord {
    pub card_id: i64,
    pub member: UserId,
    pub rating: Rating,
    /// The card's memory after the rating.
    pub memory: Memory,
    /// Whether the card was new before (it then counts against the day's new cards).
    pub was_new: bool,
    pub reviewed_at: Timestamp,
    /// The member's calendar day (a streak day).
    pub day: NaiveDate,
    pub xp: u32,
}

/// The answer to a rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    pub card: Card,
    /// False when this rating had been counted already (a double click, a second tab, a retry):
    /// nothing changed.
    pub counted: bool,
    pub xp_gained: u32,
}
