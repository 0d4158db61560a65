//! Loads the demo catalogue from `xtask/seed-data/` into the database and the media store.

use crate::{art, audio};
use anyhow::{bail, Context, Result};
use chrono::{NaiveDate, TimeZone, Utc};
use db::catalogue::write::{self, NewAuthor, NewBlogPost, NewBook, NewCategory, NewCollection, NewVisual};
use diesel::PgConnection;
use media::MediaStore;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Narration {
    /// espeak-ng reads the summaries section by section, and the books with slides get a video
    /// (when espeak-ng and ffmpeg are installed).
    Speech,
    /// A short tone: fast, for benchmarks.
    Tone,
    /// Speech and a video for the first book with narration and slides, tones for the rest: the
    /// test servers, whose browser tests play that book, at the cost of one book's media.
    OneBook,
}

#[derive(Deserialize)]
struct CatalogueFile {
    categories: Vec<CategoryEntry>,
    collections: Vec<CollectionEntry>,
    authors: Vec<AuthorEntry>,
}

#[derive(Deserialize)]
struct CategoryEntry {
    subid: String,
    name: String,
    description: String,
}

#[derive(Deserialize)]
struct CollectionEntry {
    slug: String,
    title: String,
    description: String,
}

#[derive(Deserialize)]
struct AuthorEntry {
    slug: String,
    name: String,
    bio: String,
}

#[derive(Deserialize)]
struct BookFront {
    title: String,
    author: String,
    categories: Vec<String>,
    #[serde(default)]
    collections: Vec<String>,
    #[serde(default)]
    tags: Vec<String>,
    description: String,
    author_description: String,
    #[serde(default)]
    quotes: Vec<String>,
    #[serde(default)]
    goals: Vec<String>,
    #[serde(default)]
    free: bool,
    #[serde(default)]
    popular: bool,
    #[serde(default)]
    coming_soon: bool,
    #[serde(default)]
    audio: bool,
    uploaded: String,
    #[serde(default)]
    visuals: Vec<SlideEntry>,
}

#[derive(Deserialize)]
struct SlideEntry {
    title: String,
    body: String,
}

#[derive(Deserialize)]
struct PostFront {
    title: String,
    category: String,
    excerpt: String,
    published: String,
}

pub fn data_dir() -> PathBuf {
    xtask::util::root().join("xtask/seed-data")
}

/// Splits `+++\n<toml>\n+++\n<html>`.
fn front_matter(text: &str, file: &Path) -> Result<(String, String)> {
    let rest = text.strip_prefix("+++").with_context(|| format!("{}: no +++ front matter", file.display()))?;
    let (toml, body) = rest.split_once("\n+++").with_context(|| format!("{}: front matter not closed", file.display()))?;
    Ok((toml.to_owned(), body.trim().to_owned()))
}

fn date(text: &str) -> Result<chrono::DateTime<Utc>> {
    let day = NaiveDate::parse_from_str(text, "%Y-%m-%d").with_context(|| format!("bad date {text:?}"))?;
    Ok(Utc.from_utc_datetime(&day.and_hms_opt(9, 0, 0).expect("9:00 exists")))
}

fn files_in(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .collect();
    files.sort();
    Ok(files)
}

pub(crate) struct Runtime(tokio::runtime::Runtime);

impl Runtime {
    pub(crate) fn new() -> Result<Runtime> {
        Ok(Runtime(tokio::runtime::Builder::new_current_thread().enable_all().build()?))
    }

    pub(crate) fn put(&self, store: &MediaStore, key: &str, bytes: Vec<u8>) -> Result<()> {
        self.0.block_on(store.put(key, bytes)).with_context(|| format!("storing {key}"))
    }
}

