//! The feed as podcast apps read it: RSS 2.0 with the `itunes` and `content` namespaces, kept out
//! of every podcast directory (`<itunes:block>Yes</itunes:block>`), one episode per book with a
//! GUID that never changes (not even when the address is rotated), an RFC 2822 date, the audio's
//! exact length and type, its duration and the book's cover.

use crate::model::{Episode, FeedDocument, Notice};

/// The product's name in podcast apps.
pub const SHOW_NAME: &str = "Gistbook";
pub const ITUNES_NAMESPACE: &str = "http://www.itunes.com/dtds/podcast-1.0.dtd";
pub const CONTENT_NAMESPACE: &str = "http://purl.org/rss/1.0/modules/content/";

/// What the document needs from the server: absolute addresses, and each audio file's size.
pub struct Links<'a> {
    /// The public site's address, e.g. `https://gistbook.example`.
    pub site: &'a str,
    /// A public media key's absolute URL (covers).
    pub media_url: &'a dyn Fn(&str) -> String,
    /// An audio file's size in bytes; `None` when it is missing (the episode is left out rather
    /// than listed with a wrong length).
    pub audio_length: &'a dyn Fn(&str) -> Option<u64>,
}

/// The file name of an episode's audio in the feed's address space: `{subid}.{extension}`.
pub fn episode_file(episode: &Episode) -> String {
    format!("{}.{}", episode.subid, extension(&episode.audio_key))
}

fn extension(key: &str) -> &str {
    key.rsplit_once('.').map_or("mp3", |(_, ext)| ext)
}

/// The audio's MIME type by its extension (what the upload accepted).
pub fn audio_type(key: &str) -> &'static str {
    match extension(key) {
        "m4a" | "mp4" => "audio/mp4",
        "wav" => "audio/wav",
        "ogg" | "oga" => "audio/ogg",
        _ => "audio/mpeg",
    }
}

