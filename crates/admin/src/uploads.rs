//! What each upload slot takes: the kinds of file (recognised from the first bytes, never from the
//! name or the browser's word), the largest size, and the store key a new file gets.

use crate::books::MediaSlot;
use crate::error::AdminError;

/// A file kind recognised from its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Png,
    Jpeg,
    Webp,
    Gif,
    Svg,
    Pdf,
    Mp3,
    M4a,
    Wav,
    Ogg,
    Flac,
    Aac,
    Mp4,
    Webm,
    Mov,
    Mkv,
}

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Png => "png",
            FileKind::Jpeg => "jpg",
            FileKind::Webp => "webp",
            FileKind::Gif => "gif",
            FileKind::Svg => "svg",
            FileKind::Pdf => "pdf",
            FileKind::Mp3 => "mp3",
            FileKind::M4a => "m4a",
            FileKind::Wav => "wav",
            FileKind::Ogg => "ogg",
            FileKind::Flac => "flac",
            FileKind::Aac => "aac",
            FileKind::Mp4 => "mp4",
            FileKind::Webm => "webm",
            FileKind::Mov => "mov",
            FileKind::Mkv => "mkv",
        }
    }
}

/// How many first bytes are enough to recognise a file.
pub const SNIFF_BYTES: usize = 1024;

/// The kind of a file from its first bytes; `None` for anything not on the lists.
pub fn sniff(head: &[u8]) -> Option<FileKind> {
    let known = infer::get(head).and_then(|kind| match kind.mime_type() {
        "image/png" => Some(FileKind::Png),
        "image/jpeg" => Some(FileKind::Jpeg),
        "image/webp" => Some(FileKind::Webp),
        "image/gif" => Some(FileKind::Gif),
        "application/pdf" => Some(FileKind::Pdf),
        "audio/mpeg" => Some(FileKind::Mp3),
        "audio/m4a" | "audio/x-m4a" => Some(FileKind::M4a),
        "audio/x-wav" | "audio/wav" => Some(FileKind::Wav),
        "audio/ogg" => Some(FileKind::Ogg),
        "audio/x-flac" | "audio/flac" => Some(FileKind::Flac),
        "audio/aac" => Some(FileKind::Aac),
        "video/mp4" | "video/x-m4v" => Some(FileKind::Mp4),
        "video/webm" => Some(FileKind::Webm),
        "video/quicktime" => Some(FileKind::Mov),
        "video/x-matroska" => Some(FileKind::Mkv),
        _ => None,
    });
    // SVG is XML text, which `infer` may call XML or nothing.
    known.or_else(|| is_svg(head).then_some(FileKind::Svg))
}

/// SVG is text: an `<svg` root, perhaps after an XML declaration, comments or a doctype.
fn is_svg(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    (text.starts_with("<?xml") || text.starts_with("<svg") || text.starts_with("<!--") || text.starts_with("<!DOCTYPE svg")) && text.contains("<svg")
}

/// What a slot accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotRules {
    pub kinds: &'static [FileKind],
    pub max_bytes: u64,
    /// Shown when the file is of another kind.
    pub wrong_kind: &'static str,
    /// Where its files go in the store (premium ones need signed links).
    pub folder: &'static str,
    /// Audio and video must play in browsers, not only start like a media file.
    pub plays_as: Option<Playback>,
}

/// What a media slot's file must play as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Playback {
    Audio,
    Video,
}

/// The codecs Chromium, Firefox and Safari all play, by ffprobe's names: audio files (WAV's PCM
/// included), and a video's picture and sound.
const AUDIO_CODECS: &[&str] = &["mp3", "aac", "opus", "vorbis", "flac", "pcm_u8", "pcm_s16le", "pcm_s24le", "pcm_f32le"];
const VIDEO_CODECS: &[&str] = &["h264", "vp8", "vp9", "av1"];
const VIDEO_SOUND_CODECS: &[&str] = &["mp3", "aac", "opus", "vorbis"];

/// One stream of an uploaded file, as the media prober named it (`audio`/`video`, `mp3`/`h264`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbedStream<'a> {
    pub kind: &'a str,
    pub codec: &'a str,
}

