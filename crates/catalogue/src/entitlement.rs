//! Who may read what: server-rules "Access to summaries" as one pure decision.
//!
//! The full body, audio, video and visual images leave the server only when [`decide`] says so;
//! every use case that returns a book, a media URL or a visual asks it.

use identity::User;
use kernel::{Timestamp, UserId};

/// Unlocks every free member gets at sign-up.
pub const FREE_UNLOCKS: u32 = 3;
/// Extra unlocks for having invited a friend (once).
pub const INVITE_BONUS_UNLOCKS: u32 = 1;

/// Who is calling, as far as the catalogue is concerned: the one caller type of every use case
/// (catalogue and reading progress alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Visitor,
    /// Paid: `paidDate > 0` and the period not over (trial included).
    Paid(UserId),
    /// Signed in without a current paid period.
    Free(UserId),
}

impl Audience {
    /// "Paid or free" of a signed-in member at `now`, or a visitor.
    pub fn of(member: Option<&User>, now: Timestamp) -> Audience {
        match member {
            None => Audience::Visitor,
            Some(user) if user.plan.is_paid(now) => Audience::Paid(user.id),
            Some(user) => Audience::Free(user.id),
        }
    }

    pub fn member(self) -> Option<UserId> {
        match self {
            Audience::Visitor => None,
            Audience::Paid(id) | Audience::Free(id) => Some(id),
        }
    }

    pub fn is_paid(self) -> bool {
        matches!(self, Audience::Paid(_))
    }
}

/// A free member's unlocks as they stand before this opening (ignored for other audiences).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FreeMember {
    pub invited_a_friend: bool,
    /// Books unlocked so far.
    pub unlocks_used: u32,
    /// When this book is already unlocked: which unlock it took (1 = the first).
    pub this_book_unlock: Option<u32>,
}

impl FreeMember {
    pub fn allowance(&self) -> u32 {
        FREE_UNLOCKS + if self.invited_a_friend { INVITE_BONUS_UNLOCKS } else { 0 }
    }

    pub fn unlocks_left(&self) -> u32 {
        self.allowance().saturating_sub(self.unlocks_used)
    }
}

/// What the policy needs to know about the book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BookAccessFacts {
    /// Flagged free by an admin: open to every signed-in member.
    pub free: bool,
    /// This calendar month's preview book.
    pub monthly_preview: bool,
    /// Has summary text at all (coming-soon books may not); opening one never spends an unlock.
    pub has_body: bool,
}

/// The decision for one caller and one book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Access {
    /// The whole body; otherwise only the first section.
    pub full_body: bool,
    pub audio: bool,
    /// Video, visual slides and the infographic.
    pub video_and_visuals: bool,
    pub not_logged_in: bool,
    pub is_paid_user: bool,
    pub limit_reached: bool,
    /// This book took the member's last unlock.
    pub last_free: bool,
    /// The reader may show the premium parts (full text and its audio).
    pub show_premium_content: bool,
    /// Unlocks a free member has left after this opening; `None` for visitors and paid members.
    pub unlocks_left: Option<u32>,
    /// `Some(n)`: opening the book now spends the member's n-th unlock, to be recorded.
    pub spend_unlock: Option<u32>,
}

/// Decides what `audience` may see of a book described by `book`; `unlocks` counts only for a
/// free member.
pub fn decide(audience: Audience, unlocks: FreeMember, book: BookAccessFacts) -> Access {
    match audience {
        Audience::Visitor => Access { not_logged_in: true, ..Access::default() },
        Audience::Paid(_) => {
            Access { full_body: true, audio: true, video_and_visuals: true, is_paid_user: true, show_premium_content: true, ..Access::default() }
        }
        Audience::Free(_) => decide_for_free_member(unlocks, book),
    }
}

/// The caller's access without spending anything (visuals, video starts, progress and ratings):
/// an opening that would spend an unlock gives nothing premium until the member opens the book.
pub fn peek(audience: Audience, unlocks: FreeMember, book: BookAccessFacts) -> Access {
    let access = decide(audience, unlocks, book);
    if access.spend_unlock.is_some() {
        return Access { unlocks_left: access.unlocks_left.map(|n| n + 1), ..Access::default() };
    }
    access
}

fn decide_for_free_member(member: FreeMember, book: BookAccessFacts) -> Access {
    let allowance = member.allowance();
    let open = Access { full_body: true, audio: true, show_premium_content: true, ..Access::default() };
    if book.free {
        return Access { video_and_visuals: true, unlocks_left: Some(member.unlocks_left()), ..open };
    }
    if book.monthly_preview {
        return Access { unlocks_left: Some(member.unlocks_left()), ..open };
    }
    if let Some(ordinal) = member.this_book_unlock {
        return Access { last_free: ordinal == allowance, unlocks_left: Some(member.unlocks_left()), ..open };
    }
    if !book.has_body {
        return Access { unlocks_left: Some(member.unlocks_left()), ..Access::default() };
    }
    if member.unlocks_used < allowance {
        let ordinal = member.unlocks_used + 1;
        return Access { last_free: ordinal == allowance, unlocks_left: Some(allowance - ordinal), spend_unlock: Some(ordinal), ..open };
    }
    Access { limit_reached: true, unlocks_left: Some(0), ..Access::default() }
}

#[cfg(test)]
mod tests;
