//! The back office's podcasts, goals, blog posts, insights, collections and visual slides, each
//! write with its audit entry in one transaction.

use super::PgAdminStore;
use crate::schema::{all_books, blog_posts, book_goals, books, collection_books, collections, goals, insights, podcasts, visuals};
use crate::shared::audit::append_audit;
use crate::shared::gate::port_failure;
use crate::shared::gate::Gate;
use admin::audit::AuditEntry;
use admin::content::{AdminCollection, Goal, Insight, Podcast, Post, Visual};
use admin::ports::ContentShelf;
use catalogue::html::SanitizedHtml;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::PortResult;

/// The columns an operator writes, the same for a new row and an edit (`Insertable` and
/// `AsChangeset` from one struct, so the two cannot drift apart); `None` writes NULL.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = podcasts, treat_none_as_null = true)]
struct PodcastWrite<'a> {
    title: &'a str,
    author: &'a str,
    author_description: &'a str,
    description: &'a str,
    mins: i32,
    image: &'a str,
    media_url: Option<&'a str>,
}

impl<'a> From<&'a Podcast> for PodcastWrite<'a> {
    fn from(p: &'a Podcast) -> Self {
        PodcastWrite {
            title: &p.title,
            author: &p.author,
            author_description: &p.author_description,
            description: &p.description,
            mins: p.mins,
            image: &p.image,
            media_url: p.media.as_deref(),
        }
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = goals)]
struct GoalWrite<'a> {
    title: &'a str,
    short_title: &'a str,
    mobile_title: &'a str,
    description: &'a str,
    photo: &'a str,
    featured_photo: &'a str,
}

impl<'a> From<&'a Goal> for GoalWrite<'a> {
    fn from(g: &'a Goal) -> Self {
        GoalWrite {
            title: &g.title,
            short_title: &g.short_title,
            mobile_title: &g.mobile_title,
            description: &g.description,
            photo: &g.photo,
            featured_photo: &g.featured_photo,
        }
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = blog_posts, treat_none_as_null = true)]
struct PostWrite<'a> {
    slug: &'a str,
    title: &'a str,
    excerpt: &'a str,
    category: &'a str,
    body: &'a str,
    image: &'a str,
    draft: bool,
    published_at: DateTime<Utc>,
}

impl<'a> From<&'a Post> for PostWrite<'a> {
    fn from(p: &'a Post) -> Self {
        PostWrite {
            slug: &p.slug,
            title: &p.title,
            excerpt: &p.description,
            category: &p.category,
            body: p.text.as_str(),
            image: &p.photo,
            draft: p.draft,
            published_at: p.publish_at,
        }
    }
}

/// What an edit of a collection changes (its slug and date added stay).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = collections)]
struct CollectionWrite<'a> {
    title: &'a str,
    description: &'a str,
    image: &'a str,
    categories: &'a [i64],
}

impl<'a> From<&'a AdminCollection> for CollectionWrite<'a> {
    fn from(c: &'a AdminCollection) -> Self {
        CollectionWrite { title: &c.title, description: &c.subtitle, image: &c.image, categories: &c.categories }
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = visuals, treat_none_as_null = true)]
struct VisualWrite<'a> {
    book_id: Option<i64>,
    position: i32,
    image: &'a str,
    title: &'a str,
    body: &'a str,
}

impl<'a> VisualWrite<'a> {
    fn new(v: &'a Visual, position: i32) -> Self {
        VisualWrite { book_id: v.book_id, position, image: &v.image, title: &v.title, body: &v.body }
    }
}

type PodcastRow = (i64, String, String, String, String, i32, String, Option<String>, DateTime<Utc>);

fn podcast((id, title, author, author_description, description, mins, image, media, created_at): PodcastRow) -> Podcast {
    Podcast { id, title, author, author_description, description, mins, image, media, created_at }
}

type GoalRow = (i64, String, String, String, String, String, String);

