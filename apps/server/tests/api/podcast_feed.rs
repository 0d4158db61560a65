//! The private podcast feed over HTTP: the account page's calls, the RSS document read back as a
//! podcast app would, its enclosures (HEAD, byte ranges, a stable entity tag, If-Range), rotating
//! and revoking, the feed when Premium ends and comes back, and the sharing rule.

use crate::common;

use chrono::Duration;
use common::catalogue::audio_bytes;
use common::{assert_error, count, ok_body, spawn_app, spawn_app_with, AppOptions, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

const FEED: &str = "/api/user/podcast-feed";

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// Turns the feed on (or gives it a new address) and answers its path, `/feeds/{token}.xml`.
async fn new_address(app: &TestApp, token: &str) -> String {
    let answer = result(app.post_empty(FEED, Some(token)).await).await;
    assert_eq!(answer["feed"]["enabled"], true, "{answer}");
    let url = answer["url"].as_str().unwrap();
    let path = &url[url.find("/feeds/").expect("a feed address")..];
    assert!(path.ends_with(".xml"), "{path}");
    path.to_owned()
}

fn secret_of(path: &str) -> &str {
    path.trim_start_matches("/feeds/").trim_end_matches(".xml")
}

/// The document as a podcast app reads it.
async fn channel(app: &TestApp, path: &str) -> rss::Channel {
    let response = app.get(path, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()["content-type"], "application/rss+xml; charset=utf-8");
    let xml = response.text().await.unwrap();
    assert!(xml.contains(r#"xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd""#) && xml.contains("<itunes:block>Yes</itunes:block>"), "{xml}");
    rss::Channel::read_from(xml.as_bytes()).expect("the feed parses as RSS 2.0")
}

fn titles(channel: &rss::Channel) -> Vec<String> {
    channel.items().iter().filter_map(|item| item.title().map(str::to_owned)).collect()
}

/// An enclosure's path on this server.
fn enclosure_path(item: &rss::Item) -> String {
    let url = item.enclosure().expect("an enclosure").url();
    url[url.find("/feeds/").unwrap()..].to_owned()
}

async fn add_to_library(app: &TestApp, token: &str, subid: &str) {
    assert_eq!(app.post("/api/library", &json!({"bookId": subid}), Some(token)).await.status(), StatusCode::OK);
}

#[actix_web::test]
async fn a_premium_members_feed_lists_their_audio_and_its_enclosures_answer_ranges() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let member = app.paid_member("listener@example.com").await;
    for subid in ["premium-1", "free-book", "premium-3"] {
        add_to_library(&app, &member, subid).await;
    }
    assert_eq!(result(app.get(FEED, Some(&member)).await).await, json!({"enabled": false, "scope": "library", "createdAt": null, "lastFetchedAt": null}));
    let path = new_address(&app, &member).await;
    let secret = secret_of(&path).to_owned();
    assert_eq!(secret.len(), 22, "128 random bits, base64url");
    // Only a digest is kept.
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, &format!("SELECT count(*) FROM podcast_feeds WHERE token_digest = encode(sha256('{secret}'), 'hex')")), 1);
    assert_eq!(count(&mut conn, &format!("SELECT count(*) FROM podcast_feeds WHERE token_digest LIKE '%{secret}%'")), 0);

    // The library's books with audio, newest first (premium-3 has none).
    let feed = channel(&app, &path).await;
    assert_eq!(titles(&feed), ["The Way to Wealth by Benjamin Franklin", "Meditations by Marcus Aurelius"].map(str::to_owned), "{feed:?}");
    let meditations = &feed.items()[1];
    let enclosure = meditations.enclosure().unwrap();
    assert_eq!((enclosure.length(), enclosure.mime_type()), ("1024", "audio/wav"));
    assert_eq!(enclosure_path(meditations), format!("/feeds/{secret}/premium-1.wav"));
    assert_eq!(meditations.guid().map(|g| (g.value().to_owned(), g.is_permalink())), Some((format!("gistbook-audio-{}", catalogue.books["premium-1"]), false)));
    assert!(chrono::DateTime::parse_from_rfc2822(meditations.pub_date().unwrap()).is_ok(), "{:?}", meditations.pub_date());
    assert!(meditations.itunes_ext().and_then(|e| e.image()).is_some_and(|image| image.ends_with("/media/public/covers/premium-1.svg")));
    assert!(result(app.get(FEED, Some(&member)).await).await["lastFetchedAt"].is_i64());

    // The audio: whole, a range, HEAD, and If-Range against its entity tag.
    let audio = enclosure_path(meditations);
    let whole = app.get(&audio, None).await;
    assert_eq!(whole.status(), StatusCode::OK);
    let etag = whole.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.bytes().await.unwrap().to_vec(), audio_bytes());
    let ranged = |range: &'static str, if_range: Option<String>| {
        let (app, audio) = (&app, audio.clone());
        async move {
            let mut request = app.client.get(app.url(&audio)).header("range", range);
            if let Some(tag) = if_range {
                request = request.header("if-range", tag);
            }
            request.send().await.unwrap()
        }
    };
    let part = ranged("bytes=10-19", None).await;
    assert_eq!((part.status(), part.headers()["content-range"].to_str().unwrap().to_owned()), (StatusCode::PARTIAL_CONTENT, "bytes 10-19/1024".to_owned()));
    assert_eq!(part.headers()["etag"].to_str().unwrap(), etag, "the tag is stable");
    assert_eq!(part.bytes().await.unwrap().to_vec(), audio_bytes()[10..20].to_vec());
    assert_eq!(ranged("bytes=10-19", Some(etag.clone())).await.status(), StatusCode::PARTIAL_CONTENT);
    let changed = ranged("bytes=10-19", Some("\"another-file\"".into())).await;
    assert_eq!(changed.status(), StatusCode::OK, "a file that changed is sent whole");
    assert_eq!(changed.bytes().await.unwrap().len(), 1024);
    assert_eq!(ranged("bytes=5000-", None).await.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    let head = app.client.head(app.url(&audio)).send().await.unwrap();
    assert_eq!((head.status(), head.headers()["content-length"].to_str().unwrap()), (StatusCode::OK, "1024"));
    // An episode under another name, or of a book without audio, is not there.
    for missing in [format!("/feeds/{secret}/premium-1.mp3"), format!("/feeds/{secret}/premium-3.wav"), format!("/feeds/{secret}/no-such-book.wav")] {
        assert_eq!(app.get(&missing, None).await.status(), StatusCode::NOT_FOUND, "{missing}");
    }

    // Every audio summary, as a setting; a setting that does not exist is refused.
    assert_eq!(result(app.put(&format!("{FEED}/settings"), &json!({"scope": "all"}), Some(&member)).await).await["scope"], "all");
    assert_eq!(channel(&app, &path).await.items().len(), 4, "premium-1, premium-2, the free book and the preview book");
    assert_error(
        app.put(&format!("{FEED}/settings"), &json!({"scope": "everything"}), Some(&member)).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
        "Choose which summaries the feed holds: library or all.",
    )
    .await;

    // A new address stops the old one at once; episodes keep their GUIDs.
    let rotated = new_address(&app, &member).await;
    assert_ne!(rotated, path);
    assert_eq!(app.get(&path, None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get(&audio, None).await.status(), StatusCode::NOT_FOUND);
    let guids: Vec<String> = channel(&app, &rotated).await.items().iter().filter_map(|i| i.guid().map(|g| g.value().to_owned())).collect();
    assert!(guids.contains(&format!("gistbook-audio-{}", catalogue.books["premium-1"])), "{guids:?}");

    // Revoked: gone, and the call is only the member's.
    assert_eq!(result(app.delete(FEED, Some(&member)).await).await["enabled"], false);
    assert_eq!(app.get(&rotated, None).await.status(), StatusCode::NOT_FOUND);
    assert_error(
        app.put(&format!("{FEED}/settings"), &json!({"scope": "all"}), Some(&member)).await,
        StatusCode::NOT_FOUND,
        "no_feed",
        "Turn on your podcast feed first.",
    )
    .await;
    for response in [app.get(FEED, None).await, app.post_empty(FEED, None).await, app.delete(FEED, None).await] {
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    assert_eq!(app.get("/feeds/not-a-feed.xml", None).await.status(), StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn the_feed_empties_to_a_renewal_note_when_premium_ends_and_fills_again_on_renewal() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let now = app.now();
    let member = app.register("renewer@example.com", common::PASSWORD).await;
    app.set_plan("renewer@example.com", "monthly", now - Duration::days(20), Some(now + Duration::days(10)));
    for subid in ["premium-1", "free-book"] {
        add_to_library(&app, &member, subid).await;
    }
    let path = new_address(&app, &member).await;
    let premium_audio = format!("/feeds/{}/premium-1.wav", secret_of(&path));
    assert_eq!(channel(&app, &path).await.items().len(), 2);
    assert_eq!(app.get(&premium_audio, None).await.status(), StatusCode::OK);

    app.set_plan("renewer@example.com", "monthly", now - Duration::days(40), Some(now - Duration::days(1)));
    let lapsed = channel(&app, &path).await;
    assert_eq!(titles(&lapsed), ["Your Premium membership has ended", "The Way to Wealth by Benjamin Franklin"].map(str::to_owned));
    assert!(lapsed.items()[0].enclosure().is_none() && lapsed.items()[0].description().unwrap().contains("/pricing"));
    assert_eq!(app.get(&premium_audio, None).await.status(), StatusCode::NOT_FOUND, "no premium audio after Premium ends");

    app.set_plan("renewer@example.com", "monthly", now - Duration::days(40), Some(now + Duration::days(30)));
    assert_eq!(titles(&channel(&app, &path).await), ["The Way to Wealth by Benjamin Franklin", "Meditations by Marcus Aurelius"].map(str::to_owned));

    // A member who never had Premium: the free books and how to get the rest.
    let free = app.register("free@example.com", common::PASSWORD).await;
    add_to_library(&app, &free, "premium-1").await;
    add_to_library(&app, &free, "free-book").await;
    let free_path = new_address(&app, &free).await;
    assert_eq!(titles(&channel(&app, &free_path).await), ["Get every audio summary with Premium", "The Way to Wealth by Benjamin Franklin"].map(str::to_owned));
}

#[actix_web::test]
async fn a_feed_downloaded_by_too_many_podcast_apps_warns_its_member_then_gets_a_new_address() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..AppOptions::default() }).await;
    app.seed_catalogue();
    let admin = app.admin("boss@example.com", common::PASSWORD).await;
    let member = app.paid_member("sharer@example.com").await;
    add_to_library(&app, &member, "premium-1").await;
    let path = new_address(&app, &member).await;
    let audio = format!("/feeds/{}/premium-1.wav", secret_of(&path));
    let download_with = |agent: String| {
        let (app, audio) = (&app, audio.clone());
        async move { app.client.get(app.url(&audio)).header("user-agent", agent).send().await.unwrap().status() }
    };
    // Eight podcast apps a day are one person's; a ninth is not.
    for n in 1..=8 {
        assert_eq!(download_with(format!("PodcastApp/{n}")).await, StatusCode::OK);
    }
    assert_eq!(app.queued_mails_to("sharer@example.com"), 0);
    assert_eq!(download_with("PodcastApp/9".into()).await, StatusCode::OK, "the download that crosses the line is still answered");
    assert_eq!(app.queued_mails_to("sharer@example.com"), 1, "the member is told");
    assert_eq!(app.get(&path, None).await.status(), StatusCode::OK, "a first warning leaves the address");
    let user_id = app.user_id("sharer@example.com");
    let used = result(app.get(&format!("/api/admin/user/{user_id}/podcast-feed"), Some(&admin)).await).await;
    assert_eq!((used["warnings"].clone(), used["downloads7Days"].clone(), used["userAgents7Days"].clone()), (json!(1), json!(9), json!(9)), "{used}");

    // The next day, again: the address is replaced and the member told how to get a new one.
    app.advance(Duration::days(1));
    for n in 1..=9 {
        download_with(format!("PodcastApp/{n}")).await;
    }
    assert_eq!(app.queued_mails_to("sharer@example.com"), 2);
    assert_eq!(app.get(&path, None).await.status(), StatusCode::NOT_FOUND);
    // A day later, signed in again.
    let member = app.login("sharer@example.com", common::PASSWORD).await;
    assert_eq!(result(app.get(FEED, Some(&member)).await).await["enabled"], true, "still on, under an address only the member can make");
    assert_eq!(count(&mut app.connect(), &format!("SELECT count(*) FROM podcast_feeds WHERE user_id = {user_id} AND warnings = 2")), 1);
    // The back office's call is for admins only.
    assert_eq!(app.get(&format!("/api/admin/user/{user_id}/podcast-feed"), Some(&member)).await.status(), StatusCode::FORBIDDEN);
}
