//! An in-memory review store, for unit tests without a database.

use crate::model::*;
use crate::ports::ReviewStore;
use chrono::NaiveDate;
use kernel::{PortResult, Timestamp, UserId};
use std::cell::RefCell;
use std::collections::HashMap;

#[derive(Default)]
pub struct InMemoryReview {
    cards: RefCell<Vec<Card>>,
    log: RefCell<Vec<ReviewRecord>>,
    settings: RefCell<HashMap<UserId, ReviewSettings>>,
    /// Books each member finished (the reading history's completions).
    pub finished: RefCell<Vec<(UserId, i64)>>,
    /// Highlights and whether each is marked "Review".
    pub highlights: RefCell<Vec<(UserId, HighlightFace, bool)>>,
}

impl InMemoryReview {
    pub fn cards(&self) -> Vec<Card> {
        self.cards.borrow().clone()
    }

    pub fn log(&self) -> Vec<ReviewRecord> {
        self.log.borrow().clone()
    }

    fn add(&self, member: UserId, source: CardSource, at: Timestamp) {
        let mut cards = self.cards.borrow_mut();
        if cards.iter().any(|card| card.member == member && card.source == source) {
            return;
        }
        let id = cards.iter().map(|card| card.id).max().unwrap_or(0) + 1;
        cards.push(Card { id, member, source, memory: Memory::new_card(at), created_at: at });
    }
}

impl ReviewStore for InMemoryReview {
    fn finished_books_without_cards(&self, member: UserId) -> PortResult<Vec<i64>> {
        let cards = self.cards.borrow();
        Ok(self
            .finished
            .borrow()
            .iter()
            .filter(|(who, book)| {
                *who == member && !cards.iter().any(|c| c.member == member && matches!(c.source, CardSource::KeyIdea { book_id, .. } if book_id == *book))
            })
            .map(|(_, book)| *book)
            .collect())
    }

    fn add_key_idea_cards(&self, member: UserId, book_id: i64, sections: u32, at: Timestamp) -> PortResult<()> {
        for section in 0..sections {
            self.add(member, CardSource::KeyIdea { book_id, section }, at);
        }
        Ok(())
    }

    fn match_highlight_cards(&self, member: UserId, at: Timestamp) -> PortResult<()> {
        let highlights = self.highlights.borrow().clone();
        let marked = |id: i64| highlights.iter().any(|(who, face, review)| *who == member && face.highlight_id == id && *review);
        self.cards.borrow_mut().retain(|card| match card.source {
            CardSource::Highlight { highlight_id, .. } => card.member != member || marked(highlight_id),
            CardSource::KeyIdea { .. } => true,
        });
        for (_, face, _) in highlights.iter().filter(|(who, _, review)| *who == member && *review) {
            self.add(member, CardSource::Highlight { highlight_id: face.highlight_id, book_id: face.book_id }, at);
        }
        Ok(())
    }

    fn due_cards(&self, member: UserId, now: Timestamp, limit: usize) -> PortResult<Vec<Card>> {
        let mut due: Vec<Card> =
            self.cards.borrow().iter().filter(|c| c.member == member && c.memory.phase != Phase::New && c.memory.due <= now).cloned().collect();
        due.sort_by_key(|c| (c.memory.due, c.id));
        due.truncate(limit);
        Ok(due)
    }

    fn new_cards(&self, member: UserId, limit: usize) -> PortResult<Vec<Card>> {
        let mut new: Vec<Card> = self.cards.borrow().iter().filter(|c| c.member == member && c.memory.phase == Phase::New).cloned().collect();
        new.sort_by_key(|c| (c.created_at, c.id));
        new.truncate(limit);
        Ok(new)
    }

    fn card_counts(&self, member: UserId, now: Timestamp) -> PortResult<(i64, i64)> {
        let cards = self.cards.borrow();
        let mine = || cards.iter().filter(|c| c.member == member);
        let due = mine().filter(|c| c.memory.phase != Phase::New && c.memory.due <= now).count();
        let new = mine().filter(|c| c.memory.phase == Phase::New).count();
        Ok((due as i64, new as i64))
    }

    fn new_cards_met_on(&self, member: UserId, day: NaiveDate) -> PortResult<i64> {
        Ok(self.log.borrow().iter().filter(|r| r.member == member && r.day == day && r.was_new).count() as i64)
    }

    fn reviewed_on(&self, member: UserId, card_id: i64, day: NaiveDate) -> PortResult<bool> {
        Ok(self.log.borrow().iter().any(|r| r.member == member && r.card_id == card_id && r.day == day))
    }

    fn card(&self, member: UserId, id: i64) -> PortResult<Option<Card>> {
        Ok(self.cards.borrow().iter().find(|c| c.member == member && c.id == id).cloned())
    }

    fn record_review(&self, record: &ReviewRecord, seen_reps: i32) -> PortResult<bool> {
        let mut cards = self.cards.borrow_mut();
        let Some(card) = cards.iter_mut().find(|c| c.member == record.member && c.id == record.card_id && c.memory.reps == seen_reps) else {
            return Ok(false);
        };
        card.memory = record.memory;
        self.log.borrow_mut().push(record.clone());
        Ok(true)
    }

    fn highlight_faces(&self, member: UserId, ids: &[i64]) -> PortResult<Vec<HighlightFace>> {
        Ok(self
            .highlights
            .borrow()
            .iter()
            .filter(|(who, face, _)| *who == member && ids.contains(&face.highlight_id))
            .map(|(_, face, _)| face.clone())
            .collect())
    }

    fn review_settings(&self, member: UserId) -> PortResult<Option<ReviewSettings>> {
        Ok(self.settings.borrow().get(&member).copied())
    }

    fn save_review_settings(&self, member: UserId, settings: ReviewSettings) -> PortResult<()> {
        self.settings.borrow_mut().insert(member, settings);
        Ok(())
    }
}
