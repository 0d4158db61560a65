//! Receiving an admin upload: the multipart body's `file` field is recognised from its first
//! bytes (the slot's rules, `admin::uploads`), then streamed into the media store under a fresh
//! key, and only once it is stored whole does the book (or podcast, goal, post, slide) point at it (audited). The old file is
//! removed afterwards; a failed, refused or aborted upload leaves no file and the old one in use.

use crate::envelope::ApiError;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use admin::books::{AdminBook, MediaSlot};
use admin::uploads::{check_kind_with, key_in, rules, ContentSlot, FileKind, SlotRules, SNIFF_BYTES};
use futures::{StreamExt, TryStreamExt};
use kernel::UserId;
use std::time::Duration;

/// The spec's upload timeout.
pub const UPLOAD_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// The spec's success message for each slot.
pub fn success_message(slot: MediaSlot) -> &'static str {
    match slot {
        MediaSlot::Photo | MediaSlot::Vector => "The photo was uploaded.",
        MediaSlot::Infographic => "The infographic was uploaded.",
        MediaSlot::Media | MediaSlot::Podcast => "The media was uploaded.",
        MediaSlot::Video => "The video was uploaded successfully!",
    }
}

fn media_key(book: &AdminBook, slot: MediaSlot) -> Option<String> {
    let key = match slot {
        MediaSlot::Photo => Some(book.image.clone()),
        MediaSlot::Vector => Some(book.vector.clone()),
        MediaSlot::Infographic => book.infographic.clone(),
        MediaSlot::Media => book.media_url.clone(),
        MediaSlot::Podcast => book.podcast.clone(),
        MediaSlot::Video => book.video.clone(),
    };
    key.filter(|k| !k.is_empty())
}

fn bad_upload(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "bad_upload", message)
}

/// Stores the upload for `slot` of book `id` and points the book at it.
pub async fn receive(state: &AppState, actor: UserId, slot: MediaSlot, id: i64, body: Multipart) -> Result<AdminBook, ApiError> {
    let before = state.admin(move |a| a.book(id)).await?;
    let (key, kind, seconds) = store_file(state, rules(slot), &before.subid, body).await?;
    let card = match (slot, kind) {
        (MediaSlot::Photo, FileKind::Png | FileKind::Jpeg | FileKind::Webp) => card_variant(state, &key).await,
        _ => None,
    };
    let (recorded_key, recorded_card) = (key.clone(), card.clone());
    let saved = state.admin(move |a| a.set_book_media(actor, id, slot, &recorded_key, recorded_card.as_deref(), seconds)).await;
    let mut replaced: Vec<String> = media_key(&before, slot).into_iter().collect();
    if slot == MediaSlot::Photo {
        replaced.extend(with_webp_sibling(before.image_card.as_deref()));
    }
    let mut new_files = vec![key];
    new_files.extend(with_webp_sibling(card.as_deref()));
    settle(state, saved, replaced, new_files).await
}

/// Stores an upload for a podcast, goal, post or slide (`stem` names the file), records it with
/// `record` (the use case that points the item at the new key), then removes `replaced`.
pub async fn receive_content<T, F>(state: &AppState, slot: ContentSlot, stem: &str, replaced: Option<String>, body: Multipart, record: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&admin::Admin<'_, dyn admin::ports::AdminStore + '_>, &str) -> Result<T, admin::AdminError> + Send + 'static,
{
    let (key, _kind, _seconds) = store_file(state, slot.rules(), stem, body).await?;
    let recorded_key = key.clone();
    let saved = state.admin(move |a| record(a, &recorded_key)).await;
    settle(state, saved, replaced.into_iter().filter(|k| !k.is_empty()).collect(), vec![key]).await
}

/// After recording: on success the replaced files go; on failure the new ones do.
async fn settle<T>(state: &AppState, saved: Result<T, ApiError>, replaced: Vec<String>, new_files: Vec<String>) -> Result<T, ApiError> {
    match saved {
        Ok(item) => {
            for old in replaced.into_iter().filter(|old| !new_files.contains(old)) {
                if let Err(error) = state.media.remove(&old).await {
                    tracing::warn!(%error, key = %old, "could not remove a replaced media file");
                }
            }
            Ok(item)
        }
        Err(error) => {
            for new in new_files {
                let _ = state.media.remove(&new).await;
            }
            Err(error)
        }
    }
}

