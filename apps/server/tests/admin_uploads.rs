//! Admin uploads over HTTP: files recognised by content, streamed into the media store (a 2 GB
//! video with the server's memory flat), the old file kept when an upload fails or is aborted.

mod common;

use common::*;
use futures::StreamExt;
use reqwest::StatusCode;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
/// Half a second of a tone (MP3, 22 kHz) and of a blue square (H.264 in MP4, its index first),
/// made with ffmpeg: uploads of audio and video must play.
const MP3: &[u8] = include_bytes!("fixtures/tone.mp3");
const CLIP: &[u8] = include_bytes!("fixtures/clip.mp4");
/// The same square in MPEG-4 Part 2, which browsers do not play.
const CLIP_MPEG4: &[u8] = include_bytes!("fixtures/clip-mpeg4.mp4");
/// The start of an MP4 file and nothing more: recognised as a video, never playable.
const MP4_HEAD: &[u8] = b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom";

const BOUNDARY: &str = "gistbook-test-boundary";

/// The tests of this file run one at a time: the 2 GB upload samples the whole process's memory,
/// which the cover tests' image decoding and encoding (in other test threads) would add to.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A multipart body (`fileName`, then `file`) around a stream of the file's bytes.
fn multipart(file: impl futures::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + 'static) -> reqwest::Body {
    let head = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"fileName\"\r\n\r\nupload.bin\r\n\
         --{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    );
    let tail = format!("\r\n--{BOUNDARY}--\r\n");
    let stream = futures::stream::iter([Ok(head.into_bytes())]).chain(file).chain(futures::stream::iter([Ok(tail.into_bytes())]));
    reqwest::Body::wrap_stream(stream)
}

