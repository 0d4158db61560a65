//! In-memory ports for unit tests without a database.

use crate::analytics::AnalyticsEvent;
use crate::audit::{AuditEntry, AuditFilter, AuditRecord};
use crate::books::{AdminBook, BookOrder, BookRow};
use crate::content::{AdminCollection, Goal, Insight, Podcast, Post, Visual};
use crate::messages::{InboxFilter, Message, NewMessage};
use crate::model::MemberSummary;
use crate::ports::*;
use crate::stats::{Actives, DailyStats, Recurring, TopBook};
use chrono::NaiveDate;
use kernel::{OutgoingMail, Timestamp, UserId};
use std::cell::RefCell;

#[derive(Default)]
pub struct InMemoryAdmin {
    /// Oldest first.
    members: RefCell<Vec<MemberSummary>>,
    plans: RefCell<Vec<String>>,
    audit: RefCell<Vec<AuditEntry>>,
    books: RefCell<Vec<AdminBook>>,
    /// Single-book plans made with books: (book, price in cents).
    book_plans: RefCell<Vec<(i64, i64)>>,
    categories: RefCell<Vec<i64>>,
    previews: RefCell<Vec<(NaiveDate, i64)>>,
    /// Daily figures the statistics read.
    pub daily: RefCell<Vec<DailyStats>>,
    events: RefCell<Vec<(AnalyticsEvent, Option<UserId>, Timestamp)>>,
    attempts: RefCell<Vec<(String, Timestamp)>>,
    podcasts: RefCell<Vec<Podcast>>,
    goals: RefCell<Vec<Goal>>,
    posts: RefCell<Vec<Post>>,
    insights: RefCell<Vec<Insight>>,
    collections: RefCell<Vec<AdminCollection>>,
    visuals: RefCell<Vec<Visual>>,
    messages: RefCell<Vec<Message>>,
    /// Mail queued with the messages, in order.
    pub mail: RefCell<Vec<OutgoingMail>>,
    /// Members' grants of Premium (billing's).
    pub grants: RefCell<Vec<billing::access::AccessGrant>>,
    /// Oldest first.
    coupons: RefCell<Vec<billing::Coupon>>,
    /// The plans on sale (`add_sold_plan`).
    sold: RefCell<Vec<billing::Plan>>,
}

impl InMemoryAdmin {
    pub fn book_plans(&self) -> Vec<(i64, i64)> {
        self.book_plans.borrow().clone()
    }

    pub fn add_member(&self, member: MemberSummary) {
        self.members.borrow_mut().push(member);
    }

    pub fn events(&self) -> Vec<(AnalyticsEvent, Option<UserId>, Timestamp)> {
        self.events.borrow().clone()
    }

    pub fn add_sold_plan(&self, plan: billing::Plan) {
        self.plans.borrow_mut().push(plan.id.clone());
        self.sold.borrow_mut().push(plan);
    }

    pub fn add_plan(&self, id: &str) {
        self.plans.borrow_mut().push(id.to_owned());
    }

    pub fn add_category(&self, id: i64) {
        self.categories.borrow_mut().push(id);
    }

    /// Each month's preview as set.
    pub fn previews(&self) -> Vec<(NaiveDate, i64)> {
        self.previews.borrow().clone()
    }

    /// Audit entries written, oldest first.
    pub fn audit(&self) -> Vec<AuditEntry> {
        self.audit.borrow().clone()
    }
}

impl MemberDirectory for InMemoryAdmin {
    fn members_from(&self, start: i64, limit: i64) -> PortResult<Vec<MemberSummary>> {
        Ok(self.members.borrow().iter().rev().skip(start.max(0) as usize).take(limit.max(0) as usize).cloned().collect())
    }

    fn count_members(&self, search: Option<&str>) -> PortResult<i64> {
        Ok(match search {
            None => self.members.borrow().len() as i64,
            Some(text) => self.search_members(text, 0, i64::MAX)?.len() as i64,
        })
    }

    fn search_members(&self, text: &str, start: i64, limit: i64) -> PortResult<Vec<MemberSummary>> {
        let text = text.to_lowercase();
        let hit = |m: &&MemberSummary| [&m.email, &m.first_name, &m.last_name].iter().any(|f| f.to_lowercase().contains(&text));
        Ok(self.members.borrow().iter().rev().filter(hit).skip(start.max(0) as usize).take(limit.max(0) as usize).cloned().collect())
    }