impl Playback {
    /// Whether a file whose streams are `streams` plays as this: a video needs a video stream in
    /// a codec browsers decode (its sound, if any, too); audio needs an audio stream browsers
    /// decode. `None` streams: the prober could not read the file at all.
    pub fn check(self, streams: Option<&[ProbedStream<'_>]>) -> Result<(), AdminError> {
        let plays = |streams: &[ProbedStream<'_>]| {
            let decodable = |kind: &str, codecs: &[&str]| streams.iter().filter(|s| s.kind == kind).all(|s| codecs.contains(&s.codec));
            let has = |kind: &str| streams.iter().any(|s| s.kind == kind);
            match self {
                Playback::Audio => has("audio") && decodable("audio", AUDIO_CODECS),
                Playback::Video => has("video") && decodable("video", VIDEO_CODECS) && decodable("audio", VIDEO_SOUND_CODECS),
            }
        };
        match streams {
            Some(streams) if plays(streams) => Ok(()),
            Some(_) => Err(AdminError::NotPlayable(self.codecs_wanted())),
            None => Err(AdminError::NotPlayable(self.unreadable())),
        }
    }

    fn unreadable(self) -> &'static str {
        match self {
            Playback::Audio => "This file could not be read as audio: it may be damaged or not really an audio file. Please choose another.",
            Playback::Video => "This file could not be read as a video: it may be damaged or not really a video. Please choose another.",
        }
    }

    fn codecs_wanted(self) -> &'static str {
        match self {
            Playback::Audio => "This audio would not play in browsers: please choose audio in MP3, AAC, Opus, Vorbis, FLAC or WAV (PCM).",
            Playback::Video => "This video would not play in browsers: please choose video in H.264, VP8, VP9 or AV1, with MP3, AAC, Opus or Vorbis sound.",
        }
    }
}

const MB: u64 = 1024 * 1024;
const IMAGES: &[FileKind] = &[FileKind::Png, FileKind::Jpeg, FileKind::Webp, FileKind::Gif, FileKind::Svg];
const AUDIO: &[FileKind] = &[FileKind::Mp3, FileKind::M4a, FileKind::Wav, FileKind::Ogg, FileKind::Flac, FileKind::Aac];

pub fn rules(slot: MediaSlot) -> SlotRules {
    match slot {
        MediaSlot::Photo => SlotRules { kinds: IMAGES, max_bytes: 20 * MB, wrong_kind: IMAGE_WANTED, folder: "public/covers", plays_as: None },
        MediaSlot::Vector => SlotRules {
            kinds: &[FileKind::Svg, FileKind::Pdf, FileKind::Png],
            max_bytes: 20 * MB,
            wrong_kind: "Please choose a vector image (SVG or PDF) or a PNG.",
            folder: "public/vectors",
            plays_as: None,
        },
        MediaSlot::Infographic => SlotRules {
            kinds: &[FileKind::Png, FileKind::Jpeg, FileKind::Webp, FileKind::Svg, FileKind::Pdf],
            max_bytes: 50 * MB,
            wrong_kind: "Please choose an infographic as an image (PNG, JPEG, WebP or SVG) or a PDF.",
            folder: "premium/infographics",
            plays_as: None,
        },
        MediaSlot::Media => audio("premium/audio"),
        MediaSlot::Podcast => audio("premium/podcasts"),
        MediaSlot::Video => SlotRules {
            kinds: &[FileKind::Mp4, FileKind::Webm, FileKind::Mov, FileKind::Mkv],
            max_bytes: 5 * 1024 * MB,
            wrong_kind: "Please choose a video (MP4, WebM, MOV or MKV).",
            folder: "premium/video",
            plays_as: Some(Playback::Video),
        },
    }
}

/// The upload slots of podcasts, goals, blog posts and visual slides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentSlot {
    PodcastPhoto,
    /// The episode's audio.
    PodcastMedia,
    GoalPhoto,
    GoalFeaturedPhoto,
    PostPhoto,
    /// A slide's picture (slides are for paying members).
    VisualPhoto,
}

impl ContentSlot {
    pub fn rules(self) -> SlotRules {
        let image = |folder| SlotRules { kinds: IMAGES, max_bytes: 20 * MB, wrong_kind: IMAGE_WANTED, folder, plays_as: None };
        match self {
            ContentSlot::PodcastPhoto => image("public/podcasts"),
            ContentSlot::PodcastMedia => audio("premium/podcasts"),
            ContentSlot::GoalPhoto | ContentSlot::GoalFeaturedPhoto => image("public/goals"),
            ContentSlot::PostPhoto => image("public/blog"),
            ContentSlot::VisualPhoto => image("premium/visuals"),
        }
    }

