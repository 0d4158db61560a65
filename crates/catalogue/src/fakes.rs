//! An in-memory catalogue behind every port, for unit tests without a database.

use crate::entitlement::FreeMember;
use crate::html::memo::DigestedText;
use crate::listing::{ListQuery, Sort};
use crate::model::*;
use crate::ports::*;
use crate::search::SearchQuery;
use chrono::NaiveDate;
use identity::User;
use kernel::{OutgoingMail, Session, Timestamp, UserId};
use std::cell::RefCell;
use std::collections::HashMap;

#[derive(Default)]
struct State {
    users: Vec<User>,
    ended_sessions: Vec<Session>,
    /// Books with their category ids.
    books: Vec<(Book, Vec<i64>)>,
    categories: Vec<Category>,
    collections: Vec<(Collection, Vec<i64>)>,
    authors: Vec<Author>,
    posts: Vec<BlogPost>,
    slides: Vec<(i64, Slide)>,
    infographics: Vec<i64>,
    /// (member, book, ordinal, when)
    unlocks: Vec<(UserId, i64, u32, Timestamp)>,
    previews: HashMap<NaiveDate, i64>,
    reader_states: HashMap<(UserId, i64), ReaderState>,
    /// Books each member started, most recent first.
    recent: HashMap<UserId, Vec<i64>>,
    /// Paid single-book charges: (charge id, buyer, book).
    purchases: Vec<(String, Option<UserId>, i64)>,
    kindle_addresses: HashMap<UserId, String>,
    /// (member, book, when)
    kindle_sends: Vec<(UserId, i64, Timestamp)>,
    /// Mail queued by Kindle sends.
    outbox: Vec<OutgoingMail>,
    podcasts: Vec<Podcast>,
    insights: Vec<Insight>,
    goals: Vec<Goal>,
    /// (book, goal)
    goal_links: Vec<(i64, i64)>,
    /// How many times a book's text was loaded (`book_text`).
    text_loads: u32,
}

#[derive(Default)]
pub struct InMemoryCatalogue(RefCell<State>);

/// A premium book with a body of two sections, audio, video and an infographic.
pub fn sample_book(id: i64) -> Book {
    Book {
        id,
        subid: format!("book-{id}"),
        title: format!("Book {id}"),
        author: "An Author".into(),
        author_slug: "an-author".into(),
        author_description: String::new(),
        description: format!("About book {id}"),
        image: format!("public/covers/{id}.svg"),
        vector: String::new(),
        infographic: Some(format!("premium/infographics/{id}.svg")),
        body: "<h3>One</h3><p>first</p><h3>Two</h3><p>second</p>".into(),
        quotes: vec![],
        goals: vec![],
        tags: vec![],
        media_url: Some(format!("premium/audio/{id}.wav")),
        audio_seconds: Some(600),
        video: Some(format!("premium/video/{id}.mp4")),
        free: false,
        popular: false,
        coming_soon: false,
        has_visuals: false,
        read_count: 0,
        upload_date: chrono::DateTime::UNIX_EPOCH + chrono::Duration::days(id),
    }
}

