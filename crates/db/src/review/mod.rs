//! Members' review cards, ratings and review settings (`review` crate's `ReviewStore`).

crate::shared::gate::domain_store! {
    /// The daily review's port (`review::ports::ReviewStore`) on one connection's gate.
    PgReviewStore
}

use crate::schema::{highlights, reading_history, review_cards, review_log, review_settings};
use ::review::model::{Card, CardSource, HighlightFace, Memory, Phase, ReviewRecord, ReviewSettings};
use ::review::ports::ReviewStore;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::dsl::{exists, not};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamptz};
use kernel::{PortResult, Timestamp, UserId};

#[derive(Queryable, Selectable)]
#[diesel(table_name = review_cards)]
struct CardRow {
    id: i64,
    user_id: i64,
    book_id: i64,
    section: Option<i32>,
    highlight_id: Option<i64>,
    due: DateTime<Utc>,
    stability: f64,
    difficulty: f64,
    elapsed_days: i64,
    scheduled_days: i64,
    reps: i32,
    lapses: i32,
    phase: i16,
    last_review: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
}

impl From<CardRow> for Card {
    fn from(row: CardRow) -> Card {
        let source = match (row.section, row.highlight_id) {
            (_, Some(highlight_id)) => CardSource::Highlight { highlight_id, book_id: row.book_id },
            // The table's check: a card has a section or a highlight.
            (section, None) => CardSource::KeyIdea { book_id: row.book_id, section: u32::try_from(section.unwrap_or(0)).unwrap_or(0) },
        };
        Card {
            id: row.id,
            member: UserId(row.user_id),
            source,
            memory: Memory {
                due: row.due,
                stability: row.stability,
                difficulty: row.difficulty,
                elapsed_days: row.elapsed_days,
                scheduled_days: row.scheduled_days,
                reps: row.reps,
                lapses: row.lapses,
                phase: Phase::from_number(row.phase).unwrap_or_default(),
                last_review: row.last_review,
            },
            created_at: row.created_at,
        }
    }
}

/// A card's memory as written after a rating, or for a new card.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = review_cards, treat_none_as_null = true)]
struct MemoryWrite {
    due: DateTime<Utc>,
    stability: f64,
    difficulty: f64,
    elapsed_days: i64,
    scheduled_days: i64,
    reps: i32,
    lapses: i32,
    phase: i16,
    last_review: Option<DateTime<Utc>>,
}

impl From<&Memory> for MemoryWrite {
    fn from(memory: &Memory) -> MemoryWrite {
        MemoryWrite {
            due: memory.due,
            stability: memory.stability,
            difficulty: memory.difficulty,
            elapsed_days: memory.elapsed_days,
            scheduled_days: memory.scheduled_days,
            reps: memory.reps,
            lapses: memory.lapses,
            phase: memory.phase.number(),
            last_review: memory.last_review,
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = review_log)]
struct LogWrite {
    user_id: i64,
    card_id: Option<i64>,
    rating: i16,
    was_new: bool,
    reviewed_at: DateTime<Utc>,
    day: NaiveDate,
    xp: i32,
}

fn mine(member: UserId) -> review_cards::BoxedQuery<'static, diesel::pg::Pg> {
    review_cards::table.filter(review_cards::user_id.eq(member.0)).into_boxed()
}