/// Loads everything when the catalogue is empty; returns whether it did.
pub fn seed_catalogue(conn: &mut PgConnection, store: &MediaStore, narration: Narration) -> Result<bool> {
    if !write::catalogue_is_empty(conn)? {
        println!("The catalogue has data already; not seeding it.");
        return Ok(false);
    }
    let runtime = Runtime::new()?;
    let dir = data_dir();
    let catalogue: CatalogueFile = toml::from_str(&std::fs::read_to_string(dir.join("catalogue.toml"))?).context("reading catalogue.toml")?;

    let mut category_ids = HashMap::new();
    for (index, entry) in catalogue.categories.iter().enumerate() {
        let key = format!("public/categories/{}.svg", entry.subid);
        runtime.put(store, &key, art::category_icon(&entry.name).into_bytes())?;
        let id = write::insert_category(
            conn,
            &NewCategory {
                subid: entry.subid.clone(),
                name: entry.name.clone(),
                description: entry.description.clone(),
                small_image: key,
                sort_order: index as i32,
            },
        )?;
        category_ids.insert(entry.subid.clone(), id);
    }
    println!("Seeding categories: {}/{}", category_ids.len(), catalogue.categories.len());

    let mut authors = HashMap::new();
    for entry in &catalogue.authors {
        let key = format!("public/authors/{}.svg", entry.slug);
        runtime.put(store, &key, art::portrait(&entry.name).into_bytes())?;
        let id = write::insert_author(conn, &NewAuthor { slug: entry.slug.clone(), name: entry.name.clone(), bio: entry.bio.clone(), photo: key })?;
        authors.insert(entry.slug.clone(), (id, entry.name.clone()));
    }
    println!("Seeding authors: {}/{}", authors.len(), catalogue.authors.len());

    let mut collection_ids = HashMap::new();
    for (index, entry) in catalogue.collections.iter().enumerate() {
        let key = format!("public/collections/{}.svg", entry.slug);
        runtime.put(store, &key, art::tile(&entry.title).into_bytes())?;
        let id = write::insert_collection(
            conn,
            &NewCollection {
                slug: entry.slug.clone(),
                title: entry.title.clone(),
                description: entry.description.clone(),
                image: key,
                sort_order: index as i32,
            },
        )?;
        collection_ids.insert(entry.slug.clone(), (id, 0i32));
    }
    println!("Seeding collections: {}/{}", collection_ids.len(), catalogue.collections.len());

    let book_files = files_in(&dir.join("books"))?;
    let mut narrations = Vec::new();
    for (index, file) in book_files.iter().enumerate() {
        let subid = file.file_stem().and_then(|s| s.to_str()).context("book file name")?.to_owned();
        let (toml_text, body) = front_matter(&std::fs::read_to_string(file)?, file)?;
        let front: BookFront = toml::from_str(&toml_text).with_context(|| format!("{}: front matter", file.display()))?;
        let Some((author_id, author_name)) = authors.get(&front.author).cloned() else {
            bail!("{}: unknown author {:?}", file.display(), front.author);
        };
        let body = catalogue::html::SanitizedHtml::new(&body);
        let cover = format!("public/covers/{subid}.svg");
        runtime.put(store, &cover, art::cover(&front.title, &author_name).into_bytes())?;
        let infographic = if front.visuals.is_empty() {
            None
        } else {
            let key = format!("premium/infographics/{subid}.svg");
            let ideas: Vec<String> = front.visuals.iter().map(|v| v.title.clone()).collect();
            runtime.put(store, &key, art::infographic(&front.title, &ideas).into_bytes())?;
            Some(key)
        };
        let book_id = write::insert_book(
            conn,
            NewBook {
                subid: subid.clone(),
                title: front.title.clone(),
                author_id: Some(author_id),
                author: author_name,
                author_description: front.author_description,
                description: front.description,
                image: cover,
                vector: String::new(),
                infographic,
                body: body.clone(),
                quotes: front.quotes,
                goals: front.goals,
                tags: front.tags,
                media_url: None,
                video: None,
                free: front.free,
                popular: front.popular,
                coming_soon: front.coming_soon,
                upload_date: date(&front.uploaded)?,
                read_count: 0,
                recent_reads: 0,
            },
        )?;
        let mut pairs = Vec::new();
        for category in &front.categories {
            let id = category_ids.get(category).with_context(|| format!("{}: unknown category {category:?}", file.display()))?;
            pairs.push((book_id, *id));
        }
        write::add_book_categories(conn, &pairs)?;
        for collection in &front.collections {
            let (id, next) = collection_ids.get_mut(collection).with_context(|| format!("{}: unknown collection {collection:?}", file.display()))?;
            write::add_to_collection(conn, *id, book_id, *next)?;
            *next += 1;
        }
        let mut slides = Vec::new();
        let mut slide_images = Vec::new();
        for (n, slide) in front.visuals.iter().enumerate() {
            let key = format!("premium/visuals/{subid}-{}.svg", n + 1);
            let image = art::slide(&front.title, n + 1, &slide.title);
            runtime.put(store, &key, image.clone().into_bytes())?;
            slide_images.push(image);
            slides.push(NewVisual { book_id, position: n as i32, image: key, title: slide.title.clone(), body: slide.body.clone() });
        }
        write::insert_visuals(conn, &slides)?;
        if front.audio {
            let mut sections: Vec<String> = catalogue::html::sections(body.as_str())
                .into_iter()
                .map(|section| format!("{}. {}", section.title, catalogue::html::plain_text(&section.html)))
                .collect();
            if let Some(first) = sections.first_mut() {
                first.insert_str(0, &format!("{}. By {}. ", front.title, authors[&front.author].1));
            }
            narrations.push(BookNarration { book_id, subid: subid.clone(), sections, slides: slide_images });
        }
        println!("Seeding books: {}/{} {}", index + 1, book_files.len(), front.title);
    }

    narrate(conn, store, &runtime, narrations, narration)?;

    let posts = files_in(&dir.join("blog"))?;
    for (index, file) in posts.iter().enumerate() {
        let slug = file.file_stem().and_then(|s| s.to_str()).context("post file name")?.to_owned();
        let (toml_text, body) = front_matter(&std::fs::read_to_string(file)?, file)?;
        let front: PostFront = toml::from_str(&toml_text).with_context(|| format!("{}: front matter", file.display()))?;
        write::insert_blog_post(
            conn,
            NewBlogPost {
                slug,
                title: front.title,
                excerpt: front.excerpt,
                body: catalogue::html::SanitizedHtml::new(&body),
                image: String::new(),
                category: front.category,
                published_at: date(&front.published)?,
            },
        )?;
        println!("Seeding blog posts: {}/{}", index + 1, posts.len());
    }
    Ok(true)
}

