//! Demo goals, podcasts and insights (`seed-data/content.toml`), made through the back office's
//! own use cases as the demo admin, so they are validated and audited like an operator's.

use crate::catalogue_seed::{data_dir, Narration, Runtime};
use crate::{art, audio};
use admin::ports::ContentShelf;
use admin::service::{BookForm, GoalForm, GoalPhoto, InsightForm, PodcastForm, PodcastMedia};
use admin::Admin;
use anyhow::{Context, Result};
use diesel::PgConnection;
use kernel::UserId;
use media::MediaStore;
use serde::Deserialize;

#[derive(Deserialize)]
struct ContentFile {
    goals: Vec<GoalEntry>,
    podcasts: Vec<PodcastEntry>,
    insights: Vec<InsightEntry>,
}

#[derive(Deserialize)]
struct GoalEntry {
    title: String,
    short_title: String,
    mobile_title: String,
    desc: String,
    /// Book subids.
    books: Vec<String>,
}

#[derive(Deserialize)]
struct PodcastEntry {
    title: String,
    author: String,
    author_desc: String,
    description: String,
    mins: u32,
    /// What espeak-ng says as the episode.
    script: String,
}

#[derive(Deserialize)]
struct InsightEntry {
    book: String,
    insight: String,
}

fn failed(what: &str) -> impl Fn(admin::AdminError) -> anyhow::Error + '_ {
    move |e| anyhow::anyhow!("seeding {what}: {e}")
}

/// Loads the demo content when there are no goals yet; `actor` is the admin it is recorded as.
pub fn seed_content(conn: &mut PgConnection, store: &MediaStore, actor: UserId, narration: Narration) -> Result<()> {
    let content: ContentFile = toml::from_str(&std::fs::read_to_string(data_dir().join("content.toml"))?).context("reading content.toml")?;
    let runtime = Runtime::new()?;
    let gate = db::Gate::new(conn);
    let store_db = db::PgAdminStore::on(&gate);
    let admin = Admin::new(&store_db, chrono::Utc::now());
    if !admin.goals().map_err(failed("goals"))?.is_empty() {
        println!("The goals are there already; not seeding goals, podcasts and insights.");
        return Ok(());
    }

    for (index, entry) in content.goals.iter().enumerate() {
        let goal = admin
            .add_goal(
                actor,
                &GoalForm {
                    title: Some(&entry.title),
                    short_title: Some(&entry.short_title),
                    mobile_title: Some(&entry.mobile_title),
                    description: Some(&entry.desc),
                },
            )
            .map_err(failed(&entry.title))?;
        for (photo, suffix) in [(GoalPhoto::Photo, "photo"), (GoalPhoto::Featured, "featured")] {
            let key = format!("public/goals/goal-{}-{suffix}.svg", goal.id);
            runtime.put(store, &key, art::tile(&entry.short_title).into_bytes())?;
            admin.set_goal_photo(actor, goal.id, photo, &key).map_err(failed(&entry.title))?;
        }
        for subid in &entry.books {
            let (book_id, _) =
                store_db.find_book(subid).map_err(|e| anyhow::anyhow!("{subid}: {e:?}"))?.with_context(|| format!("content.toml: no book {subid}"))?;
            let book = admin.book(book_id).map_err(failed(subid))?;
            let mut goals = book.goals.clone();
            goals.push(goal.id);
            let form = BookForm {
                title: Some(&book.title),
                author: Some(&book.author),
                categories: Some(book.categories.clone()),
                goals: Some(goals),
                ..BookForm::default()
            };
            admin.update_book(actor, book_id, &form).map_err(failed(subid))?;
        }
        println!("Seeding goals: {}/{} {}", index + 1, content.goals.len(), entry.title);
    }

    let speech = narration == Narration::Speech && audio::speech_available();
    for (index, entry) in content.podcasts.iter().enumerate() {
        // Real speech lists its own length; the tone stands in for the length the data gives.
        let (audio, extension, mins) = if speech {
            let spoken = audio::narrate(std::slice::from_ref(&entry.script))?;
            let mins = (spoken.seconds() / 60.0).ceil().max(1.0);
            (spoken.mp3, "mp3", mins)
        } else {
            (audio::tone(20), "wav", f64::from(entry.mins))
        };
        let form = PodcastForm {
            title: Some(&entry.title),
            author: Some(&entry.author),
            author_description: Some(&entry.author_desc),
            description: Some(&entry.description),
            mins: Some(Some(mins)),
        };
        let podcast = admin.add_podcast(actor, &form).map_err(failed(&entry.title))?;
        let cover = format!("public/podcasts/podcast-{}.svg", podcast.id);
        runtime.put(store, &cover, art::cover(&entry.title, &entry.author).into_bytes())?;
        admin.set_podcast_media(actor, podcast.id, PodcastMedia::Photo, &cover).map_err(failed(&entry.title))?;
        let key = format!("premium/podcasts/podcast-{}.{extension}", podcast.id);
        runtime.put(store, &key, audio)?;
        admin.set_podcast_media(actor, podcast.id, PodcastMedia::Episode, &key).map_err(failed(&entry.title))?;
        println!("Seeding podcasts: {}/{} {}", index + 1, content.podcasts.len(), entry.title);
    }

    for entry in &content.insights {
        admin.add_insight(actor, &InsightForm { insight: Some(&entry.insight), book: Some(&entry.book) }).map_err(failed(&entry.book))?;
    }
    println!("Seeding insights: {}", content.insights.len());
    Ok(())
}