impl InMemoryCatalogue {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.0.borrow_mut())
    }

    pub fn add_user(&self, user: User) {
        self.with(|s| s.users.push(user));
    }

    pub fn update_user(&self, user: User) {
        self.with(|s| {
            s.users.retain(|u| u.id != user.id);
            s.users.push(user);
        });
    }

    /// Ends a session: its tokens stop working.
    pub fn end_session(&self, session: Session) {
        self.with(|s| s.ended_sessions.push(session));
    }

    pub fn user(&self, id: UserId) -> Option<User> {
        self.with(|s| s.users.iter().find(|u| u.id == id).cloned())
    }

    pub fn add_book(&self, book: Book, category_ids: &[i64]) {
        self.with(|s| s.books.push((book, category_ids.to_vec())));
    }

    /// An operator's edit of a book's body.
    pub fn edit_body(&self, id: i64, body: &str) {
        self.with(|s| s.books.iter_mut().filter(|(b, _)| b.id == id).for_each(|(b, _)| b.body = body.to_owned()));
    }

    pub fn add_category(&self, id: i64, name: &str) {
        let category = Category { id, subid: name.to_lowercase(), name: name.into(), description: String::new(), small_image: String::new(), book_count: 0 };
        self.with(|s| s.categories.push(category));
    }

    pub fn add_collection(&self, collection: Collection, book_ids: &[i64]) {
        self.with(|s| s.collections.push((collection, book_ids.to_vec())));
    }

    pub fn add_author(&self, author: Author) {
        self.with(|s| s.authors.push(author));
    }

    pub fn add_post(&self, post: BlogPost) {
        self.with(|s| s.posts.push(post));
    }

    pub fn add_slide(&self, book_id: i64, slide: Slide) {
        self.with(|s| s.slides.push((book_id, slide)));
    }

    pub fn add_infographic(&self, book_id: i64) {
        self.with(|s| s.infographics.push(book_id));
    }

    pub fn choose_preview(&self, month: NaiveDate, book_id: i64) {
        self.with(|s| s.previews.insert(month, book_id));
    }

    pub fn set_reader_state(&self, member: UserId, book_id: i64, state: ReaderState) {
        self.with(|s| s.reader_states.insert((member, book_id), state));
    }

    fn finished(&self, member: UserId, book_id: i64) -> bool {
        self.with(|s| s.reader_states.get(&(member, book_id)).is_some_and(|state| state.completed))
    }

    pub fn started(&self, member: UserId, book_id: i64) {
        self.with(|s| s.recent.entry(member).or_default().insert(0, book_id));
    }

    /// How many times a book's text was loaded apart from its state (`book_text`).
    pub fn text_loads(&self) -> u32 {
        self.with(|s| s.text_loads)
    }

    /// (book, ordinal) of every unlock the member spent, in order.
    pub fn unlocks_of(&self, member: UserId) -> Vec<(i64, u32)> {
        self.with(|s| s.unlocks.iter().filter(|u| u.0 == member).map(|u| (u.1, u.2)).collect())
    }

    fn find(&self, key: &BookKey) -> Option<Book> {
        self.with(|s| {
            s.books
                .iter()
                .map(|(book, _)| book)
                .find(|book| match key {
                    BookKey::Id(id) => book.id == *id,
                    BookKey::Subid(subid) => &book.subid == subid,
                })
                .cloned()
        })
    }

    fn cards_where(&self, keep: impl Fn(&Book, &[i64]) -> bool) -> Vec<Card> {
        self.with(|s| {
            let mut books: Vec<&Book> = s.books.iter().filter(|(b, c)| keep(b, c)).map(|(b, _)| b).collect();
            books.sort_by_key(|b| std::cmp::Reverse((b.upload_date, b.id)));
            books.into_iter().map(Book::card).collect()
        })
    }

    fn count_in(&self, book_ids: impl Fn(&Book, &[i64]) -> bool) -> i64 {
        self.with(|s| s.books.iter().filter(|(b, c)| book_ids(b, c)).count() as i64)
    }
}

/// The fakes' digest of a body: another text gets another digest (as `md5` in the database), and
/// it is not the text itself, so code that took the digest for the text would show it.
fn fake_digest(body: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut hasher);
    format!("fake-{:016x}-{}", hasher.finish(), body.len())
}

fn limited(mut cards: Vec<Card>, offset: i64, limit: i64) -> Vec<Card> {
    cards.drain(..(offset.max(0) as usize).min(cards.len()));
    cards.truncate(limit.max(0) as usize);
    cards
}

impl Members for InMemoryCatalogue {
    fn live_member(&self, session: Session) -> PortResult<Option<User>> {
        if self.with(|s| s.ended_sessions.contains(&session)) {
            return Ok(None);
        }
        Ok(self.user(session.user))
    }
}

impl Books for InMemoryCatalogue {
    fn book_with_state(&self, key: &BookKey, member: Option<UserId>, month: NaiveDate) -> PortResult<Option<BookWithState>> {
        let preview = PreviewCandidates { chosen: self.chosen_preview(month), newest_free: self.newest_free_book() };
        Ok(self.find(key).map(|book| {
            let state = member.and_then(|m| self.with(|s| s.reader_states.get(&(m, book.id)).copied())).unwrap_or_default();
            let categories = self.categories_of(&[book.id]).unwrap_or_default().into_iter().map(|(_, category)| category).collect();
            // As the database: the body is named by its digest, not read.
            let body_digest = fake_digest(&book.body);
            BookWithState { book: Book { body: String::new(), ..book }, body_digest, member: state, preview, categories }
        }))
    }

    fn book_for_session(&self, key: &BookKey, session: Session, month: NaiveDate) -> PortResult<Option<(Option<User>, BookWithState)>> {
        let member = self.live_member(session)?;
        Ok(self.book_with_state(key, Some(session.user), month)?.map(|found| (member, found)))
    }