impl ReviewStore for PgReviewStore<'_> {
    fn finished_books_without_cards(&self, member: UserId) -> PortResult<Vec<i64>> {
        self.run(|conn| {
            let carded = review_cards::table.filter(
                review_cards::user_id
                    .eq(reading_history::user_id)
                    .and(review_cards::book_id.eq(reading_history::book_id))
                    .and(review_cards::section.is_not_null()),
            );
            reading_history::table
                .filter(reading_history::user_id.eq(member.0).and(reading_history::completed).and(not(exists(carded))))
                .order(reading_history::book_id)
                .select(reading_history::book_id)
                .load(conn)
        })
    }

    fn add_key_idea_cards(&self, member: UserId, book_id: i64, sections: u32, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            let rows: Vec<_> = (0..sections)
                .map(|section| {
                    (
                        review_cards::user_id.eq(member.0),
                        review_cards::book_id.eq(book_id),
                        review_cards::section.eq(i32::try_from(section).unwrap_or(i32::MAX)),
                        MemoryWrite::from(&Memory::new_card(at)),
                        review_cards::created_at.eq(at),
                    )
                })
                .collect();
            diesel::insert_into(review_cards::table).values(rows).on_conflict_do_nothing().execute(conn).map(drop)
        })
    }

    fn match_highlight_cards(&self, member: UserId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::sql_query(
                    "DELETE FROM review_cards c USING highlights h \
                     WHERE c.user_id = $1 AND c.highlight_id = h.id AND NOT h.review",
                )
                .bind::<BigInt, _>(member.0)
                .execute(conn)?;
                diesel::sql_query(
                    "INSERT INTO review_cards (user_id, book_id, highlight_id, due, stability, difficulty, elapsed_days, \
                     scheduled_days, reps, lapses, phase, last_review, created_at) \
                     SELECT h.user_id, h.book_id, h.id, $2, 0, 0, 0, 0, 0, 0, 0, NULL, $2 FROM highlights h \
                     WHERE h.user_id = $1 AND h.review AND NOT EXISTS (SELECT 1 FROM review_cards c WHERE c.highlight_id = h.id) \
                     ON CONFLICT DO NOTHING",
                )
                .bind::<BigInt, _>(member.0)
                .bind::<Timestamptz, _>(at)
                .execute(conn)
                .map(drop)
            })
        })
    }

    fn due_cards(&self, member: UserId, now: Timestamp, limit: usize) -> PortResult<Vec<Card>> {
        self.run(|conn| {
            let rows = mine(member)
                .filter(review_cards::phase.ne(Phase::New.number()).and(review_cards::due.le(now)))
                .order((review_cards::due, review_cards::id))
                .limit(i64::try_from(limit).unwrap_or(i64::MAX))
                .select(CardRow::as_select())
                .load(conn)?;
            Ok(rows.into_iter().map(Card::from).collect())
        })
    }

    fn new_cards(&self, member: UserId, limit: usize) -> PortResult<Vec<Card>> {
        self.run(|conn| {
            let rows = mine(member)
                .filter(review_cards::phase.eq(Phase::New.number()))
                .order((review_cards::created_at, review_cards::id))
                .limit(i64::try_from(limit).unwrap_or(i64::MAX))
                .select(CardRow::as_select())
                .load(conn)?;
            Ok(rows.into_iter().map(Card::from).collect())
        })
    }

    fn card_counts(&self, member: UserId, now: Timestamp) -> PortResult<(i64, i64)> {
        self.run(|conn| {
            let due = mine(member).filter(review_cards::phase.ne(Phase::New.number()).and(review_cards::due.le(now))).count().get_result(conn)?;
            let new = mine(member).filter(review_cards::phase.eq(Phase::New.number())).count().get_result(conn)?;
            Ok((due, new))
        })
    }

    fn new_cards_met_on(&self, member: UserId, day: NaiveDate) -> PortResult<i64> {
        self.run(|conn| {
            review_log::table.filter(review_log::user_id.eq(member.0).and(review_log::day.eq(day)).and(review_log::was_new)).count().get_result(conn)
        })
    }

    fn reviewed_on(&self, member: UserId, card_id: i64, day: NaiveDate) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(exists(review_log::table.filter(review_log::user_id.eq(member.0).and(review_log::card_id.eq(card_id)).and(review_log::day.eq(day)))))
                .get_result(conn)
        })
    }

    fn card(&self, member: UserId, id: i64) -> PortResult<Option<Card>> {
        self.run(|conn| {
            let row = mine(member).filter(review_cards::id.eq(id)).select(CardRow::as_select()).first(conn).optional()?;
            Ok(row.map(Card::from))
        })
    }

    fn record_review(&self, record: &ReviewRecord, seen_reps: i32) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // The row lock makes a second rating quoting the same count wait, then find the
                // count moved on.
                let moved = diesel::update(
                    review_cards::table
                        .filter(review_cards::id.eq(record.card_id).and(review_cards::user_id.eq(record.member.0)).and(review_cards::reps.eq(seen_reps))),
                )
                .set(MemoryWrite::from(&record.memory))
                .execute(conn)?;
                if moved != 1 {
                    return Ok(false);
                }
                let log = LogWrite {
                    user_id: record.member.0,
                    card_id: Some(record.card_id),
                    rating: record.rating.number(),
                    was_new: record.was_new,
                    reviewed_at: record.reviewed_at,
                    day: record.day,
                    xp: i32::try_from(record.xp).unwrap_or(i32::MAX),
                };
                diesel::insert_into(review_log::table).values(log).execute(conn)?;
                Ok(true)
            })
        })
    }

    fn highlight_faces(&self, member: UserId, ids: &[i64]) -> PortResult<Vec<HighlightFace>> {
        self.run(|conn| {
            let rows: Vec<(i64, i64, i32, String, Option<String>)> = highlights::table
                .filter(highlights::user_id.eq(member.0).and(highlights::id.eq_any(ids)))
                .select((highlights::id, highlights::book_id, highlights::section, highlights::quote_exact, highlights::note))
                .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|(highlight_id, book_id, section, quote, note)| HighlightFace {
                    highlight_id,
                    book_id,
                    section: u32::try_from(section).unwrap_or(0),
                    quote,
                    note,
                })
                .collect())
        })
    }

    fn review_settings(&self, member: UserId) -> PortResult<Option<ReviewSettings>> {
        self.run(|conn| {
            let new_per_day: Option<i32> = review_settings::table.find(member.0).select(review_settings::new_per_day).first(conn).optional()?;
            Ok(new_per_day.map(|n| ReviewSettings { new_per_day: u32::try_from(n).unwrap_or(0) }))
        })
    }

    fn save_review_settings(&self, member: UserId, settings: ReviewSettings) -> PortResult<()> {
        self.run(|conn| {
            let new_per_day = i32::try_from(settings.new_per_day).unwrap_or(i32::MAX);
            diesel::insert_into(review_settings::table)
                .values((review_settings::user_id.eq(member.0), review_settings::new_per_day.eq(new_per_day)))
                .on_conflict(review_settings::user_id)
                .do_update()
                .set(review_settings::new_per_day.eq(new_per_day))
                .execute(conn)
                .map(drop)
        })
    }
}

/// An account deletion: the member's cards, ratings and settings.
pub(crate) fn erase_member(conn: &mut PgConnection, member: UserId) -> QueryResult<()> {
    diesel::delete(review_log::table.filter(review_log::user_id.eq(member.0))).execute(conn)?;
    diesel::delete(review_cards::table.filter(review_cards::user_id.eq(member.0))).execute(conn)?;
    diesel::delete(review_settings::table.filter(review_settings::user_id.eq(member.0))).execute(conn).map(drop)
}