fn load_goals(conn: &mut PgConnection, only: Option<i64>) -> QueryResult<Vec<Goal>> {
    let mut query = goals::table
        .select((goals::id, goals::title, goals::short_title, goals::mobile_title, goals::description, goals::photo, goals::featured_photo))
        .order(goals::id)
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(goals::id.eq(id));
    }
    let rows: Vec<GoalRow> = query.load(conn)?;
    let counts: Vec<(i64, i64)> = book_goals::table
        .inner_join(books::table.on(books::id.eq(book_goals::book_id)))
        .group_by(book_goals::goal_id)
        .select((book_goals::goal_id, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, title, short_title, mobile_title, description, photo, featured_photo)| Goal {
            id,
            title,
            short_title,
            mobile_title,
            description,
            photo,
            featured_photo,
            book_count: counts.iter().find(|(g, _)| *g == id).map_or(0, |(_, n)| *n),
        })
        .collect())
}

type PostRow = (i64, String, String, String, String, String, String, bool, DateTime<Utc>, DateTime<Utc>);

fn post((id, slug, title, description, category, text, photo, draft, publish_at, created_at): PostRow) -> Post {
    // Stored text was sanitised on the way in; sanitising again is idempotent.
    Post { id, slug, title, description, category, text: SanitizedHtml::new(&text), photo, draft, publish_at, created_at }
}

macro_rules! post_columns {
    () => {
        (
            blog_posts::id,
            blog_posts::slug,
            blog_posts::title,
            blog_posts::excerpt,
            blog_posts::category,
            blog_posts::body,
            blog_posts::image,
            blog_posts::draft,
            blog_posts::published_at,
            blog_posts::created_at,
        )
    };
}

type InsightRow = (i64, String, i64, String, DateTime<Utc>);

fn load_insights(conn: &mut PgConnection, only: Option<i64>) -> QueryResult<Vec<Insight>> {
    let mut query = insights::table
        .inner_join(all_books::table)
        .select((insights::id, insights::insight, insights::book_id, all_books::title, insights::created_at))
        .order((insights::created_at.desc(), insights::id.desc()))
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(insights::id.eq(id));
    }
    let rows: Vec<InsightRow> = query.load(conn)?;
    Ok(rows.into_iter().map(|(id, insight, book_id, book_title, created_at)| Insight { id, insight, book_id, book_title, created_at }).collect())
}

type CollectionRow = (i64, String, String, String, String, Vec<i64>, DateTime<Utc>);

fn load_collection(conn: &mut PgConnection, (id, slug, title, subtitle, image, categories, upload_date): CollectionRow) -> QueryResult<AdminCollection> {
    let books: Vec<i64> = collection_books::table
        .filter(collection_books::collection_id.eq(id))
        .order((collection_books::position, collection_books::book_id))
        .select(collection_books::book_id)
        .load(conn)?;
    let book_count = catalogue::ports::OperatorCatalogue::collection_book_count(&Gate::new(conn).catalogue_ports(), id, catalogue::service::COLLECTION_BOOKS)
        .map_err(port_failure)?;
    Ok(AdminCollection { id, slug, title, subtitle, image, categories, books, upload_date, book_count })
}

macro_rules! collection_columns {
    () => {
        (
            collections::id,
            collections::slug,
            collections::title,
            collections::description,
            collections::image,
            collections::categories,
            collections::upload_date,
        )
    };
}

fn set_collection_books(conn: &mut PgConnection, collection: i64, books: &[i64]) -> QueryResult<()> {
    diesel::delete(collection_books::table.filter(collection_books::collection_id.eq(collection))).execute(conn)?;
    let rows: Vec<_> = books
        .iter()
        .enumerate()
        .map(|(position, book)| {
            (collection_books::collection_id.eq(collection), collection_books::book_id.eq(*book), collection_books::position.eq(position as i32))
        })
        .collect();
    diesel::insert_into(collection_books::table).values(rows).execute(conn).map(drop)
}

type VisualRow = (i64, Option<i64>, Option<String>, String, String, String, i32);

fn load_visuals(conn: &mut PgConnection, only: Option<i64>) -> QueryResult<Vec<Visual>> {
    let mut query = visuals::table
        .left_join(all_books::table.on(visuals::book_id.eq(all_books::id.nullable())))
        .select((visuals::id, visuals::book_id, all_books::title.nullable(), visuals::title, visuals::body, visuals::image, visuals::position))
        .order((visuals::book_id.is_null(), visuals::book_id, visuals::position, visuals::id))
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(visuals::id.eq(id));
    }
    let rows: Vec<VisualRow> = query.load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, book_id, book_title, title, body, image, position)| Visual { id, book_id, book_title, title, body, image, position })
        .collect())
}

