//! What the back office needs from outside.

use crate::analytics::AnalyticsEvent;
use crate::audit::{AuditEntry, AuditFilter, AuditRecord};
use crate::books::{AdminBook, BookOrder, BookRow};
use crate::content::{AdminCollection, Goal, Insight, Podcast, Post, Visual};
use crate::messages::{InboxFilter, Message, NewMessage};
use crate::model::MemberSummary;
use crate::stats::{Actives, DailyStats, Recurring, TopBook};
use chrono::NaiveDate;
use kernel::{OutgoingMail, Timestamp, UserId};
pub use kernel::{PortError, PortResult};

pub trait MemberDirectory {
    /// Live accounts, newest first, `limit` from the `start`-th.
    fn members_from(&self, start: i64, limit: i64) -> PortResult<Vec<MemberSummary>>;
    /// How many live accounts there are (whose e-mail or name contains `search`, when given).
    fn count_members(&self, search: Option<&str>) -> PortResult<i64>;
    /// Live accounts whose e-mail or name contains `text` (any case), newest first.
    fn search_members(&self, text: &str, start: i64, limit: i64) -> PortResult<Vec<MemberSummary>>;
    /// One live account.
    fn member(&self, id: UserId) -> PortResult<Option<MemberSummary>>;
    /// The live account with this (normalised) e-mail.
    fn member_with_email(&self, email: &str) -> PortResult<Option<UserId>>;
    /// Whether a plan with this id exists.
    fn plan_exists(&self, plan_id: &str) -> PortResult<bool>;
    /// The member's grants of Premium (billing's, read for the plan an operator's edit gives).
    fn member_grants(&self, id: UserId) -> PortResult<Vec<billing::access::AccessGrant>>;
    /// Writes the member's new fields and the audit entry in one transaction; with
    /// `operator_grant`, the operator's earlier grants (and the legacy one) are revoked first and the
    /// new one, if any, added.
    fn save_member(&self, member: &MemberSummary, operator_grant: Option<&OperatorGrant>, entry: &AuditEntry) -> PortResult<()>;
}

/// What an operator's plan edit does to the member's grants: theirs (and the legacy one) are
/// revoked, and `grant`, if any, takes their place. Purchases' and codes' grants stay: a refund at
/// the provider ends those.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorGrant {
    pub grant: Option<billing::access::NewGrant>,
    pub at: Timestamp,
}