    /// The spec's success text.
    pub fn success_message(self) -> &'static str {
        match self {
            ContentSlot::PodcastMedia => "The media was uploaded.",
            _ => "The photo was uploaded.",
        }
    }
}

fn audio(folder: &'static str) -> SlotRules {
    SlotRules { kinds: AUDIO, max_bytes: 500 * MB, wrong_kind: AUDIO_WANTED, folder, plays_as: Some(Playback::Audio) }
}

const IMAGE_WANTED: &str = "Please choose an image (PNG, JPEG, WebP, GIF or SVG).";
const AUDIO_WANTED: &str = "Please choose an audio file (MP3, M4A, WAV, OGG, FLAC or AAC).";

/// Where a new upload of `slot` for the book `subid` goes: a fresh key each time (`nonce` is
/// random), so a failed upload never touches the file in use.
pub fn upload_key(slot: MediaSlot, kind: FileKind, subid: &str, nonce: &str) -> String {
    key_in(rules(slot), kind, subid, nonce)
}

/// A fresh key in the folder of `rules` named after `stem` (slug characters only).
pub fn key_in(rules: SlotRules, kind: FileKind, stem: &str, nonce: &str) -> String {
    let stem: String = stem.chars().filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-').take(80).collect();
    let stem = if stem.is_empty() { "file".to_owned() } else { stem };
    format!("{}/{stem}-{nonce}.{}", rules.folder, kind.extension())
}

/// Checks an upload's first bytes against its slot: the kind it is, or the slot's message.
pub fn check_kind(slot: MediaSlot, head: &[u8]) -> Result<FileKind, AdminError> {
    check_kind_with(rules(slot), head)
}

