//! An in-memory store of members' reading, for unit tests without a database. Books and members
//! come from the catalogue's fake.

use crate::history::{HistoryEntry, SavePlan};
use crate::ports::*;
use crate::rating::Rating;
use catalogue::fakes::InMemoryCatalogue;
use catalogue::model::{BookKey, Card, Page};
use catalogue::ports::Books;
use chrono::NaiveDate;
use kernel::{Timestamp, UserId};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

#[derive(Default)]
struct State {
    history: HashMap<(UserId, i64), HistoryEntry>,
    video_starts: Vec<(UserId, i64)>,
    days: HashMap<UserId, BTreeSet<NaiveDate>>,
    /// Most recently added last.
    library: Vec<(UserId, i64)>,
    ratings: HashMap<(UserId, i64), Rating>,
    /// Category names per book, for skills.
    book_categories: HashMap<i64, Vec<String>>,
}

pub struct InMemoryProgress<'c> {
    catalogue: &'c InMemoryCatalogue,
    state: RefCell<State>,
}

impl<'c> InMemoryProgress<'c> {
    pub fn new(catalogue: &'c InMemoryCatalogue) -> Self {
        InMemoryProgress { catalogue, state: RefCell::default() }
    }

    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.state.borrow_mut())
    }

    pub fn entry(&self, member: UserId, book_id: i64) -> Option<HistoryEntry> {
        self.with(|s| s.history.get(&(member, book_id)).copied())
    }

    pub fn days(&self, member: UserId) -> Vec<NaiveDate> {
        self.with(|s| s.days.get(&member).map(|d| d.iter().copied().collect()).unwrap_or_default())
    }

    pub fn video_starts(&self) -> Vec<(UserId, i64)> {
        self.with(|s| s.video_starts.clone())
    }

    pub fn rating(&self, member: UserId, book_id: i64) -> Option<Rating> {
        self.with(|s| s.ratings.get(&(member, book_id)).cloned())
    }

    pub fn set_book_categories(&self, book_id: i64, names: &[&str]) {
        self.with(|s| s.book_categories.insert(book_id, names.iter().map(|n| n.to_string()).collect()));
    }
}

impl ProgressStore for InMemoryProgress<'_> {
    fn save_position(
        &self,
        member: UserId,
        book_id: i64,
        today: NaiveDate,
        _at: Timestamp,
        plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
    ) -> PortResult<SavePlan> {
        Ok(self.with(|s| {
            let planned = plan(s.history.get(&(member, book_id)).copied());
            s.history.insert((member, book_id), planned.entry);
            if planned.completed_today {
                s.days.entry(member).or_default().insert(today);
            }
            planned
        }))
    }

    fn record_video_start(&self, member: UserId, book_id: i64, _at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            s.history.entry((member, book_id)).or_insert(HistoryEntry::default());
            s.video_starts.push((member, book_id));
        });
        Ok(())
    }

    fn add_to_library(&self, member: UserId, book_id: i64, _at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            if !s.library.contains(&(member, book_id)) {
                s.library.push((member, book_id));
            }
        });
        Ok(())
    }

    fn remove_from_library(&self, member: UserId, book_id: i64) -> PortResult<()> {
        self.with(|s| s.library.retain(|item| *item != (member, book_id)));
        Ok(())
    }

    fn library_page(&self, member: UserId, offset: i64, limit: i64) -> PortResult<Page<Card>> {
        let ids: Vec<i64> = self.with(|s| s.library.iter().rev().filter(|(m, _)| *m == member).map(|(_, b)| *b).collect());
        let total = ids.len() as i64;
        let mut items = Vec::new();
        for id in ids.into_iter().skip(offset.max(0) as usize).take(limit.max(0) as usize) {
            if let Some(book) = self.catalogue.book(&BookKey::Id(id))? {
                items.push(book.card());
            }
        }
        Ok(Page { items, total })
    }

    fn rate(&self, member: UserId, book_id: i64, rating: &Rating, _at: Timestamp) -> PortResult<()> {
        self.with(|s| s.ratings.insert((member, book_id), rating.clone()));
        Ok(())
    }

    fn progress_facts(&self, member: UserId) -> PortResult<ProgressFacts> {
        Ok(self.with(|s| {
            let completed: Vec<i64> = s.history.iter().filter(|((m, _), e)| *m == member && e.completed).map(|((_, b), _)| *b).collect();
            let mut per_category: HashMap<String, u32> = HashMap::new();
            for book in &completed {
                for name in s.book_categories.get(book).into_iter().flatten() {
                    *per_category.entry(name.clone()).or_default() += 1;
                }
            }
            let mut per_category: Vec<(String, u32)> = per_category.into_iter().collect();
            per_category.sort();
            ProgressFacts {
                completed: completed.len() as u32,
                days: s.days.get(&member).map(|d| d.iter().copied().collect()).unwrap_or_default(),
                per_category,
                review_xp: 0,
            }
        }))
    }
}