    fn member(&self, id: UserId) -> PortResult<Option<MemberSummary>> {
        Ok(self.members.borrow().iter().find(|m| m.id == id).cloned())
    }

    fn member_with_email(&self, email: &str) -> PortResult<Option<UserId>> {
        Ok(self.members.borrow().iter().find(|m| m.email == email).map(|m| m.id))
    }

    fn plan_exists(&self, plan_id: &str) -> PortResult<bool> {
        Ok(self.plans.borrow().iter().any(|p| p == plan_id))
    }

    fn member_grants(&self, id: UserId) -> PortResult<Vec<billing::access::AccessGrant>> {
        Ok(self.grants.borrow().iter().filter(|g| g.user == id).cloned().collect())
    }

    fn save_member(&self, member: &MemberSummary, operator_grant: Option<&crate::ports::OperatorGrant>, entry: &AuditEntry) -> PortResult<()> {
        if let Some(stored) = self.members.borrow_mut().iter_mut().find(|m| m.id == member.id) {
            *stored = member.clone();
        }
        if let Some(change) = operator_grant {
            let mut grants = self.grants.borrow_mut();
            for grant in grants.iter_mut().filter(|g| g.user == member.id && g.source.is_operators() && g.revoked.is_none()) {
                grant.revoked = Some((change.at, billing::access::Revocation::Operator));
            }
            if let Some(new) = &change.grant {
                let id = grants.len() as i64 + 1;
                grants.push(billing::access::AccessGrant {
                    id,
                    user: new.user,
                    plan_id: new.plan_id.clone(),
                    source: new.source.clone(),
                    starts_at: new.starts_at,
                    ends_at: new.ends_at,
                    revoked: None,
                });
            }
        }
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }
}

impl BookShelf for InMemoryAdmin {
    fn book_rows(&self, order: BookOrder, month: NaiveDate) -> PortResult<Vec<BookRow>> {
        let preview = self.previews.borrow().iter().rev().find(|(m, _)| *m == month).map(|(_, id)| *id);
        let mut books = self.books.borrow().clone();
        match order {
            BookOrder::UploadDate => books.sort_by_key(|b| std::cmp::Reverse((b.upload_date, b.id))),
            BookOrder::Id => books.sort_by_key(|b| b.id),
            BookOrder::Title => books.sort_by_key(|b| b.title.to_lowercase()),
        }
        Ok(books
            .into_iter()
            .map(|b| BookRow {
                id: b.id,
                subid: b.subid,
                title: b.title,
                author: b.author,
                upload_date: b.upload_date,
                deleted: b.deleted_at.is_some(),
                preview: Some(b.id) == preview,
            })
            .collect())
    }

    fn admin_book(&self, id: i64, month: NaiveDate) -> PortResult<Option<AdminBook>> {
        let preview = self.previews.borrow().iter().rev().find(|(m, _)| *m == month).map(|(_, id)| *id);
        Ok(self.books.borrow().iter().find(|b| b.id == id).cloned().map(|b| AdminBook { preview: Some(b.id) == preview, ..b }))
    }

    fn insert_book(&self, book: &AdminBook, pdf_price_cents: i64, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        let id = self.books.borrow().len() as i64 + 1;
        self.book_plans.borrow_mut().push((id, pdf_price_cents));
        self.books.borrow_mut().push(AdminBook { id, ..book.clone() });
        self.audit.borrow_mut().push(entry(id));
        Ok(id)
    }

    fn update_book(&self, book: &AdminBook, entry: &AuditEntry) -> PortResult<()> {
        if let Some(stored) = self.books.borrow_mut().iter_mut().find(|b| b.id == book.id) {
            *stored = book.clone();
        }
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }

    fn categories_exist(&self, ids: &[i64]) -> PortResult<bool> {
        let known = self.categories.borrow();
        Ok(ids.iter().all(|id| known.contains(id)))
    }

    fn subid_taken(&self, subid: &str, except: i64) -> PortResult<bool> {
        Ok(self.books.borrow().iter().any(|b| b.subid == subid && b.id != except))
    }