/// Books as the back office sees them (deleted ones too). Every write takes its audit entry and
/// writes both in one transaction.
pub trait BookShelf {
    fn book_rows(&self, order: BookOrder, month: NaiveDate) -> PortResult<Vec<BookRow>>;
    /// The book, with whether it is the preview of `month`.
    fn admin_book(&self, id: i64, month: NaiveDate) -> PortResult<Option<AdminBook>>;
    /// Adds a book (its author found or made by name), its categories and its single-book plan
    /// (`book-{id}`, the PDF sold on its own at `pdf_price_cents`); the new id. The entry is made
    /// for that id.
    fn insert_book(&self, book: &AdminBook, pdf_price_cents: i64, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64>;
    /// Saves every field of the book, its categories and its deletion time.
    fn update_book(&self, book: &AdminBook, entry: &AuditEntry) -> PortResult<()>;
    fn categories_exist(&self, ids: &[i64]) -> PortResult<bool>;
    /// Whether another book (any but `except`) has this address name.
    fn subid_taken(&self, subid: &str, except: i64) -> PortResult<bool>;
    /// Makes `book` the preview of `month`.
    fn set_preview(&self, month: NaiveDate, book: i64, entry: &AuditEntry) -> PortResult<()>;
}

/// Podcasts, goals, blog posts, insights, collections and visual slides. Every write takes its
/// audit entry (made for the new id on an insert) and writes both in one transaction.
pub trait ContentShelf {
    /// Newest first.
    fn podcasts(&self) -> PortResult<Vec<Podcast>>;
    fn podcast(&self, id: i64) -> PortResult<Option<Podcast>>;
    fn insert_podcast(&self, podcast: &Podcast, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64>;
    fn update_podcast(&self, podcast: &Podcast, entry: &AuditEntry) -> PortResult<()>;

    /// In the order they were added.
    fn goals(&self) -> PortResult<Vec<Goal>>;
    fn goal(&self, id: i64) -> PortResult<Option<Goal>>;
    fn insert_goal(&self, goal: &Goal, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64>;
    fn update_goal(&self, goal: &Goal, entry: &AuditEntry) -> PortResult<()>;
    fn goals_exist(&self, ids: &[i64]) -> PortResult<bool>;

    /// Newest first, drafts too.
    fn posts(&self) -> PortResult<Vec<Post>>;
    fn post(&self, id: i64) -> PortResult<Option<Post>>;
    fn insert_post(&self, post: &Post, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64>;
    fn update_post(&self, post: &Post, entry: &AuditEntry) -> PortResult<()>;
    /// Whether another post (any but `except`) has this address name.
    fn post_slug_taken(&self, slug: &str, except: i64) -> PortResult<bool>;

    /// Newest first.
    fn insights(&self) -> PortResult<Vec<Insight>>;
    fn insight(&self, id: i64) -> PortResult<Option<Insight>>;
    fn insert_insight(&self, insight: &Insight, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64>;
    fn update_insight(&self, insight: &Insight, entry: &AuditEntry) -> PortResult<()>;
    /// A live book by its id or its address name: (id, title).
    fn find_book(&self, id_or_subid: &str) -> PortResult<Option<(i64, String)>>;

    fn admin_collections(&self) -> PortResult<Vec<AdminCollection>>;
    fn admin_collection(&self, id: i64) -> PortResult<Option<AdminCollection>>;
    fn insert_collection(&self, collection: &AdminCollection, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64>;
    fn update_collection(&self, collection: &AdminCollection, entry: &AuditEntry) -> PortResult<()>;
    fn collection_slug_taken(&self, slug: &str, except: i64) -> PortResult<bool>;
    /// Whether every id is a book (deleted ones count: they may come back).
    fn books_exist(&self, ids: &[i64]) -> PortResult<bool>;

    /// By book, then position; slides without a book last.
    fn visuals(&self) -> PortResult<Vec<Visual>>;
    fn visual(&self, id: i64) -> PortResult<Option<Visual>>;
    /// Adds a slide after the book's others.
    fn insert_visual(&self, visual: &Visual, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64>;
    /// Saves a slide; one moved to another book goes after that book's others.
    fn update_visual(&self, visual: &Visual, entry: &AuditEntry) -> PortResult<()>;
    fn delete_visual(&self, id: i64, entry: &AuditEntry) -> PortResult<()>;
    /// Gives the book's slides the positions of `ids`' order (every slide of the book, once).
    fn reorder_visuals(&self, book_id: i64, ids: &[i64], entry: &AuditEntry) -> PortResult<()>;
}

/// The statistics' queries (UTC days, ranges inclusive).
pub trait Statistics {
    /// Days of the range that have something recorded.
    fn daily(&self, from: NaiveDate, to: NaiveDate) -> PortResult<Vec<DailyStats>>;
    fn actives(&self, day: NaiveDate) -> PortResult<Actives>;
    /// Live members.
    fn members_total(&self) -> PortResult<i64>;
    /// Members whose plan gives access at `now`, by plan, most first.
    fn paying_by_plan(&self, now: Timestamp) -> PortResult<Vec<(String, i64)>>;
    /// Trials started in the range, and how many of them became paid subscriptions.
    fn trials(&self, from: NaiveDate, to: NaiveDate) -> PortResult<(i64, i64)>;
    /// What the paying subscriptions bring per period.
    fn recurring(&self) -> PortResult<Recurring>;
    /// Subscriptions turned off or ended in the range.
    fn churned(&self, from: NaiveDate, to: NaiveDate) -> PortResult<i64>;
    /// Subscriptions renewing now.
    fn renewing(&self) -> PortResult<i64>;
    fn top_books(&self, from: NaiveDate, to: NaiveDate, limit: i64) -> PortResult<Vec<TopBook>>;
}

/// The audit log's list.
pub trait AuditTrail {
    /// Entries matching `filter`, newest first, at most `limit`.
    fn audit_entries(&self, filter: &AuditFilter, limit: i64) -> PortResult<Vec<AuditRecord>>;
    /// An entry for something that changes nothing stored (a download).
    fn append_audit(&self, entry: &AuditEntry) -> PortResult<()>;
}

pub trait EventLog {
    fn record(&self, event: &AnalyticsEvent, member: Option<UserId>, at: Timestamp) -> PortResult<()>;
}

/// Counts attempts per key in a sliding window, for per-address limits on public calls.
pub trait RateLimits {
    /// Records an attempt and returns the key's attempts since `since`, this one included
    /// (atomic per key).
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32>;
}

/// The messages people send through the contact, suggest and feedback forms.
pub trait Inbox {
    /// Stores the message and queues its mail to support in one transaction; the new id.
    fn save_message(&self, message: &NewMessage, mail: &OutgoingMail, at: Timestamp) -> PortResult<i64>;
    /// Newest first, `limit` from the `start`-th of those the filter keeps.
    fn messages(&self, filter: InboxFilter, start: i64, limit: i64) -> PortResult<Vec<Message>>;
    /// (every message, unread ones).
    fn count_messages(&self) -> PortResult<(i64, i64)>;
    fn message(&self, id: i64) -> PortResult<Option<Message>>;
    /// Marks it read at `read_at`, or unread with `None`, with its audit entry, in one
    /// transaction; false (and nothing written) when there is no such message.
    fn mark_message(&self, id: i64, read_at: Option<Timestamp>, entry: &AuditEntry) -> PortResult<bool>;
}

/// One purchase that used a coupon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponUse {
    pub charge_id: String,
    pub email: String,
    pub plan_id: String,
    pub amount: billing::Cents,
    /// The charge's status (`paid`, `refunded`, still waiting...).
    pub status: String,
    pub at: Timestamp,
}

/// Coupons as operators keep them. Every write takes its audit entry and writes both in one
/// transaction.
pub trait CouponDesk {
    /// Every coupon, newest first.
    fn coupons(&self) -> PortResult<Vec<billing::Coupon>>;
    fn stored_coupon(&self, code: &str) -> PortResult<Option<billing::Coupon>>;
    /// The coupon's uses, newest first, at most `limit`.
    fn coupon_uses(&self, code: &str, limit: i64) -> PortResult<Vec<CouponUse>>;
    /// Adds a coupon (unmarking any other site offer when it is one); false when the code is
    /// taken.
    fn insert_coupon(&self, coupon: &billing::Coupon, entry: &AuditEntry) -> PortResult<bool>;
    /// Saves every field but the code and the count of uses (unmarking any other site offer when
    /// it is one).
    fn update_coupon(&self, coupon: &billing::Coupon, entry: &AuditEntry) -> PortResult<()>;
}

/// The plans as operators edit them. The write takes its audit entry and writes both in one
/// transaction.
pub trait PlanDesk {
    /// Every plan but single books' (priced on the book form), active or not, cheapest first.
    fn sold_plans(&self) -> PortResult<Vec<billing::Plan>>;
    /// Saves the plan's name, price, trial days, whether it is sold and its PayPal plan.
    fn update_plan(&self, plan: &billing::Plan, entry: &AuditEntry) -> PortResult<()>;
}

/// PayPal's billing plans: a subscription's interval and free trial live in its PayPal plan.
pub trait PayPalPlans {
    /// The PayPal plan with these terms in the product of `current` (found or made); an error
    /// names what PayPal answered.
    fn plan_with(&self, current: &str, name: &str, interval: billing::model::Interval, trial_days: u32, price: billing::Cents) -> Result<String, String>;
}

/// Everything the back office reads and writes, implemented by one adapter.
pub trait AdminStore: MemberDirectory + EventLog + RateLimits + AuditTrail + BookShelf + ContentShelf + Statistics + Inbox + CouponDesk + PlanDesk {}

impl<T: MemberDirectory + EventLog + RateLimits + AuditTrail + BookShelf + ContentShelf + Statistics + Inbox + CouponDesk + PlanDesk> AdminStore for T {}