async fn upload(app: &TestApp, token: Option<&str>, slot: &str, id: i64, body: reqwest::Body) -> Result<reqwest::Response, reqwest::Error> {
    let mut request = app
        .client
        .post(app.url(&format!("/api/admin/books/{slot}/{id}")))
        .header(reqwest::header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
        .timeout(std::time::Duration::from_secs(600))
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await
}

fn whole(bytes: &'static [u8]) -> reqwest::Body {
    multipart(futures::stream::iter([Ok(bytes.to_vec())]))
}

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// The book's media key for a slot, as the back office shows it.
async fn book(app: &TestApp, token: &str, id: i64) -> Value {
    result(app.get(&format!("/api/admin/books/{id}"), Some(token)).await).await["book"].clone()
}

/// Every file under the media folder (an upload in progress is a partial object there too).
fn stored_files(app: &TestApp) -> Vec<String> {
    files_in(&app.media_dir)
}

fn files_in(media_dir: &std::path::Path) -> Vec<String> {
    fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, root, out);
            } else {
                out.push(path.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(media_dir, media_dir, &mut out);
    out.sort();
    out
}

#[actix_web::test]
async fn a_cover_is_recognised_stored_and_served_and_a_wrong_kind_is_refused() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("ada@example.com", PASSWORD).await;
    let id = catalogue.books["premium-4"];

    assert_eq!(upload(&app, None, "photo", id, whole(PNG)).await.unwrap().status(), StatusCode::UNAUTHORIZED);
    assert_eq!(upload(&app, Some(&member), "photo", id, whole(PNG)).await.unwrap().status(), StatusCode::FORBIDDEN);
    let before = book(&app, &admin, id).await;

    let wrong = upload(&app, Some(&admin), "photo", id, whole(MP3)).await.unwrap();
    assert_error(wrong, StatusCode::BAD_REQUEST, "wrong_file_kind", "Please choose an image (PNG, JPEG, WebP, GIF or SVG).").await;
    let html = upload(&app, Some(&admin), "photo", id, whole(b"<html><script>alert(1)</script></html>")).await.unwrap();
    assert_eq!(html.status(), StatusCode::BAD_REQUEST);
    assert_eq!(book(&app, &admin, id).await["image"], before["image"], "nothing changed");
    let missing = upload(&app, Some(&admin), "photo", 987_654, whole(PNG)).await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    let uploaded = result(upload(&app, Some(&admin), "photo", id, whole(PNG)).await.unwrap()).await;
    assert_eq!(uploaded["message"], "The photo was uploaded.");
    let key = uploaded["book"]["image"].as_str().unwrap().to_owned();
    assert!(key.starts_with("public/covers/premium-4-") && key.ends_with(".png"), "{key}");
    assert_eq!(std::fs::read(app.media_dir.join(&key)).unwrap(), PNG);
    let served = app.get(&format!("/media/{key}"), None).await;
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
    // Members see the new cover.
    let card = result(app.get("/api/books/premium-4", Some(&member)).await).await["book"]["image"].clone();
    assert_eq!(card, format!("/media/{key}"));

    // Audio for the narration slot; the audit log names the upload.
    let audio = result(upload(&app, Some(&admin), "media", id, whole(MP3)).await.unwrap()).await;
    assert_eq!(audio["message"], "The media was uploaded.");
    let entries = result(app.get(&format!("/api/admin/audit?entityId={id}&action=book.media_uploaded"), Some(&admin)).await).await["entries"].clone();
    assert_eq!(entries.as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn audio_and_video_that_would_not_play_are_refused_with_what_to_choose_and_leave_nothing() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let id = catalogue.books["premium-2"];
    let before = book(&app, &admin, id).await;
    let files_before = stored_files(&app);

    // An MP3's first bytes and then nothing an audio decoder can read.
    let mut fake_mp3 = b"ID3\x04\0\0\0\0\0\0\xff\xfb\x90\x64".to_vec();
    fake_mp3.extend((0..4096u32).map(|i| (i * 31 % 251) as u8));
    let refusals = [
        ("media", fake_mp3, "This file could not be read as audio: it may be damaged or not really an audio file. Please choose another."),
        ("video", MP4_HEAD.to_vec(), "This file could not be read as a video: it may be damaged or not really a video. Please choose another."),
        (
            "video",
            CLIP_MPEG4.to_vec(),
            "This video would not play in browsers: please choose video in H.264, VP8, VP9 or AV1, with MP3, AAC, Opus or Vorbis sound.",
        ),
    ];
    for (slot, file, message) in refusals {
        let refused = upload(&app, Some(&admin), slot, id, multipart(futures::stream::iter([Ok(file)]))).await.unwrap();
        assert_error(refused, StatusCode::BAD_REQUEST, "not_playable", message).await;
    }
    let after = book(&app, &admin, id).await;
    assert_eq!((after["mediaUrl"].clone(), after["video"].clone()), (before["mediaUrl"].clone(), before["video"].clone()), "the book is unchanged");
    assert_eq!(stored_files(&app), files_before, "a refused file is not kept");

    // The real ones are taken.
    let video = result(upload(&app, Some(&admin), "video", id, whole(CLIP)).await.unwrap()).await;
    assert_eq!(video["message"], "The video was uploaded successfully!");
    let audio = result(upload(&app, Some(&admin), "media", id, whole(MP3)).await.unwrap()).await;
    assert_eq!(audio["message"], "The media was uploaded.");
    // The length ffprobe read (half a second, rounded) is the book's, before its audio loads.
    let page = result(app.get("/api/books/premium-2", None).await).await["book"].clone();
    assert_eq!(page["audioSeconds"], 1, "{page}");
}

/// A real 1200 x 1800 PNG cover.
fn real_cover() -> Vec<u8> {
    let mut seed: u32 = 7;
    let image = image::RgbImage::from_fn(1200, 1800, |_, _| {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let [a, b, c, _] = seed.to_le_bytes();
        image::Rgb([a, b, c])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[actix_web::test]
async fn a_cover_gets_a_card_sized_variant_that_book_cards_show() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let id = catalogue.books["premium-5"];
    let cover = real_cover();
    let uploaded = result(upload(&app, Some(&admin), "photo", id, multipart(futures::stream::iter([Ok(cover.clone())]))).await.unwrap()).await;
    let key = uploaded["book"]["image"].as_str().unwrap().to_owned();
    let card_url = uploaded["book"]["imageCardUrl"].as_str().expect("a card variant").to_owned();
    assert_eq!(card_url, format!("/media/{}-card.jpg", key.trim_end_matches(".png")));
    let card = app.get(&card_url, None).await.bytes().await.unwrap();
    let decoded = image::load_from_memory(&card).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (480, 720));
    assert!(card.len() < cover.len() / 4, "{} bytes for the card, {} for the original", card.len(), cover.len());

    // Browsers that accept WebP get the same card as WebP, smaller; the answer varies by Accept.
    let browser_accept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    let negotiated = app.client.get(app.url(&card_url)).header("accept", browser_accept).send().await.unwrap();
    assert_eq!(negotiated.headers()["content-type"], "image/webp");
    assert_eq!(negotiated.headers()["vary"], "Accept");
    let webp = negotiated.bytes().await.unwrap();
    let decoded = image::load_from_memory(&webp).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (480, 720));
    assert!(webp.len() < card.len(), "{} bytes as WebP, {} as JPEG", webp.len(), card.len());
    let plain = app.client.get(app.url(&card_url)).header("accept", "image/png,image/*").send().await.unwrap();
    assert_eq!(plain.headers()["content-type"], "image/jpeg");
    assert_eq!(plain.headers()["vary"], "Accept");
    let original = app.client.get(app.url(&format!("/media/{key}"))).header("accept", browser_accept).send().await.unwrap();
    assert_eq!(original.headers()["content-type"], "image/png", "only card variants have a WebP sibling");
    assert!(original.headers().get("vary").is_none());
    let webp_path = app.media_dir.join(format!("{}-card.webp", key.trim_end_matches(".png")));
    assert!(webp_path.exists());

    // Cards (lists, search) show the variant; the book's own page the original.
    let member = app.register("ada@example.com", PASSWORD).await;
    let search = app.get("/api/search?q=Walden", Some(&member)).await.text().await.unwrap();
    assert!(search.contains(&card_url), "{search}");
    let page = result(app.get("/api/books/premium-5", Some(&member)).await).await;
    assert_eq!(page["book"]["image"], format!("/media/{key}"));

    // A new cover replaces both files.
    let again = result(upload(&app, Some(&admin), "photo", id, multipart(futures::stream::iter([Ok(cover)]))).await.unwrap()).await;
    assert_ne!(again["book"]["imageCardUrl"].as_str().unwrap(), card_url);
    assert_eq!(app.get(&card_url, None).await.status(), StatusCode::NOT_FOUND, "the old variant is gone");
    assert!(!webp_path.exists(), "and its WebP sibling");
    assert!(!app.media_dir.join(&key).exists(), "the old cover is gone");
}

#[actix_web::test]
async fn an_aborted_or_oversized_upload_leaves_the_old_file_in_place_and_nothing_else() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let id = catalogue.books["premium-1"];
    let before = book(&app, &admin, id).await;
    let files_before = stored_files(&app);

    // The sender dies after 3 MB, once the server has begun storing the file (a partial object
    // is in the media folder): that object going away is the server being done with the upload.
    let partial_seen = Arc::new(AtomicBool::new(false));
    let dies_once_stored = {
        let (media_dir, files_before, partial_seen) = (app.media_dir.clone(), files_before.clone(), partial_seen.clone());
        async move {
            let deadline = Instant::now() + Duration::from_secs(15);
            while Instant::now() < deadline {
                if files_in(&media_dir) != files_before {
                    partial_seen.store(true, Ordering::Relaxed);
                    break;
                }
                actix_web::rt::time::sleep(Duration::from_millis(20)).await;
            }
            Err::<Vec<u8>, _>(std::io::Error::other("the browser tab was closed"))
        }
    };
    let dying = futures::stream::iter([Ok(MP4_HEAD.to_vec()), Ok(vec![7u8; 3 * 1024 * 1024])]).chain(futures::stream::once(dies_once_stored));
    let aborted = upload(&app, Some(&admin), "video", id, multipart(dying)).await;
    if let Ok(response) = aborted {
        assert!(!response.status().is_success(), "{}", response.status());
    }
    assert!(partial_seen.load(Ordering::Relaxed), "the server had not begun storing the upload 15 s after its first 3 MB");
    // A cover over the 20 MB cap.
    let big = futures::stream::iter([Ok(PNG.to_vec())]).chain(futures::stream::iter((0..21).map(|_| Ok(vec![0u8; 1024 * 1024]))));
    let oversized = upload(&app, Some(&admin), "photo", id, multipart(big)).await.unwrap();
    assert_eq!(oversized.status(), StatusCode::PAYLOAD_TOO_LARGE);

    // Wait for the server to notice the dead connection and remove the partial object.
    let deadline = Instant::now() + Duration::from_secs(15);
    while stored_files(&app) != files_before {
        assert!(Instant::now() < deadline, "15 s after the upload died the media folder holds {:?}, not {files_before:?}", stored_files(&app));
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    let after = book(&app, &admin, id).await;
    assert_eq!((after["video"].clone(), after["image"].clone()), (before["video"].clone(), before["image"].clone()));
    assert_eq!(stored_files(&app), files_before, "no partial object was left");
}

/// The 2 GB file: 1 MiB blocks of fixed random bytes, each starting with its index, after a
/// short playable video (ffprobe reads its index and stops). Any byte can be recomputed, so the stored file is compared in full.
fn block(index: u64, base: &[u8]) -> Vec<u8> {
    let mut block = base.to_vec();
    block[..8].copy_from_slice(&index.to_le_bytes());
    block
}

fn rss_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok()).unwrap_or(0) * 1024
}