    fn set_preview(&self, month: NaiveDate, book: i64, entry: &AuditEntry) -> PortResult<()> {
        self.previews.borrow_mut().push((month, book));
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }
}

impl Statistics for InMemoryAdmin {
    fn daily(&self, from: NaiveDate, to: NaiveDate) -> PortResult<Vec<DailyStats>> {
        Ok(self.daily.borrow().iter().filter(|d| d.day >= from && d.day <= to).cloned().collect())
    }

    fn actives(&self, day: NaiveDate) -> PortResult<Actives> {
        let sum = |days: i64| self.daily.borrow().iter().filter(|d| d.day <= day && (day - d.day).num_days() < days).map(|d| d.active).sum();
        Ok(Actives { daily: sum(1), weekly: sum(7), monthly: sum(30) })
    }

    fn members_total(&self) -> PortResult<i64> {
        Ok(self.members.borrow().len() as i64)
    }

    fn paying_by_plan(&self, now: Timestamp) -> PortResult<Vec<(String, i64)>> {
        let mut counts: Vec<(String, i64)> = Vec::new();
        for m in self.members.borrow().iter().filter(|m| m.paid_date.is_some() && m.end_paid_date.is_none_or(|e| e > now)) {
            let plan = m.plan_id.clone().unwrap_or_default();
            match counts.iter_mut().find(|(p, _)| *p == plan) {
                Some((_, n)) => *n += 1,
                None => counts.push((plan, 1)),
            }
        }
        Ok(counts)
    }

    fn trials(&self, _from: NaiveDate, _to: NaiveDate) -> PortResult<(i64, i64)> {
        Ok((0, 0))
    }

    fn recurring(&self) -> PortResult<Recurring> {
        Ok(Recurring::default())
    }

    fn churned(&self, _from: NaiveDate, _to: NaiveDate) -> PortResult<i64> {
        Ok(0)
    }

    fn renewing(&self) -> PortResult<i64> {
        Ok(0)
    }

    fn top_books(&self, _from: NaiveDate, _to: NaiveDate, _limit: i64) -> PortResult<Vec<TopBook>> {
        Ok(vec![])
    }
}

impl AuditTrail for InMemoryAdmin {
    fn append_audit(&self, entry: &AuditEntry) -> PortResult<()> {
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }

    fn audit_entries(&self, filter: &AuditFilter, limit: i64) -> PortResult<Vec<AuditRecord>> {
        let entries = self.audit.borrow();
        Ok(entries
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, e)| filter.action.is_none_or(|a| a == e.action))
            .filter(|(_, e)| filter.entity_id.as_ref().is_none_or(|id| *id == e.entity_id))
            .filter(|(_, e)| filter.actor.is_none_or(|a| a == e.actor))
            .filter(|(i, _)| filter.before_id.is_none_or(|b| (*i as i64 + 1) < b))
            .take(limit.max(0) as usize)
            .map(|(i, e)| AuditRecord {
                id: i as i64 + 1,
                actor: Some(e.actor),
                actor_email: None,
                action: e.action.as_str().to_owned(),
                entity: e.action.entity().to_owned(),
                entity_id: e.entity_id.clone(),
                before: e.before.clone(),
                after: e.after.clone(),
                reason: e.reason.clone(),
                at: e.at,
            })
            .collect())
    }
}

impl EventLog for InMemoryAdmin {
    fn record(&self, event: &AnalyticsEvent, member: Option<UserId>, at: Timestamp) -> PortResult<()> {
        self.events.borrow_mut().push((event.clone(), member, at));
        Ok(())
    }
}

impl RateLimits for InMemoryAdmin {
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        let mut attempts = self.attempts.borrow_mut();
        attempts.push((key.to_owned(), at));
        Ok(attempts.iter().filter(|(k, t)| k == key && *t >= since).count() as u32)
    }
}