struct BookNarration {
    book_id: i64,
    subid: String,
    /// What is said for each of the reader's sections.
    sections: Vec<String>,
    /// The book's slides (SVG); a book with slides gets a video of them over its narration.
    slides: Vec<String>,
}

/// What the narrating threads hand back for one book.
struct Narrated {
    audio_key: String,
    audio: Vec<u8>,
    seconds: Option<f64>,
    video: Option<Vec<u8>>,
}

/// Audio for the books marked `audio`, and videos for those of them with slides: on two threads,
/// each file from the cache when it was made before.
fn narrate(conn: &mut PgConnection, store: &MediaStore, runtime: &Runtime, books: Vec<BookNarration>, narration: Narration) -> Result<()> {
    let speech = narration != Narration::Tone && audio::speech_available();
    let real = |book: &BookNarration| match narration {
        Narration::Speech => speech,
        Narration::OneBook => speech && books.iter().find(|b| !b.slides.is_empty()).is_some_and(|first| first.book_id == book.book_id),
        Narration::Tone => false,
    };
    let total = books.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let make = |book: &BookNarration| -> Result<Narrated> {
        if !real(book) {
            return Ok(Narrated { audio_key: format!("premium/audio/{}.wav", book.subid), audio: audio::tone(30), seconds: None, video: None });
        }
        let spoken = audio::narrate(&book.sections)?;
        let video = if book.slides.is_empty() { None } else { Some(audio::video(&book.slides, &spoken)?) };
        Ok(Narrated { audio_key: format!("premium/audio/{}.mp3", book.subid), seconds: Some(spoken.seconds()), audio: spoken.mp3, video })
    };
    let results: Vec<(&BookNarration, Result<Narrated>)> = std::thread::scope(|scope| {
        let halves: Vec<_> = books
            .chunks(total.div_ceil(2).max(1))
            .map(|chunk| {
                let (done, make) = (&done, &make);
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|book| {
                            let made = make(book);
                            let n = done.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                            let what = match &made {
                                Ok(Narrated { seconds: Some(s), video, .. }) => {
                                    format!("{:.0} min of speech{}", s / 60.0, if video.is_some() { " and a video" } else { "" })
                                }
                                Ok(_) => "a tone".to_owned(),
                                Err(_) => "failed".to_owned(),
                            };
                            println!("Seeding audio and video: {n}/{total} {} ({what})", book.subid);
                            (book, made)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().expect("narration thread")).collect()
    });
    for (book, made) in results {
        let made = made.with_context(|| format!("narrating {}", book.subid))?;
        runtime.put(store, &made.audio_key, made.audio)?;
        let seconds = made.seconds.map(|s| s.round() as i32);
        write::set_book_audio(conn, book.book_id, Some(&made.audio_key), seconds)?;
        if let Some(video) = made.video {
            let key = format!("premium/video/{}.mp4", book.subid);
            runtime.put(store, &key, video)?;
            write::set_book_video(conn, book.book_id, Some(&key))?;
        }
    }
    Ok(())
}
