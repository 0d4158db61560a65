//! Podcasts, insights and goals as members read them.

use super::PgCatalogueStore;
use crate::schema::{book_goals, books, goals, insights, podcasts};
use catalogue::model::{BookRef, Goal, Insight, Podcast};
use catalogue::ports::Extras;
use diesel::prelude::*;
use kernel::PortResult;

type PodcastRow = (i64, String, String, String, String, i32, String, Option<String>);

fn podcast((id, title, author, author_description, description, mins, image, media): PodcastRow) -> Podcast {
    Podcast { id, title, author, author_description, description, mins, image, media }
}

macro_rules! podcast_columns {
    () => {
        (
            podcasts::id,
            podcasts::title,
            podcasts::author,
            podcasts::author_description,
            podcasts::description,
            podcasts::mins,
            podcasts::image,
            podcasts::media_url,
        )
    };
}

type InsightRow = (i64, String, i64, String, String, String, String, Option<String>);

impl Extras for PgCatalogueStore<'_> {
    fn podcasts(&self) -> PortResult<Vec<Podcast>> {
        self.run(|conn| {
            let rows: Vec<PodcastRow> = podcasts::table.select(podcast_columns!()).order((podcasts::created_at.desc(), podcasts::id.desc())).load(conn)?;
            Ok(rows.into_iter().map(podcast).collect())
        })
    }

    fn podcast(&self, id: i64) -> PortResult<Option<Podcast>> {
        self.run(|conn| Ok(podcasts::table.find(id).select(podcast_columns!()).first::<PodcastRow>(conn).optional()?.map(podcast)))
    }

    fn insights(&self, book: Option<i64>, limit: i64) -> PortResult<Vec<Insight>> {
        self.run(|conn| {
            // `books` is the live books' view: a deleted book's insights go with it.
            let mut query = insights::table
                .inner_join(books::table.on(books::id.eq(insights::book_id)))
                .select((insights::id, insights::insight, books::id, books::subid, books::title, books::author, books::image, books::image_card))
                .order((insights::created_at.desc(), insights::id.desc()))
                .limit(limit)
                .into_boxed();
            if let Some(book) = book {
                query = query.filter(insights::book_id.eq(book));
            }
            let rows: Vec<InsightRow> = query.load(conn)?;
            Ok(rows
                .into_iter()
                .map(|(id, insight, book_id, subid, title, author, image, card)| Insight {
                    id,
                    insight,
                    book: BookRef { id: book_id, subid, title, author, image: card.unwrap_or(image) },
                })
                .collect())
        })
    }

    fn goals(&self) -> PortResult<Vec<Goal>> {
        self.run(load_goals)
    }
}

/// Every goal in the order they were added, with how many live books serve it.
pub(crate) fn load_goals(conn: &mut PgConnection) -> QueryResult<Vec<Goal>> {
    let rows: Vec<(i64, String, String, String, String, String, String)> = goals::table
        .select((goals::id, goals::title, goals::short_title, goals::mobile_title, goals::description, goals::photo, goals::featured_photo))
        .order(goals::id)
        .load(conn)?;
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
