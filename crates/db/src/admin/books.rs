//! The back office's books: every book (`all_books`, deleted ones too), saved with their
//! categories, author and audit entry in one transaction.

use super::PgAdminStore;
use crate::schema::{all_books, authors, book_categories, book_goals, categories, monthly_previews};
use crate::shared::audit::append_audit;
use crate::shared::gate::port_failure;
use crate::shared::gate::Gate;
use admin::audit::AuditEntry;
use admin::books::{AdminBook, BookOrder, BookRow};
use admin::ports::BookShelf;
use catalogue::html::SanitizedHtml;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use kernel::PortResult;

#[derive(Queryable, Selectable)]
#[diesel(table_name = all_books, check_for_backend(diesel::pg::Pg))]
struct AdminBookRow {
    id: i64,
    subid: String,
    title: String,
    author: String,
    author_description: String,
    description: String,
    body: String,
    quotes: Vec<String>,
    goals: Vec<String>,
    tags: Vec<String>,
    image: String,
    image_card: Option<String>,
    vector: String,
    infographic: Option<String>,
    media_url: Option<String>,
    audio_seconds: Option<i32>,
    video: Option<String>,
    podcast: Option<String>,
    free: bool,
    popular: bool,
    coming_soon: bool,
    upload_date: DateTime<Utc>,
    deleted_at: Option<DateTime<Utc>>,
}

/// id, subid, title, author, upload date, deletion time.
type ListRow = (i64, String, String, String, DateTime<Utc>, Option<DateTime<Utc>>);

fn load_book(conn: &mut PgConnection, id: i64, month: Option<NaiveDate>) -> QueryResult<Option<AdminBook>> {
    let Some(row) = all_books::table.find(id).select(AdminBookRow::as_select()).first(conn).optional()? else { return Ok(None) };
    let categories: Vec<i64> =
        book_categories::table.filter(book_categories::book_id.eq(id)).select(book_categories::category_id).order(book_categories::category_id).load(conn)?;
    let goals: Vec<i64> = book_goals::table.filter(book_goals::book_id.eq(id)).select(book_goals::goal_id).order(book_goals::goal_id).load(conn)?;
    Ok(Some(AdminBook {
        id: row.id,
        subid: row.subid,
        title: row.title,
        author: row.author,
        author_description: row.author_description,
        description: row.description,
        // Stored bodies were sanitised on the way in; sanitising again is idempotent.
        body: SanitizedHtml::new(&row.body),
        quotes: row.quotes,
        takeaways: row.goals,
        tags: row.tags,
        categories,
        goals,
        image: row.image,
        image_card: row.image_card,
        vector: row.vector,
        infographic: row.infographic,
        media_url: row.media_url,
        audio_seconds: row.audio_seconds,
        video: row.video,
        podcast: row.podcast,
        free: row.free,
        popular: row.popular,
        coming_soon: row.coming_soon,
        upload_date: row.upload_date,
        deleted_at: row.deleted_at,
        preview: match month {
            Some(month) => monthly_previews::table.find(month).select(monthly_previews::book_id).first::<i64>(conn).optional()? == Some(id),
            None => false,
        },
    }))
}

/// The author with this name, made (with a free slug) when there is none.
fn author_id(conn: &mut PgConnection, name: &str) -> QueryResult<i64> {
    if let Some(id) = authors::table.filter(authors::name.eq(name)).select(authors::id).first(conn).optional()? {
        return Ok(id);
    }
    let base = match catalogue::slug::slugify(name) {
        slug if slug.is_empty() => "author".to_owned(),
        slug => slug,
    };
    let mut slug = base.clone();
    let mut n = 1;
    while diesel::select(diesel::dsl::exists(authors::table.filter(authors::slug.eq(&slug)))).get_result::<bool>(conn)? {
        n += 1;
        slug = format!("{base}-{n}");
    }
    diesel::insert_into(authors::table).values(NewAuthorRow { slug: &slug, name, bio: "", photo: "" }).returning(authors::id).get_result(conn)
}

fn set_categories(conn: &mut PgConnection, book: i64, ids: &[i64]) -> QueryResult<()> {
    diesel::delete(book_categories::table.filter(book_categories::book_id.eq(book))).execute(conn)?;
    let rows: Vec<_> = ids.iter().map(|c| (book_categories::book_id.eq(book), book_categories::category_id.eq(*c))).collect();
    diesel::insert_into(book_categories::table).values(rows).execute(conn).map(drop)
}

fn set_goals(conn: &mut PgConnection, book: i64, ids: &[i64]) -> QueryResult<()> {
    diesel::delete(book_goals::table.filter(book_goals::book_id.eq(book))).execute(conn)?;
    let rows: Vec<_> = ids.iter().map(|g| (book_goals::book_id.eq(book), book_goals::goal_id.eq(*g))).collect();
    diesel::insert_into(book_goals::table).values(rows).execute(conn).map(drop)
}