/// `H:MM:SS`, as podcast apps show it.
fn duration(seconds: u32) -> String {
    format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The whole document.
pub fn render(document: &FeedDocument, links: &Links<'_>) -> String {
    let site = links.site.trim_end_matches('/');
    let mut items: Vec<rss::Item> = document.notice.map(|notice| notice_item(notice, site, document)).into_iter().collect();
    items.extend(document.episodes.iter().filter_map(|episode| {
        let length = (links.audio_length)(&episode.audio_key)?;
        Some(episode_item(episode, length, site, &document.token, links))
    }));
    let owner = if document.member_name.is_empty() { "you".to_owned() } else { document.member_name.clone() };
    let description = format!("{SHOW_NAME}'s audio summaries for {owner}. This feed is private: please do not share its address.");
    let channel = rss::Channel {
        title: format!("{SHOW_NAME}: audio summaries"),
        link: format!("{site}/library"),
        description: description.clone(),
        language: Some("en".to_owned()),
        last_build_date: Some(document.made_at.to_rfc2822()),
        image: Some(rss::Image {
            url: format!("{site}/icons/icon-512.png"),
            title: format!("{SHOW_NAME}: audio summaries"),
            link: format!("{site}/library"),
            ..Default::default()
        }),
        namespaces: [("itunes".to_owned(), ITUNES_NAMESPACE.to_owned()), ("content".to_owned(), CONTENT_NAMESPACE.to_owned())].into_iter().collect(),
        itunes_ext: Some(rss::extension::itunes::ITunesChannelExtension {
            author: Some(SHOW_NAME.to_owned()),
            block: Some("Yes".to_owned()),
            image: Some(format!("{site}/icons/icon-512.png")),
            explicit: Some("false".to_owned()),
            summary: Some(description),
            r#type: Some("episodic".to_owned()),
            ..Default::default()
        }),
        items,
        ..Default::default()
    };
    channel.to_string()
}

fn episode_item(episode: &Episode, length: u64, site: &str, token: &str, links: &Links<'_>) -> rss::Item {
    let cover = (!episode.image.is_empty()).then(|| (links.media_url)(&episode.image));
    rss::Item {
        title: Some(format!("{} by {}", episode.title, episode.author)),
        link: Some(format!("{site}/books/{}", episode.subid)),
        description: Some(episode.description.clone()),
        content: Some(format!("<p>{}</p>", escape(&episode.description))),
        enclosure: Some(rss::Enclosure {
            url: format!("{site}/feeds/{token}/{}", episode_file(episode)),
            length: length.to_string(),
            mime_type: audio_type(&episode.audio_key).to_owned(),
        }),
        guid: Some(rss::Guid { value: format!("gistbook-audio-{}", episode.book_id), permalink: false }),
        pub_date: Some(episode.listed_at.to_rfc2822()),
        itunes_ext: Some(rss::extension::itunes::ITunesItemExtension {
            author: Some(episode.author.clone()),
            duration: episode.audio_seconds.map(duration),
            image: cover,
            explicit: Some("false".to_owned()),
            episode_type: Some("full".to_owned()),
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn notice_item(notice: Notice, site: &str, document: &FeedDocument) -> rss::Item {
    let (title, text, guid) = match notice {
        Notice::Renew => (
            "Your Premium membership has ended",
            format!("Renew at {site}/pricing and every audio summary in this feed comes back; until then it holds the free books."),
            "renew",
        ),
        Notice::Upgrade => (
            "Get every audio summary with Premium",
            format!("This feed holds the free books. Go Premium at {site}/pricing and every audio summary you save or finish appears here."),
            "upgrade",
        ),
    };
    rss::Item {
        title: Some(title.to_owned()),
        link: Some(format!("{site}/pricing")),
        description: Some(text.clone()),
        content: Some(format!("<p>{}</p>", escape(&text))),
        // Stable while the notice stands, so apps show it once.
        guid: Some(rss::Guid { value: format!("gistbook-notice-{guid}"), permalink: false }),
        pub_date: Some(document.made_at.to_rfc2822()),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn episode(id: i64, subid: &str, key: &str) -> Episode {
        Episode {
            book_id: id,
            subid: subid.into(),
            title: "Walden".into(),
            author: "Henry David Thoreau".into(),
            description: "Life in the woods & <simple> living.".into(),
            image: "public/covers/walden.png".into(),
            audio_key: key.into(),
            audio_seconds: Some(3725),
            free: false,
            listed_at: chrono::Utc.with_ymd_and_hms(2026, 11, 20, 8, 30, 0).unwrap(),
        }
    }

    fn document(episodes: Vec<Episode>, notice: Option<Notice>) -> FeedDocument {
        FeedDocument {
            token: "secret-token".into(),
            member_name: "Ada Lovelace".into(),
            episodes,
            notice,
            made_at: chrono::Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap(),
        }
    }

    fn render_with(document: &FeedDocument) -> rss::Channel {
        let media_url = |key: &str| format!("https://gb.example/media/{key}");
        let audio_length = |key: &str| (!key.contains("missing")).then_some(123_456);
        let xml = render(document, &Links { site: "https://gb.example/", media_url: &media_url, audio_length: &audio_length });
        assert!(
            xml.contains(r#"xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd""#)
                && xml.contains(r#"xmlns:content="http://purl.org/rss/1.0/modules/content/""#),
            "{xml}"
        );
        rss::Channel::read_from(xml.as_bytes()).expect("the feed reads back")
    }

    #[test]
    fn an_episode_has_a_stable_guid_an_exact_enclosure_a_date_a_duration_and_a_cover() {
        let channel = render_with(&document(vec![episode(7, "walden", "premium/audio/walden.m4a")], None));
        assert_eq!(channel.itunes_ext().and_then(|e| e.block()), Some("Yes"));
        let [item] = channel.items() else { panic!("one item: {:?}", channel.items()) };
        let enclosure = item.enclosure().unwrap();
        assert_eq!((enclosure.url(), enclosure.length(), enclosure.mime_type()), ("https://gb.example/feeds/secret-token/walden.m4a", "123456", "audio/mp4"));
        assert_eq!(item.guid().map(|g| (g.value(), g.is_permalink())), Some(("gistbook-audio-7", false)));
        assert_eq!(item.pub_date(), Some("Fri, 20 Nov 2026 08:30:00 +0000"));
        let itunes = item.itunes_ext().unwrap();
        assert_eq!((itunes.duration(), itunes.image()), (Some("1:02:05"), Some("https://gb.example/media/public/covers/walden.png")));
        assert_eq!(item.content(), Some("<p>Life in the woods &amp; &lt;simple&gt; living.</p>"));
    }

    #[test]
    fn an_episode_whose_audio_is_missing_is_left_out_and_a_notice_comes_first() {
        let channel = render_with(&document(vec![episode(1, "a", "premium/audio/missing.mp3"), episode(2, "b", "premium/audio/b.mp3")], Some(Notice::Renew)));
        let titles: Vec<&str> = channel.items().iter().filter_map(|i| i.title()).collect();
        assert_eq!(titles, ["Your Premium membership has ended", "Walden by Henry David Thoreau"]);
        assert!(channel.items()[0].enclosure().is_none());
        assert!(channel.items()[0].description().unwrap().contains("https://gb.example/pricing"));
        assert_eq!(channel.items()[1].enclosure().unwrap().mime_type(), "audio/mpeg");
    }
}
