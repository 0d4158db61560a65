//! The back office's podcasts, goals, blog posts, insights, collections and visual slides, each
//! write with its audit entry in one transaction.

use crate::schema::{all_books, blog_posts, book_goals, books, collection_books, collections, goals, insights, podcasts, visuals};
use crate::shared::audit::append_audit;
use crate::PgStore;
use admin::audit::AuditEntry;
use admin::content::{AdminCollection, Goal, Insight, Podcast, Post, Visual};
use admin::ports::ContentShelf;
use catalogue::html::SanitizedHtml;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::PortResult;

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
    let book_count = crate::catalogue::read::collection_book_count(conn, id, catalogue::service::COLLECTION_BOOKS)?;
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

impl ContentShelf for PgStore<'_> {
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
                    .values((
                        podcasts::title.eq(&p.title),
                        podcasts::author.eq(&p.author),
                        podcasts::author_description.eq(&p.author_description),
                        podcasts::description.eq(&p.description),
                        podcasts::mins.eq(p.mins),
                        podcasts::image.eq(&p.image),
                        podcasts::media_url.eq(&p.media),
                        podcasts::created_at.eq(p.created_at),
                    ))
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
                diesel::update(podcasts::table.find(p.id))
                    .set((
                        podcasts::title.eq(&p.title),
                        podcasts::author.eq(&p.author),
                        podcasts::author_description.eq(&p.author_description),
                        podcasts::description.eq(&p.description),
                        podcasts::mins.eq(p.mins),
                        podcasts::image.eq(&p.image),
                        podcasts::media_url.eq(&p.media),
                    ))
                    .execute(conn)?;
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
                let id: i64 = diesel::insert_into(goals::table)
                    .values((
                        goals::title.eq(&g.title),
                        goals::short_title.eq(&g.short_title),
                        goals::mobile_title.eq(&g.mobile_title),
                        goals::description.eq(&g.description),
                        goals::photo.eq(&g.photo),
                        goals::featured_photo.eq(&g.featured_photo),
                    ))
                    .returning(goals::id)
                    .get_result(conn)?;
                append_audit(conn, &entry(id))?;
                Ok(id)
            })
        })
    }

    fn update_goal(&self, g: &Goal, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(goals::table.find(g.id))
                    .set((
                        goals::title.eq(&g.title),
                        goals::short_title.eq(&g.short_title),
                        goals::mobile_title.eq(&g.mobile_title),
                        goals::description.eq(&g.description),
                        goals::photo.eq(&g.photo),
                        goals::featured_photo.eq(&g.featured_photo),
                    ))
                    .execute(conn)?;
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
                    .values((
                        blog_posts::slug.eq(&p.slug),
                        blog_posts::title.eq(&p.title),
                        blog_posts::excerpt.eq(&p.description),
                        blog_posts::category.eq(&p.category),
                        blog_posts::body.eq(p.text.as_str()),
                        blog_posts::image.eq(&p.photo),
                        blog_posts::draft.eq(p.draft),
                        blog_posts::published_at.eq(p.publish_at),
                        blog_posts::created_at.eq(p.created_at),
                    ))
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
                diesel::update(blog_posts::table.find(p.id))
                    .set((
                        blog_posts::slug.eq(&p.slug),
                        blog_posts::title.eq(&p.title),
                        blog_posts::excerpt.eq(&p.description),
                        blog_posts::category.eq(&p.category),
                        blog_posts::body.eq(p.text.as_str()),
                        blog_posts::image.eq(&p.photo),
                        blog_posts::draft.eq(p.draft),
                        blog_posts::published_at.eq(p.publish_at),
                    ))
                    .execute(conn)?;
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
                        collections::slug.eq(&c.slug),
                        collections::title.eq(&c.title),
                        collections::description.eq(&c.subtitle),
                        collections::image.eq(&c.image),
                        collections::categories.eq(&c.categories),
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
                diesel::update(collections::table.find(c.id))
                    .set((
                        collections::title.eq(&c.title),
                        collections::description.eq(&c.subtitle),
                        collections::image.eq(&c.image),
                        collections::categories.eq(&c.categories),
                    ))
                    .execute(conn)?;
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
                let id: i64 = diesel::insert_into(visuals::table)
                    .values((
                        visuals::book_id.eq(v.book_id),
                        visuals::position.eq(position),
                        visuals::image.eq(&v.image),
                        visuals::title.eq(&v.title),
                        visuals::body.eq(&v.body),
                    ))
                    .returning(visuals::id)
                    .get_result(conn)?;
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
                diesel::update(visuals::table.find(v.id))
                    .set((
                        visuals::book_id.eq(v.book_id),
                        visuals::position.eq(position),
                        visuals::image.eq(&v.image),
                        visuals::title.eq(&v.title),
                        visuals::body.eq(&v.body),
                    ))
                    .execute(conn)?;
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