/// The position after the book's last slide.
fn next_position(conn: &mut PgConnection, book_id: Option<i64>) -> QueryResult<i32> {
    let last: Option<i32> = match book_id {
        Some(book) => visuals::table.filter(visuals::book_id.eq(book)).select(diesel::dsl::max(visuals::position)).first(conn)?,
        None => visuals::table.filter(visuals::book_id.is_null()).select(diesel::dsl::max(visuals::position)).first(conn)?,
    };
    Ok(last.map_or(0, |p| p + 1))
}

impl ContentShelf for PgAdminStore<'_> {
    fn podcasts(&self) -> PortResult<Vec<Podcast>> {
        self.run(|conn| {
            let rows: Vec<PodcastRow> = podcasts::table.select(podcasts::all_columns).order((podcasts::created_at.desc(), podcasts::id.desc())).load(conn)?;
            Ok(rows.into_iter().map(podcast).collect())
        })
    }

    fn podcast(&self, id: i64) -> PortResult<Option<Podcast>> {
        self.run(|conn| Ok(podcasts::table.find(id).select(podcasts::all_columns).first::<PodcastRow>(conn).optional()?.map(podcast)))
    }

    fn insert_podcast(&self, p: &Podcast, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let id: i64 = diesel::insert_into(podcasts::table)
                    .values((PodcastWrite::from(p), podcasts::created_at.eq(p.created_at)))
                    .returning(podcasts::id)
                    .get_result(conn)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_podcast(&self, p: &Podcast, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(podcasts::table.find(p.id)).set(PodcastWrite::from(p)).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }

    fn goals(&self) -> PortResult<Vec<Goal>> {
        self.run(|conn| load_goals(conn, None))
    }

    fn goal(&self, id: i64) -> PortResult<Option<Goal>> {
        self.run(|conn| Ok(load_goals(conn, Some(id))?.pop()))
    }

    fn insert_goal(&self, g: &Goal, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let id: i64 = diesel::insert_into(goals::table).values(GoalWrite::from(g)).returning(goals::id).get_result(conn)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_goal(&self, g: &Goal, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(goals::table.find(g.id)).set(GoalWrite::from(g)).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }

    fn goals_exist(&self, ids: &[i64]) -> PortResult<bool> {
        self.run(|conn| {
            let found: i64 = goals::table.filter(goals::id.eq_any(ids)).count().get_result(conn)?;
            Ok(usize::try_from(found).is_ok_and(|n| n == ids.len()))
        })
    }

    fn posts(&self) -> PortResult<Vec<Post>> {
        self.run(|conn| {
            let rows: Vec<PostRow> = blog_posts::table.select(post_columns!()).order((blog_posts::created_at.desc(), blog_posts::id.desc())).load(conn)?;
            Ok(rows.into_iter().map(post).collect())
        })
    }

    fn post(&self, id: i64) -> PortResult<Option<Post>> {
        self.run(|conn| Ok(blog_posts::table.find(id).select(post_columns!()).first::<PostRow>(conn).optional()?.map(post)))
    }

    fn insert_post(&self, p: &Post, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let id: i64 = diesel::insert_into(blog_posts::table)
                    .values((PostWrite::from(p), blog_posts::created_at.eq(p.created_at)))
                    .returning(blog_posts::id)
                    .get_result(conn)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_post(&self, p: &Post, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(blog_posts::table.find(p.id)).set(PostWrite::from(p)).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }

    fn post_slug_taken(&self, slug: &str, except: i64) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(diesel::dsl::exists(blog_posts::table.filter(blog_posts::slug.eq(slug)).filter(blog_posts::id.ne(except)))).get_result(conn)
        })
    }

    fn insights(&self) -> PortResult<Vec<Insight>> {
        self.run(|conn| load_insights(conn, None))
    }

    fn insight(&self, id: i64) -> PortResult<Option<Insight>> {
        self.run(|conn| Ok(load_insights(conn, Some(id))?.pop()))
    }

    fn insert_insight(&self, i: &Insight, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let id: i64 = diesel::insert_into(insights::table)
                    .values((insights::book_id.eq(i.book_id), insights::insight.eq(&i.insight), insights::created_at.eq(i.created_at)))
                    .returning(insights::id)
                    .get_result(conn)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_insight(&self, i: &Insight, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(insights::table.find(i.id)).set((insights::book_id.eq(i.book_id), insights::insight.eq(&i.insight))).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }

    fn find_book(&self, id_or_subid: &str) -> PortResult<Option<(i64, String)>> {
        self.run(|conn| {
            let query = books::table.select((books::id, books::title));
            match id_or_subid.trim().parse::<i64>() {
                Ok(id) => query.filter(books::id.eq(id)).first(conn).optional(),
                Err(_) => query.filter(books::subid.eq(id_or_subid.trim())).first(conn).optional(),
            }
        })
    }

    fn admin_collections(&self) -> PortResult<Vec<AdminCollection>> {
        self.run(|conn| {
            let rows: Vec<CollectionRow> = collections::table.select(collection_columns!()).order(collections::id).load(conn)?;
            rows.into_iter().map(|row| load_collection(conn, row)).collect()
        })
    }

    fn admin_collection(&self, id: i64) -> PortResult<Option<AdminCollection>> {
        self.run(|conn| {
            let row: Option<CollectionRow> = collections::table.find(id).select(collection_columns!()).first(conn).optional()?;
            row.map(|row| load_collection(conn, row)).transpose()
        })
    }

    fn insert_collection(&self, c: &AdminCollection, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let next: Option<i32> = collections::table.select(diesel::dsl::max(collections::sort_order)).first(conn)?;
                let id: i64 = diesel::insert_into(collections::table)
                    .values((
                        CollectionWrite::from(c),
                        collections::slug.eq(&c.slug),
                        collections::upload_date.eq(c.upload_date),
                        collections::sort_order.eq(next.map_or(0, |n| n + 1)),
                    ))
                    .returning(collections::id)
                    .get_result(conn)?;
                set_collection_books(conn, id, &c.books)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_collection(&self, c: &AdminCollection, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // The slug and the date added stay as first written.
                diesel::update(collections::table.find(c.id)).set(CollectionWrite::from(c)).execute(conn)?;
                set_collection_books(conn, c.id, &c.books)?;
                append_audit(conn, entry)
            })
        })
    }

    fn collection_slug_taken(&self, slug: &str, except: i64) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(diesel::dsl::exists(collections::table.filter(collections::slug.eq(slug)).filter(collections::id.ne(except)))).get_result(conn)
        })
    }

    fn books_exist(&self, ids: &[i64]) -> PortResult<bool> {
        self.run(|conn| {
            let found: i64 = all_books::table.filter(all_books::id.eq_any(ids)).count().get_result(conn)?;
            Ok(usize::try_from(found).is_ok_and(|n| n == ids.len()))
        })
    }

    fn visuals(&self) -> PortResult<Vec<Visual>> {
        self.run(|conn| load_visuals(conn, None))
    }

    fn visual(&self, id: i64) -> PortResult<Option<Visual>> {
        self.run(|conn| Ok(load_visuals(conn, Some(id))?.pop()))
    }

    fn insert_visual(&self, v: &Visual, entry: &dyn Fn(i64) -> AuditEntry) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let position = next_position(conn, v.book_id)?;
                let id: i64 = diesel::insert_into(visuals::table).values(VisualWrite::new(v, position)).returning(visuals::id).get_result(conn)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_visual(&self, v: &Visual, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let stored: Option<i64> = visuals::table.find(v.id).select(visuals::book_id).first(conn)?;
                let position = if stored == v.book_id { v.position } else { next_position(conn, v.book_id)? };
                diesel::update(visuals::table.find(v.id)).set(VisualWrite::new(v, position)).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }

    fn delete_visual(&self, id: i64, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::delete(visuals::table.find(id)).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }

    fn reorder_visuals(&self, book_id: i64, ids: &[i64], entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // Positions are unique per book at commit (the constraint is deferred).
                for (position, id) in ids.iter().enumerate() {
                    diesel::update(visuals::table.find(*id).filter(visuals::book_id.eq(book_id))).set(visuals::position.eq(position as i32)).execute(conn)?;
                }
                append_audit(conn, entry)
            })
        })
    }
}
