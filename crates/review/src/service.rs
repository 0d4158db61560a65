//! The review use cases for the calling member: today's queue, rating a card, the count home
//! shows, and the member's settings.

use crate::error::ReviewError;
use crate::model::*;
use crate::ports::ReviewStore;
use crate::schedule::Scheduler;
use catalogue::model::BookKey;
use catalogue::service::OpenedBook;
use catalogue::{Catalogue, CatalogueError, CatalogueStore};
use chrono::NaiveDate;
use identity::User;
use kernel::{Session, Timestamp, UserId};
use std::collections::HashMap;

type Result<T> = std::result::Result<T, ReviewError>;

/// The most characters of a key idea's first paragraph a card shows.
const BACK_CHARS: usize = 700;

pub struct Review<'s, C: ?Sized, R: ?Sized> {
    catalogue: &'s C,
    store: &'s R,
    now: Timestamp,
    scheduler: Scheduler,
}

impl<'s, C: CatalogueStore + ?Sized, R: ReviewStore + ?Sized> Review<'s, C, R> {
    pub fn new(catalogue: &'s C, store: &'s R, now: Timestamp) -> Self {
        Review { catalogue, store, now, scheduler: Scheduler::default() }
    }

    fn books(&self) -> Catalogue<'s, C> {
        Catalogue::new(self.catalogue, self.now)
    }

    /// The calling member (an ended session is refused).
    fn member(&self, who: Session) -> Result<User> {
        self.books().caller(Some(who))?.user.ok_or(ReviewError::SessionExpired)
    }

    /// The member's calendar day now (the same day reading progress counts streaks by).
    fn today(&self, user: &User) -> NaiveDate {
        user.today(self.now)
    }

    /// Gives every key idea of a finished book and every highlight marked "Review" its card (and
    /// takes a card from a highlight no longer marked).
    fn make_cards(&self, member: UserId) -> Result<()> {
        for book_id in self.store.finished_books_without_cards(member)? {
            let Some(text) = self.catalogue.book_text(book_id)? else { continue };
            let sections = catalogue::html::book_section_count(book_id, &text.text);
            self.store.add_key_idea_cards(member, book_id, u32::try_from(sections).unwrap_or(u32::MAX), self.now)?;
        }
        self.store.match_highlight_cards(member, self.now)?;
        Ok(())
    }

    fn settings_of(&self, member: UserId) -> Result<ReviewSettings> {
        Ok(self.store.review_settings(member)?.unwrap_or_default())
    }

    /// (cards due now, new cards the member may still meet today), after making missing cards.
    fn counts(&self, user: &User, settings: ReviewSettings) -> Result<(i64, i64)> {
        self.make_cards(user.id)?;
        let met = self.store.new_cards_met_on(user.id, self.today(user))?;
        let (due, new) = self.store.card_counts(user.id, self.now)?;
        let allowance = (i64::from(settings.new_per_day) - met).max(0);
        Ok((due, new.min(allowance)))
    }

    /// How many cards today's review holds (home's "N to review").
    pub fn to_review(&self, who: Session) -> Result<i64> {
        let user = self.member(who)?;
        let (due, new_today) = self.counts(&user, self.settings_of(user.id)?)?;
        Ok(due + new_today)
    }

    /// Today's queue: the cards due, soonest first, then the day's new cards, at most
    /// [`QUEUE_BATCH`] at a time; a card whose key idea the member may not read now is left out.
    pub fn queue(&self, who: Session) -> Result<Queue> {
        let user = self.member(who)?;
        let settings = self.settings_of(user.id)?;
        let (due, new_today) = self.counts(&user, settings)?;
        let mut cards = self.store.due_cards(user.id, self.now, QUEUE_BATCH)?;
        let room = QUEUE_BATCH.saturating_sub(cards.len()).min(usize::try_from(new_today).unwrap_or(0));
        if room > 0 {
            cards.extend(self.store.new_cards(user.id, room)?);
        }
        Ok(Queue { cards: self.faces(who, user.id, cards)?, due, new_today, settings })
    }

    /// Each card with its book, front, back and next dates.
    fn faces(&self, who: Session, member: UserId, cards: Vec<Card>) -> Result<Vec<QueuedCard>> {
        let highlight_ids: Vec<i64> = cards
            .iter()
            .filter_map(|card| match card.source {
                CardSource::Highlight { highlight_id, .. } => Some(highlight_id),
                CardSource::KeyIdea { .. } => None,
            })
            .collect();
        let highlights: HashMap<i64, HighlightFace> =
            self.store.highlight_faces(member, &highlight_ids)?.into_iter().map(|face| (face.highlight_id, face)).collect();
        let mut books: HashMap<i64, Option<OpenedBook>> = HashMap::new();
        let mut queued = Vec::with_capacity(cards.len());
        for card in cards {
            let book_id = card.source.book_id();
            if let std::collections::hash_map::Entry::Vacant(entry) = books.entry(book_id) {
                entry.insert(match self.books().open_book(Some(who), &BookKey::Id(book_id)) {
                    Ok(opened) => Some(opened),
                    // A book taken down since: its cards wait.
                    Err(CatalogueError::BookNotFound) => None,
                    Err(other) => return Err(other.into()),
                });
            }
            let Some(Some(opened)) = books.get(&book_id) else { continue };
            let sections = opened.text.sections();
            let (section, front, back, note) = match card.source {
                CardSource::KeyIdea { section, .. } => {
                    // Past what the member may read now (a lapsed plan): not shown.
                    let Some(text) = sections.get(section as usize) else { continue };
                    (section, text.title.clone(), first_paragraph(&text.html), None)
                }
                CardSource::Highlight { highlight_id, .. } => {
                    let Some(face) = highlights.get(&highlight_id) else { continue };
                    let title = sections.get(face.section as usize).map_or_else(|| opened.card.title.clone(), |s| s.title.clone());
                    (face.section, title, face.quote.clone(), face.note.clone())
                }
            };
            let book = BookFace {
                id: opened.card.id,
                subid: opened.card.subid.clone(),
                title: opened.card.title.clone(),
                author: opened.card.author.clone(),
                image: opened.card.image.clone(),
            };
            let next_due = self.scheduler.next_due(&card.memory, self.now);
            queued.push(QueuedCard { card, book, section, front, back, note, next_due });
        }
        Ok(queued)
    }

    /// Rates one of the member's cards. `seen_reps` is the card's review count as the page showed
    /// it: a rating sent again (a double click, a second tab, a retry) finds the card moved on
    /// and changes nothing, so it counts once. The first rating of a card on a day earns
    /// [`XP_PER_REVIEWED_CARD`] and makes the day a streak day.
    pub fn rate(&self, who: Session, card_id: i64, rating: Option<i64>, seen_reps: Option<i64>) -> Result<Rated> {
        let rating = rating.and_then(Rating::from_number).ok_or(ReviewError::InvalidRating)?;
        let seen_reps = seen_reps.ok_or(ReviewError::MissingReps)?;
        let user = self.member(who)?;
        let card = self.store.card(user.id, card_id)?.ok_or(ReviewError::CardNotFound)?;
        if i64::from(card.memory.reps) != seen_reps {
            return Ok(Rated { card, counted: false, xp_gained: 0 });
        }
        let day = self.today(&user);
        let xp = if self.store.reviewed_on(user.id, card_id, day)? { 0 } else { XP_PER_REVIEWED_CARD };
        let memory = self.scheduler.rate(&card.memory, rating, self.now);
        let record = ReviewRecord { card_id, member: user.id, rating, memory, was_new: card.memory.phase == Phase::New, reviewed_at: self.now, day, xp };
        if !self.store.record_review(&record, card.memory.reps)? {
            let card = self.store.card(user.id, card_id)?.ok_or(ReviewError::CardNotFound)?;
            return Ok(Rated { card, counted: false, xp_gained: 0 });
        }
        Ok(Rated { card: Card { memory, ..card }, counted: true, xp_gained: xp })
    }

    pub fn settings(&self, who: Session) -> Result<ReviewSettings> {
        let user = self.member(who)?;
        self.settings_of(user.id)
    }

    /// Sets how many new cards a day the member meets (0 to [`MAX_NEW_PER_DAY`]).
    pub fn set_new_per_day(&self, who: Session, new_per_day: Option<i64>) -> Result<ReviewSettings> {
        let new_per_day = new_per_day.and_then(|n| u32::try_from(n).ok()).filter(|n| *n <= MAX_NEW_PER_DAY).ok_or(ReviewError::InvalidNewPerDay)?;
        let user = self.member(who)?;
        let settings = ReviewSettings { new_per_day };
        self.store.save_review_settings(user.id, settings)?;
        Ok(settings)
    }
}

/// The text of a key idea's first paragraph (its first block with words), cut at a word.
fn first_paragraph(section_html: &str) -> String {
    let text = catalogue::html::section_blocks(section_html)
        .into_iter()
        .map(|(_, text)| text.split_whitespace().collect::<Vec<_>>().join(" "))
        .find(|text| !text.is_empty())
        .unwrap_or_default();
    if text.chars().count() <= BACK_CHARS {
        return text;
    }
    let cut: String = text.chars().take(BACK_CHARS).collect();
    let at_word = cut.rfind(' ').map_or(cut.as_str(), |space| &cut[..space]);
    format!("{at_word}…")
}

#[cfg(test)]
mod tests;