/// Stores `item` under a new id (one more than the largest) and writes the entry for it.
fn insert<T: Clone>(
    list: &RefCell<Vec<T>>,
    audit: &RefCell<Vec<AuditEntry>>,
    item: &T,
    id_of: impl Fn(&T) -> i64,
    with_id: impl Fn(T, i64) -> T,
    entry: &dyn Fn(i64) -> AuditEntry,
) -> i64 {
    let id = list.borrow().iter().map(&id_of).max().unwrap_or(0) + 1;
    list.borrow_mut().push(with_id(item.clone(), id));
    audit.borrow_mut().push(entry(id));
    id
}

fn replace<T: Clone>(list: &RefCell<Vec<T>>, audit: &RefCell<Vec<AuditEntry>>, item: &T, same: impl Fn(&T) -> bool, entry: &AuditEntry) {
    if let Some(slot) = list.borrow_mut().iter_mut().find(|x| same(x)) {
        *slot = item.clone();
    }
    audit.borrow_mut().push(entry.clone());
}

impl InMemoryAdmin {
    fn book_title(&self, id: i64) -> Option<String> {
        self.books.borrow().iter().find(|b| b.id == id && b.deleted_at.is_none()).map(|b| b.title.clone())
    }
}

impl ContentShelf for InMemoryAdmin {
    fn podcasts(&self) -> PortResult<Vec<Podcast>> {
        Ok(self.podcasts.borrow().iter().rev().cloned().collect())
    }
    fn podcast(&self, id: i64) -> PortResult<Option<Podcast>> {
        Ok(self.podcasts.borrow().iter().find(|p| p.id == id).cloned())
    }
    fn insert_podcast(&self, podcast: &Podcast, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        Ok(insert(&self.podcasts, &self.audit, podcast, |p| p.id, |p, id| Podcast { id, ..p }, entry))
    }
    fn update_podcast(&self, podcast: &Podcast, entry: &AuditEntry) -> PortResult<()> {
        replace(&self.podcasts, &self.audit, podcast, |p| p.id == podcast.id, entry);
        Ok(())
    }

    fn goals(&self) -> PortResult<Vec<Goal>> {
        Ok(self.goals.borrow().clone())
    }
    fn goal(&self, id: i64) -> PortResult<Option<Goal>> {
        let count = self.books.borrow().iter().filter(|b| b.deleted_at.is_none() && b.goals.contains(&id)).count() as i64;
        Ok(self.goals.borrow().iter().find(|g| g.id == id).map(|g| Goal { book_count: count, ..g.clone() }))
    }
    fn insert_goal(&self, goal: &Goal, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        Ok(insert(&self.goals, &self.audit, goal, |g| g.id, |g, id| Goal { id, ..g }, entry))
    }
    fn update_goal(&self, goal: &Goal, entry: &AuditEntry) -> PortResult<()> {
        replace(&self.goals, &self.audit, goal, |g| g.id == goal.id, entry);
        Ok(())
    }
    fn goals_exist(&self, ids: &[i64]) -> PortResult<bool> {
        let goals = self.goals.borrow();
        Ok(ids.iter().all(|id| goals.iter().any(|g| g.id == *id)))
    }

    fn posts(&self) -> PortResult<Vec<Post>> {
        Ok(self.posts.borrow().iter().rev().cloned().collect())
    }
    fn post(&self, id: i64) -> PortResult<Option<Post>> {
        Ok(self.posts.borrow().iter().find(|p| p.id == id).cloned())
    }
    fn insert_post(&self, post: &Post, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        Ok(insert(&self.posts, &self.audit, post, |p| p.id, |p, id| Post { id, ..p }, entry))
    }
    fn update_post(&self, post: &Post, entry: &AuditEntry) -> PortResult<()> {
        replace(&self.posts, &self.audit, post, |p| p.id == post.id, entry);
        Ok(())
    }
    fn post_slug_taken(&self, slug: &str, except: i64) -> PortResult<bool> {
        Ok(self.posts.borrow().iter().any(|p| p.slug == slug && p.id != except))
    }