/// The book's columns an operator writes, the same for a new book and an edit (`Insertable` and
/// `AsChangeset` from one struct, so the two cannot drift apart); `None` writes NULL.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = all_books, treat_none_as_null = true)]
struct BookWrite<'a> {
    subid: &'a str,
    title: &'a str,
    author_id: i64,
    author: &'a str,
    author_description: &'a str,
    description: &'a str,
    image: &'a str,
    image_card: Option<&'a str>,
    vector: &'a str,
    infographic: Option<&'a str>,
    body: &'a str,
    quotes: &'a [String],
    goals: &'a [String],
    tags: &'a [String],
    media_url: Option<&'a str>,
    audio_seconds: Option<i32>,
    video: Option<&'a str>,
    podcast: Option<&'a str>,
    free: bool,
    popular: bool,
    coming_soon: bool,
    upload_date: DateTime<Utc>,
}

impl<'a> BookWrite<'a> {
    fn new(book: &'a AdminBook, author_id: i64) -> Self {
        BookWrite {
            subid: &book.subid,
            title: &book.title,
            author_id,
            author: &book.author,
            author_description: &book.author_description,
            description: &book.description,
            image: &book.image,
            image_card: book.image_card.as_deref(),
            vector: &book.vector,
            infographic: book.infographic.as_deref(),
            body: book.body.as_str(),
            quotes: &book.quotes,
            // The spec's takeaways are stored in the `goals` text column (goal ids live in `book_goals`).
            goals: &book.takeaways,
            tags: &book.tags,
            media_url: book.media_url.as_deref(),
            audio_seconds: book.audio_seconds,
            video: book.video.as_deref(),
            podcast: book.podcast.as_deref(),
            free: book.free,
            popular: book.popular,
            coming_soon: book.coming_soon,
            upload_date: book.upload_date,
        }
    }
}

impl BookShelf for PgAdminStore<'_> {
    fn book_rows(&self, order: BookOrder, month: NaiveDate) -> PortResult<Vec<BookRow>> {
        self.run(|conn| {
            let preview: Option<i64> = monthly_previews::table.find(month).select(monthly_previews::book_id).first(conn).optional()?;
            let query = all_books::table
                .select((all_books::id, all_books::subid, all_books::title, all_books::author, all_books::upload_date, all_books::deleted_at))
                .into_boxed();
            let query = match order {
                BookOrder::UploadDate => query.order((all_books::upload_date.desc(), all_books::id.desc())),
                BookOrder::Id => query.order(all_books::id),
                BookOrder::Title => query.order((diesel::dsl::sql::<diesel::sql_types::Text>("lower(title)"), all_books::id)),
            };
            let rows: Vec<ListRow> = query.load(conn)?;
            Ok(rows
                .into_iter()
                .map(|(id, subid, title, author, upload_date, deleted_at)| BookRow {
                    id,
                    subid,
                    title,
                    author,
                    upload_date,
                    deleted: deleted_at.is_some(),
                    preview: Some(id) == preview,
                })
                .collect())
        })
    }

    fn admin_book(&self, id: i64, month: NaiveDate) -> PortResult<Option<AdminBook>> {
        self.run(|conn| load_book(conn, id, Some(month)))
    }

    fn insert_book(&self, book: &AdminBook, pdf_price_cents: i64, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let author = author_id(conn, &book.author)?;
                let id: i64 = diesel::insert_into(all_books::table)
                    .values((BookWrite::new(book, author), all_books::read_count.eq(0), all_books::recent_reads.eq(0)))
                    .returning(all_books::id)
                    .get_result(conn)?;
                set_categories(conn, id, &book.categories)?;
                set_goals(conn, id, &book.goals)?;
                billing::ports::OperatorOffers::add_book_plan(&Gate::new(conn).billing_ports(), id, billing::Cents(pdf_price_cents)).map_err(port_failure)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_book(&self, book: &AdminBook, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let author = author_id(conn, &book.author)?;
                diesel::update(all_books::table.find(book.id)).set((BookWrite::new(book, author), all_books::deleted_at.eq(book.deleted_at))).execute(conn)?;
                set_categories(conn, book.id, &book.categories)?;
                set_goals(conn, book.id, &book.goals)?;
                append_audit(conn, entry)
            })
        })
    }

    fn categories_exist(&self, ids: &[i64]) -> PortResult<bool> {
        self.run(|conn| {
            let found: i64 = categories::table.filter(categories::id.eq_any(ids)).count().get_result(conn)?;
            Ok(usize::try_from(found).is_ok_and(|n| n == ids.len()))
        })
    }

    fn subid_taken(&self, subid: &str, except: i64) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(diesel::dsl::exists(all_books::table.filter(all_books::subid.eq(subid)).filter(all_books::id.ne(except)))).get_result(conn)
        })
    }

    fn set_preview(&self, month: NaiveDate, book: i64, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                catalogue::ports::OperatorCatalogue::set_monthly_preview(&Gate::new(conn).catalogue_ports(), month, book).map_err(port_failure)?;
                append_audit(conn, entry)
            })
        })
    }
}

/// An author made from a book's byline: a bio and a photo are the operator's to add.
#[derive(Insertable)]
#[diesel(table_name = authors)]
struct NewAuthorRow<'a> {
    slug: &'a str,
    name: &'a str,
    bio: &'a str,
    photo: &'a str,
}