/// Reads the multipart body's `file` field, recognises it from its first bytes against `rules`
/// and streams it into the media store under a fresh key named after `stem`. Answers the key, the
/// kind and, for audio and video, the length ffprobe read.
async fn store_file(state: &AppState, rules: SlotRules, stem: &str, mut body: Multipart) -> Result<(String, FileKind, Option<f64>), ApiError> {
    // The `file` field (a `fileName` field may come too; the name is not trusted for anything).
    let field = loop {
        let Some(field) = body.try_next().await.map_err(|e| bad_upload(format!("The upload could not be read: {e}")))? else {
            return Err(bad_upload("Please choose a file."));
        };
        if field.name() == Some("file") {
            break field;
        }
        // Small text fields are read and dropped.
        let mut seen = 0usize;
        let mut skipped = field;
        while let Some(chunk) = skipped.try_next().await.map_err(|e| bad_upload(format!("The upload could not be read: {e}")))? {
            seen += chunk.len();
            if seen > 4096 {
                return Err(bad_upload("Only the file and its name may be sent."));
            }
        }
    };
    // Enough first bytes to recognise the file (fused: the field must not be polled after its end).
    let mut field = field.fuse();
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    while head.len() < SNIFF_BYTES {
        match field.try_next().await.map_err(|e| bad_upload(format!("The upload could not be read: {e}")))? {
            Some(chunk) => head.extend_from_slice(&chunk),
            None => break,
        }
    }
    let kind = check_kind_with(rules, &head).map_err(ApiError::from)?;
    let nonce: String = {
        use rand::Rng;
        let mut rng = rand::thread_rng();
        (0..10).map(|_| char::from(b"abcdefghijkmnpqrstuvwxyz23456789"[rng.gen_range(0..32)])).collect()
    };
    let key = key_in(rules, kind, stem, &nonce);
    let rest = futures::stream::iter([Ok::<Bytes, actix_multipart::MultipartError>(Bytes::from(head))]).chain(field);
    let stored = actix_web::rt::time::timeout(UPLOAD_TIMEOUT, state.media.upload(&key, Box::pin(rest), rules.max_bytes)).await;
    match stored {
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "upload_timeout",
            "Upload failed. The upload timed out. Please try again with a smaller file or better internet connection.",
        )),
        Ok(Err(media::UploadError::TooLarge { max })) => {
            Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", format!("The file is too large (at most {} MB).", max / (1024 * 1024))))
        }
        Ok(Err(media::UploadError::Interrupted(cause))) => Err(bad_upload(format!("Upload failed. Please try again. ({cause})"))),
        Ok(Err(media::UploadError::Store(cause))) => Err(ApiError::internal(cause)),
        Ok(Ok(size)) => match check_playable(state, rules, &key, size).await {
            Ok(seconds) => Ok((key, kind, seconds)),
            Err(refused) => {
                let _ = state.media.remove(&key).await;
                Err(refused)
            }
        },
    }
}

/// Audio and video must play, not only start like a media file: ffprobe reads the stored file
/// and the slot's rule (`admin::uploads::Playback`) judges its streams. Without ffprobe the check
/// cannot run; the file is kept and a warning logged. Answers the file's length when known.
async fn check_playable(state: &AppState, rules: SlotRules, key: &str, size: u64) -> Result<Option<f64>, ApiError> {
    let Some(playback) = rules.plays_as else { return Ok(None) };
    let stored = state.media.read(key, None).await.map_err(|e| ApiError::internal(e.to_string()))?;
    let probed = match state.media_prober.probe(stored).await {
        Ok(probed) => Some(probed),
        Err(why @ (media::probe::ProbeError::Unreadable(_) | media::probe::ProbeError::TimedOut(_))) => {
            tracing::info!(key, %why, "an upload that is not playable media");
            None
        }
        Err(media::probe::ProbeError::Unavailable(why)) => {
            tracing::warn!(key, %why, "ffprobe (Debian's ffmpeg package) is not installed: the upload is kept unchecked");
            return Ok(None);
        }
        Err(other) => return Err(ApiError::internal(other.to_string())),
    };
    let streams: Option<Vec<admin::uploads::ProbedStream<'_>>> =
        probed.as_ref().map(|p| p.streams.iter().map(|s| admin::uploads::ProbedStream { kind: &s.kind, codec: &s.codec }).collect());
    playback.check(streams.as_deref()).map_err(ApiError::from)?;
    Ok(probed.and_then(|p| p.length_seconds(size)))
}

/// A card variant's key and its WebP sibling's, the files that go and come together.
fn with_webp_sibling(card_key: Option<&str>) -> Vec<String> {
    card_key.into_iter().flat_map(|key| std::iter::once(key.to_owned()).chain(media::variants::webp_sibling(key))).collect()
}

/// Makes and stores the card-sized variants of a stored cover (`<key>-card.jpg`, and
/// `<key>-card.webp` that the media route sends browsers accepting WebP); a cover that cannot be
/// resized keeps serving the original on cards.
async fn card_variant(state: &AppState, key: &str) -> Option<String> {
    let original: Vec<Bytes> = state.media.read(key, None).await.ok()?.try_collect().await.ok()?;
    let original = original.concat();
    let resized = actix_web::web::block(move || media::variants::card_variants(&original)).await.ok()?;
    let cards = match resized {
        Ok(cards) => cards,
        Err(error) => {
            tracing::warn!(%error, key, "no card variant for this cover");
            return None;
        }
    };
    let card_key = format!("{}-card.jpg", key.rsplit_once('.').map_or(key, |(stem, _)| stem));
    let webp_key = media::variants::webp_sibling(&card_key)?;
    // The WebP first: once the JPEG (the key the book records) exists, its sibling does too.
    state.media.put(&webp_key, cards.webp).await.ok()?;
    state.media.put(&card_key, cards.jpeg).await.ok()?;
    Some(card_key)
}