#[actix_web::test]
async fn a_two_gigabyte_video_streams_through_with_flat_memory_and_every_byte_right() {
    let _alone = ONE_AT_A_TIME.lock().await;
    const BLOCKS: u64 = 2048;
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let id = catalogue.books["premium-3"];
    let base: Arc<Vec<u8>> = Arc::new((0..1024 * 1024).map(|i| (i * 7 + 13) as u8).collect());

    // Memory is sampled while the file goes through: the peak over the first quarter (buffers
    // and thread arenas warmed up) against the peak over the whole: flat means no growth with size.
    let sent = Arc::new(AtomicU64::new(0));
    let early_peak = Arc::new(AtomicU64::new(0));
    let peak = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let baseline = rss_bytes();
    let sampler = {
        let (sent, early_peak, peak, done) = (sent.clone(), early_peak.clone(), peak.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                let rss = rss_bytes();
                peak.fetch_max(rss, Ordering::Relaxed);
                if sent.load(Ordering::Relaxed) < BLOCKS / 4 {
                    early_peak.fetch_max(rss, Ordering::Relaxed);
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        })
    };
    let (source, counter) = (base.clone(), sent.clone());
    let file = futures::stream::iter([Ok(CLIP.to_vec())]).chain(futures::stream::iter(0..BLOCKS).map(move |i| {
        counter.store(i, Ordering::Relaxed);
        Ok(block(i, &source))
    }));
    let response = upload(&app, Some(&admin), "video", id, multipart(file)).await.unwrap();
    done.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let uploaded = result(response).await;
    assert_eq!(uploaded["message"], "The video was uploaded successfully!");

    let (early, overall) = (early_peak.load(Ordering::Relaxed), peak.load(Ordering::Relaxed));
    let mb = |b: u64| b / (1024 * 1024);
    assert!(
        overall.saturating_sub(early) < 64 * 1024 * 1024,
        "memory kept growing with the file: {} MB after the first 512 MB, {} MB at the end (from {} MB)",
        mb(early),
        mb(overall),
        mb(baseline)
    );
    assert!(overall.saturating_sub(baseline) < 512 * 1024 * 1024, "{} MB more while 2 GB went through", mb(overall - baseline));

    // Every byte, in order.
    let key = {
        let link = uploaded["book"]["video"].as_str().unwrap();
        let path = link.split('?').next().unwrap().trim_start_matches("/media/").to_owned();
        path
    };
    assert!(key.starts_with("premium/video/premium-3-") && key.ends_with(".mp4"), "{key}");
    let path = app.media_dir.join(&key);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), CLIP.len() as u64 + BLOCKS * 1024 * 1024);
    use std::io::Read;
    let mut stored = std::io::BufReader::with_capacity(4 * 1024 * 1024, std::fs::File::open(&path).unwrap());
    let mut head = vec![0u8; CLIP.len()];
    stored.read_exact(&mut head).unwrap();
    assert_eq!(head, CLIP);
    let mut chunk = vec![0u8; 1024 * 1024];
    for i in 0..BLOCKS {
        stored.read_exact(&mut chunk).unwrap();
        assert!(chunk == block(i, &base), "block {i} differs");
    }
    std::fs::remove_file(path).unwrap();
}