    fn book(&self, key: &BookKey) -> PortResult<Option<Book>> {
        Ok(self.find(key))
    }

    fn book_text(&self, book_id: i64) -> PortResult<Option<DigestedText>> {
        self.with(|s| s.text_loads += 1);
        Ok(self.find(&BookKey::Id(book_id)).map(|book| DigestedText { digest: fake_digest(&book.body), text: book.body }))
    }

    fn book_id(&self, key: &BookKey) -> PortResult<Option<i64>> {
        Ok(self.find(key).map(|b| b.id))
    }

    fn categories_of(&self, book_ids: &[i64]) -> PortResult<Vec<(i64, CategoryRef)>> {
        Ok(self.with(|s| {
            let mut found = Vec::new();
            for (book, category_ids) in s.books.iter().filter(|(b, _)| book_ids.contains(&b.id)) {
                for category in s.categories.iter().filter(|c| category_ids.contains(&c.id)) {
                    found.push((book.id, CategoryRef { id: category.id, subid: category.subid.clone(), name: category.name.clone() }));
                }
            }
            found
        }))
    }

    fn newest_books(&self, limit: i64) -> PortResult<Vec<Card>> {
        Ok(limited(self.cards_where(|_, _| true), 0, limit))
    }

    fn popular_books(&self, limit: i64) -> PortResult<Vec<Card>> {
        let mut cards = self.cards_where(|_, _| true);
        cards.sort_by_key(|c| std::cmp::Reverse(c.read_count));
        Ok(limited(cards, 0, limit))
    }

    fn books_in_categories(&self, category_ids: &[i64], reader: Option<UserId>, limit: i64) -> PortResult<Vec<Card>> {
        let cards = self.cards_where(|_, cats| cats.iter().any(|c| category_ids.contains(c)));
        let unfinished = cards.into_iter().filter(|card| reader.is_none_or(|member| !self.finished(member, card.id))).collect();
        Ok(limited(unfinished, 0, limit))
    }

    fn recent_books(&self, member: UserId, limit: i64) -> PortResult<Vec<Card>> {
        let ids = self.with(|s| s.recent.get(&member).cloned().unwrap_or_default());
        let cards = ids.iter().filter(|id| !self.finished(member, **id)).filter_map(|id| self.find(&BookKey::Id(*id)).map(|b| b.card())).collect();
        Ok(limited(cards, 0, limit))
    }

    fn books_from(&self, start: i64, limit: i64) -> PortResult<Vec<Card>> {
        Ok(limited(self.cards_where(|_, _| true), start, limit))
    }

    fn list_books(&self, query: &ListQuery) -> PortResult<Page<Card>> {
        let category = query.category.as_ref().and_then(|subid| self.with(|s| s.categories.iter().find(|c| &c.subid == subid).map(|c| c.id)));
        let goal_links = self.with(|s| s.goal_links.clone());
        let keep = |book: &Book, cats: &[i64]| {
            (query.category.is_none() || category.is_some_and(|id| cats.contains(&id)))
                && (!query.audio_only || book.media_url.is_some())
                && (!query.video_only || book.video.is_some())
                && query.author.as_ref().is_none_or(|a| &book.author_slug == a)
                && query.goal.is_none_or(|g| goal_links.contains(&(book.id, g)))
        };
        let mut cards = self.cards_where(keep);
        match query.sort {
            Sort::Alphabetical => cards.sort_by(|a, b| a.title.cmp(&b.title)),
            Sort::Trending => cards.sort_by_key(|c| std::cmp::Reverse(c.read_count)),
            Sort::New | Sort::Audio | Sort::Video => {}
        }
        let total = cards.len() as i64;
        Ok(Page { items: limited(cards, query.offset(), i64::from(query.page_size)), total })
    }

    fn search_books(&self, query: &SearchQuery, offset: i64, limit: i64) -> PortResult<Page<Card>> {
        let cards = self.cards_where(|book, _| {
            let haystack = format!("{} {}", book.title, book.author).to_lowercase();
            query.words.iter().any(|word| haystack.contains(word.as_str()))
        });
        let total = cards.len() as i64;
        Ok(Page { items: limited(cards, offset, limit), total })
    }

    fn categories(&self) -> PortResult<Vec<Category>> {
        let categories = self.with(|s| s.categories.clone());
        Ok(categories.into_iter().map(|c| Category { book_count: self.count_in(|_, cats| cats.contains(&c.id)), ..c }).collect())
    }