pub fn check_kind_with(rules: SlotRules, head: &[u8]) -> Result<FileKind, AdminError> {
    match sniff(head) {
        Some(kind) if rules.kinds.contains(&kind) => Ok(kind),
        _ => Err(AdminError::WrongFileKind(rules.wrong_kind)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F'];
    const MP3: &[u8] = b"ID3\x04\0\0\0\0\0\0";
    const WAV: &[u8] = b"RIFF\x24\0\0\0WAVEfmt ";
    const MP4: &[u8] = b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom";
    const PDF: &[u8] = b"%PDF-1.7\n";

    #[test]
    fn audio_and_video_slots_take_only_files_browsers_play() {
        let streams = |list: &[(&'static str, &'static str)]| list.iter().map(|&(kind, codec)| ProbedStream { kind, codec }).collect::<Vec<_>>();
        let audio = rules(MediaSlot::Media).plays_as.unwrap();
        let video = rules(MediaSlot::Video).plays_as.unwrap();
        assert_eq!((audio, video, ContentSlot::PodcastMedia.rules().plays_as), (Playback::Audio, Playback::Video, Some(Playback::Audio)));
        assert_eq!(rules(MediaSlot::Photo).plays_as, None);
        for codec in ["mp3", "aac", "opus", "flac", "pcm_s16le"] {
            assert_eq!(audio.check(Some(&streams(&[("audio", codec)]))), Ok(()), "{codec}");
        }
        // An MP3 with its cover picture is still audio.
        assert_eq!(audio.check(Some(&streams(&[("audio", "mp3"), ("video", "mjpeg")]))), Ok(()));
        assert_eq!(video.check(Some(&streams(&[("video", "h264"), ("audio", "aac")]))), Ok(()));
        assert_eq!(video.check(Some(&streams(&[("video", "vp9")]))), Ok(()), "a silent video");
        let refused = |playback: Playback, found: Option<&[ProbedStream<'_>]>| match playback.check(found) {
            Err(AdminError::NotPlayable(message)) => message,
            other => panic!("{other:?}"),
        };
        assert!(refused(audio, Some(&streams(&[("audio", "wmav2")]))).starts_with("This audio would not play in browsers"));
        assert!(refused(audio, Some(&streams(&[]))).starts_with("This audio would not play"), "a container with no sound");
        assert!(refused(video, Some(&streams(&[("audio", "aac")]))).starts_with("This video would not play"), "sound alone is not a video");
        assert!(refused(video, Some(&streams(&[("video", "mpeg4")]))).contains("H.264, VP8, VP9 or AV1"));
        assert!(refused(video, Some(&streams(&[("video", "h264"), ("audio", "ac3")]))).starts_with("This video would not play"));
        assert!(
            refused(video, Some(&streams(&[("video", "h264"), ("audio", "pcm_s16le")]))).starts_with("This video would not play"),
            "PCM sound is for WAV files"
        );
        assert!(refused(audio, Some(&streams(&[("audio", "pcm_alaw")]))).starts_with("This audio would not play"));
        assert!(refused(audio, None).starts_with("This file could not be read as audio"));
        assert!(refused(video, None).starts_with("This file could not be read as a video"));
    }

    #[test]
    fn files_are_recognised_by_their_first_bytes() {
        assert_eq!(sniff(PNG), Some(FileKind::Png));
        assert_eq!(sniff(JPEG), Some(FileKind::Jpeg));
        assert_eq!(sniff(MP3), Some(FileKind::Mp3));
        assert_eq!(sniff(WAV), Some(FileKind::Wav));
        assert_eq!(sniff(MP4), Some(FileKind::Mp4));
        assert_eq!(sniff(PDF), Some(FileKind::Pdf));
        assert_eq!(sniff(b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), Some(FileKind::Svg));
        assert_eq!(sniff(b"  <svg viewBox=\"0 0 1 1\"></svg>"), Some(FileKind::Svg));
        assert_eq!(sniff(b"<html><script>alert(1)</script></html>"), None, "HTML is not an image");
        assert_eq!(sniff(b"MZ\x90\0"), None, "an executable is nothing we take");
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn each_slot_takes_only_its_kinds_with_a_clear_message() {
        assert_eq!(check_kind(MediaSlot::Photo, PNG), Ok(FileKind::Png));
        assert_eq!(check_kind(MediaSlot::Photo, MP3).unwrap_err().to_string(), "Please choose an image (PNG, JPEG, WebP, GIF or SVG).");
        assert_eq!(check_kind(MediaSlot::Media, MP3), Ok(FileKind::Mp3));
        assert_eq!(check_kind(MediaSlot::Media, MP4).unwrap_err().to_string(), "Please choose an audio file (MP3, M4A, WAV, OGG, FLAC or AAC).");
        assert_eq!(check_kind(MediaSlot::Video, MP4), Ok(FileKind::Mp4));
        assert!(check_kind(MediaSlot::Video, PNG).is_err());
        assert_eq!(check_kind(MediaSlot::Infographic, PDF), Ok(FileKind::Pdf));
        assert_eq!(rules(MediaSlot::Video).max_bytes, 5 * 1024 * 1024 * 1024);
    }

    #[test]
    fn each_upload_gets_a_fresh_key_in_its_slots_folder() {
        assert_eq!(upload_key(MediaSlot::Photo, FileKind::Png, "walden", "k3y"), "public/covers/walden-k3y.png");
        assert_eq!(upload_key(MediaSlot::Video, FileKind::Mp4, "walden", "k3y"), "premium/video/walden-k3y.mp4");
        assert_eq!(upload_key(MediaSlot::Media, FileKind::Mp3, "../Bad Subid", "n"), "premium/audio/adubid-n.mp3", "only slug characters");
        assert_eq!(key_in(ContentSlot::VisualPhoto.rules(), FileKind::Png, "", "n"), "premium/visuals/file-n.png");
        assert_eq!(key_in(ContentSlot::PodcastMedia.rules(), FileKind::Mp3, "podcast-3", "n"), "premium/podcasts/podcast-3-n.mp3");
    }

    #[test]
    fn content_slots_take_images_or_audio_as_their_kind_is() {
        assert_eq!(check_kind_with(ContentSlot::PodcastMedia.rules(), MP3), Ok(FileKind::Mp3));
        assert!(check_kind_with(ContentSlot::PodcastMedia.rules(), PNG).is_err());
        for slot in [ContentSlot::PodcastPhoto, ContentSlot::GoalPhoto, ContentSlot::GoalFeaturedPhoto, ContentSlot::PostPhoto, ContentSlot::VisualPhoto] {
            assert_eq!(check_kind_with(slot.rules(), PNG), Ok(FileKind::Png));
            assert_eq!(check_kind_with(slot.rules(), MP3).unwrap_err().to_string(), "Please choose an image (PNG, JPEG, WebP, GIF or SVG).");
        }
    }
}