    fn insights(&self) -> PortResult<Vec<Insight>> {
        Ok(self.insights.borrow().iter().rev().cloned().collect())
    }
    fn insight(&self, id: i64) -> PortResult<Option<Insight>> {
        Ok(self.insights.borrow().iter().find(|i| i.id == id).cloned())
    }
    fn insert_insight(&self, insight: &Insight, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        Ok(insert(&self.insights, &self.audit, insight, |i| i.id, |i, id| Insight { id, ..i }, entry))
    }
    fn update_insight(&self, insight: &Insight, entry: &AuditEntry) -> PortResult<()> {
        replace(&self.insights, &self.audit, insight, |i| i.id == insight.id, entry);
        Ok(())
    }
    fn find_book(&self, id_or_subid: &str) -> PortResult<Option<(i64, String)>> {
        let books = self.books.borrow();
        let found = books.iter().filter(|b| b.deleted_at.is_none()).find(|b| b.id.to_string() == id_or_subid || b.subid == id_or_subid);
        Ok(found.map(|b| (b.id, b.title.clone())))
    }

    fn admin_collections(&self) -> PortResult<Vec<AdminCollection>> {
        Ok(self.collections.borrow().clone())
    }
    fn admin_collection(&self, id: i64) -> PortResult<Option<AdminCollection>> {
        Ok(self.collections.borrow().iter().find(|c| c.id == id).map(|c| AdminCollection { book_count: c.books.len() as i64, ..c.clone() }))
    }
    fn insert_collection(&self, collection: &AdminCollection, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        Ok(insert(&self.collections, &self.audit, collection, |c| c.id, |c, id| AdminCollection { id, ..c }, entry))
    }
    fn update_collection(&self, collection: &AdminCollection, entry: &AuditEntry) -> PortResult<()> {
        replace(&self.collections, &self.audit, collection, |c| c.id == collection.id, entry);
        Ok(())
    }
    fn collection_slug_taken(&self, slug: &str, except: i64) -> PortResult<bool> {
        Ok(self.collections.borrow().iter().any(|c| c.slug == slug && c.id != except))
    }
    fn books_exist(&self, ids: &[i64]) -> PortResult<bool> {
        let books = self.books.borrow();
        Ok(ids.iter().all(|id| books.iter().any(|b| b.id == *id)))
    }

    fn visuals(&self) -> PortResult<Vec<Visual>> {
        let mut all = self.visuals.borrow().clone();
        all.sort_by_key(|v| (v.book_id.is_none(), v.book_id, v.position, v.id));
        Ok(all)
    }
    fn visual(&self, id: i64) -> PortResult<Option<Visual>> {
        Ok(self.visuals.borrow().iter().find(|v| v.id == id).map(|v| Visual { book_title: v.book_id.and_then(|b| self.book_title(b)), ..v.clone() }))
    }
    fn insert_visual(&self, visual: &Visual, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        let position = self.visuals.borrow().iter().filter(|v| v.book_id == visual.book_id).map(|v| v.position + 1).max().unwrap_or(0);
        Ok(insert(&self.visuals, &self.audit, visual, |v| v.id, |v, id| Visual { id, position, ..v }, entry))
    }
    fn update_visual(&self, visual: &Visual, entry: &AuditEntry) -> PortResult<()> {
        let moved = self.visuals.borrow().iter().any(|v| v.id == visual.id && v.book_id != visual.book_id);
        let mut saved = visual.clone();
        if moved {
            saved.position = self.visuals.borrow().iter().filter(|v| v.book_id == visual.book_id).map(|v| v.position + 1).max().unwrap_or(0);
        }
        replace(&self.visuals, &self.audit, &saved, |v| v.id == visual.id, entry);
        Ok(())
    }
    fn delete_visual(&self, id: i64, entry: &AuditEntry) -> PortResult<()> {
        self.visuals.borrow_mut().retain(|v| v.id != id);
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }
    fn reorder_visuals(&self, _book_id: i64, ids: &[i64], entry: &AuditEntry) -> PortResult<()> {
        for visual in self.visuals.borrow_mut().iter_mut() {
            if let Some(position) = ids.iter().position(|id| *id == visual.id) {
                visual.position = position as i32;
            }
        }
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }
}

impl Inbox for InMemoryAdmin {
    fn save_message(&self, message: &NewMessage, mail: &OutgoingMail, at: Timestamp) -> PortResult<i64> {
        let mut messages = self.messages.borrow_mut();
        let id = messages.len() as i64 + 1;
        messages.push(Message {
            id,
            kind: message.kind,
            name: message.name.clone(),
            email: message.email.clone(),
            body: message.body.clone(),
            read_at: None,
            created_at: at,
        });
        self.mail.borrow_mut().push(mail.clone());
        Ok(id)
    }