    fn existing_category_ids(&self, ids: &[i64]) -> PortResult<Vec<i64>> {
        Ok(self.with(|s| s.categories.iter().map(|c| c.id).filter(|id| ids.contains(id)).collect()))
    }

    fn collections(&self, limit: i64) -> PortResult<Vec<Collection>> {
        Ok(self.with(|s| s.collections.iter().map(|(c, books)| Collection { book_count: (books.len() as i64).min(limit), ..c.clone() }).collect()))
    }

    fn collection(&self, slug: &str) -> PortResult<Option<Collection>> {
        Ok(self.with(|s| s.collections.iter().find(|(c, _)| c.slug == slug).map(|(c, _)| c.clone())))
    }

    fn collection_books(&self, collection_id: i64, limit: i64) -> PortResult<Vec<Card>> {
        let ids = self.with(|s| s.collections.iter().find(|(c, _)| c.id == collection_id).map(|(_, b)| b.clone()).unwrap_or_default());
        Ok(ids.iter().filter_map(|id| self.find(&BookKey::Id(*id)).map(|b| b.card())).take(usize::try_from(limit).unwrap_or(0)).collect())
    }

    fn authors(&self) -> PortResult<Vec<Author>> {
        Ok(self.with(|s| s.authors.clone()))
    }

    fn author(&self, slug: &str) -> PortResult<Option<Author>> {
        Ok(self.with(|s| s.authors.iter().find(|a| a.slug == slug).cloned()))
    }

    fn author_books(&self, author_id: i64) -> PortResult<Vec<Card>> {
        let slug = self.with(|s| s.authors.iter().find(|a| a.id == author_id).map(|a| a.slug.clone()));
        Ok(self.cards_where(|book, _| Some(&book.author_slug) == slug.as_ref()))
    }

    fn blog_posts(&self, category: Option<&str>, limit: i64) -> PortResult<Vec<BlogPost>> {
        Ok(self.with(|s| {
            let mut posts: Vec<BlogPost> = s.posts.iter().filter(|p| category.is_none_or(|c| p.category == c)).cloned().collect();
            posts.sort_by_key(|p| std::cmp::Reverse(p.published_at));
            posts.truncate(limit.max(0) as usize);
            posts
        }))
    }

    fn blog_post(&self, id_or_slug: &str) -> PortResult<Option<BlogPost>> {
        Ok(self.with(|s| s.posts.iter().find(|p| p.slug == id_or_slug || p.id.to_string() == id_or_slug).cloned()))
    }

    fn visual_books(&self) -> PortResult<Vec<VisualBook>> {
        let mut counts: Vec<(i64, i64)> = vec![];
        self.with(|s| {
            for (book_id, _) in &s.slides {
                match counts.iter_mut().find(|(id, _)| id == book_id) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((*book_id, 1)),
                }
            }
        });
        Ok(counts.into_iter().filter_map(|(id, slides)| self.find(&BookKey::Id(id)).map(|b| VisualBook { book: b.reference(), slides })).collect())
    }

    fn slides_of(&self, book_id: i64) -> PortResult<Vec<Slide>> {
        Ok(self.with(|s| s.slides.iter().filter(|(id, _)| *id == book_id).map(|(_, slide)| slide.clone()).collect()))
    }

    fn infographic_books(&self) -> PortResult<Vec<InfographicBook>> {
        let ids = self.with(|s| s.infographics.clone());
        Ok(ids
            .into_iter()
            .filter_map(|id| self.find(&BookKey::Id(id)))
            .filter_map(|b| b.infographic.clone().map(|image| InfographicBook { book: b.reference(), image }))
            .collect())
    }
}

impl InMemoryCatalogue {
    /// The book an operator chose as `month`'s preview (months are their first day).
    fn chosen_preview(&self, month: NaiveDate) -> Option<i64> {
        self.with(|s| s.previews.get(&month).copied())
    }

    /// The most recently uploaded book flagged free.
    fn newest_free_book(&self) -> Option<i64> {
        self.cards_where(|book, _| book.free).first().map(|c| c.id)
    }

    /// Records a paid single-book purchase.
    pub fn add_purchase(&self, charge_id: &str, buyer: Option<UserId>, book_id: i64) {
        self.with(|s| s.purchases.push((charge_id.to_owned(), buyer, book_id)));
    }

    /// Mail queued so far.
    pub fn outbox(&self) -> Vec<OutgoingMail> {
        self.with(|s| s.outbox.clone())
    }
}

