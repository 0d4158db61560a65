//! A small catalogue built for the tests (never the demo seed): premium, free and preview books
//! with marked text, audio, video, visuals and infographics, so a leak shows up as a marker.

use super::TestApp;
use chrono::{Duration, Utc};
use db::catalogue::write::{self, NewAuthor, NewBlogPost, NewBook, NewCategory, NewCollection, NewVisual};
use std::collections::HashMap;

/// Text that only readers entitled to a book's full body may ever receive.
pub fn secret(subid: &str) -> String {
    format!("SECRET-{subid}")
}

/// Text of a visual slide: only for those entitled to visuals.
pub fn slide_secret(subid: &str) -> String {
    format!("SLIDE-{subid}")
}

/// The bytes of every audio file: 0..=255 four times (1024 bytes), so ranges are checkable.
pub fn audio_bytes() -> Vec<u8> {
    (0..1024u32).map(|i| (i % 256) as u8).collect()
}

pub struct Catalogue {
    pub categories: HashMap<&'static str, i64>,
    pub books: HashMap<&'static str, i64>,
}

pub struct BookSpec {
    pub subid: &'static str,
    pub title: &'static str,
    pub author: &'static str,
    pub category: &'static str,
    pub free: bool,
    pub audio: bool,
    pub video: bool,
    pub visuals: bool,
    pub days_old: i64,
    pub recent_reads: i32,
}

/// Every book of the test catalogue, newest first.
pub const BOOKS: &[BookSpec] = &[
    BookSpec {
        subid: "premium-1",
        title: "Meditations",
        author: "Marcus Aurelius",
        category: "philosophy",
        free: false,
        audio: true,
        video: true,
        visuals: true,
        days_old: 1,
        recent_reads: 5,
    },
    BookSpec {
        subid: "premium-2",
        title: "Meditations on First Philosophy",
        author: "Rene Descartes",
        category: "philosophy",
        free: false,
        audio: true,
        video: false,
        visuals: false,
        days_old: 2,
        recent_reads: 50,
    },
    BookSpec {
        subid: "premium-3",
        title: "The Wealth of Nations",
        author: "Adam Smith",
        category: "economics",
        free: false,
        audio: false,
        video: true,
        visuals: false,
        days_old: 3,
        recent_reads: 20,
    },
    BookSpec {
        subid: "premium-4",
        title: "The Art of War",
        author: "Sun Tzu",
        category: "strategy",
        free: false,
        audio: false,
        video: false,
        visuals: false,
        days_old: 4,
        recent_reads: 40,
    },
    BookSpec {
        subid: "premium-5",
        title: "Walden",
        author: "Henry David Thoreau",
        category: "philosophy",
        free: false,
        audio: false,
        video: false,
        visuals: false,
        days_old: 5,
        recent_reads: 1,
    },
    BookSpec {
        subid: "free-book",
        title: "The Way to Wealth",
        author: "Benjamin Franklin",
        category: "economics",
        free: true,
        audio: true,
        video: true,
        visuals: true,
        days_old: 6,
        recent_reads: 30,
    },
    BookSpec {
        subid: "preview-book",
        title: "On Liberty",
        author: "John Stuart Mill",
        category: "strategy",
        free: false,
        audio: true,
        video: true,
        visuals: true,
        days_old: 7,
        recent_reads: 10,
    },
];

fn body(subid: &str, title: &str) -> String {
    format!(
        "<h3>The first idea of {title}</h3><p>An opening anyone may read about {title}.</p>\
         <h3>The second idea</h3><p>{secret} lies in the second section, where meditations deepen.</p>\
         <h3>The third idea</h3><p>More text for members.</p><script>alert('x')</script>\
         <h2>Final summary</h2><p>The end.</p>",
        secret = secret(subid)
    )
}

impl TestApp {
    /// Writes a media file straight into the store's folder.
    pub fn put_media(&self, key: &str, bytes: &[u8]) {
        let path = self.media_dir.join(key);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }

