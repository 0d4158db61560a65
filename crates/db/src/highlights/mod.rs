//! Members' highlights and notes (`highlights` crate's `HighlightStore`).

crate::shared::gate::domain_store! {
    /// The highlights' port (`highlights::ports::HighlightStore`) on one connection's gate.
    PgHighlightStore
}

use crate::schema::{all_books, highlights, users};
use ::highlights::anchoring::{Anchor, Point, TextQuote};
use ::highlights::model::{BookRef, Colour, Highlight, HighlightFilter, HighlightInBook, NewHighlight};
use ::highlights::ports::HighlightStore;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{PortResult, UserId};

#[derive(Queryable, Selectable)]
#[diesel(table_name = highlights)]
struct HighlightRow {
    id: i64,
    user_id: i64,
    book_id: i64,
    section: i32,
    start_block: String,
    start_offset: i32,
    end_block: String,
    end_offset: i32,
    quote_exact: String,
    quote_prefix: String,
    quote_suffix: String,
    position: i32,
    section_version: String,
    orphaned: bool,
    colour: String,
    note: Option<String>,
    review: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<HighlightRow> for Highlight {
    fn from(row: HighlightRow) -> Highlight {
        let count = |n: i32| usize::try_from(n).unwrap_or(0);
        Highlight {
            id: row.id,
            member: UserId(row.user_id),
            book_id: row.book_id,
            section: u32::try_from(row.section).unwrap_or(0),
            anchor: Anchor {
                start: Point::new(row.start_block, count(row.start_offset)),
                end: Point::new(row.end_block, count(row.end_offset)),
                quote: TextQuote { exact: row.quote_exact, prefix: row.quote_prefix, suffix: row.quote_suffix },
                position: count(row.position),
            },
            section_version: row.section_version,
            orphaned: row.orphaned,
            // The column's check allows these three only.
            colour: Colour::parse(&row.colour).unwrap_or(Colour::Yellow),
            note: row.note,
            review: row.review,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// What an insert or an update writes (a removed note is written as NULL).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = highlights, treat_none_as_null = true)]
struct HighlightWrite<'a> {
    section: i32,
    start_block: &'a str,
    start_offset: i32,
    end_block: &'a str,
    end_offset: i32,
    quote_exact: &'a str,
    quote_prefix: &'a str,
    quote_suffix: &'a str,
    position: i32,
    section_version: &'a str,
    orphaned: bool,
    colour: &'a str,
    note: Option<&'a str>,
    review: bool,
    updated_at: DateTime<Utc>,
}

/// Offsets and positions are within one section, far below `i32::MAX`.
fn column(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl<'a> HighlightWrite<'a> {
    #[allow(clippy::too_many_arguments)]
    fn of(section: u32, anchor: &'a Anchor, version: &'a str, orphaned: bool, colour: Colour, note: Option<&'a str>, review: bool, at: DateTime<Utc>) -> Self {
        HighlightWrite {
            section: i32::try_from(section).unwrap_or(i32::MAX),
            start_block: &anchor.start.block,
            start_offset: column(anchor.start.offset),
            end_block: &anchor.end.block,
            end_offset: column(anchor.end.offset),
            quote_exact: &anchor.quote.exact,
            quote_prefix: &anchor.quote.prefix,
            quote_suffix: &anchor.quote.suffix,
            position: column(anchor.position),
            section_version: version,
            orphaned,
            colour: colour.as_str(),
            note,
            review,
            updated_at: at,
        }
    }
}

type BookColumns = (all_books::id, all_books::subid, all_books::title, all_books::author, all_books::image);
const BOOK_COLUMNS: BookColumns = (all_books::id, all_books::subid, all_books::title, all_books::author, all_books::image);
type BookFields = (i64, String, String, String, String);

fn with_book((row, (id, subid, title, author, image)): (HighlightRow, BookFields)) -> HighlightInBook {
    HighlightInBook { highlight: row.into(), book: BookRef { id, subid, title, author, image } }
}

/// `text` as an ILIKE pattern matching it anywhere, its wildcards taken literally.
fn contains_pattern(text: &str) -> String {
    format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

impl HighlightStore for PgHighlightStore<'_> {
    fn add_highlight(&self, new: &NewHighlight, limit: i64) -> PortResult<Option<Highlight>> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // One add at a time per member, so that two at once cannot pass the limit.
                users::table.find(new.member.0).select(users::id).for_update().first::<i64>(conn)?;
                let kept: i64 = highlights::table.filter(highlights::user_id.eq(new.member.0)).count().get_result(conn)?;
                if kept >= limit {
                    return Ok(None);
                }
                let write = HighlightWrite::of(new.section, &new.anchor, &new.section_version, false, new.colour, new.note.as_deref(), new.review, new.at);
                let row = diesel::insert_into(highlights::table)
                    .values((write, highlights::user_id.eq(new.member.0), highlights::book_id.eq(new.book_id), highlights::created_at.eq(new.at)))
                    .returning(HighlightRow::as_returning())
                    .get_result(conn)?;
                Ok(Some(row.into()))
            })
        })
    }

    fn highlight(&self, member: UserId, id: i64) -> PortResult<Option<Highlight>> {
        self.run(|conn| {
            let row = highlights::table
                .filter(highlights::id.eq(id).and(highlights::user_id.eq(member.0)))
                .select(HighlightRow::as_select())
                .first(conn)
                .optional()?;
            Ok(row.map(Highlight::from))
        })
    }

    fn save_highlight(&self, h: &Highlight) -> PortResult<()> {
        self.run(|conn| {
            let write = HighlightWrite::of(h.section, &h.anchor, &h.section_version, h.orphaned, h.colour, h.note.as_deref(), h.review, h.updated_at);
            diesel::update(highlights::table.filter(highlights::id.eq(h.id).and(highlights::user_id.eq(h.member.0)))).set(write).execute(conn).map(drop)
        })
    }

    fn remove_highlight(&self, member: UserId, id: i64) -> PortResult<bool> {
        self.run(|conn| {
            let removed = diesel::delete(highlights::table.filter(highlights::id.eq(id).and(highlights::user_id.eq(member.0)))).execute(conn)?;
            Ok(removed == 1)
        })
    }

    fn highlights_in_book(&self, member: UserId, book_id: i64) -> PortResult<Vec<Highlight>> {
        self.run(|conn| {
            let rows = highlights::table
                .filter(highlights::user_id.eq(member.0).and(highlights::book_id.eq(book_id)))
                .order((highlights::section, highlights::position, highlights::id))
                .select(HighlightRow::as_select())
                .load(conn)?;
            Ok(rows.into_iter().map(Highlight::from).collect())
        })
    }

    fn all_highlights_in_book(&self, book_id: i64) -> PortResult<Vec<Highlight>> {
        self.run(|conn| {
            let rows = highlights::table.filter(highlights::book_id.eq(book_id)).order(highlights::id).select(HighlightRow::as_select()).load(conn)?;
            Ok(rows.into_iter().map(Highlight::from).collect())
        })
    }

    fn list_highlights(&self, member: UserId, filter: &HighlightFilter, offset: i64, limit: i64) -> PortResult<(Vec<HighlightInBook>, i64)> {
        self.run(|conn| {
            // The filters, on the highlights alone (the count) or joined with their books (the page).
            macro_rules! matching {
                ($from:expr) => {{
                    let mut query = $from.filter(highlights::user_id.eq(member.0)).into_boxed();
                    if let Some(book_id) = filter.book_id {
                        query = query.filter(highlights::book_id.eq(book_id));
                    }
                    if let Some(colour) = filter.colour {
                        query = query.filter(highlights::colour.eq(colour.as_str()));
                    }
                    if let Some(search) = &filter.search {
                        let pattern = contains_pattern(search);
                        query = query.filter(highlights::quote_exact.ilike(pattern.clone()).or(highlights::note.ilike(pattern)));
                    }
                    query
                }};
            }
            let total = matching!(highlights::table).count().get_result(conn)?;
            let rows = matching!(highlights::table.inner_join(all_books::table))
                .order((highlights::created_at.desc(), highlights::id.desc()))
                .offset(offset)
                .limit(limit)
                .select((HighlightRow::as_select(), BOOK_COLUMNS))
                .load::<(HighlightRow, BookFields)>(conn)?;
            Ok((rows.into_iter().map(with_book).collect(), total))
        })
    }

    fn highlights_to_export(&self, member: UserId, book_id: Option<i64>) -> PortResult<Vec<HighlightInBook>> {
        self.run(|conn| {
            let mut query = highlights::table.inner_join(all_books::table).filter(highlights::user_id.eq(member.0)).into_boxed();
            if let Some(book_id) = book_id {
                query = query.filter(highlights::book_id.eq(book_id));
            }
            let rows = query
                .order((all_books::title, all_books::id, highlights::section, highlights::position, highlights::id))
                .select((HighlightRow::as_select(), BOOK_COLUMNS))
                .load::<(HighlightRow, BookFields)>(conn)?;
            Ok(rows.into_iter().map(with_book).collect())
        })
    }
}

/// An account deletion removes the member's highlights and notes.
pub(crate) fn erase_member(conn: &mut PgConnection, member: UserId) -> QueryResult<()> {
    diesel::delete(highlights::table.filter(highlights::user_id.eq(member.0))).execute(conn).map(drop)
}