    fn messages(&self, filter: InboxFilter, start: i64, limit: i64) -> PortResult<Vec<Message>> {
        let kept = |m: &&Message| filter == InboxFilter::All || m.read_at.is_none();
        Ok(self.messages.borrow().iter().rev().filter(kept).skip(start.max(0) as usize).take(limit.max(0) as usize).cloned().collect())
    }

    fn count_messages(&self) -> PortResult<(i64, i64)> {
        let messages = self.messages.borrow();
        Ok((messages.len() as i64, messages.iter().filter(|m| m.read_at.is_none()).count() as i64))
    }

    fn message(&self, id: i64) -> PortResult<Option<Message>> {
        Ok(self.messages.borrow().iter().find(|m| m.id == id).cloned())
    }

    fn mark_message(&self, id: i64, read_at: Option<Timestamp>, entry: &AuditEntry) -> PortResult<bool> {
        let found = self.messages.borrow_mut().iter_mut().find(|m| m.id == id).map(|m| m.read_at = read_at).is_some();
        if found {
            self.audit.borrow_mut().push(entry.clone());
        }
        Ok(found)
    }
}

impl CouponDesk for InMemoryAdmin {
    fn coupons(&self) -> PortResult<Vec<billing::Coupon>> {
        Ok(self.coupons.borrow().iter().rev().cloned().collect())
    }

    fn stored_coupon(&self, code: &str) -> PortResult<Option<billing::Coupon>> {
        Ok(self.coupons.borrow().iter().find(|c| c.code == code).cloned())
    }

    fn coupon_uses(&self, _code: &str, _limit: i64) -> PortResult<Vec<CouponUse>> {
        Ok(vec![])
    }

    fn insert_coupon(&self, coupon: &billing::Coupon, entry: &AuditEntry) -> PortResult<bool> {
        let mut coupons = self.coupons.borrow_mut();
        if coupons.iter().any(|c| c.code == coupon.code) {
            return Ok(false);
        }
        if coupon.site_offer {
            coupons.iter_mut().for_each(|c| c.site_offer = false);
        }
        coupons.push(coupon.clone());
        self.audit.borrow_mut().push(entry.clone());
        Ok(true)
    }

    fn update_coupon(&self, coupon: &billing::Coupon, entry: &AuditEntry) -> PortResult<()> {
        let mut coupons = self.coupons.borrow_mut();
        if coupon.site_offer {
            coupons.iter_mut().for_each(|c| c.site_offer = false);
        }
        if let Some(stored) = coupons.iter_mut().find(|c| c.code == coupon.code) {
            *stored = billing::Coupon { redemptions: stored.redemptions, ..coupon.clone() };
        }
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }
}

impl PlanDesk for InMemoryAdmin {
    fn sold_plans(&self) -> PortResult<Vec<billing::Plan>> {
        Ok(self.sold.borrow().clone())
    }

    fn update_plan(&self, plan: &billing::Plan, entry: &AuditEntry) -> PortResult<()> {
        if let Some(stored) = self.sold.borrow_mut().iter_mut().find(|p| p.id == plan.id) {
            *stored = plan.clone();
        }
        self.audit.borrow_mut().push(entry.clone());
        Ok(())
    }
}

/// PayPal's plans as a list of (id, interval, trial days); a plan with other terms is made.
#[derive(Default)]
pub struct FakePayPalPlans {
    pub plans: RefCell<Vec<(String, billing::model::Interval, u32)>>,
    pub down: bool,
}

impl PayPalPlans for FakePayPalPlans {
    fn plan_with(&self, _current: &str, _name: &str, interval: billing::model::Interval, trial_days: u32, _price: billing::Cents) -> Result<String, String> {
        if self.down {
            return Err("PayPal is down".into());
        }
        let mut plans = self.plans.borrow_mut();
        if let Some((id, ..)) = plans.iter().find(|(_, i, t)| *i == interval && *t == trial_days) {
            return Ok(id.clone());
        }
        let id = format!("P-MADE-{}", plans.len() + 1);
        plans.push((id.clone(), interval, trial_days));
        Ok(id)
    }
}