    /// Loads the test catalogue; `preview-book` is this month's preview.
    pub fn seed_catalogue(&self) -> Catalogue {
        let mut conn = self.connect();
        let mut categories = HashMap::new();
        for (i, (subid, name)) in [("philosophy", "Philosophy"), ("economics", "Economics"), ("strategy", "Strategy")].into_iter().enumerate() {
            let key = format!("public/categories/{subid}.svg");
            self.put_media(&key, b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
            let id = write::insert_category(
                &mut conn,
                &NewCategory { subid: subid.into(), name: name.into(), description: format!("About {name}"), small_image: key, sort_order: i as i32 },
            )
            .unwrap();
            categories.insert(subid, id);
        }
        let classics = write::insert_collection(
            &mut conn,
            &NewCollection { slug: "classics".into(), title: "Classics".into(), description: "Old and good".into(), image: String::new(), sort_order: 0 },
        )
        .unwrap();
        let marcus = write::insert_author(
            &mut conn,
            &NewAuthor { slug: "marcus-aurelius".into(), name: "Marcus Aurelius".into(), bio: "Emperor and Stoic.".into(), photo: String::new() },
        )
        .unwrap();
        let mut books = HashMap::new();
        for (position, spec) in BOOKS.iter().enumerate() {
            let key = |kind: &str, ext: &str| format!("premium/{kind}/{}.{ext}", spec.subid);
            let cover = format!("public/covers/{}.svg", spec.subid);
            self.put_media(&cover, b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
            if spec.audio {
                self.put_media(&key("audio", "wav"), &audio_bytes());
            }
            if spec.video {
                self.put_media(&key("video", "mp4"), b"not really a video");
            }
            let infographic = spec.visuals.then(|| key("infographics", "svg"));
            if let Some(k) = &infographic {
                self.put_media(k, b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
            }
            let id = write::insert_book(
                &mut conn,
                NewBook {
                    subid: spec.subid.into(),
                    title: spec.title.into(),
                    author_id: (spec.author == "Marcus Aurelius").then_some(marcus),
                    author: spec.author.into(),
                    author_description: String::new(),
                    description: format!("A summary of {}.", spec.title),
                    image: cover,
                    vector: String::new(),
                    infographic,
                    body: catalogue::html::SanitizedHtml::new(&body(spec.subid, spec.title)),
                    quotes: vec![],
                    goals: vec![],
                    tags: vec![],
                    media_url: spec.audio.then(|| key("audio", "wav")),
                    video: spec.video.then(|| key("video", "mp4")),
                    free: spec.free,
                    popular: false,
                    coming_soon: false,
                    upload_date: Utc::now() - Duration::days(spec.days_old),
                    read_count: spec.recent_reads * 2,
                    recent_reads: spec.recent_reads,
                },
            )
            .unwrap();
            write::add_book_categories(&mut conn, &[(id, categories[spec.category])]).unwrap();
            if position < 3 {
                write::add_to_collection(&mut conn, classics, id, 3 - position as i32).unwrap();
            }
            if spec.visuals {
                let slides: Vec<NewVisual> = (0..2)
                    .map(|n| {
                        let image = format!("premium/visuals/{}-{n}.svg", spec.subid);
                        self.put_media(&image, b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
                        NewVisual { book_id: id, position: n, image, title: format!("Idea {n}"), body: format!("{} {n}", slide_secret(spec.subid)) }
                    })
                    .collect();
                write::insert_visuals(&mut conn, &slides).unwrap();
            }
            books.insert(spec.subid, id);
        }
        write::set_monthly_preview(&mut conn, catalogue::service::month_of(Utc::now()), books["preview-book"]).unwrap();
        for (slug, category, days) in [("welcome", "ideas", 3), ("dark-mode", "whats-new", 1), ("search", "whats-new", 2)] {
            write::insert_blog_post(
                &mut conn,
                NewBlogPost {
                    slug: slug.into(),
                    title: format!("Post {slug}"),
                    excerpt: format!("About {slug}"),
                    body: catalogue::html::SanitizedHtml::new(&format!("<p>Body of {slug}</p><script>alert(1)</script>")),
                    image: String::new(),
                    category: category.into(),
                    published_at: Utc::now() - Duration::days(days),
                },
            )
            .unwrap();
        }
        Catalogue { categories, books }
    }

    /// Registers a member and gives them a lifetime plan.
    pub async fn paid_member(&self, email: &str) -> String {
        let token = self.register(email, super::PASSWORD).await;
        assert!(db::operators::grant_lifetime_plan(&mut self.connect(), &kernel::Email::parse(email).unwrap()).unwrap());
        token
    }

    /// Sets a member's plan dates directly (trial, expired...).
    pub fn set_plan(&self, email: &str, plan: &str, paid: chrono::DateTime<Utc>, end: Option<chrono::DateTime<Utc>>) {
        use db::schema::users;
        use diesel::prelude::*;
        diesel::update(users::table.filter(users::email.eq(email)))
            .set((users::plan_id.eq(plan), users::paid_date.eq(Some(paid)), users::end_paid_date.eq(end)))
            .execute(&mut self.connect())
            .unwrap();
    }
}