impl Purchases for InMemoryCatalogue {
    fn bought_book(&self, member: UserId, book_id: i64) -> PortResult<bool> {
        Ok(self.with(|s| s.purchases.iter().any(|p| p.1 == Some(member) && p.2 == book_id)))
    }

    fn book_of_paid_charge(&self, charge_id: &str) -> PortResult<Option<i64>> {
        Ok(self.with(|s| s.purchases.iter().find(|p| p.0 == charge_id).map(|p| p.2)))
    }
}

impl KindleDeliveries for InMemoryCatalogue {
    fn kindle_address(&self, member: UserId) -> PortResult<Option<String>> {
        Ok(self.with(|s| s.kindle_addresses.get(&member).cloned()))
    }

    fn set_kindle_address(&self, member: UserId, address: &str, _at: Timestamp) -> PortResult<()> {
        self.with(|s| s.kindle_addresses.insert(member, address.to_owned()));
        Ok(())
    }

    fn send_to_kindle(
        &self,
        member: UserId,
        book_id: i64,
        mail: &OutgoingMail,
        at: Timestamp,
        since: Timestamp,
        allow: &dyn Fn(u32) -> bool,
    ) -> PortResult<(u32, bool)> {
        Ok(self.with(|s| {
            let count = s.kindle_sends.iter().filter(|send| send.0 == member && send.2 > since).count() as u32;
            let sent = allow(count);
            if sent {
                s.kindle_sends.push((member, book_id, at));
                s.outbox.push(mail.clone());
            }
            (count, sent)
        }))
    }
}

/// Covers by key, for tests.
#[derive(Default)]
pub struct InMemoryCovers(pub HashMap<String, Vec<u8>>);

impl CoverImages for InMemoryCovers {
    fn cover(&self, key: &str) -> PortResult<Option<Vec<u8>>> {
        Ok(self.0.get(key).cloned())
    }
}

impl Unlocks for InMemoryCatalogue {
    fn free_member(&self, member: UserId, book_id: Option<i64>) -> PortResult<FreeMember> {
        let invited = self.user(member).is_some_and(|u| u.friend_email.is_some());
        Ok(self.with(|s| {
            let mine: Vec<_> = s.unlocks.iter().filter(|u| u.0 == member).collect();
            FreeMember { invited_a_friend: invited, unlocks_used: mine.len() as u32, this_book_unlock: mine.iter().find(|u| Some(u.1) == book_id).map(|u| u.2) }
        }))
    }

    fn open_with_unlock(&self, member: UserId, book_id: i64, at: Timestamp, spend: &dyn Fn(FreeMember) -> Option<u32>) -> PortResult<FreeMember> {
        let facts = self.free_member(member, Some(book_id))?;
        if let Some(ordinal) = spend(facts) {
            self.with(|s| s.unlocks.push((member, book_id, ordinal, at)));
        }
        Ok(facts)
    }

    fn set_recommends(&self, member: UserId, category_ids: &[i64]) -> PortResult<()> {
        self.with(|s| {
            if let Some(user) = s.users.iter_mut().find(|u| u.id == member) {
                user.recommends = category_ids.to_vec();
            }
        });
        Ok(())
    }
}

impl InMemoryCatalogue {
    pub fn add_podcast(&self, podcast: Podcast) {
        self.0.borrow_mut().podcasts.insert(0, podcast);
    }

    pub fn add_insight(&self, insight: Insight) {
        self.0.borrow_mut().insights.insert(0, insight);
    }

    /// Adds a goal served by `books`.
    pub fn add_goal(&self, goal: Goal, books: &[i64]) {
        let mut state = self.0.borrow_mut();
        state.goal_links.extend(books.iter().map(|b| (*b, goal.id)));
        state.goals.push(goal);
    }
}

impl Extras for InMemoryCatalogue {
    fn podcasts(&self) -> PortResult<Vec<Podcast>> {
        Ok(self.0.borrow().podcasts.clone())
    }

    fn podcast(&self, id: i64) -> PortResult<Option<Podcast>> {
        Ok(self.0.borrow().podcasts.iter().find(|p| p.id == id).cloned())
    }

    fn insights(&self, book: Option<i64>, limit: i64) -> PortResult<Vec<Insight>> {
        let state = self.0.borrow();
        Ok(state.insights.iter().filter(|i| book.is_none_or(|b| i.book.id == b)).take(limit as usize).cloned().collect())
    }

    fn goals(&self) -> PortResult<Vec<Goal>> {
        Ok(self.0.borrow().goals.clone())
    }
}
